"""Candidate pairs for partial copies: passage windows matched across documents.

Each document's windows and their fingerprints come from ``core.features.windows``.
All windows of all documents go through the same block index as documents do.
A window that matches windows in many unrelated documents is boilerplate (a
header, a licence, a common quotation) and produces no candidates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import Passages
from neardup.core.match import component_roots, find_near_duplicates

# Chosen by measurement on the quality corpus (benchmarks/README.md).
PASSAGE_DISTANCE = 3
# A window that matches this many unrelated documents (or this share of them)
# is treated as boilerplate.
BOILERPLATE_MIN_DOCUMENTS = 5
BOILERPLATE_SHARE = 0.02


def _unique_pairs(
    first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Distinct (first, second) pairs and their counts.

    One int64 key per pair keeps this a 1-D sort, far faster than np.unique(axis=0).
    """
    if not len(first):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    width = int(second.max()) + 1
    keys, counts = np.unique(first * width + second, return_counts=True)
    return keys // width, keys % width, counts.astype(np.int64)


@dataclass(frozen=True, slots=True)
class PassageMatches:
    """Candidate document pairs, and each document's boilerplate windows."""

    candidates: dict[tuple[int, int], int]  # (a, b) with a < b -> matching windows
    boilerplate: list[list[tuple[int, int]]]  # per document: token ranges


def _boilerplate_limit(n_families: int) -> int:
    """How many other families a window must reach to count as boilerplate: a large part
    of a small collection, or many documents of a big one."""
    return min(
        max(BOILERPLATE_MIN_DOCUMENTS, math.ceil(BOILERPLATE_SHARE * n_families)),
        max(3, math.ceil(0.5 * n_families)),
    )


def _widely_repeated(
    fingerprints: npt.NDArray[np.uint64], family: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """Windows whose exact fingerprint occurs in more families than the boilerplate limit.

    Found by counting before the index runs, so that a header shared by thousands
    of documents never becomes millions of window pairs.
    """
    _, fingerprint_id = np.unique(fingerprints, return_inverse=True)
    ids, _, _ = _unique_pairs(fingerprint_id.astype(np.int64), family)
    families_per_fingerprint = np.bincount(ids, minlength=int(fingerprint_id.max()) + 1)
    limit = _boilerplate_limit(len(np.unique(family)))
    return np.asarray(families_per_fingerprint[fingerprint_id] > limit)


def _boilerplate_windows(
    left: npt.NDArray[np.int64],
    right: npt.NDArray[np.int64],
    window_family_left: npt.NDArray[np.int64],
    window_family_right: npt.NDArray[np.int64],
    n_windows: int,
    n_families: int,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Windows that match windows of many distinct families, and each window's reach."""
    common = np.zeros(n_windows, dtype=bool)
    if not len(left):
        return common, np.zeros(n_windows, dtype=np.int64)
    window = np.concatenate((left, right))
    other_family = np.concatenate((window_family_right, window_family_left))
    limit = _boilerplate_limit(n_families)
    windows, _, _ = _unique_pairs(window, other_family)
    reach = np.bincount(windows, minlength=n_windows)
    # A window reaching `limit` other families sits in limit + 1 of them.
    return reach >= limit, reach


# Headers and footers (a declaration, a licence, a course notice) sit at the
# start or end of documents. A window found at an edge of documents of several
# unrelated families is boilerplate even when few share it; a copied passage
# sits at an edge of its source at most, not of the copies too.
EDGE_TOKENS = 40
EDGE_MIN_REACH = 2


def _edge_boilerplate(
    at_edge: npt.NDArray[np.bool_],
    left: npt.NDArray[np.int64],
    right: npt.NDArray[np.int64],
    family_left: npt.NDArray[np.int64],
    family_right: npt.NDArray[np.int64],
) -> npt.NDArray[np.bool_]:
    """Edge windows matched by edge windows of at least EDGE_MIN_REACH other families."""
    both = at_edge[left] & at_edge[right]
    window = np.concatenate((left[both], right[both]))
    other = np.concatenate((family_right[both], family_left[both]))
    common = np.zeros(len(at_edge), dtype=bool)
    if len(window):
        windows, _, _ = _unique_pairs(window, other)
        common = np.bincount(windows, minlength=len(at_edge)) >= EDGE_MIN_REACH
    return common


def _at_edges(passages: Sequence[Passages]) -> npt.NDArray[np.bool_]:
    """Windows that start in the first, or end in the last, EDGE_TOKENS of their document."""
    flags = []
    for p in passages:
        if len(p.token_ends) == 0:
            continue
        length = int(p.token_ends.max())
        flags.append((p.token_starts < EDGE_TOKENS) | (p.token_ends > length - EDGE_TOKENS))
    return np.concatenate(flags) if flags else np.zeros(0, dtype=bool)


# A shared window that overlaps boilerplate continues it (the second paragraph of
# a shared header, say), when it is shared at least this widely.
NEIGHBOUR_MIN_REACH = 2


def _spread_to_neighbours(
    common: npt.NDArray[np.bool_],
    reach: npt.NDArray[np.int64],
    passages: Sequence[Passages],
    first_window: npt.NDArray[np.int64],
) -> None:
    """Mark shared windows that overlap a boilerplate window of the same document."""
    for doc in np.unique(np.searchsorted(first_window, np.flatnonzero(common), side="right") - 1):
        lo = int(first_window[doc])
        starts, ends = passages[doc].token_starts, passages[doc].token_ends
        flags = common[lo : lo + len(starts)]
        shared = reach[lo : lo + len(starts)] >= NEIGHBOUR_MIN_REACH
        changed = True
        while changed:
            changed = False
            for w in np.flatnonzero(shared & ~flags).tolist():
                # Touching counts: windows of whole sentences rarely overlap.
                overlapping = (starts <= ends[w]) & (ends >= starts[w]) & flags
                if overlapping.any():
                    flags[w] = True
                    changed = True


# Documents sharing at least this share of the smaller one's windows are copies
# of each other, and count as one family when deciding what is boilerplate.
COPY_WINDOW_SHARE = 0.5


def _merge_copies(
    family: npt.NDArray[np.int64],
    doc_left: npt.NDArray[np.int64],
    doc_right: npt.NDArray[np.int64],
    windows: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """Join the families of documents that share most of their windows.

    Fingerprint noise can keep an edited copy out of its source's group; without
    this, every window of a source with several such copies would look common.
    """
    if not len(doc_left):
        return family
    a = np.minimum(doc_left, doc_right)
    b = np.maximum(doc_left, doc_right)
    first, second, shared = _unique_pairs(a, b)
    smaller = np.minimum(windows[first], windows[second])
    is_copy = (shared >= COPY_WINDOW_SHARE * smaller) & (first != second)
    copies = np.stack((first[is_copy], second[is_copy]), axis=1)
    if not len(copies):
        return family
    # Family ids are document indices, so union-find over documents joins them.
    roots = component_roots(
        len(family), [(int(family[x]), int(family[y])) for x, y in copies.tolist()]
    )
    return np.array([roots[int(f)] for f in family.tolist()], dtype=np.int64)


def match_passages(
    passages: Sequence[Passages],
    families: Sequence[int],
    max_distance: int = PASSAGE_DISTANCE,
) -> PassageMatches:
    """Document pairs that share at least one window that is not boilerplate.

    ``families[d]`` names document d's near-duplicate family (its group, or
    itself): copies of one text count once when deciding what is boilerplate.
    """
    counts = np.array([len(p.fingerprints) for p in passages], dtype=np.int64)
    no_boilerplate: list[list[tuple[int, int]]] = [[] for _ in passages]
    if counts.sum() < 2:
        return PassageMatches({}, no_boilerplate)
    owner = np.repeat(np.arange(len(passages), dtype=np.int64), counts)
    first_window = np.cumsum(counts) - counts
    all_fps = np.concatenate([p.fingerprints for p in passages])
    # Dense family ids (callers may name families by any document index).
    family = np.unique(np.asarray(families, dtype=np.int64), return_inverse=True)[1].astype(
        np.int64
    )
    repeated = _widely_repeated(all_fps, family[owner])
    indexed = np.flatnonzero(~repeated)
    rows = find_near_duplicates(all_fps[indexed], max_distance)
    rows[:, 0] = indexed[rows[:, 0]]
    rows[:, 1] = indexed[rows[:, 1]]
    left, right = rows[:, 0], rows[:, 1]
    different_docs = owner[left] != owner[right]
    left, right = left[different_docs], right[different_docs]
    # Copies of one text (its group, and copies found through passages) are one
    # family when counting how common a window is; they still pair with each other.
    wide = _merge_copies(family, owner[left], owner[right], counts)
    across = wide[owner[left]] != wide[owner[right]]
    common, reach = _boilerplate_windows(
        left[across],
        right[across],
        wide[owner[left[across]]],
        wide[owner[right[across]]],
        len(all_fps),
        len(np.unique(wide)),
    )
    common |= repeated
    common |= _edge_boilerplate(
        _at_edges(passages),
        left[across],
        right[across],
        wide[owner[left[across]]],
        wide[owner[right[across]]],
    )
    if common.any():
        _spread_to_neighbours(common, reach, passages, first_window)
    boilerplate = no_boilerplate
    for window in np.flatnonzero(common).tolist():
        doc = int(owner[window])
        local = window - int(first_window[doc])
        ranges = passages[doc]
        boilerplate[doc].append((int(ranges.token_starts[local]), int(ranges.token_ends[local])))
    keep = ~(common[left] | common[right])
    return PassageMatches(
        _candidates(owner[left[keep]], owner[right[keep]], reach[left[keep]], reach[right[keep]]),
        boilerplate,
    )


# A pair whose only shared window is also found in more than this many other families
# shares a common phrase, not a copied passage: it is not a candidate. Below the
# boilerplate limit such phrases are still frequent in a large collection, and every
# two documents holding one would otherwise be verified (pairs growing with the square
# of the collection). A copied passage, even one shared by many documents, shares
# several windows with its copies.
LONE_WINDOW_MAX_REACH = 4


def _candidates(
    doc_left: npt.NDArray[np.int64],
    doc_right: npt.NDArray[np.int64],
    reach_left: npt.NDArray[np.int64],
    reach_right: npt.NDArray[np.int64],
) -> dict[tuple[int, int], int]:
    """Document pairs (a < b) and how many window pairs they share, from matched windows."""
    if not len(doc_left):
        return {}
    a = np.minimum(doc_left, doc_right)
    b = np.maximum(doc_left, doc_right)
    width = int(b.max()) + 1
    keys, pair_of_row, hits = np.unique(a * width + b, return_inverse=True, return_counts=True)
    least_reach = np.full(len(keys), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(least_reach, pair_of_row, np.minimum(reach_left, reach_right))
    plausible = (hits >= 2) | (least_reach <= LONE_WINDOW_MAX_REACH)
    keys, hits = keys[plausible], hits[plausible]
    return dict(
        zip(
            zip((keys // width).tolist(), (keys % width).tolist(), strict=True),
            hits.tolist(),
            strict=True,
        )
    )
