"""The scan: walk → extract → fingerprint → match → passages → ScanResult.

A rescan of unchanged files under the same settings is a walk, a stat per file
and one lookup: its outcome comes whole from the cache.

Both front ends (GUI and CLI) drive this one function. Progress reaches them
through a plain callback and cancellation through a flag checked between
files, so the core stays free of Qt.
"""

from __future__ import annotations

import os
import threading
import time
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from neardup.core.collector import collector_skips_existing_objects, give_back_freed_memory
from neardup.core.models import Problem, Role, ScanResult
from neardup.core.scan.file_walk import WalkResult, skipped_by_count, walk
from neardup.core.scan.progress import (
    CancelFlag,
    Progress,
    ProgressCallback,
    ScanContext,
    Stage,
    StageTimer,
)
from neardup.core.settings import ScanSettings
from neardup.core.store import (
    AnalysisCache,
    FileKey,
    ScanInput,
    ScanOutcome,
    SeenFiles,
    decode_outcome,
    encode_outcome,
    scan_keys,
)

if TYPE_CHECKING:  # a rescan served from the cache never starts a pool: not imported for it
    from concurrent.futures import Executor


def scan(
    paths: Iterable[Path | str],
    settings: ScanSettings | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    executor: Executor | None = None,
) -> ScanResult:
    """Scan files and folders for near-duplicates and partial copies.

    ``settings.against`` names reference-library paths: their documents are
    compared with the scanned ones but never with each other. After a cancel
    the result holds what was finished and has ``cancelled`` set.
    """
    settings = settings or ScanSettings()
    started = time.monotonic()
    ctx = ScanContext(settings, progress, cancel)
    if progress is not None:
        progress(Progress(Stage.WALKING, 0, 0))

    def walk_with_settings(roots: Iterable[Path | str]) -> WalkResult:
        return walk(
            roots, settings.suffixes, settings.exclude, settings.include_hidden, settings.include
        )

    paths = list(paths)
    scanned = walk_with_settings(paths)
    library = walk_with_settings(settings.against)
    role_of = {str(p): Role.SCAN for p in scanned.files}
    # A library file that is also scanned (even by another path) is scanned.
    scanned_keys = set(scanned.keys)
    library_files = [
        p for p, key in zip(library.files, library.keys, strict=True) if key not in scanned_keys
    ]
    role_of.update((str(p), Role.LIBRARY) for p in library_files)
    files = scanned.files + library_files
    problems: list[Problem] = scanned.problems + library.problems

    notices: list[str] = []
    cache = AnalysisCache(settings.cache_path) if settings.use_cache else None
    try:
        result = _scan_files(files, role_of, problems, ctx, executor, notices, cache, started)
    finally:
        if cache is not None:
            if cache.problem:
                notices.append(cache.problem)
            cache.close()
    result.skipped_types = skipped_by_count(scanned.skipped_types, library.skipped_types)
    result.inputs = tuple(os.path.abspath(p) for p in paths)
    return result


def _stored_outcome(
    files: Sequence[Path],
    role_of: dict[str, Role],
    settings: ScanSettings,
    cache: AnalysisCache,
    seen: SeenFiles,
) -> ScanOutcome | None:
    """The outcome of an earlier scan of exactly these files, unchanged, under these settings."""
    inputs = _scan_inputs(files, role_of, seen.keys, seen.hashes)
    if inputs is None:
        return None
    stored = cache.scan_outcome(*scan_keys(settings, inputs))
    if stored is None:
        return None
    try:
        with collector_skips_existing_objects():  # 100,000 pairs made at once
            return decode_outcome(stored)
    except (zlib.error, ValueError, KeyError, TypeError):
        return None  # damaged: scan again (and store a good one)


def _scan_inputs(
    files: Sequence[Path],
    role_of: dict[str, Role],
    keys: dict[str, FileKey],
    hashes: dict[str, str],
) -> list[ScanInput] | None:
    """What the outcome of a scan depends on, file by file; None when a file has no
    content hash to name it by (it could not be stat'ed or read)."""
    inputs: list[ScanInput] = []
    for path in files:
        key, digest = keys.get(str(path)), hashes.get(str(path))
        if key is None or digest is None:
            return None
        inputs.append(ScanInput(key.path, role_of[key.path], key.size, key.mtime_ns, digest))
    return inputs


def load_verification_in_background() -> None:
    """Load verification's compiled loops (numba and its cached kernels, about 0.6 s of
    CPU) in a thread while the documents are analysed: a scan starts it once its workers
    are, since on two cores an import competing for the main thread's lock would delay the
    pool's start (about 0.3 s); a library check, before it analyses the checked files."""

    def load() -> None:
        from neardup.core.passages import warm_up

        try:
            warm_up()
        except Exception:  # the first real pair reports any failure
            return

    # Not a daemon: a process that ends while the thread is still inside numba's loading (a
    # scan of three files that never needed it) crashed at exit, under load, with SIGSEGV;
    # the interpreter now waits for the load, a fraction of a second, before it ends.
    threading.Thread(target=load, name="neardup-warm-up", daemon=False).start()


def _scan_files(
    files: Sequence[Path],
    role_of: dict[str, Role],
    problems: list[Problem],
    ctx: ScanContext,
    executor: Executor | None,
    notices: list[str],
    cache: AnalysisCache | None,
    started: float,
) -> ScanResult:
    """The scan after the walk: its stored outcome when nothing changed, else the work."""
    settings = ctx.settings
    seen = cache.see(files) if cache is not None else None
    outcome = None
    if cache is not None and seen is not None:
        outcome = _stored_outcome(files, role_of, settings, cache, seen)
    finished = True
    if outcome is not None:
        StageTimer(ctx.progress, Stage.EXTRACTING, len(files)).report(len(files), force=True)
    else:
        # Imported here, so that a rescan served from the cache stays light; the pairs
        # stage (numba's compiled verification) once the workers run, not before.
        from neardup.core.scan.analysis_stage import analyze_all

        on_start = load_verification_in_background if settings.detect_partial else (lambda: None)
        with collector_skips_existing_objects():
            analysis = analyze_all(files, ctx, executor, notices, cache, seen, on_start)
            give_back_freed_memory()  # the workers' batches, read and spooled
            from neardup.core.scan.pairs_stage import find_pairs

            outcome = find_pairs(files, role_of, analysis, ctx, cache)
            finished = analysis.finished
            inputs = None
            if seen is not None:
                inputs = _scan_inputs(files, role_of, seen.keys, analysis.settled_hashes)
            # Only a complete, clean outcome is worth repeating: not one of a cancelled
            # scan, nor one with a notice (a broken pool) that the next scan should give again.
            clean = finished and not ctx.cancelled() and not notices
            if cache is not None and inputs is not None and clean:
                cache.store_scan_outcome(*scan_keys(settings, inputs), encode_outcome(outcome))
    result = ScanResult(
        documents=outcome.documents,
        pairs=outcome.pairs,
        groups=outcome.groups,
        problems=sorted(problems + outcome.problems, key=lambda p: str(p.path)),
        settings=settings,
        elapsed=time.monotonic() - started,
        cancelled=not finished or ctx.cancelled(),
        notices=notices,
    )
    StageTimer(ctx.progress, Stage.DONE, 1).report(1, force=True)
    return result
