"""A passage's span in the normalised text, carried past the marks that close it.

Chinese text is compared without its marks (``core.features.shingles``): a passage's
compact range ends at its last word, and its span at that word's end. The marks after it,
up to the next compact character (a full stop, a closing quotation mark), are the
passage's: its shares count them (each mark counts with the compact character before it,
``kernel_types.COUNTED``), and its span takes them, so a copied paragraph is shown, measured and
reported with its full stop, as when marks were compared.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
_TEXT_END = np.iinfo(np.int32).max


def close_spans(
    positions: Int32Array, marks: Int32Array, ends: IntArray, span_ends: IntArray
) -> None:
    """Move each span end (``span_ends``, in the normalised text) past the marks after its
    passage's last compact character (``ends``, exclusive), in place. ``positions``: where
    each compact character lies; ``marks``: where the left-out marks lie, sorted."""
    last = len(positions) - 1
    stops = np.where(ends <= last, positions[np.minimum(ends, last)], _TEXT_END)
    after = np.searchsorted(marks, stops)
    closing = after > np.searchsorted(marks, positions[ends - 1])
    span_ends[closing] = np.maximum(span_ends[closing], marks[after[closing] - 1] + 1)
