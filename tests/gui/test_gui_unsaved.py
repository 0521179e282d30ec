"""Unsaved results are never lost without a question (closing, opening another report, a new
scan); a cancelled scan's unread files are counted as not scanned; what the window does with
a drop, and its hint before the first results. All on the real window and real files."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_corpus import Corpus, build_many, document, join
from gui_helpers import SCAN_TIMEOUT_MS, drop_on, scan_folder
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from neardup.core.report import read_report
from neardup.gui import worker
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import NOT_SCANNED_CODE
from neardup.gui.settings.settings_store import SettingsStore

Button = QMessageBox.StandardButton
LOAD_TIMEOUT_MS = 10_000


def _question(window: MainWindow) -> QMessageBox:
    question = window.files.question
    assert question is not None and question.isVisible(), "nothing was asked"
    return question


def _save_dialog_answers(monkeypatch: pytest.MonkeyPatch, path: Path | None) -> None:
    """The save dialog as a person answers it: a file name, or Cancel (None)."""
    answer = ("", "") if path is None else (str(path), "")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: answer))


def _saved_report(qtbot: QtBot, window: MainWindow, folder: Path, path: Path) -> Path:
    scan_folder(qtbot, window, folder)
    assert window.save_report(path)
    return path


def test_closing_an_unsaved_scan_asks_and_cancel_is_the_default(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    window.close()
    question = _question(window)
    assert window.isVisible(), "the window waits for the answer"
    assert question.defaultButton() is question.button(Button.Cancel)
    assert question.escapeButton() is question.button(Button.Cancel)
    assert {question.standardButton(b) for b in question.buttons()} == {
        Button.Save,
        Button.Discard,
        Button.Cancel,
    }
    assert "before closing" in question.text()
    question.button(Button.Cancel).click()
    assert window.isVisible() and window.report is not None

    window.close()
    _question(window).button(Button.Discard).click()
    assert not window.isVisible()
    assert not worker.running_threads()


def test_save_in_the_question_saves_then_closes(
    qtbot: QtBot,
    window: MainWindow,
    gui_corpus: Corpus,
    tmp_path: Path,
    store: SettingsStore,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    pairs = window.results.pairs_model.rowCount()
    _save_dialog_answers(monkeypatch, None)  # first the person cancels the file dialog
    window.close()
    _question(window).button(Button.Save).click()
    assert window.isVisible(), "nothing saved: the window stays"

    target = tmp_path / "kept.json"
    _save_dialog_answers(monkeypatch, target)
    window.close()
    _question(window).button(Button.Save).click()
    assert not window.isVisible()
    assert len(read_report(target)["pairs"]) == pairs
    assert store.recent_reports() == [str(target)]


def test_saved_results_and_reports_opened_unchanged_are_never_asked_about(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    report = _saved_report(qtbot, window, gui_corpus.folder, tmp_path / "saved.json")
    assert window.windowTitle() == "NearDup — saved.json"
    window.close()
    assert window.files.question is None and not window.isVisible()

    reopened = MainWindow(settings_store=store)
    qtbot.addWidget(reopened)
    reopened.show()
    with qtbot.waitSignal(reopened.report_loaded, timeout=LOAD_TIMEOUT_MS):
        reopened.open_report(report)
    qtbot.waitUntil(lambda: reopened.load_job is not None and not reopened.load_job.is_running())
    reopened.close()
    assert reopened.files.question is None and not reopened.isVisible()


def test_opening_another_report_over_an_unsaved_scan_asks_first(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    other_window = MainWindow(settings_store=store)
    qtbot.addWidget(other_window)
    other_window.settings_panel.workers_spin.setValue(1)
    other_window.settings_panel.cache_check.setChecked(False)
    only_two = tmp_path / "two"
    only_two.mkdir()
    for name in ("a.txt", "b.txt"):
        (only_two / name).write_text(join(document(31)), encoding="utf-8")
    other = _saved_report(qtbot, other_window, only_two, tmp_path / "other.json")

    scan_folder(qtbot, window, gui_corpus.folder)
    shown = window.report
    window.open_report(other)
    question = _question(window)
    assert "other.json" in question.text()
    question.button(Button.Cancel).click()
    assert window.report is shown and window.load_job is None, "nothing was opened"

    window.open_report(other)
    with qtbot.waitSignal(window.report_loaded, timeout=LOAD_TIMEOUT_MS):
        _question(window).button(Button.Discard).click()
    assert window.windowTitle() == "NearDup — other.json"
    assert {Path(p).name for p in window.report.documents} == {"a.txt", "b.txt"}
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())


def test_a_new_scan_over_an_unsaved_one_asks_first(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    first_job, shown = window.scan_job, window.report
    window.scan_action.trigger()
    question = _question(window)
    assert "scanning again" in question.text()
    question.button(Button.Cancel).click()
    assert window.scan_job is first_job and window.report is shown, "no scan started"

    window.scan_action.trigger()
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        _question(window).button(Button.Discard).click()
    assert window.scan_job is not first_job and window.report is not shown


def test_files_a_cancelled_scan_never_read_are_not_scanned_not_problems(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "many"
    build_many(folder, 300)
    (folder / "empty.txt").write_bytes(b"")  # a real problem, read first (sorted by name)
    (folder / "notes.md").write_text("not a type NearDup reads", encoding="utf-8")
    window.folders_panel.add_folder(folder)
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        with qtbot.waitSignal(window.scan_progressed, timeout=SCAN_TIMEOUT_MS):
            window.scan_action.trigger()
        window.cancel_action.trigger()
    report = window.report
    assert report is not None and report.summary.cancelled
    unread = report.summary.not_scanned
    assert unread > 0 and len(report.not_scanned) == unread
    # the core lists them as problems with their code; the GUI keeps them apart
    raw_codes = [p.get("code") for p in report.raw["problems"]]
    assert raw_codes.count(NOT_SCANNED_CODE) == unread
    problems = window.results.problems_model
    codes = [problems.problem(r).code for r in range(problems.rowCount())]
    assert NOT_SCANNED_CODE not in codes
    assert report.summary.problems == len(codes)
    # every file is accounted for: read, a problem, or not scanned
    assert report.summary.documents + report.summary.problems + unread == 301
    assert f"{unread} not scanned" in window.results.summary_label.text()
    assert "1 of other types skipped (.md 1)" in window.results.summary_label.text()
    assert f"{unread} files not scanned" in window.statusBar().currentMessage()
    tabs = window.results.tabs
    assert tabs.tabText(tabs.indexOf(window.results.problems_view)) == f"Problems ({len(codes)})"


def test_before_the_first_results_the_area_says_where_to_begin(
    qtbot: QtBot,
    window: MainWindow,
    gui_corpus: Corpus,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = window.results
    hint = results.drop_hint
    assert results.pages.currentWidget() is hint and hint.isVisible()
    assert hint.label.text() == "Drop folders or files here, or choose Add folder"
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(chosen))
    )
    hint.add_button.click()
    assert [Path(f.path) for f in window.folders_panel.folders()] == [chosen]
    window.folders_panel.set_folders([])
    scan_folder(qtbot, window, gui_corpus.folder)
    assert results.pages.currentWidget() is results.tabs and not hint.isVisible()


def test_a_dropped_document_joins_the_scan_and_anything_else_is_refused(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path
) -> None:
    original, copy = gui_corpus.exact_copy
    assert drop_on(window, [original])
    assert drop_on(window, [copy])
    assert [Path(f.path) for f in window.folders_panel.folders()] == [original, copy]
    assert copy.name in window.statusBar().currentMessage()
    assert window.error_box is None

    picture = tmp_path / "scan.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")
    assert drop_on(window, [picture])
    box = window.error_box
    assert box is not None and box.isVisible()
    assert "scan.png" in box.text() and ".txt, .docx, .pdf" in box.text()
    box.close()
    assert len(window.folders_panel.folders()) == 2, "the picture was not added"

    # the two dropped files alone make a scan: their pair is found
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
    assert window.report is not None
    found = {(frozenset({Path(p.a).name, Path(p.b).name}), p.kind) for p in window.report.pairs}
    assert found == {(frozenset({original.name, copy.name}), "duplicate")}


def test_a_dropped_report_opens(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path, store: SettingsStore
) -> None:
    first = MainWindow(settings_store=store)
    qtbot.addWidget(first)
    first.settings_panel.workers_spin.setValue(1)
    first.settings_panel.cache_check.setChecked(False)
    report = _saved_report(qtbot, first, gui_corpus.folder, tmp_path / "dropped.json")
    with qtbot.waitSignal(window.report_loaded, timeout=LOAD_TIMEOUT_MS):
        assert drop_on(window, [report])
    assert window.windowTitle() == "NearDup — dropped.json"
    # The report is opened, not scanned: the folders are the ones it was made from.
    folders = [Path(f.path) for f in window.folders_panel.folders()]
    assert folders == [gui_corpus.folder.resolve()] and report not in folders
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())
