"""Stages two and three of a scan: fingerprints, near-duplicate pairs and groups, partial
copies, and each document's similarity summary, from the analysed documents.

Imported only when a scan has work to do: a rescan served whole from the cache
never loads numpy or the matching code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from neardup.core.features import Analyzed, IdfTable
from neardup.core.match import FeatureWeights, MemberInfo, build_groups, near_duplicate_pairs
from neardup.core.models import (
    DocumentRecord,
    MatchedSpan,
    Pair,
    PairKind,
    Problem,
    Role,
    SimilaritySummary,
    Source,
    SpanTable,
)
from neardup.core.passages import non_space_before, union_size
from neardup.core.scan.analysis_stage import AnalysisOutcome
from neardup.core.scan.partial_stage import TextFacts, passage_pairs
from neardup.core.scan.progress import ScanContext, Stage, StageTimer
from neardup.core.scan.spool import ReadOnDemand
from neardup.core.settings import ScanSettings
from neardup.core.store import (
    AnalysisCache,
    ScanOutcome,
    corpus_signature,
    fingerprint_key,
)


def _rows(spans: Sequence[MatchedSpan]) -> np.ndarray:
    if isinstance(spans, SpanTable):  # as verification made them
        return spans.rows
    return np.array(spans, dtype=np.int64).reshape(-1, 5)


def _summaries(
    compared: Sequence[bool], pairs: Sequence[Pair], texts: Sequence[str], *, measured: bool
) -> list[SimilaritySummary | None]:
    """Per document: share of its text found in any other, and its sources; None where
    nothing was measured: the scan did not look, or the document (``compared`` False) was
    too short to compare, with nothing else, and no copy of it found.

    Shares count non-space characters, like each pair's overlap figures.
    """
    count = len(compared)
    spans: list[list[np.ndarray]] = [[] for _ in range(count)]
    sources: list[list[Source]] = [[] for _ in range(count)]
    for pair in pairs:
        rows = _rows(pair.spans) if pair.spans else None
        for me, other, share, columns in (
            (pair.a, pair.b, pair.overlap_a, slice(0, 2)),
            (pair.b, pair.a, pair.overlap_b, slice(2, 4)),
        ):
            if share <= 0:
                continue
            sources[me].append(Source(other, share))
            if rows is not None:
                spans[me].append(rows[:, columns])
    out: list[SimilaritySummary | None] = []
    for doc in range(count):
        if not sources[doc]:
            out.append(
                SimilaritySummary(0.0, None, 0.0, ()) if measured and compared[doc] else None
            )
            continue
        before = non_space_before(texts[doc])
        merged = union_size(np.concatenate(spans[doc]) if spans[doc] else [], before)
        best = max(sources[doc], key=lambda s: s.overlap)
        total = min(1.0, merged / int(before[-1])) if before[-1] else 0.0
        # Spans take the edits inside a copied passage, which its shares leave out: where
        # the sources' passages do not overlap, their shares add up to what was found.
        total = max(min(total, sum(s.overlap for s in sources[doc])), best.overlap)
        out.append(
            SimilaritySummary(
                round(total, 4),
                best.document,
                best.overlap,
                tuple(sorted(sources[doc], key=lambda s: -s.overlap)),
            )
        )
    return out


def _fingerprints(
    docs: Sequence[Analyzed],
    texts: Sequence[str],
    features: FeatureWeights,
    settings: ScanSettings,
    cache: AnalysisCache | None,
    timer: StageTimer,
) -> np.ndarray:
    """Every document's fingerprint, from the cache where the same text, settings and
    (for TF-IDF) the same set of documents were fingerprinted before; ``texts``: each
    document's ``text_key``."""
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


def find_pairs(
    files: Sequence[Path],
    role_of: dict[str, Role],
    analysis: AnalysisOutcome[Any],
    ctx: ScanContext,
    cache: AnalysisCache | None,
    idf: IdfTable | None = None,
    may_pair: Callable[[str, str], bool] | None = None,
) -> ScanOutcome:
    """Fingerprint, match and group the analysed documents; find partial copies.

    ``files`` are all the scan's inputs: after a cancel, the ones not read become problems.
    ``idf`` weighs the documents when they are part of a larger corpus (a reference
    library's candidates); by default the table is these documents' own. ``may_pair``
    (two paths) leaves out the pairs it says no to: a library check pairs each checked
    document with its own candidates only.
    """
    settings, progress = ctx.settings, ctx.progress
    analyzed = analysis.items
    if not analysis.finished:
        # Every input file is accounted for, even in a cancelled scan.
        read = {str(item.path) for item in analyzed}
        analyzed += [Problem.of(path, "cancelled") for path in files if str(path) not in read]
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
    features = FeatureWeights(
        ReadOnDemand(range(len(docs)), lambda i: docs[i].tokens), settings, idf
    )
    texts = TextFacts.of(docs)
    fingerprints = _fingerprints(docs, texts.keys, features, settings, cache, timer)
    eligible = [i for i, d in enumerate(docs) if d.token_count >= max(1, settings.min_tokens)]

    StageTimer(progress, Stage.MATCHING, 1).report(0, force=True)
    with_text = [i for i, d in enumerate(docs) if d.token_count >= 1]
    pairs = near_duplicate_pairs(docs, fingerprints, eligible, roles, features, settings, with_text)
    pairable: Callable[[int, int], bool] | None = None
    if may_pair is not None:
        paths = [str(d.path) for d in docs]
        pairable = lambda a, b: may_pair(paths[a], paths[b])  # noqa: E731
        pairs = [p for p in pairs if pairable(p.a, p.b)]
    infos = [
        MemberInfo(str(d.path), d.size, d.mtime_ns, int(fingerprints[i]), roles[i] is Role.LIBRARY)
        for i, d in enumerate(docs)
    ]
    groups = build_groups(infos, [(p.a, p.b) for p in pairs], settings.reference_rule)
    measured = settings.detect_partial and not ctx.cancelled()
    if measured:
        pairs += passage_pairs(docs, texts, eligible, roles, features, pairs, ctx, cache, pairable)
        grouped = [(p.a, p.b) for p in pairs if p.kind is not PairKind.PARTIAL]
        groups = build_groups(infos, grouped, settings.reference_rule)
    pairs.sort(key=lambda p: (p.a, p.b))

    # A scan that looked and found nothing says 0; one that never looked says nothing.
    measured = measured and not ctx.cancelled()
    compared = np.zeros(len(docs), dtype=bool)
    compared[eligible] = True
    summaries = _summaries(
        compared.tolist(),
        pairs,
        ReadOnDemand(range(len(docs)), lambda i: docs[i].text),
        measured=measured,
    )
    records = []
    for i, d in enumerate(docs):
        notes = d.notes
        if d.token_count < settings.min_tokens:
            notes += (
                f"Too short to compare reliably ({d.token_count} content tokens; "
                f"the minimum is {settings.min_tokens})",
            )
        records.append(
            DocumentRecord(
                path=d.path,
                size=d.size,
                format=d.format,
                tokens=d.token_count,
                simhash=int(fingerprints[i]),
                mtime_ns=d.mtime_ns,
                pages=d.pages,
                encoding=d.encoding,
                role=roles[i],
                notes=notes,
                hidden_chars=d.hidden_chars,
                chars=d.chars,
                similarity=summaries[i],
            )
        )
    problems.sort(key=lambda p: str(p.path))
    return ScanOutcome(records, pairs, groups, problems)
