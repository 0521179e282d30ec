"""Sources reports written out: one document in text, JSON, HTML or PDF, or every document of
a scan report into a folder with a ``summary.csv``.

Every file is written to a temporary file and renamed, so a failure never leaves half a
report; a document the report cannot speak for (changed since, unreadable) becomes a row
of the summary with its reason, and the others are still written.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neardup.core.report.citations import CitationOptions
from neardup.core.report.languages import ENGLISH
from neardup.core.report.phrasebook import report_words
from neardup.core.report.scan_report import write_bytes_atomically, write_text_atomically
from neardup.core.report.source_errors import SourceReportError
from neardup.core.report.sources import (
    SourceReport,
    TextReader,
    format_source_report,
    source_report,
)
from neardup.core.report.sources_html import source_report_html

FORMATS = ("text", "json", "html", "pdf")
BINARY_FORMATS = frozenset({"pdf"})  # written to a file, never to a terminal
_SUFFIX = {"text": ".txt", "json": ".json", "html": ".html", "pdf": ".pdf"}
SUMMARY_COLUMNS = (
    "document",
    "similarity",
    "similarity_excluding_citations",
    "largest_source",
    "largest_share",
    "problem",
)


def render(report: SourceReport, fmt: str, language: str = ENGLISH) -> str:
    """The report as ``fmt``, one of the text formats of `FORMATS` (a PDF: `render_bytes`),
    its words in ``language`` (`languages.REPORT_LANGUAGES`; JSON is data, the same in all)."""
    if fmt in BINARY_FORMATS:
        raise ValueError(f"a {fmt.upper()} report is written to a file, not shown as text")
    if fmt == "json":
        return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if fmt == "html":
        return source_report_html(report, language)
    if fmt == "text":
        return format_source_report(report, language) + "\n"
    raise ValueError(f"unknown sources format {fmt!r}; choose {', '.join(FORMATS)}")


def render_bytes(report: SourceReport, fmt: str, language: str = ENGLISH) -> bytes:
    """The report as the bytes of a ``fmt`` file; a PDF that cannot be laid out raises
    `SourceReportError` (nothing is written)."""
    if fmt == "pdf":
        from neardup.core.report.sources_pdf import source_report_pdf

        return source_report_pdf(report, language=language)
    return render(report, fmt, language).encode("utf-8")


def write_source_report(
    report: SourceReport, destination: Path, fmt: str = "html", language: str = ENGLISH
) -> None:
    """Write the report through a temporary file and a rename: never half a file."""
    if fmt in BINARY_FORMATS:
        write_bytes_atomically(render_bytes(report, fmt, language), destination)
    else:
        write_text_atomically(render(report, fmt, language), destination)


def write_source_report_html(
    report: SourceReport, destination: Path, language: str = ENGLISH
) -> None:
    write_source_report(report, destination, "html", language)


@dataclass(slots=True)
class BatchOutcome:
    """What `write_all_sources` did: the files it wrote and the documents it could not."""

    written: list[Path] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (document, reason)
    summary: Path | None = None
    cancelled: bool = False


def batch_documents(report: dict[str, Any], min_similarity: float = 0.0) -> list[str]:
    """The scanned (not library) documents whose similarity in the scan is at least
    ``min_similarity``; with 0, every scanned document."""
    chosen = []
    for entry in report.get("documents", ()):
        if entry.get("role", "scan") != "scan":
            continue
        similarity = entry.get("similarity")
        total = similarity.get("total") if isinstance(similarity, dict) else None
        if min_similarity > 0 and (total is None or float(total) < min_similarity):
            continue
        chosen.append(str(entry["path"]))
    return chosen


def _batch_characters(
    report: dict[str, Any],
    chosen: Sequence[str],
    reader: TextReader,
    cancelled: Callable[[], bool] | None,
) -> str:
    """The characters of the chosen documents and of every document paired with one (the
    reader keeps each text for the reports that follow)."""
    wanted = set(chosen)
    for pair in report.get("pairs", ()):
        if pair.get("a") in wanted or pair.get("b") in wanted:
            wanted.update((str(pair.get("a")), str(pair.get("b"))))
    characters: set[str] = set()
    for path in sorted(wanted):
        if cancelled is not None and cancelled():
            break
        try:
            characters.update(reader.read(path).original)
        except SourceReportError:
            continue  # its own report says why
        characters.update(path)
    return "".join(characters)


def write_all_sources(
    report: dict[str, Any],
    folder: Path,
    fmt: str,
    *,
    min_similarity: float = 0.0,
    citations: CitationOptions | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    documents: Sequence[str] | None = None,
    cancelled: Callable[[], bool] | None = None,
    language: str = ENGLISH,
) -> BatchOutcome:
    """A sources report per chosen document in ``folder`` (made if missing), and
    ``summary.csv``: document, both figures, the largest source and its share.

    ``documents`` (paths as the report has them) replaces the choice by similarity; once
    ``cancelled`` answers True, no further report is begun and the summary lists those done.
    The reports' words are in ``language``; the summary's columns are data, in English.
    """
    report_words(language)  # an unknown language fails before any file is written
    folder.mkdir(parents=True, exist_ok=True)
    chosen = list(documents) if documents is not None else batch_documents(report, min_similarity)
    reader = TextReader(report)
    if fmt == "pdf" and chosen:
        from neardup.core.report.pdf_fonts import report_fonts

        if progress is not None:  # the first report is on its way: reading the texts
            progress(0, len(chosen), Path(chosen[0]).name)
        # One font subset for the whole batch, where the font must be cut and converted
        # first (`pdf_fonts`): a few seconds once, rather than about one per report.
        characters = _batch_characters(report, chosen, reader, cancelled)
        characters += report_words(language).every_character()
        if not (cancelled is not None and cancelled()):
            report_fonts(characters)
    outcome = BatchOutcome()
    rows: list[list[str]] = []
    used: set[str] = set()
    for done, document in enumerate(chosen):
        if cancelled is not None and cancelled():
            outcome.cancelled = True
            break
        if progress is not None:
            progress(done, len(chosen), Path(document).name)
        try:
            found = source_report(report, Path(document), citations=citations, reader=reader)
            destination = folder / _file_name(Path(document), fmt, used)
            write_source_report(found, destination, fmt, language)
        except SourceReportError as error:
            outcome.problems.append((document, str(error)))
            rows.append([document, "", "", "", "", str(error)])
            continue
        outcome.written.append(destination)
        rows.append(_summary_row(found))
    if progress is not None and not outcome.cancelled:
        progress(len(chosen), len(chosen), "")
    outcome.summary = folder / "summary.csv"
    write_text_atomically(_csv(rows), outcome.summary)
    return outcome


def _file_name(document: Path, fmt: str, used: set[str]) -> str:
    """``thesis.sources.html``; two documents of one name in different folders get
    ``thesis-2.sources.html`` and so on."""
    stem, number = document.stem, 1
    while True:
        name = f"{stem}{'' if number == 1 else f'-{number}'}.sources{_SUFFIX[fmt]}"
        if name.lower() not in used:
            used.add(name.lower())
            return name
        number += 1


def _summary_row(found: SourceReport) -> list[str]:
    def figure(value: float | None) -> str:
        return "" if value is None else f"{value:.4f}"

    # The source with the largest share, as the window names it: the report's order puts
    # the sources a document draws on before its other versions, which may hold more.
    largest = max(found.sources, key=lambda s: s.share, default=None)
    return [
        str(found.path),
        figure(found.similarity),
        figure(found.similarity_excluding_citations),
        largest.path if largest else "",
        figure(largest.share) if largest else "",
        "",
    ]


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SUMMARY_COLUMNS)
    writer.writerows(rows)
    # CSV has no escapes: bytes of a file name that are not UTF-8 become U+FFFD.
    return out.getvalue().encode("utf-8", "surrogateescape").decode("utf-8", "replace")
