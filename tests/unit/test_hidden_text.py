"""Text a .docx hides from its reader (hidden, white, under 2 points) is left out of the
comparison, counted, and said: stuffing a copy with invisible words does not hide it."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.enum.text import WD_COLOR_INDEX
from docx.shared import Pt, RGBColor

from neardup import ScanSettings, scan
from neardup.core.extract import extract
from neardup.core.models import Document, PairKind
from neardup.core.report import report_dict
from textgen import paragraphs

JUNK = "zqx vbn wrt plk mnb hjg fds"  # what a student stuffs between the words


def _stuffed(path: Path, texts: list[str], how: str) -> int:
    """A .docx of ``texts`` with junk runs hidden in ``how`` inside each paragraph."""
    document = docx.Document()
    hidden = 0
    for text in texts:
        paragraph = document.add_paragraph()
        for word in text.split(" "):
            paragraph.add_run(word + " ")
            run = paragraph.add_run(JUNK + " ")
            hidden += len(JUNK) + 1
            if how == "hidden":
                run.font.hidden = True
            elif how == "white":
                run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
            elif how == "tiny":
                run.font.size = Pt(1)
    document.save(str(path))
    return hidden


def test_hidden_white_and_tiny_runs_are_left_out_and_counted(tmp_path: Path) -> None:
    texts = paragraphs(300, "en", count=2, sentences=2)
    for how in ("hidden", "white", "tiny"):
        path = tmp_path / f"{how}.docx"
        _stuffed(path, texts, how)
        found = extract(path)
        assert isinstance(found, Document)
        assert JUNK not in found.text, how
        assert found.hidden_chars > 0 and "hidden text left out" in found.notes[0], how


def test_white_text_on_a_coloured_background_is_visible(tmp_path: Path) -> None:
    document = docx.Document()
    run = document.add_paragraph().add_run("White words on a dark highlight are meant to be read.")
    run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    run.font.highlight_color = WD_COLOR_INDEX.BLACK
    path = tmp_path / "banner.docx"
    document.save(str(path))
    found = extract(path)
    assert isinstance(found, Document) and "meant to be read" in found.text
    assert found.hidden_chars == 0


def test_a_stuffed_copy_is_still_a_duplicate_and_the_report_says_it_hides_text(
    tmp_path: Path,
) -> None:
    texts = paragraphs(301, "en", count=8)
    (tmp_path / "source.txt").write_text("\n\n".join(texts), encoding="utf-8")
    hidden = _stuffed(tmp_path / "copy.docx", texts, "hidden")
    result = scan([tmp_path], ScanSettings(use_cache=False, workers=1))
    (pair,) = result.pairs
    assert pair.kind is PairKind.DUPLICATE
    entries = {Path(d["path"]).name: d for d in report_dict(result)["documents"]}
    assert entries["copy.docx"]["hidden_chars"] == hidden
    assert entries["source.txt"]["hidden_chars"] == 0
