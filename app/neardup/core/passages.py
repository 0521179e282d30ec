"""Passage fingerprints: find documents that copy only part of another.

A document is cut into windows of whole sentences holding at least
``PASSAGE_TOKENS`` content tokens, one window starting at each sentence. Each
window gets a 64-bit SimHash of its token occurrences (term frequency). That
does not depend on the other documents, so windows are fingerprinted once, in
the worker that reads the file, and cached with its text. (IDF weights, from
jieba's table, measured no better on the quality corpora and cost every worker
process 0.4 s to load.) Because a window's bit votes are the sum of its
tokens' votes, all windows of a document come from one cumulative sum.

All windows of all documents go through the same block index as documents do.
A window that matches windows in many unrelated documents is boilerplate (a
header, a licence, a common quotation) and produces no candidates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from neardup.core.groups import component_roots
from neardup.core.index import find_near_duplicates
from neardup.core.simhash import UInt64Array, term_hashes
from neardup.core.text import sentence_boundaries
from neardup.core.weighting import IdfTable

# Chosen by measurement on the quality corpus (benchmarks/README.md): shorter
# windows make SimHash noisy, longer ones miss copies of a few sentences.
PASSAGE_TOKENS = 8
PASSAGE_DISTANCE = 3
LONG_SENTENCE_FACTOR = 2
# A window that matches this many unrelated documents (or this share of them)
# is treated as boilerplate.
BOILERPLATE_MIN_DOCUMENTS = 5
BOILERPLATE_SHARE = 0.02


@dataclass(frozen=True, slots=True)
class Passages:
    """The windows of one document: token ranges and their fingerprints."""

    token_starts: npt.NDArray[np.int64]
    token_ends: npt.NDArray[np.int64]
    fingerprints: UInt64Array


def _window_token_ranges(
    text: str, token_offsets: Sequence[int], size: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    offsets = np.asarray(token_offsets, dtype=np.int64)
    n_tokens = len(offsets)
    sentence_starts = np.array(sentence_boundaries(text), dtype=np.int64)
    # First token of each sentence; sentences without tokens collapse together.
    first = np.searchsorted(offsets, sentence_starts, side="left")  # non-decreasing
    first = first[np.flatnonzero(np.diff(first, prepend=-1))]
    first = first[first < n_tokens]
    if len(first) == 0 or n_tokens < size // 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    # Each window ends at the first sentence boundary holding at least `size` tokens.
    boundaries = np.append(first, n_tokens)
    wanted_end = first + size
    end_index = np.searchsorted(boundaries, wanted_end, side="left")
    ends = boundaries[np.minimum(end_index, len(boundaries) - 1)]
    # Windows cut short by the end of the text only repeat the last full one.
    full = (ends - first) >= size
    if not full.any():
        return first[:1], np.array([n_tokens], dtype=np.int64)
    starts, ends = first[full], ends[full]
    # Long sentences (or text with few sentence marks at all) also get windows of
    # exactly `size` tokens along them, so a copy that starts or ends mid-sentence,
    # or is edited late in a long sentence, still shares a window with its source.
    lengths = np.diff(boundaries)
    long_sentences = np.flatnonzero(lengths >= LONG_SENTENCE_FACTOR * size)
    if len(long_sentences):
        inner = np.concatenate(
            [np.arange(first[i], first[i] + lengths[i] - size + 1, size) for i in long_sentences]
        )
        starts = np.concatenate((starts, inner))
        ends = np.concatenate((ends, inner + size))
        order = np.lexsort((ends, starts))
        starts, ends = starts[order], ends[order]
        keep = np.ones(len(starts), dtype=bool)
        keep[1:] = (starts[1:] != starts[:-1]) | (ends[1:] != ends[:-1])
        starts, ends = starts[keep], ends[keep]
    return starts, ends


# Tokens per block when summing votes: bounds memory for huge documents
# (a block of running sums is 64 x CHUNK_TOKENS x 4 bytes, 16 MB).
CHUNK_TOKENS = 1 << 16


_Votes = TypeVar("_Votes", np.int32, np.float32)


def _prefix_sums_at(
    votes: npt.NDArray[_Votes],
    token_ids: npt.NDArray[np.int64],
    positions: npt.NDArray[np.int64],
) -> npt.NDArray[_Votes]:
    """Sums of the tokens' bit votes over tokens [0, p), for each position p (0..n).

    ``votes`` holds one row of 64 per vocabulary entry. The running sums are taken
    along rows of a transposed block (bit x token), which numpy does several times
    faster than down the columns of a token x bit block; blocks bound the memory
    however long the text is.
    """
    out = np.zeros((len(positions), 64), dtype=votes.dtype)
    carry = np.zeros(64, dtype=votes.dtype)
    for block_start in range(0, len(token_ids), CHUNK_TOKENS):
        block_ids = token_ids[block_start : block_start + CHUNK_TOKENS]
        running = np.cumsum(votes[block_ids].T, axis=1, dtype=votes.dtype)
        running += carry[:, None]
        block_end = block_start + len(block_ids)
        # Position p in (block_start, block_end] is column p - 1 - block_start.
        inside = np.flatnonzero((positions > block_start) & (positions <= block_end))
        out[inside] = running[:, positions[inside] - 1 - block_start].T
        carry = running[:, -1].copy()
    return out


def passage_fingerprints(
    text: str,
    tokens: Sequence[str],
    token_offsets: Sequence[int],
    idf: IdfTable | None = None,
    size: int | None = None,
) -> Passages:
    """Fingerprints of every window of a document.

    Without ``idf`` (as scans run) every token occurrence votes +1 or -1 on each bit,
    so a bit is set where more than half of the window's tokens have it set: integer
    counts, exact and cheaper than float sums. ``idf`` weights the votes instead (no
    better on the quality corpora, see above; tests still use it).
    """
    starts, ends = _window_token_ranges(text, token_offsets, size or PASSAGE_TOKENS)
    if len(starts) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Passages(empty, empty, np.zeros(0, dtype=np.uint64))
    vocabulary = list(dict.fromkeys(tokens))
    position = dict(zip(vocabulary, range(len(vocabulary)), strict=True))
    token_ids = np.fromiter(map(position.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    hashes = term_hashes(vocabulary).astype("<u8").view(np.uint8).reshape(-1, 8)
    bits = np.unpackbits(hashes, axis=1, bitorder="little")
    edges = np.concatenate((starts, ends))
    if idf is None:
        counts = _prefix_sums_at(bits.astype(np.int32), token_ids, edges)
        set_in_window = counts[len(starts) :] - counts[: len(starts)]
        positive = 2 * set_in_window > (ends - starts)[:, None]
    else:
        signs = bits.astype(np.float32) * 2 - 1
        weighted = signs * idf.values(vocabulary).astype(np.float32)[:, None]
        sums = _prefix_sums_at(weighted, token_ids, edges)
        positive = (sums[len(starts) :] - sums[: len(starts)]) > 0
    packed = np.packbits(positive, axis=1, bitorder="little")
    return Passages(starts, ends, packed.view("<u8").reshape(-1).astype(np.uint64))


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
