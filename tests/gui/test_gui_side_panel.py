"""The column of folders and settings: shown whole at first, the mouse wheel over it
scrolls it (changing a field only once it is clicked into), and folder dialogs open beside
the folders it lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow


def _wheel_down(widget: QWidget) -> None:
    """One notch of the wheel turned towards the person, over the middle of ``widget``."""
    at = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        at,
        widget.mapToGlobal(at),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_scrolls_past_a_field_until_it_is_clicked_into(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1000, 400)  # the settings taller than the column: it scrolls
    panel = window.settings_panel
    panel.advanced.toggle.setChecked(True)  # the section with the minimum tokens shown
    field = panel.min_tokens_spin
    scroll = next(
        w for w in window.findChildren(QScrollArea) if w.widget() and w.widget().isAncestorOf(field)
    )
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    before, top = field.value(), bar.value()

    _wheel_down(field)
    assert field.value() == before
    assert bar.value() > top  # the column scrolled instead

    # Scroll bars in the column (the folder list's) keep the wheel, and are no Tab stops.
    tree_bar = window.folders_panel.tree.verticalScrollBar()
    assert tree_bar.focusPolicy() != Qt.FocusPolicy.StrongFocus

    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    _wheel_down(field)
    assert field.value() == before - 1  # clicked into, it takes the wheel


def test_a_first_window_shows_the_settings_whole(qtbot: QtBot, window: MainWindow) -> None:
    scroll = window.splitter.widget(0)
    assert isinstance(scroll, QScrollArea)
    qtbot.waitUntil(lambda: scroll.width() > 0)
    column = scroll.widget()
    assert column is not None and column.width() >= column.minimumSizeHint().width()
    assert scroll.horizontalScrollBar().maximum() == 0  # nothing cut off at the right


def test_folder_dialogs_open_beside_the_scanned_folders(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []

    def dialog(_parent: object, _title: str, directory: str = "") -> str:
        opened.append(directory)
        return ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(dialog))
    window.folders_panel.set_folders([])
    window.add_folder_action.trigger()
    assert opened[-1] == str(Path.home())  # not the program's working folder
    scanned = tmp_path / "theses"
    scanned.mkdir()
    window.folders_panel.add_folder(scanned)
    window.add_folder_action.trigger()
    window.tidy.choose_destination()  # Move to folder…
    window.marks.choose_folder()  # Mark all but the copies in a folder…
    assert opened[-3:] == [str(scanned)] * 3
