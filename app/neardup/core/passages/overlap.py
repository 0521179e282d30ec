"""Exact verification of a candidate pair: how much of each text is found in the other.

Both texts are compared on their non-space characters, cut into K-character
shingles. Each shingle of a that occurs in b gives a seed (i, j): position i
in a, position j in b. Copied text produces seeds along a diagonal (j - i
constant); seeds on one diagonal that touch form a chain. Chains close to each
other in both texts are joined into one passage, so a few changed, inserted or
deleted characters inside a copied passage do not split it. Passages that stay
short are chance matches of common phrases and are dropped, and so are passages
without words (table rules, runs of punctuation): only letters, digits and Han
characters count towards a passage's length. Each passage has consistent spans in
both texts; the overlaps are the shares of each text that the passages cover.

The result depends on the two texts alone, never on what else is scanned, so a
pair's figures are the same in a scan of two files, of ten thousand, and in
``neardup compare``. A pair counts as copied only if one of its passages holds a
verbatim run of at least ``ANCHOR_CHARS`` characters: that is what lets candidate
generation (winnowing, ``core.features.shingles``) promise never to miss a pair that
verification accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import ANCHOR_CHARS, SHINGLE, WHITESPACE_CODES, Shingles
from neardup.core.models import MatchedSpan, Overlap

# Changing any of these changes results: bump versions.OVERLAP_VERSION with it.
MAX_GAP = 24  # an edit of up to this many characters does not split a passage
MIN_MATCH = 40  # shorter passages are common phrases, not copying (in CJK characters)
# A Latin letter says less than a CJK character (an English word is ~5 letters,
# a Chinese word ~2 characters), so passage lengths are counted with this weight.
LATIN_CHAR_WEIGHT = 1 / 3
MAX_DRIFT = 0.1  # the two sides of a passage differ in length by at most this share
MIN_DENSITY = 0.5  # a joined passage must be at least half covered by seeds

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
_FIRST_CJK = 0x2E80


@dataclass(frozen=True, slots=True)
class CompactText:
    """A text without whitespace, with a map back to normalised-text positions."""

    # int32 halves the memory of the texts a large scan keeps for verification.
    positions: Int32Array  # positions[i] = index in the normalised text of compact char i
    shingles: npt.NDArray[np.uint64]  # hash of the shingle starting at each compact char
    weight: npt.NDArray[np.float64]  # cumulative weight of word characters, length + 1
    # Shingles that never seed a match: runs of one repeated character (table
    # rules, "=====") and shingles without a word character.
    tainted: npt.NDArray[np.bool_]
    # The shingles that may seed a match, sorted by hash (equal hashes in text order),
    # for lookups from other texts: their hashes, positions, and for each how many equal
    # hashes come before it and how many there are in all.
    lookup: npt.NDArray[np.uint64]
    lookup_positions: Int32Array
    lookup_ranks: Int32Array
    lookup_counts: Int32Array

    @classmethod
    def of(cls, text: str) -> CompactText:
        """The compact form of a normalised text."""
        return cls.of_shingles(Shingles.of(text))

    @classmethod
    def of_shingles(cls, shingled: Shingles) -> CompactText:
        """The compact form of a text whose shingles are already known."""
        char_weight = np.where(shingled.codes >= _FIRST_CJK, 1.0, LATIN_CHAR_WEIGHT)
        cumulative = np.concatenate(([0.0], np.cumsum(char_weight * shingled.word)))
        usable = np.flatnonzero(~shingled.tainted)
        order = usable[np.argsort(shingled.hashes[usable], kind="stable")]
        lookup = shingled.hashes[order]
        ranks, counts = _ranks_and_counts(lookup)
        return cls(
            shingled.positions,
            shingled.hashes,
            cumulative,
            shingled.tainted,
            lookup,
            order.astype(np.int32),
            ranks.astype(np.int32),
            counts.astype(np.int32),
        )

    def __len__(self) -> int:
        return len(self.positions)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Compact range [start, end) as a normalised-text range."""
        return int(self.positions[start]), int(self.positions[end - 1]) + 1


def non_space_before(text: str) -> IntArray:
    """For each position 0..len(text), how many non-space characters come before it."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    counts = np.cumsum(~np.isin(codes, WHITESPACE_CODES))
    return np.concatenate(([0], counts)).astype(np.int64)


def _ranks_and_counts(sorted_hashes: npt.NDArray[np.uint64]) -> tuple[IntArray, IntArray]:
    """For hashes in sorted order: how many equal ones come before each, and how many
    equal ones there are in all."""
    index = np.arange(len(sorted_hashes), dtype=np.int64)
    new = np.concatenate(([True], sorted_hashes[1:] != sorted_hashes[:-1]))
    group_start = np.maximum.accumulate(np.where(new, index, 0))
    starts = np.flatnonzero(new)
    sizes = np.diff(np.append(starts, len(sorted_hashes)))
    return index - group_start, np.repeat(sizes, sizes)


def _seeds(a: CompactText, b: CompactText) -> tuple[IntArray, IntArray]:
    """(i, j) for every shingle of a found in b (shingles that may seed a match only).

    The k-th occurrence of a shingle in a is paired with its k-th occurrence in b
    (counting round again when b has fewer), so text that repeats (a log of one line,
    a changelog's recurring sign-off) is matched in order, copy to copy, and one seed
    per shingle of a keeps this linear whatever the repetition.
    """
    if not len(a.lookup) or not len(b.lookup):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    first = np.minimum(np.searchsorted(b.lookup, a.lookup), len(b.lookup) - 1)
    found = b.lookup[first] == a.lookup
    first = first[found]
    j = b.lookup_positions[first + a.lookup_ranks[found] % b.lookup_counts[first]]
    return a.lookup_positions[found].astype(np.int64), j.astype(np.int64)


@dataclass(slots=True)
class _Passage:
    a_start: int
    a_end: int
    b_start: int
    b_end: int
    covered: int  # characters of a covered by seeds
    diagonal: int  # b - a along its latest chain
    longest: int  # the longest verbatim chain it holds, in characters

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
        self.longest = max(self.longest, chain.longest)


def _chain_bounds(i: IntArray, j: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """Seeds on one diagonal that touch or overlap form a chain: each chain's start and
    end in a (end exclusive) and its diagonal (b - a)."""
    diagonal = j - i
    order = np.lexsort((i, diagonal))
    i, diagonal = i[order], diagonal[order]
    breaks = np.flatnonzero((np.diff(diagonal) != 0) | (np.diff(i) > SHINGLE)) + 1
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks, [len(i)])) - 1
    return i[firsts], i[lasts] + SHINGLE, diagonal[firsts]


def _cannot_be_copying(starts: IntArray, ends: IntArray, a: CompactText) -> bool:
    """Whether no passage made of these chains can count, by two bounds that need no
    passage built: none holds a verbatim run of ANCHOR_CHARS, or all of them, with the
    largest gaps that could join them, weigh less than MIN_MATCH."""
    if int((ends - starts).max()) < ANCHOR_CHARS:
        return True
    weight = float((a.weight[ends] - a.weight[starts]).sum())
    return weight + (len(starts) - 1) * MAX_GAP < MIN_MATCH


def _chains(starts: IntArray, ends: IntArray, diagonals: IntArray) -> list[_Passage]:
    """The chains as passages, in order of a."""
    chains = [
        _Passage(start, end, start + diagonal, end + diagonal, end - start, diagonal, end - start)
        for start, end, diagonal in zip(
            starts.tolist(), ends.tolist(), diagonals.tolist(), strict=True
        )
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
            chain.a_start,
            chain.a_end,
            chain.b_start,
            chain.b_end,
            chain.covered,
            chain.diagonal,
            chain.longest,
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


def _significant(p: _Passage, run_size: float, b: CompactText) -> bool:
    length = p.a_end - p.a_start
    return bool(
        run_size >= MIN_MATCH
        and length >= 2 * SHINGLE
        and p.covered >= MIN_DENSITY * length
        and p.b_end <= len(b)
    )


@dataclass(frozen=True, slots=True)
class SeedChains:
    """The seeds of a found in b, as verbatim chains: where each starts and ends in a, and
    its diagonal (b - a). Computed once a pair, for the bound and the measure alike."""

    starts: IntArray
    ends: IntArray
    diagonals: IntArray

    @classmethod
    def of(cls, a: CompactText, b: CompactText) -> SeedChains:
        i, j = _seeds(a, b)
        if not len(i):
            empty = np.zeros(0, dtype=np.int64)
            return cls(empty, empty, empty)
        return cls(*_chain_bounds(i, j))

    def share_bounds(self, a: CompactText, b: CompactText) -> tuple[float, float]:
        """Upper bounds of ``measure_overlap``'s two shares, from the chains alone.

        Every passage is made of chains joined across gaps of at most MAX_GAP characters,
        in a and in b, so neither side can cover more than its chains with those gaps
        bridged. A pair whose bound is below what a copy needs is no copy, without building
        a passage.
        """
        if not len(self.starts):
            return 0.0, 0.0
        reach_a = _bridged_length(self.starts, self.ends)
        reach_b = _bridged_length(self.starts + self.diagonals, self.ends + self.diagonals)
        return min(1.0, reach_a / len(a)), min(1.0, reach_b / len(b))


def _bridged_length(starts: IntArray, ends: IntArray) -> float:
    """Length of the union of ranges once every gap of up to MAX_GAP is bridged: what
    passages made of these chains could cover at most."""
    order = np.argsort(starts, kind="stable")
    starts, ends = starts[order], ends[order]
    reach = np.maximum.accumulate(ends)
    fresh = np.concatenate(([True], starts[1:] > reach[:-1] + MAX_GAP))
    first = np.flatnonzero(fresh)
    last = np.concatenate((first[1:], [len(starts)])) - 1
    return float((reach[last] - starts[first]).sum())


def measure_overlap(a: CompactText, b: CompactText, chains: SeedChains | None = None) -> Overlap:
    """overlap_a: share of a's characters found in b; overlap_b: the reverse; and the passages.

    Nothing is found unless some passage holds a verbatim run of ``ANCHOR_CHARS``.
    ``chains`` are the pair's `SeedChains` where the caller has them already.
    """
    chains = SeedChains.of(a, b) if chains is None else chains
    starts, ends, diagonals = chains.starts, chains.ends, chains.diagonals
    if not len(starts) or _cannot_be_copying(starts, ends, a):
        return Overlap(0.0, 0.0, ())
    found = _passages(_chains(starts, ends, diagonals))
    passages = [
        p
        for p, run_size in zip(found, _region_sizes(found, a), strict=True)
        if _significant(p, run_size, b)
    ]
    if not any(p.longest >= ANCHOR_CHARS for p in passages):
        return Overlap(0.0, 0.0, ())
    a_share = union_size([(p.a_start, p.a_end) for p in passages]) / len(a)
    b_share = union_size([(p.b_start, p.b_end) for p in passages]) / len(b)
    spans = tuple(
        MatchedSpan(*a.span(p.a_start, p.a_end), *b.span(p.b_start, p.b_end)) for p in passages
    )
    return Overlap(round(min(a_share, 1.0), 4), round(min(b_share, 1.0), 4), spans)
