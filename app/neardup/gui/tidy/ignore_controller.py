"""Ignore a pair or a group, and show or hide what is ignored: the actions and their menu entries.

The ignore list is a small SQLite file beside the settings file (`ignored.sqlite3`), so that it
follows the person, not a report; a list that cannot be opened turns the feature off and says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from neardup.core.store import IgnoreList, IgnoreListError
from neardup.gui.report_data import GroupRow, MemberRow, PairRow, ReportData
from neardup.gui.results.results_view import ResultsView
from neardup.gui.tidy.ignore import DocumentKeys, Hidden, group_pairs, hidden_in, key_pairs

IGNORE_FILE_NAME = "ignored.sqlite3"
# Menu entries, translated where they are added (the English here is the source text).
IGNORE_PAIR_TEXT = QT_TRANSLATE_NOOP("IgnoreController", "Ignore this pair")
IGNORE_GROUP_TEXT = QT_TRANSLATE_NOOP("IgnoreController", "Ignore this group")
STOP_IGNORING_PAIR_TEXT = QT_TRANSLATE_NOOP("IgnoreController", "Stop ignoring this pair")
STOP_IGNORING_GROUP_TEXT = QT_TRANSLATE_NOOP("IgnoreController", "Stop ignoring this group")


class IgnoreController(QObject):
    changed = Signal()  # what is hidden was computed again

    def __init__(self, results: ResultsView, path: Path, parent: QMainWindow) -> None:
        super().__init__(parent)
        self.results = results
        self.path = path
        self._window = parent
        self.keys = DocumentKeys()
        self.report: ReportData | None = None
        self._list: IgnoreList | None = None
        self.problem = ""
        self.show_action = QAction(self.tr("Show &ignored pairs and groups"), parent)
        self.show_action.setCheckable(True)
        tip = self.tr(
            "Show what you chose to ignore, greyed and tagged, so that you can stop ignoring it."
        )
        self.show_action.setToolTip(tip)
        self.show_action.setStatusTip(tip)
        self.show_action.toggled.connect(lambda _checked: self._apply())
        results.group_menu_hook = self._group_menu
        results.pair_menu_hooks.append(self._pair_menu)

    def ignore_list(self) -> IgnoreList | None:
        """Opened on first use; None (with the reason in `problem`) when it cannot be."""
        if self._list is None and not self.problem:
            try:
                self._list = IgnoreList(self.path)
            except IgnoreListError as error:
                self.problem = str(error)
                self._window.statusBar().showMessage(
                    self.tr("Ignoring is off: {error}").format(error=error)
                )
        return self._list

    def close(self) -> None:
        if self._list is not None:
            self._list.close()
            self._list = None

    # --- what is hidden ----------------------------------------------------------------------

    def show_report(self, report: ReportData) -> None:
        self.report = report
        self._apply()

    def refresh(self) -> None:
        """After a group's reference changed: what hides is measured against the new one."""
        if self.report is not None and self._list is not None and len(self._list):
            self._apply()

    def hidden(self) -> Hidden:
        ignored = self.ignore_list()
        if ignored is None or self.report is None:
            return Hidden()
        return hidden_in(ignored, self.keys, self.results.groups_model.groups(), self.report.pairs)

    def _apply(self) -> None:
        hidden = self.hidden()
        show = self.show_action.isChecked()
        self.results.groups_proxy.set_hidden(hidden, show)
        self.results.pairs_model.set_ignored(hidden.pairs, show)
        model = self.results.groups_model
        model.set_marks(model.marked_paths() - self.results.hidden_members())
        self.changed.emit()

    # --- ignoring and not ---------------------------------------------------------------------

    def _change(self, path_pairs: Iterable[tuple[str, str]], ignore: bool) -> None:
        ignored = self.ignore_list()
        if ignored is None:
            return
        pairs = key_pairs(self.keys, path_pairs)
        try:
            if ignore:
                ignored.add(pairs)
            else:
                ignored.remove(pairs)
        except IgnoreListError as error:
            self._window.statusBar().showMessage(str(error), 10_000)
            return
        self._apply()

    def ignore_pair(self, a: str, b: str) -> None:
        self._change([(a, b)], True)

    def stop_ignoring_pair(self, a: str, b: str) -> None:
        self._change([(a, b)], False)

    def ignore_group(self, group: GroupRow) -> None:
        self._change(group_pairs(group), True)

    def stop_ignoring_group(self, group: GroupRow) -> None:
        self._change(group_pairs(group), False)

    # --- menu entries -------------------------------------------------------------------------

    def _group_menu(self, menu: QMenu, group: GroupRow, member: MemberRow | None) -> None:
        hidden = self.results.groups_proxy.hidden
        if member is None:
            if group.id in hidden.groups:
                action = menu.addAction(self.tr(str(STOP_IGNORING_GROUP_TEXT)))
                action.triggered.connect(lambda: self.stop_ignoring_group(group))
            else:
                action = menu.addAction(self.tr(str(IGNORE_GROUP_TEXT)))
                action.setToolTip(
                    self.tr("Hide this group, now and in later scans of these files.")
                )
                action.triggered.connect(lambda: self.ignore_group(group))
            return
        if member.is_reference:
            return
        path, reference = member.document.path, group.reference
        if (group.id, path) in hidden.members:
            action = menu.addAction(self.tr(str(STOP_IGNORING_PAIR_TEXT)))
            action.triggered.connect(lambda: self.stop_ignoring_pair(path, reference))
        else:
            action = menu.addAction(self.tr(str(IGNORE_PAIR_TEXT)))
            action.setToolTip(self.tr("Hide this file and its reference as a pair, now and later."))
            action.triggered.connect(lambda: self.ignore_pair(path, reference))

    def _pair_menu(self, menu: QMenu, pair: PairRow) -> None:
        if (pair.a, pair.b) in self.results.pairs_model.ignored_pairs:
            action = menu.addAction(self.tr(str(STOP_IGNORING_PAIR_TEXT)))
            action.triggered.connect(lambda: self.stop_ignoring_pair(pair.a, pair.b))
        else:
            action = menu.addAction(self.tr(str(IGNORE_PAIR_TEXT)))
            action.triggered.connect(lambda: self.ignore_pair(pair.a, pair.b))
