"""The scan: walk → extract → fingerprint → match → passages → ScanResult.

Both front ends (GUI and CLI) drive this one function. Progress reaches them
through a plain callback and cancellation through a flag checked between
files, so the core stays free of Qt.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from neardup.core.analyze import Analyzed, AnalyzeOptions, analyze_batch, analyze_file
from neardup.core.cache import AnalysisCache, FileKey, content_hash
from neardup.core.derived import (
    corpus_signature,
    decode_overlap,
    encode_overlap,
    fingerprint_key,
    overlap_key,
    text_key,
)
from neardup.core.groups import Group, MemberInfo, build_groups
from neardup.core.matching import FeatureWeights, compared, near_duplicate_pairs
from neardup.core.models import Problem
from neardup.core.overlap import CompactText, Overlap, measure_overlap
from neardup.core.passages import match_passages
from neardup.core.progress import CancelFlag, Progress, ProgressCallback, Stage, StageTimer
from neardup.core.result import (
    DocumentRecord,
    Pair,
    PairKind,
    Role,
    ScanResult,
    SimilaritySummary,
    Source,
)
from neardup.core.settings import ScanSettings
from neardup.core.text import Span
from neardup.core.walk import WalkResult, walk

# Below this many files a process pool costs more to start than it saves.
MIN_FILES_FOR_POOL = 24
BATCH_BYTES = 4 << 20
BATCH_FILES = 32


@dataclass(slots=True)
class _Context:
    settings: ScanSettings
    progress: ProgressCallback | None
    cancel: CancelFlag | None

    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()


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
    ctx: _Context,
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
    ctx: _Context,
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


def _analyze_all(
    paths: Sequence[Path],
    ctx: _Context,
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


def _summaries(
    count: int, pairs: Sequence[Pair], lengths: Sequence[int]
) -> list[SimilaritySummary | None]:
    """Per document: share of its text found in any other, and its sources."""
    spans: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    sources: list[list[Source]] = [[] for _ in range(count)]
    for pair in pairs:
        for me, other, share, side in (
            (pair.a, pair.b, pair.overlap_a, 0),
            (pair.b, pair.a, pair.overlap_b, 1),
        ):
            if share <= 0:
                continue
            sources[me].append(Source(other, share))
            for span in pair.spans:
                spans[me].append(
                    (span.a_start, span.a_end) if side == 0 else (span.b_start, span.b_end)
                )
    out: list[SimilaritySummary | None] = []
    for doc in range(count):
        if not sources[doc]:
            out.append(None)
            continue
        merged = 0
        end = -1
        for start, stop in sorted(spans[doc]):
            if start > end:
                merged += stop - start
                end = stop
            elif stop > end:
                merged += stop - end
                end = stop
        best = max(sources[doc], key=lambda s: s.overlap)
        total = min(1.0, merged / lengths[doc]) if lengths[doc] else 0.0
        total = max(total, best.overlap)
        out.append(
            SimilaritySummary(
                round(total, 4),
                best.document,
                best.overlap,
                tuple(sorted(sources[doc], key=lambda s: -s.overlap)),
            )
        )
    return out


# A pair whose texts are each found almost entirely in the other is a
# near-duplicate even when fingerprint noise puts it a few bits beyond k; so is
# a pair with nearly the same vocabulary and most of each text found in the
# other (heavy edits and reordering break passages into pieces).
NEAR_DUPLICATE_OVERLAP = 0.9
# Verify a passage candidate only if its shared windows could plausibly cover this
# share of the minimum overlap (a margin for windows of uneven length).
PREFILTER_SHARE = 0.5
NEAR_DUPLICATE_RESEMBLANCE = 0.9
NEAR_DUPLICATE_MIN_OVERLAP = 0.5


def _is_near_duplicate(found: Overlap, similarity: float, settings: ScanSettings) -> bool:
    both = min(found.overlap_a, found.overlap_b)
    if similarity < settings.min_resemblance:
        return False
    return both >= NEAR_DUPLICATE_OVERLAP or (
        similarity >= NEAR_DUPLICATE_RESEMBLANCE and both >= NEAR_DUPLICATE_MIN_OVERLAP
    )


def _boilerplate_spans(doc: Analyzed, token_ranges: list[tuple[int, int]]) -> list[Span]:
    offsets, tokens = doc.token_offsets, doc.tokens
    return [
        Span(int(offsets[start]), int(offsets[end - 1]) + len(tokens[end - 1]))
        for start, end in token_ranges
    ]


class _Verifier:
    """Exact overlaps of document pairs, from the cache when the same texts with the
    same boilerplate were compared before."""

    def __init__(
        self, docs: Sequence[Analyzed], ignore: dict[int, list[Span]], cache: AnalysisCache | None
    ) -> None:
        self._docs = docs
        self._ignore = ignore
        self._cache = cache
        self._compact: dict[int, CompactText] = {}
        self._keys: dict[int, str] = {}
        self._new: dict[str, bytes] = {}

    def _text_key(self, i: int) -> str:
        if i not in self._keys:
            self._keys[i] = text_key(self._docs[i].text)
        return self._keys[i]

    def _text(self, i: int) -> CompactText:
        if i not in self._compact:
            self._compact[i] = CompactText.of(self._docs[i].text, self._ignore.get(i, ()))
        return self._compact[i]

    def measure(self, a: int, b: int) -> Overlap:
        key = overlap_key(
            self._text_key(a),
            self._text_key(b),
            self._ignore.get(a, ()),
            self._ignore.get(b, ()),
        )
        if self._cache is not None:
            stored = self._cache.derived([key]).get(key)
            if stored is not None:
                return decode_overlap(stored)
        found = measure_overlap(self._text(a), self._text(b))
        self._new[key] = encode_overlap(found)
        return found

    def save(self) -> None:
        if self._cache is not None:
            self._cache.store_derived(self._new)
        self._new = {}


def _passage_pairs(
    docs: Sequence[Analyzed],
    eligible: Sequence[int],
    roles: Sequence[Role],
    features: FeatureWeights,
    near_pairs: list[Pair],
    families: Sequence[int],
    ctx: _Context,
    cache: AnalysisCache | None,
) -> list[Pair]:
    """Overlap figures for near-duplicates, and new pairs found through passages.

    A new pair is a near-duplicate when each text is almost entirely found in
    the other, and a partial copy when enough of the smaller one is.
    """
    settings = ctx.settings
    StageTimer(ctx.progress, Stage.PASSAGES, 1).report(0, force=True)
    passages = [docs[i].passages for i in eligible]
    matches = match_passages(passages, [families[i] for i in eligible])
    ignore: dict[int, list[Span]] = {
        eligible[i]: _boilerplate_spans(docs[eligible[i]], ranges)
        for i, ranges in enumerate(matches.boilerplate)
        if ranges
    }
    verifier = _Verifier(docs, ignore, cache)
    overlap = verifier.measure
    for pair in near_pairs:
        if pair.kind is PairKind.NEAR_DUPLICATE:
            found = overlap(pair.a, pair.b)
            pair.overlap_a, pair.overlap_b, pair.spans = (
                found.overlap_a,
                found.overlap_b,
                found.spans,
            )
    known = {(p.a, p.b) for p in near_pairs}
    new_pairs: list[Pair] = []
    for (i, j), shared_windows in sorted(matches.candidates.items()):
        a, b = eligible[i], eligible[j]
        if (a, b) in known or not compared(roles, a, b):
            continue
        if ctx.cancelled():
            break
        # Windows are about a sentence each: a pair sharing too few of the smaller
        # document's windows cannot reach the minimum overlap, so skip the exact check.
        fewest = min(len(passages[i].fingerprints), len(passages[j].fingerprints))
        if shared_windows < PREFILTER_SHARE * settings.min_overlap * fewest:
            continue
        found = overlap(a, b)
        if not found.spans:
            continue
        smaller = found.overlap_a if len(docs[a].text) <= len(docs[b].text) else found.overlap_b
        similarity = round(features.resemblance(a, b), 4)
        if _is_near_duplicate(found, similarity, settings):
            kind = PairKind.NEAR_DUPLICATE
        elif smaller >= settings.min_overlap:
            kind = PairKind.PARTIAL
        else:
            continue
        distance = (features.fingerprint(a) ^ features.fingerprint(b)).bit_count()
        new_pairs.append(
            Pair(a, b, kind, distance, similarity, found.overlap_a, found.overlap_b, found.spans)
        )
    verifier.save()
    return new_pairs


def _families(count: int, groups: Sequence[Group]) -> list[int]:
    families = list(range(count))
    for group in groups:
        for member, _ in group.members:
            families[member] = group.reference
    return families


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
    ctx = _Context(settings, progress, cancel)
    if progress is not None:
        progress(Progress(Stage.WALKING, 0, 0))

    def walk_with_settings(roots: Iterable[Path | str]) -> WalkResult:
        return walk(
            roots, settings.suffixes, settings.exclude, settings.include_hidden, settings.include
        )

    scanned = walk_with_settings(paths)
    library = walk_with_settings(settings.against)
    role_of = {str(p): Role.SCAN for p in scanned.files}
    for p in library.files:
        role_of.setdefault(str(p), Role.LIBRARY)
    files = scanned.files + [p for p in library.files if role_of[str(p)] is Role.LIBRARY]
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
    result.skipped_files = scanned.skipped + library.skipped
    return result


def _fingerprint_all(
    docs: Sequence[Analyzed],
    features: FeatureWeights,
    settings: ScanSettings,
    cache: AnalysisCache | None,
    timer: StageTimer,
) -> np.ndarray:
    """Every document's fingerprint, from the cache where the same text, settings and
    (for TF-IDF) the same set of documents were fingerprinted before."""
    texts = [text_key(d.text) for d in docs]
    signature = corpus_signature(settings, texts)
    keys = [fingerprint_key(settings, signature, t) for t in texts]
    known = cache.derived(keys) if cache is not None else {}
    fingerprints = np.zeros(len(docs), dtype=np.uint64)
    new: dict[str, bytes] = {}
    for n, key in enumerate(keys):
        if key in known:
            features.remember_fingerprint(n, int.from_bytes(known[key], "little"))
        fingerprints[n] = value = features.fingerprint(n)
        if key not in known:
            new[key] = value.to_bytes(8, "little")
        timer.report(n + 1, docs[n].path.name)
    if cache is not None:
        cache.store_derived(new)
    return fingerprints


def _scan_files(
    files: Sequence[Path],
    role_of: dict[str, Role],
    problems: list[Problem],
    ctx: _Context,
    executor: Executor | None,
    notices: list[str],
    cache: AnalysisCache | None,
    started: float,
) -> ScanResult:
    settings, progress = ctx.settings, ctx.progress
    analyzed, finished = _analyze_all(files, ctx, executor, notices, cache)
    docs: list[Analyzed] = []
    for item in analyzed:
        if isinstance(item, Problem):
            problems.append(item)
        else:
            docs.append(item)
    docs.sort(key=lambda d: str(d.path))
    roles = [role_of.get(str(d.path), Role.SCAN) for d in docs]

    timer = StageTimer(progress, Stage.FINGERPRINTING, len(docs))
    features = FeatureWeights([d.tokens for d in docs], settings)
    fingerprints = _fingerprint_all(docs, features, settings, cache, timer)
    eligible = [i for i, d in enumerate(docs) if len(d.tokens) >= settings.min_tokens]

    StageTimer(progress, Stage.MATCHING, 1).report(0, force=True)
    pairs = near_duplicate_pairs(docs, fingerprints, eligible, roles, features, settings)
    infos = [
        MemberInfo(str(d.path), d.size, d.mtime_ns, int(fingerprints[i]), roles[i] is Role.LIBRARY)
        for i, d in enumerate(docs)
    ]
    groups = build_groups(infos, [(p.a, p.b) for p in pairs], settings.reference_rule)
    if settings.detect_partial and not ctx.cancelled():
        families = _families(len(docs), groups)
        pairs += _passage_pairs(docs, eligible, roles, features, pairs, families, ctx, cache)
        grouped = [(p.a, p.b) for p in pairs if p.kind is not PairKind.PARTIAL]
        groups = build_groups(infos, grouped, settings.reference_rule)
    pairs.sort(key=lambda p: (p.a, p.b))

    summaries = _summaries(len(docs), pairs, [len(d.text) for d in docs])
    records = []
    for i, d in enumerate(docs):
        notes = d.notes
        if len(d.tokens) < settings.min_tokens:
            notes += (
                f"Too short to compare reliably ({len(d.tokens)} content tokens; "
                f"the minimum is {settings.min_tokens})",
            )
        records.append(
            DocumentRecord(
                path=d.path,
                size=d.size,
                format=d.format,
                tokens=len(d.tokens),
                simhash=int(fingerprints[i]),
                mtime_ns=d.mtime_ns,
                pages=d.pages,
                encoding=d.encoding,
                role=roles[i],
                notes=notes,
                chars=len(d.text),
                similarity=summaries[i],
            )
        )
    problems.sort(key=lambda p: str(p.path))
    result = ScanResult(
        documents=records,
        pairs=pairs,
        groups=groups,
        problems=problems,
        settings=settings,
        elapsed=time.monotonic() - started,
        cancelled=not finished or ctx.cancelled(),
        notices=notices,
    )
    StageTimer(progress, Stage.DONE, 1).report(1, force=True)
    return result
