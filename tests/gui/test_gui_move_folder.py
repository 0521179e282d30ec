"""Move to folder… through the real window: marked files into a chosen folder, names kept
unique, nothing overwritten, and Undo puts them back."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import tidy_helpers as helpers
from gui_corpus import document, join
from gui_helpers import scan_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import DocumentRow
from neardup.gui.results.groups_rows import MOVED_TAG
from neardup.gui.tidy.marks import MarkRule
from neardup.gui.tidy.messages import confirmation, move_question
from neardup.gui.tidy.move_folder import free_name, move_to_folder, shared_folder
from neardup.gui.tidy.plan import TrashPlan
from neardup.gui.tidy.trash import Outcome


@pytest.fixture(autouse=True)
def _own_trash(trash: helpers.Trash) -> None:
    """Never the user's Trash, even if a test went wrong and trashed something."""


def _move_marked(qtbot: QtBot, window: MainWindow, destination: Path) -> Outcome:
    window.tidy.choose_destination = lambda: str(destination)
    with qtbot.waitSignal(window.tidy.moved_to_folder) as blocker:
        window.tidy.move_action.trigger()
    outcome = blocker.args[0]
    assert isinstance(outcome, Outcome)
    return outcome


def test_move_marked_files_to_a_folder_then_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    assert window.tidy.move_action in window.edit_menu.actions()
    assert not window.tidy.move_action.isEnabled(), "nothing marked or selected yet"
    destination = tmp_path / "sorted"
    destination.mkdir()
    # a file of one of the names is already there: it must stay as it is
    duplicates = helpers.duplicates(window)
    taken_name = Path(sorted(duplicates)[0]).name
    (destination / taken_name).write_text("already here", encoding="utf-8")

    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    assert window.tidy.move_action.isEnabled()
    asked: list[str | None] = []
    helpers.agree(window)
    agreeing = window.tidy.confirm
    window.tidy.confirm = lambda plan, where=None: asked.append(where) or agreeing(plan, where)
    outcome = _move_marked(qtbot, window, destination)

    assert asked == [str(destination)]
    assert {f.original for f in outcome.done} == duplicates and not outcome.skipped
    now_at = {f.original: Path(f.in_trash) for f in outcome.done}
    assert all(path.parent == destination for path in now_at.values())
    assert now_at[sorted(duplicates)[0]].name == f"{Path(taken_name).stem} (2).txt"
    assert (destination / taken_name).read_text("utf-8") == "already here"
    for original, path in now_at.items():
        assert not Path(original).exists()
        assert path.read_bytes() == folder.bytes_of[original]
    model = window.results.groups_model
    proxy = window.results.groups_proxy
    for index, row in helpers.members(window):
        moved = row.document.path in duplicates
        assert (f"{MOVED_TAG} {destination}" in proxy.data(index)) == moved
        assert proxy.data(index, Qt.ItemDataRole.FontRole).italic() == moved
        assert model.is_away(row.document.path) == moved
    assert not model.marked_paths(), "moved files are no longer marked"
    box = window.tidy.message_box
    assert box is not None and box.text().startswith("Moved 3 files (")
    assert str(destination) in box.text()
    # the one renamed is named, with where it is now: a file of its name was there
    renamed = now_at[sorted(duplicates)[0]]
    assert "1 file renamed, as a file of the name was there:" in box.informativeText()
    assert f"{taken_name} → {renamed}" in box.informativeText()
    assert f"{sorted(duplicates)[0]} → {renamed}" in box.detailedText()
    assert window.tidy.undo_action.text() == "Undo move of 3 files to sorted"

    with qtbot.waitSignal(window.tidy.restored) as blocker:
        window.tidy.undo_action.trigger()
    assert {f.original for f in blocker.args[0].done} == duplicates
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data
    assert sorted(p.name for p in destination.iterdir()) == [taken_name]
    assert not any(model.is_away(p) for p in duplicates)
    assert "Restored 3 files from" in window.tidy.message_box.text()


def test_move_to_a_folder_that_cannot_take_files_moves_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    asked = helpers.agree(window)
    not_a_folder = tmp_path / "a file"
    not_a_folder.write_text("x", encoding="utf-8")
    window.tidy.choose_destination = lambda: str(not_a_folder)
    window.tidy.move_action.trigger()
    assert not asked, "no question about a move that cannot happen"
    box = window.tidy.message_box
    assert box is not None and box.icon() == QMessageBox.Icon.Warning
    assert box.informativeText() == f"{not_a_folder} is not a folder"
    for path, data in folder.bytes_of.items():
        assert Path(path).read_bytes() == data
    # a file whose group keeps nothing any more stays where it is, with the reason
    reference = next(iter(helpers.references(window) - {str(folder.path / "notes.txt")}))
    Path(reference).unlink()
    destination = tmp_path / "sorted"
    destination.mkdir()
    outcome = _move_marked(qtbot, window, destination)
    assert reference not in {f.original for f in outcome.done}
    assert outcome.skipped and all("is no longer there" in s.reason for s in outcome.skipped)


def test_free_names_count_up(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("1", encoding="utf-8")
    (tmp_path / "a (2).txt").write_text("2", encoding="utf-8")
    assert free_name(tmp_path, "a.txt") == tmp_path / "a (3).txt"
    assert free_name(tmp_path, "b.txt") == tmp_path / "b.txt"


def test_files_keep_their_folders_and_undo_removes_the_folders_it_made(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Three copies of report.txt in three folders: the two moved keep their folders below
    the one they share, so neither is renamed and each says where it came from."""
    work = tmp_path / "Work"
    text = join(document(74))
    places = [work / "2023" / "report.txt", work / "2024" / "report.txt"]
    places.append(work / "2025" / "drafts" / "report.txt")
    for age, path in enumerate(places):
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_600_000_000 + age, 1_600_000_000 + age))  # the first is the oldest
    scan_folder(qtbot, window, work)
    destination = tmp_path / "sorted"
    (destination / "2024").mkdir(parents=True)  # there already: it stays after the undo
    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    helpers.agree(window)
    outcome = _move_marked(qtbot, window, destination)

    now_at = {Path(f.original): Path(f.in_trash) for f in outcome.done}
    assert now_at == {
        places[1]: destination / "2024" / "report.txt",
        places[2]: destination / "2025" / "drafts" / "report.txt",
    }
    assert all(path.read_text(encoding="utf-8") == text for path in now_at.values())
    assert places[0].exists() and not places[1].exists() and not places[2].exists()
    documents = window.results.documents_model

    def tip_of(path: Path) -> str | None:
        row = next(
            r for r in range(documents.rowCount()) if documents.document(r).path == str(path)
        )
        tip = documents.data(documents.index(row, 0), Qt.ItemDataRole.ToolTipRole)
        return str(tip) if tip is not None else None

    # the Documents tab says where each moved file is now, as the Groups tab does
    assert tip_of(places[1]) == (
        f"Moved to {now_at[places[1]]} (Edit → Undo puts it back): {places[1]}"
    )
    assert "Moved to" not in (tip_of(places[0]) or "")

    with qtbot.waitSignal(window.tidy.restored):
        window.tidy.undo_action.trigger()
    assert all(path.read_text(encoding="utf-8") == text for path in places)
    assert sorted(p.name for p in destination.iterdir()) == ["2024"]
    assert not any((destination / "2024").iterdir())
    assert "Moved to" not in (tip_of(places[1]) or "")


def test_the_question_says_files_keep_their_folders(tmp_path: Path) -> None:
    rows = [
        DocumentRow(str(tmp_path / "Work" / year / "report.txt"), 10, "txt", 0, "scan", 40)
        for year in ("2024", "2025")
    ]
    plan = TrashPlan(tuple(rows))
    message = confirmation(plan, "Ctrl+Z", str(tmp_path / "sorted"))
    assert (
        f"Each file keeps the folders it is in below {tmp_path / 'Work'}, "
        f"in {tmp_path / 'sorted'}." in message.informative
    )
    one_folder = TrashPlan(tuple(rows[:1]))
    assert "keeps the folders" not in confirmation(one_folder, "Ctrl+Z", "x").informative


def test_a_question_about_edited_versions_only_says_so(tmp_path: Path) -> None:
    """Not "Move 0 files (0 B) to …?" when every file is an edited version, which moves
    only once its box is ticked."""
    rows = tuple(
        DocumentRow(str(tmp_path / f"notes {n}.txt"), 10, "txt", 0, "scan", 40) for n in (1, 2)
    )
    plan = TrashPlan(rows, edited=frozenset(r.path for r in rows))
    asked = confirmation(plan, "Ctrl+Z", str(tmp_path / "sorted")).text
    assert asked == (
        f"Each of the 2 files is an edited version: tick the box to move them to "
        f"{tmp_path / 'sorted'}."
    )
    assert move_question(plan, True, str(tmp_path / "sorted")).startswith("Move 2 files (")


def _rows_of(*paths: Path) -> list[DocumentRow]:
    """The report's rows of real files, as a scan would have seen them."""
    rows = []
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"the text of {path.name}", encoding="utf-8")
        info = path.stat()
        rows.append(DocumentRow(str(path), info.st_size, "txt", info.st_mtime_ns, "scan", 40))
    return rows


def test_a_destination_in_the_shared_folder_gathers_the_files_into_it(tmp_path: Path) -> None:
    """Work/a/x.txt and Work/b/y.txt into Work: kept folders would leave both where they are
    ("already in that folder"); into Work/dups, y.txt already there must not nest again."""
    work = tmp_path / "Work"
    rows = _rows_of(work / "a" / "x.txt", work / "b" / "y.txt")
    paths = [r.path for r in rows]
    assert shared_folder(paths, work) is None
    outcome = move_to_folder(rows, work, None, shared_folder(paths, work))
    assert sorted(Path(f.in_trash) for f in outcome.done) == [work / "x.txt", work / "y.txt"]
    assert not outcome.made_folders

    dups = work / "dups"
    rows = _rows_of(work / "z.txt", dups / "w.txt")
    outcome = move_to_folder(rows, dups, None, shared_folder([r.path for r in rows], dups))
    assert [Path(f.in_trash) for f in outcome.done] == [dups / "z.txt"]
    assert [s.path for s in outcome.skipped] == [str(dups / "w.txt")]  # already there
    assert not (dups / "dups").exists()


def test_a_subfolder_the_destination_cannot_take_sends_the_file_into_it_flat(
    tmp_path: Path,
) -> None:
    """A name the disk refuses (here a file already holds it) is no reason to leave the file:
    it goes into the destination itself, as before folders were kept, and nothing half-made
    stays behind."""
    rows = _rows_of(tmp_path / "Work" / "a" / "deep" / "x.txt", tmp_path / "Work" / "b" / "y.txt")
    destination = tmp_path / "sorted"
    destination.mkdir()
    (destination / "a").write_text("a file where the folder would go", encoding="utf-8")
    keep_below = shared_folder([r.path for r in rows], destination)
    outcome = move_to_folder(rows, destination, None, keep_below)
    assert sorted(Path(f.in_trash) for f in outcome.done) == [
        destination / "b" / "y.txt",
        destination / "x.txt",
    ]
    assert outcome.made_folders == (str(destination / "b"),)
    assert (destination / "a").read_text(encoding="utf-8") == "a file where the folder would go"


def test_braces_in_a_folder_name_do_not_break_the_question(tmp_path: Path) -> None:
    rows = _rows_of(tmp_path / "W {old}" / "a" / "x.txt", tmp_path / "W {old}" / "b" / "y.txt")
    message = confirmation(TrashPlan(tuple(rows)), "Ctrl+Z", str(tmp_path / "{}"))
    assert f"below {tmp_path / 'W {old}'}, in {tmp_path / '{}'}." in message.informative
    assert "Edit → Undo (Ctrl+Z)" in message.informative


def test_a_compare_reads_a_moved_file_where_it_is_now(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Opening a pair of a file tidied away since the scan compares it at its new place,
    not "File vanished"; once Undo puts it back, at its own place again."""
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    destination = tmp_path / "sorted"
    destination.mkdir()
    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    helpers.agree(window)
    outcome = _move_marked(qtbot, window, destination)
    now_at = {f.original: f.in_trash for f in outcome.done}
    assert window.report is not None
    pair = next(p for p in window.report.pairs if p.a in now_at or p.b in now_at)

    def compared(expected: tuple[str, str]) -> None:
        dialog = window.open_compare(pair)
        qtbot.waitUntil(
            lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
        )
        assert dialog.paths == expected
        comparison = dialog.comparison
        assert comparison is not None and not comparison.problems
        assert comparison.left is not None and comparison.right is not None
        dialog.close()
        qtbot.waitUntil(lambda: not window.compare_dialogs)

    compared((now_at.get(pair.a, pair.a), now_at.get(pair.b, pair.b)))
    with qtbot.waitSignal(window.tidy.restored):
        window.tidy.undo_action.trigger()
    compared((pair.a, pair.b))
