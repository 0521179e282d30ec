"""Compiled loops of verification (numba): the seeds, chains and passages of one pair.

``overlap.py`` says what verification means; this module holds its loops, so that a pair
costs one call into compiled code. Functions take and return plain arrays, and every
rule's constant is an argument, so numba's cache never holds a stale constant.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled
from neardup.core.passages.seed_search import Chains, IntArray, seed_chains

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
def kept_positions(usable: npt.NDArray[np.uint64], window: int, no_key: np.uint64) -> IntArray:
    """Where winnowing keeps a key, as ``core.features.kept_places`` finds them: the
    leftmost smallest key of every ``window`` consecutive ones, once per place, places of
    ``no_key`` left out; sorted by key, then position. One pass with a queue of the keys
    that may still be a window's smallest, where numpy needs a strided search and a sort."""
    n = len(usable)
    places = np.empty(n, np.int64)
    count = 0
    if n < window:
        for k in range(n):
            places[count] = k
            count += 1
    else:
        queue = np.empty(n, np.int64)  # positions, their keys strictly increasing
        head, tail = 0, 0
        for k in range(n):
            # A later equal key never beats an earlier one (leftmost wins): only larger go.
            while tail > head and usable[queue[tail - 1]] > usable[k]:
                tail -= 1
            queue[tail] = k
            tail += 1
            if queue[head] <= k - window:
                head += 1
            if k >= window - 1 and (count == 0 or places[count - 1] != queue[head]):
                places[count] = queue[head]
                count += 1
    kept = np.empty(count, np.int64)
    found = 0
    for k in range(count):
        if usable[places[k]] != no_key:
            kept[found] = places[k]
            found += 1
    kept = kept[:found]
    order = np.argsort(usable[kept], kind="mergesort")
    return kept[order]


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
