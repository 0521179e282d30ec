"""The scan: walk the folders, analyse files in worker processes, find pairs and groups."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.scan.analysis_stage import AnalysisOutcome, analyze_all
    from neardup.core.scan.file_walk import WalkResult, walk
    from neardup.core.scan.pairs_stage import find_pairs
    from neardup.core.scan.pipeline import scan
    from neardup.core.scan.progress import (
        CancelFlag,
        CancelToken,
        Progress,
        ProgressCallback,
        ScanContext,
        Stage,
    )

__all__ = [
    "AnalysisOutcome",
    "CancelFlag",
    "CancelToken",
    "Progress",
    "ProgressCallback",
    "ScanContext",
    "Stage",
    "WalkResult",
    "analyze_all",
    "find_pairs",
    "scan",
    "walk",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "analysis_stage": ("AnalysisOutcome", "analyze_all"),
        "file_walk": ("WalkResult", "walk"),
        "pairs_stage": ("find_pairs",),
        "pipeline": ("scan",),
        "progress": (
            "CancelFlag",
            "CancelToken",
            "Progress",
            "ProgressCallback",
            "ScanContext",
            "Stage",
        ),
    },
)
