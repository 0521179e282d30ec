"""Save a scan report and reopen it: the same rows, without rescanning."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from gui_corpus import Corpus
from gui_helpers import scan_folder, throw_results_away
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from neardup.cli import main as cli_main
from neardup.core.report.scan_report import read_report
from neardup.gui import app as gui_app
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import ReportData, shown_report
from neardup.gui.settings.settings_store import FolderRole, SettingsStore


def _rows(window: MainWindow) -> dict[str, list[tuple[str, ...]]]:
    results = window.results
    out: dict[str, list[tuple[str, ...]]] = {}
    for name, model in (("pairs", results.pairs_model), ("problems", results.problems_model)):
        out[name] = [
            tuple(model.data(model.index(r, c)) for c in range(model.columnCount()))
            for r in range(model.rowCount())
        ]
    groups = results.groups_model
    out["groups"] = []
    for g in range(groups.rowCount()):
        parent = groups.index(g, 0)
        out["groups"].append(tuple(groups.data(groups.index(g, c)) for c in range(7)))
        for m in range(groups.rowCount(parent)):
            out["groups"].append(tuple(groups.data(groups.index(m, c, parent)) for c in range(7)))
    return out


def test_save_and_reopen_shows_same_rows(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    before = _rows(window)
    summary = window.results.summary_label.text()
    target = tmp_path / "scan report.json"
    assert window.save_report(target)
    assert window.windowTitle() == "NearDup — scan report.json"
    data = read_report(target)
    assert {p["kind"] for p in data["pairs"]} == {"duplicate", "near-duplicate", "partial"}

    reopened = MainWindow(settings_store=store)
    qtbot.addWidget(reopened)
    with qtbot.waitSignal(reopened.report_loaded, timeout=10_000):
        reopened.open_report(target)
    assert reopened.windowTitle() == "NearDup — scan report.json"
    assert _rows(reopened) == before
    assert reopened.results.summary_label.text() == summary
    qtbot.waitUntil(lambda: reopened.load_job is not None and not reopened.load_job.is_running())


def test_cli_report_opens_in_gui(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path
) -> None:
    target = tmp_path / "cli.json"
    assert (
        cli_main(
            [
                "scan",
                str(gui_corpus.folder),
                "--format",
                "json",
                "--output",
                str(target),
                "--no-cache",
            ]
        )
        == 0
    )
    with qtbot.waitSignal(window.report_loaded, timeout=10_000):
        window.open_report(target)
    assert window.results.pairs_model.rowCount() == len(
        json.loads(target.read_text("utf-8"))["pairs"]
    )
    assert window.results.problems_model.rowCount() == 1
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())


def test_bad_report_shows_error(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "not-a-report.json"
    target.write_text('{"hello": 1}', encoding="utf-8")
    window.open_report(target)
    qtbot.waitUntil(lambda: window.error_box is not None and window.error_box.isVisible())
    assert window.error_box is not None and "not a NearDup scan report" in window.error_box.text()
    window.error_box.close()
    assert window.report is None and window.windowTitle() == "NearDup"
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())


def test_run_gui_opens_report(
    qtbot: QtBot, gui_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cli.json"
    cli_main(
        ["scan", str(gui_corpus.folder), "--format", "json", "--output", str(target), "--no-cache"]
    )
    monkeypatch.setattr(gui_app, "SettingsStore", lambda: SettingsStore(tmp_path / "s.ini"))
    shown: list[MainWindow] = []

    def fake_exec() -> int:
        # instead of entering the event loop: check the window, then close it
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        window = next(w for w in windows if w.isVisible())
        shown.append(window)
        qtbot.waitUntil(lambda: window.report is not None)
        window.close()
        return 0

    monkeypatch.setattr(QApplication.instance(), "exec", fake_exec)
    assert gui_app.run_gui(target) == 0
    assert shown and shown[0].windowTitle() == "NearDup — cli.json"
    assert QApplication.applicationName() == "NearDup"
    assert QApplication.organizationName() == "NearDup"


def test_a_reopened_report_puts_back_its_folders_and_settings(
    qtbot: QtBot, gui_corpus: Corpus, tmp_path: Path
) -> None:
    """Made by the command line with its own settings, opened in a window set otherwise:
    Scan would do the same scan again; this machine's worker count stays."""
    target = tmp_path / "cli.json"
    library = tmp_path / "library"
    library.mkdir()
    args = ["scan", str(gui_corpus.folder), "--against", str(library), "--threshold", "6"]
    args += ["--min-overlap", "12%", "--exclude", "*draft*", "--no-cache", "-q", "-o", str(target)]
    assert cli_main(args) == 0
    window = MainWindow(settings_store=SettingsStore(tmp_path / "fresh.ini"))
    qtbot.addWidget(window, before_close_func=throw_results_away)
    window.settings_panel.workers_spin.setValue(1)
    with qtbot.waitSignal(window.report_loaded, timeout=10_000):
        window.open_report(target)
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())
    folders = window.folders_panel.folders()
    assert [(f.path, f.role) for f in folders] == [
        (str(gui_corpus.folder.resolve()), FolderRole.SCAN),
        (str(library), FolderRole.LIBRARY),
    ]
    settings = window.current_settings()
    assert (settings.threshold, settings.min_overlap) == (6, 0.12)
    assert settings.exclude == ("*draft*",) and settings.workers == 1


def test_a_report_whose_charts_cannot_be_read_still_opens(corpus_report: ReportData) -> None:
    """A hand-edited fingerprint or threshold costs the settings' charts, not the report."""
    raw = copy.deepcopy(corpus_report.raw)
    raw["documents"][0]["simhash"] = "zz"
    raw["settings"]["threshold"] = None
    shown = shown_report(raw)
    assert shown.spread is None
    assert len(shown.pairs) == len(corpus_report.pairs)
    assert shown_report(copy.deepcopy(corpus_report.raw)).spread is not None
