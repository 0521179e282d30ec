"""How the result tables read: one line per row, tall enough for Chinese and Latin text alike,
long names elided in the middle (a path's start and its file name both stay), every column
resizable by the person, and first widths counted in characters of the view's own font.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
)

# Room above and below the text of a row, in pixels.
ROW_PADDING = 8
# No column gets narrower than this many characters when a person drags its edge.
MIN_COLUMN_CHARS = 4
# Chinese and Latin glyphs, with accents and descenders: the tallest a line of a table holds.
TALL_SAMPLE = "国Ágy"
# The widest a modification time reads (`formatting.modified_text`): digits are wider than the
# average character, so a date column measured in characters cut dates to "2026-1… 15:38".
DATE_SAMPLE = "2088-08-28 28:08"


def row_height(metrics: QFontMetrics) -> int:
    """A row tall enough for one line of the font, Chinese included (its glyphs may come
    from a fallback font taller than the view's own)."""
    return max(metrics.height(), metrics.boundingRect(TALL_SAMPLE).height()) + ROW_PADDING


# Letters and digits as names, folders and figures mix them: their mean width is the unit of a
# column counted in characters. The font's own average is narrower (6 against 7 pixels in the
# default font), and columns so counted cut "near-duplicate" and file names short.
WIDTH_SAMPLE = "abcdefghijklmnopqrstuvwxyz0123456789"


def chars_width(metrics: QFontMetrics, chars: int) -> int:
    """The width of ``chars`` characters of text, and the padding a cell draws around them."""
    per_char = metrics.horizontalAdvance(WIDTH_SAMPLE) / len(WIDTH_SAMPLE)
    return round(chars * per_char) + ROW_PADDING * 2


class OneLineRows(QStyledItemDelegate):
    """A tree's rows as tall as a table's: its own rows take the bare height of the text."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), row_height(option.fontMetrics)))


def make_readable(view: QTableView | QTreeView, widths: Mapping[int, int | str]) -> None:
    """Lay out a result table: ``widths`` maps a column to its first width, in characters or
    as a sample of the widest text it shows; a person can drag any column wider or
    narrower, and the last one fills the rest."""
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    view.setWordWrap(False)
    metrics = view.fontMetrics()
    header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    header.setMinimumSectionSize(chars_width(metrics, MIN_COLUMN_CHARS))
    for column, width in widths.items():
        if isinstance(width, str):
            pixels = metrics.horizontalAdvance(width) + ROW_PADDING * 3
        else:
            pixels = chars_width(metrics, width)
        view.setColumnWidth(column, max(pixels, _heading_width(view, column)))
    if isinstance(view, QTableView):
        rows = view.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(row_height(metrics))
    else:
        view.setItemDelegate(OneLineRows(view))
        view.setUniformRowHeights(True)  # every row one line: Qt measures only the first


def _heading_width(view: QTableView | QTreeView, column: int) -> int:
    """What the column's heading needs, with room for the sort arrow ("Found elsewhere" was
    cut to "ound elsewhe"), in the header's own font."""
    model = view.model()
    if model is None:
        return 0
    heading = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
    return header.fontMetrics().horizontalAdvance(str(heading or "")) + ROW_PADDING * 5


class RoomToColumn(QObject):
    """A column that takes the room the others leave, and stays resizable.

    The last column stretched into the room a wide window has, while group titles in the
    first were cut ("Group 1: Final t…ds.txt"). Here the given column grows to fill the view
    whenever the view or another column changes width, and never shrinks below the width it
    started at or a person dragged it to (then the table scrolls instead).
    """

    def __init__(self, view: QTreeView, column: int) -> None:
        super().__init__(view)
        self._view, self._column = view, column
        self._chosen = view.columnWidth(column)
        self._filling = False
        header = view.header()
        header.setStretchLastSection(False)
        header.sectionResized.connect(self._resized)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._fill()
        return False

    def _resized(self, column: int, _old: int, new: int) -> None:
        if self._filling:
            return
        if column == self._column:
            self._chosen = new  # dragged by the person: the least it may be from now on
        self._fill()

    def _fill(self) -> None:
        header = self._view.header()
        others = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if c != self._column and not header.isSectionHidden(c)
        )
        room = self._view.viewport().width() - others
        self._filling = True
        try:
            self._view.setColumnWidth(self._column, max(self._chosen, room))
        finally:
            self._filling = False
