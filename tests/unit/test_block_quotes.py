"""Block quotes: a passage the format sets off as a quotation (an indented or quote-styled
.docx paragraph, an indented plain-text paragraph) is a citation, like one in quotation
marks, and leaves the figure that excludes citations."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Cm

from neardup import ScanSettings, scan
from neardup.core.extract import extract
from neardup.core.models import Document
from neardup.core.report import source_report
from neardup.core.report.citations import indented_quotes
from neardup.core.report.scan_report import report_dict
from textgen import document, paragraphs


def _docx(path: Path, parts: list[tuple[str, str]]) -> Path:
    """A Word document of (kind, text) paragraphs: body, first-line, indented or quote."""
    made = docx.Document()
    for kind, text in parts:
        paragraph = made.add_paragraph(text, style="Quote" if kind == "quote" else None)
        if kind == "indented":
            paragraph.paragraph_format.left_indent = Cm(1.5)
            paragraph.paragraph_format.right_indent = Cm(1.5)
        elif kind == "first-line":
            paragraph.paragraph_format.first_line_indent = Cm(0.74)
    made.save(str(path))
    return path


def test_indented_and_quote_styled_paragraphs_of_a_docx_are_block_quotes(tmp_path: Path) -> None:
    texts = paragraphs(40, "zh", count=5)
    kinds = ["first-line", "indented", "body", "quote", "first-line"]
    found = extract(_docx(tmp_path / "thesis.docx", list(zip(kinds, texts, strict=True))))
    assert isinstance(found, Document)
    quoted = [found.text[start:end] for start, end in found.quote_spans]
    assert quoted == [texts[1], texts[3]]


def test_an_indented_plain_text_paragraph_is_a_block_quote_but_a_first_line_indent_is_not() -> None:
    body = paragraphs(41, "en", count=3)
    english = f"{body[0]}\n\n    {body[1][:60]}\n    {body[1][60:]}\n\n{body[2]}\n"
    ((start, end),) = indented_quotes(english)
    assert english[start:end].split() == body[1][:60].split() + body[1][60:].split()

    han = paragraphs(42, "zh", count=4)
    chinese = f"\u3000\u3000{han[0]}\n\n\u3000\u3000\u3000\u3000{han[1]}\n\n\u3000\u3000{han[2]}\n"
    ((start, end),) = indented_quotes(chinese)
    assert chinese[start:end].strip() == han[1]
    # Every paragraph indented alike: that is the body's indent, not a quotation.
    assert indented_quotes("\n\n".join(f"\u3000\u3000{p}" for p in han)) == []
    assert indented_quotes("> " + han[3]) == []  # the whole text: nothing stands out


def test_a_source_quoted_as_a_block_leaves_the_figure_that_excludes_citations(
    tmp_path: Path,
) -> None:
    source = paragraphs(43, "zh", count=6)
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "source.txt").write_text("\n\n".join(source), encoding="utf-8")
    own = paragraphs(44, "zh", count=6)
    parts = [
        ("first-line", own[0]),
        ("first-line", own[1]),
        ("indented", source[1]),  # quoted, set off as a block
        ("first-line", own[2]),
        ("first-line", source[4]),  # pasted into the body
        ("first-line", own[3]),
        ("first-line", document(45, "zh", count=2)),
    ]
    thesis = _docx(folder / "thesis.docx", parts)
    report = report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, thesis)
    (listed,) = found.sources
    # (A passage may run a few characters past its paragraph where the next one happens to
    # begin as the source's next one does.)
    quoted = [p for p in listed.passages if source[1] in p.text]
    pasted = [p for p in listed.passages if source[4] in p.text]
    assert len(listed.passages) == 2 and len(quoted) == len(pasted) == 1
    assert quoted[0].cited and quoted[0].text == source[1]
    assert not pasted[0].cited
    assert found.similarity is not None and found.similarity_excluding_citations is not None
    total_chars = len("".join(found.text.split()))
    pasted_share = len("".join(source[4].split())) / total_chars
    assert abs(found.similarity_excluding_citations - pasted_share) < 0.01
    assert found.similarity > found.similarity_excluding_citations + 0.05
