"""Where one document's text is found: its sources, from a scan report, and an HTML page.

A thesis checker's view of one document: how much of it is found in other documents,
in which, and which passages, highlighted in the document's own text with one colour
per source. The passages come from the report's pairs (spans in the normalised text);
the text is read again from the file, which must still be the one the scan read.
"""

from __future__ import annotations

import html
import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neardup.core.features import AnalyzeOptions, analyze_file
from neardup.core.models import Problem
from neardup.core.report.scan_report import similarity_measured
from neardup.core.settings import ScanSettings

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Source:
    """Another document in which part of this one is found."""

    path: str
    overlap: float  # share of this document's text found in the source
    kind: str
    spans: tuple[Span, ...]  # in this document's normalised text
    shared_by: int = 0  # scanned documents holding its most widely shared passage (0: unknown)


@dataclass(frozen=True, slots=True)
class SourceReport:
    path: Path
    text: str  # the normalised text the spans index
    total: float | None  # share found in any other document; None where it was not measured
    sources: tuple[Source, ...]  # see `_sources` for the order


class SourceReportError(ValueError):
    """The report cannot speak for this file: not in it, unreadable, or changed since."""


def _entry(report: dict[str, Any], document: Path) -> dict[str, Any]:
    wanted = {os.path.abspath(document), str(document.resolve())}
    entries = report.get("documents", ())
    for entry in entries:
        if entry.get("path") in wanted:
            return dict(entry)
    # The scan may have reached the file through a symlinked folder, or the other way round.
    real = os.path.realpath(document)
    for entry in entries:
        if os.path.realpath(str(entry.get("path"))) == real:
            return dict(entry)
    for problem in report.get("problems", ()):
        if problem.get("path") in wanted:
            raise SourceReportError(
                f"{document} could not be read by the scan: {problem['reason']}"
            )
    raise SourceReportError(f"{document} is not among the documents of this report")


def _check_unchanged(path: Path, entry: dict[str, Any]) -> None:
    try:
        info = path.stat()
    except OSError as error:
        raise SourceReportError(f"Cannot read {path}: {error.strerror or error}") from error
    modified = entry.get("modified_ns")
    if info.st_size != entry.get("size") or (modified is not None and info.st_mtime_ns != modified):
        raise SourceReportError(f"{path} has changed since the scan; scan again to report on it")


def _sources(report: dict[str, Any], path: str) -> list[Source]:
    sources: list[Source] = []
    for pair in report.get("pairs", ()):
        if path not in (pair.get("a"), pair.get("b")):
            continue
        mine, other = ("a", "b") if pair["a"] == path else ("b", "a")
        passages = pair.get("passages") or ()
        spans = tuple((int(p[mine][0]), int(p[mine][1])) for p in passages)
        shared_by = max((int(p.get("documents") or 0) for p in passages), default=0)
        overlap = float(pair.get(f"overlap_{mine}") or 0.0)
        sources.append(Source(str(pair[other]), overlap, pair["kind"], spans, shared_by))
    # Other documents it copies from first, largest share first; then other versions of the
    # document itself (near-duplicates, duplicates), which would otherwise colour every passage
    # they share with a real source (a thesis and its own final draft, say).
    sources.sort(key=lambda s: (_KIND_ORDER.get(s.kind, 0), -s.overlap, s.path))
    return sources


_KIND_ORDER = {"partial": 0, "near-duplicate": 1, "duplicate": 2}


def source_report(report: dict[str, Any], document: Path) -> SourceReport:
    """The sources of ``document`` according to ``report`` (a scan report dict)."""
    entry = _entry(report, document)
    path = Path(entry["path"])
    _check_unchanged(path, entry)
    settings = ScanSettings.from_dict(report.get("settings") or {})
    options = AnalyzeOptions.of(settings)
    analysed = analyze_file(path, options)
    if isinstance(analysed, Problem):
        raise SourceReportError(f"{path}: {analysed.reason}")
    sources = _sources(report, entry["path"])
    if any(end > len(analysed.text) for source in sources for _, end in source.spans):
        raise SourceReportError(
            f"{path} does not read as it did in the scan (another NearDup version or settings?); "
            "scan again to report on it"
        )
    return SourceReport(path, analysed.text, _total(report, entry), tuple(sources))


def _total(report: dict[str, Any], entry: dict[str, Any]) -> float | None:
    """The document's share found elsewhere: null means none found, if the scan measured it."""
    if "similarity" not in entry:
        return None  # a report from before the figure existed
    similarity = entry["similarity"]
    if similarity is None:
        return 0.0 if similarity_measured(report) else None
    total = similarity.get("total") if isinstance(similarity, dict) else None
    return None if total is None else float(total)


def format_source_report(report: SourceReport) -> str:
    """A plain-text summary for the terminal."""
    total = "not measured by this scan" if report.total is None else f"{report.total:.1%}"
    lines = [f"{report.path}", f"Found in other documents: {total}"]
    if not report.sources:
        lines.append("No sources.")
    for number, source in enumerate(report.sources, start=1):
        common = (
            f"; common text, held by {source.shared_by} documents" if source.shared_by > 2 else ""
        )
        lines.append(
            f"  {number:3}. {source.overlap:6.1%}  {source.kind:<14} {source.path}"
            f"  ({len(source.spans)} passage{'' if len(source.spans) == 1 else 's'}{common})"
        )
    return "\n".join(lines)


# Light backgrounds that stay readable behind black text; later sources share the last one.
PALETTE = ("#ffe58a", "#a8e6a1", "#9fd3ff", "#ffb8c6", "#d7b8ff", "#ffc98a", "#b8f0ef", "#dddddd")


def _colour(index: int) -> str:
    return PALETTE[min(index, len(PALETTE) - 1)]


def _segments(text_length: int, sources: Sequence[Source]) -> list[tuple[int, int, list[int]]]:
    """The text cut where any source's passage starts or ends: (start, end, covering sources)."""
    events: dict[int, list[tuple[int, int]]] = {}
    for index, source in enumerate(sources):
        for span_start, span_end in source.spans:
            start, end = max(0, span_start), min(span_end, text_length)
            if start < end:
                events.setdefault(start, []).append((index, 1))
                events.setdefault(end, []).append((index, -1))
    cuts = sorted({0, text_length, *events})
    active = [0] * len(sources)
    segments: list[tuple[int, int, list[int]]] = []
    for start, end in itertools.pairwise(cuts):
        for index, step in events.get(start, ()):
            active[index] += step
        segments.append((start, end, [i for i, count in enumerate(active) if count]))
    return segments


def _marked_text(report: SourceReport) -> str:
    out: list[str] = []
    for start, end, covering in _segments(len(report.text), report.sources):
        piece = html.escape(report.text[start:end])
        if not covering:
            out.append(piece)
            continue
        # The first source colours a passage found in several; the tooltip names them all.
        names = "; ".join(
            f"{Path(report.sources[i].path).name} ({report.sources[i].overlap:.0%})"
            for i in covering
        )
        out.append(
            f'<mark style="background:{_colour(covering[0])}" title="{html.escape(names)}">'
            f"{piece}</mark>"
        )
    return "".join(out)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>NearDup: sources of {name}</title>
<style>
body {{ font-family: sans-serif; margin: 0; }}
header {{ padding: .8em 1em; background: #f3f3f3; border-bottom: 1px solid #ccc; }}
h1 {{ font-size: 1.1em; margin: 0 0 .3em; word-break: break-all; }}
table {{ border-collapse: collapse; margin-top: .6em; }}
td, th {{ padding: .15em .6em; text-align: left; }}
td.share {{ text-align: right; }}
span.swatch {{ display: inline-block; width: 1.2em; height: .9em; vertical-align: middle; }}
main {{ padding: 1em; white-space: pre-wrap; line-height: 1.5; }}
mark {{ color: inherit; }}
</style></head><body>
<header><h1>{path}</h1>{summary}
<table><tr><th></th><th>source</th><th>share of this document</th><th>kind</th>
<th>passages</th></tr>{rows}</table></header>
<main>{text}</main>
</body></html>
"""


def _passages_text(source: Source) -> str:
    # An exact duplicate is the same text throughout; the report lists no passages for it.
    return (
        "the whole text"
        if source.kind == "duplicate" and not source.spans
        else str(len(source.spans))
    )


def source_report_html(report: SourceReport) -> str:
    """A standalone page; works offline (no scripts, no external files)."""
    if report.total is None:
        summary = f"Found in {len(report.sources)} other documents."
    else:
        summary = (
            f"<b>{report.total:.1%}</b> of this document is found in "
            f"{len(report.sources)} other documents."
        )
    rows = "".join(
        f'<tr><td><span class="swatch" style="background:{_colour(i)}"></span></td>'
        f'<td title="{html.escape(s.path)}">{html.escape(Path(s.path).name)}</td>'
        f'<td class="share">{s.overlap:.1%}</td><td>{html.escape(s.kind)}</td>'
        f'<td class="share">{_passages_text(s)}</td></tr>'
        for i, s in enumerate(report.sources)
    )
    return _PAGE.format(
        name=html.escape(report.path.name),
        path=html.escape(str(report.path)),
        summary=summary,
        rows=rows,
        text=_marked_text(report),
    )


def write_source_report_html(report: SourceReport, destination: Path) -> None:
    destination.write_text(source_report_html(report), encoding="utf-8")
