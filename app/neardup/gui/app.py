"""Start the desktop app: QApplication, the main window, and an optional report to open."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from neardup._version import __version__
from neardup.gui.i18n import effective_language, install_translators, remove_translators
from neardup.gui.main_window import MainWindow
from neardup.gui.settings.settings_store import SettingsStore
from neardup.resources import resource_path

# Set by the frozen-build smoke test: quit this many milliseconds after the window shows.
SMOKE_EXIT_ENV = "NEARDUP_SMOKE_EXIT_MS"


def _quit_after_showing(app: QApplication, window: MainWindow, milliseconds: int) -> None:
    def report_and_quit() -> None:
        print(f"main window shown: {window.windowTitle()}", flush=True)
        window.close()
        app.quit()

    QTimer.singleShot(milliseconds, report_and_quit)


def run_gui(report: Path | None = None) -> int:
    app = QApplication.instance()
    owns_app = not isinstance(app, QApplication)
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("NearDup")
    app.setOrganizationName("NearDup")
    app.setApplicationVersion(__version__)
    icon = resource_path("neardup.png")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    store = SettingsStore()
    # before any window: every string is translated when its widget is built
    translators = install_translators(app, effective_language(store.language()))
    window = MainWindow(settings_store=store)
    window.show()
    if report is not None:
        window.open_report(Path(report))
    smoke_ms = os.environ.get(SMOKE_EXIT_ENV)
    if smoke_ms:
        _quit_after_showing(app, window, int(smoke_ms))
    status = int(app.exec())
    window.deleteLater()
    app.processEvents()
    remove_translators(app, translators)
    if owns_app:
        # Let Qt release its objects before Python finalises, in a defined order.
        app.shutdown()
    return status
