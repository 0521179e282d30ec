"""Ignoring a pair or a group through the real window: hidden now, after a rescan, in a new
window, after the files moved; shown again on request; never tidied unseen."""

from __future__ import annotations

from pathlib import Path

import pytest
import tidy_helpers as helpers
from gui_corpus import document, join
from gui_helpers import (
    SCAN_TIMEOUT_MS,
    answer_discard,
    close_discarding,
    scan_folder,
    throw_results_away,
)
from pytestqt.qtbot import QtBot

from neardup.core.store import IgnoreList
from neardup.gui.main_window import MainWindow
from neardup.gui.results.results_view import ResultsView
from neardup.gui.settings.settings_store import SettingsStore
from neardup.gui.tidy.ignore import IGNORED_TAG
from neardup.gui.tidy.ignore_controller import (
    IGNORE_FILE_NAME,
    IGNORE_GROUP_TEXT,
    IGNORE_PAIR_TEXT,
    STOP_IGNORING_GROUP_TEXT,
)
from neardup.gui.tidy.marks import MarkRule

pytestmark = pytest.mark.usefixtures("trash")


def _shown_groups(results: ResultsView) -> list[set[str]]:
    """The names of each group's members the Groups tab shows."""
    proxy = results.groups_proxy
    shown = []
    for g in range(proxy.rowCount()):
        group = proxy.index(g, 0)
        names = set()
        for m in range(proxy.rowCount(group)):
            member = results.groups_model.member_at(proxy.mapToSource(proxy.index(m, 0, group)))
            assert member is not None
            names.add(member.document.name)
        shown.append(names)
    return shown


def _shown_pairs(results: ResultsView) -> set[frozenset[str]]:
    found = set()
    for r in range(results.pairs_model.rowCount()):
        pair = results.pairs_model.pair(r)
        found.add(frozenset({Path(pair.a).name, Path(pair.b).name}))
    return found


def _group_index(results: ResultsView, member_name: str):  # type: ignore[no-untyped-def]
    proxy = results.groups_proxy
    for g in range(proxy.rowCount()):
        group = results.groups_model.group_at(proxy.mapToSource(proxy.index(g, 0)))
        assert group is not None
        if any(m.document.name == member_name for m in group.members):
            return proxy.index(g, 0)
    raise AssertionError(f"no group of {member_name} is shown")


def _rescan(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)


REPORTS = {"report.txt", "report (copy).txt", "report - final.txt"}
NOTES = {"notes.txt", "notes edited.txt"}


def test_an_ignored_group_stays_hidden_after_a_rescan_until_shown_and_unignored(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    assert sorted(map(len, _shown_groups(results))) == [2, 3]
    assert window.ignoring.show_action in window.view_menu.actions()

    helpers.menu_action(
        results.context_menu(results.groups_view, _group_index(results, "report.txt")),
        IGNORE_GROUP_TEXT,
    )
    assert _shown_groups(results) == [NOTES]
    assert all(pair <= NOTES for pair in _shown_pairs(results)), "its pairs are hidden too"
    stored = Path(window.store.file_name).parent / IGNORE_FILE_NAME
    assert stored.is_file()

    _rescan(qtbot, window)
    assert _shown_groups(results) == [NOTES], "the ignore survives a rescan"

    # marks and the selection's duplicates never reach what is hidden
    window.marks.actions[MarkRule.ALL_BUT_KEPT].trigger()
    assert {Path(p).name for p in results.groups_model.marked_paths()} <= NOTES

    window.ignoring.show_action.trigger()
    shown = _shown_groups(results)
    assert sorted(map(len, shown)) == [2, 3]
    index = _group_index(results, "report.txt")
    assert results.groups_proxy.data(index).endswith(f"[{IGNORED_TAG}]")
    helpers.menu_action(results.context_menu(results.groups_view, index), STOP_IGNORING_GROUP_TEXT)
    window.ignoring.show_action.trigger()
    assert sorted(map(len, _shown_groups(results))) == [2, 3]
    assert not results.groups_proxy.data(_group_index(results, "report.txt")).endswith(
        f"[{IGNORED_TAG}]"
    )
    ignored = IgnoreList(stored)
    assert len(ignored) == 0
    ignored.close()


def test_an_ignored_pair_follows_its_files_into_a_new_window_and_another_folder(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, store: SettingsStore
) -> None:
    folder = helpers.untidy_folder(tmp_path)
    helpers.scan(qtbot, window, folder.path)
    results = window.results
    # the Pairs tab's own menu
    model = results.pairs_model
    row = next(r for r in range(model.rowCount()) if Path(model.pair(r).a).name in NOTES)
    menu = results.context_menu(results.pairs_view, model.index(row, 0))
    helpers.menu_action(menu, IGNORE_PAIR_TEXT)
    assert frozenset(NOTES) not in _shown_pairs(results)
    assert _shown_groups(results) == [REPORTS], "a pair group with its one pair ignored hides"
    close_discarding(window)

    moved = tmp_path / "moved"
    folder.path.rename(moved)
    second = MainWindow(settings_store=store)
    qtbot.addWidget(second, before_close_func=throw_results_away)
    second.settings_panel.workers_spin.setValue(1)
    second.settings_panel.cache_check.setChecked(False)
    second.folders_panel.set_folders([])  # the first window's folder is gone
    scan_folder(qtbot, second, moved)
    assert _shown_groups(second.results) == [REPORTS]
    assert frozenset(NOTES) not in _shown_pairs(second.results)

    # an edited file is another document: the pair shows again
    with open(moved / "notes edited.txt", "a", encoding="utf-8") as stream:
        stream.write("One more line.\n")
    _rescan(qtbot, second)
    assert NOTES in _shown_groups(second.results)


def test_ignoring_one_member_hides_it_and_keeps_it_from_the_trash(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, trash: helpers.Trash
) -> None:
    # one text three times, each file with other bytes (trailing blank lines): three documents
    text = join(document(95))
    written = helpers.write(
        tmp_path / "drafts", {"a.txt": text, "b.txt": text + "\n", "c.txt": text + "\n\n"}
    )
    scan_folder(qtbot, window, tmp_path / "drafts")
    results = window.results
    assert _shown_groups(results) == [{"a.txt", "b.txt", "c.txt"}]
    index, member = next((i, m) for i, m in helpers.members(window) if not m.is_reference)
    helpers.menu_action(results.context_menu(results.groups_view, index), IGNORE_PAIR_TEXT)
    assert _shown_groups(results) == [{"a.txt", "b.txt", "c.txt"} - {member.document.name}]
    helpers.agree(window)
    results.groups_view.selectAll()
    outcome = helpers.trash_selection(qtbot, window)
    assert len(outcome.done) == 1
    assert member.document.path not in {f.original for f in outcome.done}
    assert Path(member.document.path).read_bytes() == written[member.document.path]
