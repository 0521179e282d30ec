"""Table models for pairs and problems, and the sort/filter proxies over them (fast at 100k rows)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

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

from neardup.gui.formatting import kind_text, modified_text, percent, sort_key
from neardup.gui.report_data import PairRow, ProblemRow

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


def not_measured_tip() -> str:
    return translate(
        "PairsModel",
        "Not measured: partial-copy detection was off, or the scan was cancelled before it.",
    )


def _overlap_a_tip(row: PairRow) -> str:
    return (
        translate("PairsModel", "Share of A's text found in B")
        if row.overlap_a is not None
        else not_measured_tip()
    )


def _overlap_b_tip(row: PairRow) -> str:
    return (
        translate("PairsModel", "Share of B's text found in A")
        if row.overlap_b is not None
        else not_measured_tip()
    )


def _common_text(row: PairRow) -> str:
    return (
        translate("PairsModel", "in {count} documents").format(count=row.shared_by)
        if row.shared_by > 2
        else ""
    )


def _common_tip(row: PairRow) -> str:
    if row.shared_by > 2:
        return translate(
            "PairsModel",
            "Some of the text this pair shares is held by {count} scanned documents: a "
            "template, a licence, or a source many copied. It still counts; scan with "
            "--exclude-common to leave such text out.",
        ).format(count=row.shared_by)
    return translate("PairsModel", "The text this pair shares is found in these two documents only")


def _review_text(row: PairRow) -> str:
    if row.review == "confirmed":
        return translate("PairsModel", "Confirmed")
    if row.review == "dismissed":
        return translate("PairsModel", "Dismissed")
    return ""


def _review_tip(row: PairRow) -> str:
    if not row.review:
        return translate("PairsModel", "Not reviewed: right-click to confirm or dismiss")
    return row.review_note or translate("PairsModel", "No note")


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


class RowTableModel(QAbstractTableModel):
    """Rows are records; display strings are built on first use and cached per row.

    Sorting happens here (one Python sort over precomputed keys) rather than in
    the proxy, whose lessThan would call back into Python a million times.
    """

    COLUMNS: Sequence[Column] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._order: list[int] = []  # view row -> storage index
        self._texts: list[tuple[str, ...] | None] = []
        self._sort: tuple[int, Qt.SortOrder] | None = None

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._order = list(range(len(self._rows)))
        self._texts = [None] * len(self._rows)
        if self._sort is not None:
            self._order = self._sorted_order(*self._sort)
        self.endResetModel()

    def row_record(self, row: int) -> Any:
        return self._rows[self._order[row]]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

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
        key = self.COLUMNS[column].key
        keys = [sort_key(key(row)) for row in self._rows]
        return sorted(
            range(len(self._rows)),
            key=keys.__getitem__,
            reverse=order == Qt.SortOrder.DescendingOrder,
        )

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        storages = [self._order[p.row()] for p in persistent]
        self._order = self._sorted_order(column, order)
        row_of = {storage: row for row, storage in enumerate(self._order)}
        self.changePersistentIndexList(
            persistent,
            [self.index(row_of[s], p.column()) for s, p in zip(storages, persistent, strict=True)],
        )
        self.layoutChanged.emit()


class PairsModel(RowTableModel):
    COLUMNS = (
        Column(
            QT_TRANSLATE_NOOP("Column", "A"),
            lambda r: _name(r.a),
            lambda r: r.a.casefold(),
            tooltip=lambda r: r.a,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "B"),
            lambda r: _name(r.b),
            lambda r: r.b.casefold(),
            tooltip=lambda r: r.b,
        ),
        Column(QT_TRANSLATE_NOOP("Column", "Kind"), lambda r: kind_text(r.kind), lambda r: r.kind),
        Column(
            QT_TRANSLATE_NOOP("Column", "Distance"),
            lambda r: str(r.distance),
            lambda r: r.distance,
            numeric=True,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Similarity"),
            lambda r: f"{r.similarity:.3f}",
            lambda r: r.similarity,
            True,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Overlap A→B"),
            lambda r: percent(r.overlap_a),
            lambda r: r.overlap_a,
            True,
            _overlap_a_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Overlap B→A"),
            lambda r: percent(r.overlap_b),
            lambda r: r.overlap_b,
            True,
            _overlap_b_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Common text"),
            _common_text,
            lambda r: r.shared_by,
            True,
            _common_tip,
        ),
        # Who copied whom: the dates beside each other, sorted by the time itself.
        Column(
            QT_TRANSLATE_NOOP("Column", "Modified A"),
            lambda r: modified_text(r.modified_a),
            lambda r: r.modified_a,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Modified B"),
            lambda r: modified_text(r.modified_b),
            lambda r: r.modified_b,
        ),
        # A person's decision, kept across scans (`tidy.review_controller`).
        Column(
            QT_TRANSLATE_NOOP("Column", "Review"),
            _review_text,
            lambda r: r.review,
            tooltip=_review_tip,
        ),
    )
    MODIFIED_A_COLUMN = 8
    MODIFIED_B_COLUMN = 9

    def pair(self, row: int) -> PairRow:
        record: PairRow = self.row_record(row)
        return record

    def replace_pair(self, old: PairRow, new: PairRow) -> None:
        """Show ``new`` in the row of ``old`` (a review mark changed it)."""
        storage = next((n for n, r in enumerate(self._rows) if r is old), None)
        if storage is None:
            return
        self._rows[storage] = new
        self._texts[storage] = None
        row = self._order.index(storage)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.b if column == 1 else record.a
        return path


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
            lambda r: r.text(),
            lambda r: r.text(),
            tooltip=lambda r: r.text(),
        ),
    )

    def problem(self, row: int) -> ProblemRow:
        record: ProblemRow = self.row_record(row)
        return record

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.path
        return path


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


class PairsFilterProxy(SourceSortProxy):
    """Text (either path), kind and minimum-overlap (either direction) filters for pairs."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._kind: str | None = None
        self._min_overlap = 0.0

    def set_text(self, text: str) -> None:
        self._begin_filter_change()
        self._text = text.strip().casefold()
        self._end_filter_change()

    def set_kind(self, kind: str | None) -> None:
        self._begin_filter_change()
        self._kind = kind or None
        self._end_filter_change()

    def set_min_overlap(self, fraction: float) -> None:
        self._begin_filter_change()
        self._min_overlap = fraction
        self._end_filter_change()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._text and self._kind is None and self._min_overlap <= 0:
            return True
        source = self.sourceModel()
        if not isinstance(source, PairsModel):
            return True
        pair = source.pair(source_row)
        if self._kind is not None and pair.kind != self._kind:
            return False
        if self._min_overlap > 0:
            known = [o for o in (pair.overlap_a, pair.overlap_b) if o is not None]
            if not known or max(known) < self._min_overlap:  # unknown is not "at least"
                return False
        return not self._text or self._text in pair.a.casefold() or self._text in pair.b.casefold()
