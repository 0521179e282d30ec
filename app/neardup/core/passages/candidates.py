"""Candidate pairs for verification: documents that share a verbatim run of text.

Each document keeps the winnowed hashes of its shingles (``core.features.shingles``).
Two documents that share a verbatim run of ``ANCHOR_CHARS`` characters keep a common
hash: every pair that verification can accept (it needs such a run, see ``overlap.py``)
shares a kept hash and is a candidate. Nothing here depends on a threshold tuned to the
corpus.

Memory stays linear in the text: hashes are first made unique within each document
(a text that repeats one line has few), and documents that share the same set of hashes
(a licence pasted into many files) give their pairs once, not once per hash. A hash kept
by more than ``MAX_SHARED_BY`` documents is common text that gives no pairs at all; the
pairs of such documents still come from any rarer text they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import ANCHOR_CHARS, HashArray, sorted_distinct

MAX_SHARED_BY = 256
# Two odd multipliers make the signature of a posting list (its documents) collision-free
# in practice; a collision would only merge two lists' pairs, never drop one.
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class SharedText:
    """Candidate pairs (indices into the documents given, a < b), and how many documents
    keep each hash, to tell common passages (found in many documents) from rare ones."""

    pairs: npt.NDArray[np.int64]  # shape (m, 2), sorted
    hashes: HashArray  # sorted distinct hashes kept by two or more documents
    documents: IntArray  # how many documents keep each of those hashes

    def documents_at(self, minima: HashArray) -> npt.NDArray[np.int32]:
        """For each window of a text (its ``window_minima``), how many documents keep
        its hash (1 where no other document does)."""
        if not len(self.hashes):
            return np.ones(len(minima), dtype=np.int32)
        where = np.minimum(np.searchsorted(self.hashes, minima), len(self.hashes) - 1)
        return np.where(self.hashes[where] == minima, self.documents[where], 1).astype(np.int32)


def held_by(
    documents_at: npt.NDArray[np.int32], starts: IntArray, ends: IntArray
) -> npt.NDArray[np.int32]:
    """How many documents hold the text of each passage at compact characters
    [start, end): the count of the window at its middle, so that words that happen to
    recur elsewhere at its edges do not change it."""
    if not len(documents_at):
        return np.ones(len(starts), dtype=np.int32)
    last_window = np.maximum(starts, ends - ANCHOR_CHARS)
    middle = np.minimum((starts + last_window) // 2, len(documents_at) - 1)
    return documents_at[middle]


def shared_text(kept: Sequence[HashArray]) -> SharedText:
    """Every pair of documents that keep a common hash, from each document's ``winnowed``."""
    owners = np.repeat(np.arange(len(kept), dtype=np.int64), [len(k) for k in kept])
    values = np.concatenate(kept) if kept else np.zeros(0, dtype=np.uint64)
    order = np.argsort(values, kind="stable")
    values, owners = values[order], owners[order]
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    counts = np.diff(np.append(starts, len(values)))
    shared = counts >= 2
    hashes, documents = values[starts[shared]], counts[shared].astype(np.int64)
    pairs = _pairs_of_postings(owners, starts, counts)
    return SharedText(pairs, hashes, documents)


def _pairs_of_postings(owners: IntArray, starts: IntArray, counts: IntArray) -> IntArray:
    """All pairs within each posting list of 2..MAX_SHARED_BY documents, each list once."""
    useful = (counts >= 2) & (counts <= MAX_SHARED_BY)
    starts, counts = starts[useful], counts[useful]
    if not len(starts):
        return np.zeros((0, 2), dtype=np.int64)
    # One signature per posting list; identical lists (the hashes of one shared passage)
    # collapse to one before any pair is made.
    with np.errstate(over="ignore"):
        mixed = [(owners.astype(np.uint64) + np.uint64(1)) * m for m in _MIX]
        mixed = [m ^ (m >> np.uint64(31)) for m in mixed]
        sums = [np.add.reduceat(m, starts) if len(m) else m for m in mixed]
    signature = np.stack([sums[0], sums[1], counts.astype(np.uint64)], axis=1)
    _, first = np.unique(signature, axis=0, return_index=True)
    starts, counts = starts[first], counts[first]
    found: list[IntArray] = []
    for size in np.unique(counts).tolist():  # lists of one size at a time, as one array
        lists = owners[starts[counts == size][:, None] + np.arange(size)]
        left, right = np.triu_indices(size, 1)
        found.append((lists[:, left] * (1 << 32) + lists[:, right]).reshape(-1))
    keys = sorted_distinct(np.concatenate(found))
    return np.stack([keys >> 32, keys & 0xFFFFFFFF], axis=1)
