"""Readable result tables on the real window: names elided in the middle with the full path in
a tooltip, columns a person can resize, one-line rows tall enough for their text, and each
file's modification date in Documents and Pairs, sorted by the time itself."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from gui_corpus import document, join
from gui_helpers import scan_folder
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QHeaderView, QTableView, QTreeView
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow
from neardup.gui.results.documents_model import DocumentsModel
from neardup.gui.results.models import PATH_ROLE
from neardup.gui.results.pairs_model import PairsModel
from neardup.gui.settings.settings_store import SettingsStore

LONG_NAME = "第三章 文献综述 final version with the supervisor's comments, revised again.txt"
# Two copies saved in the same minute (the cell shows minutes): the sort must use the time.
ORIGINAL_TIME = datetime(2021, 3, 4, 9, 30, 50).timestamp()
COPY_TIME = datetime(2021, 3, 4, 9, 30, 10).timestamp()
EDITED_TIME = datetime(2024, 11, 20, 16, 5, 0).timestamp()


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "theses"
    folder.mkdir()
    text = join(document(41))
    files = {
        LONG_NAME: (text, ORIGINAL_TIME),
        "copy.txt": (text, COPY_TIME),
        "edited.txt": (text.replace("，", "、", 3), EDITED_TIME),
        "empty.txt": ("", EDITED_TIME),
    }
    for name, (content, when) in files.items():
        path = folder / name
        path.write_text(content, encoding="utf-8")
        os.utime(path, (when, when))
    return folder


def _views(window: MainWindow) -> list[QTableView | QTreeView]:
    results = window.results
    return [
        results.documents_view,
        results.groups_view,
        results.pairs_view,
        results.problems_view,
    ]


def test_tables_elide_names_in_the_middle_and_columns_resize(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    scan_folder(qtbot, window, _folder(tmp_path))
    for view in _views(window):
        shown = view.model()
        source = shown.sourceModel() if isinstance(shown, QSortFilterProxyModel) else shown
        name = type(source).__name__
        assert view.textElideMode() == Qt.TextElideMode.ElideMiddle, name
        assert not view.wordWrap(), name
        header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
        modes = {header.sectionResizeMode(c) for c in range(header.count())}
        assert modes == {QHeaderView.ResizeMode.Interactive}, name
        # the person drags the first column wider: it follows
        width = view.columnWidth(0)
        header.resizeSection(0, width + 60)
        assert view.columnWidth(0) == width + 60, name
        # one line of text fits in a row, with room around it
        model = view.model()
        first = model.index(0, 0)
        assert first.isValid(), name
        assert view.visualRect(first).height() > view.fontMetrics().height(), name
        if isinstance(view, QTableView):
            rows = view.verticalHeader()
            assert rows.sectionResizeMode(0) == QHeaderView.ResizeMode.Fixed, name
    widths = [window.results.pairs_view.columnWidth(c) for c in range(2)]
    assert 200 not in widths, "the Pairs A and B columns are no longer fixed at 200 px"


def test_group_titles_take_the_room_a_wide_window_has(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The last column stretched into the room of a wide window while the first cut the
    group titles ("Group 1: 第三章 文…ed again.txt"): the names take that room now, the table
    scrolls rather than squeezing them below their first width, and a person's drag holds."""
    scan_folder(qtbot, window, _folder(tmp_path))
    results = window.results
    results.tabs.setCurrentWidget(results.groups_view)
    view, header = results.groups_view, results.groups_view.header()
    first = view.columnWidth(0)

    def columns() -> int:
        return sum(header.sectionSize(c) for c in range(header.count()))

    window.resize(2400, 900)
    qtbot.waitUntil(lambda: view.columnWidth(0) > first)
    assert columns() == view.viewport().width()  # the names fill the room, to the edge
    window.resize(700, 600)
    qtbot.waitUntil(lambda: view.viewport().width() < columns())
    assert view.columnWidth(0) == first  # never below its first width: the table scrolls
    header.resizeSection(0, first + 90)  # a person drags the names wider
    window.resize(900, 600)
    qtbot.waitUntil(lambda: window.width() == 900)
    assert view.columnWidth(0) == first + 90


def test_name_cells_carry_the_full_path_in_a_tooltip(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = _folder(tmp_path)
    scan_folder(qtbot, window, folder)
    results = window.results
    full = str(folder / LONG_NAME)
    documents = results.documents_model
    row = next(
        r for r in range(documents.rowCount()) if documents.index(r, 0).data(PATH_ROLE) == full
    )
    assert documents.index(row, 0).data() == LONG_NAME
    assert documents.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) == full
    pairs = results.pairs_model
    for r in range(pairs.rowCount()):
        for column in (0, 1):
            index = pairs.index(r, column)
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            assert Path(tip).name == index.data() and Path(tip).is_absolute()
    groups = results.groups_proxy
    group = groups.index(0, 0)
    member = groups.index(1, 0, group)
    assert groups.data(member, Qt.ItemDataRole.ToolTipRole) == groups.data(member, PATH_ROLE)
    problems = results.problems_proxy
    assert problems.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) == str(folder / "empty.txt")


def _modified(when: float) -> str:
    return datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")


def test_documents_and_pairs_show_when_each_file_was_modified(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, store: SettingsStore
) -> None:
    folder = _folder(tmp_path)
    scan_folder(qtbot, window, folder)
    results = window.results
    column = DocumentsModel.MODIFIED_COLUMN
    documents = results.documents_model
    assert documents.headerData(column, Qt.Orientation.Horizontal) == "Modified"
    shown = {
        Path(documents.index(r, 0).data(PATH_ROLE)).name: documents.index(r, column).data()
        for r in range(documents.rowCount())
    }
    assert shown == {
        LONG_NAME: _modified(ORIGINAL_TIME),
        "copy.txt": _modified(COPY_TIME),
        "edited.txt": _modified(EDITED_TIME),
    }
    # sorted by the time itself: the copy saved 40 s before the original in the same minute
    results.documents_view.sortByColumn(column, Qt.SortOrder.AscendingOrder)
    order = [Path(documents.index(r, 0).data(PATH_ROLE)).name for r in range(3)]
    assert order == ["copy.txt", LONG_NAME, "edited.txt"]

    pairs = results.pairs_model
    assert [
        pairs.headerData(c, Qt.Orientation.Horizontal)
        for c in (PairsModel.MODIFIED_A_COLUMN, PairsModel.MODIFIED_B_COLUMN)
    ] == ["Modified A", "Modified B"]
    when = {LONG_NAME: ORIGINAL_TIME, "copy.txt": COPY_TIME, "edited.txt": EDITED_TIME}
    assert pairs.rowCount() == 3
    for r in range(pairs.rowCount()):
        a, b = pairs.index(r, 0).data(), pairs.index(r, 1).data()
        assert pairs.index(r, PairsModel.MODIFIED_A_COLUMN).data() == _modified(when[a])
        assert pairs.index(r, PairsModel.MODIFIED_B_COLUMN).data() == _modified(when[b])
    results.pairs_view.sortByColumn(PairsModel.MODIFIED_A_COLUMN, Qt.SortOrder.DescendingOrder)
    firsts = [when[pairs.index(r, 0).data()] for r in range(pairs.rowCount())]
    assert firsts == sorted(firsts, reverse=True)

    # the dates come from the report: a saved and reopened one shows them too
    saved = tmp_path / "dates.json"
    assert window.save_report(saved)
    reopened = MainWindow(settings_store=store)
    qtbot.addWidget(reopened)
    with qtbot.waitSignal(reopened.report_loaded, timeout=10_000):
        reopened.open_report(saved)
    again = reopened.results.documents_model
    assert {again.index(r, column).data() for r in range(again.rowCount())} == set(shown.values())
    qtbot.waitUntil(lambda: reopened.load_job is not None and not reopened.load_job.is_running())
