"""Helpers shared by the GUI tests: run a scan through the real window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow

SCAN_TIMEOUT_MS = 60_000


def scan_folder(qtbot: QtBot, window: MainWindow, folder: Path) -> None:
    """Add a folder and press Scan, then wait until the results are shown and the thread stopped."""
    window.folders_panel.add_folder(folder)
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
        answer_discard(window)


def answer_discard(window: MainWindow) -> None:
    """A new scan over an unsaved one asks first: answer Discard, as a person who wants the
    new results does (nothing to do when nothing was asked)."""
    question = window.files.question
    if question is not None and question.isVisible():
        question.button(QMessageBox.StandardButton.Discard).click()


def throw_results_away(window: MainWindow) -> None:
    """A test's scan is never worth saving: its window closes without the question (for
    qtbot.addWidget's before_close_func)."""
    window.files.discard()


def close_discarding(window: MainWindow) -> None:
    """Close a window that shows an unsaved scan as a person would: answer Discard."""
    window.close()
    question = window.files.question
    assert question is not None and question.isVisible(), "closing asked nothing"
    question.button(QMessageBox.StandardButton.Discard).click()
    assert not window.isVisible()


def drop_on(window: MainWindow, paths: list[Path]) -> bool:
    """Drag these paths over the window and drop them; whether the window took the drag."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    point = window.rect().center()
    # QDragEnterEvent takes an integer point, QDropEvent a floating one.
    enter = QDragEnterEvent(
        point,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dragEnterEvent(enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(
        QPointF(point),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    return True
