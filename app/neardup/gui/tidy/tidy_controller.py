"""The tidying actions of the main window: confirm, move the marked files (or the duplicates of
the selected groups) to the Trash, undo the last batch."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QCheckBox, QFileDialog, QMainWindow, QMessageBox

from neardup.gui.report_data import GroupRow, MemberRow
from neardup.gui.results.results_view import ResultsView
from neardup.gui.tidy.messages import (
    Message,
    also_edited_label,
    confirmation,
    move_button_text,
    move_question,
    moved_summary,
    restored_summary,
)
from neardup.gui.tidy.move_folder import (
    destination_problem,
    move_to_folder,
    remove_made_folders,
    shared_folder,
)
from neardup.gui.tidy.plan import Answer, TrashBatch, TrashHistory, TrashPlan
from neardup.gui.tidy.trash import TrashedFile, move_to_trash, restore_from_trash, still_in_trash

Confirm = Callable[[TrashPlan, str | None], Answer]  # the plan, and the folder or None: Trash
ChooseFolder = Callable[[], str]  # "" when the person cancels
# The Trash action's two names, translated where they are set (the English is the source).
TRASH_SELECTED_TEXT = QT_TRANSLATE_NOOP("TidyController", "Move duplicates to &Trash…")
TRASH_MARKED_TEXT = QT_TRANSLATE_NOOP("TidyController", "Move marked files to &Trash…")


class TidyController(QObject):
    """Owns the Trash and Undo actions, the undo history and which files are in the Trash."""

    trashed = Signal(object)  # trash.Outcome of a move, after the view shows it
    moved_to_folder = Signal(object)  # trash.Outcome of a Move to folder, after it is shown
    restored = Signal(object)  # trash.Outcome of an undo, after the view shows it

    def __init__(
        self,
        results: ResultsView,
        is_busy: Callable[[], bool],
        parent: QMainWindow,
        start_in: Callable[[], str] = str,
    ) -> None:
        """``start_in``: where the folder dialog opens (the scanned folders')."""
        super().__init__(parent)
        self.results = results
        self._is_busy = is_busy
        self._start_in = start_in
        self._scanning = False
        self._window = parent
        self.history = TrashHistory()
        self.in_trash: dict[str, TrashedFile] = {}  # original path -> where it is in the Trash
        self.moved: dict[str, TrashedFile] = {}  # original path -> where Move to folder put it
        # Replaceable, so that tests (and scripts) answer without a modal dialog.
        self.confirm: Confirm = self.ask_to_confirm
        self.choose_destination: ChooseFolder = self._ask_for_destination
        self.message_box: QMessageBox | None = None
        self.undo_shortcut = QKeySequence(QKeySequence.StandardKey.Undo).toString(
            QKeySequence.SequenceFormat.NativeText
        )

        self.trash_action = QAction(self.tr(str(TRASH_SELECTED_TEXT)), parent)
        # Delete only where the groups have the focus: elsewhere it means something else.
        self.trash_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.trash_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        results.groups_view.addAction(self.trash_action)
        tip = self.tr(
            "Move the marked files to the Trash or, with none marked, the duplicates in the "
            "selected groups (or the selected files); each group's reference is kept."
        )
        self.trash_action.setToolTip(tip)
        self.trash_action.setStatusTip(tip)
        self.move_action = QAction(self.tr("Move marked files to &folder…"), parent)
        tip = self.tr(
            "Move the marked files (with none marked, the duplicates in the selected groups) "
            "into a folder you choose; a name already there gets a number."
        )
        self.move_action.setToolTip(tip)
        self.move_action.setStatusTip(tip)
        self.undo_action = QAction(self.tr("Undo"), parent)
        self.undo_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        self.undo_action.setStatusTip(self.tr("Put the files of the last move to the Trash back."))
        parent.addAction(self.undo_action)

        self.trash_action.triggered.connect(self.trash_selection)
        self.move_action.triggered.connect(self.move_selection)
        self.undo_action.triggered.connect(self.undo_last)
        results.trash_requested.connect(self.trash_rows)
        results.groups_view.selectionModel().selectionChanged.connect(self.update_actions)
        results.groups_model.modelReset.connect(self._forget_files_put_back)
        results.groups_model.modelReset.connect(self.update_actions)
        results.groups_model.marks_changed.connect(self.update_actions)
        self.update_actions()

    # --- state -------------------------------------------------------------------------------

    def set_scanning(self, scanning: bool) -> None:
        self._scanning = scanning
        self.update_actions()

    def busy(self) -> bool:
        return self._scanning or self._is_busy()

    def update_actions(self) -> None:
        idle = not self.busy()
        self.results.set_tidy_enabled(idle)
        marked = bool(self.results.groups_model.marked_paths())
        plan = self.chosen_plan()
        self.trash_action.setText(
            self.tr(str(TRASH_MARKED_TEXT if marked else TRASH_SELECTED_TEXT))
        )
        self.trash_action.setEnabled(idle and bool(plan.files))
        self.move_action.setEnabled(idle and bool(plan.files))
        self.undo_action.setEnabled(idle and self.history.can_undo())
        self.undo_action.setText(self.history.undo_text())

    def _mark_in_trash(self) -> None:
        self.results.groups_model.set_in_trash(self.in_trash.keys())
        self.results.groups_model.set_moved(
            {path: os.path.dirname(f.in_trash) for path, f in self.moved.items()}
        )
        self.results.documents_model.set_in_trash(self.in_trash.keys())
        self.results.documents_model.set_moved({p: f.in_trash for p, f in self.moved.items()})

    def now_at(self, path: str) -> str | None:
        """Where a file this window moved (to the Trash or a folder) is now, if it is there
        and not back at ``path``: a compare of it reads it there."""
        moved = self.moved.get(path) or self.in_trash.get(path)
        if moved is None or os.path.lexists(path) or not os.path.lexists(moved.in_trash):
            return None
        return moved.in_trash

    def _forget_files_put_back(self) -> None:
        """A file back where it was (restored from the system Trash by hand, say) is no longer
        shown as moved once new results are shown: a rescan that found it showed it greyed
        as in the Trash. Undo still knows the move, and says the file is back already."""
        back = [p for p in (*self.in_trash, *self.moved) if os.path.lexists(p)]
        if back:
            for path in back:
                self.in_trash.pop(path, None)
                self.moved.pop(path, None)
            self._mark_in_trash()

    # --- moving and undoing ------------------------------------------------------------------

    def chosen_plan(self) -> TrashPlan:
        """The marked files; with none marked, the duplicates of the selected rows."""
        marked = self.results.groups_model.marked_paths()
        if marked:
            return self.results.marked_plan(marked)
        return self.results.trash_plan(self.results.selected_group_rows())

    def trash_selection(self) -> None:
        self._trash_plan(self.chosen_plan())

    def trash_rows(self, rows: Sequence[GroupRow | MemberRow]) -> None:
        """Confirm, then move the duplicates these rows stand for; say what moved and what not."""
        self._trash_plan(self.results.trash_plan(list(rows)))

    def move_selection(self) -> None:
        """Ask for a folder, confirm, then move the marked files (or the selection) into it."""
        chosen = self.chosen_plan()
        if self.busy() or not chosen.files:
            return
        folder = self.choose_destination()
        if not folder:
            return
        problem = destination_problem(Path(folder))
        if problem is not None:
            title, text = self.tr("Move to folder"), self.tr("Nothing was moved.")
            self._show(Message(title, text, problem, warning=True))
            return
        self._move_plan(chosen, folder)

    def confirmed(self, plan: TrashPlan, destination: str | None = None) -> TrashPlan | None:
        """The part of the plan the person agrees to move: edited versions only when asked."""
        answer = self.confirm(plan, destination)
        if answer is Answer.EXACT_ONLY:
            plan = plan.exact_only()
        if answer is Answer.CANCEL or not plan.files:
            self._status(self.tr("Nothing was moved."))
            return None
        return plan

    def _trash_plan(self, chosen: TrashPlan) -> None:
        self._move_plan(chosen, None)

    def _move_plan(self, chosen: TrashPlan, destination: str | None) -> None:
        """Confirm, then move to the Trash (no destination) or into the folder."""
        if self.busy() or not chosen.files:
            return
        plan = self.confirmed(chosen, destination)
        if plan is None:
            return
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if destination is None:
                outcome = move_to_trash(plan.files, plan.kept)
            else:
                # The folders kept are those below the folder all the chosen files share,
                # as the question said, whether or not the edited versions go too.
                chosen_paths = [d.path for d in chosen.files]
                keep_below = shared_folder(chosen_paths, Path(destination))
                outcome = move_to_folder(plan.files, Path(destination), plan.kept, keep_below)
        finally:
            QGuiApplication.restoreOverrideCursor()
        if outcome.done:
            self.history.push(TrashBatch(outcome.done, destination, outcome.made_folders))
            away = self.in_trash if destination is None else self.moved
            away.update((f.original, f) for f in outcome.done)
            self._mark_in_trash()
        self.update_actions()
        self._show(moved_summary(outcome, self.undo_shortcut, destination))
        (self.trashed if destination is None else self.moved_to_folder).emit(outcome)

    def undo_last(self) -> None:
        """Move the last batch back from the Trash, never over a file that took a place."""
        if self.busy():
            return
        batch = self.history.pop()
        if batch is None:
            return
        outcome = restore_from_trash(batch.files)
        remove_made_folders(batch.made_folders)
        for file in batch.files:
            # Marked only while still in the Trash: files left there (their place was taken)
            # stay marked, files restored by hand or emptied from the Trash do not.
            if not still_in_trash(file):
                away = self.in_trash if file.trashed else self.moved
                away.pop(file.original, None)
        self._mark_in_trash()
        self.update_actions()
        self._show(restored_summary(outcome, batch.destination))
        self.restored.emit(outcome)

    # --- dialogs -----------------------------------------------------------------------------

    def ask_to_confirm(self, plan: TrashPlan, destination: str | None = None) -> Answer:
        """The modal question, Cancel by default; edited versions have a box of their own,
        unticked, so that they never go with the copies unnoticed."""
        message = confirmation(plan, self.undo_shortcut, destination)
        box = QMessageBox(
            QMessageBox.Icon.Question, message.title, message.text, parent=self._window
        )
        box.setInformativeText(message.informative)
        box.setDetailedText(message.details)
        where = None if destination is None else Path(destination).name
        move = box.addButton(move_button_text(plan, True, where), QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        also_edited = None
        if plan.edited:
            also_edited = QCheckBox(also_edited_label(plan))
            box.setCheckBox(also_edited)

            def follow(checked: bool) -> None:
                box.setText(move_question(plan, checked, destination))
                move.setText(move_button_text(plan, checked, where))
                move.setEnabled(checked or bool(plan.exact_files))

            also_edited.toggled.connect(follow)
            follow(False)
        box.exec()
        if box.clickedButton() is not move:
            return Answer.CANCEL
        return Answer.EXACT_ONLY if also_edited and not also_edited.isChecked() else Answer.ALL

    def _ask_for_destination(self) -> str:
        return QFileDialog.getExistingDirectory(
            self._window, self.tr("Move the files into this folder"), self._start_in()
        )

    def _show(self, message: Message) -> None:
        """A non-blocking message: the app stays usable and tests are never stuck."""
        if self.message_box is not None:
            self.message_box.close()
        icon = QMessageBox.Icon.Warning if message.warning else QMessageBox.Icon.Information
        box = QMessageBox(icon, message.title, message.text, parent=self._window)
        box.setInformativeText(message.informative)
        if message.details:
            box.setDetailedText(message.details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self._forget_box(box))
        box.open()
        self.message_box = box
        self._status(message.text)

    def _forget_box(self, box: QMessageBox) -> None:
        if self.message_box is box:
            self.message_box = None

    def _status(self, text: str) -> None:
        self._window.statusBar().showMessage(text, 10_000)
