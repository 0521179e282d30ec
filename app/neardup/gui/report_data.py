"""Typed rows parsed from a scan report dict, so fresh scans and reopened reports share one path."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from neardup.core.settings import ScanSettings


@dataclass(frozen=True, slots=True)
class DocumentRow:
    path: str
    size: int
    format: str
    modified_ns: int | None
    role: str
    tokens: int

    @property
    def name(self) -> str:
        return PurePath(self.path).name

    @property
    def folder(self) -> str:
        return str(PurePath(self.path).parent)


@dataclass(frozen=True, slots=True)
class PairRow:
    a: str
    b: str
    kind: str
    distance: int
    similarity: float
    overlap_a: float
    overlap_b: float
    passages: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True, slots=True)
class MemberRow:
    document: DocumentRow
    distance: int
    overlap: float | None  # share of this member's text found in the reference
    is_reference: bool


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
    reason: str


@dataclass(frozen=True, slots=True)
class Summary:
    documents: int
    groups: int
    pairs: int
    problems: int
    elapsed: float | None
    cancelled: bool

    def text(self) -> str:
        parts = [
            f"{self.documents} documents scanned",
            f"{self.groups} groups",
            f"{self.pairs} pairs",
            f"{self.problems} problems",
        ]
        if self.elapsed is not None:
            parts.append(f"{self.elapsed:.2f} s" if self.elapsed < 10 else f"{self.elapsed:.0f} s")
        line = " · ".join(parts)
        return f"Cancelled, partial results: {line}" if self.cancelled else line


@dataclass(frozen=True, slots=True)
class ReportData:
    raw: dict[str, Any]
    documents: dict[str, DocumentRow]
    pairs: list[PairRow]
    groups: list[GroupRow]
    problems: list[ProblemRow]
    summary: Summary

    def scan_settings(self) -> ScanSettings:
        return settings_from_dict(self.raw.get("settings") or {})


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


def _document(item: dict[str, Any]) -> DocumentRow:
    modified = item.get("modified_ns")
    return DocumentRow(
        path=str(item["path"]),
        size=_int(item.get("size")),
        format=str(item.get("format") or PurePath(str(item["path"])).suffix.lstrip(".")),
        modified_ns=None if modified is None else _int(modified),
        role=str(item.get("role") or "scan"),
        tokens=_int(item.get("tokens")),
    )


def _passages(item: dict[str, Any]) -> tuple[tuple[int, int, int, int], ...]:
    out = []
    for passage in item.get("passages") or ():
        try:
            (a0, a1), (b0, b1) = passage["a"], passage["b"]
            out.append((int(a0), int(a1), int(b0), int(b1)))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(out)


def parse_report(data: dict[str, Any]) -> ReportData:
    """Build typed rows; tolerant of missing optional fields in hand-made reports."""
    documents = {str(d["path"]): _document(d) for d in data.get("documents", ())}
    pairs = [
        PairRow(
            a=str(p["a"]),
            b=str(p["b"]),
            kind=str(p.get("kind", "")),
            distance=_int(p.get("distance")),
            similarity=_float(p.get("similarity")),
            overlap_a=_float(p.get("overlap_a")),
            overlap_b=_float(p.get("overlap_b")),
            passages=_passages(p),
        )
        for p in data.get("pairs", ())
    ]
    # overlap_in[(x, y)]: share of x's text found in y
    overlap_in: dict[tuple[str, str], float] = {}
    for pair in pairs:
        overlap_in[(pair.a, pair.b)] = pair.overlap_a
        overlap_in[(pair.b, pair.a)] = pair.overlap_b
    groups = []
    for g in data.get("groups", ()):
        reference = str(g["reference"])
        members = []
        for m in g.get("members", ()):
            path = str(m["path"])
            document = documents.get(path) or DocumentRow(path, 0, "", None, "scan", 0)
            is_reference = path == reference
            overlap = 1.0 if is_reference else overlap_in.get((path, reference))
            members.append(MemberRow(document, _int(m.get("distance")), overlap, is_reference))
        # the reference first: it is the one to keep
        members.sort(key=lambda m: not m.is_reference)
        groups.append(GroupRow(_int(g.get("id")), reference, tuple(members)))
    problems = [
        ProblemRow(str(p["path"]), str(p.get("reason", ""))) for p in data.get("problems", ())
    ]
    summary_data = data.get("summary") or {}
    elapsed = summary_data.get("elapsed_seconds")
    summary = Summary(
        documents=len(documents),
        groups=len(groups),
        pairs=len(pairs),
        problems=len(problems),
        elapsed=None if elapsed is None else _float(elapsed),
        cancelled=bool(summary_data.get("cancelled", False)),
    )
    return ReportData(data, documents, pairs, groups, problems, summary)


_SETTING_FIELDS = {f.name for f in dataclasses.fields(ScanSettings)}


def settings_from_dict(data: dict[str, Any]) -> ScanSettings:
    """The settings a report was made with; fields that do not parse keep their defaults."""
    settings = ScanSettings()
    for name, value in data.items():
        if name not in _SETTING_FIELDS or name in {"cache_path", "user_dict", "against"}:
            continue
        parsed = value
        if name in {"suffixes", "exclude", "include"} and isinstance(value, list):
            parsed = tuple(str(v) for v in value)
        try:
            settings = settings.replace(**{name: parsed})
        except (TypeError, ValueError):
            continue
    user_dict = data.get("user_dict")
    if isinstance(user_dict, str) and Path(user_dict).is_file():
        settings = settings.replace(user_dict=Path(user_dict))
    return settings
