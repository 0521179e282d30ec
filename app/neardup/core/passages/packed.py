"""Compact texts laid end to end, so that one compiled call verifies many pairs.

A large scan verifies millions of candidate pairs, most rejected in a microsecond or two.
Called from Python one pair at a time, the call itself (passing fourteen arrays) cost
several times that. A pack holds the texts of a few dozen documents, each of their arrays
concatenated, and ``kernels.verified_many`` reads any text of two packs as views: pairs
between two packs cost one call. Values inside each array are relative to their own text
(positions, bucket starts), so a text's part of the pack is the text itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.passages import kernel_types, kernels, rejection
from neardup.core.passages.overlap import (
    NOTHING_FOUND,
    RULES,
    CompactText,
    MarkPlaces,
    Passages,
    measure_overlap,
    with_closing_marks,
)

IntArray = npt.NDArray[np.int64]
# The arrays of a text, in the order a pack keeps them: ``kernel_types.Verifiable``'s, then the
# weights, then the taint of each shingle and the marks left out (read back by
# `PackedTexts.text` and to close a pair's spans, not by kernels).
_FIELDS = (
    "shingles",
    "lookup_positions",
    "lookup_keys",
    "lookup_buckets",
    "kept_keys",
    "kept_positions",
    "positions",
    "key_filter",
    "codes",
    "weight",
    "tainted",
    "marks",
)


@dataclass(frozen=True, slots=True)
class PackedTexts:
    """Compact texts, each array of each concatenated, with where each text's part starts."""

    arrays: tuple[np.ndarray, ...]  # one per name of _FIELDS
    offsets: IntArray  # (texts + 1, fields): row k, where text k's part of each array starts

    @classmethod
    def of(cls, texts: Sequence[CompactText]) -> PackedTexts:
        lengths = np.array([[len(getattr(t, f)) for f in _FIELDS] for t in texts], np.int64)
        offsets = np.zeros((len(texts) + 1, len(_FIELDS)), np.int64)
        np.cumsum(lengths.reshape(-1, len(_FIELDS)), axis=0, out=offsets[1:])
        if not texts:
            raise ValueError("a pack holds at least one text")
        return cls(tuple(np.concatenate([getattr(t, f) for t in texts]) for f in _FIELDS), offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @property
    def nbytes(self) -> int:
        return sum(int(a.nbytes) for a in self.arrays) + int(self.offsets.nbytes)

    @property
    def packed(self) -> kernel_types.Packed:
        """The pack as ``kernels.verified_many`` reads it."""
        return (*self.arrays[:10], self.offsets)  # type: ignore[return-value]

    def mark_places(self, k: int) -> MarkPlaces:
        """Text k's compact positions and the marks left out of it, as views."""
        start, end = self.offsets[k], self.offsets[k + 1]
        positions, marks = _FIELDS.index("positions"), _FIELDS.index("marks")
        return (
            self.arrays[positions][start[positions] : end[positions]],
            self.arrays[marks][start[marks] : end[marks]],
        )

    def text(self, k: int) -> CompactText:
        """Text k, as views into the pack (no copy)."""
        start, end = self.offsets[k], self.offsets[k + 1]
        parts = (a[s:e] for a, s, e in zip(self.arrays, start.tolist(), end.tolist(), strict=True))
        fields = dict(zip(_FIELDS, parts, strict=True))
        return CompactText(**fields)


# What ``kernels.verified_many`` returns: per pair whether it was measured and how many
# passages it has; all passages' rows and spans, pair after pair; per pair its two shares.
Verified = tuple[npt.NDArray[np.bool_], IntArray, IntArray, IntArray, npt.NDArray[np.float64]]


@dataclass(frozen=True, slots=True)
class PackedCall:
    """Pairs verified in one compiled call (`verify_packed`): its result to come, and the
    packs and slots it read, which reading the result needs (a span takes the marks its
    text left out, and the call's result holds no text)."""

    verified: Future[Verified]
    packs: tuple[PackedTexts, PackedTexts]
    slots: IntArray

    def measured(self) -> Iterator[tuple[int, Passages]]:
        """(k, passages) for each pair k the call measured, in order, once it is done;
        pairs rejected unmeasured are left out."""
        was_measured, counts, rows, spans, figures = self.verified.result()
        ends = np.cumsum(counts)
        for k in np.flatnonzero(was_measured).tolist():
            end, count = int(ends[k]), int(counts[k])
            if not count:
                yield k, NOTHING_FOUND
                continue
            start = end - count
            pack_a, in_a, pack_b, in_b = self.slots[k].tolist()
            a, b = self.packs[pack_a].mark_places(in_a), self.packs[pack_b].mark_places(in_b)
            share_a, share_b, cover_a, cover_b = figures[k].tolist()
            of_pair = (share_a, share_b, cover_a, cover_b)
            yield k, with_closing_marks(a, b, rows[start:end], spans[start:end], of_pair)


def verify_packed(
    packs: tuple[PackedTexts, PackedTexts],
    slots: IntArray,
    needed: npt.NDArray[np.float64],
    pool: Executor | None = None,
) -> PackedCall:
    """`overlap.verify` of many pairs, begun in ``pool`` (the compiled call lets go of the
    GIL, so other cores verify while Python goes on), or done at once without one. Row k
    of ``slots`` names pair k's texts as (pack, index in it), a then b; row k of
    ``needed`` the shares of a and of b it needs. Read the result with `PackedCall.measured`."""
    arguments = ((packs[0].packed, packs[1].packed), slots, needed)
    if pool is not None:
        return PackedCall(pool.submit(_verified_many, *arguments), packs, slots)
    done: Future[Verified] = Future()
    done.set_result(_verified_many(*arguments))
    return PackedCall(done, packs, slots)


def _verified_many(
    packs: tuple[kernel_types.Packed, kernel_types.Packed],
    slots: IntArray,
    needed: npt.NDArray[np.float64],
) -> Verified:
    """``kernels.verified_many`` of the pairs ``rejection`` lets through; the others
    unmeasured, with no passage. Two compiled calls, each letting go of the GIL."""
    worth = rejection.worth_seeding_many(packs, slots, needed, RULES)
    measured, counts, rows, spans, figures = kernels.verified_many(
        packs, slots[worth], needed[worth], RULES
    )
    all_measured, all_counts = np.zeros(len(slots), bool), np.zeros(len(slots), np.int64)
    all_figures = np.zeros((len(slots), 4))
    all_measured[worth], all_counts[worth], all_figures[worth] = measured, counts, figures
    return all_measured, all_counts, rows, spans, all_figures


def warm_up() -> None:
    """Load the compiled loops of verification (from numba's cache, or compiled once after
    an install) before the first pair needs them: a scan runs this in a thread while its
    workers analyse the documents, so the load costs no time of its own."""
    text = CompactText.of("a passage that is long enough to count as copied text " * 3)
    measure_overlap(text, text)  # one pair a call
    pack = PackedTexts.of([text])  # and many
    verify_packed((pack, pack), np.zeros((1, 4), np.int64), np.zeros((1, 2))).verified.result()
