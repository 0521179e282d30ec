"""Compiled loops of verification (numba): the seeds, chains and passages of one pair.

``overlap.py`` says what verification means; this module holds its loops, so that a pair
costs one call into compiled code. Functions take and return plain arrays, and every
rule's constant is an argument or lives in this file. Every compiled function a pair's
call reaches is in this file too: numba's cache of a function is checked against its own
file only, so a loop called from another file could stay stale in the cache.

Seeds: both texts' seeding shingles are kept sorted by hash (``CompactText``'s lookup),
so finding every shingle of one in the other is a join of two sorted lists: a merge where
the texts are of like length, and look-ups by bucket from the shorter where one is much
longer, so that the longer one is read only near the shorter one's hashes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled

IntArray = npt.NDArray[np.int64]
Chains = tuple[IntArray, IntArray, IntArray]
# A lookup longer than this many times the other is probed by bucket rather than merged.
MERGE_RATIO = 8

# A compact text as verification reads it: shingle hashes; its lookup (positions sorted
# by hash, their 32-bit keys, bucket starts); kept keys and their positions; and the
# normalised-text position of each compact character.
Verifiable = tuple[
    npt.NDArray[np.uint64],
    npt.NDArray[np.int32],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int32],
    npt.NDArray[np.uint64],
    IntArray,
    npt.NDArray[np.int32],
]


@compiled
def _in_order_of_a(seed_i: IntArray, seed_j: IntArray) -> tuple[IntArray, IntArray]:
    """Seeds sorted by their position in a (one seed a position). Where they are dense
    in the stretch of a they cover, placed by position in one pass; where few seeds are
    spread over a long text (a short document against a 2 MB one), sorted, so the cost
    never grows with a's length."""
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
    a_shingles: npt.NDArray[np.uint64],
    a_positions: npt.NDArray[np.int32],
    b_shingles: npt.NDArray[np.uint64],
    b_positions: npt.NDArray[np.int32],
    a_range: tuple[int, int],
    b_range: tuple[int, int],
    seed_i: IntArray,
    seed_j: IntArray,
    seeds: int,
) -> int:
    """The seeds of one key, whose places are ``a_range`` of a's lookup and ``b_range`` of
    b's: both sorted by full hash there, so merged; the k-th occurrence of a hash in a
    takes its (k mod count)-th in b. Returns the seeds now held."""
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
def seed_chains(
    a_shingles: npt.NDArray[np.uint64],
    a_positions: npt.NDArray[np.int32],
    a_keys: npt.NDArray[np.uint32],
    a_buckets: npt.NDArray[np.int32],
    b_shingles: npt.NDArray[np.uint64],
    b_positions: npt.NDArray[np.int32],
    b_keys: npt.NDArray[np.uint32],
    b_buckets: npt.NDArray[np.int32],
    shingle: int,
) -> Chains:
    """The verbatim chains of a found in b: starts and ends in a, and diagonals (b - a).

    Each text's lookup is its seeding shingles' positions sorted by hash (``a_positions``,
    ``b_positions``), the top 32 bits of each one's hash (``a_keys``, ``b_keys``), and where
    each bucket of keys with the same leading bits starts (``a_buckets``, ``b_buckets``).
    Seeds pair the k-th occurrence of a shingle in a with its k-th occurrence in b
    (counting round again when b has fewer). Keys of like-sized lookups are merged, with
    no branch to mispredict where they differ; where one lookup is ``MERGE_RATIO`` times
    the other, each key of the shorter is found in the longer's bucket, a cache line or
    two away. Full hashes are read only where keys agree. A chain is a run of seeds on one
    diagonal, each within ``shingle`` characters of the one before; chains come in order
    of start.
    """
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
            seeds = _seeds_of_key(
                a_shingles, a_positions, b_shingles, b_positions,
                (x, x_end), (y, y_end), seed_i, seed_j, seeds,
            )  # fmt: skip
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
                seeds = _seeds_of_key(
                    a_shingles, a_positions, b_shingles, b_positions,
                    a_range, b_range, seed_i, seed_j, seeds,
                )  # fmt: skip
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
def _run_through(
    a_shingles: npt.NDArray[np.uint64],
    b_shingles: npt.NDArray[np.uint64],
    p: int,
    q: int,
    enough: int,
) -> int:
    """How many consecutive shingles match on the diagonal through (p, q) (p in a, q in b),
    counted up to ``enough``."""
    back = 0
    while back < enough and p - back > 0 and q - back > 0:
        if a_shingles[p - back - 1] != b_shingles[q - back - 1]:
            break
        back += 1
    run = back
    while run < enough and p < len(a_shingles) and q < len(b_shingles):
        if a_shingles[p] != b_shingles[q]:
            break
        run += 1
        p += 1
        q += 1
    return run


@compiled
def shares_anchor_run(
    a_keys: npt.NDArray[np.uint64],
    a_key_positions: IntArray,
    a_shingles: npt.NDArray[np.uint64],
    b_keys: npt.NDArray[np.uint64],
    b_key_positions: IntArray,
    b_shingles: npt.NDArray[np.uint64],
    anchor_shingles: int,
    max_tries: int,
) -> bool:
    """Whether some key both texts keep lies, in both, in one run of ``anchor_shingles``
    consecutive matching shingles on one diagonal (True also once ``max_tries`` places of
    equal keys were tried: text repeated so often is left to the full verification).

    False only where verification can find no passage: a passage needs a chain of anchor
    length, a verbatim run, and every WINNOW consecutive keys inside such a run are the
    same in both texts, so both keep the smallest of them at the same place in the run
    (``core.features.shingles``). Following the diagonal through each pair of places of a
    key both keep finds every such run, in about a microsecond, where seeds take tens.

    Keys are sorted (then by position); equal keys are paired place by place, and each
    pair's diagonal is followed both ways from it until the shingles differ.
    """
    x, y, tries = 0, 0, 0
    while x < len(a_keys) and y < len(b_keys):
        if a_keys[x] < b_keys[y]:
            x += 1
        elif a_keys[x] > b_keys[y]:
            y += 1
        else:
            x_end, y_end = x + 1, y + 1
            while x_end < len(a_keys) and a_keys[x_end] == a_keys[x]:
                x_end += 1
            while y_end < len(b_keys) and b_keys[y_end] == b_keys[y]:
                y_end += 1
            for i in range(x, x_end):
                for j in range(y, y_end):
                    tries += 1
                    if tries > max_tries:
                        return True
                    p, q = a_key_positions[i], b_key_positions[j]
                    if _run_through(a_shingles, b_shingles, p, q, anchor_shingles) >= (
                        anchor_shingles
                    ):
                        return True
            x, y = x_end, y_end
    return False


@compiled
def bridged_length(starts: IntArray, ends: IntArray, max_gap: int) -> int:
    """Length of the union of ranges once every gap of up to ``max_gap`` is bridged."""
    if not len(starts):
        return 0
    order = np.argsort(starts)  # equal starts may come in any order
    total = 0
    run_start, reach = starts[order[0]], ends[order[0]]
    for k in order[1:]:
        if starts[k] > reach + max_gap:
            total += reach - run_start
            run_start = starts[k]
        reach = max(reach, ends[k])
    return int(total + reach - run_start)


@compiled
def passages(
    chains: Chains,
    weight: npt.NDArray[np.float64],
    b_length: int,
    rules: tuple[int, float, float, float, int, int],
) -> IntArray:
    """The significant passages of a pair, as rows (a_start, a_end, b_start, b_end); no
    rows when none holds a verbatim chain of ``anchor`` characters.

    Chains are taken in order of a. Each joins the open passage it continues (close in a
    and in b, near its diagonal, the two sides not drifting apart in length) that is
    nearest its diagonal, or starts a passage of its own; several passages stay open, so
    a phrase that recurs elsewhere in b starts a short passage rather than derailing the
    copy being followed. Passages back to back in a form a run, and a passage counts when
    its run weighs at least ``min_match``, it is at least two shingles long, seeds cover
    at least ``min_density`` of it, and it lies within b.
    """
    starts, ends, diagonals = chains
    max_gap, max_drift, min_match, min_density, shingle, anchor = rules
    n = len(starts)
    # In order of a, then of b (b_start = start + diagonal lies in [0, b_length)).
    order = np.argsort(starts * (b_length + 1) + starts + diagonals)
    a_start = np.empty(n, np.int64)
    a_end = np.empty(n, np.int64)
    b_start = np.empty(n, np.int64)
    b_end = np.empty(n, np.int64)
    covered = np.empty(n, np.int64)
    diagonal = np.empty(n, np.int64)
    longest = np.empty(n, np.int64)
    open_ones = np.empty(n, np.int64)
    count, n_open = 0, 0
    for k in order:
        c_start, c_end, c_diagonal = starts[k], ends[k], diagonals[k]
        c_b_start, c_b_end = c_start + c_diagonal, c_end + c_diagonal
        kept = 0
        for o in range(n_open):
            if c_start <= a_end[open_ones[o]] + max_gap:
                open_ones[kept] = open_ones[o]
                kept += 1
        n_open = kept
        best, best_distance = -1, np.int64(0)
        for o in range(n_open):
            p = open_ones[o]
            a_span = max(a_end[p], c_end) - a_start[p]
            b_span = max(b_end[p], c_b_end) - min(b_start[p], c_b_start)
            distance = abs(c_diagonal - diagonal[p])
            if (
                c_start <= a_end[p] + max_gap
                and c_b_start <= b_end[p] + max_gap
                and c_b_end > b_start[p]
                and distance <= max_gap
                and abs(a_span - b_span) <= max(max_gap, max_drift * a_span)
                and (best < 0 or distance < best_distance)
            ):
                best, best_distance = p, distance
        if best >= 0:
            covered[best] += max(0, c_end - max(c_start, a_end[best]))
            a_end[best] = max(a_end[best], c_end)
            b_start[best] = min(b_start[best], c_b_start)
            b_end[best] = max(b_end[best], c_b_end)
            diagonal[best] = c_diagonal
            longest[best] = max(longest[best], c_end - c_start)
            continue
        a_start[count], a_end[count] = c_start, c_end
        b_start[count], b_end[count] = c_b_start, c_b_end
        covered[count], diagonal[count] = c_end - c_start, c_diagonal
        longest[count] = c_end - c_start
        open_ones[n_open] = count
        n_open += 1
        count += 1
    # Passages are made in order of a_start, which never changes: runs are contiguous.
    rows = np.empty((count, 4), np.int64)
    kept, anchored = 0, False
    first = 0
    while first < count:
        last, run_end = first, a_end[first]
        while last + 1 < count and a_start[last + 1] <= run_end + max_gap:
            last += 1
            run_end = max(run_end, a_end[last])
        run_size = weight[run_end] - weight[a_start[first]]
        for p in range(first, last + 1):
            length = a_end[p] - a_start[p]
            if (
                run_size >= min_match
                and length >= 2 * shingle
                and covered[p] >= min_density * length
                and b_end[p] <= b_length
            ):
                rows[kept, 0], rows[kept, 1] = a_start[p], a_end[p]
                rows[kept, 2], rows[kept, 3] = b_start[p], b_end[p]
                anchored = anchored or longest[p] >= anchor
                kept += 1
        first = last + 1
    return rows[:kept] if anchored else rows[:0]


@compiled
def verified_passages(
    a: Verifiable,
    a_weight: npt.NDArray[np.float64],
    b: Verifiable,
    needed: tuple[float, float],
    rules: tuple[int, float, float, float, int, int, int, int],
) -> tuple[bool, IntArray, IntArray, float, float]:
    """A pair verified in one call: whether it was measured (not when no kept key lies in
    a shared anchor-long run, or the chains with every gap bridged cannot cover ``needed``
    of a and of b), its passages as compact rows and as normalised-text spans, and the
    two shares. Measured and empty when no passage can count."""
    max_gap, max_drift, min_match, min_density, shingle, anchor, anchor_shingles, tries = rules
    nothing = np.zeros((0, 4), np.int64)
    if not shares_anchor_run(a[4], a[5], a[0], b[4], b[5], b[0], anchor_shingles, tries):
        return False, nothing, nothing, 0.0, 0.0
    starts, ends, diagonals = seed_chains(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], shingle)
    length_a, length_b = len(a[6]), len(b[6])
    if not len(starts):
        return needed[0] <= 0.0 and needed[1] <= 0.0, nothing, nothing, 0.0, 0.0
    reach_a = bridged_length(starts, ends, max_gap)
    reach_b = bridged_length(starts + diagonals, ends + diagonals, max_gap)
    if min(1.0, reach_a / length_a) < needed[0] or min(1.0, reach_b / length_b) < needed[1]:
        return False, nothing, nothing, 0.0, 0.0
    # All chains' weight, with the largest gaps that could join them, bounds any run of
    # passages (with room for the rounding of a sum in another order).
    weight = 0.0
    for c in range(len(starts)):
        weight += a_weight[ends[c]] - a_weight[starts[c]]
    longest = (ends - starts).max()
    if longest < anchor or weight + (len(starts) - 1) * max_gap < min_match - 1e-6:
        return True, nothing, nothing, 0.0, 0.0
    rows = passages(
        (starts, ends, diagonals),
        a_weight,
        length_b,
        (max_gap, max_drift, min_match, min_density, shingle, anchor),
    )
    if not len(rows):
        return True, nothing, nothing, 0.0, 0.0
    share_a = bridged_length(rows[:, 0].copy(), rows[:, 1].copy(), 0) / length_a
    share_b = bridged_length(rows[:, 2].copy(), rows[:, 3].copy(), 0) / length_b
    spans = np.empty_like(rows)
    for r in range(len(rows)):
        spans[r, 0] = a[6][rows[r, 0]]
        spans[r, 1] = a[6][rows[r, 1] - 1] + 1
        spans[r, 2] = b[6][rows[r, 2]]
        spans[r, 3] = b[6][rows[r, 3] - 1] + 1
    return True, rows, spans, min(share_a, 1.0), min(share_b, 1.0)
