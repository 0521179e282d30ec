"""The worker processes' entry point: analyse a batch of files and encode their cache rows.

Encoding compresses the text, tokens and windows, which is real work; doing it in
the worker that analysed the file keeps it off the scan's one main process. Another
stage may hand the analysis its own entry point (a ``BatchAnalysis``) that wraps
``analyze_batch`` and derives more of each document in the worker: the reference library
computes its passage keys there.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from neardup.core.features import Analyzed, AnalyzeOptions, analyze_file
from neardup.core.models import Problem
from neardup.core.scan.progress import CancelFlag
from neardup.core.store import StoredAnalysis, encode_analysis

Derived = TypeVar("Derived")
# One file as a worker hands it back: its analysis or problem, its stored row when asked
# for (None when not, or when encoding failed), and what the entry point derived of it
# (None for the scan's own, and where the derivation failed: the caller does it again).
WorkerResult = tuple[Analyzed | Problem, StoredAnalysis | None, Derived | None]


class BatchAnalysis(Protocol[Derived]):
    """A worker entry point: a module-level function, so that it pickles by name (for
    spawned processes and Dask alike)."""

    def __call__(
        self, paths: Sequence[Path], options: AnalyzeOptions, *, encode: bool
    ) -> list[WorkerResult[Derived]]: ...


@dataclass(slots=True)
class _WorkerState:
    """What a worker process keeps between batches: its scan's cancel flag."""

    cancel: CancelFlag | None = None


_WORKER = _WorkerState()


def init_worker(cancel: CancelFlag) -> None:
    """Pool initializer for a worker process.

    A Ctrl-C in a terminal reaches every process of the foreground group: the workers
    leave it to the scan's own process, which cancels and still writes its report, rather
    than die mid-batch. ``cancel`` is the scan's cancel flag (a process-shared event), so
    a batch stops between files once the scan is cancelled instead of running on for work
    nobody will read.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # spawned with SIGINT blocked (analysis_stage)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _WORKER.cancel = cancel
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with, args=(parent,), name="neardup-parent-watch", daemon=True
        ).start()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    """Wait for the scan's process to end, however it ends, then end this worker.

    A killed parent (SIGKILL, a crash) never tells its pool to stop, and a worker blocked
    writing a result nobody reads would wait forever; the parent's sentinel becomes ready
    when it is gone, on every platform.
    """
    multiprocessing.connection.wait([parent.sentinel])
    os._exit(1)


def analyze_batch(
    paths: Sequence[Path], options: AnalyzeOptions, *, encode: bool
) -> list[WorkerResult[None]]:
    """Worker entry point: each file's analysis, with its stored row when ``encode``
    (the scan keeps a cache). A batch per task keeps inter-process overhead small."""
    out: list[WorkerResult[None]] = []
    for path in paths:
        if _WORKER.cancel is not None and _WORKER.cancel.is_set():
            break
        item = analyze_file(path, options)
        stored = None
        if encode and isinstance(item, Analyzed):
            try:
                stored = encode_analysis(item)
            except Exception:  # (memory, say) the analysis still counts; the cache tries again
                stored = None
        out.append((item, stored, None))
    return out
