"""Save a document's sources page from the Documents tab: the page, and a refusal with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_corpus import build_corpus
from gui_helpers import scan_folder
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from neardup.gui.main_window import MainWindow
from neardup.gui.results.models import PATH_ROLE


def _save_from_context_menu(
    window: MainWindow, document: Path, destination: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Right-click the document's row and pick "Save sources page…", answering the dialog."""
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(destination), ""))
    )
    table = window.results.documents_model
    row = next(
        r
        for r in range(table.rowCount())
        if table.data(table.index(r, 0), PATH_ROLE) == str(document)
    )
    menu = window.results.documents_page.context_menu(table.index(row, 0))
    assert menu is not None
    (save,) = [a for a in menu.actions() if a.text() == "Save sources page…"]
    save.trigger()


def test_the_sources_page_of_a_partial_copy(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = build_corpus(tmp_path / "docs")
    source, thesis = corpus.partial
    scan_folder(qtbot, window, corpus.folder)
    page = tmp_path / "thesis-sources.html"
    with qtbot.waitSignal(window.sources_pages.saved, timeout=30_000):
        _save_from_context_menu(window, thesis, page, monkeypatch)
    html = page.read_text(encoding="utf-8")
    assert window.report is not None
    entry = next(d for d in window.report.raw["documents"] if d["path"] == str(thesis))
    assert f"<b>{entry['similarity']['total']:.1%}</b>" in html
    assert source.name in html and "<mark" in html
    assert str(page) in window.statusBar().currentMessage()


def test_a_document_changed_since_the_scan_is_refused_with_the_reason(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = build_corpus(tmp_path / "docs")
    _, thesis = corpus.partial
    scan_folder(qtbot, window, corpus.folder)
    thesis.write_text(thesis.read_text(encoding="utf-8") + "\nA late addition.", encoding="utf-8")
    page = tmp_path / "thesis-sources.html"
    with qtbot.waitSignal(window.sources_pages.failed, timeout=30_000):
        _save_from_context_menu(window, thesis, page, monkeypatch)
    assert window.error_box is not None and "changed since the scan" in window.error_box.text()
    assert not page.exists()
    window.error_box.close()
