"""A scan's memory housekeeping: Python's cyclic garbage collector kept off the many
objects a scan keeps alive, and the memory a stage freed given back to the system.

A scan holds every analysed document, and its result hundreds of thousands of pairs and
passages. Each full collection walks all of them again with the GIL held: 25-50 ms at a
few thousand documents while matching, 600-700 ms while a report of 119,000 pairs is
built, which a GUI scanning in a thread shows as a frozen window.

numpy's arrays of a few megabytes come from the C library's heap once its threshold for
mapping them on their own has risen (glibc raises it to the largest block freed, up to
32 MB). Freed, they stay in the heap, counted in the process's memory, wherever a block
still in use lies above them: after the candidates of 50,000 documents, 440 of 1,090 MB.
``malloc_trim`` hands such free pages back in a few milliseconds, so a scan calls it after
each step that made and dropped large temporaries. Elsewhere than glibc it does nothing.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
from collections.abc import Callable, Iterator
from functools import cache


class _CollectorFreeze:
    """While entered, no automatic collection runs, and a collection asked for leaves alone
    every object that existed on entry (``gc.freeze``). Entering again, nested or from
    another thread, freezes what exists by then too; the last to leave thaws and turns
    collection back on as it was, since both act on the whole process.

    Off rather than merely frozen: after a freeze the collector counts only the objects made
    since, so it starts a full collection over them after a few thousand more, and a scan
    makes millions (400 ms pauses at 119,000 pairs). What a scan makes holds no cycles;
    whatever cyclic garbage appears meanwhile is collected after.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._was_enabled = True

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if self._depth == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            gc.freeze()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0:
                    # Everything made meanwhile joins the oldest generation unwalked, rather
                    # than wait in the youngest for one collection to walk it all.
                    gc.freeze()
                    gc.unfreeze()
                    if self._was_enabled:
                        gc.enable()


collector_skips_existing_objects = _CollectorFreeze()


@cache
def _trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: most processes that load this module never trim

    try:
        libc = ctypes.CDLL(None)
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # another C library (musl)
        return None
    return trim


def give_back_freed_memory() -> None:
    """Return the heap's free pages to the operating system, where the C library can."""
    trim = _trim()
    if trim is not None:
        trim(0)
