"""NearDup: find near-duplicate and partly copied documents.

The public Python API: ``scan(paths, settings)`` runs the whole pipeline and
``find_near_duplicates(fingerprints, max_distance)`` is the block index on its own.
"""

from neardup._version import __version__
from neardup.core.index import find_near_duplicates
from neardup.core.pipeline import scan
from neardup.core.progress import CancelToken, Progress, Stage
from neardup.core.result import ScanResult
from neardup.core.settings import ScanSettings

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
