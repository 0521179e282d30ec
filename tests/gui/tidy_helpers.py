"""Helpers for the tidying tests: an untidy folder of real files, a Trash of the test's own,
and the window's Groups tab read and driven as a person would."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from gui_corpus import document, join
from gui_helpers import scan_folder

__all__ = ["scan_folder"]
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import MemberRow
from neardup.gui.tidy.plan import Answer, TrashPlan
from neardup.gui.tidy.trash import Outcome

TRASH_ACTION = "Move to Trash…"
TRASH_DUPLICATES_ACTION = "Move duplicates to Trash…"


@dataclass(frozen=True)
class Trash:
    """The freedesktop home Trash this test's files go to."""

    root: Path

    @property
    def files(self) -> Path:
        return self.root / "files"

    def contents(self) -> dict[str, bytes]:
        """Original path -> bytes of every file in this Trash, read from its .trashinfo."""
        found = {}
        for info in sorted((self.root / "info").glob("*.trashinfo")):
            line = next(x for x in info.read_text("utf-8").splitlines() if x.startswith("Path="))
            original = unquote(line.removeprefix("Path="))
            found[original] = (self.files / info.name.removesuffix(".trashinfo")).read_bytes()
        return found

    def is_empty(self) -> bool:
        return not any(self.files.glob("*")) and not any((self.root / "info").glob("*"))


@dataclass(frozen=True)
class Folder:
    path: Path
    bytes_of: dict[str, bytes]  # every file written, by absolute path


def write(folder: Path, texts: dict[str, str]) -> dict[str, bytes]:
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written[str(path)] = path.read_bytes()
    return written


def untidy_folder(root: Path) -> Folder:
    """A group of three identical files, a pair with a light edit, and one unrelated file."""
    first = join(document(71))
    second = document(72)
    edited = list(second)
    edited[3] = edited[3].replace("，", "，另外", 1).replace(" the ", " that ", 1)
    folder = root / "untidy"
    written = write(
        folder,
        {
            "report.txt": first,
            "report (copy).txt": first,
            "report - final.txt": first,
            "notes.txt": join(second),
            "notes edited.txt": join(edited),
            "other.txt": join(document(73)),
        },
    )
    return Folder(folder, written)


def scan(qtbot: QtBot, window: MainWindow, folder: Path) -> None:
    scan_folder(qtbot, window, folder)
    assert window.report is not None and window.results.groups_model.rowCount() == 2


def members(window: MainWindow) -> list[tuple[QModelIndex, MemberRow]]:
    """Every member row of the Groups tab, as (proxy index, row)."""
    proxy = window.results.groups_proxy
    found = []
    for g in range(proxy.rowCount()):
        group = proxy.index(g, 0)
        for m in range(proxy.rowCount(group)):
            index = proxy.index(m, 0, group)
            row = window.results.groups_model.member_at(proxy.mapToSource(index))
            assert row is not None
            found.append((index, row))
    return found


def duplicates(window: MainWindow) -> set[str]:
    return {row.document.path for _, row in members(window) if not row.is_reference}


def references(window: MainWindow) -> set[str]:
    return {row.document.path for _, row in members(window) if row.is_reference}


def texts(menu: QMenu | None) -> list[str]:
    assert menu is not None
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def menu_action(menu: QMenu | None, text: str) -> None:
    assert menu is not None
    next(a for a in menu.actions() if a.text() == text).trigger()


def agree(window: MainWindow) -> list[TrashPlan]:
    """Answer every confirmation with yes, and keep what was asked."""
    asked: list[TrashPlan] = []

    def confirm(plan: TrashPlan, destination: str | None = None) -> Answer:
        asked.append(plan)
        return Answer.ALL

    window.tidy.confirm = confirm
    return asked


def trash_selection(qtbot: QtBot, window: MainWindow, *, by_key: bool = False) -> Outcome:
    with qtbot.waitSignal(window.tidy.trashed) as blocker:
        if by_key:
            # Delete acts only where the Groups tab has the focus; it is not the first tab
            window.results.tabs.setCurrentWidget(window.results.groups_view)
            window.activateWindow()
            window.results.groups_view.setFocus()
            qtbot.keyClick(window.results.groups_view, Qt.Key.Key_Delete)
        else:
            window.tidy.trash_action.trigger()
    outcome = blocker.args[0]
    assert isinstance(outcome, Outcome)
    return outcome


def trash_all_duplicates(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> tuple[Folder, Outcome]:
    """Scan the untidy folder, select every group and move its duplicates, agreeing."""
    folder = untidy_folder(tmp_path)
    scan(qtbot, window, folder.path)
    agree(window)
    window.results.groups_view.selectAll()
    return folder, trash_selection(qtbot, window)
