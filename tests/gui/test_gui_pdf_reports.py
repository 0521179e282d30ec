"""Export report (PDF)… from the Documents tab and the File menu, on real scanned theses."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from gui_helpers import scan_folder
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from neardup.core.report import BatchOutcome
from neardup.gui.main_window import MainWindow
from neardup.gui.results.models import PATH_ROLE
from pdf_text import page_texts
from theses import chinese_theses


def _first_page(pdf: Path) -> str:
    return page_texts(pdf)[0]


def _select(window: MainWindow, documents: list[Path]) -> int:
    """Select the rows of ``documents`` in the Documents tab; returns the first one's row."""
    table = window.results.documents_model
    selection = window.results.documents_view.selectionModel()
    selection.clearSelection()
    wanted = {str(d) for d in documents}
    rows = [
        r for r in range(table.rowCount()) if table.data(table.index(r, 0), PATH_ROLE) in wanted
    ]
    for row in rows:
        selection.select(
            table.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    assert len(rows) == len(documents)
    return rows[0]


def test_several_selected_documents_get_a_pdf_each_and_a_summary(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = chinese_theses(tmp_path / "theses")
    scan_folder(qtbot, window, files["thesis"].parent)
    folder = tmp_path / "reports"
    folder.mkdir()
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *args, **kwargs: str(folder))
    )
    row = _select(window, [files["thesis"], files["unrelated"]])
    menu = window.results.documents_page.context_menu(window.results.documents_model.index(row, 0))
    assert menu is not None
    (export,) = [a for a in menu.actions() if a.text() == "Export report (PDF)…"]
    exporter = window.pdf_reports
    with qtbot.waitSignal(exporter.saved, timeout=60_000) as saved:
        export.trigger()
        assert exporter.progress_dialog is not None  # several documents: a progress dialog
        assert exporter.progress_dialog.maximum() == 2
    outcome = saved.args[0]
    assert isinstance(outcome, BatchOutcome) and not outcome.problems
    assert sorted(p.name for p in folder.iterdir()) == [
        "summary.csv",
        "thesis.sources.pdf",
        "unrelated.sources.pdf",
    ]
    assert exporter.progress_dialog is None
    assert "thesis.docx" in _first_page(folder / "thesis.sources.pdf")
    with (folder / "summary.csv").open(encoding="utf-8") as summary:
        rows = {Path(r["document"]).name: r for r in csv.DictReader(summary)}
    assert float(rows["thesis.docx"]["similarity"]) > float(
        rows["thesis.docx"]["similarity_excluding_citations"]
    )
    assert "2 PDF reports" in window.statusBar().currentMessage()


def test_one_document_from_the_file_menu_and_a_changed_one_refused(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = chinese_theses(tmp_path / "theses")
    assert not window.pdf_reports.action.isEnabled()  # nothing to report on before a scan
    scan_folder(qtbot, window, files["thesis"].parent)
    assert window.pdf_reports.action.isEnabled()
    destination = tmp_path / "thesis-report.pdf"
    offered: list[str] = []

    def save_as(*args: object, **kwargs: object) -> tuple[str, str]:
        offered.append(str(args[2]))
        return str(destination), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_as))
    _select(window, [files["thesis"]])
    exporter = window.pdf_reports
    assert exporter.action in window.file_menu.actions()
    with qtbot.waitSignal(exporter.saved, timeout=60_000):
        exporter.action.trigger()
    assert "Similarity report" in _first_page(destination)
    # the name offered is the one a folder of reports gives it, as `neardup sources --all` does
    assert Path(offered[0]).name == "thesis.sources.pdf"
    assert str(destination) in window.statusBar().currentMessage()
    # A source changed since the scan: the report is refused with the reason, nothing written.
    copy = files["source_copy"]
    copy.write_text(copy.read_text(encoding="utf-8") + "\n补充一句。", encoding="utf-8")
    destination.unlink()
    qtbot.waitUntil(lambda: not exporter.is_running())
    with qtbot.waitSignal(exporter.failed, timeout=60_000):
        exporter.action.trigger()
    assert window.error_box is not None and "changed since the scan" in window.error_box.text()
    assert not destination.exists() and not list(tmp_path.glob("*.part"))
    window.error_box.close()
