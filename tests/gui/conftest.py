"""Fixtures for the GUI tests: a main window on an injected settings file, and scan helpers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_corpus import Corpus
from gui_helpers import throw_results_away
from PySide6.QtCore import QStandardPaths
from pytestqt.qtbot import QtBot
from tidy_helpers import Trash

from neardup.core.report.scan_report import report_dict
from neardup.core.scan.pipeline import scan
from neardup.core.settings import ScanSettings
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import ReportData, parse_report
from neardup.gui.settings.settings_store import SettingsStore


@pytest.fixture(scope="session", autouse=True)
def _verification_compiled() -> None:
    """numba's verification loops compiled (or loaded) once, before any window scans.

    In a fresh clone nothing is in numba's cache yet, and compiling takes from 10 s to over
    a minute on a loaded machine; the first window's scan would spend it waiting for the
    compiler inside its 60 s limit, beside the scan's own loading thread. The window's
    tests are about the window: compiling is the core's, and is tested there.
    """
    from neardup.core.passages import warm_up

    warm_up()


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "neardup.ini")


@pytest.fixture
def window(qtbot: QtBot, store: SettingsStore) -> Iterator[MainWindow]:
    win = MainWindow(settings_store=store)
    qtbot.addWidget(win, before_close_func=throw_results_away)
    win.settings_panel.workers_spin.setValue(1)  # in-process: fast and deterministic
    win.settings_panel.cache_check.setChecked(False)  # never touch the user's cache
    win.show()
    yield win


@pytest.fixture(scope="session")
def corpus_report(gui_corpus: Corpus) -> ReportData:
    """The corpus scanned by the core directly, for model tests that need no window."""
    return parse_report(
        report_dict(scan([gui_corpus.folder], ScanSettings(workers=1, use_cache=False)))
    )


@pytest.fixture
def trash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Trash]:
    """HOME and XDG_DATA_HOME inside tmp_path, on the same device as the test's files, so Qt
    uses the home Trash $XDG_DATA_HOME/Trash (never $topdir/.Trash-$uid, never the real one)."""
    home = tmp_path / "home"
    data = home / ".local" / "share"
    data.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    location = QStandardPaths.StandardLocation.GenericDataLocation
    assert QStandardPaths.writableLocation(location) == str(data)
    yield Trash(data / "Trash")
