"""Settings persistence through the typed store over an injected INI file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray
from pytestqt.qtbot import QtBot

from neardup.core.settings import ScanSettings, Weighting
from neardup.gui.main_window import MainWindow
from neardup.gui.settings.settings_store import FolderEntry, FolderRole, SettingsStore


def test_store_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    store = SettingsStore(path)
    assert store.folders() == []
    assert store.scan_settings() == ScanSettings()
    folders = [FolderEntry("/a/论文", FolderRole.SCAN), FolderEntry("/b lib", FolderRole.LIBRARY)]
    settings = ScanSettings(
        threshold=6,
        weighting=Weighting.BINARY,
        tokenizer="jieba",
        pdf_engine="pdfminer",
        min_tokens=12,
        detect_partial=False,
        min_overlap=0.2,
        suffixes=(".txt",),
        exclude=("*draft*", "a;b"),
        include=("*论文*", "*/2024/*"),
        log_tf=False,
        workers=2,
        use_cache=False,
        exclude_quotes=False,
        exclude_references=False,
        min_match_words=0,
    )
    store.set_folders(folders)
    store.set_scan_settings(settings)
    store.set_window_geometry(QByteArray(b"geometry\x00bytes"))
    store.set_splitter_state(QByteArray(b"splitter"))
    store.sync()
    assert path.is_file()

    again = SettingsStore(path)
    assert again.folders() == folders
    assert again.scan_settings() == settings
    assert again.window_geometry() == QByteArray(b"geometry\x00bytes")
    assert again.splitter_state() == QByteArray(b"splitter")


def test_store_ignores_bad_values(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    path.write_text(
        "[scan]\nthreshold=banana\nweighting=nonsense\nmin_tokens=7\n[folders]\nentries=not json\n",
        encoding="utf-8",
    )
    store = SettingsStore(path)
    settings = store.scan_settings()
    assert settings.threshold == ScanSettings().threshold
    assert settings.weighting == ScanSettings().weighting
    assert settings.min_tokens == 7
    assert store.folders() == []


def test_window_restores_folders_settings_and_layout(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    first = MainWindow(settings_store=SettingsStore(path))
    qtbot.addWidget(first)
    first.folders_panel.add_folder(tmp_path / "scan-me")
    first.folders_panel.add_folder(tmp_path / "library", FolderRole.LIBRARY)
    first.folders_panel.type_boxes[".docx"].setChecked(False)
    first.folders_panel.exclude_edit.setText("*.bak.txt")
    first.folders_panel.include_edit.setText("*thesis*; */2024/*")
    first.settings_panel.threshold_slider.setValue(7)
    first.settings_panel.weighting_combo.setCurrentText("TF")
    first.settings_panel.log_tf_check.setChecked(False)
    first.settings_panel.overlap_spin.setValue(25)
    first.settings_panel.workers_spin.setValue(3)
    first.settings_panel.common_spin.setValue(12)
    first.settings_panel.fold_check.setChecked(False)
    first.show()
    first.resize(700, 500)  # inside the offscreen screen (800x600)
    first.splitter.setSizes([250, 650])
    sizes = first.splitter.sizes()
    first.close()

    second = MainWindow(settings_store=SettingsStore(path))
    qtbot.addWidget(second)
    second.show()
    assert second.folders_panel.folders() == [
        FolderEntry(str(tmp_path / "scan-me"), FolderRole.SCAN),
        FolderEntry(str(tmp_path / "library"), FolderRole.LIBRARY),
    ]
    settings = second.current_settings()
    assert settings.threshold == 7
    assert settings.weighting.value == "tf"
    assert not settings.log_tf
    assert not second.settings_panel.log_tf_check.isChecked()
    assert settings.min_overlap == 0.25
    assert settings.workers == 3
    assert settings.exclude_common == 12 and not settings.fold
    assert second.settings_panel.common_spin.text() == "in 12 documents or more"
    assert settings.suffixes == (".txt", ".pdf")
    assert settings.exclude == ("*.bak.txt",)
    assert settings.include == ("*thesis*", "*/2024/*")
    assert second.folders_panel.include_edit.text() == "*thesis*; */2024/*"
    assert settings.against == (tmp_path / "library",)
    assert second.size().width() == 700
    assert second.splitter.sizes() == sizes


def test_common_text_is_counted_unless_asked_and_folding_is_on_by_default(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = MainWindow(settings_store=SettingsStore(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    panel = window.settings_panel
    assert panel.common_spin.text() == "Never" and panel.fold_check.isChecked()
    settings = window.current_settings()
    assert settings.exclude_common is None and settings.fold
    panel.partial_check.setChecked(False)
    assert not panel.common_spin.isEnabled()


def test_citation_options_are_kept_and_are_the_scans_settings(qtbot: QtBot, tmp_path: Path) -> None:
    """The settings panel's citation options are the scan's settings, so the report carries
    them, and the sources page and its exports (which read the report's settings) use them."""
    window = MainWindow(settings_store=SettingsStore(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    panel = window.settings_panel
    assert panel.quotes_check.isChecked() and panel.references_check.isChecked()
    assert panel.short_match_spin.value() == 8
    panel.quotes_check.setChecked(False)
    panel.short_match_spin.setValue(20)
    settings = window.current_settings()
    assert not settings.exclude_quotes and settings.exclude_references
    assert settings.min_match_words == 20
    written = ScanSettings.from_dict(settings.to_dict())  # as the report's settings
    assert (written.exclude_quotes, written.min_match_words) == (False, 20)
    window.save_state()
    again = MainWindow(settings_store=SettingsStore(tmp_path / "settings.ini"))
    qtbot.addWidget(again)
    assert not again.settings_panel.quotes_check.isChecked()
    assert again.settings_panel.short_match_spin.value() == 20
