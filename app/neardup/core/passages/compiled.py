"""The one way verification's loops are compiled: numba, cached, without the GIL."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

Function = TypeVar("Function", bound=Callable[..., Any])


def _load_numpy_support_without_blas() -> None:
    """Load numba's numpy support now, with SciPy's linear algebra out of its reach.

    When numba first compiles or loads a function, it imports its numpy support, which
    probes for a BLAS by importing ``scipy.linalg`` (0.2 s of CPU, a third of the whole load)
    if SciPy is installed. Verification's loops use no BLAS, so the probe is made here with
    ``scipy.linalg`` held back: numba then uses its own loops for ``np.dot``, and SciPy stays
    importable for anyone else once the probe is done. A process that had imported
    ``scipy.linalg`` already is left as it is.
    """
    held_back = "scipy.linalg" not in sys.modules
    if held_back:
        sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # import says no
    try:
        import numba.np.arraymath  # noqa: F401  # the probe runs as it is imported
    finally:
        if held_back and sys.modules.get("scipy.linalg", "") is None:
            del sys.modules["scipy.linalg"]


_load_numpy_support_without_blas()


def compiled(function: Function) -> Function:
    """Compiled on first call, and kept in numba's cache for the next process."""
    if getattr(sys, "frozen", False):
        # The frozen build names code by a relative path, which would make numba's cache
        # depend on the working directory; the bundle keeps the module's source
        # (neardup.spec), so name it by its real path, and the cache lives beside it.
        source = function.__globals__["__file__"]
        function.__code__ = function.__code__.replace(co_filename=source)
    return cast(Function, numba.njit(cache=True, nogil=True)(function))
