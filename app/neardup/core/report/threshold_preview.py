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
_KINDS = ("duplicate", "near-duplicate", "partial")  # as codes 0..2; any other kind is 3


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
    """Distances and overlaps of one report, and previews for other thresholds.

    The report's pairs are kept as arrays (built in one pass over them), so that a preview
    is a few numpy operations: the window asks for one on every move of a slider, and a
    previewer is built beside a window that is painting 100,000 rows.
    """

    def __init__(self, report: dict[str, Any]) -> None:
        settings = report.get("settings") or {}
        self.scan_threshold = int(settings.get("threshold", 3))
        self.scan_min_overlap = float(settings.get("min_overlap", 0.05))
        summary = report.get("summary") or {}
        # Why overlaps may not all be known: partial-copy detection was off, or the scan
        # was cancelled before it measured every pair.
        self.detect_partial = bool(settings.get("detect_partial", True))
        self.cancelled = bool(summary.get("cancelled", False))
        documents = list(report.get("documents") or ())
        self.document_count = len(documents)
        self._read_pairs(report.get("pairs") or (), documents)
        min_tokens = int(settings.get("min_tokens", 0))
        counts, measured, eligible = _distance_counts(documents, min_tokens)
        # distance_counts[d]: pairs of compared documents whose fingerprints differ in d bits
        self.distance_counts = counts
        self.measured_documents, self.eligible_documents = measured, eligible
        # A report without fingerprints (written by hand, or cut down) still has its pairs'
        # distances: the chart shows those, and the preview cannot count what lies beyond.
        self.pairs_only = eligible == 0 and len(self._distances) > 0
        if self.pairs_only:
            extra = np.bincount(np.clip(self._distances, 0, BITS), minlength=BITS + 1)
            self.distance_counts = [c + int(e) for c, e in zip(counts, extra, strict=True)]
        bins = np.minimum(OVERLAP_BINS - 1, (self._shorter_shares * OVERLAP_BINS).astype(np.int64))
        self.overlap_counts = [int(c) for c in np.bincount(bins, minlength=OVERLAP_BINS)]

    def _read_pairs(self, pairs: Iterable[dict[str, Any]], documents: list[dict[str, Any]]) -> None:
        """Per reported pair between known documents: its documents, kind, distance, and the
        share of the shorter text found in the other (a validated report: counts and
        fractions where it has them)."""
        pairs = list(pairs)
        count = len(pairs)
        where = {str(d.get("path")): n for n, d in enumerate(documents)}.get
        kind_code = {kind: code for code, kind in enumerate(_KINDS)}.get
        a = np.fromiter((where(str(p.get("a")), -1) for p in pairs), np.int64, count)
        b = np.fromiter((where(str(p.get("b")), -1) for p in pairs), np.int64, count)
        known = (a >= 0) & (b >= 0)
        self._a, self._b = a[known], b[known]
        self._kinds = np.fromiter(
            (kind_code(str(p.get("kind")), len(_KINDS)) for p in pairs), np.int64, count
        )[known]
        self._distances = np.fromiter((p.get("distance") or 0 for p in pairs), np.int64, count)[
            known
        ]
        shares = [
            np.fromiter((p.get(name) or 0.0 for p in pairs), np.float64, count)[known]
            for name in ("overlap_a", "overlap_b")
        ]
        chars = np.array([int(d.get("chars") or 0) for d in documents], dtype=np.int64)
        a_is_shorter = chars[self._a] <= chars[self._b] if len(chars) else np.zeros(0, dtype=bool)
        self._shorter_shares = np.where(a_is_shorter, shares[0], shares[1])

    @property
    def partial_measured(self) -> bool:
        """Whether every pair's overlap was measured: detection on, and not cancelled."""
        return self.detect_partial and not self.cancelled

    @property
    def sampled(self) -> bool:
        """Whether the distances are those of a sample of the documents."""
        return self.measured_documents < self.eligible_documents

    def preview(self, threshold: int) -> ThresholdPreview:
        """Pairs and groups at ``threshold``: the report's duplicates, its near-duplicates
        within it, and (with partial-copy detection) those found through their shared text
        beyond the scan's k, which any k finds."""
        duplicate = self._kinds == _KINDS.index("duplicate")
        near = self._kinds == _KINDS.index("near-duplicate")
        within = self._distances <= threshold
        beyond_scan = self._distances > self.scan_threshold
        found_by_text = beyond_scan if self.partial_measured else np.zeros_like(within)
        kept = duplicate | (near & (within | found_by_text))
        edges = zip(self._a[kept].tolist(), self._b[kept].tolist(), strict=True)
        roots = np.asarray(component_roots(self.document_count, edges), dtype=np.int64)
        in_a_pair = np.zeros(self.document_count, dtype=bool)
        in_a_pair[self._a[kept]] = in_a_pair[self._b[kept]] = True
        # Every document in a kept pair has a group of two or more: count their roots.
        groups = np.count_nonzero(np.bincount(roots[in_a_pair], minlength=self.document_count))
        unknown = self.sampled or self.pairs_only
        unchecked: int | None = None if unknown else 0
        if threshold > self.scan_threshold and not unknown:
            checked = sum(self.distance_counts[self.scan_threshold + 1 : threshold + 1])
            known = int((beyond_scan & within).sum())
            unchecked = max(0, checked - known)
        return ThresholdPreview(
            threshold,
            int(kept.sum()),
            int(groups),
            unchecked,
            threshold > self.scan_threshold,
        )

    def overlap_preview(self, minimum: float) -> OverlapPreview:
        partial = self._kinds == _KINDS.index("partial")
        kept = int((partial & (self._shorter_shares >= minimum - 1e-9)).sum())
        return OverlapPreview(minimum, kept, minimum < self.scan_min_overlap - 1e-9)


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
