"""Drag and drop, context menus, shortcuts and header sorting on the real window."""

from __future__ import annotations

from pathlib import Path

from gui_corpus import Corpus
from gui_helpers import drop_on, scan_folder
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow
from neardup.gui.results.models import SORT_ROLE


def test_drop_folder_adds_it(window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "dropped"
    folder.mkdir()
    assert drop_on(window, [folder])
    assert [Path(f.path) for f in window.folders_panel.folders()] == [folder]


def _texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_context_menus_offer_open_reveal_copy(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    results = window.results
    pairs_menu = results.context_menu(results.pairs_view, results.pairs_model.index(0, 0))
    assert pairs_menu is not None
    assert _texts(pairs_menu) == [
        "Compare side by side",
        "Open A with system app",
        "Reveal A in file manager",
        "Copy path A",
        "Open B with system app",
        "Reveal B in file manager",
        "Copy path B",
        "Ignore this pair",
        "Confirm as a copy…",
        "Dismiss this match…",
    ]
    copy_b = next(a for a in pairs_menu.actions() if a.text() == "Copy path B")
    copy_b.trigger()
    assert QGuiApplication.clipboard().text() == results.pairs_model.pair(0).b

    group = results.groups_proxy.index(0, 0)
    member = results.groups_proxy.index(1, 0, group)
    member_menu = results.context_menu(results.groups_view, member)
    assert member_menu is not None
    assert _texts(member_menu)[0] == "Compare with the reference"
    next(a for a in member_menu.actions() if a.text() == "Copy path").trigger()
    path = QGuiApplication.clipboard().text()
    assert Path(path).parent == gui_corpus.folder

    problem_menu = results.context_menu(results.problems_view, results.problems_proxy.index(0, 0))
    assert problem_menu is not None and "Reveal in file manager" in _texts(problem_menu)
    assert results.context_menu(results.pairs_view, results.pairs_model.index(99, 0)) is None


def test_shortcuts(window: MainWindow) -> None:
    assert window.scan_action.shortcut() == QKeySequence("F5")
    assert window.cancel_action.shortcut() == QKeySequence("Esc")
    assert window.add_folder_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert window.save_report_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert not window.cancel_action.isEnabled()
    assert not window.save_report_action.isEnabled()


def test_clicking_a_header_sorts_pairs(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    results = window.results
    results.tabs.setCurrentWidget(results.pairs_page)
    header = results.pairs_view.horizontalHeader()
    x = header.sectionViewportPosition(3) + header.sectionSize(3) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    model = results.pairs_model
    first = [model.data(model.index(r, 3), SORT_ROLE) for r in range(model.rowCount())]
    assert first == sorted(first) or first == sorted(first, reverse=True)
    assert header.sortIndicatorSection() == 3
