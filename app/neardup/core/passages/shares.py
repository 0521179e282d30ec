"""Compiled loops of verification (numba): what a pair's passages hold in common.

A passage joins the chains of a copy across the edits between them, so that a copy is
shown and followed whole; its share counts only what both texts hold: the chains, and
within each edit the words it kept, as a diff reads them. A word the copy swapped for
another is shown in its passage and is not found in the other text.
"""

from __future__ import annotations

import numpy as np

from neardup.core.passages.compiled import compiled
from neardup.core.passages.kernel_types import (
    COUNTED,
    F64,
    U32,
    WEIGHT,
    Chains,
    IntArray,
    Shares,
    Verifiable,
)

# The SHA-256 of each file compiled into this one's loops (``kernels`` says why).
COMPILED_FROM = {
    "kernel_types.py": "49d4c61eb8133d1ede1fd088efb914cdb16299c31b7f02c637931bb16ec583dc"
}

# Pieces of text both hold: where in a, where in b, and how long.
Pieces = list[tuple[int, int, int]]
# The longest edit inside a passage whose kept words are looked for (characters a side):
# two of ``overlap.MAX_GAP``, and the shingle's worth of text between them no seed covers.
# Changing it changes results: bump versions.OVERLAP_VERSION with it.
MAX_EDIT = 64


@compiled
def matched_shares(
    rows: IntArray,
    chains: Chains,
    a: Verifiable,
    a_weight: F64,
    b: Verifiable,
    b_weight: F64,
    max_gap: int,
) -> Shares:
    """The share of a and of b their passages (``rows``) hold in common: the chains inside
    each passage, and what each edit between two of them kept (`_kept_in_edit`), counted
    as ``COUNTED`` counts. Text a passage bridges but the other text lacks is not found.
    The edits lie between the chains of the passage's path, each within ``max_gap`` of the
    last one's diagonal (as ``kernels.passages`` joins them); a phrase the passage repeats
    elsewhere in b makes a chain off the path, found but no edit's edge.
    Its cost follows the chains and edits, not the texts' length."""
    starts, ends, diagonals = chains
    order = np.argsort(starts)
    sorted_starts, longest = starts[order], (ends - starts).max()
    found: Pieces = [(0, 0, 0)]  # pieces of text both hold: where in a, in b, how long
    found.pop()
    for r in range(len(rows)):
        a_start, a_end, b_start, b_end = rows[r, 0], rows[r, 1], rows[r, 2], rows[r, 3]
        at, b_at = a_start, b_start  # how far the passage's path is read on each side
        path = b_start - a_start  # the diagonal it is on
        for k in order[np.searchsorted(sorted_starts, a_start - longest) :]:
            if starts[k] >= a_end:
                break
            # Its part in the passage (whose start may have moved on to a word's).
            diagonal = diagonals[k]
            start = max(starts[k], a_start, b_start - diagonal)
            end = min(ends[k], a_end, b_end - diagonal)
            if start >= end:
                continue  # a chain of another passage
            if abs(diagonal - path) <= max_gap and start + diagonal >= b_at:
                edit = (at, start, b_at, start + diagonal)
                _kept_in_edit(a[8], b[8], a_weight[:, WEIGHT], edit, found)
                at, b_at, path = max(at, end), end + diagonal, diagonal
            found.append((start, start + diagonal, end - start))
        _kept_in_edit(a[8], b[8], a_weight[:, WEIGHT], (at, a_end, b_at, b_end), found)
    pieces = np.empty((len(found), 3), np.int64)
    for k, (a_from, b_from, length) in enumerate(found):
        pieces[k, 0], pieces[k, 1], pieces[k, 2] = a_from, b_from, length
    return (
        _covered_share(pieces[:, 0], pieces[:, 2], a_weight[:, COUNTED]),
        _covered_share(pieces[:, 1], pieces[:, 2], b_weight[:, COUNTED]),
    )


@compiled
def _covered_share(starts: IntArray, lengths: IntArray, counted: F64) -> float:
    """The share of a text the union of [start, start + length) makes, as ``counted``
    (cumulative) counts it."""
    total, covered = 0.0, np.int64(0)
    for k in np.argsort(starts):
        start, end = max(starts[k], covered), starts[k] + lengths[k]
        if end > start:
            total += counted[end] - counted[start]
            covered = end
    return min(total / counted[-1], 1.0) if counted[-1] > 0 else 0.0


@compiled
def _kept_in_edit(
    a: U32, b: U32, a_weight: F64, edit: tuple[int, int, int, int], found: Pieces
) -> None:
    """Add to ``found`` what an edit (a[a_from:a_to] in one text where b[b_from:b_to] is in
    the other) kept, as a diff reads it: the longest run the two share, then the longest
    on either side of it, and so on, each kept where it is not chance (`_kept`). An edit is a few words (``MAX_EDIT`` characters a side), or of one length: a
    passage's first words, found back from its first seed, or words swapped one for one."""
    a_from, a_to, b_from, b_to = edit
    if a_to <= a_from or b_to <= b_from:  # text only one side has, or none
        return
    if a_to - a_from > MAX_EDIT or b_to - b_from > MAX_EDIT:
        if a_to - a_from == b_to - b_from:  # compared place by place
            shift, run = b_from - a_from, 0
            for i in range(a_from, a_to + 1):
                if i < a_to and a[i] == b[i + shift]:
                    run += 1
                    continue
                if _kept(a_weight, i, run):
                    found.append((i - run, i - run + shift, run))
                run = 0
        return
    todo = [edit]
    while todo:
        a_from, a_to, b_from, b_to = todo.pop()
        best, best_end, best_b_end = 0, 0, 0
        runs = np.zeros(b_to - b_from + 1, np.int64)  # runs[j + 1]: ending at a[i], b[j]
        for i in range(a_from, a_to):
            for j in range(b_to - 1, b_from - 1, -1):
                runs[j - b_from + 1] = runs[j - b_from] + 1 if a[i] == b[j] else 0
                if runs[j - b_from + 1] > best:
                    best, best_end, best_b_end = runs[j - b_from + 1], i + 1, j + 1
        if not best:
            continue
        if _kept(a_weight, best_end, best):
            found.append((best_end - best, best_b_end - best, best))
        todo.append((a_from, best_end - best, b_from, best_b_end - best))
        todo.append((best_end, a_to, best_b_end, b_to))


@compiled
def _kept(a_weight: F64, end: int, run: int) -> bool:
    """Whether a run both sides of an edit share, ending at ``end`` in a, is kept text, not
    chance: three characters (a rule of dashes no seed covers), or a word's weight (a CJK
    character; ``a_weight`` is a's cumulative ``WEIGHT``, summed in thirds)."""
    return run >= 3 or (run > 0 and a_weight[end] - a_weight[end - run] >= 1.0 - 1e-9)
