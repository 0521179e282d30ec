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

from neardup.core.report.languages import ENGLISH
from neardup.core.report.pdf_fonts import (
    LATIN,
    LATIN_BOLD,
    ReportFonts,
    font_runs,
    has_han,
    markup,
    printable,
    report_fonts,
    runs_markup,
)
from neardup.core.report.phrasebook import ReportWords, report_words
from neardup.core.report.source_errors import SourceReportError
from neardup.core.report.sources import Passage, SourceReport
from neardup.core.report.sources_html import colour

# A passage longer than this is cut in the side-by-side table (the full text shows all of
# it): a table row cannot run over a page, and a copied chapter would not fit on one.
MAX_SIDE_BY_SIDE = 800
_CITED_INK = "#666666"
_MARGIN = 16 * mm
_FOOTER_SIZE = 7.5


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

    def label(self, words: str, *, small: bool = False, bold: bool = False) -> Paragraph:
        """A paragraph of the report's own words, in the fonts of their language."""
        marked = markup(words, self.fonts)
        return self.raw(f"<b>{marked}</b>" if bold else marked, small=small, han=has_han(words))

    def mark(self, words: str) -> str:
        """Markup of the report's own words, to go inside other markup."""
        return markup(words, self.fonts)


def _header(
    report: SourceReport, styles: _Styles, made: datetime.datetime, words: ReportWords
) -> list[Flowable]:
    path = printable(str(report.path))
    made_line = [words.report_made.format(made=f"{made:%Y-%m-%d %H:%M}")]
    if report.pages:
        made_line.append(words.pages.format(count=report.pages))
    made_line.append(words.scan_settings(report.settings))
    flow: list[Flowable] = [
        Paragraph(styles.mark(words.similarity_report), styles.title),
        Spacer(1, 2 * mm),
        styles.raw(f"<b>{markup(report.path.name, styles.fonts)}</b>"),
        styles.raw(markup(path, styles.fonts), small=True),
        styles.label(" · ".join(made_line), small=True),
        Spacer(1, 3 * mm),
    ]
    figures = Table(
        [
            [
                Paragraph(
                    f"{styles.mark(label)}<br/>"
                    f'<font size="20"><b>{styles.mark(words.percent(value))}</b></font>',
                    styles.figure,
                )
                for label, value in (
                    (words.total_similarity, report.similarity),
                    (words.excluding_citations, report.similarity_excluding_citations),
                )
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
    note = words.leaves_out.format(described=report.citations.describe(words))
    if report.dismissed:
        note += words.sentence_gap + words.dismissed_sentence.format(count=report.dismissed)
    flow += [figures, Spacer(1, 2 * mm), styles.label(note, small=True)]
    return flow


def _sources_table(report: SourceReport, styles: _Styles, words: ReportWords) -> list[Flowable]:
    heading = Paragraph(styles.mark(words.sources), styles.heading)
    if not report.sources:
        return [heading, styles.label(words.no_text_found)]
    heads = ("", *words.column_heads)
    rows: list[list[Any]] = [[styles.label(head, small=True, bold=True) for head in heads]]
    for index, source in enumerate(report.sources):
        name = markup(Path(source.path).name, styles.fonts)
        details = [markup(printable(source.path), styles.fonts)] + [
            styles.mark(words.also.format(name=Path(a).name)) for a in source.alternatives
        ]
        if source.shared_by > 2:
            details.append(styles.mark(words.common_text.format(count=source.shared_by)))
        if source.review:
            note = source.review.get("note", "")
            verdict = words.reviewed(source.review)
            shown = f"<b>{styles.mark(verdict)}</b>"
            if note:
                shown = styles.mark(words.labelled).format(label=shown, text=styles.mark(note))
            details.append(shown)
        cell = f"<b>{name}</b><br/>" + "<br/>".join(f'<font size="7">{d}</font>' for d in details)
        rows.append(
            [
                styles.raw(str(index + 1), small=True, han=False),
                styles.raw(cell, small=True),
                styles.raw(f"{source.share:.1%}", small=True, han=False),
                styles.raw(f"{source.share_excluding_citations:.1%}", small=True, han=False),
                styles.label(words.kind(source.kind), small=True),
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
    return [heading, table]


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
    runs = font_runs(text, fonts)
    if len(runs) == 1 and len(runs[0][1]) > 1:
        # A paragraph of one fragment is wrapped by reportlab's shortcut for it, which draws
        # no background and no underline: a line of Chinese wholly inside a passage came
        # out unmarked. Cut in two fragments, it is wrapped like any other.
        font, run = runs[0]
        runs = [(font, run[:-1]), (font, run[-1])]
    body = runs_markup(runs)
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


def _full_text(report: SourceReport, styles: _Styles, words: ReportWords) -> list[Flowable]:
    flow: list[Flowable] = [
        Paragraph(styles.mark(words.full_text), styles.heading),
        styles.label(words.highlighting_note, small=True),
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


def _cut(text: str, words: ReportWords) -> str:
    if len(text) <= MAX_SIDE_BY_SIDE:
        return text
    more = words.more_characters.format(count=len(text) - MAX_SIDE_BY_SIDE)
    return f"{text[:MAX_SIDE_BY_SIDE]} … {more}"


def _side_by_side(report: SourceReport, styles: _Styles, words: ReportWords) -> list[Flowable]:
    if not report.sources:
        return []
    flow: list[Flowable] = [Paragraph(styles.mark(words.beside_sources), styles.heading)]
    heads = (words.head_number, words.head_in_document, words.head_in_source)
    for index, source in enumerate(report.sources):
        name = markup(Path(source.path).name, styles.fonts)
        share = words.share_excluding.format(
            share=f"{source.share:.1%}", excluding=f"{source.share_excluding_citations:.1%}"
        )
        flow.append(
            styles.raw(
                f'<span backColor="{colour(index)}"><b> {index + 1} </b></span> '
                + styles.mark(words.labelled).format(
                    label=f"<b>{name}</b>", text=styles.mark(share)
                )
            )
        )
        rows: list[list[Any]] = [[styles.label(head, small=True, bold=True) for head in heads]]
        for number, passage in enumerate(source.passages, start=1):
            where = words.page_short.format(page=passage.page) if passage.page else ""
            source_where = (
                words.labelled.format(
                    label=words.page_short.format(page=passage.source_page), text=""
                )
                if passage.source_page
                else ""
            )
            copy = (
                ""
                if passage.source_path == source.path
                else Path(passage.source_path).name + words.comma
            )
            mine = _highlight(
                _cut(passage.text, words), index, number, passage.cited, False, styles.fonts
            )
            number_cell = f"{index + 1}.{number}"
            if where:
                number_cell += f"<br/>{styles.mark(where)}"
            if passage.cited:
                number_cell += f"<br/><i>{styles.mark(words.cited)}</i>"
            rows.append(
                [
                    styles.raw(number_cell, small=True, han=has_han(where + words.cited)),
                    styles.raw(mine, small=True),
                    styles.raw(
                        f'<font color="{_CITED_INK}">{markup(copy + source_where, styles.fonts)}'
                        "</font>" + markup(_cut(passage.source_text, words), styles.fonts),
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


def printed_characters(report: SourceReport, language: str = ENGLISH) -> str:
    """Every character the report can print (a font cut down to them serves it whole)."""
    parts = [report.text, str(report.path), report_words(language).every_character()]
    for source in report.sources:
        parts += [source.path, *source.alternatives]
        parts += [passage.source_text for passage in source.passages]
    return "".join({character for part in parts for character in part})


def _draw_words(canvas: Canvas, x: float, y: float, text: str, fonts: ReportFonts) -> None:
    """Draw the report's own words from (x, y), each run in its font."""
    for font, run in font_runs(text, fonts):
        canvas.setFont(font, _FOOTER_SIZE)
        canvas.drawString(x, y, run)
        x += canvas.stringWidth(run, font, _FOOTER_SIZE)


def source_report_pdf(
    report: SourceReport, *, made: datetime.datetime | None = None, language: str = ENGLISH
) -> bytes:
    """The report as PDF bytes, in ``language``; raises PdfReportError when it cannot be
    laid out."""
    words = report_words(language)
    fonts = report_fonts(printed_characters(report, language))
    styles = _Styles(fonts)
    made = made or datetime.datetime.now()
    name = printable(report.path.name)

    def footer(canvas: Canvas, document: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFillColor(colors.HexColor("#555555"))
        _draw_words(canvas, _MARGIN, 9 * mm, words.footer.format(date=f"{made:%Y-%m-%d}"), fonts)
        page = words.footer_page.format(page=document.page)
        width = sum(
            canvas.stringWidth(run, font, _FOOTER_SIZE) for font, run in font_runs(page, fonts)
        )
        _draw_words(canvas, A4[0] - _MARGIN - width, 9 * mm, page, fonts)
        canvas.restoreState()

    story = [
        *_header(report, styles, made, words),
        *_sources_table(report, styles, words),
        *_full_text(report, styles, words),
        *_side_by_side(report, styles, words),
    ]
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=_MARGIN,
        rightMargin=_MARGIN,
        topMargin=_MARGIN,
        bottomMargin=_MARGIN + 4 * mm,
        title=words.document_title.format(name=name),
        author="NearDup",
        subject=printable(str(report.path)),
        creator="NearDup",
    )
    try:
        document.build(story, onFirstPage=footer, onLaterPages=footer)
    except (LayoutError, ValueError) as error:
        raise PdfReportError(f"cannot lay out the PDF report of {report.path}: {error}") from error
    return buffer.getvalue()
