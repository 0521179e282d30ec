"""The compare view shows each document's own text: its capitals, its full-width punctuation,
and marks over exactly the characters of each passage or change, in whole words."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from docgen import write_docx, write_txt
from neardup.core.extract import extract
from neardup.core.features import normalize
from neardup.core.features.folding import fold
from neardup.core.models import Document
from neardup.gui.compare.compare_dialog import CompareDialog
from neardup.gui.compare.compare_figures import EDITS, PASSAGES
from neardup.gui.compare.text_pane import TextPane
from neardup.gui.main_window import MainWindow
from textgen import paragraphs

# Written for this test: full-width commas, colons, quotation marks, brackets and digits,
# which the engine turns into ASCII, so a pane that shows the normalised text fails.
PASTED_ZH = [
    "本研究以ＳｉｍＨａｓｈ指纹为基础，结合分段比对（即“段落级比对”），在１２０篇学位论文上"
    "进行了实验：检出率达到百分之九十以上，误报率低于百分之二。",
    "实验还表明，当汉明距离阈值取３时，查全率与查准率之间取得了较好的平衡；"
    "阈值继续增大，误报迅速增多，人工复核的负担也随之加重。",
]
MEMO = [
    "The Harbour Committee met on Tuesday to review the Winter Timetable.",
    "Ferries to the Northern Islands will leave at seven instead of eight.",
    "The old pier needs new railings before the storms arrive in November.",
    "Volunteers from St. Mary's quietly repainted the waiting room in May.",
    "A survey of passengers asked which crossings they would like to keep.",
    "Most replies favoured the evening boat over the early morning service.",
    "The Ticket Office will accept cards from the first day of December.",
    "Fishermen asked for more moorings near the Lighthouse and the slipway.",
]


def _open(qtbot: QtBot, dialog: CompareDialog) -> CompareDialog:
    qtbot.waitUntil(
        lambda: dialog.outcome is not None and not dialog.job.is_running(), timeout=30_000
    )
    return dialog


def _extracted(path: Path) -> str:
    document = extract(path)
    assert isinstance(document, Document)
    return document.text


def _compared(text: str) -> str:
    """The text as the engine compares it (the dialog's settings fold, as a scan's do)."""
    return fold(normalize(text))


def _assert_marks_are_the_passages(
    pane: TextPane, compared: str, spans: list[tuple[int, int]]
) -> None:
    """Each mark covers the document's own characters of one passage: normalised, they are
    exactly the passage the engine found (widened to whole words), from its first word: the
    engine's may begin with the full stop and blank line before it, which both texts have."""
    marks = sorted(pane.marks, key=lambda m: m.start)
    assert len(marks) == len(spans)
    for mark, (start, end) in zip(marks, sorted(spans), strict=True):
        own = pane.text[mark.start : mark.end]
        assert _compared(own) == compared[start:end].strip().lstrip(".,;:!?\n ")
        assert own[:1].isalnum() or own[:1] in "“‘(（《"


@pytest.fixture
def theses(tmp_path: Path) -> tuple[Path, Path]:
    source = paragraphs(61, "zh", count=6)
    own = paragraphs(62, "zh", count=6)
    a = write_docx(tmp_path / "来源.docx", [*source[:3], *PASTED_ZH, *source[3:]])
    b = write_docx(tmp_path / "论文.docx", [*own[:3], *PASTED_ZH, *own[3:]])
    return a, b


def test_a_chinese_docx_shows_its_full_width_punctuation_and_marks_the_pasted_text(
    qtbot: QtBot, window: MainWindow, theses: tuple[Path, Path]
) -> None:
    a, b = theses
    dialog = _open(qtbot, window.compare.compare_files(a, b))
    assert dialog.mode == PASSAGES
    original_a, original_b = _extracted(a), _extracted(b)
    assert dialog.left.text == original_a and dialog.right.text == original_b
    assert "ＳｉｍＨａｓｈ指纹为基础，" in dialog.left.text  # not "simhash指纹为基础,"

    marked_a = "".join(text for text, _ in dialog.left.marked_text())
    marked_b = "".join(text for text, _ in dialog.right.marked_text())
    for paragraph in PASTED_ZH:  # the pasted paragraphs, as written, are marked in both
        assert paragraph in marked_a and paragraph in marked_b
    outcome = dialog.outcome
    assert outcome is not None and outcome.diff is not None
    from neardup.core.report import snap_to_words

    spans_a = snap_to_words([(p[0], p[1]) for p in dialog.passages], outcome.diff.words_a)
    spans_b = snap_to_words([(p[2], p[3]) for p in dialog.passages], outcome.diff.words_b)
    _assert_marks_are_the_passages(dialog.left, _compared(original_a), spans_a)
    _assert_marks_are_the_passages(dialog.right, _compared(original_b), spans_b)
    dialog.close()


def _edited_memo() -> list[str]:
    """A light edit: a capitalised word changed, a word deleted, two inserted."""
    edited = list(MEMO)
    edited[0] = edited[0].replace("Harbour Committee", "Airport Committee")
    edited[3] = edited[3].replace("quietly ", "")
    edited[6] = edited[6].replace("accept cards", "accept Visa cards")
    return edited


def _word_edges(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` starts and ends on word boundaries."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() and text[start].isalnum()) and not (
        after.isalnum() and text[end - 1].isalnum()
    )


def test_an_english_txt_keeps_its_capitals_in_the_changes_and_the_passages(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    a = write_txt(tmp_path / "memo.txt", "\n".join(MEMO) + "\n")
    b = write_txt(tmp_path / "memo_edited.txt", "\n".join(_edited_memo()) + "\n")
    dialog = _open(qtbot, window.compare.compare_files(a, b))
    assert dialog.left.text == _extracted(a) and dialog.right.text == _extracted(b)
    assert dialog.mode == EDITS
    assert [text for text, _ in dialog.left.marked_text()] == ["Harbour", "quietly"]
    assert [text for text, _ in dialog.right.marked_text()] == ["Airport", "Visa"]
    dialog.step(1)
    assert dialog.right.edit.extraSelections()[-1].cursor.selectedText() == "Airport"

    # passages: a range that cuts words ("Com|mittee", "Time|table") is shown whole
    outcome = dialog.outcome
    assert outcome is not None and outcome.comparison.left is not None
    compared = outcome.comparison.left.text
    start = compared.index("committee met") + 3
    end = compared.index("timetable") + 4
    dialog.passages = [(start, end, start, end)]
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData(PASSAGES))
    ((marked, _),) = dialog.left.marked_text()
    assert marked == "Committee met on Tuesday to review the Winter Timetable"
    mark = dialog.left.marks[0]
    assert _word_edges(dialog.left.text, mark.start, mark.end)
    dialog.close()


def test_the_panes_keep_together_on_the_original_texts(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # B opens with lines whose runs of spaces and ellipses the engine shortens or lengthens:
    # every later offset of B's own text differs from its normalised one, and the panes must
    # still show the same line.
    opening = ("ＮＯＴＥ：" + " " * 40 + "Revised in ２０２４…… see the Annex.\n") * 30
    memo = "\n".join(f"Item {n}: {line}" for n, line in enumerate(MEMO * 8)) + "\n"
    a = write_txt(tmp_path / "a.txt", memo)
    b = write_txt(tmp_path / "b.txt", opening + memo)
    dialog = _open(qtbot, window.compare.compare_files(a, b))
    dialog.resize(900, 400)
    qtbot.waitUntil(lambda: dialog.left.edit.verticalScrollBar().maximum() > 0)
    bar = dialog.left.edit.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    top_a, top_b = dialog.left.top_offset(), dialog.right.top_offset()
    line_a = dialog.left.text[top_a:].split("\n", 1)[0]
    line_b = dialog.right.text[top_b:].split("\n", 1)[0]
    assert line_a.startswith("Item ") and line_a == line_b
    dialog.close()
