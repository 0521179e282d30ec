"""Side-by-side view of two documents: their word changes, or their copied passages.

An edited copy (a near-duplicate) shows the common text plain and marks what was
inserted, deleted or changed, word by word; a partial copy shows each matched passage
in its own colour, the same in both texts. Marks start and end on word boundaries, the
two panes scroll together, and Alt+Up/Alt+Down step through the changes or passages.

The panes show each document's own text (its case, its full-width punctuation); the
engine's ranges are in the normalised texts and reach the panes through `ShownText`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from neardup.core.report import Alignment, ChangeKind, Comparison, compare_files, passage_words
from neardup.core.report import word_diff as measure_word_diff
from neardup.core.settings import ScanSettings
from neardup.gui.compare.compare_figures import (
    EDITS,
    PASSAGES,
    CompareOutcome,
    changes_text,
    default_mode,
    scan_pair_text,
    two_files_text,
)
from neardup.gui.compare.shown_text import ShownText, shown_alignment
from neardup.gui.compare.text_pane import Mark, TextPane
from neardup.gui.file_state import changed_since_scan
from neardup.gui.problem_text import problem_text
from neardup.gui.report_data import DocumentRow, PairRow
from neardup.gui.worker import Job, Worker, WorkerError, new_worker_qthread

# Soft colours that tell neighbouring passages apart; a passage has the same one in both texts.
PASSAGE_COLORS = tuple(
    QColor(name)
    for name in ("#ffe58a", "#c9e7a7", "#f7c6d9", "#c6dcf7", "#ffd3a8", "#d9c9f2", "#b8ece6")
)
CHANGE_COLORS = {
    ChangeKind.INSERTED: QColor("#b7ebb0"),
    ChangeKind.DELETED: QColor("#ffc4c4"),
    ChangeKind.CHANGED: QColor("#ffd98a"),
}
NEXT_KEYS = (QKeySequence("Alt+Down"), QKeySequence("F8"))
PREVIOUS_KEYS = (QKeySequence("Alt+Up"), QKeySequence("Shift+F8"))

# One navigation stop: the mark to make current in each pane (None: nothing to mark on
# that side, as for a word inserted in B) and where to show in each text.
Stop = tuple[int | None, int, int | None, int]


def _keys_text(keys: tuple[QKeySequence, ...]) -> str:
    return QCoreApplication.translate("CompareDialog", " or ").join(
        k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys
    )


# Each kind of word change named, in the legend and in the tooltip of its marks.
CHANGE_NAMES = {
    ChangeKind.DELETED: QT_TRANSLATE_NOOP("CompareDialog", "deleted from A"),
    ChangeKind.INSERTED: QT_TRANSLATE_NOOP("CompareDialog", "inserted in B"),
    ChangeKind.CHANGED: QT_TRANSLATE_NOOP("CompareDialog", "changed"),
}


def change_name(kind: ChangeKind) -> str:
    return QCoreApplication.translate("CompareDialog", str(CHANGE_NAMES[kind]))


def legend() -> str:
    """The colours of the word changes, named."""
    return " ".join(
        f'<span style="background:{CHANGE_COLORS[kind].name()}">&nbsp;{change_name(kind)}&nbsp;</span>'
        for kind in CHANGE_NAMES
    )


class CompareDialog(QDialog):
    """Runs `compare_files` and the word diff in a worker thread; `ready` fires once shown.

    ``pair`` is a pair of the report, whose figures the header shows; None compares the
    two ``paths`` on their own.
    """

    ready = Signal()

    def __init__(
        self,
        pair: PairRow | None,
        settings: ScanSettings,
        parent: QWidget | None = None,
        documents: Mapping[str, DocumentRow] | None = None,
        paths: tuple[str, str] | None = None,
    ) -> None:
        """``documents`` are the report's, to warn when a file is no longer what it scanned."""
        super().__init__(parent)
        if pair is not None:
            paths = (pair.a, pair.b)
        if paths is None:
            raise ValueError("a pair or two paths to compare")
        self.pair = pair
        self.paths = paths
        self._documents = documents or {}
        self.comparison: Comparison | None = None
        self.outcome: CompareOutcome | None = None
        self.mode = PASSAGES
        self.passages: list[tuple[int, int, int, int]] = []
        self._stops: list[Stop] = []
        self._current: int | None = None
        self._alignment = Alignment(())
        self._shown: tuple[ShownText, ShownText] | None = None
        self._following = False
        self.setWindowTitle(
            self.tr("Compare: {name} ↔ {name2}").format(
                name=Path(paths[0]).name, name2=Path(paths[1]).name
            )
        )
        self.resize(1100, 700)
        self._build(paths)
        a, b = Path(paths[0]), Path(paths[1])
        tokenizer = settings.tokenizer

        # The task must not reference the dialog, which may be gone before it returns.
        def task(worker: Worker) -> CompareOutcome:
            comparison = compare_files(a, b, settings)
            if comparison.left is None or comparison.right is None:
                return CompareOutcome(comparison, None)
            diff = measure_word_diff(comparison.left.text, comparison.right.text, tokenizer)
            return CompareOutcome(comparison, diff)

        self.job: Job = new_worker_qthread(
            task, connect={"result": self._on_result, "errored": self._on_error}
        )

    def _build(self, paths: tuple[str, str]) -> None:
        self.info = QLabel(self.tr("Reading and comparing the two documents…"))
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.mode_combo = QComboBox()
        self.mode_combo.addItem(self.tr("Edits, word by word"), EDITS)
        self.mode_combo.addItem(self.tr("Copied passages"), PASSAGES)
        self.mode_combo.setToolTip(
            self.tr(
                "Edits: the common text plain, the words inserted, deleted or changed marked "
                "(for an edited copy). Copied passages: each passage found in both texts in its "
                "own colour (for a partial copy)."
            )
        )
        self.mode_combo.setEnabled(False)
        self.mode_combo.currentIndexChanged.connect(self._on_mode)
        self.legend = QLabel()
        self.sync_check = QCheckBox(self.tr("Scroll together"))
        self.sync_check.setChecked(True)
        self.sync_check.setToolTip(
            self.tr("Scrolling one text scrolls the other to the same place.")
        )
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Show:")))
        top.addWidget(self.mode_combo)
        top.addWidget(self.legend, 1)
        top.addWidget(self.sync_check)
        self.left = TextPane("A", paths[0])
        self.right = TextPane("B", paths[1])
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.left)
        splitter.addWidget(self.right)
        splitter.setChildrenCollapsible(False)
        self.previous_action = QAction(self)
        self.previous_action.setShortcuts(list(PREVIOUS_KEYS))
        self.previous_action.triggered.connect(lambda: self.step(-1))
        self.next_action = QAction(self)
        self.next_action.setShortcuts(list(NEXT_KEYS))
        self.next_action.triggered.connect(lambda: self.step(1))
        for action in (self.previous_action, self.next_action):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            self.addAction(action)
        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.previous_button.clicked.connect(self.previous_action.trigger)
        self.next_button.clicked.connect(self.next_action.trigger)
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
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(navigation)
        self._name_navigation()
        self._set_navigation(False)
        font = QFont(self.left.edit.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.5))
        for pane, other in ((self.left, self.right), (self.right, self.left)):
            pane.edit.setFont(font)
            pane.edit.verticalScrollBar().valueChanged.connect(
                lambda _value, pane=pane, other=other: self._follow(pane, other)
            )

    # --- results -----------------------------------------------------------------------------

    def _changed_note(self) -> str:
        """A warning for each document that is not the file the scan read: the texts shown
        are today's, the figures the scan's."""
        notes = []
        for path in self.paths:
            document = self._documents.get(path)
            reason = changed_since_scan(document) if document is not None else None
            if reason is not None:
                notes.append(f"{Path(path).name}: {reason}")
        if not notes:
            return ""
        warning = self.tr("Warning: {notes} (scan again for figures that match)")
        return " · " + warning.format(notes="; ".join(notes))

    def _on_result(self, outcome: object) -> None:
        assert isinstance(outcome, CompareOutcome)
        self.outcome = outcome
        comparison = outcome.comparison
        self.comparison = comparison
        self.busy.hide()
        if comparison.left is None or comparison.right is None:
            reasons = "; ".join(
                f"{p.path.name}: {problem_text(p.code, p.params, p.reason)}"
                for p in comparison.problems
            )
            self.info.setText(self.tr("Cannot compare: {reasons}").format(reasons=reasons))
            for pane in (self.left, self.right):  # no longer "Reading and comparing…"
                pane.edit.setPlaceholderText(self.tr("Not compared: see the reason above."))
            self.ready.emit()
            return
        shown_a = ShownText.of(comparison.left, comparison.left_original)
        shown_b = ShownText.of(comparison.right, comparison.right_original)
        self._shown = (shown_a, shown_b)
        self.left.show_text(shown_a.text)
        self.right.show_text(shown_b.text)
        changed = self._changed_note()
        own = self._scan_passages_fit(comparison) and not changed
        measured = [(s.a_start, s.a_end, s.b_start, s.b_end) for s in comparison.overlap.spans]
        self.passages = list(self.pair.passages) if own and self.pair is not None else measured
        if self.pair is not None:
            self.info.setText(scan_pair_text(self.pair, outcome, len(self.passages), own) + changed)
        else:
            self.info.setText(two_files_text(outcome))
        normalised = [
            Path(path).name
            for path, shown in zip(self.paths, self._shown, strict=True)
            if not shown.is_original
        ]
        if normalised:  # say why a text reads in lower case
            note = self.tr("Shown as compared (normalised): {names}")
            self.info.setText(f"{self.info.text()} · {note.format(names=', '.join(normalised))}")
        self.mode_combo.setEnabled(outcome.diff is not None)
        mode = default_mode(self.pair, outcome.diff) if outcome.diff is not None else PASSAGES
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(mode))
        self._on_mode()
        self.ready.emit()

    def _scan_passages_fit(self, comparison: Comparison) -> bool:
        """Whether the report's passages can be shown on the texts read now."""
        if self.pair is None or not self.pair.passages:
            return False
        assert comparison.left is not None and comparison.right is not None
        length_a, length_b = len(comparison.left.text), len(comparison.right.text)
        return all(a1 <= length_a and b1 <= length_b for _, a1, _, b1 in self.pair.passages)

    def _on_error(self, error: object) -> None:
        self.busy.hide()
        self.info.setText(self.tr("Comparison failed: {error}").format(error=error))
        if isinstance(error, WorkerError):
            self.info.setToolTip(error.details)
        self.ready.emit()

    # --- what is marked ----------------------------------------------------------------------

    def _on_mode(self) -> None:
        if self.outcome is None or self.comparison is None or self.comparison.left is None:
            return
        self.mode = str(self.mode_combo.currentData())
        diff = self.outcome.diff
        if self.mode == EDITS and diff is not None:
            self._show_edits()
            self.legend.setText(f"{legend()} — {changes_text(diff)}")
        else:
            self._show_passages()
            self.legend.setText(
                self.tr("Each copied passage has its own colour, the same in A and B.")
            )
        self._current = None
        self._name_navigation()
        self._set_navigation(bool(self._stops))
        count = len(self._stops)
        edits = self.mode == EDITS
        if not count:
            text = self.tr("No changes") if edits else self.tr("No passages")
        elif count == 1:
            text = self.tr("1 change") if edits else self.tr("1 passage")
        else:
            text = self.tr("{count} changes") if edits else self.tr("{count} passages")
        self.position_label.setText(text.format(count=count))

    def _show_edits(self) -> None:
        assert self.outcome is not None and self.outcome.diff is not None
        assert self._shown is not None
        shown_a, shown_b = self._shown
        diff = self.outcome.diff
        left: list[Mark] = []
        right: list[Mark] = []
        self._stops = []
        for change in diff.changes:
            color = CHANGE_COLORS[change.kind]
            a_start, a_end = shown_a.span(change.a_start, change.a_end)
            b_start, b_end = shown_b.span(change.b_start, change.b_end)
            left_mark = right_mark = None
            tip = change_name(change.kind)
            if a_end > a_start:
                left_mark = len(left)
                left.append(Mark(a_start, a_end, color, tip))
            if b_end > b_start:
                right_mark = len(right)
                right.append(Mark(b_start, b_end, color, tip))
            self._stops.append((left_mark, a_start, right_mark, b_start))
        self.left.set_marks(left)
        self.right.set_marks(right)
        self._alignment = shown_alignment(diff.alignment, shown_a, shown_b)

    def _show_passages(self) -> None:
        diff = self.outcome.diff if self.outcome is not None else None
        spans_a = [(a0, a1) for a0, a1, _, _ in self.passages]
        spans_b = [(b0, b1) for _, _, b0, b1 in self.passages]
        texts = self.comparison and (self.comparison.left, self.comparison.right)
        if diff is not None and texts and texts[0] and texts[1]:  # never "ret|urn"
            spans_a = passage_words(spans_a, diff.words_a, texts[0].text)
            spans_b = passage_words(spans_b, diff.words_b, texts[1].text)
        assert self._shown is not None
        # the words were cut in the normalised texts: whole there, whole in the originals
        spans_a, spans_b = self._shown[0].spans(spans_a), self._shown[1].spans(spans_b)
        left, right = [], []
        for n, ((a0, a1), (b0, b1)) in enumerate(zip(spans_a, spans_b, strict=True)):
            color = PASSAGE_COLORS[n % len(PASSAGE_COLORS)]
            tip = self.tr("Passage {n}").format(n=n + 1)
            left.append(Mark(a0, a1, color, tip))
            right.append(Mark(b0, b1, color, tip))
        self.left.set_marks(left)
        self.right.set_marks(right)
        self._stops = [
            (n, a0, n, b0)
            for n, ((a0, _), (b0, _)) in enumerate(zip(spans_a, spans_b, strict=True))
        ]
        self._alignment = Alignment.of(
            [(a0, a1, b0, b1) for (a0, a1), (b0, b1) in zip(spans_a, spans_b, strict=True)]
        )

    # --- navigation and scrolling ------------------------------------------------------------

    def _name_navigation(self) -> None:
        keys = {"previous_keys": _keys_text(PREVIOUS_KEYS), "next_keys": _keys_text(NEXT_KEYS)}
        if self.mode == EDITS:
            previous, following = self.tr("Previous change"), self.tr("Next change")
            previous_tip = self.tr("Show the previous change in both texts ({previous_keys}).")
            next_tip = self.tr("Show the next change in both texts ({next_keys}).")
        else:
            previous, following = self.tr("Previous passage"), self.tr("Next passage")
            previous_tip = self.tr("Show the previous passage in both texts ({previous_keys}).")
            next_tip = self.tr("Show the next passage in both texts ({next_keys}).")
        self.previous_button.setText(f"◀ {previous}")
        self.next_button.setText(f"{following} ▶")
        self.previous_action.setText(previous)
        self.next_action.setText(following)
        self.previous_button.setToolTip(previous_tip.format(**keys))
        self.next_button.setToolTip(next_tip.format(**keys))

    def _set_navigation(self, enabled: bool) -> None:
        for widget in (self.previous_button, self.next_button):
            widget.setEnabled(enabled)
        for action in (self.previous_action, self.next_action):
            action.setEnabled(enabled)

    def passage_count(self) -> int:
        return len(self.passages)

    def stop_count(self) -> int:
        """How many changes (edits) or passages the navigation steps through."""
        return len(self._stops)

    def step(self, delta: int) -> None:
        count = len(self._stops)
        if not count:
            return
        self._current = 0 if self._current is None else (self._current + delta) % count
        left_mark, left_at, right_mark, right_at = self._stops[self._current]
        self.left.highlight(left_mark)
        self.right.highlight(right_mark)
        self._following = True  # both are placed: neither follows the other now
        try:
            self.left.centre_on(left_at)
            self.right.centre_on(right_at)
        finally:
            self._following = False
        text = (
            self.tr("Change {n} of {count}")
            if self.mode == EDITS
            else self.tr("Passage {n} of {count}")
        )
        self.position_label.setText(text.format(n=self._current + 1, count=count))

    def _follow(self, source: TextPane, other: TextPane) -> None:
        """Scroll ``other`` to the place ``source`` now shows at its top."""
        if self._following or not self.sync_check.isChecked():
            return
        self._following = True
        try:
            offset = source.top_offset()
            if self._alignment.runs:
                other.scroll_to(self._alignment.counterpart(offset, from_a=source is self.left))
            elif source.text:  # nothing in common to align on: the same share of each text
                other.scroll_to(offset * len(other.text) // len(source.text))
        finally:
            self._following = False
