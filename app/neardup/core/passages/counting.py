"""A verified pair's shares in the characters its figures count: all but whitespace.

Verification compares compact text, which leaves out the marks of Chinese text as well as
whitespace (``core.features.shingles``), and its rows are in compact characters. Every
figure NearDup reports counts a text's characters but its whitespace, marks included, so
a passage counts the marks inside it and those that close it (up to the next compact
character), and its span in the normalised text ends after them: a copied Chinese
paragraph is counted and shown with its full stop, as before marks were left out.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
_TEXT_END = np.iinfo(np.int32).max


def counted_share(
    positions: Int32Array,
    marks: Int32Array,
    starts: IntArray,
    ends: IntArray,
    span_ends: IntArray,
) -> float:
    """The share of a text's counted characters that its passages cover.

    ``positions``: where each compact character lies in the normalised text; ``marks``:
    where the marks left out of it lie (sorted); ``starts`` and ``ends``: the passages as
    compact ranges; ``span_ends``: their ends in the normalised text, moved on past the
    marks that close them, in place.
    """
    count = len(positions)
    if not count:
        return 0.0
    stops = _stops(positions, ends)
    last = np.searchsorted(marks, stops)
    closing = last > np.searchsorted(marks, positions[ends - 1])
    span_ends[closing] = np.maximum(span_ends[closing], marks[last[closing] - 1] + 1)
    # The passages' union: a range that starts where those before it stopped starts a group.
    order = np.argsort(starts, kind="stable")
    starts, ends, stops = starts[order], ends[order], stops[order]
    reach = np.maximum.accumulate(ends)
    first = np.concatenate(([True], starts[1:] >= reach[:-1]))
    group = np.cumsum(first) - 1
    group_starts = starts[first]
    group_ends = np.zeros(len(group_starts), np.int64)
    np.maximum.at(group_ends, group, ends)
    inside = np.searchsorted(marks, _stops(positions, group_ends))
    inside -= np.searchsorted(marks, positions[group_starts])
    covered = int((group_ends - group_starts).sum() + inside.sum())
    return min(1.0, covered / (count + len(marks)))


def _stops(positions: Int32Array, ends: IntArray) -> IntArray:
    """Where the marks after each compact range stop: at the next compact character, or
    at the text's end."""
    last = len(positions) - 1
    stops: IntArray = np.where(ends <= last, positions[np.minimum(ends, last)], _TEXT_END)
    return stops
