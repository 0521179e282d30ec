"""The one way verification's loops are compiled: numba, cached, without the GIL."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

Function = TypeVar("Function", bound=Callable[..., Any])


def compiled(function: Function) -> Function:
    """Compiled on first call, and kept in numba's cache for the next process."""
    if getattr(sys, "frozen", False):
        # The frozen build names code by a relative path, which would make numba's cache
        # depend on the working directory; the bundle keeps the module's source
        # (neardup.spec), so name it by its real path, and the cache lives beside it.
        source = function.__globals__["__file__"]
        function.__code__ = function.__code__.replace(co_filename=source)
    return cast(Function, numba.njit(cache=True, nogil=True)(function))
