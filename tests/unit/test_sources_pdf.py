"""The printable PDF report of a Chinese thesis: its text, its font, and glyphs on the page.

The thesis is built and scanned here (tests/support/theses.py); the PDF is read back with
PDFium (text and character boxes) and, where poppler's ``pdftoppm`` is installed, rendered
by it too, and the pixels where a Chinese character stands must hold ink.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest

from neardup import ScanSettings, scan
from neardup.core.report import SourceReport, source_report, source_report_pdf
from neardup.core.report.cff_fonts import CFF_HAN, has_cff_han, truetype_subset
from neardup.core.report.pdf_fonts import (
    LATIN,
    STANDARD_HAN,
    SYMBOLS,
    ReportFonts,
    font_runs,
    has_han,
    report_fonts,
)
from neardup.core.report.scan_report import report_dict
from neardup.core.report.sources_html import PALETTE
from neardup.core.report.sources_pdf import printed_characters
from pdf_text import page_texts
from theses import chinese_theses

_FOOTER = re.compile(r"NearDup similarity report · \d{4}-\d\d-\d\d|page \d+")


@pytest.fixture(scope="module")
def thesis_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[SourceReport, Path]:
    root = tmp_path_factory.mktemp("pdf")
    files = chinese_theses(root / "theses")
    report: dict[str, Any] = report_dict(
        scan([files["thesis"].parent], ScanSettings(workers=1, use_cache=False))
    )
    found = source_report(report, files["thesis"])
    pdf = root / "thesis.pdf"
    pdf.write_bytes(source_report_pdf(found))
    return found, pdf


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", _FOOTER.sub("", text))


def test_the_pdf_holds_the_header_and_each_passage_in_the_writers_characters(
    thesis_report: tuple[SourceReport, Path],
) -> None:
    found, pdf = thesis_report
    assert pdf.read_bytes().startswith(b"%PDF-")
    pages = page_texts(pdf)
    text = "".join(pages)
    assert "Similarity report" in pages[0] and found.path.name in pages[0]
    assert found.similarity is not None and found.similarity_excluding_citations is not None
    assert f"{found.similarity:.1%}" in pages[0]
    assert f"{found.similarity_excluding_citations:.1%}" in pages[0]
    [source] = found.sources
    assert Path(source.path).name in text and "also:" in text
    squeezed = _squeezed(text)
    pasted = [p for p in source.passages if not p.cited]
    assert pasted and all(_squeezed(p.text) in squeezed for p in pasted)
    # the whole document, as extracted, from its first line to the last (a line in which a
    # passage begins also holds the passage's number)
    starts = {p.start for p in source.passages}
    position = 0
    for line in found.text.split("\n"):
        if not any(position <= start < position + len(line) for start in starts):
            assert _squeezed(line) in squeezed
        position += len(line) + 1
    # the passages are numbered source.passage beside the source's own text
    assert all(f"1.{n}" in text for n in range(1, len(source.passages) + 1))
    assert "Passages beside their sources" in text


def test_the_font_for_chinese_is_in_the_pdf(thesis_report: tuple[SourceReport, Path]) -> None:
    report, pdf = thesis_report
    data = pdf.read_bytes()
    fonts = report_fonts(printed_characters(report))
    if fonts.embedded:
        assert b"/FontFile2" in data  # the glyphs themselves, a subset of the TrueType font
    else:
        # The standard Chinese font, named with its character collection: a reader supplies it.
        assert b"/BaseFont /STSong-Light" in data and b"/Registry (Adobe)" in data
        assert b"/Ordering (GB1)" in data


def _chinese_boxes(pdf: Path, count: int = 5) -> list[tuple[int, tuple[float, ...], float]]:
    """(page, box in points, page height) of the first Chinese characters of the full text."""
    document = pdfium.PdfDocument(pdf)
    try:
        boxes = []
        for number in range(len(document)):
            page = document[number]
            textpage = page.get_textpage()
            text = textpage.get_text_range()
            for match in re.finditer("[\u4e00-\u9fff]", text):
                boxes.append((number, textpage.get_charbox(match.start()), page.get_height()))
                if len(boxes) == count:
                    return boxes
        return boxes
    finally:
        document.close()


def _ink(gray: np.ndarray, box: tuple[float, ...], height: float, dpi: float) -> int:
    left, bottom, right, top = (v * dpi / 72 for v in box)
    rows = slice(int(height * dpi / 72 - top), int(height * dpi / 72 - bottom) + 1)
    return int((gray[rows, int(left) : int(right) + 1] < 128).sum())


def test_pdfium_draws_the_chinese_glyphs(thesis_report: tuple[SourceReport, Path]) -> None:
    report, pdf = thesis_report
    boxes = _chinese_boxes(pdf)
    assert len(boxes) == 5
    if not report_fonts(printed_characters(report)).embedded:
        # The PDF names the standard font (checked above); PDFium draws it with a Chinese
        # font of the machine's, and this machine has none, or the report would embed it.
        pytest.skip("no Chinese font on this machine: the reader must supply STSong-Light")
    document = pdfium.PdfDocument(pdf)
    try:
        for number, box, height in boxes:
            gray = document[number].render(scale=2, grayscale=True).to_numpy()
            assert _ink(gray.reshape(gray.shape[:2]), box, height, 144) > 0
    finally:
        document.close()


def _read_pgm(path: Path) -> np.ndarray:
    data = path.read_bytes()
    magic, width, height, _, pixels = data.split(maxsplit=4)
    assert magic == b"P5"
    return np.frombuffer(pixels, dtype=np.uint8).reshape(int(height), int(width))


def test_pdftoppm_draws_the_chinese_glyphs(
    thesis_report: tuple[SourceReport, Path], tmp_path: Path
) -> None:
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    report, pdf = thesis_report
    number, box, height = _chinese_boxes(pdf)[0]
    done = subprocess.run(
        [
            *("pdftoppm", "-gray", "-r", "144", "-f", str(number + 1), "-l", str(number + 1)),
            *(str(pdf), str(tmp_path / "page")),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [image] = tmp_path.glob("page*.pgm")
    gray = _read_pgm(image)
    if (
        not report_fonts(printed_characters(report)).embedded
        and "Missing language pack for 'Adobe-GB1'" in done.stderr
    ):
        pytest.skip(
            "this poppler has no data for Adobe's standard Chinese fonts (install poppler-data); "
            "no TrueType Chinese font on this machine to embed instead"
        )
    assert _ink(gray, box, height, 144) > 0


def test_a_cff_chinese_font_is_cut_to_the_characters_and_embedded_as_truetype() -> None:
    """Noto CJK (CFF outlines) is what Linux machines have: the report embeds the glyphs of
    its own characters, converted, rather than leave them to the reader."""
    found = [Path(p) for p in CFF_HAN if Path(p).is_file() and has_cff_han(Path(p))]
    if not found:
        pytest.skip("no CFF Chinese font (Noto CJK) on this machine")
    from fontTools.ttLib import TTFont

    characters = "论文抄袭检测 report 第三章"
    data = truetype_subset(found[0], characters)
    assert data is not None
    font = TTFont(io.BytesIO(data))
    assert "glyf" in font and "CFF " not in font  # TrueType outlines, which reportlab embeds
    cmap = font.getBestCmap()
    assert {ord(c) for c in characters if not c.isspace()} <= set(cmap)
    assert len(font.getGlyphOrder()) < 40  # the report's characters, not the 65,000
    glyph = font["glyf"][cmap[ord("论")]]
    assert glyph.numberOfContours > 0  # an outline, not an empty box
    assert truetype_subset(Path(__file__), characters) is None  # not a font: the caller falls back


def test_a_batch_registers_one_subset_that_serves_every_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from neardup.core.report import cff_fonts, pdf_fonts

    if report_fonts("中").embedded and not report_fonts("中").han.startswith("NearDupHan-"):
        pytest.skip("a TrueType Chinese font serves every report already")
    if not any(Path(p).is_file() and has_cff_han(Path(p)) for p in CFF_HAN):
        pytest.skip("no CFF Chinese font (Noto CJK) on this machine")
    conversions: list[str] = []
    convert = cff_fonts.truetype_subset

    def counted(path: Path, characters: str) -> bytes | None:
        conversions.append(characters)
        return convert(path, characters)

    monkeypatch.setattr(pdf_fonts, "truetype_subset", counted)
    monkeypatch.setattr(pdf_fonts, "_subsets", {})
    whole = report_fonts("甲乙丙丁戊己庚辛壬癸 and Latin")
    assert [report_fonts(part) for part in ("甲乙", "丙丁 Latin", "癸")] == [whole] * 3
    assert len(conversions) == 1  # the union, cut and converted once
    assert report_fonts("子丑").han != whole.han and len(conversions) == 2


def test_a_later_subset_prints_its_own_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each subset of the machine's CFF font is a font of its own: reportlab gives every
    font of one face name the first one registered, and a report printed after another
    lost the characters the first subset lacked (an English report, then a Chinese one)."""
    from reportlab.pdfgen.canvas import Canvas

    from neardup.core.report import pdf_fonts

    if not any(Path(p).is_file() and has_cff_han(Path(p)) for p in CFF_HAN):
        pytest.skip("no CFF Chinese font (Noto CJK) on this machine")
    if report_fonts("中").embedded and not report_fonts("中").han.startswith("NearDupHan-"):
        pytest.skip("a TrueType Chinese font serves every report already")
    monkeypatch.setattr(pdf_fonts, "_subsets", {})
    for text in ("甲乙丙", "总相似度扫描"):  # the second shares no character with the first
        fonts = report_fonts(text)
        buffer = io.BytesIO()
        canvas = Canvas(buffer)
        canvas.setFont(fonts.han, 12)
        canvas.drawString(72, 720, text)
        canvas.save()
        assert page_texts(buffer.getvalue())[0].strip() == text


def test_symbols_neither_font_holds_are_printed(tmp_path: Path) -> None:
    """≥, → and ∞ are in neither Helvetica nor every Chinese font (DroidSansFallback has
    none of them): they are drawn from a font that has them, never dropped."""
    folder = tmp_path / "docs"
    folder.mkdir()
    symbols = "Linux kernel ≥ 3.15 → a limit of ∞ and ≤ 2 workers ≠ 3"
    source = " ".join(f"Sentence {n} of the source text about init systems." for n in range(60))
    copied = f"{symbols}. " + source[:1200]
    (folder / "source.txt").write_text(f"{copied} {source}", encoding="utf-8")
    essay = " ".join(f"Our own sentence {n} on another subject entirely." for n in range(80))
    (folder / "essay.txt").write_text(f"{essay} {copied}", encoding="utf-8")
    report: dict[str, Any] = report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, folder / "essay.txt")
    assert found.sources
    pdf = tmp_path / "essay.pdf"
    pdf.write_bytes(source_report_pdf(found))
    text = "".join(page_texts(pdf))
    for symbol in "≥→∞≤≠":
        assert symbol in text


def _highlight_under(pdf: Path, needle: str) -> tuple[int, int, int]:
    """The colour behind the middle of the first character of ``needle`` in the PDF's text:
    the median of the pixels of its box that are not ink."""
    document = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(document)):
            page = document[number]
            textpage = page.get_textpage()
            at = textpage.get_text_range().find(needle)
            if at < 0:
                continue
            left, bottom, right, top = textpage.get_charbox(at)
            scale = 2
            pixels = page.render(scale=scale, rev_byteorder=True).to_numpy()[..., :3]  # RGB
            height = page.get_height()
            rows = slice(int((height - top) * scale), int((height - bottom) * scale) + 1)
            box = pixels[rows, int(left * scale) : int(right * scale) + 1].reshape(-1, 3)
            paper = box[box.sum(axis=1) > 3 * 160]  # leave the glyph's strokes out
            return tuple(int(v) for v in np.median(paper, axis=0))  # type: ignore[return-value]
        raise AssertionError(f"{needle!r} is not in the PDF")
    finally:
        document.close()


def test_every_line_of_a_passage_is_highlighted_a_line_of_chinese_alone_too(
    thesis_report: tuple[SourceReport, Path],
) -> None:
    """A passage over several paragraphs: its later paragraphs, Chinese characters and
    punctuation only, were drawn without their colour (reportlab's shortcut for a paragraph
    of one fragment draws no background)."""
    found, pdf = thesis_report
    [source] = found.sources
    highlight = tuple(int(PALETTE[0][k : k + 2], 16) for k in (1, 3, 5))
    lines_checked = 0
    for passage in (p for p in source.passages if not p.cited):
        later_lines = [line for line in passage.text.split("\n")[1:] if line.strip()]
        for line in later_lines:
            if not has_han(line) or any(c.isascii() and not c.isspace() for c in line):
                continue
            colour = _highlight_under(pdf, line.strip()[:12])
            assert all(abs(a - b) <= 12 for a, b in zip(colour, highlight, strict=True)), colour
            lines_checked += 1
    assert lines_checked, "the thesis has a passage over several lines of Chinese alone"
    own_line = next(
        line for line in found.text.split("\n") if has_han(line) and line not in source_texts(found)
    )
    assert min(_highlight_under(pdf, own_line.strip()[:12])) >= 245  # white paper


def source_texts(found: SourceReport) -> str:
    return "".join(p.text for s in found.sources for p in s.passages)


def test_quotation_marks_beside_chinese_take_the_chinese_font() -> None:
    """“ and ” around Chinese are set in the Chinese font (where it holds them), as Chinese
    text sets them; in English they stay in the standard font. Runs of one font join."""
    standard = ReportFonts(STANDARD_HAN, False, STANDARD_HAN)  # holds every character
    runs = font_runs("他说：“在乡土社会里”。He said “OK” here", standard)
    assert runs == [(STANDARD_HAN, "他说：“在乡土社会里”。"), ("Helvetica", "He said “OK” here")]
    # a Chinese font without them: the font that holds them, never a gap
    without = ReportFonts("NearDupHan", True, "x.ttf", frozenset(map(ord, "他说在里")))
    assert [font for font, _ in font_runs("他“在里”", without)] == [
        "NearDupHan",
        STANDARD_HAN,
        "NearDupHan",
        STANDARD_HAN,
    ]


def test_no_printed_line_begins_with_closing_punctuation(
    thesis_report: tuple[SourceReport, Path],
) -> None:
    """Chinese typesetting hangs "，" or "！" at the end of a line; reportlab's rule for it
    knew only Japanese punctuation, and two lines of this report began with "！"."""
    _, pdf = thesis_report
    lines = [line for page in page_texts(pdf) for line in page.splitlines() if line]
    assert len(lines) > 50
    assert not [line for line in lines if line[0] in "，；：！？）》」』】”。、"]


def test_with_the_standard_chinese_font_symbols_are_embedded_and_page_numbers_join_it() -> None:
    """On a machine with no Chinese font the reader supplies STSong-Light; what a font of
    the machine holds (≥, Greek) is embedded from it between Latin text, so every reader
    shows it, and the digits of "第 1 页" are set with its Chinese, so no character stands
    alone in it (a reader with no Chinese font drops such a character)."""
    fonts = ReportFonts(
        STANDARD_HAN, False, STANDARD_HAN, None, SYMBOLS, frozenset(map(ord, "≥αÀ，一“”℃"))
    )
    assert font_runs("第 12 页", fonts) == [(STANDARD_HAN, "第 12 页")]
    assert font_runs("a ≥ b，中α", fonts) == [
        (LATIN, "a "),
        (SYMBOLS, "≥"),  # between Latin text: embedded
        (LATIN, " b"),
        (STANDARD_HAN, "，中α"),  # beside Chinese: in its font, as it sets them
    ]
    assert font_runs("x α y", fonts)[1] == (SYMBOLS, "α")
    assert font_runs("第 x 页", fonts)[1] == (LATIN, " x ")  # letters keep the Latin font
    # Beside Chinese, its quotation marks and symbols stay in its font, as Chinese sets them.
    assert font_runs("他说“你好”。温度为25℃。", fonts) == [
        (STANDARD_HAN, "他说“你好”。温度为25℃。")
    ]
