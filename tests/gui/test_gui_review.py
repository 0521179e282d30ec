"""Review marks through the real window: a pair confirmed or dismissed from its menu, with a
note typed in the real dialog, shown in the Pairs tab's Review column, kept in the marks file
`neardup review` reads, and shown again after a rescan."""

from __future__ import annotations

from pathlib import Path

import pytest
import tidy_helpers as helpers
from gui_helpers import SCAN_TIMEOUT_MS, answer_discard
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from neardup.core.store import ReviewMarks
from neardup.gui.main_window import MainWindow
from neardup.gui.results.pairs_model import PairsModel
from neardup.gui.tidy.review_controller import MARKS_FILE_NAME

pytestmark = pytest.mark.usefixtures("trash")
REVIEW_COLUMN = len(PairsModel.COLUMNS) - 1
NOTES = {"notes.txt", "notes edited.txt"}


def _notes_row(window: MainWindow) -> int:
    """The Pairs tab's row of the lightly edited notes."""
    results = window.results
    model = results.pairs_model
    for row in range(model.rowCount()):
        pair = model.pair(row)
        if {Path(pair.a).name, Path(pair.b).name} == NOTES:
            return row
    raise AssertionError("the notes pair is not shown")


def _choose(window: MainWindow, text: str, note: str | None = None) -> None:
    """Pick ``text`` from the notes pair's menu; type ``note`` in the dialog it opens."""
    results = window.results
    menu = results.context_menu(
        results.pairs_view, results.pairs_model.index(_notes_row(window), 0)
    )

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        # the dialog names the pair and the decision, not only its title
        assert all(name in dialog.labelText() for name in NOTES)
        assert ("confirmed" if "Confirm" in text else "dismissed") in dialog.labelText()
        dialog.setTextValue(note or "")
        dialog.accept()

    if note is not None:
        QTimer.singleShot(0, answer)
    helpers.menu_action(menu, text)


def _review_cell(window: MainWindow) -> tuple[str, str]:
    model = window.results.pairs_model
    index = model.index(_notes_row(window), REVIEW_COLUMN)
    return index.data(), index.data(Qt.ItemDataRole.ToolTipRole)


def test_a_dismissed_pair_shows_its_mark_keeps_it_across_a_rescan_and_can_be_cleared(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    assert _review_cell(window)[0] == ""

    _choose(window, "Dismiss this match…", "a stock paragraph")
    assert _review_cell(window) == ("Dismissed", "a stock paragraph")
    stored = Path(window.store.file_name).parent / MARKS_FILE_NAME
    marks = ReviewMarks(stored)
    (mark,) = list(marks)
    marks.close()
    assert mark.verdict == "dismissed" and mark.note == "a stock paragraph"
    assert window.report is not None
    raw = next(
        p for p in window.report.raw["pairs"] if {Path(p["a"]).name, Path(p["b"]).name} == NOTES
    )
    assert raw["review"]["verdict"] == "dismissed"  # what the sources page reads

    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
    assert _review_cell(window) == ("Dismissed", "a stock paragraph")

    _choose(window, "Confirm as a copy…", "checked: copied")
    assert _review_cell(window) == ("Confirmed", "checked: copied")
    _choose(window, "Clear the review")
    assert _review_cell(window)[0] == ""
    marks = ReviewMarks(stored)
    assert len(marks) == 0
    marks.close()


def test_cancelling_the_note_records_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        dialog.reject()

    QTimer.singleShot(0, cancel)
    _choose(window, "Confirm as a copy…")
    assert _review_cell(window)[0] == ""
    assert not (Path(window.store.file_name).parent / MARKS_FILE_NAME).exists()
