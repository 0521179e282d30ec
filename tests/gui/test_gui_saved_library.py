"""A saved library (made with `neardup library add`) as the reference side of a scan."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import scan_folder, throw_results_away
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from library_corpus import SETTINGS, make_library_files, make_submissions, pair_figures
from neardup.core.library import add_to_library, check_library
from neardup.core.report import report_dict
from neardup.gui.main_window import MainWindow
from neardup.gui.report_files import restore_scan_inputs
from neardup.gui.settings.settings_store import FolderRole


def _saved_library(tmp_path: Path) -> tuple[Path, Path]:
    files = make_library_files(tmp_path)
    library = tmp_path / "library"
    add_to_library(library, [files], SETTINGS)
    return library, make_submissions(tmp_path, files)


def test_a_scan_checks_the_scanned_folders_against_a_saved_library(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    library, submissions = _saved_library(tmp_path)
    window.folders_panel.add_folder(library, FolderRole.SAVED_LIBRARY)
    window.settings_panel.workers_spin.setValue(1)
    bar, label = window.progress_bar, window.progress_label
    seen: list[tuple[int, str]] = []
    window.scan_progressed.connect(lambda _: seen.append((bar.value(), label.text())))
    scan_folder(qtbot, window, submissions)
    # one bar for the whole check: it never goes back, nor do its steps
    values = [value for value, _ in seen]
    assert values == sorted(values)
    steps = [text.split(":")[0] for _, text in seen if text.startswith("Step")]
    assert steps == sorted(steps) and "Step 2 of 5" in steps
    assert any(text.startswith("Step 2 of 5: Looking up in the library") for _, text in seen)
    report = window.report
    assert report is not None
    roles = {Path(d.path).name: d.role for d in report.documents.values()}
    assert roles["host.txt"] == "scan" and roles["source.txt"] == "library"
    # the same pairs, with the same figures, as the core's check of the same library
    expected = report_dict(check_library(library, [submissions], SETTINGS))
    assert pair_figures(report.raw) == pair_figures(expected)
    found = {frozenset(Path(p).name for p in pair) for pair in pair_figures(report.raw)}
    assert frozenset({"host.txt", "source.txt"}) in found
    assert frozenset({"copy.txt", "thesis1.txt"}) in found
    # the library's documents are never paired with each other
    library_names = {name for name, role in roles.items() if role == "library"}
    assert not any(pair <= library_names for pair in found)
    # a report reopened later puts the saved library back with its role
    window.folders_panel.set_folders([])
    assert restore_scan_inputs(window.folders_panel, window.settings_panel, report)
    assert window.folders_panel.saved_libraries() == (library,)
    throw_results_away(window)


def test_a_folder_that_is_no_saved_library_is_refused_before_scanning(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    library, submissions = _saved_library(tmp_path)
    window.folders_panel.add_folder(submissions)
    window.folders_panel.add_folder(submissions.parent / "library-files", FolderRole.SAVED_LIBRARY)
    qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
    assert window.error_box is not None and "is not a saved library" in window.error_box.text()
    assert "neardup library add" in window.error_box.text()
    window.error_box.close()
    assert window.report is None  # nothing was scanned
    window.folders_panel.set_role(1, FolderRole.LIBRARY)
    window.folders_panel.add_folder(library, FolderRole.SAVED_LIBRARY)
    qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
    assert window.error_box is not None
    assert "cannot be combined with reference-library folders" in window.error_box.text()
    window.error_box.close()
    assert window.report is None
