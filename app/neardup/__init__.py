"""NearDup: find near-duplicate and partly copied documents.

The public Python API: ``scan(paths, settings)`` runs the whole pipeline and
``find_near_duplicates(fingerprints, max_distance)`` is the block index on its own.

Names are imported on first use, so that a process which needs only part of the
package (a scan worker, ``neardup --version``) does not pay for all of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from neardup._version import __version__

if TYPE_CHECKING:
    from neardup.core.match import find_near_duplicates
    from neardup.core.models import ScanResult
    from neardup.core.scan import CancelToken, Progress, Stage, scan
    from neardup.core.settings import ScanSettings

_HOMES = {
    "CancelToken": "neardup.core.scan.progress",
    "Progress": "neardup.core.scan.progress",
    "ScanResult": "neardup.core.models",
    "ScanSettings": "neardup.core.settings",
    "Stage": "neardup.core.scan.progress",
    "find_near_duplicates": "neardup.core.match.block_index",
    "scan": "neardup.core.scan.pipeline",
}

__all__ = [
    "CancelToken",
    "Progress",
    "ScanResult",
    "ScanSettings",
    "Stage",
    "__version__",
    "find_near_duplicates",
    "scan",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'neardup' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
