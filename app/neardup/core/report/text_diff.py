"""Word-level differences between two texts, for the compare view of an edited copy.

The common text stays plain; what was inserted, deleted or changed is a run of whole
words (Han text cut by the same segmenter the scan uses), so a mark never cuts a word.
Sentences are matched first and words only within the sentences that differ: difflib
on every word of a long document would spend seconds on the words that recur ("的",
"the"), and a sentence is rarely repeated.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum

from neardup.core.features import get_tokenizer, needs_segmenter, past_sentence_tail, word_spans
from neardup.core.settings import DEFAULT_TOKENIZER

# A word that ends a sentence, in either language.
_SENTENCE_END = re.compile(r"[。！？!?；;.…]+")

# Words on each side of a run of differing sentences beyond which the run is marked changed
# as a whole: difflib's time grows with the product, and two texts that differ that much
# are no edited copy to read word by word (10,000 words a side take 0.7 s).
MAX_WORDS_DIFFED = 12_000

WordSpan = tuple[int, int]


class ChangeKind(str, Enum):
    INSERTED = "inserted"  # only in B
    DELETED = "deleted"  # only in A
    CHANGED = "changed"  # words of A replaced by other words in B


@dataclass(frozen=True, slots=True)
class Change:
    """One edit, as character ranges: an inserted run is empty in A, a deleted one in B."""

    kind: ChangeKind
    a_start: int
    a_end: int
    b_start: int
    b_end: int
    a_words: int
    b_words: int


@dataclass(frozen=True, slots=True)
class Alignment:
    """Runs of A and B that correspond, in order in both, to follow one text in the other."""

    runs: tuple[tuple[int, int, int, int], ...]  # (a_start, a_end, b_start, b_end)

    @classmethod
    def of(cls, runs: Sequence[tuple[int, int, int, int]]) -> Alignment:
        """Keeps the runs that go forward in both texts (a passage moved back is left out)."""
        kept: list[tuple[int, int, int, int]] = []
        for run in sorted(runs):
            if not kept or (run[0] >= kept[-1][1] and run[2] >= kept[-1][3]):
                kept.append(run)
        return cls(tuple(kept))

    def counterpart(self, offset: int, *, from_a: bool = True) -> int:
        """Where ``offset`` of one text is in the other: the same character inside a run,
        else the end of the run before it."""
        start, end, other_start, other_end = (0, 1, 2, 3) if from_a else (2, 3, 0, 1)
        starts = [run[start] for run in self.runs]
        at = bisect_right(starts, offset) - 1
        if at < 0:
            return 0
        run = self.runs[at]
        if offset < run[end]:
            return min(run[other_start] + offset - run[start], run[other_end])
        return run[other_end]


@dataclass(frozen=True, slots=True)
class WordDiff:
    changes: tuple[Change, ...]
    alignment: Alignment
    words_a: tuple[WordSpan, ...]  # every word of A, to widen other marks to whole words
    words_b: tuple[WordSpan, ...]

    def count(self, kind: ChangeKind) -> int:
        """Words of that kind: those of B for inserted, those of A for deleted and changed."""
        return sum(
            c.b_words if kind is ChangeKind.INSERTED else c.a_words
            for c in self.changes
            if c.kind is kind
        )

    @property
    def common_words(self) -> int:
        return len(self.words_a) - self.count(ChangeKind.DELETED) - self.count(ChangeKind.CHANGED)


def reader_words(text: str, tokenizer: str = DEFAULT_TOKENIZER) -> list[WordSpan]:
    """The words of a text as a reader sees them, with the scan's segmenter for Han."""
    return word_spans(text, get_tokenizer(tokenizer) if needs_segmenter(text) else None)


def _sentences(text: str, words: Sequence[WordSpan]) -> list[tuple[int, int]]:
    """Ranges of word indices, one per sentence: cut after a sentence's end mark, or
    where a line break separates two words."""
    ranges = []
    first = 0
    for n, (start, end) in enumerate(words):
        last = n + 1 == len(words)
        ends = _SENTENCE_END.fullmatch(text[start:end]) is not None
        breaks = not last and "\n" in text[end : words[n + 1][0]]
        if last or ends or breaks:
            ranges.append((first, n + 1))
            first = n + 1
    return ranges


def word_diff(a: str, b: str, tokenizer: str = DEFAULT_TOKENIZER) -> WordDiff:
    """What changed from ``a`` to ``b``, word by word."""
    words_a, words_b = reader_words(a, tokenizer), reader_words(b, tokenizer)
    strings_a = [a[s:e] for s, e in words_a]
    strings_b = [b[s:e] for s, e in words_b]
    sentences_a, sentences_b = _sentences(a, words_a), _sentences(b, words_b)
    outer = SequenceMatcher(
        None,
        [tuple(strings_a[i:j]) for i, j in sentences_a],
        [tuple(strings_b[i:j]) for i, j in sentences_b],
        autojunk=False,
    )
    opcodes: list[tuple[str, int, int, int, int]] = []
    for tag, i1, i2, j1, j2 in outer.get_opcodes():
        # sentence indices to word indices
        a1 = sentences_a[i1][0] if i1 < len(sentences_a) else len(words_a)
        a2 = sentences_a[i2 - 1][1] if i2 > i1 else a1
        b1 = sentences_b[j1][0] if j1 < len(sentences_b) else len(words_b)
        b2 = sentences_b[j2 - 1][1] if j2 > j1 else b1
        if tag != "replace" or min(a2 - a1, b2 - b1) > MAX_WORDS_DIFFED:
            opcodes.append((tag, a1, a2, b1, b2))
            continue
        inner = SequenceMatcher(None, strings_a[a1:a2], strings_b[b1:b2], autojunk=False)
        opcodes += [
            (t, a1 + x1, a1 + x2, b1 + y1, b1 + y2) for t, x1, x2, y1, y2 in inner.get_opcodes()
        ]
    return _diff_of(opcodes, words_a, words_b, len(a), len(b))


def _diff_of(
    opcodes: Sequence[tuple[str, int, int, int, int]],
    words_a: Sequence[WordSpan],
    words_b: Sequence[WordSpan],
    length_a: int,
    length_b: int,
) -> WordDiff:
    def chars(words: Sequence[WordSpan], first: int, last: int, length: int) -> tuple[int, int]:
        """Characters of words first..last-1; an empty run sits where the next word starts."""
        if last > first:
            return words[first][0], words[last - 1][1]
        at = words[first][0] if first < len(words) else length
        return at, at

    changes: list[Change] = []
    runs: list[tuple[int, int, int, int]] = []
    kinds = {"insert": ChangeKind.INSERTED, "delete": ChangeKind.DELETED}
    for tag, a1, a2, b1, b2 in opcodes:
        a_start, a_end = chars(words_a, a1, a2, length_a)
        b_start, b_end = chars(words_b, b1, b2, length_b)
        if tag == "equal":
            runs.append((a_start, a_end, b_start, b_end))
            continue
        kind = kinds.get(tag, ChangeKind.CHANGED)
        changes.append(Change(kind, a_start, a_end, b_start, b_end, a2 - a1, b2 - b1))
    return WordDiff(tuple(changes), Alignment.of(runs), tuple(words_a), tuple(words_b))


def snap_to_words(spans: Sequence[tuple[int, int]], words: Sequence[WordSpan]) -> list[WordSpan]:
    """Each span widened to whole words: a start or end inside a word moves to its edge."""
    starts = [start for start, _ in words]
    ends = [end for _, end in words]
    snapped = []
    for start, end in spans:
        first = bisect_right(starts, start) - 1  # the word starting at or before the start
        last = bisect_left(ends, end)  # the first word ending at or after the end
        snapped.append(
            (
                starts[first] if first >= 0 and start < ends[first] else start,
                ends[last] if last < len(words) and starts[last] < end else end,
            )
        )
    return snapped


def passage_words(
    spans: Sequence[tuple[int, int]], words: Sequence[WordSpan], text: str
) -> list[WordSpan]:
    """Each passage span of ``text`` widened to whole words (`snap_to_words`), and begun at
    its first word (`past_sentence_tail`): a passage the source also precedes with a full
    stop begins with that full stop and the paragraph break, which a reader takes for the
    end of the sentence before, not for copied text."""
    return [(past_sentence_tail(text, s, e), e) for s, e in snap_to_words(spans, words)]
