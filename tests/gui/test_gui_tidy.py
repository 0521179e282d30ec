"""Tidying a folder through the real window: duplicates to the Trash, confirmation, undo.

Every test moves real files into a Trash under its own tmp_path (HOME and XDG_DATA_HOME point
there), never into the Trash of the user running the tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import tidy_helpers as helpers
from gui_corpus import document, join
from gui_helpers import SCAN_TIMEOUT_MS, answer_discard, scan_folder
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from tidy_helpers import TRASH_ACTION, TRASH_DUPLICATES_ACTION, Trash

from neardup.gui.file_state import CHANGED, NO_LONGER_THERE
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import DocumentRow
from neardup.gui.results.groups_model import IN_TRASH_TAG
from neardup.gui.results.models import PATH_ROLE
from neardup.gui.settings.settings_store import FolderRole
from neardup.gui.tidy.plan import TidyScope
from neardup.gui.tidy.trash import (
    PATH_OCCUPIED,
    REFERENCE_GONE,
    SAME_FILE,
    TRASH_UNAVAILABLE,
    KeptCopies,
    move_to_trash,
    unsafe_to_move,
)

pytestmark = pytest.mark.usefixtures("trash")


def test_trash_duplicates_of_all_groups_then_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    tidy = window.tidy
    assert tidy.trash_action in window.edit_menu.actions()
    assert tidy.undo_action in window.edit_menu.actions()
    assert tidy.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert tidy.trash_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Delete)
    assert not tidy.trash_action.isEnabled(), "nothing is selected yet"
    assert not tidy.undo_action.isEnabled()

    duplicates = helpers.duplicates(window)
    references = helpers.references(window)
    assert len(duplicates) == 3 and len(references) == 2
    asked = helpers.agree(window)
    window.results.groups_view.selectAll()
    assert tidy.trash_action.isEnabled()
    outcome = helpers.trash_selection(qtbot, window)

    [plan] = asked
    assert {d.path for d in plan.files} == duplicates
    assert plan.total_size == sum(len(folder.bytes_of[p]) for p in duplicates)
    assert {f.original for f in outcome.done} == duplicates and not outcome.skipped
    # gone from the folder, in this test's Trash byte for byte, the references untouched
    assert not any(Path(p).exists() for p in duplicates)
    assert trash.contents() == {p: folder.bytes_of[p] for p in duplicates}
    assert {str(Path(f.in_trash).parent) for f in outcome.done} == {str(trash.files)}
    for path in references | {str(folder.path / "other.txt")}:
        assert Path(path).read_bytes() == folder.bytes_of[path]

    model = window.results.groups_model
    proxy = window.results.groups_proxy
    for index, row in helpers.members(window):
        in_trash = row.document.path in duplicates
        assert (IN_TRASH_TAG in proxy.data(index)) == in_trash
        assert proxy.data(index, Qt.ItemDataRole.FontRole).italic() == in_trash
        tooltip = proxy.data(index, Qt.ItemDataRole.ToolTipRole)
        assert tooltip.startswith("In the Trash") == in_trash
        assert model.is_in_trash(row.document.path) == in_trash
        # a file in the Trash, like a reference, is not offered for the Trash again
        menu = window.results.context_menu(window.results.groups_view, index)
        assert TRASH_ACTION not in helpers.texts(menu)
    for g in range(proxy.rowCount()):
        assert IN_TRASH_TAG in proxy.data(proxy.index(g, 0))
        menu = window.results.context_menu(window.results.groups_view, proxy.index(g, 0))
        assert TRASH_DUPLICATES_ACTION not in helpers.texts(menu)
    assert not tidy.trash_action.isEnabled(), "everything selected is already in the Trash"

    box = tidy.message_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text().startswith("Moved 3 files")
    assert tidy.undo_action.isEnabled()
    assert tidy.undo_action.text() == "Undo move of 3 files to Trash"

    box.button(QMessageBox.StandardButton.Ok).click()  # as a person would, before Ctrl+Z
    assert tidy.message_box is None
    window.activateWindow()
    window.results.groups_view.setFocus()
    with qtbot.waitSignal(tidy.restored) as blocker:
        qtbot.keyClick(
            window.results.groups_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        )
    restored = blocker.args[0]
    assert {f.original for f in restored.done} == duplicates and not restored.skipped
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data
    assert trash.is_empty(), "the files and their .trashinfo records left the Trash"
    for index, row in helpers.members(window):
        assert IN_TRASH_TAG not in proxy.data(index)
        assert not model.is_in_trash(row.document.path)
    assert not tidy.undo_action.isEnabled() and tidy.undo_action.text() == "Undo"
    assert tidy.trash_action.isEnabled(), "the duplicates can be trashed again"
    assert tidy.message_box is not None and "Restored 3 files" in tidy.message_box.text()


def test_context_menu_trashes_one_member_or_a_group(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    helpers.agree(window)
    members = helpers.members(window)
    reference_index = next(i for i, row in members if row.is_reference)
    assert TRASH_ACTION not in helpers.texts(
        results.context_menu(results.groups_view, reference_index)
    )
    results.groups_view.selectAll()  # not even when it is part of a selection
    assert TRASH_ACTION not in helpers.texts(
        results.context_menu(results.groups_view, reference_index)
    )
    results.groups_view.clearSelection()

    # one duplicate of the group of three, by its own menu
    big_group = next(
        results.groups_proxy.index(g, 0)
        for g in range(2)
        if results.groups_proxy.rowCount(results.groups_proxy.index(g, 0)) == 3
    )
    member_index = results.groups_proxy.index(1, 0, big_group)
    member = results.groups_model.member_at(results.groups_proxy.mapToSource(member_index))
    assert member is not None and not member.is_reference
    with qtbot.waitSignal(window.tidy.trashed):
        helpers.menu_action(results.context_menu(results.groups_view, member_index), TRASH_ACTION)
    assert not Path(member.document.path).exists()
    assert list(trash.contents()) == [member.document.path]

    # then the group: only its remaining duplicate goes, its reference stays
    group_row = results.groups_model.group_at(results.groups_proxy.mapToSource(big_group))
    assert group_row is not None
    group_menu = results.context_menu(results.groups_view, big_group)
    with qtbot.waitSignal(window.tidy.trashed) as blocker:
        helpers.menu_action(group_menu, TRASH_DUPLICATES_ACTION)
    assert len(blocker.args[0].done) == 1
    assert Path(group_row.reference).read_bytes() == folder.bytes_of[group_row.reference]
    assert set(trash.contents()) == {m.document.path for m in group_row.members} - {
        group_row.reference
    }
    # two batches: undo takes back the last one only
    assert window.tidy.undo_action.text() == "Undo move of 1 file to Trash"
    with qtbot.waitSignal(window.tidy.restored):
        window.tidy.undo_action.trigger()
    assert list(trash.contents()) == [member.document.path]
    assert window.tidy.undo_action.isEnabled()


def test_context_menu_acts_on_every_selected_row(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    helpers.agree(window)
    proxy = results.groups_proxy
    # the first duplicate of each group, selected together
    chosen = [proxy.index(1, 0, proxy.index(g, 0)) for g in range(proxy.rowCount())]
    selection = results.groups_view.selectionModel()
    for index in chosen:
        selection.select(index, selection.SelectionFlag.Select | selection.SelectionFlag.Rows)
    paths = {results.groups_model.data(proxy.mapToSource(i), PATH_ROLE) for i in chosen}
    assert len(paths) == 2
    with qtbot.waitSignal(window.tidy.trashed) as blocker:
        helpers.menu_action(results.context_menu(results.groups_view, chosen[1]), TRASH_ACTION)
    assert {f.original for f in blocker.args[0].done} == paths
    assert set(trash.contents()) == paths
    for path in set(folder.bytes_of) - paths:
        assert Path(path).read_bytes() == folder.bytes_of[path]


def test_cancelled_confirmation_moves_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    duplicates = helpers.duplicates(window)
    edited = str(folder.path / "notes edited.txt")
    seen: list[tuple[str, str, str]] = []
    buttons: list[str] = []
    headlines: list[str] = []

    def answer_cancel() -> None:
        # the real, modal confirmation dialog: read it, then press its Cancel button
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append((box.text(), box.informativeText(), box.detailedText()))
        # the edited version has a box of its own, unticked: the Move button says 2, then 3
        also = box.checkBox()
        assert also is not None and not also.isChecked()
        assert also.text() == "Also move the 1 edited version (not exact copies)"
        move = next(b for b in box.buttons() if b.text().startswith("Move"))
        buttons.append(move.text())
        also.setChecked(True)
        buttons.append(move.text())
        headlines.append(box.text())  # the headline follows the tick, as the button does
        cancel = box.button(QMessageBox.StandardButton.Cancel)
        assert isinstance(cancel, QPushButton)
        cancel.click()

    QTimer.singleShot(0, answer_cancel)
    window.results.groups_view.selectAll()
    window.tidy.trash_action.trigger()

    [(text, informative, details)] = seen
    # The question counts what the button moves as the box opens: the exact copies.
    size = sum(len(folder.bytes_of[p]) for p in duplicates - {edited})
    assert text.startswith("Move 2 files (")
    assert f"{size / 1024:.1f} KB" in text or f"{size} B" in text
    assert "reference of each group" in informative
    assert "undo" in informative and "Ctrl+Z" in informative
    assert "system Trash" in informative
    assert informative.startswith("1 edited version of these is not an exact copy")
    exact, edited_part = details.split("\n\n")
    assert set(exact.splitlines()) == duplicates - {edited}
    assert edited_part.splitlines() == ["Edited versions, moved only if ticked:", edited]
    assert buttons == ["Move 2 files to Trash", "Move 3 files to Trash"]
    [ticked] = headlines
    everything = sum(len(folder.bytes_of[p]) for p in duplicates)
    assert ticked.startswith("Move 3 files (")
    assert f"{everything / 1024:.1f} KB" in ticked or f"{everything} B" in ticked
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data
    assert not trash.root.exists() or trash.is_empty()
    assert not window.tidy.undo_action.isEnabled()
    assert not any(window.results.groups_model.is_in_trash(p) for p in duplicates)


def test_changed_and_vanished_files_are_skipped_with_reasons(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    changed, vanished, *rest = sorted(helpers.duplicates(window))
    with open(changed, "a", encoding="utf-8") as file:
        file.write("One more line written after the scan.\n")
    Path(vanished).unlink()
    helpers.agree(window)
    window.results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window, by_key=True)

    assert [f.original for f in outcome.done] == rest
    reasons = {s.path: s.reason for s in outcome.skipped}
    assert reasons[changed].startswith(CHANGED) and "size" in reasons[changed]
    assert reasons[vanished] == NO_LONGER_THERE
    assert Path(changed).exists() and not Path(rest[0]).exists()
    assert set(trash.contents()) == set(rest)
    model = window.results.groups_model
    assert model.is_in_trash(rest[0])
    assert not model.is_in_trash(changed) and not model.is_in_trash(vanished)

    box = window.tidy.message_box
    assert box is not None and box.icon() == QMessageBox.Icon.Warning
    assert box.text().startswith("Moved 1 file ")
    assert "2 files not moved" in box.informativeText()
    assert f"{Path(changed).name}: {CHANGED}" in box.informativeText()
    assert f"{Path(vanished).name}: {NO_LONGER_THERE}" in box.informativeText()
    assert f"{changed}: {CHANGED}" in box.detailedText()


def test_undo_never_overwrites_a_file_that_took_its_place(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder, outcome = helpers.trash_all_duplicates(qtbot, window, tmp_path)
    taken, *others = sorted(f.original for f in outcome.done)
    Path(taken).write_text("a new file under the old name", encoding="utf-8")

    with qtbot.waitSignal(window.tidy.restored) as blocker:
        window.tidy.undo_action.trigger()
    restored = blocker.args[0]
    assert sorted(f.original for f in restored.done) == others
    [skipped] = restored.skipped
    assert skipped.path == taken and skipped.reason.startswith(PATH_OCCUPIED)
    assert Path(taken).read_text("utf-8") == "a new file under the old name"
    assert trash.contents() == {taken: folder.bytes_of[taken]}
    for path in others:
        assert Path(path).read_bytes() == folder.bytes_of[path]
    assert window.results.groups_model.is_in_trash(taken), "still in the Trash, still marked"
    box = window.tidy.message_box
    assert box is not None and Path(taken).name in box.informativeText()
    assert "restore them from the system Trash" in box.informativeText()


def test_reference_library_files_are_never_trashed(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    text = join(document(81))
    library = helpers.write(
        tmp_path / "library", {"published.txt": text, "published again.txt": text}
    )
    scanned = helpers.write(tmp_path / "submissions", {"essay.txt": text, "essay copy.txt": text})
    window.folders_panel.add_folder(tmp_path / "library", FolderRole.LIBRARY)
    scan_folder(qtbot, window, tmp_path / "submissions")
    members = helpers.members(window)
    library_rows = [(i, row) for i, row in members if row.document.path in library]
    assert library_rows, "the library's copies are grouped with the submissions"
    assert all(row.document.role == "library" for _, row in library_rows)
    for index, _row in library_rows:
        menu = window.results.context_menu(window.results.groups_view, index)
        assert TRASH_ACTION not in helpers.texts(menu)

    asked = helpers.agree(window)
    window.results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window)
    [plan] = asked
    assert not {d.path for d in plan.files} & set(library)
    non_reference_library = [row for _, row in library_rows if not row.is_reference]
    assert plan.library_left_alone == len(non_reference_library)
    for path, data in library.items():
        assert Path(path).read_bytes() == data
    assert set(trash.contents()) <= set(scanned)
    assert {f.original for f in outcome.done} == set(trash.contents())
    # The reference is a library copy: one submission stays, or none would be left to check.
    assert [Path(p).exists() for p in sorted(scanned)].count(True) == 1
    assert len(outcome.done) == len(scanned) - 1


def test_library_folders_guard_reports_without_roles() -> None:
    scope = TidyScope(frozenset({"/docs/keep.txt"}), (Path("/library"),))
    in_library = DocumentRow("/library/old/a.txt", 10, "txt", None, "scan", 5)
    elsewhere = DocumentRow("/docs/a.txt", 10, "txt", None, "scan", 5)
    assert scope.is_library(in_library) and not scope.is_library(elsewhere)


def test_a_fresh_account_gets_a_trash_folder(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    # a new user: no ~/.local/share at all, and no XDG_DATA_HOME to point elsewhere
    home = tmp_path / "fresh home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME")
    helpers.agree(window)
    window.results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window)
    assert {f.original for f in outcome.done} == helpers.duplicates(window) and not outcome.skipped
    trash = Trash(home / ".local" / "share" / "Trash")
    assert trash.contents() == {p: folder.bytes_of[p] for p in helpers.duplicates(window)}
    for made in (trash.root, trash.files, trash.root / "info"):
        assert made.is_dir() and made.stat().st_mode & 0o777 == 0o700, made
    with qtbot.waitSignal(window.tidy.restored):
        window.tidy.undo_action.trigger()
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data


def test_trash_unavailable_leaves_files_and_says_why(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    # something that is not a folder sits where the Trash should be
    trash.root.write_text("not a folder", encoding="utf-8")
    helpers.agree(window)
    window.results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window)
    assert not outcome.done
    assert {s.path for s in outcome.skipped} == helpers.duplicates(window)
    for skipped in outcome.skipped:
        assert skipped.reason == (
            f"{TRASH_UNAVAILABLE}: the Trash folder {trash.root} is not a folder"
        )
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data
    assert not window.tidy.undo_action.isEnabled()
    box = window.tidy.message_box
    assert box is not None and "is not a folder" in box.informativeText()


def test_tidy_actions_are_disabled_while_scanning(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    helpers.agree(window)
    results = window.results
    member = next(i for i, row in helpers.members(window) if not row.is_reference)
    with qtbot.waitSignal(window.tidy.trashed):
        helpers.menu_action(results.context_menu(results.groups_view, member), TRASH_ACTION)
    results.groups_view.selectAll()
    assert window.tidy.trash_action.isEnabled() and window.tidy.undo_action.isEnabled()

    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
        assert not window.tidy.trash_action.isEnabled()
        assert not window.tidy.undo_action.isEnabled()
        group = results.groups_proxy.index(0, 0)
        menu = results.context_menu(results.groups_view, group)
        assert menu is not None
        action = next(a for a in menu.actions() if a.text() == TRASH_DUPLICATES_ACTION)
        assert not action.isEnabled()
    assert window.tidy.undo_action.isEnabled()
    results.groups_view.selectAll()
    assert window.tidy.trash_action.isEnabled()


def test_a_link_to_a_file_is_that_file_not_a_copy_to_tidy(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    """A file and a link to it were read as two files, exact duplicates; with the link first
    by name it became the copy to keep, and a new-user test saw the real file marked to go.
    The link is now the file it leads to: one document, at the file's own path, nothing to
    tidy."""
    folder = tmp_path / "linked"
    folder.mkdir()
    original = folder / "zz original.txt"
    original.write_text(join(document(81)), encoding="utf-8")
    link = folder / "aa link.txt"
    link.symlink_to(original.name)
    scan_folder(qtbot, window, folder)
    assert window.report is not None
    assert [d.path for d in window.report.documents.values()] == [str(original)]
    assert window.results.groups_model.rowCount() == 0 and not helpers.duplicates(window)
    assert not window.tidy.trash_action.isEnabled()
    assert original.is_file() and link.read_bytes() == original.read_bytes()
    assert trash.is_empty() or not trash.root.exists()


def test_a_report_that_lists_a_file_and_a_link_to_it_never_trashes_the_file(
    tmp_path: Path, trash: Trash
) -> None:
    """A report saved by an earlier version may list a link and the file it leads to as
    copies, the link kept: moving the file would leave the kept copy dangling."""
    original = tmp_path / "zz original.txt"
    original.write_text(join(document(82)), encoding="utf-8")
    link = tmp_path / "aa link.txt"
    link.symlink_to(original.name)
    stat = original.stat()
    row = DocumentRow(str(original), stat.st_size, "txt", stat.st_mtime_ns, "scan", 60)
    kept = KeptCopies(None, (str(link),))
    assert unsafe_to_move(row, kept) == f"{SAME_FILE} (aa link.txt leads to it)"
    outcome = move_to_trash([row], {row.path: kept})
    assert not outcome.done and original.is_file() and (trash.is_empty() or not trash.root.exists())


def test_duplicates_stay_when_their_reference_is_gone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    helpers.agree(window)
    (reference,) = [r for r in helpers.references(window) if Path(r).name.startswith("report")]
    Path(reference).unlink()
    window.results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window)
    kept = {s.path for s in outcome.skipped}
    assert kept == {p for p in helpers.duplicates(window) if Path(p).name.startswith("report")}
    assert all(Path(p).is_file() for p in kept)
    assert all(REFERENCE_GONE in s.reason and NO_LONGER_THERE in s.reason for s in outcome.skipped)
    assert [Path(f.original).name for f in outcome.done] == ["notes edited.txt"]


def test_undo_does_not_take_another_file_the_trash_holds_under_the_same_name(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    _, outcome = helpers.trash_all_duplicates(qtbot, window, tmp_path)
    moved = outcome.done[0]
    # The Trash is emptied, then another file of the same name is trashed from elsewhere.
    Path(moved.in_trash).unlink()
    Path(moved.in_trash).write_text("somebody else's file, trashed later", encoding="utf-8")
    with qtbot.waitSignal(window.tidy.restored) as blocker:
        window.tidy.undo_last()
    restored = blocker.args[0]
    assert moved.original in {s.path for s in restored.skipped}
    assert not Path(moved.original).exists()
    assert Path(moved.in_trash).read_text(encoding="utf-8").startswith("somebody else's")


def test_the_documents_tab_marks_what_is_in_the_trash_until_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    _, outcome = helpers.trash_all_duplicates(qtbot, window, tmp_path)
    model = window.results.documents_model
    rows = {model.document(r).path: r for r in range(model.rowCount())}

    def tip(path: str) -> str:
        return str(model.data(model.index(rows[path], 0), Qt.ItemDataRole.ToolTipRole))

    trashed = {f.original for f in outcome.done}
    assert trashed and all(tip(p).startswith("In the Trash") for p in trashed)
    assert all(not tip(p).startswith("In the Trash") for p in set(rows) - trashed)
    window.tidy.undo_last()
    assert all(not tip(p).startswith("In the Trash") for p in rows)


def test_a_locked_file_is_not_reported_moved_and_the_trash_keeps_no_second_name(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    """A file whose folder cannot let it go (immutable here; a locked folder, some network
    drives): Qt's moveToTrash links it into the Trash, cannot remove it, and answers yes. It
    was reported moved, shown as in the Trash, and the Trash held a second name for it."""
    import shutil
    import subprocess

    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    duplicates = sorted(helpers.duplicates(window))
    locked_folder = Path(duplicates[0]).parent
    locked = [d for d in duplicates if Path(d).parent == locked_folder]
    rest = [d for d in duplicates if d not in locked]
    chattr = shutil.which("chattr")
    done = subprocess.run(
        [chattr or "chattr", "+i", str(locked_folder)], capture_output=True, check=False
    )
    if chattr is None or done.returncode != 0:
        pytest.skip("cannot make a folder immutable here (chattr needs root and ext2/3/4)")
    try:
        helpers.agree(window)
        window.results.groups_view.selectAll()
        outcome = helpers.trash_selection(qtbot, window, by_key=True)
    finally:
        subprocess.run([chattr, "-i", str(locked_folder)], check=True)
    assert sorted(f.original for f in outcome.done) == rest
    assert sorted(s.path for s in outcome.skipped) == locked
    assert all("cannot change the folder" in s.reason for s in outcome.skipped), outcome.skipped
    for path in locked:
        assert Path(path).read_bytes() == folder.bytes_of[path]
        assert not window.results.groups_model.is_in_trash(path)
    assert set(trash.contents()) == set(rest)  # no second name of a locked file


def test_a_file_put_back_by_hand_is_not_shown_in_the_trash_after_a_rescan(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: Trash
) -> None:
    """Restored from the system Trash by hand, then scanned again: the row was still greyed
    as in the Trash, with a tooltip sending the person to an Undo that had nothing to do."""
    _, outcome = helpers.trash_all_duplicates(qtbot, window, tmp_path)
    first = outcome.done[0]
    Path(first.in_trash).rename(first.original)  # as a file manager's Restore does
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()  # the same folder again
        answer_discard(window)
    assert not window.results.groups_model.is_in_trash(first.original)
    documents = window.results.documents_model
    [row] = [r for r in range(documents.rowCount()) if documents.document(r).path == first.original]
    tip = str(documents.data(documents.index(row, 0), Qt.ItemDataRole.ToolTipRole))
    assert not tip.startswith("In the Trash")
    still = {f.original for f in outcome.done[1:]}
    assert still and all(window.results.groups_model.is_in_trash(p) for p in still)


def test_a_name_too_long_for_the_trash_says_so(tmp_path: Path, trash: Trash) -> None:
    """A 250-character name: the Trash records it as "<name>.trashinfo", over the 255 bytes
    a name may have, so the move fails; the reason said only that the system refused."""
    folder = tmp_path / "long"
    folder.mkdir()
    long = folder / ("r" * 245 + ".txt")
    long.write_text(join(document(83)), encoding="utf-8")
    stat = long.stat()
    row = DocumentRow(str(long), stat.st_size, "txt", stat.st_mtime_ns, "scan", 60)
    outcome = move_to_trash([row])
    assert not outcome.done and long.is_file()
    [skipped] = outcome.skipped
    assert "name is too long for the Trash" in skipped.reason
    assert "move it to a folder" in skipped.reason
