"""Typed rows parsed from a scan report dict, so fresh scans and reopened reports share one path."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import Any

from PySide6.QtCore import QCoreApplication

from neardup.core.report import (
    PassageSpans,
    ThresholdPreviewer,
    document_measured,
    most_documents,
    passage_spans,
    similarity_measured,
)
from neardup.core.settings import ScanSettings
from neardup.gui.problem_text import problem_summary, problem_text
from neardup.gui.scan_summary import Summary, skipped_types

translate = QCoreApplication.translate
LIBRARY_ROLE = "library"  # a document's role when it comes from a reference library
# The core's problem code for a file a cancelled scan never read (core/models.py REASONS):
# not a problem with the file, so the GUI counts such files apart, as not scanned.
NOT_SCANNED_CODE = "cancelled"


@dataclass(frozen=True, slots=True)
class SourceShare:
    """Another document, and the share of one document's text found in it."""

    path: str
    overlap: float

    @property
    def name(self) -> str:
        return PurePath(self.path).name


@dataclass(frozen=True, slots=True)
class DocumentRow:
    path: str
    size: int
    format: str
    modified_ns: int | None
    role: str
    tokens: int
    # Share of the text found in any other document; None when the report predates the figure.
    found_elsewhere: float | None = None
    sources: tuple[SourceShare, ...] = ()  # largest share first
    hidden_chars: int = 0  # text the file hides from its reader (left out of the comparison)
    simhash: int | None = None  # the document's fingerprint, to measure a new reference

    @property
    def name(self) -> str:
        return PurePath(self.path).name

    @property
    def folder(self) -> str:
        return str(PurePath(self.path).parent)

    @property
    def largest_source(self) -> SourceShare | None:
        return self.sources[0] if self.sources else None


@dataclass(frozen=True, slots=True)
class PairRow:
    a: str
    b: str
    kind: str
    distance: int
    similarity: float
    overlap_a: float | None  # None: not measured (partial-copy detection off, or cancelled)
    overlap_b: float | None
    # Rows of the report's passages (`PassageSpans`), or any sequence of such tuples.
    passages: Sequence[tuple[int, int, int, int]]
    # How many scanned documents hold the most widely shared of its passages (0: not
    # counted, as in a report from before the count, or from a two-file compare).
    shared_by: int = 0
    # Each file's modification time (ns since the epoch) from the report; None: not known.
    modified_a: int | None = None
    modified_b: int | None = None
    # A person's decision on the pair ("confirmed" or "dismissed"; "" for none) and its note.
    review: str = ""
    review_note: str = ""

    def seen_from(self, path: str) -> PairRow:
        """This pair with `path` as A, so a compare opened from a document shows it on the left."""
        if self.a == path or self.b != path:
            return self
        return PairRow(
            a=self.b,
            b=self.a,
            kind=self.kind,
            distance=self.distance,
            similarity=self.similarity,
            overlap_a=self.overlap_b,
            overlap_b=self.overlap_a,
            passages=self.passages.swapped()
            if isinstance(self.passages, PassageSpans)
            else tuple((b0, b1, a0, a1) for a0, a1, b0, b1 in self.passages),
            shared_by=self.shared_by,
            modified_a=self.modified_b,
            modified_b=self.modified_a,
            review=self.review,
            review_note=self.review_note,
        )


DUPLICATE_KIND = "duplicate"  # the same text as the reference: an exact copy
NEAR_DUPLICATE_KIND = "near-duplicate"  # an edited version of it


@dataclass(frozen=True, slots=True)
class MemberRow:
    document: DocumentRow
    distance: int
    overlap: float | None  # share of this member's text found in the reference
    is_reference: bool
    # Against the reference: DUPLICATE_KIND or NEAR_DUPLICATE_KIND ("" for the reference).
    kind: str = ""

    @property
    def is_exact_copy(self) -> bool:
        return self.kind == DUPLICATE_KIND


@dataclass(frozen=True, slots=True)
class GroupRow:
    id: int
    reference: str
    members: tuple[MemberRow, ...]

    @property
    def total_size(self) -> int:
        return sum(m.document.size for m in self.members)


@dataclass(frozen=True, slots=True)
class ProblemRow:
    path: str
    reason: str  # the core's English
    code: str = ""  # the reason for a program, which the GUI translates (problem_text.py)
    params: dict[str, str] = field(default_factory=dict)

    def text(self) -> str:
        """The reason in the GUI's language."""
        return problem_text(self.code, self.params, self.reason)

    def summary(self) -> str:
        """The reason without the reading library's own message (`problem_summary`)."""
        return problem_summary(self.code, self.params, self.reason)


@dataclass(frozen=True, slots=True)
class ReportData:
    raw: dict[str, Any]
    documents: dict[str, DocumentRow]
    pairs: list[PairRow]
    groups: list[GroupRow]
    problems: list[ProblemRow]  # files that could not be used
    summary: Summary
    # Either order of a pair's two paths finds it: built with the rows, in the thread that
    # parses the report, not in the window's (80 ms at 100,000 pairs).
    pair_of: dict[tuple[str, str], PairRow]
    # Files a cancelled scan never read: listed by the core as problems, but nothing is
    # wrong with them, so they are counted apart and not shown in the Problems tab.
    not_scanned: list[ProblemRow] = field(default_factory=list)
    # How its documents spread over distance and overlap, for the settings' charts; built
    # with the rows (``shown_report``), before the window paints them, since Python work in
    # another thread slows every cell the window draws (each waits for the GIL).
    spread: ThresholdPreviewer | None = None

    def scan_settings(self) -> ScanSettings:
        return ScanSettings.from_dict(self.raw.get("settings") or {})


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _float(value: Any, default: float = 0.0) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _pair_overlap(value: Any, measured: bool) -> float | None:
    """A pair's overlap. A scan that did not measure overlaps (partial-copy detection off, or
    cancelled before it) still writes 0 for its near-duplicates: that is unknown, not none."""
    share = _share(value)
    return None if share == 0.0 and not measured else share


def _share(value: Any) -> float | None:
    """A fraction 0..1, or None when the value is not a number."""
    if isinstance(value, bool):
        return None
    try:
        share = float(value)
    except (TypeError, ValueError):
        return None
    return min(1.0, max(0.0, share)) if math.isfinite(share) else None


def _source(item: Any) -> SourceShare | None:
    if not isinstance(item, dict) or not item.get("path"):
        return None
    overlap = _share(item.get("overlap"))
    return None if overlap is None else SourceShare(str(item["path"]), overlap)


def _similarity(
    item: dict[str, Any], measured: bool
) -> tuple[float | None, tuple[SourceShare, ...]]:
    """The share found elsewhere and the sources, largest first.

    Reports written before the figure existed have no `similarity` key: unknown. A current
    report writes null for a document with nothing found elsewhere: 0, if the scan measured
    it (`similarity_measured`), and unknown if it did not.
    """
    if "similarity" not in item:
        return None, ()
    similarity = item["similarity"]
    if similarity is None:
        return (0.0 if measured else None), ()
    if not isinstance(similarity, dict):
        return None, ()
    raw_sources = similarity.get("sources")
    found = [_source(s) for s in raw_sources] if isinstance(raw_sources, list) else []
    sources = [s for s in found if s is not None]
    if not sources:
        largest = _source(similarity.get("max_source"))
        sources = [largest] if largest is not None else []
    sources.sort(key=lambda s: -s.overlap)
    total = _share(similarity.get("total"))
    if total is None and sources:
        total = sources[0].overlap  # at least what the largest source holds
    return total, tuple(sources)


def _document(item: dict[str, Any], similarity_measured: bool = True) -> DocumentRow:
    modified = item.get("modified_ns")
    found_elsewhere, sources = _similarity(item, similarity_measured)
    return DocumentRow(
        path=str(item["path"]),
        size=_int(item.get("size")),
        format=str(item.get("format") or PurePath(str(item["path"])).suffix.lstrip(".")),
        modified_ns=None if modified is None else _int(modified),
        role=str(item.get("role") or "scan"),
        tokens=_int(item.get("tokens")),
        found_elsewhere=found_elsewhere,
        sources=sources,
        hidden_chars=_int(item.get("hidden_chars")),
        simhash=_simhash(item.get("simhash")),
    )


def _simhash(value: Any) -> int | None:
    try:
        return int(str(value), 16)
    except ValueError:
        return None


def _modified(documents: Mapping[str, DocumentRow], path: str) -> int | None:
    document = documents.get(path)
    return None if document is None else document.modified_ns


def _share_found_in(
    pair_of: Mapping[tuple[str, str], PairRow], path: str, other: str
) -> float | None:
    """The share of ``path``'s text found in ``other``, where the two make a pair."""
    pair = pair_of.get((path, other))
    if pair is None:
        return None
    return pair.overlap_a if pair.a == path else pair.overlap_b


def _member(
    document: DocumentRow,
    reference: str,
    pair_of: Mapping[tuple[str, str], PairRow],
    distance: int,
) -> MemberRow:
    if document.path == reference:
        return MemberRow(document, 0, 1.0, True)
    pair = pair_of.get((document.path, reference))
    # Without a pair of its own the member joined the group through another member: its text
    # is not the reference's (identical texts always make a pair), so it counts as edited.
    kind = DUPLICATE_KIND if pair is not None and pair.kind == DUPLICATE_KIND else ""
    overlap = _share_found_in(pair_of, document.path, reference)
    return MemberRow(document, distance, overlap, False, kind or NEAR_DUPLICATE_KIND)


def with_reference(
    group: GroupRow, reference: str, pair_of: Mapping[tuple[str, str], PairRow]
) -> GroupRow:
    """The group measured against another of its members, kept from now on."""
    documents = {m.document.path: m.document for m in group.members}
    new = documents[reference]
    members = []
    for document in documents.values():
        if document.simhash is not None and new.simhash is not None:
            distance = (document.simhash ^ new.simhash).bit_count()
        else:
            pair = pair_of.get((document.path, reference))
            distance = pair.distance if pair is not None else 0
        members.append(_member(document, reference, pair_of, distance))
    members.sort(key=lambda m: not m.is_reference)
    return GroupRow(group.id, reference, tuple(members))


def _review(pair: dict[str, Any], field: str) -> str:
    review = pair.get("review")
    return str(review.get(field) or "") if isinstance(review, dict) else ""


def parse_report(data: dict[str, Any]) -> ReportData:
    """Build typed rows; tolerant of missing optional fields in hand-made reports."""
    measured = similarity_measured(data)
    rows = (_document(d, document_measured(data, d)) for d in data.get("documents", ()))
    documents = {row.path: row for row in rows}
    pairs = [
        PairRow(
            a=str(p["a"]),
            b=str(p["b"]),
            kind=str(p.get("kind", "")),
            distance=_int(p.get("distance")),
            similarity=_float(p.get("similarity")),
            overlap_a=_pair_overlap(p.get("overlap_a"), measured),
            overlap_b=_pair_overlap(p.get("overlap_b"), measured),
            passages=passage_spans(p.get("passages")),
            shared_by=most_documents(p.get("passages")),
            modified_a=_modified(documents, str(p["a"])),
            modified_b=_modified(documents, str(p["b"])),
            review=_review(p, "verdict"),
            review_note=_review(p, "note"),
        )
        for p in data.get("pairs", ())
    ]
    pair_of: dict[tuple[str, str], PairRow] = {}
    for pair in pairs:
        pair_of[(pair.a, pair.b)] = pair
        pair_of[(pair.b, pair.a)] = pair
    groups = []
    for g in data.get("groups", ()):
        reference = str(g["reference"])
        members = []
        for m in g.get("members", ()):
            path = str(m["path"])
            document = documents.get(path) or DocumentRow(path, 0, "", None, "scan", 0)
            members.append(_member(document, reference, pair_of, _int(m.get("distance"))))
        # the reference first: it is the one to keep
        members.sort(key=lambda m: not m.is_reference)
        groups.append(GroupRow(_int(g.get("id")), reference, tuple(members)))
    listed = [
        ProblemRow(
            str(p["path"]),
            str(p.get("reason", "")),
            str(p.get("code") or ""),
            {str(k): str(v) for k, v in (p.get("params") or {}).items()},
        )
        for p in data.get("problems", ())
    ]
    problems = [p for p in listed if p.code != NOT_SCANNED_CODE]
    not_scanned = [p for p in listed if p.code == NOT_SCANNED_CODE]
    summary_data = data.get("summary") or {}
    elapsed = summary_data.get("elapsed_seconds")
    # Scanned documents only: what a reference library shares with them is the same text again.
    known = [
        d.found_elsewhere
        for d in documents.values()
        if d.found_elsewhere is not None and d.role != LIBRARY_ROLE
    ]
    library = sum(d.role == LIBRARY_ROLE for d in documents.values())
    summary = Summary(
        documents=len(documents) - library,
        library=library,
        groups=len(groups),
        pairs=len(pairs),
        problems=len(problems),
        elapsed=None if elapsed is None else _float(elapsed),
        cancelled=bool(summary_data.get("cancelled", False)),
        # an older report (no figure on any document) says nothing rather than "0"
        found_elsewhere=sum(share > 0 for share in known) if known else None,
        not_scanned=len(not_scanned),
        skipped=_int(summary_data.get("skipped_files")),
        skipped_types=skipped_types(summary_data.get("skipped_types")),
    )
    return ReportData(data, documents, pairs, groups, problems, summary, pair_of, not_scanned)


def shown_report(data: dict[str, Any]) -> ReportData:
    """``parse_report`` and the report's ``spread``, built in one worker thread. A report the
    charts cannot read (a fingerprint edited by hand) still opens, without the charts."""
    report = parse_report(data)
    try:
        spread: ThresholdPreviewer | None = ThresholdPreviewer(data)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        spread = None
    return replace(report, spread=spread)
