"""Export the printable PDF report (`neardup sources --format pdf`) of the selected documents.

One document: a file the person names. Several: a folder the person picks, which gets one
PDF per document and the ``summary.csv`` of `neardup sources --all`, written in a worker
thread under a progress dialog that can cancel between documents. A document the report
cannot speak for (changed since the scan, say) is left out and named afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QProgressDialog

from neardup.core.report import BatchOutcome, source_report, write_all_sources, write_source_report
from neardup.gui.i18n import shown_language
from neardup.gui.report_data import DocumentRow, ReportData
from neardup.gui.results.documents_page import DocumentsPage
from neardup.gui.settings.settings_store import SettingsStore
from neardup.gui.worker import Job, Worker, new_worker_qthread

ShowError = Callable[[str, object], None]


class PdfReportExporter(QObject):
    saved = Signal(object)  # a Path (one report) or a BatchOutcome (a folder of them)
    failed = Signal(object)  # the error, after it is shown
    status_message = Signal(str)

    def __init__(
        self,
        report: Callable[[], ReportData | None],
        documents: DocumentsPage,
        store: SettingsStore,
        show_error: ShowError,
        parent: QMainWindow,
    ) -> None:
        super().__init__(parent)
        self._report = report
        self._selected = documents.selected_documents
        documents.pdf_reports_requested.connect(self.choose_destination)
        self.status_message.connect(lambda text: parent.statusBar().showMessage(text, 8000))
        self._store = store
        self._show_error = show_error
        self._window = parent
        self.job: Job | None = None
        self.progress_dialog: QProgressDialog | None = None
        self.problems_box: QMessageBox | None = None
        self.action = QAction(self.tr("Export report (PDF)…"), parent)
        self.action.setStatusTip(
            self.tr(
                "A printable similarity report of each selected document: both figures, its "
                "sources, and its text with their passages highlighted."
            )
        )
        self.action.triggered.connect(lambda: self.choose_destination(self._selected()))

    def choose_destination(self, documents: Sequence[DocumentRow]) -> None:
        """Ask for a file (one document) or a folder (several), then write the reports."""
        if self._report() is None or not documents:
            self.status_message.emit(self.tr("Select the documents to report on first."))
            return
        last = self._store.last_directory()
        if len(documents) == 1:
            # named as in a folder of them (and as `neardup sources --all` names them)
            start = Path(last, f"{Path(documents[0].path).stem}.sources.pdf")
            path, _ = QFileDialog.getSaveFileName(
                self._window, self.tr("Export report (PDF)"), str(start), self.tr("PDF (*.pdf)")
            )
        else:
            path = QFileDialog.getExistingDirectory(
                self._window, self.tr("Folder for {0} PDF reports").format(len(documents)), last
            )
        if path:
            folder = Path(path) if len(documents) > 1 else Path(path).parent
            self._store.set_last_directory(str(folder))
            self.export(documents, Path(path))

    def export(self, documents: Sequence[DocumentRow], destination: Path) -> None:
        """Write one report to the file ``destination``, or several into that folder."""
        report = self._report()
        if report is None:
            return
        if self.is_running():
            self.status_message.emit(self.tr("PDF reports are being written; wait for them."))
            return
        raw = report.raw
        paths = [d.path for d in documents]
        language = shown_language()  # the reports read as the window does
        if len(paths) == 1:

            def one(worker: Worker) -> Path:
                del worker  # one document: nothing to report along the way
                found = source_report(raw, Path(paths[0]))
                write_source_report(found, destination, "pdf", language)
                return destination

            self.job = new_worker_qthread(
                one, connect={"result": self._on_saved, "errored": self._on_error}
            )
            return

        def many(worker: Worker) -> BatchOutcome:
            return write_all_sources(
                raw,
                destination,
                "pdf",
                documents=paths,
                progress=lambda done, total, name: worker.report_progress((done, total, name)),
                cancelled=worker.cancel_token.is_set,
                language=language,
            )

        dialog = QProgressDialog(
            self.tr("Writing PDF reports…"), self.tr("Cancel"), 0, len(paths), self._window
        )
        dialog.setWindowTitle(self.tr("Export report (PDF)"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        self.progress_dialog = dialog
        self.job = new_worker_qthread(
            many,
            connect={
                "progress": self._on_progress,
                "result": self._on_saved,
                "errored": self._on_error,
            },
            start=False,
        )
        dialog.canceled.connect(self.job.cancel)
        self.job.start()
        dialog.show()

    def is_running(self) -> bool:
        return self.job is not None and self.job.is_running()

    def _on_progress(self, value: object) -> None:
        dialog = self.progress_dialog
        if dialog is None or not isinstance(value, tuple):
            return
        done, total, name = value
        dialog.setMaximum(total)
        dialog.setValue(done)
        if name:
            dialog.setLabelText(self.tr("Writing the report of {0}…").format(name))

    def _close_dialog(self) -> None:
        if self.progress_dialog is not None:
            self.progress_dialog.close()
            self.progress_dialog.deleteLater()
            self.progress_dialog = None

    def _on_saved(self, value: object) -> None:
        self._close_dialog()
        if isinstance(value, BatchOutcome):
            folder = value.summary.parent if value.summary else ""
            text = self.tr("{0} PDF reports and summary.csv written to {1}").format(
                len(value.written), folder
            )
            if value.cancelled:
                text += self.tr(" (cancelled: the others were not written)")
            self.status_message.emit(text)
            if value.problems:
                self._show_problems(value.problems)
        else:
            self.status_message.emit(self.tr("Saved {0}").format(value))
        self.saved.emit(value)

    def _show_problems(self, problems: list[tuple[str, str]]) -> None:
        box = QMessageBox(self._window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Export report (PDF)"))
        box.setText(self.tr("{0} documents could not be reported:").format(len(problems)))
        box.setDetailedText("\n".join(f"{path}: {reason}" for path, reason in problems))
        box.setModal(False)
        self.problems_box = box
        box.show()

    def _on_error(self, error: object) -> None:
        self._close_dialog()
        self._show_error(self.tr("Cannot export the PDF report"), error)
        self.failed.emit(error)
