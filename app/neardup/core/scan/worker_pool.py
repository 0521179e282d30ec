"""The scan's own worker processes: started ready, safe from a terminal's Ctrl-C, stopped
between files.

A ``WorkerPool`` is a ``concurrent.futures.Executor`` over a ``ProcessPoolExecutor`` whose
processes run ``init_worker``. An analysis with enough files makes one for itself
(``core.scan.analysis_stage``); a caller that analyses in rounds (a library add, chunk after
chunk) makes one for all of them and passes it as the executor, so the workers start once
rather than once a round.

On Linux the workers come from a fork server: a fresh process (started like a spawned one,
never a fork of this one, which may hold GUI threads) that loads what workers need once
(``worker_preload``: the engine, the extractors, the segmenter's dictionary) and forks each
worker from itself. A worker then starts in milliseconds, ready, and shares that memory
with the others, where a spawned one imports it all itself (about half a second); a
long-lived process (the GUI) keeps the server for its next scans. Elsewhere, spawn: the
same on every platform and in a frozen app (macOS's system libraries do not survive a
fork, and Windows has none).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from neardup.core.scan.worker import init_worker

T = TypeVar("T")
PRELOAD_MODULE = "neardup.core.scan.worker_preload"


def worker_context() -> multiprocessing.context.BaseContext:
    """How workers start: from a fork server on Linux, spawned elsewhere."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([PRELOAD_MODULE])
        return context
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def interrupts_held_from_new_workers() -> Iterator[None]:
    """While workers are spawned, keep SIGINT from reaching them until they ignore it.

    A Ctrl-C in a terminal reaches the whole process group. A worker still importing
    when it lands would die with a traceback before its initializer could ignore it. A
    thread's mask of blocked signals survives fork and exec, so the spawning thread
    (the CLI scans in a thread of its own, the GUI too) blocks SIGINT while it spawns:
    the workers start with it blocked, and their initializer ignores it, which drops
    one already pending, before unblocking it. This process's main thread, which does
    not block it, still receives it. Where masks do not exist (Windows), a console's
    Ctrl-C is handled by the initializer alone.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class WorkerPool(Executor):
    """Worker processes for one analysis, or for several in a row.

    ``broken`` is set by the analysis that finds the pool broken (a worker killed), which
    says so once and reads the rest in its own process; later rounds then read there too.
    """

    def __init__(self, workers: int) -> None:
        context = worker_context()
        # Ending workers from outside (terminate) can cut a result off mid-message and hang
        # the executor; a shared flag lets them stop between files instead (`init_worker`).
        # Made first: it starts multiprocessing's resource tracker, and starting that
        # unblocks SIGINT in this thread, which must stay blocked while the server starts.
        self._stop = context.Event()
        # Whether workers are forked by a fork server, which loads in a process of its own:
        # the first worker waits for it without holding this process's lock.
        self.forking = context.get_start_method() == "forkserver"
        if self.forking:
            from multiprocessing import forkserver

            # Started now, without waiting for it to load.
            with interrupts_held_from_new_workers():
                forkserver.ensure_running()
        self._pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=init_worker,
            initargs=(self._stop,),
        )
        self.broken = False

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        # The pool spawns its workers as work is submitted, in the submitting thread.
        with interrupts_held_from_new_workers():
            return self._pool.submit(fn, *args, **kwargs)

    def stop(self) -> None:
        """Make the workers skip every file they have not started: the work is cancelled."""
        self._stop.set()

    def close(self, *, finished: bool) -> None:
        """Let the workers exit in the background rather than wait ~0.1 s for them; unless
        ``finished``, they first skip the files they have not started.

        Queued batches are not cancelled: with the flag set they return at once, whereas a
        cancelled future makes the executor's manager thread raise InvalidStateError if the
        pool breaks afterwards (Python 3.11).
        """
        if not finished:
            self.stop()
        # Before the shutdown: it has the pool's thread reap the workers, and two threads
        # polling one exited fork-server worker can lose its exit code (CPython gh-130895).
        _keep_until_workers_exit(self._stop)
        self._pool.shutdown(wait=False, cancel_futures=False)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        _keep_until_workers_exit(self._stop)
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


# Stop flags of pools left to wind down. A worker still starting up rebuilds the flag from
# its name, so the flag must outlive the pool's processes: collected early, its semaphore is
# gone and the worker dies at start with a traceback (seen on a loaded machine on Ctrl-C).
_winding_down: list[object] = []


def _keep_until_workers_exit(stop_flag: object) -> None:
    if not multiprocessing.active_children():  # every earlier pool's workers have exited
        _winding_down.clear()
    _winding_down.append(stop_flag)
