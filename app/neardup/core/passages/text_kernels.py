"""Compiled winnowing (numba): where a text keeps its keys, for ``CompactText``.

Called from Python only, so numba's cache of it depends on this file alone.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled

IntArray = npt.NDArray[np.int64]


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
