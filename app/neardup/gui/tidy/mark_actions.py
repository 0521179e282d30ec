"""The Marks menu: one action per mark rule, acting on every group the Groups tab shows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from neardup.gui.results.results_view import ResultsView
from neardup.gui.tidy.marks import MarkRule

ChooseFolder = Callable[[], str]  # "" when the person cancels

# Each rule's menu entry and tip, translated where the menu is built.
_TITLES = {
    MarkRule.ALL_BUT_KEPT: QT_TRANSLATE_NOOP("MarkActions", "Mark all but the kept copy"),
    MarkRule.EXACT_ONLY: QT_TRANSLATE_NOOP("MarkActions", "Mark exact duplicates only"),
    MarkRule.KEEP_OLDEST: QT_TRANSLATE_NOOP("MarkActions", "Keep the oldest, mark the others"),
    MarkRule.KEEP_NEWEST: QT_TRANSLATE_NOOP("MarkActions", "Keep the newest, mark the others"),
    MarkRule.KEEP_LARGEST: QT_TRANSLATE_NOOP("MarkActions", "Keep the largest, mark the others"),
    MarkRule.KEEP_IN_FOLDER: QT_TRANSLATE_NOOP(
        "MarkActions", "Keep the one in a folder…, mark the others"
    ),
    MarkRule.CLEAR: QT_TRANSLATE_NOOP("MarkActions", "Clear marks"),
}
_TIPS = {
    MarkRule.ALL_BUT_KEPT: QT_TRANSLATE_NOOP(
        "MarkActions", "Mark every file of every group but the copy each group keeps."
    ),
    MarkRule.EXACT_ONLY: QT_TRANSLATE_NOOP(
        "MarkActions", "Mark only the exact copies of each kept file, never edited versions."
    ),
    MarkRule.KEEP_OLDEST: QT_TRANSLATE_NOOP(
        "MarkActions", "In each group keep the oldest file and mark the others."
    ),
    MarkRule.KEEP_NEWEST: QT_TRANSLATE_NOOP(
        "MarkActions", "In each group keep the newest file and mark the others."
    ),
    MarkRule.KEEP_LARGEST: QT_TRANSLATE_NOOP(
        "MarkActions", "In each group keep the largest file and mark the others."
    ),
    MarkRule.KEEP_IN_FOLDER: QT_TRANSLATE_NOOP(
        "MarkActions",
        "In each group with a copy in the folder you choose, keep that copy and mark the others.",
    ),
    MarkRule.CLEAR: QT_TRANSLATE_NOOP("MarkActions", "Unmark every file."),
}


class MarkActions(QObject):
    def __init__(
        self, results: ResultsView, parent: QWidget, start_in: Callable[[], str] = str
    ) -> None:
        """``start_in``: where the folder dialog opens (the scanned folders')."""
        super().__init__(parent)
        self.results = results
        self._parent = parent
        self._start_in = start_in
        # Replaceable, so that tests (and scripts) answer without a modal dialog.
        self.choose_folder: ChooseFolder = self._ask_for_folder
        self.menu = QMenu(self.tr("&Marks"), parent)
        self.actions: dict[MarkRule, QAction] = {}
        for rule in MarkRule:
            if rule in (MarkRule.KEEP_OLDEST, MarkRule.CLEAR):
                self.menu.addSeparator()
            action = self.menu.addAction(self.tr(str(_TITLES[rule])))
            tip = self.tr(str(_TIPS[rule]))
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False, r=rule: self.apply(r))
            self.actions[rule] = action

    def set_enabled(self, enabled: bool) -> None:
        for action in self.actions.values():
            action.setEnabled(enabled)

    def apply(self, rule: MarkRule) -> None:
        folder = None
        if rule is MarkRule.KEEP_IN_FOLDER:
            chosen = self.choose_folder()
            if not chosen:
                return
            folder = PurePath(chosen)
        self.results.apply_mark_rule(rule, folder)

    def _ask_for_folder(self) -> str:
        return QFileDialog.getExistingDirectory(
            self._parent, self.tr("Keep the copies in this folder"), self._start_in()
        )
