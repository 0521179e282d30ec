"""Helpers shared by the GUI tests: run a scan through the real window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow

SCAN_TIMEOUT_MS = 60_000


def scan_folder(qtbot: QtBot, window: MainWindow, folder: Path) -> None:
    """Add a folder and press Scan, then wait until the results are shown and the thread stopped."""
    window.folders_panel.add_folder(folder)
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
