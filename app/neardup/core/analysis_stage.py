"""Stage one of a scan: analyse every file, in a process pool and through the cache.

Files whose bytes were analysed before (under the same settings) come from the
cache, even if moved or renamed; the rest are extracted, normalised and
tokenised in batches by worker processes.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from pathlib import Path

from neardup.core.analyze import Analyzed, AnalyzeOptions, analyze_batch, analyze_file
from neardup.core.cache import AnalysisCache, FileKey, content_hash
from neardup.core.models import Problem
from neardup.core.progress import ScanContext, Stage, StageTimer
from neardup.core.settings import ScanSettings

# Below this many files a process pool costs more to start than it saves.
MIN_FILES_FOR_POOL = 24
BATCH_BYTES = 4 << 20
BATCH_FILES = 32


def _batches(paths: Sequence[Path]) -> list[list[Path]]:
    """Batches of similar total size, so a pool gets even work and few round trips."""
    batches: list[list[Path]] = []
    current: list[Path] = []
    size = 0
    for path in paths:
        try:
            file_size = path.stat().st_size
        except OSError:
            file_size = 0
        current.append(path)
        size += file_size
        if size >= BATCH_BYTES or len(current) >= BATCH_FILES:
            batches.append(current)
            current, size = [], 0
    if current:
        batches.append(current)
    return batches


def default_workers(settings: ScanSettings) -> int:
    return settings.workers or os.cpu_count() or 1


def _analyze_here(
    paths: Sequence[Path],
    options: AnalyzeOptions,
    ctx: ScanContext,
    timer: StageTimer,
    results: list[Analyzed | Problem],
    done_before: int,
) -> bool:
    """Analyse files one by one in this process; False when cancelled."""
    for path in paths:
        if ctx.cancelled():
            return False
        results.append(analyze_file(path, options))
        timer.report(done_before + len(results), path.name)
    return True


def _run_analysis(
    paths: Sequence[Path],
    options: AnalyzeOptions,
    ctx: ScanContext,
    executor: Executor | None,
    timer: StageTimer,
    done_before: int,
    notices: list[str],
) -> tuple[list[Analyzed | Problem], bool]:
    """Analyse files in this process or a pool; returns the results and whether all finished.

    If the pool breaks (a worker killed, or a process that cannot spawn), the
    files it did not finish are read in this process instead.
    """
    results: list[Analyzed | Problem] = []
    own_pool = None
    workers = default_workers(ctx.settings)
    if executor is None and workers > 1 and len(paths) >= MIN_FILES_FOR_POOL:
        # spawn works the same on every platform and in a frozen app, and does not
        # fork a process that may hold GUI threads.
        own_pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn")
        )
        executor = own_pool
    try:
        if executor is None:
            return results, _analyze_here(paths, options, ctx, timer, results, done_before)
        pending: set[Future[list[Analyzed | Problem]]] = {
            executor.submit(analyze_batch, batch, options) for batch in _batches(paths)
        }
        while pending:
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    batch_results = future.result()
                except BrokenExecutor as error:
                    notices.append(
                        f"The worker processes stopped ({type(error).__name__}); "
                        "the remaining files were read in the main process."
                    )
                    for other in pending:
                        other.cancel()
                    finished = {str(r.path) for r in results}
                    rest = [p for p in paths if str(p) not in finished]
                    return results, _analyze_here(rest, options, ctx, timer, results, done_before)
                results.extend(batch_results)
                last = batch_results[-1].path.name if batch_results else None
                timer.report(done_before + len(results), last)
            if ctx.cancelled():
                for future in pending:
                    future.cancel()
                return results, False
        return results, True
    finally:
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)


def _file_keys(paths: Sequence[Path]) -> dict[str, FileKey]:
    keys: dict[str, FileKey] = {}
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue  # extraction will report it
        keys[str(path)] = FileKey(str(path), info.st_size, info.st_mtime_ns)
    return keys


def _changed_during_scan(item: Analyzed, keys: dict[str, FileKey]) -> bool:
    key = keys.get(str(item.path))
    return key is not None and (key.size, key.mtime_ns) != (item.size, item.mtime_ns)


def analyze_all(
    paths: Sequence[Path],
    ctx: ScanContext,
    executor: Executor | None,
    notices: list[str],
    cache: AnalysisCache | None,
) -> tuple[list[Analyzed | Problem], bool]:
    """Extract and tokenise every file, taking what it can from the cache."""
    settings = ctx.settings
    options = AnalyzeOptions(settings.pdf_engine, settings.tokenizer, settings.user_dict)
    timer = StageTimer(ctx.progress, Stage.EXTRACTING, len(paths))
    timer.report(0, force=True)
    keys = _file_keys(paths)
    settings_key = settings.analysis_key()
    cached: dict[str, Analyzed] = {}
    hashes: dict[str, str] = {}
    if cache is not None:
        cached = cache.load(cache.known_hashes(keys.values()), keys, settings_key)
        for path in paths:
            if str(path) not in cached and str(path) in keys:
                with contextlib.suppress(OSError):  # extraction will report it
                    hashes[str(path)] = content_hash(path)
        moved = cache.load(hashes, keys, settings_key)
        cache.remember_paths({p: hashes[p] for p in moved}, keys)
        cached.update(moved)
    timer.report(len(cached), force=True)
    todo = [p for p in paths if str(p) not in cached]
    fresh, finished = _run_analysis(todo, options, ctx, executor, timer, len(cached), notices)
    results: list[Analyzed | Problem] = list(cached.values())
    to_store: list[tuple[Analyzed, str]] = []
    for item in fresh:
        if isinstance(item, Analyzed) and _changed_during_scan(item, keys):
            item = Problem(  # noqa: PLW2901
                item.path, "The file changed while it was being read; scan again to include it"
            )
        elif isinstance(item, Analyzed) and str(item.path) in hashes:
            to_store.append((item, hashes[str(item.path)]))
        results.append(item)
    if cache is not None:
        cache.store(to_store, keys, settings_key)
    return results, finished
