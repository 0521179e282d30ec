"""A library add's analysis, kept a chunk ahead of its writing.

An add stores its files chunk by chunk (``core.library.building``). Analysing a chunk and
then writing it, in turn, leaves the workers idle while the library is written. Here a
thread of its own analyses the chunks one after another, through the scan's stage with the
library's worker entry point (``core.library.worker``), and hands each chunk's outcome
through a queue to the calling thread, which alone writes the library: chunk k+1 is
analysed while chunk k is written, and no further ahead (``CHUNKS_HELD``). With local workers, one pool serves the whole add, so
they start once (a small add, under the scan's ``MIN_FILES_FOR_POOL`` files, is analysed in
process, as a small scan is). The thread alone uses the analysis cache, whose connection it
opens itself (an SQLite connection stays in its thread).

Stopping: a cancel ends the analysis between files; the chunk analysed so far is handed
over, then the end, marked cancelled. When the writing side leaves early (an error while
writing, a Ctrl-C), the feed tells the thread to stop the same way and waits for it, so
nothing runs on after the add returns; an error in the thread is raised in the writing
thread, once.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from neardup.core.features import Analyzed, HashArray
from neardup.core.library.worker import analyze_for_library
from neardup.core.models import Problem
from neardup.core.scan import (
    MIN_FILES_FOR_POOL,
    CancelFlag,
    ProgressCallback,
    ScanContext,
    WorkerPool,
    analyze_files,
    default_workers,
)
from neardup.core.settings import ScanSettings
from neardup.core.store import AnalysisCache, FileKey, SeenFiles, StoredAnalysis, file_keys

# Chunks held at once: the one being written and the one being analysed. Analysing a third
# meanwhile would only help while the writing is the slower side, which then sets the pace
# anyway, and would hold a third chunk of analyses (texts, tokens, rows) in memory.
CHUNKS_HELD = 2
_POLL_SECONDS = 0.1  # how often a waiting side looks whether the other has stopped


@dataclass(slots=True)
class AnalysedChunk:
    """One chunk's outcome: each file's analysis or problem, the content hash its file had at
    the walk (None when it could not be read), and the rows and keys the workers made, by path
    (an analysis from the cache, or read in this process, has neither)."""

    digests: dict[str, str | None]
    items: list[Analyzed | Problem]
    rows: dict[str, StoredAnalysis]
    keys: dict[str, HashArray]


@dataclass(frozen=True, slots=True)
class _End:
    cancelled: bool


@dataclass(frozen=True, slots=True)
class _Failed:
    error: BaseException


class _EitherFlag:
    """Set when the caller cancels or the writing side has stopped."""

    def __init__(self, cancel: CancelFlag | None, stop: threading.Event) -> None:
        self._cancel = cancel
        self._stop = stop

    def is_set(self) -> bool:
        return self._stop.is_set() or (self._cancel is not None and self._cancel.is_set())


class AnalysisFeed:
    """Analyses ``todo`` (path, content hash; ``keys``: each file's stat before it was
    hashed) in chunks of ``chunk_files`` in a thread; used as
    a context manager, iterated for the chunks in order. ``cancelled`` tells, once the chunks
    are all read, whether the analysis stopped before the end."""

    def __init__(
        self,
        todo: Sequence[tuple[Path, str | None]],
        keys: dict[str, FileKey],
        chunk_files: int,
        settings: ScanSettings,
        executor: Executor | None,
        progress: ProgressCallback | None,
        cancel: CancelFlag | None,
        notices: list[str],
    ) -> None:
        self._todo = list(todo)
        self._keys = keys
        self._chunk_files = chunk_files
        self._settings = settings
        self._executor = executor
        self._notices = notices  # written by the thread; read by the caller once it has ended
        self._stop = threading.Event()
        self._ctx = ScanContext(settings, progress, _EitherFlag(cancel, self._stop))
        self._queue: queue.Queue[AnalysedChunk | _End | _Failed] = queue.Queue(1)
        self._room = threading.Semaphore(CHUNKS_HELD)  # taken per chunk analysed, given back
        # once it is written
        self._thread = threading.Thread(target=self._run, name="neardup-library-analysis")
        # Daemon: a second Ctrl-C while the add waits for the thread ends the process.
        self._thread.daemon = True
        self.cancelled = False

    def __enter__(self) -> AnalysisFeed:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        # In slices, emptying the queue meanwhile: a thread waiting to hand a chunk over
        # sees the stop and ends, and a Ctrl-C still reaches this thread.
        while self._thread.is_alive():
            self._drain()
            self._thread.join(_POLL_SECONDS)
        self._drain()

    def __iter__(self) -> Iterator[AnalysedChunk]:
        while True:
            try:
                item = self._queue.get(timeout=_POLL_SECONDS)
            except queue.Empty:
                if self._thread.is_alive():
                    continue
                try:  # it ends by handing over an end: never wait for one that cannot come
                    item = self._queue.get_nowait()
                except queue.Empty:
                    return
            if isinstance(item, _Failed):
                raise item.error
            if isinstance(item, _End):
                self.cancelled = item.cancelled
                return
            yield item
            self._room.release()  # written: the thread may analyse another

    def _drain(self) -> None:
        try:
            while True:
                self._queue.get_nowait()
        except queue.Empty:
            pass

    def _wait_for_room(self) -> bool:
        """Wait until fewer than ``CHUNKS_HELD`` chunks are held; False if the writer stopped."""
        while not self._stop.is_set():
            if self._room.acquire(timeout=_POLL_SECONDS):
                return True
        return False

    def _hand_over(self, item: AnalysedChunk | _End | _Failed) -> None:
        """Queue an item for the writer, unless the writer has stopped reading."""
        while not self._stop.is_set():
            try:
                self._queue.put(item, timeout=_POLL_SECONDS)
                return
            except queue.Full:
                continue

    def _run(self) -> None:
        try:
            finished = self._analyse()
        except BaseException as error:  # raised again in the writing thread
            self._hand_over(_Failed(error))
        else:
            self._hand_over(_End(cancelled=not finished))

    def _seen(self, chunk: Sequence[tuple[Path, str | None]]) -> SeenFiles:
        """The chunk's files as they are now, with the hashes the add took of those still
        as it saw them: the analysis looks up cached analyses and copies by these rather
        than reading each file again. A file edited since (a long add) is hashed anew."""
        keys = file_keys([path for path, _ in chunk])
        hashes = {
            str(path): digest
            for path, digest in chunk
            if digest and str(path) in keys and keys[str(path)] == self._keys.get(str(path))
        }
        return SeenFiles(keys, hashes)

    def _analyse(self) -> bool:
        """Analyse and hand over every chunk; False when stopped before the end."""
        settings = self._settings
        cache = AnalysisCache(settings.cache_path) if settings.use_cache else None
        executor = self._executor
        pool = None
        workers = default_workers(settings)
        if executor is None and workers > 1 and len(self._todo) >= MIN_FILES_FOR_POOL:
            pool = executor = WorkerPool(workers)
        finished = False
        try:
            for start in range(0, len(self._todo), self._chunk_files):
                if not self._wait_for_room() or self._ctx.cancelled():
                    return False
                chunk = self._todo[start : start + self._chunk_files]
                seen = self._seen(chunk)
                analysis = analyze_files(
                    analyze_for_library,
                    [path for path, _ in chunk],
                    self._ctx,
                    executor,
                    self._notices,
                    cache,
                    seen,
                    encode=True,
                )
                if cache is not None:  # so that a scan of these files finds them unchanged
                    cache.remember_paths(
                        {p: h for p, h in seen.hashes.items() if p in analysis.settled_hashes},
                        seen.keys,
                    )
                self._hand_over(
                    AnalysedChunk(
                        {str(path): digest for path, digest in chunk},
                        analysis.items,
                        analysis.encoded,
                        analysis.derived,
                    )
                )
                if not analysis.finished:
                    return False
            finished = True
            return True
        finally:
            if pool is not None:
                pool.close(finished=finished)
            if cache is not None:
                if cache.problem:
                    self._notices.append(cache.problem)
                cache.close()
