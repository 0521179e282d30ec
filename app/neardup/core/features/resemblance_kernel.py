"""Compiled loop of the resemblance of two feature vectors (numba).

A scan of real text compares tens of thousands of pairs; in numpy, each comparison was
half a dozen calls of a few microseconds each. Called from Python only, so numba's cache
of it depends on this file alone.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.features.compiling import compiled

# Sorted ids longer than this many times the other are searched, not merged.
SEARCH_RATIO = 16


@compiled
def shared_weight(
    ids_a: npt.NDArray[np.int64],
    weights_a: npt.NDArray[np.float64],
    ids_b: npt.NDArray[np.int64],
    weights_b: npt.NDArray[np.float64],
) -> float:
    """The sum, over the ids both vectors hold, of the smaller of their two weights.

    Ids are sorted and distinct in each vector. Vectors of like length are merged; a much
    shorter one is looked up in the longer, which is then read only where needed.
    """
    if len(ids_a) > len(ids_b):
        ids_a, weights_a, ids_b, weights_b = ids_b, weights_b, ids_a, weights_a
    total = 0.0
    if len(ids_a) * SEARCH_RATIO < len(ids_b):
        at = np.searchsorted(ids_b, ids_a)
        for i in range(len(ids_a)):
            j = at[i]
            if j < len(ids_b) and ids_b[j] == ids_a[i]:
                total += min(weights_a[i], weights_b[j])
        return total
    i = j = 0
    while i < len(ids_a) and j < len(ids_b):
        if ids_a[i] < ids_b[j]:
            i += 1
        elif ids_a[i] > ids_b[j]:
            j += 1
        else:
            total += min(weights_a[i], weights_b[j])
            i += 1
            j += 1
    return total
