"""The library's worker entry point: the scan's batch analysis, with each document's keys.

A library add hands ``analyze_for_library`` to the scan's analysis stage
(``core.scan.analyze_files``) with rows encoded, so that the worker processes, local or on a
Dask cluster, do all of a document's work but the writing: its analysis, its stored row (the
cache's format, which the library keeps too) and its passage keys (``core.library.keys``).
The process that writes the library then only writes. A module-level function, so that it
pickles by name for spawned processes and Dask workers alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from neardup.core.features import Analyzed, AnalyzeOptions, HashArray
from neardup.core.library.keys import library_keys
from neardup.core.scan import WorkerResult, analyze_batch


def analyze_for_library(
    paths: Sequence[Path], options: AnalyzeOptions, *, encode: bool
) -> list[WorkerResult[HashArray]]:
    """Worker entry point: ``analyze_batch``, and the library keys of every analysis."""
    out: list[WorkerResult[HashArray]] = []
    for item, stored, _ in analyze_batch(paths, options, encode=encode):
        keys = None
        if isinstance(item, Analyzed):
            try:
                keys = library_keys(item.text)
            except Exception:  # (memory, say) the process that writes computes them again
                keys = None
        out.append((item, stored, keys))
    return out
