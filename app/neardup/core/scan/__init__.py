"""The scan: walk the folders, analyse files in worker processes, find pairs and groups."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.scan.analysis_stage import (
        MIN_FILES_FOR_POOL,
        AnalysisOutcome,
        analyze_all,
        analyze_files,
        default_workers,
    )
    from neardup.core.scan.blas_threads import one_blas_thread
    from neardup.core.scan.file_walk import WalkResult, walk
    from neardup.core.scan.pairs_stage import find_pairs
    from neardup.core.scan.pipeline import load_verification_in_background, scan
    from neardup.core.scan.progress import (
        CancelFlag,
        CancelToken,
        Progress,
        ProgressCallback,
        ScanContext,
        Stage,
    )
    from neardup.core.scan.worker import BatchAnalysis, WorkerResult, analyze_batch
    from neardup.core.scan.worker_pool import WorkerPool

__all__ = [
    "MIN_FILES_FOR_POOL",
    "AnalysisOutcome",
    "BatchAnalysis",
    "CancelFlag",
    "CancelToken",
    "Progress",
    "ProgressCallback",
    "ScanContext",
    "Stage",
    "WalkResult",
    "WorkerPool",
    "WorkerResult",
    "analyze_all",
    "analyze_batch",
    "analyze_files",
    "default_workers",
    "find_pairs",
    "load_verification_in_background",
    "one_blas_thread",
    "scan",
    "walk",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "analysis_stage": (
            "MIN_FILES_FOR_POOL",
            "AnalysisOutcome",
            "analyze_all",
            "analyze_files",
            "default_workers",
        ),
        "blas_threads": ("one_blas_thread",),
        "file_walk": ("WalkResult", "walk"),
        "pairs_stage": ("find_pairs",),
        "pipeline": ("load_verification_in_background", "scan"),
        "progress": (
            "CancelFlag",
            "CancelToken",
            "Progress",
            "ProgressCallback",
            "ScanContext",
            "Stage",
        ),
        "worker": ("BatchAnalysis", "WorkerResult", "analyze_batch"),
        "worker_pool": ("WorkerPool",),
    },
)
