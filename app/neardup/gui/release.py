"""Letting go of large results a slice at a time, so that the window's thread is never
held while a million objects are freed: a worker empties what it is done with before its
task returns (`empty_in_slices`), and the window a report it no longer shows between its
events (`release_gradually`).

A report of 119,000 pairs is about a million objects. When a rescan or an opened report
replaced it, the last reference went in the window's thread and freeing them all held it
for 0.2 s. Its largest lists and dictionaries are emptied here instead, 2,000 entries at
a time from a zero-delay timer, so that the window paints and answers in between.

Only a container nothing else holds is emptied: emptying one still in use would change
what that user sees. Whatever is left is freed as before, at once, and is small.
"""

from __future__ import annotations

import sys
from collections import deque
from typing import Any

from PySide6.QtCore import QTimer

from neardup.gui.report_data import ReportData

SLICE = 2000
# References to a container nothing else holds, as counted in `release_gradually`: the
# report's field (or its raw dictionary), the list of containers, the loop's name, and
# getrefcount's own argument.
_ONLY_HOLDER = 4

_pending: deque[list[Any] | dict[Any, Any]] = deque()


def release_gradually(report: ReportData) -> None:
    """Empty the replaced report's large containers over the next event-loop turns."""
    was_idle = not _pending
    for container in _containers(report):
        if len(container) > SLICE and sys.getrefcount(container) <= _ONLY_HOLDER:
            _pending.append(container)
    if was_idle and _pending:
        QTimer.singleShot(0, _release_a_slice)


def empty_in_slices(items: list[Any]) -> None:
    """Empty a large list now, a slice at a time, from a worker's thread: the window's
    thread can take the GIL between slices."""
    while items:
        del items[-SLICE:]


def _containers(report: ReportData) -> list[list[Any] | dict[Any, Any]]:
    raw = report.raw
    found: list[list[Any] | dict[Any, Any]] = [report.pairs, report.pair_of, report.documents]
    found += [raw[key] for key in ("pairs", "documents") if isinstance(raw.get(key), list)]
    return found


def _release_a_slice() -> None:
    container = _pending[0]
    if isinstance(container, list):
        del container[-SLICE:]
    else:
        for _ in range(min(SLICE, len(container))):
            container.popitem()
    if not container:
        _pending.popleft()
    if _pending:
        QTimer.singleShot(0, _release_a_slice)


def releasing() -> int:
    """How many containers are still being emptied (for tests)."""
    return len(_pending)
