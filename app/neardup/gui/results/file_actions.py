"""Open a document with its system app, reveal it in the file manager, copy its path."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QProcess, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMenu


def open_with_system_app(path: str) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(path))


def reveal_in_file_manager(path: str) -> bool:
    """Select the file where the platform allows it; otherwise open its folder."""
    if sys.platform == "win32":
        return QProcess.startDetached("explorer.exe", [f"/select,{Path(path)}"])[0]
    if sys.platform == "darwin":
        return QProcess.startDetached("open", ["-R", path])[0]
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent)))


def copy_path(path: str) -> None:
    QGuiApplication.clipboard().setText(path)


def add_file_actions(menu: QMenu, path: str, label: str = "") -> list[QAction]:
    """Append the three actions for one path; `label` tells A from B in a pair's menu."""
    suffix = f" {label}" if label else ""
    actions = [
        menu.addAction(
            QCoreApplication.translate("file_actions", "Open{suffix} with system app").format(
                suffix=suffix
            )
        ),
        menu.addAction(
            QCoreApplication.translate("file_actions", "Reveal{suffix} in file manager").format(
                suffix=suffix
            )
        ),
        menu.addAction(
            QCoreApplication.translate("file_actions", "Copy path{suffix}").format(suffix=suffix)
        ),
    ]
    actions[0].triggered.connect(lambda: open_with_system_app(path))
    actions[1].triggered.connect(lambda: reveal_in_file_manager(path))
    actions[2].triggered.connect(lambda: copy_path(path))
    for action in actions:
        action.setToolTip(path)
    return actions
