"""Compiled loops of verification (numba): the seeds of a pair and their chains.

A seed is a shingle of a that b holds too; seeds on one diagonal, each within a shingle of
the last, make a chain: a verbatim run both texts share. ``kernels`` makes passages of
them; ``bridged_length`` bounds what they could cover.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled
from neardup.core.passages.kernel_types import F64, I32, U64, Chains, IntArray, Lookup

# The SHA-256 of each file compiled into this one's loops (``kernels`` says why).
COMPILED_FROM = {
    "kernel_types.py": "49d4c61eb8133d1ede1fd088efb914cdb16299c31b7f02c637931bb16ec583dc"
}

MERGE_RATIO = 8  # a lookup this many times the other's size is probed by bucket, not merged


@compiled
def _in_order_of_a(seed_i: IntArray, seed_j: IntArray) -> tuple[IntArray, IntArray]:
    """Seeds sorted by their position in a (one seed a position): placed in one pass where
    dense, sorted where few lie over a long text, so the cost never grows with a's length."""
    seeds = len(seed_i)
    if not seeds:
        return seed_i, seed_j
    first, last = seed_i.min(), seed_i.max()
    if last - first + 1 > 8 * seeds:
        order = np.argsort(seed_i)
        return seed_i[order], seed_j[order]
    partner = np.full(last - first + 1, -1, np.int64)
    for s in range(seeds):
        partner[seed_i[s] - first] = seed_j[s]
    placed = 0
    for offset in range(last - first + 1):
        if partner[offset] >= 0:
            seed_i[placed], seed_j[placed] = first + offset, partner[offset]
            placed += 1
    return seed_i, seed_j


@compiled
def _seeds_of_key(
    a: tuple[U64, I32],
    b: tuple[U64, I32],
    a_range: tuple[int, int],
    b_range: tuple[int, int],
    seed_i: IntArray,
    seed_j: IntArray,
    seeds: int,
) -> int:
    """The seeds of one key (places ``a_range`` of a's lookup, ``b_range`` of b's, sorted by
    full hash, so merged): a hash's k-th in a takes its (k mod count)-th in b. Returns the
    seeds now held."""
    (a_shingles, a_positions), (b_shingles, b_positions) = a, b
    p, q = a_range[0], b_range[0]
    while p < a_range[1] and q < b_range[1]:
        value, other = a_shingles[a_positions[p]], b_shingles[b_positions[q]]
        if value < other:
            p += 1
        elif value > other:
            q += 1
        else:
            p_end, q_end = p + 1, q + 1
            while p_end < a_range[1] and a_shingles[a_positions[p_end]] == value:
                p_end += 1
            while q_end < b_range[1] and b_shingles[b_positions[q_end]] == value:
                q_end += 1
            for k in range(p, p_end):
                seed_i[seeds] = a_positions[k]
                seed_j[seeds] = b_positions[q + (k - p) % (q_end - q)]
                seeds += 1
            p, q = p_end, q_end
    return seeds


@compiled
def _bucket_shift(buckets: npt.NDArray[np.int32]) -> int:
    """How far a key shifts right to give its bucket, for 2**bits buckets (bits >= 1)."""
    bits = 1
    while (1 << bits) < len(buckets) - 1:
        bits += 1
    return 32 - bits


@compiled
def _key_end(keys: npt.NDArray[np.uint32], start: int, end: int) -> int:
    """Where the run of ``keys[start]`` ends, at ``end`` at the latest."""
    stop = start + 1
    while stop < end and keys[stop] == keys[start]:
        stop += 1
    return stop


@compiled
def seed_chains(a: Lookup, b: Lookup, shingle: int) -> Chains:
    """The verbatim chains of a found in b: starts and ends in a, and diagonals (b - a).

    Seeds join the two texts' lookups (shingles sorted by hash; ``CompactText``): a merge
    where they are of like size, else each key of the shorter found in the longer's bucket
    (``MERGE_RATIO``); full hashes are read only where keys agree. The k-th occurrence of a
    shingle in a pairs with its k-th in b (round again when b has fewer). A chain is a run
    of seeds on one diagonal, each within ``shingle`` of the one before; in order of start.
    """
    (a_shingles, a_positions, a_keys, a_buckets), (b_shingles, b_positions, b_keys, b_buckets) = (
        a,
        b,
    )
    a_lookup, b_lookup = (a_shingles, a_positions), (b_shingles, b_positions)
    n_a, n_b = len(a_positions), len(b_positions)
    # Each entry of a's lookup gives at most one seed: its position in a and its j in b.
    seed_i = np.empty(n_a, np.int64)
    seed_j = np.empty(n_a, np.int64)
    seeds = 0
    if min(n_a, n_b) * MERGE_RATIO >= max(n_a, n_b):
        x, y = 0, 0
        while x < n_a and y < n_b:
            key_a, key_b = a_keys[x], b_keys[y]
            if key_a != key_b:
                x += key_a < key_b
                y += key_b < key_a
                continue
            x_end, y_end = _key_end(a_keys, x, n_a), _key_end(b_keys, y, n_b)
            seeds = _seeds_of_key(a_lookup, b_lookup, (x, x_end), (y, y_end), seed_i, seed_j, seeds)
            x, y = x_end, y_end
    else:
        walk_a = n_a <= n_b
        w_keys, n_w = (a_keys, n_a) if walk_a else (b_keys, n_b)
        o_keys, o_buckets = (b_keys, b_buckets) if walk_a else (a_keys, a_buckets)
        shift = _bucket_shift(o_buckets)
        x = 0
        while x < n_w:
            key = w_keys[x]
            x_end = _key_end(w_keys, x, n_w)
            y, bucket_end = o_buckets[key >> shift], o_buckets[(key >> shift) + 1]
            while y < bucket_end and o_keys[y] < key:
                y += 1
            if y < bucket_end and o_keys[y] == key:
                y_end = _key_end(o_keys, y, bucket_end)
                a_range, b_range = ((x, x_end), (y, y_end)) if walk_a else ((y, y_end), (x, x_end))
                seeds = _seeds_of_key(a_lookup, b_lookup, a_range, b_range, seed_i, seed_j, seeds)
            x = x_end
    seed_i, seed_j = _in_order_of_a(seed_i[:seeds], seed_j[:seeds])
    starts = np.empty(seeds, np.int64)
    ends = np.empty(seeds, np.int64)
    diagonals = np.empty(seeds, np.int64)
    # The chains whose last seed lies within ``shingle`` of the current position: one
    # seed a position, so never more than shingle + 1 of them.
    active = np.empty(shingle + 2, np.int64)
    chains, n_active = 0, 0
    for s in range(seeds):
        i = seed_i[s]
        diagonal = seed_j[s] - i
        kept, continued = 0, -1
        for o in range(n_active):
            chain = active[o]
            if i <= ends[chain]:  # its last seed, at ends - shingle, is close enough
                active[kept] = chain
                kept += 1
                if diagonals[chain] == diagonal:
                    continued = chain
        n_active = kept
        if continued >= 0:
            ends[continued] = i + shingle
        else:
            starts[chains], ends[chains], diagonals[chains] = i, i + shingle, diagonal
            active[n_active] = chains
            n_active += 1
            chains += 1
    return starts[:chains], ends[:chains], diagonals[:chains]


@compiled
def bridged_length(starts: IntArray, ends: IntArray, max_gap: int, counted: F64) -> float:
    """What the union of compact ranges counts once every gap of up to ``max_gap`` is
    bridged: ``counted`` is a text's cumulative ``COUNTED``, which a share divides by."""
    if not len(starts):
        return 0.0
    order = np.argsort(starts)  # equal starts may come in any order
    total = 0.0
    run_start, reach = starts[order[0]], ends[order[0]]
    for k in order[1:]:
        if starts[k] > reach + max_gap:
            total += counted[reach] - counted[run_start]
            run_start = starts[k]
        reach = max(reach, ends[k])
    return float(total + counted[reach] - counted[run_start])
