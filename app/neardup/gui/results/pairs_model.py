"""The Pairs tab's table: its columns, and its filters (path text, kind, smallest overlap,
ignored pairs), applied in the model in one pass over the rows rather than by a proxy that
calls Python once per row (see ``RowTableModel``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt

from neardup.gui.formatting import kind_text, modified_text, percent
from neardup.gui.report_data import PairRow
from neardup.gui.results.models import Column, Index, RowTableModel, trashed_brush

translate = QCoreApplication.translate

IGNORED_TAG = "ignored"


@dataclass(frozen=True, slots=True)
class PairFilter:
    """What the Pairs tab shows: pairs with ``text`` in either path (casefolded), of
    ``kind``, with at least ``min_overlap`` of one text found in the other, and not
    ignored (ignored pairs, ``(a, b)`` as the report has them, are shown greyed and tagged
    when ``show_ignored``)."""

    text: str = ""
    kind: str | None = None
    min_overlap: float = 0.0
    ignored: frozenset[tuple[str, str]] = frozenset()
    show_ignored: bool = False


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _names_of_several_files(rows: Sequence[PairRow]) -> frozenset[str]:
    """The file names that more than one path of the pairs has."""
    paths = {path for row in rows for path in (row.a, row.b)}
    names = Counter(_name(path) for path in paths)
    return frozenset(name for name, count in names.items() if count > 1)


def _with_folder(path: str) -> str:
    """The file's name and, after it, the name of its folder."""
    parts = path.replace("\\", "/").rsplit("/", 2)
    return parts[-1] if len(parts) < 3 else f"{parts[-1]} — {parts[-2]}"


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


class PairsModel(RowTableModel):
    """One row per pair; filtered in the model (``PairFilter``)."""

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

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._filter = PairFilter()
        self._kinds: npt.NDArray[np.object_] | None = None
        self._best_overlaps: npt.NDArray[np.float64] | None = None
        self._paths: list[str] | None = None
        self._shared_names: frozenset[str] | None = None  # file names of several paths

    @property
    def ignored_pairs(self) -> frozenset[tuple[str, str]]:
        return self._filter.ignored

    def set_text(self, text: str) -> None:
        self._set_filter(replace(self._filter, text=text.strip().casefold()))

    def set_kind(self, kind: str | None) -> None:
        self._set_filter(replace(self._filter, kind=kind or None))

    def set_min_overlap(self, fraction: float) -> None:
        self._set_filter(replace(self._filter, min_overlap=fraction))

    def set_ignored(self, ignored: frozenset[tuple[str, str]], show_ignored: bool) -> None:
        self._set_filter(replace(self._filter, ignored=ignored, show_ignored=show_ignored))

    def _set_filter(self, wanted: PairFilter) -> None:
        if wanted == self._filter:
            return  # nothing to show again: typing the same text, the same ignore set

        def change() -> None:
            self._filter = wanted

        self._relayout(change)

    def _rows_changed(self) -> None:
        self._kinds = self._best_overlaps = self._paths = None
        self._shared_names = None

    def _row_texts(self, storage: int) -> tuple[str, ...]:
        """A file name that another file of these pairs also has is shown with its folder:
        two rows would otherwise read the same (a copy and its backup, say)."""
        texts = self._texts[storage]
        if texts is None:
            if self._shared_names is None:
                self._shared_names = _names_of_several_files(self._rows)
            texts = super()._row_texts(storage)
            record: PairRow = self._rows[storage]
            if texts[0] in self._shared_names or texts[1] in self._shared_names:
                texts = (_with_folder(record.a), _with_folder(record.b), *texts[2:])
                self._texts[storage] = texts
        return texts

    def _shown(self) -> npt.NDArray[np.bool_] | None:
        wanted, rows = self._filter, self._rows
        masks: list[npt.NDArray[np.bool_]] = []
        if wanted.kind is not None:
            if self._kinds is None:
                self._kinds = np.array([r.kind for r in rows], dtype=object)
            masks.append(self._kinds == wanted.kind)
        if wanted.min_overlap > 0:
            if self._best_overlaps is None:
                # An overlap not measured is not "at least" anything: -1.
                self._best_overlaps = np.fromiter(
                    (
                        max(-1.0 if o is None else o for o in (r.overlap_a, r.overlap_b))
                        for r in rows
                    ),
                    dtype=np.float64,
                    count=len(rows),
                )
            masks.append(self._best_overlaps >= wanted.min_overlap)
        if wanted.text:
            if self._paths is None:
                self._paths = [f"{r.a}\n{r.b}".casefold() for r in rows]
            text = wanted.text
            masks.append(np.fromiter((text in p for p in self._paths), dtype=bool, count=len(rows)))
        if wanted.ignored and not wanted.show_ignored:
            ignored = wanted.ignored
            masks.append(
                np.fromiter(((r.a, r.b) not in ignored for r in rows), dtype=bool, count=len(rows))
            )
        if not masks:
            return None
        shown: npt.NDArray[np.bool_] = np.logical_and.reduce(masks)
        return shown

    def is_ignored(self, pair: PairRow) -> bool:
        return (pair.a, pair.b) in self._filter.ignored

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        value = super().data(index, role)
        if (
            not self._filter.show_ignored
            or not self._filter.ignored
            or not index.isValid()
            or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole)
            or not self.is_ignored(self.pair(index.row()))
        ):
            return value
        if role == Qt.ItemDataRole.ForegroundRole:
            return trashed_brush()
        return f"{value}  [{IGNORED_TAG}]" if index.column() == 0 else value

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
        self._sort_keys = {}  # its review changed
        try:
            row = self._order.index(storage)
        except ValueError:
            return  # filtered out: it shows the new record when it is shown again
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def path_of(self, record: Any, column: int) -> str | None:
        path: str = record.b if column == 1 else record.a
        return path
