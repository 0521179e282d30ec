"""The table model the result tables share (sorted, and filtered, in one pass over their rows,
fast at 100k rows), the problems table, and the sorting proxy of the smaller views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractItemView

from neardup.gui.report_data import ProblemRow
from neardup.gui.results.sort_keys import SortKeys

Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate

# Custom roles: the whole row record, a path to act on, and the raw value used for sorting.
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
PATH_ROLE = Qt.ItemDataRole.UserRole + 2
SORT_ROLE = Qt.ItemDataRole.UserRole + 3

_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


def column_title(
    titles: Sequence[object], section: int, orientation: Qt.Orientation, role: int
) -> Any:
    """The horizontal header text of a column, for any of the result models."""
    if (
        orientation == Qt.Orientation.Horizontal
        and role == Qt.ItemDataRole.DisplayRole
        and 0 <= section < len(titles)
    ):
        # the titles are marked with QT_TRANSLATE_NOOP("Column", ...) where they are defined
        return QCoreApplication.translate("Column", str(titles[section]))
    return None


@dataclass(frozen=True, slots=True)
class Column:
    title: object  # QT_TRANSLATE_NOOP("Column", ...): translated when shown
    text: Callable[[Any], str]
    key: Callable[[Any], object]
    numeric: bool = False
    tooltip: Callable[[Any], str] | None = None


def trashed_brush() -> QBrush:
    """How a row moved to the Trash is drawn, in every view: as disabled text."""
    return QGuiApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)


def trashed_tip(path: str) -> str:
    return QCoreApplication.translate(
        "ResultTables", "In the Trash (Edit → Undo puts it back): {path}"
    ).format(path=path)


def moved_tip(path: str, now_at: str) -> str:
    return QCoreApplication.translate(
        "ResultTables", "Moved to {now_at} (Edit → Undo puts it back): {path}"
    ).format(path=path, now_at=now_at)


class RowTableModel(QAbstractTableModel):
    """Rows are records; display strings are built on first use and cached per row.

    Sorting and filtering happen here, not in a proxy: a proxy's ``lessThan`` and
    ``filterAcceptsRow`` would call back into Python once per row (about 2 µs each, so
    a quarter of a second for 119,000 pairs on every reset). Here a sort is one Python
    sort over precomputed keys and a filter one pass that yields a mask (``_shown``).
    """

    COLUMNS: Sequence[Column] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._sorted: list[int] | None = None  # every storage index, sorted; None: as stored
        self._order: list[int] = []  # view row -> storage index, of the rows shown
        self._texts: list[tuple[str, ...] | None] = []
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._sort_keys: dict[int, SortKeys] = {}  # per column, until the rows change

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._texts = [None] * len(self._rows)
        self._sort_keys = {}
        self._rows_changed()
        self._sorted = self._sorted_order(*self._sort) if self._sort is not None else None
        self._order = self._shown_order()
        self.endResetModel()

    def _rows_changed(self) -> None:
        """Drop whatever a subclass derived from the rows (filter columns)."""

    def _shown(self) -> npt.NDArray[np.bool_] | None:
        """Which stored rows pass the filters (a mask), or None when every row does."""
        return None

    def _shown_order(self) -> list[int]:
        shown = self._shown()
        if shown is None:
            return list(range(len(self._rows))) if self._sorted is None else list(self._sorted)
        if self._sorted is None:
            order: list[int] = np.flatnonzero(shown).tolist()
            return order
        in_order = np.asarray(self._sorted, dtype=np.int64)
        order = in_order[shown[in_order]].tolist()
        return order

    def _relayout(self, change: Callable[[], None]) -> None:
        """Apply a change of sort or filter and show its rows, keeping the views' persistent
        indexes (selection, current row) on their records; a row filtered out loses them."""
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        storages = [self._order[p.row()] for p in persistent]
        change()
        self._order = self._shown_order()
        if persistent:
            row_of = np.full(len(self._rows), -1, dtype=np.int64)
            row_of[np.asarray(self._order, dtype=np.int64)] = np.arange(len(self._order))
            rows = row_of[np.asarray(storages, dtype=np.int64)].tolist()
            moved = [
                self.index(row, p.column()) if row >= 0 else QModelIndex()
                for row, p in zip(rows, persistent, strict=True)
            ]
            self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    def refilter(self) -> None:
        """Show the rows that pass the filters now (a subclass's filter changed)."""
        self._relayout(lambda: None)

    def row_record(self, row: int) -> Any:
        return self._rows[self._order[row]]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def _row_texts(self, storage: int) -> tuple[str, ...]:
        texts = self._texts[storage]
        if texts is None:
            record = self._rows[storage]
            texts = tuple(column.text(record) for column in self.COLUMNS)
            self._texts[storage] = texts
        return texts

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        storage = self._order[index.row()]
        column = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._row_texts(storage)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column.numeric else _LEFT
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
            return column.tooltip(self._rows[storage])
        if role == ROW_ROLE:
            return self._rows[storage]
        if role == PATH_ROLE:
            return self.path_of(self._rows[storage], index.column())
        if role == SORT_ROLE:
            return column.key(self._rows[storage])
        return None

    def path_of(self, record: Any, column: int) -> str | None:
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return column_title([c.title for c in self.COLUMNS], section, orientation, role)

    def _sorted_order(self, column: int, order: Qt.SortOrder) -> list[int]:
        keys = self._sort_keys.get(column)
        if keys is None:
            key = self.COLUMNS[column].key
            keys = self._sort_keys[column] = SortKeys.of([key(row) for row in self._rows])
        return keys.order(order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.COLUMNS):
            return
        if self._sort == (column, order) and self._sorted is not None:
            return  # a header click asks twice (the view, then the header's indicator)

        def change() -> None:
            self._sort = (column, order)
            self._sorted = self._sorted_order(column, order)

        self._relayout(change)


class ProblemsModel(RowTableModel):
    COLUMNS = (
        Column(
            QT_TRANSLATE_NOOP("Column", "Path"),
            lambda r: r.path,
            lambda r: r.path.casefold(),
            tooltip=lambda r: r.path,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Reason"),
            lambda r: r.summary(),
            lambda r: r.text(),
            tooltip=lambda r: r.text(),  # with the reading library's message
        ),
    )

    def problem(self, row: int) -> ProblemRow:
        record: ProblemRow = self.row_record(row)
        return record

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.path
        return path


def keep_whole_selection(view: QAbstractItemView) -> None:
    """Keep "everything selected" across the model's filter changes.

    A filter here is a layout change that alters the row count (``RowTableModel._relayout``).
    Qt's selection model keeps a partial selection through it (by persistent indexes), but
    stores a whole-table selection of over 1,000 cells as a flag that it honours only when
    the row count is unchanged: select all, then type a filter, and nothing stays selected.
    So a whole selection is noticed before such a change and made again after it.
    """
    model = view.model()
    whole = [False]

    def before() -> None:
        rows, columns = model.rowCount(), model.columnCount()
        selection = view.selectionModel().selection()
        whole[0] = rows > 0 and any(
            (r.top(), r.left(), r.bottom(), r.right()) == (0, 0, rows - 1, columns - 1)
            for r in (selection.at(n) for n in range(selection.count()))
        )

    def after() -> None:
        if whole[0] and model.rowCount():
            view.selectAll()

    model.layoutAboutToBeChanged.connect(before)
    model.layoutChanged.connect(after)  # after the selection model's own handler


class SourceSortProxy(QSortFilterProxyModel):
    """Filters here, but hands sorting to the source model, which sorts in one Python call."""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if isinstance(source, QAbstractItemModel):
            source.sort(column, order)

    def _begin_filter_change(self) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9
            self.beginFilterChange()

    def _end_filter_change(self) -> None:
        if hasattr(self, "endFilterChange"):
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()
