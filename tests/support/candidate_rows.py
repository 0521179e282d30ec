"""Candidate pairs written as rows (a, b), held the way ``shared_text`` holds them."""

from __future__ import annotations

import numpy as np

from neardup.core.passages import SharedText


def shared_of_rows(pairs: np.ndarray, documents: int) -> SharedText:
    """Sorted rows (a, b) of ``documents`` documents as a ``SharedText`` with no hashes."""
    starts = np.searchsorted(pairs[:, 0], np.arange(documents + 1)).astype(np.int64)
    no_hash = np.zeros(0, dtype=np.uint64)
    shared = SharedText(starts, pairs[:, 1].astype(np.int32), no_hash, no_hash.astype(np.int64))
    assert np.array_equal(shared.rows(), pairs)
    return shared
