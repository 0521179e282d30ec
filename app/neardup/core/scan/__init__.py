"""The scan: walk the folders, analyse files in worker processes, find pairs and groups."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.scan.file_walk import WalkResult, walk
    from neardup.core.scan.pipeline import scan
    from neardup.core.scan.progress import (
        CancelFlag,
        CancelToken,
        Progress,
        ProgressCallback,
        Stage,
    )

__all__ = [
    "CancelFlag",
    "CancelToken",
    "Progress",
    "ProgressCallback",
    "Stage",
    "WalkResult",
    "scan",
    "walk",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "file_walk": ("WalkResult", "walk"),
        "pipeline": ("scan",),
        "progress": ("CancelFlag", "CancelToken", "Progress", "ProgressCallback", "Stage"),
    },
)
