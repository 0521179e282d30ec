"""Exact verification of a candidate pair: how much of each text is found in the other.

Both texts are compared on their non-space characters, cut into K-character
shingles. Each shingle of a that occurs in b gives a seed (i, j): position i
in a, position j in b. Copied text produces seeds along a diagonal (j - i
constant); seeds on one diagonal that touch form a chain. Chains close to each
other in both texts are joined into one passage, so a few changed, inserted or
deleted characters inside a copied passage do not split it. Passages that stay
short are chance matches of common phrases and are dropped. Each passage has
consistent spans in both texts; the overlaps are the shares of each text that
the passages cover.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import Span
from neardup.core.models import MatchedSpan, Overlap

# Changing any of these changes results: bump versions.OVERLAP_VERSION with it.
SHINGLE = 16  # characters per shingle: long enough to be rare by chance (measured)
MAX_GAP = 24  # an edit of up to this many characters does not split a passage
MIN_MATCH = 40  # shorter passages are common phrases, not copying (in CJK characters)
# A Latin letter says less than a CJK character (an English word is ~5 letters,
# a Chinese word ~2 characters), so passage lengths are counted with this weight.
LATIN_CHAR_WEIGHT = 1 / 3
MAX_DRIFT = 0.1  # the two sides of a passage differ in length by at most this share
MIN_DENSITY = 0.5  # a joined passage must be at least half covered by seeds
# Text that continues a boilerplate block (the rest of a shared header, say) is
# most likely part of it: next to boilerplate, a passage must be this much longer.
BOILERPLATE_NEIGHBOUR_FACTOR = 3

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
_BASE = np.uint64(0x100000001B3)
_FIRST_CJK = 0x2E80
_WHITESPACE_CODES = np.array([ord(c) for c in " \t\n\r\f\v\u3000\u00a0"], dtype=np.uint32)


@dataclass(frozen=True, slots=True)
class CompactText:
    """A text without whitespace, with a map back to normalised-text positions."""

    # int32 halves the memory of the texts a large scan keeps for verification.
    positions: Int32Array  # positions[i] = index in the normalised text of compact char i
    shingles: npt.NDArray[np.uint64]  # hash of the shingle starting at each compact char
    weight: npt.NDArray[np.float64]  # cumulative information weight, length + 1
    order: Int32Array  # shingle positions sorted by hash, for lookups from other texts
    boilerplate: npt.NDArray[np.bool_] | None = None  # characters that never count as found
    # Shingles that never seed a match: runs of one repeated character (table
    # rules, "=====") and shingles touching boilerplate.
    tainted: npt.NDArray[np.bool_] | None = None

    @classmethod
    def of(cls, text: str, boilerplate: Sequence[Span] = ()) -> CompactText:
        """The compact form of a normalised text; ``boilerplate`` spans never count as found."""
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        keep = ~np.isin(codes, _WHITESPACE_CODES)
        positions = np.flatnonzero(keep).astype(np.int32)
        kept = codes[keep]
        char_weight = np.where(kept >= _FIRST_CJK, 1.0, LATIN_CHAR_WEIGHT)
        cumulative = np.concatenate(([0.0], np.cumsum(char_weight)))
        shingles = _shingle_hashes(kept.astype(np.uint64))
        order = np.argsort(shingles, kind="stable").astype(np.int32)
        starts = np.arange(len(shingles))
        repeats_before = np.concatenate(([0, 0], np.cumsum(kept[1:] == kept[:-1])))
        tainted = (repeats_before[starts + SHINGLE] - repeats_before[starts + 1]) == SHINGLE - 1
        mask = None
        if boilerplate:
            mask = _mask(positions, boilerplate)
            masked_before = np.concatenate(([0], np.cumsum(mask)))
            tainted |= (masked_before[starts + SHINGLE] - masked_before[starts]) > 0
        return cls(positions, shingles, cumulative, order, mask, tainted)

    def __len__(self) -> int:
        return len(self.positions)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Compact range [start, end) as a normalised-text range."""
        return int(self.positions[start]), int(self.positions[end - 1]) + 1


def non_space_before(text: str) -> IntArray:
    """For each position 0..len(text), how many non-space characters come before it."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    counts = np.cumsum(~np.isin(codes, _WHITESPACE_CODES))
    return np.concatenate(([0], counts)).astype(np.int64)


def _shingle_hashes(codes: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    n = len(codes) - SHINGLE + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    # Polynomial hash mod 2**64 (numpy wraps), then one xor-shift to mix high bits down.
    value = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for offset in range(SHINGLE):
            value = value * _BASE + codes[offset : offset + n] + np.uint64(1)
        value ^= value >> np.uint64(29)
    return value


def _mask(positions: Int32Array, spans: Sequence[Span]) -> npt.NDArray[np.bool_]:
    """Compact-text characters that fall inside the given normalised-text spans."""
    starts = np.searchsorted(positions, [span.start for span in spans], side="left")
    ends = np.searchsorted(positions, [span.end for span in spans], side="left")
    inside = np.zeros(len(positions) + 1, dtype=np.int64)
    np.add.at(inside, starts, 1)
    np.add.at(inside, ends, -1)
    return np.cumsum(inside[:-1]) > 0


def _seeds(a: CompactText, b: CompactText) -> tuple[IntArray, IntArray]:
    """(i, j) for every shingle of a found in b (at its first place in b)."""
    order = b.order
    sorted_b = b.shingles[order]
    # Looking up a's shingles in sorted order walks sorted_b forwards, which is twice as
    # fast as random probes; the answers are then put back in a's order.
    where = np.empty(len(a.shingles), dtype=np.int64)
    where[a.order] = np.searchsorted(sorted_b, a.shingles[a.order])
    np.minimum(where, len(sorted_b) - 1, out=where)
    found = sorted_b[where] == a.shingles
    return np.flatnonzero(found).astype(np.int64), order[where[found]].astype(np.int64)


@dataclass(slots=True)
class _Passage:
    a_start: int
    a_end: int
    b_start: int
    b_end: int
    covered: int  # characters of a covered by seeds
    diagonal: int  # b - a along its latest chain

    def takes(self, chain: _Passage) -> bool:
        """Whether a chain continues this passage: close in a, in b, and on the diagonal,
        without the two sides drifting apart in length (edits insert and delete a little)."""
        a_length = max(self.a_end, chain.a_end) - self.a_start
        b_length = max(self.b_end, chain.b_end) - min(self.b_start, chain.b_start)
        return (
            chain.a_start <= self.a_end + MAX_GAP
            and chain.b_start <= self.b_end + MAX_GAP
            and chain.b_end > self.b_start
            and abs(chain.diagonal - self.diagonal) <= MAX_GAP
            and abs(a_length - b_length) <= max(MAX_GAP, MAX_DRIFT * a_length)
        )

    def extend(self, chain: _Passage) -> None:
        self.covered += max(0, chain.a_end - max(chain.a_start, self.a_end))
        self.a_end = max(self.a_end, chain.a_end)
        self.b_start = min(self.b_start, chain.b_start)
        self.b_end = max(self.b_end, chain.b_end)
        self.diagonal = chain.diagonal


def _chains(i: IntArray, j: IntArray) -> list[_Passage]:
    """Seeds on one diagonal that touch or overlap, as passages, in order of a."""
    diagonal = j - i
    order = np.lexsort((i, diagonal))
    i, diagonal = i[order], diagonal[order]
    breaks = np.flatnonzero((np.diff(diagonal) != 0) | (np.diff(i) > SHINGLE)) + 1
    starts = np.concatenate(([0], breaks))
    ends = np.concatenate((breaks, [len(i)])) - 1
    chains = [
        _Passage(
            int(i[s]),
            int(i[e]) + SHINGLE,
            int(i[s] + diagonal[s]),
            int(i[e] + diagonal[e]) + SHINGLE,
            int(i[e] - i[s]) + SHINGLE,
            int(diagonal[s]),
        )
        for s, e in zip(starts.tolist(), ends.tolist(), strict=True)
    ]
    chains.sort(key=lambda c: (c.a_start, c.b_start))
    return chains


def _passages(chains: list[_Passage]) -> list[_Passage]:
    """Join chains that continue each other in both texts (edits between them).

    Several passages may be open at once, so a stray chain elsewhere in b (a
    phrase that recurs) starts its own short passage instead of derailing the
    copy that is being followed.
    """
    passages: list[_Passage] = []
    open_passages: list[_Passage] = []
    for chain in chains:
        open_passages = [p for p in open_passages if chain.a_start <= p.a_end + MAX_GAP]
        fitting = [p for p in open_passages if p.takes(chain)]
        if fitting:
            min(fitting, key=lambda p: abs(p.diagonal - chain.diagonal)).extend(chain)
            continue
        fresh = _Passage(
            chain.a_start, chain.a_end, chain.b_start, chain.b_end, chain.covered, chain.diagonal
        )
        passages.append(fresh)
        open_passages.append(fresh)
    return passages


def union_size(ranges: list[tuple[int, int]], before: IntArray | None = None) -> int:
    """Size of the union of half-open ranges; with ``before`` (a prefix count such as
    `non_space_before`), the number of counted characters the union covers."""
    total, end = 0, -1
    for first, stop in sorted(ranges):
        if stop <= end:
            continue
        start = max(first, end, 0)
        total += stop - start if before is None else int(before[stop] - before[start])
        end = stop
    return total


def _region_sizes(passages: list[_Passage], a: CompactText) -> list[float]:
    """For each passage, the weight of the run of passages it belongs to in a.

    Passages back to back in a (reordered paragraphs, spliced copies) form one
    run: a copied paragraph shorter than MIN_MATCH counts when its neighbours
    were copied too, while a lone common phrase does not.
    """
    order = sorted(range(len(passages)), key=lambda k: passages[k].a_start)
    sizes = [0.0] * len(passages)
    run: list[int] = []
    run_end = -1
    for k in [*order, -1]:
        if k == -1 or (run and passages[k].a_start > run_end + MAX_GAP):
            if run:
                start = min(passages[m].a_start for m in run)
                size = float(a.weight[run_end] - a.weight[start])
                for m in run:
                    sizes[m] = size
            run, run_end = [], -1
        if k != -1:
            run.append(k)
            run_end = max(run_end, passages[k].a_end)
    return sizes


def _significant(
    p: _Passage, run_size: float, a: CompactText, b: CompactText, near_boilerplate: bool
) -> bool:
    minimum = MIN_MATCH * (BOILERPLATE_NEIGHBOUR_FACTOR if near_boilerplate else 1)
    length = p.a_end - p.a_start
    return bool(
        run_size >= minimum
        and length >= 2 * SHINGLE
        and p.covered >= MIN_DENSITY * length
        and p.b_end <= len(b)
    )


def _near(mask: npt.NDArray[np.bool_] | None, start: int, end: int) -> bool:
    return mask is not None and bool(mask[max(0, start - MAX_GAP) : end + MAX_GAP].any())


def measure_overlap(a: CompactText, b: CompactText) -> Overlap:
    """overlap_a: share of a's characters found in b; overlap_b: the reverse; and the passages.

    Boilerplate given to `CompactText.of` never counts as found.
    """
    if not len(a.shingles) or not len(b.shingles):
        return Overlap(0.0, 0.0, ())
    i, j = _seeds(a, b)
    if a.tainted is not None or b.tainted is not None:
        keep = np.ones(len(i), dtype=bool)
        if a.tainted is not None:
            keep &= ~a.tainted[i]
        if b.tainted is not None:
            keep &= ~b.tainted[j]
        i, j = i[keep], j[keep]
    if not len(i):
        return Overlap(0.0, 0.0, ())
    found = _passages(_chains(i, j))
    passages = [
        p
        for p, run_size in zip(found, _region_sizes(found, a), strict=True)
        if _significant(
            p,
            run_size,
            a,
            b,
            _near(a.boilerplate, p.a_start, p.a_end) or _near(b.boilerplate, p.b_start, p.b_end),
        )
    ]
    a_share = union_size([(p.a_start, p.a_end) for p in passages]) / len(a)
    b_share = union_size([(p.b_start, p.b_end) for p in passages]) / len(b)
    spans = tuple(
        MatchedSpan(*a.span(p.a_start, p.a_end), *b.span(p.b_start, p.b_end)) for p in passages
    )
    return Overlap(round(min(a_share, 1.0), 4), round(min(b_share, 1.0), 4), spans)
