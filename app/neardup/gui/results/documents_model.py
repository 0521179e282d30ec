"""Table model of documents ranked by how much of each is found elsewhere, with its sources,
and the filter proxy over it (text, minimum share, reference library hidden or shown)."""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QFont

from neardup.gui.formatting import modified_text, percent
from neardup.gui.report_data import LIBRARY_ROLE, DocumentRow
from neardup.gui.results.models import (
    Column,
    Index,
    RowTableModel,
    SourceSortProxy,
    trashed_brush,
    trashed_tip,
)

ROLE_TITLES: dict[str, object] = {
    "scan": QT_TRANSLATE_NOOP("DocumentsModel", "Scan"),
    LIBRARY_ROLE: QT_TRANSLATE_NOOP("DocumentsModel", "Reference library"),
}
translate = QCoreApplication.translate
# A tooltip is read, not scrolled: past this many sources the rest are counted, not listed.
MAX_TOOLTIP_SOURCES = 40


def unknown_tip() -> str:
    return translate(
        "DocumentsModel",
        "Not measured: the scan was cancelled, ran without partial-copy detection, or was "
        "saved by an older NearDup; rescan to see it.",
    )


def _found_elsewhere_text(row: DocumentRow) -> str:
    return percent(row.found_elsewhere)


def _found_elsewhere_tip(row: DocumentRow) -> str:
    if row.found_elsewhere is None:
        return unknown_tip()
    return translate(
        "DocumentsModel",
        "{share} of this document's text is found in other documents "
        "(all sources together, each passage counted once)",
    ).format(share=percent(row.found_elsewhere))


def _largest_text(row: DocumentRow) -> str:
    largest = row.largest_source
    return "" if largest is None else f"{largest.name} ({percent(largest.overlap)})"


def _largest_key(row: DocumentRow) -> float | None:
    if row.found_elsewhere is None:
        return None
    # 0 rather than missing, so documents without a source sort with the smallest shares
    return row.sources[0].overlap if row.sources else 0.0


def _largest_tip(row: DocumentRow) -> str:
    largest = row.largest_source
    if largest is None:
        return (
            unknown_tip()
            if row.found_elsewhere is None
            else translate("DocumentsModel", "Not found in another document")
        )
    return translate("DocumentsModel", "{share} of this document is found in {path}").format(
        share=percent(largest.overlap), path=largest.path
    )


def _sources_text(row: DocumentRow) -> str:
    return "" if row.found_elsewhere is None else str(len(row.sources))


def _sources_tip(row: DocumentRow) -> str:
    if row.found_elsewhere is None:
        return unknown_tip()
    if not row.sources:
        return translate("DocumentsModel", "Not found in another document")
    lines = [f"{percent(s.overlap)}  {s.path}" for s in row.sources[:MAX_TOOLTIP_SOURCES]]
    hidden = len(row.sources) - MAX_TOOLTIP_SOURCES
    if hidden > 0:
        lines.append(
            translate("DocumentsModel", "… and {count} more (see the Pairs tab)").format(
                count=hidden
            )
        )
    return (
        translate("DocumentsModel", "Share of this document found in each source:")
        + "\n"
        + "\n".join(lines)
    )


def _role_tip(row: DocumentRow) -> str:
    if row.role == LIBRARY_ROLE:
        return translate(
            "DocumentsModel",
            "Reference library: compared with scanned documents, never with each other",
        )
    return translate("DocumentsModel", "Scanned: compared with every other document")


def role_title(role: str) -> str:
    title = ROLE_TITLES.get(role)
    return role.capitalize() if title is None else translate("DocumentsModel", str(title))


def _name_text(row: DocumentRow) -> str:
    return f"⚠ {row.name}" if row.hidden_chars else row.name


def _name_tip(row: DocumentRow) -> str:
    if not row.hidden_chars:
        return row.path
    hides = translate(
        "DocumentsModel",
        "Hides {count} characters of text from its reader (hidden, white or tiny runs), a "
        "known way to defeat plagiarism checkers; they were left out.",
    ).format(count=row.hidden_chars)
    return f"{row.path}\n{hides}"


class DocumentsModel(RowTableModel):
    """One row per document; reference-library rows in italics."""

    COLUMNS = (
        Column(
            QT_TRANSLATE_NOOP("Column", "Name"),
            _name_text,
            lambda r: r.name.casefold(),
            tooltip=_name_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Folder"),
            lambda r: r.folder,
            lambda r: r.folder.casefold(),
            tooltip=lambda r: r.folder,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Found elsewhere"),
            _found_elsewhere_text,
            lambda r: r.found_elsewhere,
            True,
            _found_elsewhere_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Largest source"),
            _largest_text,
            _largest_key,
            tooltip=_largest_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Sources"),
            _sources_text,
            lambda r: None if r.found_elsewhere is None else len(r.sources),
            True,
            _sources_tip,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Tokens"),
            lambda r: str(r.tokens),
            lambda r: r.tokens,
            True,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Format"),
            lambda r: r.format,
            lambda r: r.format,
        ),
        Column(
            QT_TRANSLATE_NOOP("Column", "Role"),
            lambda r: role_title(r.role),
            lambda r: r.role,
            tooltip=_role_tip,
        ),
        # local time, sorted by the time itself: which copy came first
        Column(
            QT_TRANSLATE_NOOP("Column", "Modified"),
            lambda r: modified_text(r.modified_ns),
            lambda r: r.modified_ns,
        ),
    )
    FOUND_ELSEWHERE_COLUMN = 2
    SOURCES_COLUMN = 4
    MODIFIED_COLUMN = 8

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._search: list[str] = []  # storage index -> casefolded path, for the text filter
        self._in_trash: frozenset[str] = frozenset()

    def set_rows(self, rows: Sequence[Any]) -> None:
        self._search = [row.path.casefold() for row in rows]
        super().set_rows(rows)

    def document(self, row: int) -> DocumentRow:
        record: DocumentRow = self.row_record(row)
        return record

    def search_text(self, row: int) -> str:
        return self._search[self._order[row]]

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.path
        return path

    def set_in_trash(self, paths: Set[str]) -> None:
        """Show these documents as moved to the Trash (greyed, in italics, said in a tooltip)."""
        self._in_trash = frozenset(paths)
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return super().data(index, role)
        trashed = bool(self._in_trash) and self.document(index.row()).path in self._in_trash
        if role == Qt.ItemDataRole.FontRole:
            library = self.document(index.row()).role == LIBRARY_ROLE
            return self._italic if trashed or library else None
        if trashed and role == Qt.ItemDataRole.ForegroundRole:
            return trashed_brush()
        if trashed and role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return trashed_tip(self.document(index.row()).path)
        return super().data(index, role)


class DocumentsFilterProxy(SourceSortProxy):
    """Text (name or folder), minimum share found elsewhere, and reference library shown or not."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._min_found = 0.0
        self._hide_library = False

    def set_text(self, text: str) -> None:
        self._begin_filter_change()
        self._text = text.strip().casefold()
        self._end_filter_change()

    def set_min_found(self, fraction: float) -> None:
        self._begin_filter_change()
        self._min_found = fraction
        self._end_filter_change()

    def set_hide_library(self, hide: bool) -> None:
        self._begin_filter_change()
        self._hide_library = hide
        self._end_filter_change()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._text and self._min_found <= 0 and not self._hide_library:
            return True
        source = self.sourceModel()
        if not isinstance(source, DocumentsModel):
            return True
        document = source.document(source_row)
        if self._hide_library and document.role == LIBRARY_ROLE:
            return False
        if self._min_found > 0:
            found = document.found_elsewhere
            # Compared as displayed (`percent`, one decimal of a percent): a row shown as
            # 30.0% passes a 30% minimum, and one shown as 29.9% does not.
            if found is None or round(found * 100, 1) < round(self._min_found * 100, 1):
                return False
        return not self._text or self._text in source.search_text(source_row)
