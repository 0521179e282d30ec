"""Small pieces of the main window kept apart from it: an action with its tips, an error box,
what a drop on the window does, the scrollable column of panels on its left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QMessageBox, QScrollArea, QVBoxLayout, QWidget

from neardup.gui.worker import WorkerError


def window_action(
    window: QWidget, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str, tip: str
) -> QAction:
    """An action of the window (its shortcut works wherever the focus is in it)."""
    action = QAction(text, window)
    action.setShortcut(QKeySequence(shortcut))
    action.setToolTip(tip)
    action.setStatusTip(tip)
    window.addAction(action)
    return action


def open_error_box(parent: QWidget, title: str, error: object) -> QMessageBox:
    """A non-blocking message box, so the app stays usable and tests are never stuck."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, str(error), parent=parent)
    if isinstance(error, WorkerError):
        box.setDetailedText(error.details)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def accept_drag(event: QDragEnterEvent) -> None:
    """Local files and folders may be dropped on the window."""
    urls = event.mimeData().urls()
    if urls and all(u.isLocalFile() for u in urls):
        event.acceptProposedAction()


def accept_drop(
    event: QDropEvent, add_folder: Callable[[Path], object], open_report: Callable[[Path], object]
) -> None:
    """Dropped folders are added to scan; a dropped .json report is opened."""
    for url in event.mimeData().urls():
        path = Path(url.toLocalFile())
        if path.is_dir():
            add_folder(path)
        elif path.suffix.lower() == ".json" and path.is_file():
            open_report(path)
    event.acceptProposedAction()


def side_panel(*panels: QWidget) -> QScrollArea:
    """The panels stacked at the top of a scrollable column, for the window's left side."""
    column = QWidget()
    layout = QVBoxLayout(column)
    for panel in panels:
        layout.addWidget(panel)
    layout.addStretch(1)
    scroll = QScrollArea()
    scroll.setWidget(column)
    scroll.setWidgetResizable(True)
    scroll.setMinimumWidth(300)
    return scroll
