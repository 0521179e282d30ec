"""Choosing what tidying moves, through the real window: the Kind column, the separate question
for edited versions, checkboxes, the Marks menu's rules and Keep this one.

Files go to a Trash under the test's own tmp_path (the `trash` fixture), never the user's.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest
import tidy_helpers as helpers
from gui_corpus import document, join
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from tidy_helpers import TRASH_DUPLICATES_ACTION, Folder, Trash

from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import DUPLICATE_KIND, NEAR_DUPLICATE_KIND, GroupRow
from neardup.gui.results.groups_model import KIND_COLUMN, MIXED_KIND, REFERENCE_TAG
from neardup.gui.tidy.marks import MarkRule
from neardup.gui.tidy.messages import also_edited_label, confirmation
from neardup.gui.tidy.plan import Answer, TrashPlan
from neardup.gui.tidy.tidy_controller import TRASH_MARKED_TEXT, TRASH_SELECTED_TEXT

pytestmark = pytest.mark.usefixtures("trash")
CHECK = Qt.ItemDataRole.CheckStateRole


def _group_of(window: MainWindow, name: str) -> GroupRow:
    model = window.results.groups_model
    return next(g for g in model.groups() if any(m.document.name == name for m in g.members))


def _marked_names(window: MainWindow) -> set[str]:
    return {Path(p).name for p in window.results.groups_model.marked_paths()}


def _reference_name(window: MainWindow, member: str) -> str:
    return Path(_group_of(window, member).reference).name


def test_kind_column_and_edited_versions_move_only_when_ticked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    assert results.groups_model.headerData(KIND_COLUMN, Qt.Orientation.Horizontal) == "Kind"
    assert results.groups_view.header().visualIndex(KIND_COLUMN) == 1, "shown next to the name"
    proxy = results.groups_proxy
    kinds = {}
    for index, row in helpers.members(window):
        kind_index = index.siblingAtColumn(KIND_COLUMN)
        kinds[row.document.name] = proxy.data(kind_index)
        if not row.is_reference:
            assert proxy.data(kind_index, Qt.ItemDataRole.ToolTipRole).startswith(
                "Duplicate" if row.is_exact_copy else "Near-duplicate"
            )
    reports = {"report.txt", "report (copy).txt", "report - final.txt"}
    report_reference = _reference_name(window, "report.txt")
    notes_reference = _reference_name(window, "notes.txt")
    assert {kinds[n] for n in reports - {report_reference}} == {DUPLICATE_KIND}
    assert kinds[report_reference] == ""
    assert kinds[({"notes.txt", "notes edited.txt"} - {notes_reference}).pop()] == (
        NEAR_DUPLICATE_KIND
    )
    group_kinds = {proxy.data(proxy.index(g, KIND_COLUMN)) for g in range(proxy.rowCount())}
    assert group_kinds == {DUPLICATE_KIND, NEAR_DUPLICATE_KIND}
    assert MIXED_KIND not in group_kinds

    # Every duplicate selected, the real dialog answered with Move and the box left unticked:
    # only the exact copies go.
    def press_move() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        also = box.checkBox()
        assert also is not None and not also.isChecked()
        next(b for b in box.buttons() if b.text() == "Move 2 files to Trash").click()

    QTimer.singleShot(0, press_move)
    results.groups_view.selectAll()
    with qtbot.waitSignal(window.tidy.trashed) as blocker:
        window.tidy.trash_action.trigger()
    moved = {Path(f.original).name for f in blocker.args[0].done}
    assert moved == reports - {report_reference}
    edited = folder.path / ({"notes.txt", "notes edited.txt"} - {notes_reference}).pop()
    assert edited.read_bytes() == folder.bytes_of[str(edited)], "the edited version stayed"
    assert {Path(p).name for p in trash.contents()} == moved


def test_checkboxes_and_mark_rules_choose_what_moves(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    model = window.results.groups_model
    proxy = window.results.groups_proxy
    assert window.marks.menu.menuAction() in window.menuBar().actions()
    for index, row in helpers.members(window):
        checkable = bool(proxy.flags(index) & Qt.ItemFlag.ItemIsUserCheckable)
        assert checkable == (not row.is_reference), "the copy kept has no checkbox"
        assert (proxy.data(index, CHECK) is None) == row.is_reference

    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    assert model.marked_paths() == helpers.duplicates(window)
    assert window.tidy.trash_action.text() == TRASH_MARKED_TEXT
    assert "2 marked" in proxy.data(proxy.index(0, 0)) or "2 marked" in proxy.data(
        proxy.index(1, 0)
    )

    window.marks.actions[MarkRule.EXACT_ONLY].trigger()
    exact = {m.document.path for _, m in helpers.members(window) if m.is_exact_copy}
    assert model.marked_paths() == exact and len(exact) == 2

    # unticking one checkbox, as a click on it does
    unticked = next(i for i, m in helpers.members(window) if m.document.path in exact)
    assert proxy.setData(unticked, Qt.CheckState.Unchecked.value, CHECK)
    assert proxy.data(unticked, CHECK) == Qt.CheckState.Unchecked
    [still_marked] = model.marked_paths()

    asked = helpers.agree(window)
    window.results.groups_view.selectAll()  # marks win over the selection
    outcome = helpers.trash_selection(qtbot, window)
    assert [d.path for d in asked[0].files] == [still_marked]
    assert [f.original for f in outcome.done] == [still_marked]
    assert list(trash.contents()) == [still_marked]
    assert not model.marked_paths(), "a file in the Trash is no longer marked"
    assert window.tidy.trash_action.text() == TRASH_SELECTED_TEXT

    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    assert still_marked not in model.marked_paths()
    window.marks.actions[MarkRule.CLEAR].trigger()
    assert not model.marked_paths()
    for path, data in folder.bytes_of.items():
        if path != still_marked:
            assert Path(path).read_bytes() == data


def _dated_copies(root: Path) -> Folder:
    """One text four times, with known dates and sizes, one copy in archive/; and a pair."""
    text = join(document(91))
    folder = root / "dated"
    written = helpers.write(folder / "archive", {"old.txt": text})
    # two trailing blank lines: larger on disk, the same text once normalised
    written |= helpers.write(folder, {"mid.txt": text + "\n\n", "new.txt": text, "one.txt": text})
    second = document(72)  # as in the untidy folder: a light edit of sentence 3
    edited = list(second)
    edited[3] = edited[3].replace("，", "，另外", 1).replace(" the ", " that ", 1)
    written |= helpers.write(folder / "notes", {"a.txt": join(second), "b.txt": join(edited)})
    for name, year in (("archive/old.txt", 2020), ("mid.txt", 2022), ("new.txt", 2024)):
        stamp = datetime(year, 6, 1, tzinfo=timezone.utc).timestamp()
        os.utime(folder / name, (stamp, stamp))
    stamp = datetime(2023, 6, 1, tzinfo=timezone.utc).timestamp()
    os.utime(folder / "one.txt", (stamp, stamp))
    return Folder(folder, {p: Path(p).read_bytes() for p in written})


def test_keep_rules_choose_the_copy_kept_and_mark_the_others(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = _dated_copies(tmp_path)
    helpers.scan_folder(qtbot, window, folder.path)
    copies = {"old.txt", "mid.txt", "new.txt", "one.txt"}
    assert {m.document.name for m in _group_of(window, "old.txt").members} == copies
    marks = window.marks
    for rule, kept in (
        (MarkRule.KEEP_NEWEST, "new.txt"),
        (MarkRule.KEEP_LARGEST, "mid.txt"),
        (MarkRule.KEEP_OLDEST, "old.txt"),
    ):
        marks.actions[rule].trigger()
        assert _reference_name(window, "old.txt") == kept, rule
        assert _marked_names(window) >= copies - {kept}
        assert kept not in _marked_names(window)
        reference = next(
            i for i, m in helpers.members(window) if m.is_reference and m.document.name == kept
        )
        assert REFERENCE_TAG in window.results.groups_proxy.data(reference)

    # keep the copy in the notes folder: the other group has none there and keeps its marks
    window.marks.actions[MarkRule.CLEAR].trigger()
    marks.choose_folder = lambda: str(folder.path / "notes")
    before = _reference_name(window, "old.txt")
    marks.actions[MarkRule.KEEP_IN_FOLDER].trigger()
    assert _reference_name(window, "old.txt") == before
    assert _marked_names(window) == {
        ({"a.txt", "b.txt"} - {_reference_name(window, "a.txt")}).pop()
    }
    marks.choose_folder = lambda: str(folder.path / "archive")
    marks.actions[MarkRule.KEEP_IN_FOLDER].trigger()
    assert _reference_name(window, "old.txt") == "old.txt"
    assert copies - {"old.txt"} <= _marked_names(window)

    # trash the marked exact copies of the text; the archived one stays
    helpers.agree(window)
    marks.actions[MarkRule.KEEP_IN_FOLDER].trigger()
    marks.actions[MarkRule.EXACT_ONLY].trigger()
    assert _marked_names(window) == copies - {"old.txt"}, "not the edited note"
    outcome = helpers.trash_selection(qtbot, window)
    assert {Path(f.original).name for f in outcome.done} == copies - {"old.txt"}
    assert (folder.path / "archive" / "old.txt").is_file()


def test_keep_this_one_makes_a_member_the_reference(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    old_reference = _group_of(window, "report.txt").reference
    index, member = next(
        (i, m)
        for i, m in helpers.members(window)
        if m.document.name.startswith("report") and not m.is_reference
    )
    results.groups_view.expandAll()
    menu = results.context_menu(results.groups_view, index)
    helpers.menu_action(menu, "Keep this one")
    group = _group_of(window, "report.txt")
    assert group.reference == member.document.path
    rows = {m.document.path: m for m in group.members}
    assert rows[member.document.path].is_reference
    assert rows[old_reference].kind == DUPLICATE_KIND and rows[old_reference].distance == 0
    assert results.groups_model.is_markable(old_reference)
    assert not results.groups_model.is_markable(member.document.path)
    # the group's own menu now moves the old reference and keeps the chosen one
    helpers.agree(window)
    proxy = results.groups_proxy
    group_index = next(
        proxy.index(g, 0)
        for g in range(proxy.rowCount())
        if results.groups_model.group_at(proxy.mapToSource(proxy.index(g, 0))) == group
    )
    with qtbot.waitSignal(window.tidy.trashed) as blocker:
        helpers.menu_action(
            results.context_menu(results.groups_view, group_index), TRASH_DUPLICATES_ACTION
        )
    gone = {f.original for f in blocker.args[0].done}
    assert old_reference in gone and member.document.path not in gone
    assert Path(member.document.path).read_bytes() == folder.bytes_of[member.document.path]
    assert set(trash.contents()) == gone


def test_the_same_text_in_another_format_is_not_an_exact_copy_to_tidy(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    """A .docx of a report's text beside the .txt report (a PDF made of a .docx, the sent
    version, in a new-user test): the same text, but a file a person may mean to keep.
    "Mark exact duplicates only" leaves it, and moving the group's copies moves it only
    when the box for edited versions is ticked."""
    from docgen import write_docx

    text = join(document(91))
    folder = tmp_path / "report"
    written = helpers.write(folder, {"report.txt": text, "report (copy).txt": text})
    write_docx(folder / "report.docx", text.strip().split("\n\n"))
    helpers.scan_folder(qtbot, window, folder)
    members = {Path(m.document.path).name: m for _, m in helpers.members(window)}
    assert set(members) == {"report.txt", "report (copy).txt", "report.docx"}
    reference = next(name for name, m in members.items() if m.is_reference)
    assert reference.endswith(".txt")
    other_txt = ({"report.txt", "report (copy).txt"} - {reference}).pop()
    assert members["report.docx"].kind == DUPLICATE_KIND  # the same text, as the report says
    window.marks.actions[MarkRule.EXACT_ONLY].trigger()
    assert window.results.groups_model.marked_paths() == {str(folder / other_txt)}
    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    asked: list[TrashPlan] = []

    def exact_only(plan: TrashPlan, destination: str | None = None) -> Answer:
        asked.append(plan)
        return Answer.EXACT_ONLY  # Move, the box for edited versions left unticked

    window.tidy.confirm = exact_only
    outcome = helpers.trash_selection(qtbot, window)
    [plan] = asked
    assert [Path(d.path).name for d in plan.edited_files] == ["report.docx"]
    assert plan.other_format == {str(folder / "report.docx")}
    # said as what it is, not as an edited version whose changes would go
    assert also_edited_label(plan) == "Also move the 1 copy in another format (not exact copies)"
    question = confirmation(plan, "Ctrl+Z")
    assert question.informative.startswith("1 of these is the same text in another format")
    assert "edited" not in question.informative
    assert "Copies in another format, moved only if ticked:" in question.details
    assert [Path(f.original).name for f in outcome.done] == [other_txt]
    # the Kind column's tip says so too
    tips = {
        Path(m.document.path).name: window.results.groups_proxy.data(
            index.siblingAtColumn(KIND_COLUMN), Qt.ItemDataRole.ToolTipRole
        )
        for index, m in helpers.members(window)
        if not m.is_reference
    }
    assert "in another format" in tips["report.docx"]
    assert (folder / "report.docx").exists() and str(folder / other_txt) in written
