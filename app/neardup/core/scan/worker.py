"""The worker processes' entry point: analyse a batch of files and encode their cache rows.

Encoding compresses the text, tokens and windows, which is real work; doing it in
the worker that analysed the file keeps it off the scan's one main process.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from neardup.core.features import Analyzed, AnalyzeOptions, analyze_file
from neardup.core.models import Problem
from neardup.core.scan.progress import CancelFlag
from neardup.core.store import StoredAnalysis, encode_analysis

EncodedResult = tuple[Analyzed | Problem, StoredAnalysis | None]
PRELOAD_MODULE = "neardup.core.scan.worker_preload"


def worker_context() -> multiprocessing.context.BaseContext:
    """How the scan's worker processes start.

    On Linux, from a fork server: a fresh process (started like a spawned one, never a
    fork of this one, which may hold GUI threads) that loads what workers need once
    (``worker_preload``) and forks each worker from itself. Workers then start in
    milliseconds with their modules and the segmenter's dictionary loaded, share that
    memory, and a long-lived process (the GUI) keeps the server for its next scans.
    Elsewhere, spawn: the same on every platform and in a frozen app (macOS's system
    libraries do not survive a fork, and Windows has none).
    """
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([PRELOAD_MODULE])
        return context
    return multiprocessing.get_context("spawn")


def start_worker_server(context: multiprocessing.context.BaseContext) -> None:
    """Start the fork server, if the context has one, without waiting for it to load
    (the first worker waits): the scan loads its later stages meanwhile."""
    if context.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


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
) -> list[EncodedResult]:
    """Worker entry point: each file's analysis, with its stored row when ``encode``
    (the scan keeps a cache). A batch per task keeps inter-process overhead small."""
    out: list[EncodedResult] = []
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
        out.append((item, stored))
    return out
