"""The main window: folders and settings on the left, results on the right, scan progress below."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from neardup.core.report import read_report
from neardup.core.scan import Progress
from neardup.core.settings import ScanSettings
from neardup.gui import worker as workers
from neardup.gui.compare.compare_dialog import CompareDialog
from neardup.gui.compare.compare_launcher import CompareLauncher
from neardup.gui.compare.pdf_reports import PdfReportExporter
from neardup.gui.compare.sources_export import SourcesPageSaver
from neardup.gui.formatting import count_text, scan_stages
from neardup.gui.help_menu import HelpMenu
from neardup.gui.language_menu import LanguageMenu
from neardup.gui.release import release_gradually
from neardup.gui.report_data import PairRow, ReportData, shown_report
from neardup.gui.report_files import ReportFiles, restore_scan_inputs
from neardup.gui.results.results_view import ResultsView
from neardup.gui.scan_progress import ScanProgressBar
from neardup.gui.scan_task import scan_report
from neardup.gui.settings.folders_panel import FoldersPanel
from neardup.gui.settings.settings_panel import SettingsPanel
from neardup.gui.settings.settings_store import FolderRole, SettingsStore
from neardup.gui.tidy.ignore_controller import IGNORE_FILE_NAME, IgnoreController
from neardup.gui.tidy.mark_actions import MarkActions
from neardup.gui.tidy.review_controller import ReviewController, annotated, review_marks_file
from neardup.gui.tidy.tidy_controller import TidyController
from neardup.gui.window_parts import (
    accept_drag,
    dropped_paths,
    open_error_box,
    side_panel,
    side_panel_width,
    window_action,
)
from neardup.gui.worker import Job, Worker, new_worker_qthread

APP_TITLE = "NearDup"


class MainWindow(QMainWindow):
    scan_progressed = Signal(object)  # Progress, in the GUI thread
    scan_finished = Signal()  # the scan's thread has stopped and its results are shown
    report_loaded = Signal()  # a report (fresh or reopened) is shown

    def __init__(
        self, settings_store: SettingsStore | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.store = settings_store or SettingsStore()
        self.report: ReportData | None = None
        self.scan_job: Job | None = None
        self.load_job: Job | None = None
        self.error_box: QMessageBox | None = None
        self._base_settings = self.store.scan_settings()
        self.compare = CompareLauncher(lambda: self.report, self.current_settings, self.store, self)
        self.setAcceptDrops(True)
        self._build_actions()
        self._build_ui()
        self._restore()
        self._update_title()
        self._set_scanning(False)

    # --- construction ------------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.add_folder_action = window_action(
            self,
            self.tr("&Add folder…"),
            QKeySequence.StandardKey.Open,
            self.tr("Add a folder of documents to scan."),
        )
        # the report files: Open…, Open Recent, Save…, and the question before losing results
        self.files = ReportFiles(
            self, self.store, lambda: self.report, self.open_report, self.show_error
        )
        self.files.changed.connect(self._update_title)
        self.open_report_action = self.files.open_action
        self.save_report_action = self.files.save_action
        self.quit_action = window_action(
            self, self.tr("&Quit"), QKeySequence.StandardKey.Quit, self.tr("Quit NearDup.")
        )
        self.scan_action = window_action(
            self, self.tr("&Scan"), "F5", self.tr("Scan the folders with these settings.")
        )
        self.cancel_action = window_action(
            self,
            self.tr("&Cancel scan"),
            "Esc",
            self.tr("Stop the scan and keep what was finished."),
        )
        self.quit_action.triggered.connect(self.close)
        self.scan_action.triggered.connect(self.start_scan)
        self.cancel_action.triggered.connect(self.cancel_scan)

        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.addAction(self.add_folder_action)
        file_menu.addSeparator()
        file_menu.addAction(self.open_report_action)
        file_menu.addMenu(self.files.recent_menu)
        file_menu.addAction(self.save_report_action)
        self.file_menu, self.compare_separator = file_menu, file_menu.addSeparator()
        file_menu.addAction(self.compare.compare_files_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        # filled in by _build_ui, once the results view its actions act on exists
        self.edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.scan_menu = scan_menu = self.menuBar().addMenu(self.tr("&Scan"))
        scan_menu.addAction(self.scan_action)
        scan_menu.addAction(self.cancel_action)

    def _build_ui(self) -> None:
        self.folders_panel = FoldersPanel()
        self.add_folder_action.triggered.connect(self.folders_panel.choose_folder)
        self.settings_panel = SettingsPanel()
        scroll = side_panel(self.folders_panel, self.settings_panel)
        self.results = ResultsView()
        self.results.compare_requested.connect(self.open_compare)
        self.results.status_message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        start_in = self.folders_panel.start_directory
        self.tidy = TidyController(self.results, self.is_busy, self, start_in)
        self.compare.now_at = self.tidy.now_at  # a tidied file is compared where it is now
        self.sources_pages = SourcesPageSaver(
            lambda: self.report, self.store, self.show_error, self
        )
        self.results.sources_page_requested.connect(self.sources_pages.choose_destination)
        self.sources_pages.saved.connect(
            lambda path: self.statusBar().showMessage(
                self.tr("Saved {path}").format(path=path), 5000
            )
        )
        self.pdf_reports = PdfReportExporter(
            lambda: self.report, self.results.documents_page, self.store, self.show_error, self
        )
        self.file_menu.insertAction(self.compare_separator, self.pdf_reports.action)
        self.edit_menu.addAction(self.tidy.undo_action)
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.tidy.trash_action)
        self.edit_menu.addAction(self.tidy.move_action)
        self.marks = MarkActions(self.results, self, start_in)
        self.menuBar().insertMenu(self.scan_menu.menuAction(), self.marks.menu)
        # beside the settings file: the person's decisions, not the cache's
        ignore_path = Path(self.store.file_name).parent / IGNORE_FILE_NAME
        self.ignoring = IgnoreController(self.results, ignore_path, self)
        self.reviews = ReviewController(self.results, review_marks_file(self.store), self)
        self.view_menu = QMenu(self.tr("&View"), self)
        self.view_menu.addAction(self.ignoring.show_action)
        self.menuBar().insertMenu(self.scan_menu.menuAction(), self.view_menu)
        self.language_menu = LanguageMenu(self.store, self)
        self.menuBar().addMenu(self.language_menu)
        self.help_menu = HelpMenu(self)
        self.menuBar().addMenu(self.help_menu)
        self.results.drop_hint.add_folder_requested.connect(self.add_folder_action.trigger)
        self.results.groups_model.references_changed.connect(self.ignoring.refresh)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.results)
        self.splitter.setStretchFactor(1, 1)
        left = max(360, side_panel_width(scroll))
        self.splitter.setSizes([left, 1200 - left])

        self.scan_button = QPushButton(self.tr("Scan"))
        self.scan_button.setToolTip(self.tr("Scan the folders with these settings (F5)."))
        self.scan_button.clicked.connect(self.scan_action.trigger)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the scan and keep what was finished (Esc)."))
        self.cancel_button.clicked.connect(self.cancel_action.trigger)
        self.progress_bar = ScanProgressBar()
        self.progress_label = QLabel(self.tr("Ready"))
        self.progress_label.setMinimumWidth(280)
        bottom = QHBoxLayout()
        bottom.addWidget(self.scan_button)
        bottom.addWidget(self.cancel_button)
        bottom.addWidget(self.progress_bar, 1)
        bottom.addWidget(self.progress_label, 1)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(bottom)
        self.setCentralWidget(central)
        self.statusBar()
        screen = self.screen().availableGeometry()
        self.resize(min(max(1200, left + 840), screen.width()), min(760, screen.height()))

    def _restore(self) -> None:
        self.folders_panel.set_folders(self.store.folders())
        self.settings_panel.set_settings(self._base_settings)
        base = self._base_settings
        self.folders_panel.set_filters(
            base.suffixes, base.exclude, base.include, base.include_hidden
        )
        geometry = self.store.window_geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        splitter = self.store.splitter_state()
        if splitter is not None:
            self.splitter.restoreState(splitter)

    def save_state(self) -> None:
        self.store.set_folders(self.folders_panel.folders())
        self.store.set_scan_settings(self.current_settings())
        self.store.set_window_geometry(self.saveGeometry())
        self.store.set_splitter_state(self.splitter.saveState())
        self.store.sync()

    # --- state -------------------------------------------------------------------------------

    def current_settings(self) -> ScanSettings:
        settings = self.settings_panel.apply_to(self._base_settings)
        return settings.replace(
            suffixes=self.folders_panel.suffixes(),
            exclude=self.folders_panel.exclude(),
            include=self.folders_panel.include(),
            include_hidden=self.folders_panel.include_hidden(),
            against=self.folders_panel.library_paths(),
        )

    def _update_title(self) -> None:
        if self.report is None:
            self.setWindowTitle(APP_TITLE)
        elif self.files.path is None:
            self.setWindowTitle(self.tr("{app} — Unsaved scan").format(app=APP_TITLE))
        else:
            self.setWindowTitle(f"{APP_TITLE} — {self.files.path.name}")

    def _set_scanning(self, scanning: bool) -> None:
        self.scan_action.setEnabled(not scanning)
        self.scan_button.setEnabled(not scanning)
        self.cancel_action.setEnabled(scanning)
        self.cancel_button.setEnabled(scanning)
        self.open_report_action.setEnabled(not scanning)
        self.files.recent_menu.setEnabled(not scanning)
        self.save_report_action.setEnabled(not scanning and self.report is not None)
        self.pdf_reports.action.setEnabled(not scanning and self.report is not None)
        self.folders_panel.setEnabled(not scanning)
        self.add_folder_action.setEnabled(not scanning)  # the menu's and the drop hint's
        self.results.drop_hint.add_button.setEnabled(not scanning)
        self.settings_panel.setEnabled(not scanning)
        self.tidy.set_scanning(scanning)
        self.marks.set_enabled(not scanning)

    def is_busy(self) -> bool:
        return any(job is not None and job.is_running() for job in (self.scan_job, self.load_job))

    def show_error(self, title: str, error: object) -> None:
        """A non-blocking message box, so the app stays usable and tests are never stuck."""
        self.error_box = open_error_box(self, title, error)
        self.statusBar().showMessage(f"{title}: {self.error_box.text()}", 10_000)

    # --- scanning ----------------------------------------------------------------------------

    def start_scan(self) -> None:
        if self.is_busy():
            return
        paths = self.folders_panel.scan_paths()
        if not paths:
            self.show_error(
                self.tr("Nothing to scan"), self.tr("Add a folder with the role Scan first.")
            )
            return
        try:
            settings = self.current_settings()
        except ValueError as error:
            self.show_error(self.tr("Invalid settings"), error)
            return
        if not settings.suffixes:
            self.show_error(self.tr("Nothing to scan"), self.tr("Tick at least one file type."))
            return
        problem = self.folders_panel.saved_library_problem()
        if problem is not None:
            self.show_error(self.tr("Cannot scan"), problem)
            return
        saved = next(iter(self.folders_panel.saved_libraries()), None)
        if not self.files.may_replace(
            self.tr("Save the results before scanning again?"), self.start_scan
        ):
            return
        self.save_state()

        def task(worker: Worker) -> ReportData:
            return scan_report(worker, paths, settings, saved, self.reviews.marks_path)

        self.progress_bar.begin(scan_stages(partial=settings.detect_partial, library=bool(saved)))
        self.progress_label.setText(self.tr("Starting…"))
        self.scan_job = new_worker_qthread(
            task,
            connect={
                "progress": self._on_progress,
                "result": self._on_scan_result,
                "errored": self._on_scan_error,
            },
            start=False,
        )
        self.scan_job.done.connect(self._on_scan_done)
        self._set_scanning(True)
        self.scan_job.start()

    def cancel_scan(self) -> None:
        if self.scan_job is not None and self.scan_job.is_running():
            self.scan_job.cancel()
            self.progress_label.setText(self.tr("Cancelling…"))

    def _on_progress(self, progress: object) -> None:
        assert isinstance(progress, Progress)
        if self.scan_job is not None and self.scan_job.worker.cancel_token.is_set():
            return
        self.progress_label.setText(self.progress_bar.show_progress(progress))
        self.scan_progressed.emit(progress)

    def _on_scan_result(self, report: object) -> None:
        assert isinstance(report, ReportData)
        self._show_report(report)
        self.files.show_scanned()
        if report.summary.cancelled:
            not_read = count_text(
                report.summary.not_scanned,
                self.tr("{count} file not scanned"),
                self.tr("{count} files not scanned"),
            )
            self.statusBar().showMessage(
                self.tr("Scan cancelled: showing the files finished so far; {not_read}.").format(
                    not_read=not_read
                )
            )
        else:
            self.statusBar().showMessage(self.tr("Scan finished."), 5000)

    def _on_scan_error(self, error: object) -> None:
        self.progress_bar.failed = True  # the results shown, if any, are an earlier scan's
        self.show_error(self.tr("Scan failed"), error)

    def _on_scan_done(self) -> None:
        cancelled = self.report is not None and self.report.summary.cancelled
        failed = self.progress_bar.end(finished=self.report is not None and not cancelled)
        done = self.tr("Scan failed") if failed else self.tr("Done")
        self.progress_label.setText(self.tr("Cancelled") if cancelled and not failed else done)
        self._set_scanning(False)
        self.scan_finished.emit()

    def _show_report(self, report: ReportData) -> None:
        replaced, self.report = self.report, report
        self.results.show_report(report)
        self.ignoring.show_report(report)
        self.reviews.raw_pairs = report.raw.get("pairs") or []
        if replaced is not None and replaced is not report:
            release_gradually(replaced)  # freed at once, a large one held the window 0.2 s
            del replaced
        self._update_title()
        self._set_scanning(
            self.is_busy() and self.scan_job is not None and self.scan_job.is_running()
        )
        self.report_loaded.emit()
        # Built with the rows in the worker that read the report (``shown_report``).
        self.settings_panel.show_spread(report.spread)

    # --- reports -----------------------------------------------------------------------------

    def open_report(self, path: Path) -> None:
        """Read and parse in a worker thread; `report_loaded` fires when it is shown."""
        if self.is_busy():
            return
        question = self.tr("Save the results before opening {name}?").format(name=path.name)
        if not self.files.may_replace(question, lambda: self.open_report(path)):
            return

        def task(worker: Worker) -> tuple[Path, ReportData]:
            return path, shown_report(
                annotated(read_report(path, compact=True), self.reviews.marks_path)
            )

        self.progress_label.setText(self.tr("Opening {name}…").format(name=path.name))
        self.load_job = new_worker_qthread(
            task, connect={"result": self._on_report_read, "errored": self._on_report_error}
        )

    def _on_report_read(self, value: object) -> None:
        assert isinstance(value, tuple)
        path, report = value
        restore_scan_inputs(self.folders_panel, self.settings_panel, report)
        self._show_report(report)
        self.files.show_opened(path)
        self.progress_label.setText(self.tr("Ready"))

    def _on_report_error(self, error: object) -> None:
        self.progress_label.setText(self.tr("Ready"))
        self.show_error(self.tr("Cannot open report"), error)

    def save_report(self, path: Path) -> bool:
        return self.files.save(path)

    # --- compare -----------------------------------------------------------------------------

    @property
    def compare_dialogs(self) -> list[CompareDialog]:
        return self.compare.dialogs

    def open_compare(self, pair: object) -> CompareDialog:
        assert isinstance(pair, PairRow)
        return self.compare.open_pair(pair)

    # --- drag and drop -----------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        accept_drag(event)

    def dropEvent(self, event: QDropEvent) -> None:
        """Folders and documents join the scan list, a report opens, anything else is refused
        with the reason."""
        dropped = dropped_paths(event)
        for path in dropped.to_scan:
            self.folders_panel.add_folder(path, FolderRole.SCAN)
        if dropped.to_scan:
            self.statusBar().showMessage(dropped.added_text(), 8000)
        if dropped.reports:
            self.open_report(dropped.reports[0])
        if dropped.refused:
            self.show_error(self.tr("Cannot use what was dropped"), dropped.refused_text())

    # --- closing -----------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.may_replace(self.tr("Save the results before closing?"), self.close):
            event.ignore()
            return
        self.save_state()
        self.compare.close_all()
        # Cancel and wait, so that no thread outlives the window.
        workers.stop_all()
        self.ignoring.close()
        super().closeEvent(event)
