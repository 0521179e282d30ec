"""Compiled loops of verification (numba): the passages of a pair, and pairs in batches.

``overlap.py`` says what verification means; this module and the two it calls hold its
loops (``seeds``: seeds and chains; ``shares``: what passages hold in common), so that a
pair, or a batch of pairs, costs one call into compiled code. Numba checks a cached
function against its own file only: a change to ``seeds.py`` or ``shares.py`` alone would
leave the loops compiled into this file's functions stale. So each file of compiled loops
names the content of every file it takes loops or constants from (``COMPILED_FROM``,
checked by ``tests/unit/test_house.py``): a change there changes it too, and numba
compiles its functions again.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled
from neardup.core.passages.kernel_types import (
    COUNTED,
    F64,
    I32,
    WEIGHT,
    Chains,
    Figures,
    IntArray,
    Packed,
    PassageRules,
    Rules,
    Shares,
    Verifiable,
)
from neardup.core.passages.seeds import bridged_length, seed_chains
from neardup.core.passages.shares import matched_shares

NO_FIGURES = (0.0, 0.0, 0.0, 0.0)

# The SHA-256 of each file compiled into this one's loops (see the docstring).
COMPILED_FROM = {
    "kernel_types.py": "49d4c61eb8133d1ede1fd088efb914cdb16299c31b7f02c637931bb16ec583dc",
    "seeds.py": "388f24cf5320ce7112515831b9e25dcf53b7798aa44d05633789c55fe3d04753",
    "shares.py": "c12458f8c4d2bf1519db83404d797e868955d885041fe2026542e23016b9c44f",
}


@compiled
def passages(chains: Chains, weight: F64, b_length: int, rules: PassageRules) -> IntArray:
    """The significant passages of a pair, as rows (a_start, a_end, b_start, b_end); none
    when none holds a verbatim chain of ``anchor`` characters. Chains are taken in order of a. Each joins the open passage it continues (close in a
    and in b, near its diagonal, the two sides not drifting apart in length) that is
    nearest its diagonal, or starts a passage of its own; several passages stay open, so
    a phrase that recurs elsewhere in b starts a short passage rather than derailing the
    copy being followed. Passages back to back form a run: within ``max_gap`` in a, or in b
    and twice that in a with gaps differing by ``max_gap`` at most (an edit beside a phrase
    too short to seed, read from the text that gained it). A passage counts when its run
    weighs ``min_match``, it spans two shingles (``COUNTED``; 1.25 in a run of thrice
    ``min_match``, a sentence moved in a reordered copy), is ``min_density`` seeds, in b."""
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
        last, furthest = first, first  # the run's passage that reaches furthest in a
        while last + 1 < count:
            a_gap = a_start[last + 1] - a_end[furthest]
            b_gap = b_start[last + 1] - b_end[furthest]
            edit = abs(a_gap - b_gap)  # what one text has in the gap and the other has not
            if a_gap > max_gap and (a_gap > 2 * max_gap or abs(b_gap) > max_gap or edit > max_gap):
                break
            last += 1
            if a_end[last] > a_end[furthest]:
                furthest = last
        run_size = weight[a_end[furthest], WEIGHT] - weight[a_start[first], WEIGHT]
        # A run thrice what a copy needs is copied: a sentence moved in it needs less.
        least = shingle + shingle // 4 if run_size >= 3 * min_match else 2 * shingle
        for p in range(first, last + 1):
            length = a_end[p] - a_start[p]
            if (
                run_size >= min_match
                and weight[a_end[p], COUNTED] - weight[a_start[p], COUNTED] >= least
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
def _reads_first(a: Verifiable, b: Verifiable) -> bool:
    """Whether verification reads a pair with ``a`` first: the longer compact text (each
    occurrence of a shingle in it pairs with one in the other, so a line repeated 30,000
    times is found in a text that repeats it 12,000 times), or on equal lengths the one
    whose shingle hashes come first: what it finds never depends on which is named first."""
    if len(a[6]) != len(b[6]):
        return len(a[6]) > len(b[6])
    for k in range(min(len(a[0]), len(b[0]))):
        if a[0][k] != b[0][k]:
            return bool(a[0][k] < b[0][k])
    return True


@compiled
def verified_passages(
    a: Verifiable,
    a_weight: F64,
    b: Verifiable,
    b_weight: F64,
    needed: Shares,
    rules: Rules,
) -> tuple[bool, IntArray, IntArray, Figures]:
    """A pair verified in one call: whether it was measured (not when its bridged chains
    cannot cover ``needed`` of a and of b), its passages as compact rows and as text spans
    (in order of a), and its `Figures`. Read in the order `_reads_first` gives."""
    if _reads_first(a, b):
        return _verified_in_order(a, a_weight, b, b_weight, needed, rules)
    measured, rows, spans, (share_b, share_a, cover_b, cover_a) = _verified_in_order(
        b, b_weight, a, a_weight, (needed[1], needed[0]), rules
    )
    order = np.argsort(rows[:, 2] * (len(b[6]) + 1) + rows[:, 0], kind="mergesort")
    sides = np.array([2, 3, 0, 1])
    figures = (share_a, share_b, cover_a, cover_b)
    return measured, rows[order][:, sides], spans[order][:, sides], figures


@compiled
def _verified_in_order(
    a: Verifiable, a_weight: F64, b: Verifiable, b_weight: F64, needed: Shares, rules: Rules
) -> tuple[bool, IntArray, IntArray, Figures]:
    """`verified_passages` with ``a`` read first."""
    max_gap, max_drift, min_match, min_density, shingle, anchor, _, _ = rules
    nothing = np.zeros((0, 4), np.int64)
    starts, ends, diagonals = seed_chains(a[:4], b[:4], shingle)
    if not len(starts):
        return needed[0] <= 0.0 and needed[1] <= 0.0, nothing, nothing, NO_FIGURES
    a_count, b_count = a_weight[:, COUNTED], b_weight[:, COUNTED]  # what shares count
    reach_a = bridged_length(starts, ends, max_gap, a_count) / a_count[-1]
    reach_b = bridged_length(starts + diagonals, ends + diagonals, max_gap, b_count) / b_count[-1]
    if min(1.0, reach_a) < needed[0] or min(1.0, reach_b) < needed[1]:
        return False, nothing, nothing, NO_FIGURES
    # All chains' weight and the largest gaps that could join them (twice max_gap in a run)
    # bound any run of passages (with room for the rounding of a sum in another order).
    weight = 0.0
    for c in range(len(starts)):
        weight += a_weight[ends[c], WEIGHT] - a_weight[starts[c], WEIGHT]
    longest = (ends - starts).max()
    if longest < anchor or weight + (len(starts) - 1) * 2 * max_gap < min_match - 1e-6:
        return True, nothing, nothing, NO_FIGURES
    passage_rules = (max_gap, max_drift, min_match, min_density, shingle, anchor)
    rows = passages((starts, ends, diagonals), a_weight, len(b[6]), passage_rules)
    if not len(rows):
        return True, nothing, nothing, NO_FIGURES
    _start_at_the_copy(rows, a, b, a_weight, shingle)
    chains = (starts, ends, diagonals)
    share_a, share_b = matched_shares(rows, chains, a, a_weight, b, b_weight, max_gap)
    # What the passages span, the edits inside them too: what tells an edited whole copy.
    cover_a = bridged_length(rows[:, 0].copy(), rows[:, 1].copy(), 0, a_count) / a_count[-1]
    cover_b = bridged_length(rows[:, 2].copy(), rows[:, 3].copy(), 0, b_count) / b_count[-1]
    spans = np.empty_like(rows)
    for r in range(len(rows)):
        spans[r, 0] = a[6][rows[r, 0]]
        spans[r, 1] = a[6][rows[r, 1] - 1] + 1
        spans[r, 2] = b[6][rows[r, 2]]
        spans[r, 3] = b[6][rows[r, 3] - 1] + 1
    return True, rows, spans, (share_a, share_b, min(cover_a, 1.0), min(cover_b, 1.0))


@compiled
def _start_at_the_copy(rows: IntArray, a: Verifiable, b: Verifiable, w: F64, near: int) -> None:
    """Each start moved back over what the texts share before it on its diagonal (its first
    seeds may be missing), then on over letters (weight ``w`` under a CJK character's) to the
    first word start in both, if ``near`` ("tow|n." "fourtee|n." end alike by chance)."""
    for r in range(len(rows)):
        start, b_start = rows[r, 0], rows[r, 2]
        while start > 0 and b_start > 0 and a[0][start - 1] == b[0][b_start - 1]:
            start, b_start = start - 1, b_start - 1
        word, limit = start, min(rows[r, 0] + near, rows[r, 1])
        while word < limit and not (
            _starts_word(a[6], word) and _starts_word(b[6], b_start + word - start)
        ):
            word = word + 1 if w[word + 1, WEIGHT] - w[word, WEIGHT] < 1.0 else limit
        if word < limit:
            start, b_start = word, b_start + word - start
        rows[r, 0], rows[r, 2] = start, b_start


@compiled
def _starts_word(at: I32, place: int) -> bool:
    return place == 0 or at[place] - at[place - 1] > 1  # a space or a mark was dropped before it


@compiled
def _unpacked(pack: Packed, k: int) -> tuple[Verifiable, F64]:
    """Text k of a pack, as views of its part of each array, and its weights."""
    o, e = pack[10][k], pack[10][k + 1]
    text = (
        pack[0][o[0] : e[0]], pack[1][o[1] : e[1]], pack[2][o[2] : e[2]], pack[3][o[3] : e[3]],
        pack[4][o[4] : e[4]], pack[5][o[5] : e[5]], pack[6][o[6] : e[6]], pack[7][o[7] : e[7]],
        pack[8][o[8] : e[8]],
    )  # fmt: skip
    return text, pack[9][o[9] : e[9]]


@compiled
def verified_many(
    packs: tuple[Packed, Packed], slots: IntArray, needed: F64, rules: Rules
) -> tuple[npt.NDArray[np.bool_], IntArray, IntArray, IntArray, F64]:
    """`verified_passages` of many pairs in one call (a large scan verifies hundreds of
    thousands, in tens of microseconds each). Row k of ``slots`` names pair k's texts as
    (pack, index in it), a then b, and row k of ``needed`` its two shares. Returns whether
    each pair was measured, its passage count, rows and spans (pair after pair), and its
    `Figures` as a row."""
    measured, counts = np.zeros(len(slots), np.bool_), np.zeros(len(slots), np.int64)
    figures = np.zeros((len(slots), 4), np.float64)
    found = [(np.zeros((0, 4), np.int64), np.zeros((0, 4), np.int64))]
    for k in range(len(slots)):
        a, a_weight = _unpacked(packs[slots[k, 0]], slots[k, 1])
        b, b_weight = _unpacked(packs[slots[k, 2]], slots[k, 3])
        done, rows, spans, of_pair = verified_passages(
            a, a_weight, b, b_weight, (needed[k, 0], needed[k, 1]), rules
        )
        measured[k], counts[k] = done, len(rows)
        figures[k, 0], figures[k, 1], figures[k, 2], figures[k, 3] = of_pair
        if len(rows):
            found.append((rows, spans))
    rows, at = np.empty((counts.sum(), 4), np.int64), 0
    spans = np.empty_like(rows)
    for piece in found:
        rows[at : at + len(piece[0])], spans[at : at + len(piece[0])] = piece
        at += len(piece[0])
    return measured, counts, rows, spans, figures
