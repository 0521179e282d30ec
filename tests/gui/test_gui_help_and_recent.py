"""The Help menu (About NearDup, how to read the results) and File → Open Recent, on the real
window with reports it saved itself."""

from __future__ import annotations

from importlib.metadata import metadata, version
from pathlib import Path

from gui_corpus import Corpus
from gui_helpers import scan_folder
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from neardup import __version__
from neardup.gui.help_menu import LICENCE
from neardup.gui.main_window import MainWindow
from neardup.gui.recent_reports import MAX_RECENT
from neardup.gui.settings.settings_store import SettingsStore

LOAD_TIMEOUT_MS = 10_000


def _menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_about_names_the_version_what_neardup_does_and_its_licence(window: MainWindow) -> None:
    assert _menu_titles(window)[-1] == "&Help", "Help is the last menu, as on every platform"
    window.help_menu.about_action.trigger()
    box = window.help_menu.about_box
    assert box is not None and box.isVisible()
    assert box.windowTitle() == "About NearDup"
    assert __version__ in box.text() and version("neardup") == __version__
    about = box.informativeText()
    assert "near-duplicate and partly copied documents" in about
    package = metadata("neardup")
    assert (package.get("License-Expression") or package.get("License")) == LICENCE
    assert f"{LICENCE} licence" in about
    box.close()


def test_f1_opens_how_to_read_the_results(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    guide = window.help_menu.guide
    assert guide is not None and guide.isVisible()
    assert guide.windowTitle() == "How to read the results"
    text = guide.browser.toPlainText()
    for said in ("Duplicate:", "Near-duplicate:", "Partial:", "Overlap A→B", "Overlap B→A"):
        assert said in text, said
    assert "The threshold k" in text and "64 bits" in text
    window.help_menu.guide_action.trigger()
    assert window.help_menu.guide is guide, "one guide, raised again"
    guide.close()


def _recent_entries(window: MainWindow) -> list[QAction]:
    menu = window.files.recent_menu
    menu.refresh()
    return [a for a in menu.actions() if a.data()]


def test_recent_reports_list_saved_and_opened_reports_latest_first(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    assert window.files.recent_menu.menuAction() in file_menu.actions()
    assert not _recent_entries(window)
    assert window.files.recent_menu.clear_action.isEnabled() is False

    scan_folder(qtbot, window, gui_corpus.folder)
    first, second = tmp_path / "first.json", tmp_path / "second & more.json"
    assert window.save_report(first) and window.save_report(second)
    entries = _recent_entries(window)
    assert [a.data() for a in entries] == [str(second), str(first)]
    assert entries[0].text().startswith("&1 second && more.json")  # a & in a name is no shortcut
    assert entries[0].toolTip() == str(second)

    # choosing an entry opens that report, which then comes first
    with qtbot.waitSignal(window.report_loaded, timeout=LOAD_TIMEOUT_MS):
        entries[1].trigger()
    assert window.windowTitle() == "NearDup — first.json"
    assert store.recent_reports() == [str(first), str(second)]
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())

    # kept with the settings: a new window lists them too
    later = MainWindow(settings_store=SettingsStore(Path(store.file_name)))
    qtbot.addWidget(later)
    assert [a.data() for a in _recent_entries(later)] == [str(first), str(second)]

    # a report that is gone is listed disabled, saying so
    second.unlink()
    entries = _recent_entries(window)
    assert [a.isEnabled() for a in entries] == [True, False]
    assert entries[1].text().endswith("not found")
    assert "No longer there" in entries[1].toolTip()

    window.files.recent_menu.clear_action.trigger()
    assert store.recent_reports() == [] and not _recent_entries(window)
    placeholder = window.files.recent_menu.actions()[0]
    assert placeholder.text() == "No recent reports" and not placeholder.isEnabled()


def test_a_report_gone_since_the_menu_opened_is_taken_off_with_a_message(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    report = tmp_path / "moved away.json"
    assert window.save_report(report)
    entry = _recent_entries(window)[0]
    assert entry.isEnabled()
    report.unlink()  # after the menu was shown, before the click
    entry.trigger()
    notice = window.files.recent_menu.notice
    assert notice is not None and notice.isVisible()
    assert str(report) in notice.text() and "no longer there" in notice.text()
    notice.close()
    assert store.recent_reports() == []
    assert window.windowTitle() == "NearDup — moved away.json", "the results shown stay"


def test_recent_reports_keep_the_last_eight(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    saved = [tmp_path / f"report {n}.json" for n in range(MAX_RECENT + 2)]
    for path in saved:
        assert window.save_report(path)
    assert window.save_report(saved[3])  # saved again: moves to the top, listed once
    others = [p for p in reversed(saved) if p != saved[3]]
    expected = [saved[3], *others[: MAX_RECENT - 1]]
    assert store.recent_reports() == [str(p) for p in expected]
    assert [a.data() for a in _recent_entries(window)] == [str(p) for p in expected]
    assert _recent_entries(window)[-1].text().startswith(f"&{MAX_RECENT} ")
