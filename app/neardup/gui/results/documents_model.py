"""Table model of documents ranked by how much of each is found elsewhere, with its sources,
filtered in the model (text, minimum share, reference library hidden or shown) in one pass
over the rows, as ``RowTableModel`` explains."""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QFont

from neardup.gui.formatting import modified_text, percent
from neardup.gui.report_data import LIBRARY_ROLE, DocumentRow
from neardup.gui.results.models import (
    Column,
    Index,
    RowTableModel,
    moved_tip,
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
        "Not measured: the document is too short to compare (see Tokens), or the scan was "
        "cancelled, ran without partial-copy detection, or was saved by an older NearDup.",
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


@dataclass(frozen=True, slots=True)
class DocumentFilter:
    """What the Documents tab shows: documents with ``text`` in the path (casefolded), with
    at least ``min_found`` of their text found elsewhere, and library documents unless
    ``hide_library``."""

    text: str = ""
    min_found: float = 0.0
    hide_library: bool = False


class DocumentsModel(RowTableModel):
    """One row per document; reference-library rows in italics; filtered in the model."""

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
        self._in_trash: frozenset[str] = frozenset()
        self._moved: dict[str, str] = {}  # path -> where a move to a folder put it
        self._filter = DocumentFilter()
        # Built on the first filter that needs them, until the rows change.
        self._paths: list[str] | None = None  # casefolded, for the text filter
        self._found_shown: npt.NDArray[np.float64] | None = None
        self._library: npt.NDArray[np.bool_] | None = None

    def set_text(self, text: str) -> None:
        self._set_filter(replace(self._filter, text=text.strip().casefold()))

    def set_min_found(self, fraction: float) -> None:
        self._set_filter(replace(self._filter, min_found=fraction))

    def set_hide_library(self, hide: bool) -> None:
        self._set_filter(replace(self._filter, hide_library=hide))

    def choice_count(self) -> int:
        """The documents the library's choice (shown or hidden) leaves, before the filters a
        person types: what the tab counts its rows against."""
        if not self._filter.hide_library:
            return len(self._rows)
        return sum(r.role != LIBRARY_ROLE for r in self._rows)

    def _set_filter(self, wanted: DocumentFilter) -> None:
        if wanted == self._filter:
            return

        def change() -> None:
            self._filter = wanted

        self._relayout(change)

    def _rows_changed(self) -> None:
        self._paths = self._found_shown = self._library = None

    def _shown(self) -> npt.NDArray[np.bool_] | None:
        wanted, rows = self._filter, self._rows
        masks: list[npt.NDArray[np.bool_]] = []
        if wanted.hide_library:
            if self._library is None:
                self._library = np.fromiter(
                    (r.role == LIBRARY_ROLE for r in rows), dtype=bool, count=len(rows)
                )
            masks.append(~self._library)
        if wanted.min_found > 0:
            if self._found_shown is None:
                # Compared as displayed (`percent`, one decimal of a percent, rounded as
                # Python formats it, which numpy's rounding is not): a row shown as 30.0%
                # passes a 30% minimum, and one shown as 29.9% does not; unknown: -1.
                self._found_shown = np.fromiter(
                    (
                        -1.0 if r.found_elsewhere is None else round(r.found_elsewhere * 100, 1)
                        for r in rows
                    ),
                    dtype=np.float64,
                    count=len(rows),
                )
            masks.append(self._found_shown >= round(wanted.min_found * 100, 1))
        if wanted.text:
            if self._paths is None:
                self._paths = [r.path.casefold() for r in rows]
            text = wanted.text
            masks.append(np.fromiter((text in p for p in self._paths), dtype=bool, count=len(rows)))
        if not masks:
            return None
        accepted: npt.NDArray[np.bool_] = np.logical_and.reduce(masks)
        return accepted

    def document(self, row: int) -> DocumentRow:
        record: DocumentRow = self.row_record(row)
        return record

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.path
        return path

    def set_in_trash(self, paths: Set[str]) -> None:
        """Show these documents as moved to the Trash (greyed, in italics, said in a tooltip)."""
        self._in_trash = frozenset(paths)
        self._away_changed()

    def set_moved(self, moved: Mapping[str, str]) -> None:
        """Show these documents as moved to a folder, each to its new path (as the Trash's)."""
        self._moved = dict(moved)
        self._away_changed()

    def _away_changed(self) -> None:
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return super().data(index, role)
        path = self.document(index.row()).path
        trashed = bool(self._in_trash) and path in self._in_trash
        now_at = self._moved.get(path) if self._moved else None
        if role == Qt.ItemDataRole.FontRole:
            library = self.document(index.row()).role == LIBRARY_ROLE
            return self._italic if trashed or now_at or library else None
        if (trashed or now_at) and role == Qt.ItemDataRole.ForegroundRole:
            return trashed_brush()
        if (trashed or now_at) and role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return moved_tip(path, now_at) if now_at else trashed_tip(path)
        return super().data(index, role)
