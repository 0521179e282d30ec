"""Review marks in the window: confirm a copy or dismiss a match from a pair's menu, with a
note, and see the decision in the Pairs tab's Review column, after every later scan too.

The marks are the core's `ReviewMarks`, in the same file `neardup review` uses (the user's
data folder), keyed by both files' contents. A report is annotated with them in the thread
that parses it (`annotated`), so a rescan or a reopened report shows them; the sources page
and its exports read the annotated report, and leave dismissed matches out of their figures.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMainWindow, QMenu

from neardup.core.report import annotate
from neardup.core.store import DocumentKey, ReviewMarks, ReviewMarksError, Verdict
from neardup.gui.report_data import PairRow
from neardup.gui.results.results_view import ResultsView
from neardup.gui.settings.settings_store import SettingsStore
from neardup.resources import review_marks_path

MARKS_FILE_NAME = "reviews.sqlite3"


def review_marks_file(store: SettingsStore) -> Path:
    """The marks `neardup review` keeps too (the user's data folder); beside the settings
    file when the window was given one of its own (a portable setup, the tests)."""
    return Path(store.file_name).parent / MARKS_FILE_NAME if store.own_file else review_marks_path()


def annotated(data: dict[str, Any], marks_path: Path) -> dict[str, Any]:
    """``data`` (a scan report) with the review marks of ``marks_path`` put in, if there are
    any; a marks file that cannot be read leaves the report as it is. Runs off the GUI
    thread: it hashes the marked files."""
    if not marks_path.exists():
        return data
    try:
        marks = ReviewMarks(marks_path)
    except ReviewMarksError:
        return data
    try:
        annotate(data, marks)
    finally:
        marks.close()
    return data


class ReviewController(QObject):
    """The pair menu's review entries, and what they change in the window."""

    def __init__(self, results: ResultsView, marks_path: Path, window: QMainWindow) -> None:
        super().__init__(window)
        self.results = results
        self.marks_path = marks_path
        self._window = window
        self.raw_pairs: list[dict[str, Any]] = []  # the shown report's pairs, to annotate
        results.pair_menu_hooks.append(self._pair_menu)

    def _pair_menu(self, menu: QMenu, pair: PairRow) -> None:
        confirm = menu.addAction(self.tr("Confirm as a copy…"))
        confirm.setToolTip(self.tr("Record that you checked this pair and it is copied."))
        confirm.triggered.connect(lambda: self.mark(pair, Verdict.CONFIRMED))
        dismiss = menu.addAction(self.tr("Dismiss this match…"))
        dismiss.setToolTip(
            self.tr("Not copying (a stock phrase, a form): it leaves the sources' figures.")
        )
        dismiss.triggered.connect(lambda: self.mark(pair, Verdict.DISMISSED))
        if pair.review:
            menu.addAction(self.tr("Clear the review")).triggered.connect(lambda: self.clear(pair))

    def _keys(self, pair: PairRow) -> tuple[DocumentKey, DocumentKey] | None:
        try:
            return DocumentKey.of(Path(pair.a)), DocumentKey.of(Path(pair.b))
        except OSError as error:
            self._say(self.tr("Cannot review this pair: {error}").format(error=error))
            return None

    def mark(self, pair: PairRow, verdict: Verdict, note: str | None = None) -> bool:
        """Record a decision (asking for a note when none is given); whether it was kept."""
        if note is None:
            names = {"a": Path(pair.a).name, "b": Path(pair.b).name}
            if verdict is Verdict.CONFIRMED:
                title = self.tr("Confirm as a copy")
                said = self.tr("{a} and {b}: confirmed as a copy.").format(**names)
            else:
                title = self.tr("Dismiss this match")
                said = self.tr(
                    "{a} and {b}: dismissed, not copying; the match leaves the sources' figures."
                ).format(**names)
            note, accepted = QInputDialog.getText(
                self._window,
                title,
                f"{said}\n\n{self.tr('A note for the reports (optional):')}",
                QLineEdit.EchoMode.Normal,
                pair.review_note,
            )
            if not accepted:
                return False
        keys = self._keys(pair)
        if keys is None:
            return False
        try:
            marks = ReviewMarks(self.marks_path)
            try:
                kept = marks.mark(*keys, verdict, note)
            finally:
                marks.close()
        except ReviewMarksError as error:
            self._say(str(error))
            return False
        self._show(pair, kept.to_dict())
        return True

    def clear(self, pair: PairRow) -> None:
        keys = self._keys(pair)
        if keys is None:
            return
        try:
            marks = ReviewMarks(self.marks_path)
            try:
                marks.clear(*keys)
            finally:
                marks.close()
        except ReviewMarksError as error:
            self._say(str(error))
            return
        self._show(pair, None)

    def _show(self, pair: PairRow, review: dict[str, str] | None) -> None:
        verdict, note = (review["verdict"], review["note"]) if review else ("", "")
        self.results.pairs_model.replace_pair(
            pair, dataclasses.replace(pair, review=verdict, review_note=note)
        )
        for raw in self.raw_pairs:
            if {raw.get("a"), raw.get("b")} == {pair.a, pair.b}:
                if review is None:
                    raw.pop("review", None)
                else:
                    raw["review"] = review
        if verdict == Verdict.CONFIRMED:
            self._say(self.tr("Confirmed as a copy; kept for later scans"))
        elif verdict == Verdict.DISMISSED:
            self._say(self.tr("Match dismissed; it leaves the sources' figures"))
        else:
            self._say(self.tr("Review cleared"))

    def _say(self, message: str) -> None:
        self._window.statusBar().showMessage(message, 8000)
