"""Stage one of a scan: analyse every file, in a process pool and through the cache.

Files whose bytes were analysed before (under the same settings) come from the
cache, even if moved or renamed, and so do the problems of unchanged files that
could not be used; the rest are extracted, normalised and tokenised in batches
by worker processes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from neardup.core.features import Analyzed, AnalyzeOptions, analyze_file
from neardup.core.models import Problem
from neardup.core.scan.progress import ScanContext, Stage, StageTimer
from neardup.core.scan.same_bytes import SameBytes
from neardup.core.scan.spool import AnalysisSpool
from neardup.core.scan.worker import BatchAnalysis, Derived, WorkerResult, analyze_batch
from neardup.core.scan.worker_pool import WorkerPool
from neardup.core.settings import ScanSettings
from neardup.core.store import (
    AnalysisCache,
    FileKey,
    SeenFiles,
    StoredAnalysis,
    content_hash,
    file_keys,
)

# Below this many files a process pool costs more to start than it saves.
MIN_FILES_FOR_POOL = 24
BATCH_BYTES = 1 << 20
BATCH_FILES = 16


def _batches(paths: Sequence[Path], keys: Mapping[str, FileKey]) -> list[list[Path]]:
    """Batches for a pool, largest files first (sizes from the stat taken at the start).

    Handing out the big files first and the small ones last keeps the workers
    busy to the end (longest-processing-time-first scheduling); batches bound
    the number of round trips.
    """

    def size(path: Path) -> int:
        key = keys.get(str(path))
        return key.size if key is not None else 0  # extraction will report it

    batches: list[list[Path]] = []
    current: list[Path] = []
    total = 0
    for path in sorted(paths, key=size, reverse=True):
        current.append(path)
        total += size(path)
        if total >= BATCH_BYTES or len(current) >= BATCH_FILES:
            batches.append(current)
            current, total = [], 0
    if current:
        batches.append(current)
    return batches


# What one worker may need at its peak: the analysis of the largest document allowed
# (extract.base.MAX_DOCUMENT_CHARS), measured at about 600 MB, with a margin.
WORKER_MEMORY_BYTES = 768 * 2**20


def default_workers(settings: ScanSettings) -> int:
    """Worker processes: as asked, or one per CPU, but no more than memory can hold."""
    wanted = settings.workers or os.cpu_count() or 1
    available = available_memory()
    if available is None:
        return wanted
    return max(1, min(wanted, available // WORKER_MEMORY_BYTES))


def available_memory() -> int | None:
    """Memory the system can give without swapping (Linux), or None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _analyze_here(
    paths: Sequence[Path],
    options: AnalyzeOptions,
    ctx: ScanContext,
    timer: StageTimer,
    results: list[WorkerResult[Derived]],
    done_before: int,
    spool: AnalysisSpool,
) -> bool:
    """Analyse files one by one in this process; False when cancelled.

    Nothing is encoded or derived here: whoever needs a row (the cache, a library) makes
    the ones the workers did not.
    """
    for path in paths:
        if ctx.cancelled():
            return False
        results.append((_spooled(analyze_file(path, options), spool), None, None))
        timer.report(done_before + len(results), path.name)
    return True


ItemT = TypeVar("ItemT", Analyzed, Problem, Analyzed | Problem)


def _spooled(item: ItemT, spool: AnalysisSpool) -> ItemT:
    """An analysis with its contents in the scan's spool, its tokens as indices into the
    scan's words (``TokenIds``).

    The scan holds every document to its end: with their contents in memory, the
    documents were most of its memory (``core.scan.spool``). A worker's batch arrives
    pickled, so each word is a new string in every batch; as indices, a token is 4 bytes.
    Done as batches arrive, while the workers go on.
    """
    if isinstance(item, Analyzed):
        return dataclasses.replace(item, contents=spool.keep(item.contents))
    return item


def _spooled_batch(
    batch: list[WorkerResult[Derived]], spool: AnalysisSpool
) -> list[WorkerResult[Derived]]:
    """A worker's results, spooled (`_spooled`)."""
    return [(_spooled(item, spool), stored, derived) for item, stored, derived in batch]


def _run_analysis(
    batch: BatchAnalysis[Derived],
    paths: Sequence[Path],
    options: AnalyzeOptions,
    ctx: ScanContext,
    executor: Executor | None,
    timer: StageTimer,
    done_before: int,
    notices: list[str],
    encode: bool,
    keys: Mapping[str, FileKey],
    started: Callable[[], None],
    spool: AnalysisSpool,
) -> tuple[list[WorkerResult[Derived]], bool]:
    """Analyse files in this process or a pool; returns the results and whether all finished.
    ``started`` is called once the work is under way (the pool's workers spawned).

    With ``encode``, pool workers also encode each analysis, in parallel. If the pool breaks
    (a worker killed, or a process that cannot spawn), the files it did not finish are read
    in this process instead. A ``WorkerPool`` given as the executor is the caller's, for
    several rounds: it is left running, and only told to stop on a cancel.
    """
    results: list[WorkerResult[Derived]] = []
    own_pool = None
    workers = default_workers(ctx.settings)
    if executor is None and workers > 1 and len(paths) >= MIN_FILES_FOR_POOL:
        own_pool = executor = WorkerPool(workers)
    pool = executor if isinstance(executor, WorkerPool) else None
    if pool is not None and pool.broken:
        executor = None  # it broke in an earlier round, which said so

    def read_rest_here(error: BaseException) -> bool:
        if pool is not None:
            pool.broken = True
        notices.append(
            f"The worker processes stopped ({type(error).__name__}); "
            "the remaining files were read in the main process."
        )
        read = {str(item.path) for item, _, _ in results}
        rest = [p for p in paths if str(p) not in read]
        return _analyze_here(rest, options, ctx, timer, results, done_before, spool)

    finished = False
    try:
        # A fork server loads in a process of its own, and the first worker waits for it
        # without holding this process's lock: what the scan loads meanwhile costs the pool
        # nothing. Spawned workers are pickled by this thread: then later.
        forking = pool is not None and pool.forking
        if executor is None or forking:
            started()
        if executor is None:
            return results, _analyze_here(paths, options, ctx, timer, results, done_before, spool)
        try:
            pending: set[Future[list[WorkerResult[Derived]]]] = {
                executor.submit(batch, files, options, encode=encode)
                for files in _batches(paths, keys)
            }
        except BrokenExecutor as error:  # a caller's pool that broke since its last round
            return results, read_rest_here(error)
        if not forking:
            started()
        while pending:
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    batch_results = future.result()
                except BrokenExecutor as error:
                    if ctx.cancelled():
                        # A Ctrl-C reaches the whole process group, and workers still
                        # starting up die of it before they can ignore it: part of the cancel.
                        return results, False
                    for other in pending:
                        other.cancel()
                    return results, read_rest_here(error)
                results.extend(_spooled_batch(batch_results, spool))
                last = batch_results[-1][0].path.name if batch_results else None
                timer.report(done_before + len(results), last)
            if ctx.cancelled():
                if pool is not None:  # its workers skip the files they have not started
                    pool.stop()
                else:  # another's executor: drop what it has not started
                    for future in pending:
                        future.cancel()
                return results, False
        finished = True
        return results, True
    finally:
        if own_pool is not None:
            own_pool.close(finished=finished)


def _changed_during_scan(item: Analyzed | Problem, keys: dict[str, FileKey]) -> bool:
    """Whether the file is no longer the one seen at the start (a problem carries no stat,
    so its file is looked at again)."""
    key = keys.get(str(item.path))
    if key is None:
        return False
    if isinstance(item, Problem):
        return file_keys([item.path]).get(key.path) != key
    return (key.size, key.mtime_ns) != (item.size, item.mtime_ns)


@dataclass(slots=True)
class AnalysisOutcome(Generic[Derived]):
    """Every file's analysis or problem, whether all were read, and the content hashes of
    the files whose outcome describes the bytes seen at the start (for the scan memo).

    ``encoded`` holds the stored rows the workers made, and ``derived`` what the worker
    entry point derived, of the analyses among ``items``, by path; an analysis read from the
    cache, or in this process, has neither. A scan's own analysis (``analyze_all``) leaves
    ``encoded`` empty: the rows are in the cache by then.
    """

    items: list[Analyzed | Problem]
    finished: bool
    settled_hashes: dict[str, str]
    encoded: dict[str, StoredAnalysis] = field(default_factory=dict)
    derived: dict[str, Derived] = field(default_factory=dict)


def analyze_all(
    paths: Sequence[Path],
    ctx: ScanContext,
    executor: Executor | None,
    notices: list[str],
    cache: AnalysisCache | None,
    seen: SeenFiles | None = None,
    started: Callable[[], None] = lambda: None,
) -> AnalysisOutcome[None]:
    """Extract and tokenise every file, taking what it can from the cache; the scan's
    workers encode rows only for a cache.

    ``seen`` is the state of the files when the scan started, if already looked up;
    ``started`` is called once the files not in the cache are being analysed (a scan
    loads what its next stages need then, rather than slow the start of the pool).
    """
    outcome = analyze_files(
        analyze_batch, paths, ctx, executor, notices, cache, seen, started, encode=cache is not None
    )
    outcome.encoded.clear()  # in the cache now, and a scan's later stages never read them
    return outcome


def analyze_files(
    batch: BatchAnalysis[Derived],
    paths: Sequence[Path],
    ctx: ScanContext,
    executor: Executor | None,
    notices: list[str],
    cache: AnalysisCache | None,
    seen: SeenFiles | None = None,
    started: Callable[[], None] = lambda: None,
    *,
    encode: bool,
) -> AnalysisOutcome[Derived]:
    """``analyze_all`` with another worker entry point (which wraps ``analyze_batch``), and
    rows encoded by the workers when ``encode`` whether or not there is a cache."""
    settings = ctx.settings
    options = AnalyzeOptions.of(settings)
    timer = StageTimer(ctx.progress, Stage.EXTRACTING, len(paths))
    timer.report(0, force=True)
    if seen is None:
        seen = cache.see(paths) if cache is not None else SeenFiles(file_keys(paths), {})
    keys = seen.keys
    settings_key = settings.analysis_key()
    spool = AnalysisSpool()

    def spooled(analysis: Analyzed) -> Analyzed:
        # Each cached analysis to the spool as it is decoded: a warm scan's would otherwise
        # all be in memory at once.
        return _spooled(analysis, spool)

    cached: dict[str, Analyzed] = {}
    known_problems: dict[str, Problem] = {}
    hashes = dict(seen.hashes)
    # A cache that failed to open (locked, corrupt) is not worth reading every file to hash.
    if cache is not None and cache.usable:
        cached = cache.load(seen.hashes, keys, settings_key, spooled)
        known_problems = cache.load_problems(
            {p: h for p, h in seen.hashes.items() if p not in cached}, settings_key
        )
        hashed: dict[str, str] = {}
        for path in paths:
            # Only regular files have keys: a FIFO or a device is never read here (it
            # could block for ever), extraction reports it.
            if str(path) in keys and str(path) not in hashes:
                with contextlib.suppress(OSError):  # extraction will report it
                    hashed[str(path)] = content_hash(path)
        moved = cache.load(hashed, keys, settings_key, spooled)
        cache.remember_paths({p: hashed[p] for p in moved}, keys)
        cached.update(moved)
        del moved
        hashes.update(hashed)
    settled = {p: hashes[p] for p in (*cached, *known_problems)}
    results: list[Analyzed | Problem] = list(cached.values())
    results += [known_problems[str(p)] for p in paths if str(p) in known_problems]
    timer.report(len(results), force=True)
    same_bytes = SameBytes.of([p for p in paths if str(p) not in settled], keys, hashes)
    analysed, finished = _run_analysis(
        batch,
        same_bytes.todo,
        options,
        ctx,
        executor,
        timer,
        len(results),
        notices,
        encode,
        keys,
        started,
        spool,
    )
    fresh: list[WorkerResult[Derived]] = []
    read_again: list[Path] = []
    for item, stored, derived in analysed:
        fresh.append((item, stored, derived))
        if str(item.path) not in same_bytes.copies:
            continue  # most files: no copy, and no second look at the file (a problem's stat)
        unchanged = not _changed_during_scan(item, keys)
        copies, unsure = same_bytes.outcomes_of_copies(item, keys, unchanged=unchanged)
        fresh += [(copy, stored, derived) for copy in copies]
        read_again += unsure
    if read_again and finished:
        finished = _analyze_here(read_again, options, ctx, timer, fresh, len(results), spool)
    timer.report(len(results) + len(fresh), force=True)
    if spool.problem is not None:
        notices.append(spool.problem)
    outcome: AnalysisOutcome[Derived] = AnalysisOutcome(results, finished, settled)
    new_analyses: list[tuple[Analyzed, str]] = []
    new_problems: list[tuple[Problem, str]] = []
    for item, stored, derived in fresh:
        digest = hashes.get(str(item.path))
        if _changed_during_scan(item, keys):
            if isinstance(item, Analyzed):
                item = Problem.of(item.path, "changed-while-read")  # noqa: PLW2901
        elif digest is not None and (isinstance(item, Analyzed) or item.lasting):
            # A problem that may pass (a read error, say) is neither remembered nor part of
            # a stored scan outcome: the next scan reads the file again.
            if isinstance(item, Analyzed):
                new_analyses.append((item, digest))
            else:
                new_problems.append((item, digest))
            settled[str(item.path)] = digest
        if isinstance(item, Analyzed):
            if stored is not None:
                outcome.encoded[str(item.path)] = stored
            if derived is not None:
                outcome.derived[str(item.path)] = derived
        results.append(item)
    if cache is not None:
        cache.store(new_analyses, keys, settings_key, outcome.encoded)
        cache.store_problems(new_problems, keys, settings_key)
    return outcome
