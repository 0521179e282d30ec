"""End-to-end: drive the real main window through scans, cancels and errors."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from gui_corpus import Corpus, build_many
from gui_helpers import SCAN_TIMEOUT_MS, answer_discard, scan_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from neardup.core.report import PassageRows, PassageSpans
from neardup.core.scan import Progress, Stage
from neardup.gui import scan_task, worker
from neardup.gui.formatting import BAR_RANGE, progress_text, scan_fraction, scan_stages
from neardup.gui.main_window import MainWindow
from neardup.gui.results.groups_model import REFERENCE_TAG
from neardup.gui.results.models import ROW_ROLE
from neardup.gui.settings.settings_store import FolderRole
from textgen import document, paragraphs


def _pair_rows(window: MainWindow) -> set[tuple[str, ...]]:
    model = window.results.pairs_model
    return {
        (*sorted((Path(p.a).name, Path(p.b).name)), p.kind)
        for p in (model.pair(r) for r in range(model.rowCount()))
    }


def test_scan_shows_groups_pairs_and_problems(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    assert window.windowTitle() == "NearDup"
    progress: list[object] = []
    window.scan_progressed.connect(progress.append)
    scan_folder(qtbot, window, gui_corpus.folder)

    assert progress, "the progress bar was never updated"
    assert _pair_rows(window) == {
        ("copy_of_0.txt", "original_0.txt", "duplicate"),
        ("edited_1.txt", "original_1.txt", "near-duplicate"),
        ("original_2.txt", "thesis_with_quote.txt", "partial"),
    }

    # The Pairs tab counts what its filters leave.
    tabs, pairs_page = window.results.tabs, window.results.pairs_page
    assert tabs.tabText(tabs.indexOf(pairs_page)) == "Pairs (3)"
    window.results.filter_edit.setText("thesis")
    assert tabs.tabText(tabs.indexOf(pairs_page)) == "Pairs (1 of 3)"
    window.results.filter_edit.clear()
    assert tabs.tabText(tabs.indexOf(pairs_page)) == "Pairs (3)"

    groups = window.results.groups_model
    assert groups.rowCount() == 2
    members = set()
    for row in range(groups.rowCount()):
        parent = groups.index(row, 0)
        assert groups.rowCount(parent) == 2
        reference = groups.index(0, 0, parent)
        assert REFERENCE_TAG in groups.data(reference)
        assert groups.data(reference, Qt.ItemDataRole.FontRole).bold()
        other = groups.index(1, 0, parent)
        assert REFERENCE_TAG not in groups.data(other)
        assert groups.data(groups.index(1, 3, parent)).endswith("%")
        members |= {Path(groups.data(i, ROW_ROLE).document.path).name for i in (reference, other)}
    assert members == {"original_0.txt", "copy_of_0.txt", "original_1.txt", "edited_1.txt"}

    problems = window.results.problems_model
    assert problems.rowCount() == 1
    assert problems.problem(0).path == str(gui_corpus.broken)
    assert "empty" in problems.problem(0).reason.lower()

    summary = window.results.summary_label.text()
    for part in ("8 documents", "2 groups", "3 pairs", "1 problems"):
        assert part in summary
    assert window.windowTitle() == "NearDup — Unsaved scan"
    assert window.scan_button.isEnabled() and not window.cancel_button.isEnabled()
    assert window.save_report_action.isEnabled()
    assert not worker.running_threads()
    # The passages the window holds are verification's rows, not a dict for each one (a
    # scan of real text has millions), and the rows it shows read them where they are.
    assert window.report is not None
    partial = next(p for p in window.report.pairs if p.kind == "partial")
    raw = next(p for p in window.report.raw["pairs"] if p["kind"] == "partial")
    assert isinstance(raw["passages"], PassageRows) and len(raw["passages"]) >= 1
    assert isinstance(partial.passages, PassageSpans)
    assert np.shares_memory(partial.passages.spans, raw["passages"].rows)
    assert list(partial.passages) == [(*p["a"], *p["b"]) for p in raw["passages"]]


def test_library_folder_is_passed_as_against(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: Path
) -> None:
    scanned = tmp_path / "submissions"
    scanned.mkdir()
    (scanned / "thesis.txt").write_text(gui_corpus.partial[1].read_text("utf-8"), "utf-8")
    window.folders_panel.add_folder(gui_corpus.folder, FolderRole.LIBRARY)
    assert window.current_settings().against == (gui_corpus.folder,)
    scan_folder(qtbot, window, scanned)
    rows = _pair_rows(window)
    # the library's own duplicates are not compared with each other
    assert ("copy_of_0.txt", "original_0.txt", "duplicate") not in rows
    assert any("thesis.txt" in row[:2] for row in rows)


def _write_twins(folder: Path, names: tuple[str, ...]) -> None:
    """The same long text under each name: scanned together, any two are duplicates."""
    folder.mkdir()
    text = " ".join(f"word{i} topic{i % 7} detail{i % 11}" for i in range(80))
    for name in names:
        (folder / name).write_text(text, encoding="utf-8")


def test_include_patterns_restrict_the_scan(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "chapters"
    _write_twins(folder, ("keep.txt", "other.txt"))
    include_edit = window.folders_panel.include_edit
    include_edit.setFocus()
    qtbot.keyClicks(include_edit, "keep*")
    qtbot.keyClick(include_edit, Qt.Key.Key_Return)
    assert window.current_settings().include == ("keep*",)

    scan_folder(qtbot, window, folder)
    assert window.report is not None
    assert {Path(p).name for p in window.report.documents} == {"keep.txt"}
    assert window.results.pairs_model.rowCount() == 0
    # read back from the report, as a compare dialog or a reopened report does
    assert window.report.scan_settings().include == ("keep*",)

    include_edit.clear()
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
    assert {Path(p).name for p in window.report.documents} == {"keep.txt", "other.txt"}
    assert _pair_rows(window) == {("keep.txt", "other.txt", "duplicate")}


def test_log_tf_checkbox_follows_weighting_and_reaches_the_scan(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = window.settings_panel
    assert panel.log_tf_check.isChecked() and panel.log_tf_check.isEnabled()
    assert window.current_settings().log_tf
    for label, counts_words in (("Binary", False), ("TextRank", False), ("TF", True)):
        panel.weighting_combo.setCurrentText(label)
        assert panel.log_tf_check.isEnabled() == counts_words, label
    panel.log_tf_check.setChecked(False)
    settings = window.current_settings()
    assert settings.weighting.value == "tf" and not settings.log_tf

    folder = tmp_path / "texts"
    _write_twins(folder, ("a.txt", "b.txt"))
    scan_folder(qtbot, window, folder)
    assert window.report is not None
    assert not window.report.scan_settings().log_tf
    assert _pair_rows(window) == {("a.txt", "b.txt", "duplicate")}


def test_cancel_keeps_partial_results(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    folder = tmp_path / "many"
    build_many(folder, 300)
    window.folders_panel.add_folder(folder)
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        with qtbot.waitSignal(window.scan_progressed, timeout=SCAN_TIMEOUT_MS):
            window.scan_action.trigger()
        assert window.cancel_button.isEnabled()
        # No folder can be added while the scan runs, from the menu or the results' hint.
        assert not window.add_folder_action.isEnabled()
        assert not window.results.drop_hint.add_button.isEnabled()
        qtbot.keyClick(window, Qt.Key.Key_Escape)  # the Cancel shortcut
    assert window.report is not None
    assert window.report.summary.cancelled
    assert window.report.summary.documents < 300
    assert "Cancelled" in window.results.summary_label.text()
    assert window.progress_label.text() == "Cancelled"
    bar = window.progress_bar  # where the scan stopped, not full as a finished scan's
    assert bar.maximum() == 0 or bar.value() < bar.maximum()
    assert window.add_folder_action.isEnabled() and window.results.drop_hint.add_button.isEnabled()
    # The overlap chart's note gives the reason it is empty: the cancel, not the settings.
    note = window.settings_panel.overlap_preview.text()
    assert "cancelled" in note and "detection was off" not in note
    assert window.scan_button.isEnabled()
    assert not worker.running_threads()


def test_close_during_scan_cancels_and_waits(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "many"
    build_many(folder, 120)
    window.folders_panel.add_folder(folder)
    with qtbot.waitSignal(window.scan_progressed, timeout=SCAN_TIMEOUT_MS):
        window.start_scan()
    window.close()
    assert not worker.running_threads()
    assert not worker.live_jobs()


def test_worker_error_is_shown_and_app_stays_usable(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_scan(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(scan_task, "scan", broken_scan)
    scan_folder(qtbot, window, gui_corpus.folder)
    box = window.error_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "disk on fire" in box.text()
    assert "RuntimeError" in box.detailedText()
    box.close()
    assert window.scan_button.isEnabled()

    monkeypatch.undo()
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
    assert window.results.pairs_model.rowCount() == 3
    assert window.progress_label.text() == "Done" and window.progress_bar.value() == 1

    # failing again over those results: the line says so, not "Done" beside the earlier ones
    monkeypatch.setattr(scan_task, "scan", broken_scan)
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
    assert window.error_box is not None
    window.error_box.close()
    assert window.progress_label.text() == "Scan failed"
    assert window.progress_bar.value() < window.progress_bar.maximum()


def test_scan_without_folders_explains(window: MainWindow) -> None:
    window.start_scan()
    assert window.error_box is not None and "Add a folder" in window.error_box.text()
    assert window.scan_job is None
    window.error_box.close()


def test_folders_panel_add_remove_and_filters(window: MainWindow, tmp_path: Path) -> None:
    panel = window.folders_panel
    assert panel.add_folder(tmp_path)
    assert not panel.add_folder(tmp_path), "a folder is listed once"
    panel.add_folder(tmp_path / "lib", FolderRole.LIBRARY)
    assert panel.scan_paths() == [tmp_path]
    assert panel.library_paths() == (tmp_path / "lib",)
    panel.type_boxes[".pdf"].setChecked(False)
    panel.exclude_edit.setText("*draft*; */old/*")
    panel.include_edit.setText("*thesis*;\n*/2024/*; ")
    settings = window.current_settings()
    assert settings.suffixes == (".txt", ".docx")
    assert settings.exclude == ("*draft*", "*/old/*")
    assert settings.include == ("*thesis*", "*/2024/*")
    assert panel.include_edit.toolTip().endswith(".")
    assert "empty" in panel.include_edit.toolTip().lower()
    panel.tree.topLevelItem(0).setSelected(True)  # type: ignore[union-attr]
    panel.remove_selected()
    assert [f.path for f in panel.folders()] == [str(tmp_path / "lib")]


def test_settings_panel_values_and_tooltips(window: MainWindow) -> None:
    panel = window.settings_panel
    assert panel.threshold_slider.value() == 3 and panel.threshold_label.text() == "3"
    panel.threshold_slider.setValue(5)
    assert panel.threshold_label.text() == "5"
    panel.weighting_combo.setCurrentText("TextRank")
    panel.partial_check.setChecked(False)
    assert not panel.overlap_spin.isEnabled()
    settings = window.current_settings()
    assert settings.threshold == 5
    assert settings.weighting.value == "textrank"
    assert not settings.detect_partial
    assert not panel.advanced.is_expanded() and not panel.advanced.content.isVisibleTo(panel)
    panel.advanced.toggle.click()
    assert panel.advanced.content.isVisibleTo(panel)
    for widget in (
        panel.threshold_slider,
        panel.weighting_combo,
        panel.log_tf_check,
        panel.partial_check,
        panel.overlap_spin,
        panel.tokenizer_combo,
        panel.pdf_combo,
        panel.min_tokens_spin,
        panel.workers_spin,
        panel.cache_check,
    ):
        assert widget.toolTip().endswith("."), widget


def test_a_heavily_edited_copy_joins_its_sources_group(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A quarter of the sentences rewritten: still a copy of the whole text, so tidying
    sees it in the Groups tab beside its source, with how much of it is found."""
    sentence_end = re.compile(r"(?<=[.!?]) ")
    source = paragraphs(500, "en", count=10, sentences=4)
    rewritten = paragraphs(501, "en", count=10, sentences=4)
    edited = []
    for mine, other in zip(source, rewritten, strict=True):
        sentences = sentence_end.split(mine)
        sentences[1] = sentence_end.split(other)[1]  # one sentence in four
        edited.append(" ".join(sentences))
    folder = tmp_path / "drafts"
    folder.mkdir()
    (folder / "thesis.txt").write_text("\n\n".join(source), encoding="utf-8")
    (folder / "thesis-edited.txt").write_text("\n\n".join(edited), encoding="utf-8")
    (folder / "other.txt").write_text(document(502, "en"), encoding="utf-8")
    scan_folder(qtbot, window, folder)
    groups = window.results.groups_model
    assert groups.rowCount() == 1
    parent = groups.index(0, 0)
    names = {
        Path(groups.data(groups.index(r, 0, parent), ROW_ROLE).document.path).name
        for r in range(groups.rowCount(parent))
    }
    assert names == {"thesis.txt", "thesis-edited.txt"}
    assert groups.data(groups.index(1, 3, parent)).endswith("%")


def test_a_large_result_is_let_go_of_a_slice_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from neardup.gui import release

    monkeypatch.setattr(release, "SLICE", 1000)
    items: list[object] = [object() for _ in range(5001)]
    release.empty_in_slices(items)
    assert items == []


def test_a_replaced_report_is_let_go_of_between_events_and_the_new_one_kept(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.gui import release

    monkeypatch.setattr(release, "SLICE", 1)  # the corpus is small: a slice of one entry
    scan_folder(qtbot, window, gui_corpus.folder)
    first = window.report
    assert first is not None
    # Identities only: a reference held here would keep a container from being emptied.
    emptied = {
        id(c) for c in (first.pairs, first.pair_of, first.raw["pairs"], first.raw["documents"])
    }
    kept_elsewhere = first.documents  # held here, so never emptied
    shown = _pair_rows(window)
    del first
    # What waits to be emptied as the new report is shown: by scan_finished (once the
    # worker's thread has ended) the zero-delay slices may all have run on a busy machine.
    queued: list[set[int]] = []
    window.report_loaded.connect(lambda: queued.append({id(c) for c in release._pending}))
    scan_folder(qtbot, window, gui_corpus.folder)
    assert queued == [emptied]
    qtbot.waitUntil(lambda: release.releasing() == 0)  # each leaves the queue once empty
    assert len(kept_elsewhere) == 8
    assert window.report is not None and len(window.report.pairs) == 3
    assert len(window.report.raw["pairs"]) == 3 and _pair_rows(window) == shown


def test_one_progress_bar_fills_once_from_the_start_of_a_scan_to_its_end(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    """Each stage counts its own files, but the bar never goes back: it stands for the whole
    scan, and the line beside it says which step of how many is running."""
    seen: list[tuple[int, int, str]] = []
    bar, label = window.progress_bar, window.progress_label
    window.scan_progressed.connect(
        lambda _: seen.append((bar.maximum(), bar.value(), label.text()))
    )
    scan_folder(qtbot, window, gui_corpus.folder)
    values = [value for maximum, value, _ in seen if maximum > 0]
    assert values == sorted(values) and values[-1] == BAR_RANGE
    steps = [text.split(":")[0] for _, _, text in seen if text.startswith("Step")]
    assert steps[0] == "Step 1 of 4" and "Step 4 of 4" in steps
    assert steps == sorted(steps)
    assert bar.maximum() == bar.value() == 1 and label.text() == "Done"
    # a modification time is shown whole (a column counted in characters cut it in the middle)
    pairs = window.results.pairs_view
    shown = pairs.model().index(0, 8).data()
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", shown)
    assert pairs.columnWidth(8) >= pairs.fontMetrics().horizontalAdvance(shown) + 12


def test_the_whole_scan_share_of_each_stage_and_its_step() -> None:
    stages = scan_stages()
    walking = Progress(Stage.WALKING, 0, 0)
    assert scan_fraction(walking, stages) is None  # the bar is busy until files are found
    assert scan_fraction(Progress(Stage.EXTRACTING, 0, 10), stages) == 0.0
    halfway = scan_fraction(Progress(Stage.EXTRACTING, 5, 10), stages)
    read = scan_fraction(Progress(Stage.EXTRACTING, 10, 10), stages)
    fingerprinted = scan_fraction(Progress(Stage.FINGERPRINTING, 0, 10), stages)
    assert halfway is not None and read is not None and 0 < halfway < read == fingerprinted
    passages = scan_fraction(Progress(Stage.PASSAGES, 0, 3), stages)
    assert passages is not None and 0.5 < passages < 1
    # without partial copies there is no passages stage: matching ends the bar
    whole = scan_stages(partial=False)
    assert scan_fraction(Progress(Stage.MATCHING, 4, 4), whole) == pytest.approx(1.0)
    assert scan_fraction(Progress(Stage.DONE, 1, 1), whole) == 1.0
    text = progress_text(Progress(Stage.MATCHING, 2, 4), whole)
    assert text == "Step 3 of 3: Matching 2/4"
    assert progress_text(walking) == "Finding files"  # no count where there is none
    assert progress_text(Progress(Stage.DONE, 1, 1)) == "Done"
    # a check against a saved library looks its documents up after reading them
    library = scan_stages(library=True)
    assert library[:3] == [Stage.EXTRACTING, Stage.LOOKING_UP, Stage.FINGERPRINTING]
    looked_up = Progress(Stage.LOOKING_UP, 3, 3)
    assert progress_text(looked_up, library) == "Step 2 of 5: Looking up in the library 3/3"
    assert scan_fraction(looked_up, library) == scan_fraction(
        Progress(Stage.FINGERPRINTING, 0, 9), library
    )
    assert scan_fraction(looked_up, stages) is None  # not a stage of a plain scan


def test_hidden_files_are_read_when_the_box_says_so_and_the_choice_is_kept(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Hidden files and folders were skipped with no way in the window to read them (the
    command line has --include-hidden); a new-user test looked for one."""
    folder = tmp_path / "home"
    (folder / ".backup").mkdir(parents=True)
    text = "\n\n".join(paragraphs(95, count=6))
    (folder / "thesis.txt").write_text(text, encoding="utf-8")
    (folder / ".backup" / "thesis.txt").write_text(text, encoding="utf-8")
    assert not window.folders_panel.hidden_box.isChecked()
    scan_folder(qtbot, window, folder)
    assert window.report is not None and len(window.report.documents) == 1
    window.folders_panel.hidden_box.setChecked(True)
    assert window.current_settings().include_hidden
    with qtbot.waitSignal(window.scan_finished, timeout=SCAN_TIMEOUT_MS):
        window.scan_action.trigger()
        answer_discard(window)
    assert len(window.report.documents) == 2
    assert _pair_rows(window) == {("thesis.txt", "thesis.txt", "duplicate")}
    window.save_state()
    assert window.store.scan_settings().include_hidden
