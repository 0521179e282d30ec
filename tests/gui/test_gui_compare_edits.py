"""The compare view of an edited copy: which words it marks, whole words, panes that scroll
together, shortcuts, and "Compare two files…" from the File menu."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import scan_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from docgen import write_txt
from neardup.core.report import ChangeKind
from neardup.gui.compare.compare_dialog import CHANGE_COLORS, CompareDialog
from neardup.gui.compare.compare_figures import EDITS, PASSAGES
from neardup.gui.formatting import percent
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import PairRow
from textgen import document

MEMO = [
    "The harbour committee met on Tuesday to review the winter timetable.",
    "Ferries to the northern islands will leave at seven instead of eight.",
    "The old pier needs new railings before the storms arrive in November.",
    "Volunteers quietly repainted the waiting room during the long weekend.",
    "A survey of passengers asked which crossings they would like to keep.",
    "Most replies favoured the evening boat over the early morning service.",
    "The ticket office will accept cards from the first day of December.",
    "Fishermen asked for more moorings near the lighthouse and the slipway.",
    "The budget for repairs was approved after a short discussion.",
    "Next month the committee will publish the timetable for the spring.",
    "Questions about lost property should go to the office by the gate.",
    "The meeting closed with thanks to the crew of the lifeboat station.",
]


def _edited(sentences: list[str]) -> list[str]:
    """Three edits: a word changed, a word deleted, a word inserted."""
    edited = list(sentences)
    edited[0] = edited[0].replace("harbour", "airport")
    edited[3] = edited[3].replace("quietly ", "")
    edited[8] = edited[8].replace("short discussion", "short but lively discussion")
    return edited


@pytest.fixture
def memos(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "memos"
    folder.mkdir()
    original = write_txt(folder / "memo.txt", "\n".join(MEMO) + "\n")
    edited = write_txt(folder / "memo_edited.txt", "\n".join(_edited(MEMO)) + "\n")
    for seed in range(3):  # unrelated documents, so that the memos stand out as a pair
        write_txt(folder / f"other_{seed}.txt", document(seed, "en"))
    return original, edited


def _open(qtbot: QtBot, dialog: CompareDialog) -> CompareDialog:
    qtbot.waitUntil(
        lambda: dialog.outcome is not None and not dialog.job.is_running(), timeout=30_000
    )
    return dialog


def _close(qtbot: QtBot, window: MainWindow, dialog: CompareDialog) -> None:
    dialog.close()
    qtbot.waitUntil(lambda: not window.compare_dialogs)


def _scanned_pair(window: MainWindow, a: Path, b: Path) -> PairRow:
    assert window.report is not None
    return window.report.pair_of[(str(a), str(b))].seen_from(str(a))


def test_a_light_edit_marks_the_changed_deleted_and_inserted_words(
    qtbot: QtBot, window: MainWindow, memos: tuple[Path, Path]
) -> None:
    original, edited = memos
    scan_folder(qtbot, window, original.parent)
    pair = _scanned_pair(window, original, edited)
    assert pair.kind == "near-duplicate"
    dialog = _open(qtbot, window.open_compare(pair))

    assert dialog.mode == EDITS
    changed = CHANGE_COLORS[ChangeKind.CHANGED].name()
    assert dialog.left.marked_text() == [
        ("harbour", changed),
        ("quietly", CHANGE_COLORS[ChangeKind.DELETED].name()),
    ]
    assert dialog.right.marked_text() == [
        ("airport", changed),
        ("but lively", CHANGE_COLORS[ChangeKind.INSERTED].name()),
    ]
    assert "3 changes, 4 words: 2 inserted, 1 deleted, 1 changed" in dialog.legend.text()

    # the header gives the pair's own figures: the same as the Pairs tab
    info = dialog.info.text()
    assert f"Hamming distance {pair.distance}" in info
    assert f"similarity {pair.similarity:.3f}" in info
    assert f"A→B: {percent(pair.overlap_a)} of A found in B" in info
    assert f"B→A: {percent(pair.overlap_b)} of B found in A" in info
    assert "as in the Pairs tab" in info and "measured here" not in info
    assert dialog.passages == list(pair.passages)
    _close(qtbot, window, dialog)


def test_shortcuts_step_through_the_changes_and_the_tooltips_name_them(
    qtbot: QtBot, window: MainWindow, memos: tuple[Path, Path]
) -> None:
    original, edited = memos
    scan_folder(qtbot, window, original.parent)
    dialog = _open(qtbot, window.open_compare(_scanned_pair(window, original, edited)))
    assert "Alt+Down" in dialog.next_button.toolTip()
    assert "Alt+Up" in dialog.previous_button.toolTip()
    dialog.activateWindow()
    dialog.left.edit.setFocus()
    qtbot.keyClick(dialog.left.edit, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert dialog.position_label.text() == "Change 1 of 3"
    qtbot.keyClick(dialog.left.edit, Qt.Key.Key_F8)
    assert dialog.position_label.text() == "Change 2 of 3"
    # the current change is drawn last, in the current colour, on the line shown
    current = dialog.right.edit.extraSelections()[-1]
    assert current.cursor.selectedText() == "but lively"
    qtbot.keyClick(dialog.left.edit, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert dialog.position_label.text() == "Change 1 of 3"
    _close(qtbot, window, dialog)


def test_passage_marks_start_and_end_on_word_boundaries(
    qtbot: QtBot, window: MainWindow, memos: tuple[Path, Path]
) -> None:
    original, edited = memos
    text = original.read_text(encoding="utf-8")
    # a passage whose edges fall inside words: "ret|urn"-style cuts
    start = text.index("committee met") + 3
    end = text.index("winter timetable") + 4
    pair = PairRow(
        str(original), str(edited), "partial", 5, 0.5, 0.2, 0.2, ((start, end, start, end),)
    )
    dialog = _open(qtbot, window.open_compare(pair))
    assert dialog.mode == PASSAGES
    ((marked, _color),) = dialog.left.marked_text()
    # the document's own words: "Tuesday" keeps its capital
    assert marked == "committee met on Tuesday to review the winter"
    ((marked_b, _),) = dialog.right.marked_text()
    assert marked_b.startswith("committee") and marked_b.endswith("winter")

    # the view can switch to the word changes of the same two texts
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData(EDITS))
    assert [t for t, _ in dialog.left.marked_text()] == ["harbour", "quietly"]
    _close(qtbot, window, dialog)


def test_the_panes_scroll_together(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    long_text = document(5, "en", count=60)
    # B has a new opening paragraph: the same text sits lower in B than in A
    a = write_txt(tmp_path / "a.txt", long_text)
    b = write_txt(tmp_path / "b.txt", document(6, "en", count=4) + "\n" + long_text)
    dialog = _open(qtbot, window.compare.compare_files(a, b))
    dialog.resize(900, 500)
    qtbot.waitUntil(lambda: dialog.left.edit.verticalScrollBar().maximum() > 0)
    bar = dialog.left.edit.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    top_a = dialog.left.top_offset()
    expected_b = dialog._alignment.counterpart(top_a)
    top_b = dialog.right.top_offset()
    # the same line of text at the top of both panes
    assert abs(top_b - expected_b) < 200
    assert dialog.left.text[top_a : top_a + 30] in dialog.right.text[top_b - 200 : top_b + 400]
    dialog.sync_check.setChecked(False)
    before = dialog.right.edit.verticalScrollBar().value()
    bar.setValue(0)
    assert dialog.right.edit.verticalScrollBar().value() == before
    _close(qtbot, window, dialog)


def test_compare_two_files_from_the_file_menu(
    qtbot: QtBot, window: MainWindow, memos: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    original, edited = memos
    chosen = iter([str(original), str(edited)])
    # the user picks A, then B, in the system's file dialog
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: (next(chosen), ""))
    )
    file_menu = window.menuBar().actions()[0].menu()
    action = next(a for a in file_menu.actions() if a.text() == "&Compare two files…")
    action.trigger()
    assert len(window.compare_dialogs) == 1
    dialog = _open(qtbot, window.compare_dialogs[0])
    assert dialog.pair is None and dialog.paths == (str(original), str(edited))
    # no scan yet: the figures are measured here, and say so
    info = dialog.info.text()
    # with the kind a scan would give them, which rests on the two texts alone
    assert info.startswith(
        "Near-duplicate · not a pair of the last scan; measured for these two files alone"
    )
    assert dialog.mode == EDITS  # most of each text is common: an edited copy
    assert [t for t, _ in dialog.right.marked_text()] == ["airport", "but lively"]
    _close(qtbot, window, dialog)

    # after a scan that paired them, the same two files show the scan's figures
    scan_folder(qtbot, window, original.parent)
    dialog = _open(qtbot, window.compare.compare_files(original, edited))
    assert dialog.pair == _scanned_pair(window, original, edited)
    assert "as in the Pairs tab" in dialog.info.text()
    _close(qtbot, window, dialog)


def test_texts_with_nothing_in_common_scroll_by_the_same_share(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    a = write_txt(tmp_path / "a.txt", document(21, "en", count=40))
    b = write_txt(tmp_path / "b.txt", document(22, "zh", count=20))
    dialog = _open(qtbot, window.compare.compare_files(a, b))
    assert dialog.mode == PASSAGES and dialog.passage_count() == 0
    qtbot.waitUntil(lambda: dialog.left.edit.verticalScrollBar().maximum() > 0)
    left_bar = dialog.left.edit.verticalScrollBar()
    left_bar.setValue(left_bar.maximum() // 2)
    share_a = dialog.left.top_offset() / len(dialog.left.text)
    share_b = dialog.right.top_offset() / len(dialog.right.text)
    assert abs(share_a - share_b) < 0.1
    _close(qtbot, window, dialog)


def test_two_unrelated_files_compared_say_no_copy_was_found(
    qtbot: QtBot, window: MainWindow, memos: tuple[Path, Path]
) -> None:
    original, _ = memos
    other = original.parent / "other_0.txt"
    dialog = _open(qtbot, window.compare.compare_files(original, other))
    assert dialog.pair is None
    assert dialog.info.text().startswith("No copy found · not a pair of the last scan")
    assert dialog.mode == PASSAGES and not dialog.left.marks
    _close(qtbot, window, dialog)
