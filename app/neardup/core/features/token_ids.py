"""A scan's tokens as numbers: every distinct word once, each document's tokens as 32-bit
indices into that list.

A scan holds every document's content tokens until its pairs are verified (weights are
computed on demand). As a tuple of strings, a token costs 8 bytes of pointer (the word
itself is shared); as an index, 4. At 50,000 documents that is 130 MB. ``TokenIds`` reads
as the sequence of words it stands for, so weighting and fingerprints are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt


class TokenIds(Sequence[str]):
    """A document's tokens: indices into its scan's list of distinct words."""

    __slots__ = ("ids", "words")

    def __init__(self, ids: npt.NDArray[np.int32], words: list[str]) -> None:
        self.ids = ids
        self.words = words  # shared by every document of the scan; only ever appended to

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[str]:
        return map(self.words.__getitem__, self.ids.tolist())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> TokenIds: ...

    def __getitem__(self, index: int | slice) -> str | TokenIds:
        if isinstance(index, slice):
            return TokenIds(self.ids[index], self.words)
        return self.words[int(self.ids[index])]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[type[tuple[str, ...]], tuple[tuple[str, ...]]]:
        # Another process has no list of words: there, the tokens are a plain tuple.
        return tuple, (tuple(self),)

    def __repr__(self) -> str:
        return f"TokenIds({tuple(self)!r})"


class _Numbering(dict[str, int]):
    """Word -> index, numbering a word not seen before as it is looked up."""

    def __init__(self, words: list[str]) -> None:
        super().__init__()
        self._words = words

    def __missing__(self, word: str) -> int:
        number = len(self._words)
        self._words.append(word)
        self[word] = number
        return number


class Vocabulary:
    """The distinct words of one scan, numbered as they are first seen."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self._numbers = _Numbering(self.words)

    def encode(self, tokens: Sequence[str]) -> TokenIds:
        """The tokens as indices (a word looked up by C code; only new words by Python)."""
        if isinstance(tokens, TokenIds) and tokens.words is self.words:
            return tokens
        ids = np.fromiter(map(self._numbers.__getitem__, tokens), dtype=np.int32, count=len(tokens))
        return TokenIds(ids, self.words)


class WordFrequencies:
    """How many documents hold each word of one scan's vocabulary, counted on the
    documents' token ids by numpy: word by word in Python, the count was a quarter of a
    small scan's time after its analysis."""

    # Distinct ids gathered before they are counted into the totals in one call.
    GATHERED_IDS = 1 << 20

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self._totals = np.zeros(0, dtype=np.int64)
        self._gathered: list[npt.NDArray[np.int32]] = []
        self._gathered_ids = 0

    def add(self, ids: npt.NDArray[np.int32]) -> None:
        """Count one document's tokens (each distinct word once)."""
        distinct = np.unique(ids)
        self._gathered.append(distinct)
        self._gathered_ids += len(distinct)
        if self._gathered_ids >= self.GATHERED_IDS:
            self._count_gathered()

    def by_word(self) -> dict[str, int]:
        """Each word held by at least one document counted, and how many hold it."""
        self._count_gathered()
        held = np.flatnonzero(self._totals)
        words = map(self.words.__getitem__, held.tolist())
        return dict(zip(words, self._totals[held].tolist(), strict=True))

    def _count_gathered(self) -> None:
        if not self._gathered:
            return
        counts = np.bincount(np.concatenate(self._gathered), minlength=len(self._totals))
        counts[: len(self._totals)] += self._totals
        self._totals = counts
        self._gathered.clear()
        self._gathered_ids = 0
