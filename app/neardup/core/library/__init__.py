"""The reference library: documents analysed once and kept on disk, to check others against.

A library is a folder: a SQLite file (``core.library.database``) with every document's
analysis, and an index of sparse passage keys and document fingerprints in memory-mapped
numpy arrays (``core.library.segments``, ``core.library.keys``). ``add`` fills it with the
scan's own analysis; ``check`` gives the scan's result for the checked documents against it,
through the scan's own verification.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.library.building import (
        AddOutcome,
        RemoveOutcome,
        add_to_library,
        remove_from_library,
    )
    from neardup.core.library.checking import check_library
    from neardup.core.library.database import is_library
    from neardup.core.library.distributed import DaskExecutor, dask_executor
    from neardup.core.library.errors import (
        LibraryDamagedError,
        LibraryError,
        LibraryReadOnlyError,
        LibraryVersionError,
    )
    from neardup.core.library.keys import LIBRARY_WINNOW, RUN_GUARANTEE, library_keys
    from neardup.core.library.maintenance import LibraryInfo, library_info, rebuild_library

__all__ = [
    "LIBRARY_WINNOW",
    "RUN_GUARANTEE",
    "AddOutcome",
    "DaskExecutor",
    "LibraryDamagedError",
    "LibraryError",
    "LibraryInfo",
    "LibraryReadOnlyError",
    "LibraryVersionError",
    "RemoveOutcome",
    "add_to_library",
    "check_library",
    "dask_executor",
    "is_library",
    "library_info",
    "library_keys",
    "rebuild_library",
    "remove_from_library",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "building": ("AddOutcome", "RemoveOutcome", "add_to_library", "remove_from_library"),
        "checking": ("check_library",),
        "database": ("is_library",),
        "distributed": ("DaskExecutor", "dask_executor"),
        "errors": (
            "LibraryDamagedError",
            "LibraryError",
            "LibraryReadOnlyError",
            "LibraryVersionError",
        ),
        "keys": ("LIBRARY_WINNOW", "RUN_GUARANTEE", "library_keys"),
        "maintenance": ("LibraryInfo", "library_info", "rebuild_library"),
    },
)
