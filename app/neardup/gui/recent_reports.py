"""File → Open Recent: the last report files opened or saved, kept with the other settings.

A report that is no longer where it was is listed disabled, saying so; one that vanished
between the menu opening and the click is removed from the list with a message.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from neardup.gui.settings.settings_store import SettingsStore

MAX_RECENT = 8
# A folder longer than this is elided in the middle in the menu; its tooltip has it whole.
FOLDER_WIDTH = 360


def remembered(recent: list[str], path: str) -> list[str]:
    """``recent`` with ``path`` first, each path once, at most MAX_RECENT."""
    return [path, *(p for p in recent if p != path)][:MAX_RECENT]


def _menu_text(text: str) -> str:
    return text.replace("&", "&&")  # a file name's & is not a shortcut


class RecentReportsMenu(QMenu):
    open_requested = Signal(object)  # Path of a recent report that is there

    def __init__(self, store: SettingsStore, parent: QWidget) -> None:
        super().__init__(self.tr("Open &Recent"), parent)
        self._store = store
        self._window = parent
        self.notice: QMessageBox | None = None
        self.setToolTipsVisible(True)
        self.aboutToShow.connect(self.refresh)
        self.refresh()

    def paths(self) -> list[str]:
        return self._store.recent_reports()

    def remember(self, path: Path) -> None:
        """Put a report just opened or saved at the top of the list."""
        self._store.set_recent_reports(remembered(self.paths(), os.path.abspath(path)))
        self.refresh()

    def forget(self, path: str) -> None:
        self._store.set_recent_reports([p for p in self.paths() if p != path])
        self.refresh()

    def clear_list(self) -> None:
        self._store.set_recent_reports([])
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the entries (on every opening: a file may have gone since)."""
        self.clear()
        paths = self.paths()
        metrics = self.fontMetrics()
        for number, path in enumerate(paths, start=1):
            there = Path(path).is_file()
            folder = metrics.elidedText(
                str(Path(path).parent), Qt.TextElideMode.ElideMiddle, FOLDER_WIDTH
            )
            name = _menu_text(Path(path).name)
            if there:
                text = self.tr("&{number} {name}  ({folder})")
            else:
                text = self.tr("&{number} {name}  ({folder}): not found")
            action = self.addAction(text.format(number=number, name=name, folder=folder))
            action.setToolTip(
                path if there else self.tr("No longer there: {path}").format(path=path)
            )
            action.setStatusTip(action.toolTip())
            action.setEnabled(there)
            action.setData(path)
            action.triggered.connect(lambda _checked=False, path=path: self.choose(path))
        if not paths:
            self.addAction(self.tr("No recent reports")).setEnabled(False)
        self.addSeparator()
        self.clear_action = self.addAction(self.tr("&Clear list"))
        self.clear_action.setEnabled(bool(paths))
        self.clear_action.triggered.connect(self.clear_list)

    def choose(self, path: str) -> None:
        """Open a recent report, or say it is gone and take it off the list."""
        if Path(path).is_file():
            self.open_requested.emit(Path(path))
            return
        self.forget(path)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Report not found"),
            self.tr(
                "{path} is no longer there. It was taken off the list of recent reports."
            ).format(path=path),
            parent=self._window,
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.notice = box
