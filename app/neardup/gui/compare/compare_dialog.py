"""Side-by-side view of two documents with their matched passages highlighted."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from neardup.core.report import Comparison, compare_files
from neardup.core.settings import ScanSettings
from neardup.gui.file_state import changed_since_scan
from neardup.gui.formatting import percent
from neardup.gui.report_data import DocumentRow, PairRow
from neardup.gui.worker import Job, WorkerError, new_worker_qthread

# Two alternating shades, so that neighbouring passages can be told apart.
HIGHLIGHTS = (QColor("#ffe58a"), QColor("#ffc870"))
CURRENT = QColor("#8ecbff")


def utf16_positions(text: str) -> list[int] | None:
    """Code-point indices of characters outside the BMP, which take two QTextDocument units.

    None when there are none, which is the common case and needs no mapping.
    """
    astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]
    return astral or None


def to_utf16(offset: int, astral: list[int] | None) -> int:
    return offset if astral is None else offset + bisect_left(astral, offset)


class _Pane(QWidget):
    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.label = QLabel(f"<b>{title}</b>: {Path(path).name}")
        self.label.setToolTip(path)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.edit = QPlainTextEdit()
        self.edit.setReadOnly(True)
        self.edit.setPlaceholderText("Reading and comparing…")
        self.spans: list[tuple[int, int]] = []
        self._astral: list[int] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.edit)

    def show_text(self, text: str, spans: list[tuple[int, int]]) -> None:
        self.edit.setPlainText(text)
        self._astral = utf16_positions(text)
        self.spans = [
            (to_utf16(start, self._astral), to_utf16(end, self._astral)) for start, end in spans
        ]
        self.highlight(None)

    def highlight(self, current: int | None) -> None:
        order = [n for n in range(len(self.spans)) if n != current]
        if current is not None and current < len(self.spans):
            order.append(current)  # last, so that it is drawn over overlapping passages
        selections = []
        for n in order:
            start, end = self.spans[n]
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.edit.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            fmt = QTextCharFormat()
            fmt.setBackground(CURRENT if n == current else HIGHLIGHTS[n % 2])
            selection.cursor = cursor  # type: ignore[attr-defined]
            selection.format = fmt  # type: ignore[attr-defined]
            selections.append(selection)
        self.edit.setExtraSelections(selections)
        if current is not None and current < len(self.spans):
            cursor = QTextCursor(self.edit.document())
            cursor.setPosition(self.spans[current][0])
            self.edit.setTextCursor(cursor)
            self.edit.centerCursor()


class CompareDialog(QDialog):
    """Runs `compare_files` in a worker thread; `ready` fires once both texts are shown."""

    ready = Signal()

    def __init__(
        self,
        pair: PairRow,
        settings: ScanSettings,
        parent: QWidget | None = None,
        documents: Mapping[str, DocumentRow] | None = None,
    ) -> None:
        """``documents`` are the report's, to warn when a file is no longer what it scanned."""
        super().__init__(parent)
        self.pair = pair
        self._documents = documents or {}
        self.comparison: Comparison | None = None
        self.setWindowTitle(f"Compare: {Path(pair.a).name} ↔ {Path(pair.b).name}")
        self.resize(1100, 700)
        self.info = QLabel("Reading and comparing the two documents…")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.left = _Pane("A", pair.a)
        self.right = _Pane("B", pair.b)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.left)
        splitter.addWidget(self.right)
        splitter.setChildrenCollapsible(False)
        self.previous_button = QPushButton("◀ Previous passage")
        self.next_button = QPushButton("Next passage ▶")
        self.previous_button.setToolTip("Show the previous matched passage in both texts.")
        self.next_button.setToolTip("Show the next matched passage in both texts.")
        self.previous_button.clicked.connect(lambda: self.step(-1))
        self.next_button.clicked.connect(lambda: self.step(1))
        self.position_label = QLabel()
        self.position_label.setMinimumWidth(160)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        navigation = QHBoxLayout()
        navigation.addWidget(self.previous_button)
        navigation.addWidget(self.next_button)
        navigation.addWidget(self.position_label)
        navigation.addStretch(1)
        navigation.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.info)
        layout.addWidget(self.busy)
        layout.addWidget(splitter, 1)
        layout.addLayout(navigation)
        self._current: int | None = None
        self._set_navigation(False)
        font = QFont(self.left.edit.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.5))
        for pane in (self.left, self.right):
            pane.edit.setFont(font)
        a, b = Path(pair.a), Path(pair.b)
        # The task must not reference the dialog, which may be gone before it returns.
        self.job: Job = new_worker_qthread(
            lambda worker: compare_files(a, b, settings),
            connect={"result": self._on_result, "errored": self._on_error},
        )

    def _changed_note(self) -> str:
        """A warning for each document that is not the file the scan read: the texts shown
        are today's, the distance and similarity the scan's."""
        notes = []
        for path in (self.pair.a, self.pair.b):
            document = self._documents.get(path)
            reason = changed_since_scan(document) if document is not None else None
            if reason is not None:
                notes.append(f"{Path(path).name}: {reason}")
        if not notes:
            return ""
        return " · Warning: " + "; ".join(notes) + " (scan again for figures that match)"

    def _set_navigation(self, enabled: bool) -> None:
        self.previous_button.setEnabled(enabled)
        self.next_button.setEnabled(enabled)

    def _on_result(self, comparison: object) -> None:
        assert isinstance(comparison, Comparison)
        self.comparison = comparison
        self.busy.hide()
        if comparison.left is None or comparison.right is None:
            reasons = "; ".join(f"{p.path.name}: {p.reason}" for p in comparison.problems)
            self.info.setText(f"Cannot compare: {reasons}")
            self.ready.emit()
            return
        spans = comparison.overlap.spans
        # Each document's own text (its case, punctuation and script), passages mapped to it.
        self.left.show_text(*comparison.shown("a"))
        self.right.show_text(*comparison.shown("b"))
        # Distance and similarity as the scan measured them, with the whole collection's
        # weights (the same two documents alone would weigh their words differently); the
        # overlap is measured here, on the texts the passages below come from.
        self.info.setText(
            f"{self.pair.kind.capitalize() or 'Pair'} · Hamming distance {self.pair.distance} · "
            f"similarity {self.pair.similarity:.3f} · "
            f"A→B: {percent(comparison.overlap.overlap_a)} of A found in B · "
            f"B→A: {percent(comparison.overlap.overlap_b)} of B found in A · "
            f"{len(spans)} matched passage{'' if len(spans) == 1 else 's'}" + self._changed_note()
        )
        self._set_navigation(bool(spans))
        self.position_label.setText(
            f"{len(spans)} passage{'' if len(spans) == 1 else 's'}"
            if spans
            else "No matched passages"
        )
        self.ready.emit()

    def _on_error(self, error: object) -> None:
        self.busy.hide()
        self.info.setText(f"Comparison failed: {error}")
        if isinstance(error, WorkerError):
            self.info.setToolTip(error.details)
        self.ready.emit()

    def passage_count(self) -> int:
        return len(self.left.spans)

    def step(self, delta: int) -> None:
        count = self.passage_count()
        if not count:
            return
        self._current = 0 if self._current is None else (self._current + delta) % count
        self.left.highlight(self._current)
        self.right.highlight(self._current)
        self.position_label.setText(f"Passage {self._current + 1} of {count}")
