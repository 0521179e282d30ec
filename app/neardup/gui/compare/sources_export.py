"""Save one document's sources page (as `neardup sources --html` writes it) from the Documents tab.

The page reads the document again, so it is written in a worker thread; a file that changed
since the scan is refused with the core's reason, shown as an error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from neardup.core.report import source_report, write_source_report_html
from neardup.gui.i18n import shown_language
from neardup.gui.report_data import DocumentRow, ReportData
from neardup.gui.settings.settings_store import SettingsStore
from neardup.gui.worker import Job, Worker, new_worker_qthread

ShowError = Callable[[str, object], None]


class SourcesPageSaver(QObject):
    saved = Signal(object)  # Path of the page written
    failed = Signal(object)  # the error, after it is shown

    def __init__(
        self,
        report: Callable[[], ReportData | None],
        store: SettingsStore,
        show_error: ShowError,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._report = report
        self._store = store
        self._show_error = show_error
        self._window = parent
        self.job: Job | None = None

    def choose_destination(self, document: object) -> None:
        """Ask where to save the page of ``document`` (a DocumentRow), then write it."""
        assert isinstance(document, DocumentRow)
        start = Path(self._store.last_directory(), f"{Path(document.path).stem}.sources.html")
        path, _ = QFileDialog.getSaveFileName(
            self._window, self.tr("Save sources page"), str(start), self.tr("Web pages (*.html)")
        )
        if path:
            self._store.set_last_directory(str(Path(path).parent))
            self.write(document, Path(path))

    def write(self, document: DocumentRow, destination: Path) -> None:
        report = self._report()
        if report is None:
            return
        raw = report.raw
        language = shown_language()  # the page reads as the window does

        def task(worker: Worker) -> Path:
            del worker  # one file: nothing to report or cancel along the way
            found = source_report(raw, Path(document.path))
            write_source_report_html(found, destination, language)
            return destination

        self.job = new_worker_qthread(
            task, connect={"result": self.saved.emit, "errored": self._on_error}
        )

    def _on_error(self, error: object) -> None:
        self._show_error(self.tr("Cannot save the sources page"), error)
        self.failed.emit(error)
