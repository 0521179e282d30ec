"""How a report's documents spread over fingerprint distance and overlap, and what another
threshold would give, from the report alone (no rescan).

The report holds every document's fingerprint, so the distance of every pair of documents
is known, not only of the pairs found. What it cannot say is whether a pair beyond the
scan's k would pass the checks a scan makes (the resemblance guard, and with partial-copy
detection the shared text): those are counted apart, as pairs a rescan would check.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from neardup.core.features import BITS
from neardup.core.match import component_roots

# Pairs of documents measured at most: all of them up to this many documents, else a
# sample of this many documents (8 million pairs, a fraction of a second).
MAX_DOCUMENTS_MEASURED = 4000
OVERLAP_BINS = 20  # bars of 5 %
GROUPED_KINDS = frozenset({"duplicate", "near-duplicate"})


@dataclass(frozen=True, slots=True)
class ReportedPair:
    a: int
    b: int
    kind: str
    distance: int
    shorter_share: float  # the share of the shorter text found in the other


@dataclass(frozen=True, slots=True)
class ThresholdPreview:
    """What a threshold k would give: pairs and groups the report can vouch for, and the
    pairs within k that no scan has checked yet."""

    threshold: int
    pairs: int
    groups: int
    unchecked: int | None  # None: not known, the distances being those of a sample
    beyond_scan: bool  # k is larger than the scan's: the unchecked pairs need a rescan


@dataclass(frozen=True, slots=True)
class OverlapPreview:
    minimum: float
    partial_pairs: int
    below_scan: bool  # lower than the scan's minimum: pairs below it were never kept


class ThresholdPreviewer:
    """Distances and overlaps of one report, and previews for other thresholds."""

    def __init__(self, report: dict[str, Any]) -> None:
        settings = report.get("settings") or {}
        self.scan_threshold = int(settings.get("threshold", 3))
        self.scan_min_overlap = float(settings.get("min_overlap", 0.05))
        summary = report.get("summary") or {}
        self.partial_measured = bool(settings.get("detect_partial", True)) and not bool(
            summary.get("cancelled", False)
        )
        documents = list(report.get("documents") or ())
        index = {str(d.get("path")): n for n, d in enumerate(documents)}
        self.document_count = len(documents)
        chars = [int(d.get("chars") or 0) for d in documents]
        self.pairs = [
            _reported(p, index, chars) for p in report.get("pairs") or () if _known(p, index)
        ]
        min_tokens = int(settings.get("min_tokens", 0))
        counts, measured, eligible = _distance_counts(documents, min_tokens)
        # distance_counts[d]: pairs of compared documents whose fingerprints differ in d bits
        self.distance_counts = counts
        self.measured_documents, self.eligible_documents = measured, eligible
        # A report without fingerprints (written by hand, or cut down) still has its pairs'
        # distances: the chart shows those, and the preview cannot count what lies beyond.
        self.pairs_only = eligible == 0 and bool(self.pairs)
        if self.pairs_only:
            for pair in self.pairs:
                self.distance_counts[min(BITS, max(0, pair.distance))] += 1
        # Counted here, off the GUI thread (a previewer is built in a worker): a pass over
        # 119,000 pairs held the window for 160 ms when the chart asked for it.
        self.overlap_counts = [0] * OVERLAP_BINS
        for pair in self.pairs:
            self.overlap_counts[min(OVERLAP_BINS - 1, int(pair.shorter_share * OVERLAP_BINS))] += 1

    @property
    def sampled(self) -> bool:
        """Whether the distances are those of a sample of the documents."""
        return self.measured_documents < self.eligible_documents

    def preview(self, threshold: int) -> ThresholdPreview:
        """Pairs and groups at ``threshold``: the report's duplicates, its near-duplicates
        within it, and (with partial-copy detection) those found through their shared text
        beyond the scan's k, which any k finds."""
        kept = [
            p
            for p in self.pairs
            if p.kind in GROUPED_KINDS
            and (
                p.kind == "duplicate"
                or p.distance <= threshold
                or (self.partial_measured and p.distance > self.scan_threshold)
            )
        ]
        roots = component_roots(self.document_count, [(p.a, p.b) for p in kept])
        members: dict[int, int] = {}
        for node in {n for p in kept for n in (p.a, p.b)}:
            members[roots[node]] = members.get(roots[node], 0) + 1
        unknown = self.sampled or self.pairs_only
        unchecked: int | None = None if unknown else 0
        if threshold > self.scan_threshold and not unknown:
            within = sum(self.distance_counts[self.scan_threshold + 1 : threshold + 1])
            known = sum(self.scan_threshold < p.distance <= threshold for p in self.pairs)
            unchecked = max(0, within - known)
        return ThresholdPreview(
            threshold,
            len(kept),
            sum(1 for size in members.values() if size > 1),
            unchecked,
            threshold > self.scan_threshold,
        )

    def overlap_preview(self, minimum: float) -> OverlapPreview:
        partial = sum(
            1 for p in self.pairs if p.kind == "partial" and p.shorter_share >= minimum - 1e-9
        )
        return OverlapPreview(minimum, partial, minimum < self.scan_min_overlap - 1e-9)


def _known(pair: dict[str, Any], index: dict[str, int]) -> bool:
    return str(pair.get("a")) in index and str(pair.get("b")) in index


def _reported(pair: dict[str, Any], index: dict[str, int], chars: list[int]) -> ReportedPair:
    a, b = index[str(pair["a"])], index[str(pair["b"])]
    share_a, share_b = float(pair.get("overlap_a") or 0), float(pair.get("overlap_b") or 0)
    shorter = share_a if chars[a] <= chars[b] else share_b
    return ReportedPair(a, b, str(pair.get("kind", "")), int(pair.get("distance") or 0), shorter)


def _fingerprints(
    documents: Iterable[dict[str, Any]], min_tokens: int
) -> tuple[list[int], list[bool]]:
    values, library = [], []
    for d in documents:
        simhash = d.get("simhash")
        if not simhash or int(d.get("tokens") or 0) < max(1, min_tokens):
            continue  # not compared by the scan
        values.append(int(str(simhash), 16))
        library.append(d.get("role") == "library")
    return values, library


def _distance_counts(
    documents: list[dict[str, Any]], min_tokens: int
) -> tuple[list[int], int, int]:
    """How many pairs of compared documents lie at each distance 0..64, and how many
    documents were measured (a seeded sample beyond `MAX_DOCUMENTS_MEASURED`)."""
    values, library = _fingerprints(documents, min_tokens)
    eligible = len(values)
    if len(values) > MAX_DOCUMENTS_MEASURED:
        chosen = sorted(random.Random(0).sample(range(len(values)), MAX_DOCUMENTS_MEASURED))
        values = [values[i] for i in chosen]
        library = [library[i] for i in chosen]
    fingerprints = np.array(values, dtype=np.uint64)
    is_library = np.array(library, dtype=bool)
    counts = np.zeros(BITS + 1, dtype=np.int64)
    for i in range(len(fingerprints) - 1):
        distances = np.bitwise_count(fingerprints[i + 1 :] ^ fingerprints[i])
        if is_library[i]:  # library documents are compared with scanned ones only
            distances = distances[~is_library[i + 1 :]]
        counts += np.bincount(distances, minlength=BITS + 1)
    return [int(c) for c in counts], len(values), eligible
