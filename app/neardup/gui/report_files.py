"""The window's report files: the file the results came from or were saved to, whether they
are saved, Open…, Open Recent and Save…, and the question before unsaved results are lost.

A scan's results live only in memory until saved, so closing the window, opening another
report or starting a new scan asks first: Save, Discard or Cancel (Cancel by default).
Results read from a report file, or saved, are never asked about: nothing in the window
changes the report itself (marks, kept copies and ignores are stored apart).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMainWindow, QMessageBox

from neardup.core.library import is_library
from neardup.core.report import write_report_data
from neardup.gui.recent_reports import RecentReportsMenu
from neardup.gui.report_data import ReportData
from neardup.gui.settings.folders_panel import FoldersPanel
from neardup.gui.settings.settings_panel import SettingsPanel
from neardup.gui.settings.settings_store import FolderEntry, FolderRole, SettingsStore
from neardup.gui.window_parts import window_action

DEFAULT_NAME = "neardup-report.json"


class ReportFiles(QObject):
    changed = Signal()  # the file or the saved state changed: the window's title follows

    def __init__(
        self,
        window: QMainWindow,
        store: SettingsStore,
        report: Callable[[], ReportData | None],
        open_path: Callable[[Path], None],
        show_error: Callable[[str, object], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._store = store
        self._report = report
        self._open_path = open_path
        self._show_error = show_error
        self.path: Path | None = None  # where the shown results are saved; None: nowhere yet
        self.unsaved = False  # the shown results exist only in memory
        self.question: QMessageBox | None = None
        self.open_action = window_action(
            window,
            self.tr("&Open report…"),
            "Ctrl+Shift+O",
            self.tr("Open a saved JSON scan report."),
        )
        self.save_action = window_action(
            window,
            self.tr("&Save report…"),
            QKeySequence.StandardKey.Save,
            self.tr("Save the results as a JSON report."),
        )
        self.open_action.triggered.connect(self.choose_to_open)
        self.save_action.triggered.connect(self.choose_to_save)
        self.recent_menu = RecentReportsMenu(store, window)
        self.recent_menu.open_requested.connect(open_path)

    # --- what is shown -----------------------------------------------------------------------

    def show_scanned(self) -> None:
        """A scan's results are shown: in memory only."""
        self.path, self.unsaved = None, True
        self.changed.emit()

    def show_opened(self, path: Path) -> None:
        """A report file is shown, as it is on disk."""
        self.path, self.unsaved = path, False
        self.recent_menu.remember(path)
        self.changed.emit()

    def discard(self) -> None:
        """The shown results may be lost without a question (the person said so)."""
        self.unsaved = False

    # --- the question ------------------------------------------------------------------------

    def may_replace(self, question: str, then: Callable[[], object]) -> bool:
        """Whether the shown results may go now. When they are unsaved, ask ``question``
        (Save, Discard or Cancel, without blocking) and return False: ``then`` runs once
        they are saved or discarded, and nothing happens on Cancel."""
        if not self.unsaved or self._report() is None:
            return True
        if self.question is not None:
            if self.question.isVisible():
                self.question.raise_()  # asked already: one question at a time
                return False
            self.question.deleteLater()
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved results"),
            question,
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            self._window,
        )
        box.setInformativeText(
            self.tr("The results of the last scan are not saved in a report file.")
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)

        def answered(button: QAbstractButton) -> None:
            choice = box.standardButton(button)
            if choice == QMessageBox.StandardButton.Discard:
                self.discard()
                then()
            elif choice == QMessageBox.StandardButton.Save and self.choose_to_save():
                then()

        box.buttonClicked.connect(answered)
        box.open()
        self.question = box
        return False

    # --- opening -----------------------------------------------------------------------------

    def choose_to_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._window,
            self.tr("Open report"),
            self._store.last_directory(),
            self.tr("NearDup reports (*.json)"),
        )
        if path:
            self._store.set_last_directory(str(Path(path).parent))
            self._open_path(Path(path))

    # --- saving ------------------------------------------------------------------------------

    def choose_to_save(self) -> bool:
        """Ask where, then save; whether the results were saved."""
        if self._report() is None:
            return False
        start = str(self.path or Path(self._store.last_directory(), DEFAULT_NAME))
        path, _ = QFileDialog.getSaveFileName(
            self._window, self.tr("Save report"), start, self.tr("NearDup reports (*.json)")
        )
        if not path:
            return False
        self._store.set_last_directory(str(Path(path).parent))
        return self.save(Path(path))

    def save(self, path: Path) -> bool:
        report = self._report()
        if report is None:
            return False
        try:
            write_report_data(report.raw, path)
        except OSError as error:
            self._show_error(self.tr("Cannot save report"), error)
            return False
        self.show_opened(path)
        self._window.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)
        return True


def restore_scan_inputs(
    folders: FoldersPanel, settings_panel: SettingsPanel, report: ReportData
) -> bool:
    """Put back what a reopened report was made from: its folders and files (with the
    reference library's), file types and filters, and its settings, so that Scan does the
    same scan again. This machine's own choices (workers, the cache) stay. False for a
    report from before NearDup wrote its inputs."""
    inputs = report.raw.get("inputs")
    if not isinstance(inputs, list) or not inputs:
        return False
    raw_settings = report.raw.get("settings") or {}
    against = raw_settings.get("against") if isinstance(raw_settings, dict) else None
    library = [p for p in against or () if isinstance(p, str) and p]
    folders.set_folders(
        [FolderEntry(str(p), FolderRole.SCAN) for p in inputs]
        + [
            FolderEntry(p, FolderRole.SAVED_LIBRARY if is_library(Path(p)) else FolderRole.LIBRARY)
            for p in library
        ]
    )
    settings = report.scan_settings()
    folders.set_filters(
        settings.suffixes, settings.exclude, settings.include, settings.include_hidden
    )
    here = settings_panel.apply_to(settings)
    settings_panel.set_settings(settings.replace(workers=here.workers, use_cache=here.use_cache))
    return True
