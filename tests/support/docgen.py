"""Generate real .txt, .docx and .pdf fixtures at test time (python-docx and reportlab)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import docx
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from reportlab.lib.pagesizes import A4
from reportlab.lib.pdfencrypt import StandardEncryption
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

CJK_FONT = "STSong-Light"
LATIN_FONT = "Helvetica"
_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_NSDECLS = (
    f'xmlns:w="{_W_NS}" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)


def write_txt(path: Path, text: str, encoding: str = "utf-8", *, bom: bytes = b"") -> Path:
    """Write ``text`` in ``encoding``, optionally preceded by a byte-order mark."""
    path.write_bytes(bom + text.encode(encoding))
    return path


# --- docx -----------------------------------------------------------------------------------


def write_docx(
    path: Path,
    paragraphs: Sequence[str],
    table: Sequence[Sequence[str]] | None = None,
    header: str | None = None,
    footer: str | None = None,
    *,
    text_box: str | None = None,
    footnote: str | None = None,
) -> Path:
    """Write a Word document: paragraphs, then an optional table, with optional extras.

    ``text_box`` is injected as DrawingML with a VML fallback, the way Word saves it, so an
    extractor that reads both copies would report it twice. ``footnote`` adds a footnotes
    part referenced from the first paragraph.
    """
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    if table:
        _add_table(document, table)
    section = document.sections[0]
    if header is not None:
        section.header.paragraphs[0].text = header
    if footer is not None:
        section.footer.paragraphs[0].text = footer
    if text_box is not None:
        document.add_paragraph()._p.append(parse_xml(_text_box_run(text_box)))
    if footnote is not None:
        _add_footnote(document, footnote)
    document.save(str(path))
    return path


def _add_table(document: docx.document.Document, rows: Sequence[Sequence[str]]) -> None:
    width = max(len(row) for row in rows)
    table = document.add_table(rows=len(rows), cols=width)
    for row, values in zip(table.rows, rows, strict=True):
        for cell, value in zip(row.cells, values, strict=False):
            cell.text = value


def _text_box_run(text: str) -> str:
    box = f"<w:txbxContent><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent>"
    return (
        f"<w:r {_NSDECLS}><mc:AlternateContent>"
        '<mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic>'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        f"<wps:wsp><wps:txbx>{box}</wps:txbx></wps:wsp>"
        "</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>"
        f"<mc:Fallback><w:pict><v:shape><v:textbox>{box}</v:textbox></v:shape></w:pict>"
        "</mc:Fallback></mc:AlternateContent></w:r>"
    )


def _add_footnote(document: docx.document.Document, text: str) -> None:
    xml = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="{_W_NS}">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p>'
        "</w:footnote>"
        f'<w:footnote w:id="1"><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:footnote>'
        "</w:footnotes>"
    )
    part = Part(
        PackURI("/word/footnotes.xml"),
        CT.WML_FOOTNOTES,
        xml.encode("utf-8"),
        document.part.package,
    )
    document.part.relate_to(part, RT.FOOTNOTES)
    reference = parse_xml(f'<w:r {_NSDECLS}><w:footnoteReference w:id="1"/></w:r>')
    document.paragraphs[0]._p.append(reference)


# --- pdf ------------------------------------------------------------------------------------


def write_pdf(
    path: Path,
    pages: Sequence[str],
    *,
    user_password: str | None = None,
    font_size: float = 12,
) -> Path:
    """Write one PDF page per string, wrapping lines to the page width.

    Text with any non-ASCII character uses the CID font STSong-Light, which reportlab
    references without embedding; readers map it through the Adobe-GB1 CMaps.
    """
    encrypt = StandardEncryption(user_password, ownerPassword="owner") if user_password else None
    pdf = canvas.Canvas(str(path), pagesize=A4, encrypt=encrypt)
    width, height = A4
    margin = 56.0
    for page_text in pages:
        font = _font_for(page_text)
        pdf.setFont(font, font_size)
        y = height - margin
        for line in _wrap(page_text, font, font_size, width - 2 * margin):
            pdf.drawString(margin, y, line)
            y -= font_size * 1.3
        pdf.showPage()
    pdf.save()
    return path


def write_scanned_pdf(path: Path, pages: int = 1) -> Path:
    """Write pages that carry only drawings, like a scan without OCR."""
    pdf = canvas.Canvas(str(path), pagesize=A4)
    for index in range(pages):
        for row in range(20):
            pdf.setFillGray(0.2 + 0.03 * ((row + index) % 10))
            pdf.rect(56, 760 - row * 32, 300 + 10 * (row % 5), 18, stroke=0, fill=1)
        pdf.showPage()
    pdf.save()
    return path


def _font_for(text: str) -> str:
    if text.isascii():
        return LATIN_FONT
    if CJK_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))
    return CJK_FONT


def _wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, font, size, max_width))
    return lines


def _wrap_paragraph(paragraph: str, font: str, size: float, max_width: float) -> list[str]:
    # Latin wraps at spaces, CJK anywhere: split into words and single CJK characters.
    tokens: list[str] = []
    for word in paragraph.split(" "):
        tokens.extend([word + " "] if word.isascii() else [*word, " "])
    lines: list[str] = []
    current = ""
    for token in tokens:
        candidate = current + token
        if current and pdfmetrics.stringWidth(candidate.rstrip(), font, size) > max_width:
            lines.append(current.rstrip())
            current = token
        else:
            current = candidate
    lines.append(current.rstrip())
    if len(lines) > 1 and len(lines[-1]) == 1 and not lines[-1].isascii():
        # pdfium drops a line of one character in a CID font it has no glyphs for (a
        # machine with no Chinese font): the line before gives it company.
        lines[-2:] = [lines[-2][:-1], lines[-2][-1] + lines[-1]]
    return lines
