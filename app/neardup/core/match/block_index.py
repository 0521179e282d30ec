"""Pigeonhole block index over 64-bit fingerprints (Manku, Jain, Das Sarma 2007).

The 64 bits are cut into m > k blocks. Two fingerprints within Hamming distance
k agree exactly on at least m - k blocks, so one table per choice of m - k
blocks, keyed on those bits, sees every such pair. Only fingerprints that share
a key are compared. The index is exact: it never misses a pair within k.

Batch all-pairs is fully vectorised: per table, sort by key, enumerate pairs
inside equal-key runs, XOR-popcount, filter. A pair that agrees on several
tables is kept only in the first of them, so no global de-duplication is needed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from neardup.core.features import BITS, UInt64Array, popcount

IntArray = npt.NDArray[np.int64]

# Rough costs in nanoseconds, measured on the benchmark machine: sorting one key
# in one table, and checking one candidate pair. They only steer the layout.
_SORT_COST_NS = 60.0
_PAIR_COST_NS = 40.0
_MAX_TABLES = 256
_MAX_EXTRA_BLOCKS = 8


@dataclass(frozen=True, slots=True)
class BlockLayout:
    """How the 64 bits are cut, and the bit mask each table keys on."""

    max_distance: int
    block_widths: tuple[int, ...]
    masks: tuple[int, ...]

    @property
    def tables(self) -> int:
        return len(self.masks)


def _block_widths(blocks: int) -> tuple[int, ...]:
    base, extra = divmod(BITS, blocks)
    return tuple(base + (1 if i < extra else 0) for i in range(blocks))


@cache
def layout_for(blocks: int, max_distance: int) -> BlockLayout:
    """The layout with ``blocks`` contiguous blocks and one table per (m-k)-subset."""
    if not max_distance < blocks <= BITS:
        raise ValueError(f"need max_distance < blocks <= {BITS}, got {max_distance}, {blocks}")
    widths = _block_widths(blocks)
    block_masks: list[int] = []
    start = 0
    for width in widths:
        block_masks.append(((1 << width) - 1) << start)
        start += width
    masks = tuple(
        sum(block_masks[i] for i in kept)
        for kept in combinations(range(blocks), blocks - max_distance)
    )
    return BlockLayout(max_distance, widths, masks)


def _expected_cost(count: int, blocks: int, max_distance: int) -> float:
    tables = math.comb(blocks, max_distance)
    key_bits = sum(sorted(_block_widths(blocks))[: blocks - max_distance])
    random_pairs = count * (count - 1) / 2 / 2.0**key_bits
    return tables * (count * _SORT_COST_NS + random_pairs * _PAIR_COST_NS)


def choose_layout(count: int, max_distance: int) -> BlockLayout:
    """Pick the block count that minimises expected work for ``count`` fingerprints.

    More blocks mean more tables but longer keys, hence fewer random candidates;
    that pays off as the collection grows.
    """
    if max_distance < 0 or max_distance >= BITS:
        raise ValueError(f"max_distance must be in 0..{BITS - 1}, got {max_distance}")
    best_blocks = max_distance + 1
    best_cost = math.inf
    for blocks in range(max_distance + 1, min(BITS, max_distance + _MAX_EXTRA_BLOCKS) + 1):
        if math.comb(blocks, max_distance) > _MAX_TABLES and blocks > max_distance + 1:
            break
        cost = _expected_cost(max(count, 2), blocks, max_distance)
        if cost < best_cost:
            best_blocks, best_cost = blocks, cost
    return layout_for(best_blocks, max_distance)


def as_fingerprints(values: npt.ArrayLike) -> UInt64Array:
    """Validate and convert to a 1-D uint64 array."""
    if isinstance(values, np.ndarray):
        if values.dtype == np.uint64:
            array = values
        elif np.issubdtype(values.dtype, np.integer):
            if values.size and values.min() < 0:
                raise ValueError("fingerprints must be unsigned 64-bit integers")
            array = values.astype(np.uint64)
        else:
            raise TypeError(f"fingerprints must be integers, not {values.dtype}")
    else:
        items: list[Any] = list(values)  # type: ignore[arg-type]
        if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in items):
            raise TypeError("fingerprints must be integers")
        if any(not 0 <= int(v) < 1 << BITS for v in items):
            raise ValueError("fingerprints must be unsigned 64-bit integers")
        array = np.array([int(v) for v in items], dtype=np.uint64)
    if array.ndim != 1:
        raise ValueError("fingerprints must be a 1-D sequence")
    return array


def _earlier_table_agrees(
    xor: UInt64Array, layout: BlockLayout, table: int
) -> npt.NDArray[np.bool_]:
    seen = np.zeros(xor.shape, dtype=bool)
    for mask in layout.masks[:table]:
        seen |= (xor & np.uint64(mask)) == 0
    return seen


def _keep_new_close(
    values: UInt64Array,
    left: IntArray,
    right: IntArray,
    layout: BlockLayout,
    table: int,
    other: UInt64Array | None = None,
) -> tuple[IntArray, IntArray, IntArray]:
    """Filter candidates to those within k, not already seen in an earlier table."""
    xor = values[left] ^ (values if other is None else other)[right]
    distance = popcount(xor)
    close = distance <= layout.max_distance
    left, right, xor, distance = left[close], right[close], xor[close], distance[close]
    if table:
        fresh = ~_earlier_table_agrees(xor, layout, table)
        left, right, distance = left[fresh], right[fresh], distance[fresh]
    return left, right, distance


def _pairs_within_runs(run_end: IntArray) -> list[tuple[IntArray, IntArray]]:
    """All (p, q) with p < q in the same run of a sorted array, grouped by q - p.

    ``run_end[p]`` is one past the last position of p's run. Work is proportional
    to the number of pairs, with one numpy step per offset; memory stays linear.
    """
    out: list[tuple[IntArray, IntArray]] = []
    active = np.flatnonzero(run_end - np.arange(len(run_end)) > 1)
    offset = 1
    while active.size:
        out.append((active, active + offset))
        offset += 1
        active = active[run_end[active] - active > offset]
    return out


def _run_ends(sorted_keys: UInt64Array) -> IntArray:
    n = len(sorted_keys)
    boundaries = np.flatnonzero(sorted_keys[1:] != sorted_keys[:-1]) + 1
    ends = np.append(boundaries, n)
    lengths = np.diff(np.concatenate(([0], ends)))
    return np.repeat(ends, lengths).astype(np.int64)


def _distinct_pairs(
    values: UInt64Array, layout: BlockLayout
) -> tuple[IntArray, IntArray, IntArray]:
    """Pairs (i, j, d) among distinct fingerprints, each pair once, i and j unordered."""
    lefts: list[IntArray] = []
    rights: list[IntArray] = []
    dists: list[IntArray] = []
    for table, mask in enumerate(layout.masks):
        keys = values & np.uint64(mask)
        order = np.argsort(keys, kind="stable").astype(np.int64)
        run_end = _run_ends(keys[order])
        for pos_left, pos_right in _pairs_within_runs(run_end):
            left, right, dist = _keep_new_close(
                values, order[pos_left], order[pos_right], layout, table
            )
            lefts.append(left)
            rights.append(right)
            dists.append(dist)
    if not lefts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    return np.concatenate(lefts), np.concatenate(rights), np.concatenate(dists)


def _expand_duplicates(
    members: IntArray,
    starts: IntArray,
    counts: IntArray,
    left: IntArray,
    right: IntArray,
    dist: IntArray,
) -> tuple[IntArray, IntArray, IntArray]:
    """Turn pairs of distinct values into pairs of original indices (cross products)."""
    sizes = counts[left] * counts[right]
    if sizes.size == 0 or int(sizes.max()) == 1:
        return members[starts[left]], members[starts[right]], dist
    total = int(sizes.sum())
    pair_of = np.repeat(np.arange(len(sizes)), sizes)
    within = np.arange(total) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    right_count = counts[right][pair_of]
    a = members[starts[left][pair_of] + within // right_count]
    b = members[starts[right][pair_of] + within % right_count]
    return a, b, dist[pair_of]


def _sorted_rows(a: IntArray, b: IntArray, d: IntArray) -> IntArray:
    i = np.minimum(a, b)
    j = np.maximum(a, b)
    order = np.lexsort((j, i))
    return np.stack((i[order], j[order], d[order]), axis=1).astype(np.int64)


def find_near_duplicates(fingerprints: npt.ArrayLike, max_distance: int) -> IntArray:
    """All pairs within ``max_distance`` bits.

    Returns an int64 array of shape (m, 3), one row (i, j, distance) per pair
    with i < j, sorted. Identical fingerprints are collapsed first, so
    thousands of equal values cost one table entry, not a quadratic bucket;
    their pairs are then written out directly.
    """
    values = as_fingerprints(fingerprints)
    if max_distance < 0:
        raise ValueError("max_distance must be >= 0")
    max_distance = min(max_distance, BITS)
    if len(values) < 2:
        return np.zeros((0, 3), dtype=np.int64)
    # Documents in order of fingerprint (by index among equal ones), and where each run of
    # one value starts: what np.unique would give, by one sort (numpy 2's np.unique takes
    # far longer on a million values, holding the GIL).
    members = np.argsort(values, kind="stable").astype(np.int64)
    ordered = values[members]
    first_of_run = np.empty(len(ordered), dtype=bool)
    first_of_run[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first_of_run[1:])
    starts = np.flatnonzero(first_of_run).astype(np.int64)
    distinct = ordered[starts]
    counts = np.diff(np.append(starts, len(ordered))).astype(np.int64)

    parts_a: list[IntArray] = []
    parts_b: list[IntArray] = []
    parts_d: list[IntArray] = []
    # Pairs of equal values: every pair inside each group of identical fingerprints.
    for pos_left, pos_right in _pairs_within_runs(np.repeat(starts + counts, counts)):
        parts_a.append(members[pos_left])
        parts_b.append(members[pos_right])
        parts_d.append(np.zeros(len(pos_left), dtype=np.int64))
    if max_distance > 0 and len(distinct) > 1:
        if max_distance >= BITS:
            left, right = np.triu_indices(len(distinct), 1)
            dist = popcount(distinct[left] ^ distinct[right])
        else:
            layout = choose_layout(len(distinct), max_distance)
            left, right, dist = _distinct_pairs(distinct, layout)
        a, b, d = _expand_duplicates(members, starts, counts, left, right, dist)
        parts_a.append(a)
        parts_b.append(b)
        parts_d.append(d)
    if not parts_a:
        return np.zeros((0, 3), dtype=np.int64)
    return _sorted_rows(np.concatenate(parts_a), np.concatenate(parts_b), np.concatenate(parts_d))


class BlockIndex:
    """A reusable index for querying new fingerprints against a fixed collection.

    Used to check one thesis, or a batch of submissions, against a library.
    """

    def __init__(
        self, fingerprints: npt.ArrayLike, max_distance: int, layout: BlockLayout | None = None
    ) -> None:
        self.values = as_fingerprints(fingerprints)
        self.layout = layout or choose_layout(len(self.values), max_distance)
        if self.layout.max_distance != max_distance:
            raise ValueError("layout was built for a different max_distance")
        self._tables: list[tuple[UInt64Array, IntArray]] = []
        for mask in self.layout.masks:
            keys = self.values & np.uint64(mask)
            order = np.argsort(keys, kind="stable").astype(np.int64)
            self._tables.append((keys[order], order))

    def __len__(self) -> int:
        return len(self.values)

    @property
    def max_distance(self) -> int:
        return self.layout.max_distance

    def query_many(self, queries: npt.ArrayLike) -> IntArray:
        """Rows (query_index, index_position, distance) for every match, sorted."""
        query_values = as_fingerprints(queries)
        lefts: list[IntArray] = []
        rights: list[IntArray] = []
        dists: list[IntArray] = []
        for table, (mask, (sorted_keys, order)) in enumerate(
            zip(self.layout.masks, self._tables, strict=True)
        ):
            keys = query_values & np.uint64(mask)
            lo = np.searchsorted(sorted_keys, keys, side="left")
            hi = np.searchsorted(sorted_keys, keys, side="right")
            hits = (hi - lo).astype(np.int64)
            if not hits.any():
                continue
            query_of = np.repeat(np.arange(len(query_values), dtype=np.int64), hits)
            offsets = np.arange(int(hits.sum())) - np.repeat(np.cumsum(hits) - hits, hits)
            position = order[np.repeat(lo, hits) + offsets]
            left, right, dist = _keep_new_close(
                query_values, query_of, position, self.layout, table, other=self.values
            )
            lefts.append(left)
            rights.append(right)
            dists.append(dist)
        if not lefts:
            return np.zeros((0, 3), dtype=np.int64)
        q, p, d = np.concatenate(lefts), np.concatenate(rights), np.concatenate(dists)
        order_rows = np.lexsort((p, q))
        return np.stack((q[order_rows], p[order_rows], d[order_rows]), axis=1).astype(np.int64)

    def query(self, fingerprint: int) -> IntArray:
        """Rows (index_position, distance) of the collection within k of one fingerprint."""
        rows = self.query_many([fingerprint])
        return rows[:, 1:]
