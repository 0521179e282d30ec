"""Small pieces of the main window kept apart from it: an action with its tips, an error box,
how a drop on the window is sorted, the scrollable column of panels on its left (whose
fields let the mouse wheel scroll past them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QMessageBox,
    QScrollArea,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from neardup.gui.error_text import explained
from neardup.gui.settings.folders_panel import FILE_TYPES
from neardup.gui.worker import WorkerError

translate = QCoreApplication.translate


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
    said = explained(error)
    box = QMessageBox(QMessageBox.Icon.Warning, title, said or str(error), parent=parent)
    if isinstance(error, WorkerError) and said is None:  # a failure nobody foresaw
        box.setDetailedText(error.details)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def accept_drag(event: QDragEnterEvent) -> None:
    """Local files and folders may be dropped on the window."""
    urls = event.mimeData().urls()
    if urls and all(u.isLocalFile() for u in urls):
        event.acceptProposedAction()


@dataclass(slots=True)
class Dropped:
    """What was dropped on the window, sorted by what NearDup does with it."""

    to_scan: list[Path] = field(default_factory=list)  # folders, and documents it reads
    reports: list[Path] = field(default_factory=list)  # .json reports, to open
    refused: list[Path] = field(default_factory=list)  # anything else

    def refused_text(self) -> str:
        names = ", ".join(path.name or str(path) for path in self.refused)
        return translate(
            "DropHandling",
            "NearDup cannot use {names}: drop folders, documents (.txt, .docx, .pdf) or a "
            "NearDup report (.json).",
        ).format(names=names)

    def added_text(self) -> str:
        names = ", ".join(path.name or str(path) for path in self.to_scan)
        return translate("DropHandling", "Added to scan: {names}. Press Scan (F5).").format(
            names=names
        )


def dropped_paths(event: QDropEvent) -> Dropped:
    """Sort a drop: folders and documents to scan, reports to open, the rest refused."""
    dropped = Dropped()
    for url in event.mimeData().urls():
        path = Path(url.toLocalFile())
        if path.is_dir():
            dropped.to_scan.append(path)
        elif path.is_file() and path.suffix.lower() in FILE_TYPES:
            dropped.to_scan.append(path)  # a scan takes named files as well as folders
        elif path.is_file() and path.suffix.lower() == ".json":
            dropped.reports.append(path)
        else:
            dropped.refused.append(path)
    event.acceptProposedAction()
    return dropped


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
    wheel_scrolls_past_unfocused_fields(scroll, column)
    return scroll


def side_panel_width(scroll: QScrollArea) -> int:
    """The width at which the side column shows its panels whole, its scroll bar beside
    them: what the window gives it at first (a new-user test found the settings cut off
    at the width it had, 360 pixels)."""
    column = scroll.widget()
    content = column.sizeHint().width() if column is not None else 0
    return content + scroll.verticalScrollBar().sizeHint().width() + 2 * scroll.frameWidth()


class _WheelScrollsPast(QObject):
    """Hands the mouse wheel to the scrolling column when it turns over a field that has
    not been clicked into: scrolling the settings must not change a number or a choice that
    happens to pass under the pointer (found by a new-user test: "Shortest match counted"
    went from 8 to 1 words unnoticed)."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self._viewport = scroll.viewport()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QWidget)
            or watched.hasFocus()
        ):
            return False
        QCoreApplication.sendEvent(self._viewport, event)  # the column scrolls instead
        return True


def wheel_scrolls_past_unfocused_fields(scroll: QScrollArea, column: QWidget) -> None:
    """Spin boxes, drop-down lists and sliders in ``column`` (what ``scroll`` shows) take
    the wheel only once focused (clicked or tabbed into), and a wheel turn no longer
    focuses them."""
    wheel = _WheelScrollsPast(scroll)
    # QSlider, not QAbstractSlider: scroll bars (the folder list's) keep their wheel.
    for kind in (QAbstractSpinBox, QComboBox, QSlider):
        for field_widget in column.findChildren(kind):
            field_widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field_widget.installEventFilter(wheel)
