"""The printable report of one document's sources: a PDF a teacher can hand out.

What a checker's report shows, on A4: a header (the document, when the report was made, the
scan's settings, the total similarity and the similarity excluding citations), the table of
sources in their colours, the document's full text with each source's passages highlighted
in its colour and numbered (cited passages underlined, not filled), then every passage
beside the source's own text. Built with reportlab in memory, so a failure leaves no file;
`sources_output` writes the bytes through a temporary file and a rename.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from neardup.core.report.pdf_fonts import (
    LATIN,
    LATIN_BOLD,
    ReportFonts,
    escape,
    has_han,
    markup,
    printable,
    report_fonts,
)
from neardup.core.report.sources import Passage, SourceReport, SourceReportError
from neardup.core.report.sources_html import colour

# A passage longer than this is cut in the side-by-side table (the full text shows all of
# it): a table row cannot run over a page, and a copied chapter would not fit on one.
MAX_SIDE_BY_SIDE = 800
_CITED_INK = "#666666"
_MARGIN = 16 * mm


class PdfReportError(SourceReportError):
    """The PDF could not be laid out; nothing was written."""


class _Styles:
    def __init__(self, fonts: ReportFonts) -> None:
        self.fonts = fonts
        base = ParagraphStyle("body", fontName=LATIN, fontSize=9.5, leading=14.5)
        self.body = base
        self.body_han = ParagraphStyle("body-han", parent=base, wordWrap="CJK")
        self.small = ParagraphStyle("small", parent=base, fontSize=8, leading=10.5)
        self.small_han = ParagraphStyle("small-han", parent=self.small, wordWrap="CJK")
        self.title = ParagraphStyle(
            "title", parent=base, fontName=LATIN_BOLD, fontSize=16, leading=20
        )
        self.heading = ParagraphStyle(
            "heading", parent=base, fontName=LATIN_BOLD, fontSize=12, leading=16, spaceBefore=10
        )
        self.figure = ParagraphStyle("figure", parent=base, fontSize=10, leading=22)

    def text(self, text: str, *, small: bool = False) -> Paragraph:
        """A paragraph of the documents' own text, Han and Latin each in its font."""
        han = has_han(text)
        style = (
            (self.small_han if han else self.small)
            if small
            else (self.body_han if han else self.body)
        )
        return Paragraph(markup(text, self.fonts), style)

    def raw(self, marked: str, *, small: bool = False, han: bool = True) -> Paragraph:
        """A paragraph of markup made here (labels in Latin, names maybe in Han)."""
        if small:
            return Paragraph(marked, self.small_han if han else self.small)
        return Paragraph(marked, self.body_han if han else self.body)


def _percent(value: float | None) -> str:
    return "not measured" if value is None else f"{value:.1%}"


def _settings_line(settings: dict[str, Any]) -> str:
    if not settings:
        return "Scan settings: not recorded in the report."
    parts = [f"NearDup {settings.get('version', '?')}"]
    if "threshold" in settings:
        parts.append(f"k = {settings['threshold']}")
    if "weighting" in settings:
        parts.append(f"{settings['weighting']} weights")
    if "tokenizer" in settings:
        parts.append(f"{settings['tokenizer']} tokenizer")
    if settings.get("detect_partial", True) and isinstance(settings.get("min_overlap"), float):
        parts.append(f"partial copies from {settings['min_overlap']:.0%} of a document")
    if settings.get("fold") is False:
        parts.append("texts compared as written (no folding)")
    common = settings.get("exclude_common")
    if common:
        parts.append(f"passages in {common} or more documents left out")
    return "Scan settings: " + ", ".join(parts) + "."


def _header(report: SourceReport, styles: _Styles, made: datetime.datetime) -> list[Flowable]:
    path = printable(str(report.path))
    pages = f" · {report.pages} pages" if report.pages else ""
    flow: list[Flowable] = [
        Paragraph("Similarity report", styles.title),
        Spacer(1, 2 * mm),
        styles.raw(f"<b>{markup(report.path.name, styles.fonts)}</b>"),
        styles.raw(markup(path, styles.fonts), small=True),
        styles.raw(
            f"Report made {made:%Y-%m-%d %H:%M}{pages} · {escape(_settings_line(report.settings))}",
            small=True,
            han=False,
        ),
        Spacer(1, 3 * mm),
    ]
    figures = Table(
        [
            [
                Paragraph(
                    f'Total similarity<br/><font size="20"><b>{_percent(report.similarity)}</b></font>',
                    styles.figure,
                ),
                Paragraph(
                    "Excluding citations<br/>"
                    f'<font size="20"><b>{_percent(report.similarity_excluding_citations)}</b>'
                    "</font>",
                    styles.figure,
                ),
            ]
        ],
        colWidths=[60 * mm, 60 * mm],
        hAlign="LEFT",
    )
    figures.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor("#999999")),
                ("INNERGRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#999999")),
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f3f3f3")),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    flow += [
        figures,
        Spacer(1, 2 * mm),
        styles.raw(
            "Excluding citations leaves out "
            f"{escape(report.citations.describe())}; cited passages are underlined in the text."
            + (
                f" {report.dismissed} match(es) dismissed on review are left out of both figures."
                if report.dismissed
                else ""
            ),
            small=True,
            han=False,
        ),
    ]
    return flow


def _sources_table(report: SourceReport, styles: _Styles) -> list[Flowable]:
    if not report.sources:
        return [
            Paragraph("Sources", styles.heading),
            styles.raw(
                "No text of this document was found in another scanned document.", han=False
            ),
        ]
    rows: list[list[Any]] = [
        [
            styles.raw(f"<b>{label}</b>", small=True, han=False)
            for label in ("", "Source", "Share", "Excluding citations", "Kind", "Passages")
        ]
    ]
    for index, source in enumerate(report.sources):
        name = markup(Path(source.path).name, styles.fonts)
        details = [markup(printable(source.path), styles.fonts)] + [
            "also: " + markup(Path(a).name, styles.fonts) for a in source.alternatives
        ]
        if source.shared_by > 2:
            details.append(f"common text, held by {source.shared_by} documents")
        if source.review:
            note = source.review.get("note", "")
            suffix = f": {markup(note, styles.fonts)}" if note else ""
            details.append(f"<b>{source.review['verdict']} on review</b>{suffix}")
        cell = f"<b>{name}</b><br/>" + "<br/>".join(f'<font size="7">{d}</font>' for d in details)
        rows.append(
            [
                styles.raw(str(index + 1), small=True, han=False),
                styles.raw(cell, small=True),
                styles.raw(f"{source.share:.1%}", small=True, han=False),
                styles.raw(f"{source.share_excluding_citations:.1%}", small=True, han=False),
                styles.raw(escape(source.kind), small=True, han=False),
                styles.raw(str(len(source.passages)), small=True, han=False),
            ]
        )
    table = Table(
        rows,
        # "Passages" in bold fits its column on one line (at 17 mm it wrapped as "Passage/s").
        colWidths=[9 * mm, 80 * mm, 17 * mm, 24 * mm, 26 * mm, 21 * mm],
        repeatRows=1,
        hAlign="LEFT",
    )
    style = [
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#cccccc")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    style += [
        ("BACKGROUND", (0, row), (0, row), colors.HexColor(colour(row - 1)))
        for row in range(1, len(rows))
    ]
    table.setStyle(TableStyle(style))
    return [Paragraph("Sources", styles.heading), table]


def _marks(report: SourceReport) -> list[tuple[int, int, int, int, Passage]]:
    """(start, end, source index, passage number, passage) in text order, never overlapping."""
    marks = sorted(
        (passage.start, passage.end, index, number, passage)
        for index, source in enumerate(report.sources)
        for number, passage in enumerate(source.passages, start=1)
    )
    kept: list[tuple[int, int, int, int, Passage]] = []
    for mark in marks:
        if not kept or mark[0] >= kept[-1][1]:
            kept.append(mark)
    return kept


def _highlight(
    text: str, index: int, number: int, cited: bool, label: bool, fonts: ReportFonts
) -> str:
    tag = (
        f'<font color="{_CITED_INK}" size="6.5"><super>{index + 1}.{number}</super></font>'
        if label
        else ""
    )
    body = markup(text, fonts)
    if cited:
        return f'{tag}<u color="{_CITED_INK}">{body}</u>'
    return f'<span backColor="{colour(index)}">{tag}{body}</span>'


def _marked_lines(report: SourceReport, fonts: ReportFonts) -> Iterator[tuple[str, str]]:
    """Each line of the text as (plain text, markup with its passages highlighted)."""
    text = report.text
    marks = _marks(report)
    next_mark = 0
    line_start = 0
    for line in text.split("\n"):
        line_end = line_start + len(line)
        parts: list[str] = []
        position = line_start
        while next_mark < len(marks) and marks[next_mark][0] < line_end:
            start, end, index, number, passage = marks[next_mark]
            low, high = max(start, position), min(end, line_end)
            if low > position:
                parts.append(markup(text[position:low], fonts))
            if high > low:
                parts.append(
                    _highlight(text[low:high], index, number, passage.cited, low == start, fonts)
                )
            position = max(position, high)
            if end > line_end:
                break  # the passage goes on in the next line
            next_mark += 1
        if position < line_end:
            parts.append(markup(text[position:line_end], fonts))
        yield line, "".join(parts)
        line_start = line_end + 1


def _full_text(report: SourceReport, styles: _Styles) -> list[Flowable]:
    flow: list[Flowable] = [
        Paragraph("Full text", styles.heading),
        styles.raw(
            "Each source's passages are highlighted in its colour and numbered source.passage; "
            "cited passages are underlined, not filled.",
            small=True,
            han=False,
        ),
        Spacer(1, 2 * mm),
    ]
    blank = False
    for line, marked in _marked_lines(report, styles.fonts):
        if not line.strip():
            if not blank:
                flow.append(Spacer(1, 2 * mm))
            blank = True
            continue
        blank = False
        flow.append(styles.raw(marked, han=has_han(line)))
    return flow


def _cut(text: str) -> str:
    if len(text) <= MAX_SIDE_BY_SIDE:
        return text
    return f"{text[:MAX_SIDE_BY_SIDE]} … ({len(text) - MAX_SIDE_BY_SIDE} more characters)"


def _side_by_side(report: SourceReport, styles: _Styles) -> list[Flowable]:
    if not report.sources:
        return []
    flow: list[Flowable] = [Paragraph("Passages beside their sources", styles.heading)]
    for index, source in enumerate(report.sources):
        name = markup(Path(source.path).name, styles.fonts)
        flow.append(
            styles.raw(
                f'<span backColor="{colour(index)}"><b> {index + 1} </b></span> <b>{name}</b>: '
                f"{source.share:.1%} ({source.share_excluding_citations:.1%} excluding citations)"
            )
        )
        rows: list[list[Any]] = [
            [
                styles.raw("<b>No.</b>", small=True, han=False),
                styles.raw("<b>In this document</b>", small=True, han=False),
                styles.raw("<b>In the source</b>", small=True, han=False),
            ]
        ]
        for number, passage in enumerate(source.passages, start=1):
            where = f"<br/>p. {passage.page}" if passage.page else ""
            source_where = f"p. {passage.source_page}: " if passage.source_page else ""
            copy = (
                "" if passage.source_path == source.path else f"{Path(passage.source_path).name}, "
            )
            mine = _highlight(_cut(passage.text), index, number, passage.cited, False, styles.fonts)
            cited = "<br/><i>cited</i>" if passage.cited else ""
            rows.append(
                [
                    styles.raw(f"{index + 1}.{number}{where}{cited}", small=True, han=False),
                    styles.raw(mine, small=True),
                    styles.raw(
                        f'<font color="{_CITED_INK}">{escape(printable(copy + source_where))}</font>'
                        + markup(_cut(passage.source_text), styles.fonts),
                        small=True,
                    ),
                ]
            )
        table = Table(rows, colWidths=[14 * mm, 81 * mm, 82 * mm], repeatRows=1, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#cccccc")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        flow += [Spacer(1, 1 * mm), table, Spacer(1, 4 * mm)]
    return flow


def printed_characters(report: SourceReport) -> str:
    """Every character the report can print (a font cut down to them serves it whole)."""
    parts = [report.text, str(report.path)]
    for source in report.sources:
        parts += [source.path, *source.alternatives]
        parts += [passage.source_text for passage in source.passages]
    return "".join({character for part in parts for character in part})


def source_report_pdf(report: SourceReport, *, made: datetime.datetime | None = None) -> bytes:
    """The report as PDF bytes; raises PdfReportError when it cannot be laid out."""
    fonts = report_fonts(printed_characters(report))
    styles = _Styles(fonts)
    made = made or datetime.datetime.now()
    name = printable(report.path.name)

    def footer(canvas: Canvas, document: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(LATIN, 7.5)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(_MARGIN, 9 * mm, f"NearDup similarity report · {made:%Y-%m-%d}")
        canvas.drawRightString(A4[0] - _MARGIN, 9 * mm, f"page {document.page}")
        canvas.restoreState()

    story = [
        *_header(report, styles, made),
        *_sources_table(report, styles),
        *_full_text(report, styles),
        *_side_by_side(report, styles),
    ]
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=_MARGIN,
        rightMargin=_MARGIN,
        topMargin=_MARGIN,
        bottomMargin=_MARGIN + 4 * mm,
        title=f"Similarity report: {name}",
        author="NearDup",
        subject=printable(str(report.path)),
        creator="NearDup",
    )
    try:
        document.build(story, onFirstPage=footer, onLaterPages=footer)
    except (LayoutError, ValueError) as error:
        raise PdfReportError(f"cannot lay out the PDF report of {report.path}: {error}") from error
    return buffer.getvalue()
