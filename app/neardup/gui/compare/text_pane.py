"""One side of the compare view: a read-only text with coloured marks, one of them current.

Offsets everywhere else are Python's (code points); QTextDocument counts UTF-16 units,
so characters outside the BMP are mapped here, once per text.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

CURRENT = QColor("#8ecbff")


def utf16_positions(text: str) -> list[int] | None:
    """Code-point indices of characters outside the BMP, which take two QTextDocument units.

    None when there are none, which is the common case and needs no mapping.
    """
    astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]
    return astral or None


def to_utf16(offset: int, astral: list[int] | None) -> int:
    return offset if astral is None else offset + bisect_left(astral, offset)


def from_utf16(position: int, astral: list[int] | None) -> int:
    """The code-point offset of a QTextDocument position (the inverse of `to_utf16`)."""
    if astral is None:
        return position
    # the k-th astral character sits at UTF-16 position astral[k] + k
    shifted = [index + k for k, index in enumerate(astral)]
    return position - bisect_right(shifted, position - 1)


class Mark:
    """A coloured range of the text, in code points."""

    __slots__ = ("color", "end", "start", "tip")

    def __init__(self, start: int, end: int, color: QColor, tip: str = "") -> None:
        self.start, self.end, self.color, self.tip = start, end, color, tip


class _PaneEdit(QPlainTextEdit):
    """The pane's text, copied as the document has it: a PDF's lines joined for reading
    (`core.report.reflowed`) carry zero-width spaces, which a pasted quotation must not."""

    def createMimeDataFromSelection(self) -> QMimeData:  # Qt's name
        data = QMimeData()
        data.setText(self.textCursor().selection().toPlainText().replace("\u200b", ""))
        return data


class TextPane(QWidget):
    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.label = QLabel(
            self.tr("<b>{title}</b>: {name}").format(title=title, name=Path(path).name)
        )
        self.label.setToolTip(path)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.edit = _PaneEdit()
        self.edit.setReadOnly(True)
        self.edit.setPlaceholderText(self.tr("Reading and comparing…"))
        self.text = ""
        self.marks: list[Mark] = []
        self._astral: list[int] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.edit)

    def show_text(self, text: str) -> None:
        self.text = text
        self.edit.setPlainText(text)
        self._astral = utf16_positions(text)

    def set_marks(self, marks: list[Mark]) -> None:
        self.marks = marks
        self.highlight(None)

    def _cursor(self, start: int, end: int | None = None) -> QTextCursor:
        cursor = QTextCursor(self.edit.document())
        cursor.setPosition(to_utf16(start, self._astral))
        if end is not None:
            cursor.setPosition(to_utf16(end, self._astral), QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def highlight(self, current: int | None) -> None:
        """Draw every mark, ``current`` (an index into the marks) last and in its own colour."""
        order = [n for n in range(len(self.marks)) if n != current]
        if current is not None and current < len(self.marks):
            order.append(current)  # last, so that it is drawn over overlapping marks
        selections = []
        for n in order:
            mark = self.marks[n]
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(CURRENT if n == current else mark.color)
            if mark.tip:
                fmt.setToolTip(mark.tip)
            selection.cursor = self._cursor(mark.start, mark.end)  # type: ignore[attr-defined]
            selection.format = fmt  # type: ignore[attr-defined]
            selections.append(selection)
        self.edit.setExtraSelections(selections)

    def marked_text(self) -> list[tuple[str, str]]:
        """Each mark's text and its colour's name, in text order (what a reader sees marked)."""
        return [
            (self.text[m.start : m.end], m.color.name())
            for m in sorted(self.marks, key=lambda m: m.start)
        ]

    def top_offset(self) -> int:
        """The offset of the first character shown at the top of the pane."""
        position = self.edit.cursorForPosition(QPoint(0, 0)).position()
        return from_utf16(position, self._astral)

    def scroll_to(self, offset: int) -> None:
        """Scroll so that the line holding ``offset`` is the first one shown."""
        bar = self.edit.verticalScrollBar()
        cursor = self._cursor(min(max(0, offset), len(self.text)))
        block = cursor.block()
        layout = block.layout()
        line = 0
        if layout is not None and layout.lineCount() > 0:
            line = layout.lineForTextPosition(cursor.positionInBlock()).lineNumber()
        bar.setValue(block.firstLineNumber() + max(0, line))

    def centre_on(self, offset: int) -> None:
        self.edit.setTextCursor(self._cursor(min(max(0, offset), len(self.text))))
        self.edit.centerCursor()
