"""The scan: walk → extract → fingerprint → match → passages → ScanResult.

A rescan of unchanged files under the same settings is a walk, a stat per file
and one lookup: its outcome comes whole from the cache.

Both front ends (GUI and CLI) drive this one function. Progress reaches them
through a plain callback and cancellation through a flag checked between
files, so the core stays free of Qt.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from pathlib import Path

import numpy as np

from neardup.core.analysis_stage import AnalysisOutcome, analyze_all
from neardup.core.analyze import Analyzed
from neardup.core.cache import AnalysisCache, FileKey, SeenFiles
from neardup.core.derived import (
    ScanInput,
    ScanOutcome,
    corpus_signature,
    decode_outcome,
    encode_outcome,
    fingerprint_key,
    scan_keys,
    text_key,
)
from neardup.core.groups import MemberInfo, build_groups
from neardup.core.matching import FeatureWeights, near_duplicate_pairs
from neardup.core.models import Problem
from neardup.core.overlap import non_space_before, union_size
from neardup.core.partial_stage import families_of, passage_pairs
from neardup.core.progress import (
    CancelFlag,
    Progress,
    ProgressCallback,
    ScanContext,
    Stage,
    StageTimer,
)
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
from neardup.core.walk import WalkResult, walk


def _summaries(
    count: int, pairs: Sequence[Pair], texts: Sequence[str]
) -> list[SimilaritySummary | None]:
    """Per document: share of its text found in any other, and its sources.

    Shares count non-space characters, like each pair's overlap figures.
    """
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
        before = non_space_before(texts[doc])
        merged = union_size(spans[doc], before)
        best = max(sources[doc], key=lambda s: s.overlap)
        total = min(1.0, merged / int(before[-1])) if before[-1] else 0.0
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
        analysis = analyze_all(files, ctx, executor, notices, cache, seen)
        outcome, finished = _find(files, role_of, analysis, ctx, cache), analysis.finished
        inputs = None
        if seen is not None:
            inputs = _scan_inputs(files, role_of, seen.keys, analysis.settled_hashes)
        # Only a complete, clean outcome is worth repeating: not one of a cancelled scan,
        # nor one with a notice (a broken pool) that the next scan should give again.
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


def _find(
    files: Sequence[Path],
    role_of: dict[str, Role],
    analysis: AnalysisOutcome,
    ctx: ScanContext,
    cache: AnalysisCache | None,
) -> ScanOutcome:
    """Fingerprint, match and group the analysed documents; find partial copies."""
    settings, progress = ctx.settings, ctx.progress
    analyzed = analysis.items
    if not analysis.finished:
        # Every input file is accounted for, even in a cancelled scan.
        read = {str(item.path) for item in analyzed}
        analyzed += [
            Problem(path, "Not read: the scan was cancelled before this file")
            for path in files
            if str(path) not in read
        ]
    problems: list[Problem] = []
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
    eligible = [i for i, d in enumerate(docs) if len(d.tokens) >= max(1, settings.min_tokens)]

    StageTimer(progress, Stage.MATCHING, 1).report(0, force=True)
    pairs = near_duplicate_pairs(docs, fingerprints, eligible, roles, features, settings)
    infos = [
        MemberInfo(str(d.path), d.size, d.mtime_ns, int(fingerprints[i]), roles[i] is Role.LIBRARY)
        for i, d in enumerate(docs)
    ]
    groups = build_groups(infos, [(p.a, p.b) for p in pairs], settings.reference_rule)
    if settings.detect_partial and not ctx.cancelled():
        families = families_of(len(docs), groups)
        pairs += passage_pairs(docs, eligible, roles, features, pairs, families, ctx, cache)
        grouped = [(p.a, p.b) for p in pairs if p.kind is not PairKind.PARTIAL]
        groups = build_groups(infos, grouped, settings.reference_rule)
    pairs.sort(key=lambda p: (p.a, p.b))

    summaries = _summaries(len(docs), pairs, [d.text for d in docs])
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
    return ScanOutcome(records, pairs, groups, problems)
