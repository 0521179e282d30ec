"""Start the desktop app: QApplication, the main window, and an optional report to open."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from neardup._version import __version__
from neardup.gui.main_window import MainWindow
from neardup.gui.settings_store import SettingsStore


def run_gui(report: Path | None = None) -> int:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("NearDup")
    app.setOrganizationName("NearDup")
    app.setApplicationVersion(__version__)
    window = MainWindow(settings_store=SettingsStore())
    window.show()
    if report is not None:
        window.open_report(Path(report))
    status = app.exec()
    window.deleteLater()
    return int(status)
