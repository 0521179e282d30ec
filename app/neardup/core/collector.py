"""Keeping Python's cyclic garbage collector off the many objects a scan keeps alive.

A scan holds every analysed document, and its result hundreds of thousands of pairs and
passages. Each full collection walks all of them again with the GIL held: 25-50 ms at a
few thousand documents while matching, 600-700 ms while a report of 119,000 pairs is
built, which a GUI scanning in a thread shows as a frozen window.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator


class _CollectorFreeze:
    """While entered, the collector leaves alone every object that existed on entry
    (``gc.freeze``). Entering again, nested or from another thread, freezes what exists
    by then too; the last to leave unfreezes, since ``gc.freeze`` acts on the whole
    process (an application that froze objects itself gets them back unfrozen then)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            gc.freeze()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0:
                    gc.unfreeze()

    def skip_new_objects(self) -> None:
        """While entered, also leave alone what was made since (say a batch of analyses
        just received); nothing otherwise. A freeze links lists: it costs no walk."""
        with self._lock:
            if self._depth:
                gc.freeze()


collector_skips_existing_objects = _CollectorFreeze()
