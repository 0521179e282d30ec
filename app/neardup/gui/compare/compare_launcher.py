"""Opens compare views: for a pair of the report, or for two files the user chooses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QWidget

from neardup.core.settings import ScanSettings
from neardup.gui.compare.compare_dialog import CompareDialog
from neardup.gui.report_data import PairRow, ReportData
from neardup.gui.settings.settings_store import SettingsStore

DOCUMENT_FILTER = QT_TRANSLATE_NOOP(
    "CompareLauncher", "Documents (*.txt *.docx *.pdf);;All files (*)"
)


class CompareLauncher(QObject):
    """Keeps the open compare views, so that they close with the window."""

    def __init__(
        self,
        report: Callable[[], ReportData | None],
        settings: Callable[[], ScanSettings],
        store: SettingsStore,
        window: QWidget,
    ) -> None:
        super().__init__(window)
        self._report = report
        # Where a file of the report was moved since the scan (tidied away), if it was.
        self.now_at: Callable[[str], str | None] = lambda path: None
        self._settings = settings
        self._store = store
        self._window = window
        self.dialogs: list[CompareDialog] = []
        self.compare_files_action = QAction(self.tr("&Compare two files…"), window)
        self.compare_files_action.setShortcut(QKeySequence("Ctrl+Shift+D"))
        tip = self.tr("Choose two documents and show what one copies from or changes in the other.")
        self.compare_files_action.setToolTip(tip)
        self.compare_files_action.setStatusTip(tip)
        self.compare_files_action.triggered.connect(self.choose_files)
        window.addAction(self.compare_files_action)

    def open_pair(self, pair: PairRow) -> CompareDialog:
        """A pair of the report, with the scan's settings and figures."""
        report = self._report()
        settings = report.scan_settings() if report is not None else ScanSettings()
        documents = report.documents if report is not None else None
        # A file tidied away since the scan is read where it is now: the same text.
        a, b = (self.now_at(path) or path for path in (pair.a, pair.b))
        if (a, b) != (pair.a, pair.b):
            pair = replace(pair, a=a, b=b)
        return self._show(CompareDialog(pair, settings, self._window, documents))

    def choose_files(self) -> CompareDialog | None:
        first, _ = QFileDialog.getOpenFileName(
            self._window,
            self.tr("Compare: choose the first file (A)"),
            self._store.last_directory(),
            self.tr(str(DOCUMENT_FILTER)),
        )
        if not first:
            return None
        second, _ = QFileDialog.getOpenFileName(
            self._window,
            self.tr("Compare: choose the second file (B)"),
            str(Path(first).parent),
            self.tr(str(DOCUMENT_FILTER)),
        )
        if not second:
            return None
        self._store.set_last_directory(str(Path(second).parent))
        return self.compare_files(Path(first), Path(second))

    def compare_files(self, a: Path, b: Path) -> CompareDialog:
        """Two files: shown with the report's figures when the last scan paired them, else
        measured on their own (the dialog says which)."""
        report = self._report()
        # a scan names each file with its folder resolved
        a, b = (path.parent.resolve() / path.name for path in (a, b))
        if report is not None:
            pair = report.pair_of.get((str(a), str(b)))
            if pair is not None:
                return self.open_pair(pair.seen_from(str(a)))
        settings = report.scan_settings() if report is not None else self._settings()
        return self._show(CompareDialog(None, settings, self._window, paths=(str(a), str(b))))

    def _show(self, dialog: CompareDialog) -> CompareDialog:
        dialog.finished.connect(lambda _result: self._forget(dialog))
        self.dialogs.append(dialog)
        dialog.show()
        return dialog

    def _forget(self, dialog: CompareDialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)
        dialog.deleteLater()

    def close_all(self) -> None:
        for dialog in list(self.dialogs):
            dialog.close()
