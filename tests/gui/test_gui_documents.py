"""The Documents tab: documents ranked by how much of each is found elsewhere, with sources."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gui_corpus import document, join
from gui_helpers import scan_folder
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QMenu
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from model_rows import document_modified, document_rows
from neardup.core.report.scan_report import document_measured, report_dict
from neardup.core.scan.pipeline import scan
from neardup.core.scan.progress import CancelToken, Progress, Stage
from neardup.core.settings import ScanSettings
from neardup.gui.compare.compare_dialog import CompareDialog
from neardup.gui.formatting import modified_text, percent
from neardup.gui.main_window import MainWindow
from neardup.gui.report_data import DocumentRow, ReportData, SourceShare, parse_report
from neardup.gui.results.documents_model import DocumentsModel
from neardup.gui.results.models import PATH_ROLE, ROW_ROLE, SORT_ROLE
from neardup.gui.settings.settings_store import FolderRole

FOUND = DocumentsModel.FOUND_ELSEWHERE_COLUMN
LARGEST = 3
SOURCES = DocumentsModel.SOURCES_COLUMN
ROLE = 7


@dataclass(frozen=True)
class Theses:
    folder: Path
    thesis: Path  # copies ~30% of main_source and ~15% of minor_source
    main_source: Path
    minor_source: Path
    unrelated: list[Path]
    pasted_share: float  # of the thesis's non-space characters, pasted from the two sources

    @property
    def all(self) -> list[Path]:
        return [self.thesis, self.main_source, self.minor_source, *self.unrelated]


def _write_theses(folder: Path, sources_folder: Path | None = None) -> Theses:
    """Unrelated originals and one thesis pasting 30% of one source and 15% of another.

    With `sources_folder`, the two sources go there (a reference library) instead.
    """
    folder.mkdir(parents=True, exist_ok=True)
    library = sources_folder or folder
    library.mkdir(parents=True, exist_ok=True)
    main_text, minor_text = document(3100), document(3200)
    main_source = library / "source_main.txt"
    main_source.write_text(join(main_text), encoding="utf-8")
    minor_source = library / "source_minor.txt"
    minor_source.write_text(join(minor_text), encoding="utf-8")
    unrelated = []
    for n in range(4):
        path = folder / f"essay_{n}.txt"
        path.write_text(join(document(3300 + n)), encoding="utf-8")
        unrelated.append(path)
    own = document(3400, chars=2400)
    third = len(own) // 3
    pasted_main = main_text[: round(len(main_text) * 0.3)]
    pasted_minor = minor_text[-round(len(minor_text) * 0.15) :]
    thesis = folder / "thesis.txt"
    text = join(
        own[:third] + pasted_main + own[third : 2 * third] + pasted_minor + own[2 * third :]
    )
    thesis.write_text(text, encoding="utf-8")
    pasted = _non_space(" ".join(pasted_main + pasted_minor))
    return Theses(folder, thesis, main_source, minor_source, unrelated, pasted / _non_space(text))


def _non_space(text: str) -> int:
    return sum(not ch.isspace() for ch in text)


def _similarity(window: MainWindow, path: Path) -> dict[str, Any]:
    assert window.report is not None
    entry = next(d for d in window.report.raw["documents"] if d["path"] == str(path))
    similarity: dict[str, Any] = entry["similarity"]
    return similarity


def _row_of(table: DocumentsModel, path: Path) -> int:
    paths = [table.data(table.index(r, 0), PATH_ROLE) for r in range(table.rowCount())]
    return paths.index(str(path))


def _shown_paths(table: DocumentsModel) -> set[str]:
    return {table.data(table.index(r, 0), PATH_ROLE) for r in range(table.rowCount())}


def _texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def _wait_and_close(qtbot: QtBot, window: MainWindow, dialog: CompareDialog) -> None:
    qtbot.waitUntil(
        lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
    )
    dialog.close()
    qtbot.waitUntil(lambda: not window.compare_dialogs)


def test_documents_tab_ranks_the_partial_copy_near_the_top(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    theses = _write_theses(tmp_path / "theses")
    scan_folder(qtbot, window, theses.folder)
    results = window.results
    page = results.documents_page
    assert results.tabs.indexOf(page) == 0 and results.tabs.currentWidget() is page
    assert results.tabs.tabText(0) == f"Documents ({len(theses.all)})"
    table = results.documents_model
    assert _shown_paths(table) == {str(p) for p in theses.all}
    # the tab counts what the filter leaves, as the Pairs tab does
    page.filter_edit.setText(theses.thesis.name)
    assert results.tabs.tabText(0) == f"Documents ({table.rowCount()} of {len(theses.all)})"
    assert table.rowCount() < len(theses.all)
    page.filter_edit.clear()
    assert results.tabs.tabText(0) == f"Documents ({len(theses.all)})"

    header = results.documents_view.horizontalHeader()
    assert header.sortIndicatorSection() == FOUND
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    keys = [table.data(table.index(r, FOUND), SORT_ROLE) for r in range(table.rowCount())]
    assert keys == sorted(keys, reverse=True)

    # the thesis and the source it copies most from rank first; the essays have nothing in common
    row = _row_of(table, theses.thesis)
    assert row <= 1
    assert _row_of(table, theses.main_source) <= 2
    similarity = _similarity(window, theses.thesis)
    assert abs(similarity["total"] - theses.pasted_share) < 0.08, theses.pasted_share
    assert table.data(table.index(row, FOUND)) == percent(similarity["total"])
    largest = similarity["max_source"]
    assert largest["path"] == str(theses.main_source)
    assert table.data(table.index(row, LARGEST)) == (
        f"{theses.main_source.name} ({percent(largest['overlap'])})"
    )
    assert table.data(table.index(row, SOURCES)) == "2"
    sources_tip = table.data(table.index(row, SOURCES), Qt.ItemDataRole.ToolTipRole)
    assert str(theses.main_source) in sources_tip and str(theses.minor_source) in sources_tip
    assert sources_tip.index(str(theses.main_source)) < sources_tip.index(str(theses.minor_source))
    assert table.data(table.index(row, 0), Qt.ItemDataRole.ToolTipRole) == str(theses.thesis)
    for essay in theses.unrelated:
        essay_row = _row_of(table, essay)
        assert table.data(table.index(essay_row, FOUND)) == "0.0%"
        assert table.data(table.index(essay_row, SOURCES)) == "0"
        assert table.data(table.index(essay_row, ROLE)) == "Scan"

    summary = results.summary_label.text()
    copied = sum(_share(window, p) > 0 for p in theses.all)
    assert copied == 3
    assert f"{copied} with text found elsewhere" in summary


def test_documents_filters(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    theses = _write_theses(tmp_path / "theses")
    scan_folder(qtbot, window, theses.folder)
    page = window.results.documents_page
    table = page.model
    total = table.rowCount()

    qtbot.keyClicks(page.filter_edit, "THESIS")
    assert _shown_paths(table) == {str(theses.thesis)}
    page.filter_edit.clear()
    qtbot.keyClicks(page.filter_edit, "theses/essay_")
    assert _shown_paths(table) == {str(p) for p in theses.unrelated}
    page.filter_edit.clear()
    assert table.rowCount() == total

    # just above the smallest copied share, as displayed
    threshold = math.floor(_share(window, theses.minor_source) * 100 + 0.05) + 1
    page.min_found_spin.setValue(threshold)
    expected = {str(p) for p in theses.all if round(_share(window, p), 3) >= threshold / 100}
    assert str(theses.main_source) in expected and str(theses.minor_source) not in expected
    assert _shown_paths(table) == expected
    page.min_found_spin.setValue(1)
    copied = {str(theses.thesis), str(theses.main_source), str(theses.minor_source)}
    assert _shown_paths(table) == copied
    page.min_found_spin.setValue(0)
    assert table.rowCount() == total


def _share(window: MainWindow, path: Path) -> float:
    """The report's own share of this document found elsewhere (null in the report: none)."""
    assert window.report is not None
    entry = next(d for d in window.report.raw["documents"] if d["path"] == str(path))
    return float((entry["similarity"] or {}).get("total", 0.0))


def test_double_click_compares_with_the_largest_source(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    theses = _write_theses(tmp_path / "theses")
    scan_folder(qtbot, window, theses.folder)
    view = window.results.documents_view
    index = view.model().index(_row_of(window.results.documents_model, theses.thesis), 0)
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert len(window.compare_dialogs) == 1
    dialog = window.compare_dialogs[0]
    # the document on the left, its largest source on the right
    assert (dialog.pair.a, dialog.pair.b) == (str(theses.thesis), str(theses.main_source))
    assert window.report is not None
    reported = next(
        p
        for p in window.report.pairs
        if {p.a, p.b} == {str(theses.thesis), str(theses.main_source)}
    )
    thesis_share = reported.overlap_a if reported.a == str(theses.thesis) else reported.overlap_b
    assert dialog.pair.overlap_a == thesis_share
    _wait_and_close(qtbot, window, dialog)
    assert dialog.passage_count() >= 1

    # an essay with nothing found elsewhere opens nothing and says why
    essay = view.model().index(_row_of(window.results.documents_model, theses.unrelated[0]), 0)
    view.doubleClicked.emit(essay)
    assert not window.compare_dialogs
    assert "No text of essay_0.txt" in window.statusBar().currentMessage()


def test_context_menu_offers_each_source_largest_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    theses = _write_theses(tmp_path / "theses")
    scan_folder(qtbot, window, theses.folder)
    results = window.results
    table = results.documents_model
    menu = results.context_menu(
        results.documents_view, table.index(_row_of(table, theses.thesis), 0)
    )
    assert menu is not None
    sources = _similarity(window, theses.thesis)["sources"]
    by_share = sorted(sources, key=lambda s: -s["overlap"])
    assert [s["path"] for s in by_share] == [str(theses.main_source), str(theses.minor_source)]
    expected = [f"Compare with {Path(s['path']).name} ({percent(s['overlap'])})" for s in by_share]
    assert _texts(menu) == [
        *expected,
        "Save sources page…",
        "Export report (PDF)…",
        "Open with system app",
        "Reveal in file manager",
        "Copy path",
    ]
    minor = next(a for a in menu.actions() if a.text() == expected[1])
    assert minor.isEnabled()
    minor.trigger()
    assert len(window.compare_dialogs) == 1
    dialog = window.compare_dialogs[0]
    assert (dialog.pair.a, dialog.pair.b) == (str(theses.thesis), str(theses.minor_source))
    _wait_and_close(qtbot, window, dialog)

    essay_menu = results.context_menu(
        results.documents_view, table.index(_row_of(table, theses.unrelated[0]), 0)
    )
    assert essay_menu is not None
    assert _texts(essay_menu)[:2] == ["Export report (PDF)…", "Open with system app"]
    assert results.context_menu(results.documents_view, QModelIndex()) is None


def test_reference_library_is_hidden_until_asked_for(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    theses = _write_theses(tmp_path / "submissions", sources_folder=tmp_path / "library")
    window.folders_panel.add_folder(tmp_path / "library", FolderRole.LIBRARY)
    scan_folder(qtbot, window, theses.folder)
    page = window.results.documents_page
    scanned = {str(theses.thesis), *(str(p) for p in theses.unrelated)}
    assert page.show_library_check.isVisibleTo(page)
    assert not page.show_library_check.isChecked()
    assert _shown_paths(page.model) == scanned
    # the hidden library is the choice of what to list, not a filter the tab counts against
    tabs = window.results.tabs
    assert tabs.tabText(tabs.indexOf(page)) == f"Documents ({len(scanned)})"
    assert _row_of(page.model, theses.thesis) == 0
    assert _similarity(window, theses.thesis)["max_source"]["path"] == str(theses.main_source)
    # the library's share in the submissions is the same text again: not counted twice
    assert "1 with text found elsewhere" in window.results.summary_label.text()
    # the summary counts the documents the tab lists, and the library apart
    library = len(theses.all) - len(scanned)
    assert window.results.summary_label.text().startswith(
        f"{len(scanned)} documents scanned · {library} library documents · "
    )

    page.show_library_check.setChecked(True)
    assert _shown_paths(page.model) == {str(p) for p in theses.all}
    assert tabs.tabText(tabs.indexOf(page)) == f"Documents ({len(theses.all)})"
    library_row = _row_of(page.model, theses.main_source)
    assert page.model.data(page.model.index(library_row, ROLE)) == "Reference library"
    font = page.model.data(page.model.index(library_row, 0), Qt.ItemDataRole.FontRole)
    assert font is not None and font.italic()
    page.show_library_check.setChecked(False)
    assert _shown_paths(page.model) == scanned


def _without_similarity(report: dict[str, Any]) -> dict[str, Any]:
    old = json.loads(json.dumps(report))
    for entry in old["documents"]:
        del entry["similarity"]
    return old


def test_older_report_without_similarity_opens_with_blank_cells(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    theses = _write_theses(tmp_path / "theses")
    data = report_dict(scan([theses.folder], ScanSettings(workers=1, use_cache=False)))
    target = tmp_path / "old.json"
    target.write_text(json.dumps(_without_similarity(data)), encoding="utf-8")
    with qtbot.waitSignal(window.report_loaded, timeout=10_000):
        window.open_report(target)
    qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())
    results = window.results
    table = results.documents_model
    assert _shown_paths(table) == {str(p) for p in theses.all}
    for row in range(table.rowCount()):
        assert [table.data(table.index(row, c)) for c in (FOUND, LARGEST, SOURCES)] == ["", "", ""]
        assert table.data(table.index(row, 5)) != ""  # tokens are still there
        assert "older NearDup" in table.data(table.index(row, FOUND), Qt.ItemDataRole.ToolTipRole)
    assert "found elsewhere" not in results.summary_label.text()
    assert results.pairs_model.rowCount() == len(data["pairs"])

    results.documents_view.doubleClicked.emit(table.index(_row_of(table, theses.thesis), 0))
    assert not window.compare_dialogs
    assert "does not say" in window.statusBar().currentMessage()
    menu = results.context_menu(results.documents_view, table.index(0, 0))
    assert menu is not None and _texts(menu) == [
        "Export report (PDF)…",
        "Open with system app",
        "Reveal in file manager",
        "Copy path",
    ]
    results.documents_page.min_found_spin.setValue(1)
    assert table.rowCount() == 0  # unknown is not "at least 1%"


def test_a_source_without_its_pair_says_so(qtbot: QtBot, window: MainWindow) -> None:
    data = {
        "documents": [
            {
                "path": "/x/thesis.txt",
                "tokens": 100,
                "similarity": {
                    "total": 0.4,
                    "max_source": {"path": "/x/book.txt", "overlap": 0.4},
                    "sources": [{"path": "/x/book.txt", "overlap": 0.4}],
                },
            },
            {"path": "/x/book.txt", "tokens": 300, "similarity": None},
        ],
        "pairs": [],
    }
    window.results.show_report(parse_report(data))
    results = window.results
    table = results.documents_model
    assert table.data(table.index(0, LARGEST)) == "book.txt (40.0%)"
    results.documents_view.doubleClicked.emit(table.index(0, 0))
    assert not window.compare_dialogs
    assert "no pair of thesis.txt and book.txt" in window.statusBar().currentMessage()
    menu = results.context_menu(results.documents_view, table.index(0, 0))
    assert menu is not None and not menu.actions()[0].isEnabled()


def test_similarity_is_parsed_defensively() -> None:
    def parsed(similarity: Any) -> DocumentRow:
        return parse_report({"documents": [{"path": "/d/a.txt", **similarity}]}).documents[
            "/d/a.txt"
        ]

    assert parsed({}).found_elsewhere is None and parsed({}).sources == ()
    assert parsed({"similarity": None}).found_elsewhere == 0.0
    assert parsed({"similarity": "garbage"}).found_elsewhere is None
    assert parsed({"similarity": {"total": "x", "sources": 3}}).found_elsewhere is None
    row = parsed(
        {
            "similarity": {
                "total": 1.7,
                "sources": [
                    {"path": "/d/b.txt", "overlap": 0.1},
                    {"path": "/d/c.txt", "overlap": 0.5},
                    {"path": "/d/nan.txt", "overlap": float("nan")},
                    {"overlap": 0.9},
                    "nonsense",
                ],
            }
        }
    )
    assert row.found_elsewhere == 1.0  # clamped
    assert row.sources == (SourceShare("/d/c.txt", 0.5), SourceShare("/d/b.txt", 0.1))
    only_max = parsed({"similarity": {"max_source": {"path": "/d/b.txt", "overlap": 0.2}}})
    assert only_max.found_elsewhere == 0.2 and only_max.largest_source == SourceShare(
        "/d/b.txt", 0.2
    )


def test_documents_model_passes_qtmodeltester(
    qtmodeltester: ModelTester, corpus_report: ReportData
) -> None:
    model = DocumentsModel()
    qtmodeltester.check(model)
    model.set_rows(list(corpus_report.documents.values()))
    qtmodeltester.check(model)
    model.set_rows(document_rows(200))
    model.sort(FOUND, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(model)
    table = model
    table.set_hide_library(True)
    table.set_min_found(0.2)
    table.set_text("folder1")
    qtmodeltester.check(table)
    assert table.rowCount() > 0
    for row in range(table.rowCount()):
        record = table.data(table.index(row, 0), ROW_ROLE)
        assert record.role == "scan" and record.found_elsewhere >= 0.2
        assert "folder1" in record.path
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(8)] == [
        "Name",
        "Folder",
        "Found elsewhere",
        "Largest source",
        "Sources",
        "Tokens",
        "Format",
        "Role",
    ]


def test_documents_sort_numerically_and_unknown_last() -> None:
    model = DocumentsModel()
    model.set_rows(document_rows(300))
    model.sort(SOURCES, Qt.SortOrder.AscendingOrder)
    keys = [model.data(model.index(r, SOURCES), SORT_ROLE) for r in range(300)]
    known = [k for k in keys if k is not None]
    assert known == sorted(known) and keys[: len(known)] == known  # unknown counts last
    model.sort(5, Qt.SortOrder.DescendingOrder)
    tokens = [int(model.data(model.index(r, 5))) for r in range(300)]
    assert tokens == sorted(tokens, reverse=True)  # as numbers: 999 before 1000 would be text


def _in_folder1(i: int) -> bool:
    """Whether document_rows' document i has "folder1" in its path (folder{i % 97})."""
    return i % 97 == 1 or 10 <= i % 97 <= 19


def test_documents_at_100k_rows_show_sort_and_filter_every_row() -> None:
    count = 100_000
    rows = document_rows(count)
    model = DocumentsModel()
    table = model
    model.set_rows(rows)
    assert table.rowCount() == count
    for r in range(0, count, 1000):  # what a view asks for while scrolling: row r is document r
        shown = [table.data(table.index(r, c)) for c in range(table.columnCount())]
        assert shown[:2] == [f"doc{r}.txt", f"/data/folder{r % 97}"]
        assert shown[SOURCES:] == [
            "" if r % 11 == 0 else str(r % 4),
            str(r % 1000),
            "txt" if r % 2 else "pdf",
            "Reference library" if r % 5 == 0 else "Scan",
            modified_text(document_modified(r)),
        ]
        assert table.data(table.index(r, 0), Qt.ItemDataRole.ToolTipRole) == rows[r].path

    table.sort(LARGEST, Qt.SortOrder.DescendingOrder)
    table.set_hide_library(True)
    table.set_min_found(0.3)
    table.set_text("FOLDER1")
    # scanned, measured, with a source (i % 4 > 0) of at least 30% (0.9 * (i % 7) / 7)
    expected = [
        rows[i]
        for i in range(count)
        if i % 5 != 0 and i % 11 != 0 and i % 4 > 0 and i % 7 >= 3 and _in_folder1(i)
    ]
    shown_rows = [table.data(table.index(r, 0), ROW_ROLE) for r in range(table.rowCount())]
    assert len(shown_rows) == len(expected) > 1000
    assert set(shown_rows) == set(expected)
    keys = [table.data(table.index(r, LARGEST), SORT_ROLE) for r in range(table.rowCount())]
    assert keys == sorted((row.sources[0].overlap for row in expected), reverse=True)


def test_a_share_the_scan_did_not_measure_is_unknown_not_zero(tmp_path: Path) -> None:
    theses = _write_theses(tmp_path / "theses")
    settings = ScanSettings(workers=1, use_cache=False)

    def cancel_at_passages(progress: Progress) -> None:
        if progress.stage is Stage.PASSAGES:
            token.cancel()

    for changes in ({"detect_partial": False}, {}):
        token = CancelToken()
        result = scan(
            [theses.folder], settings.replace(**changes), progress=cancel_at_passages, cancel=token
        )
        assert result.cancelled == (not changes)
        essay = parse_report(report_dict(result)).documents[str(theses.unrelated[0])]
        assert essay.found_elsewhere is None, changes
    complete = parse_report(report_dict(scan([theses.folder], settings)))
    assert complete.documents[str(theses.unrelated[0])].found_elsewhere == 0.0


def test_the_minimum_share_filter_agrees_with_the_shown_percentage() -> None:
    shares = [0.2595, 0.2605, 0.26, 0.259, 0.3, 0.29999]
    rows = [
        DocumentRow(f"/d/{n}.txt", 1, "txt", None, "scan", 10, share, ())
        for n, share in enumerate(shares)
    ]
    model = DocumentsModel()
    model.set_rows(rows)
    table = model
    for minimum in (26, 30):
        table.set_min_found(minimum / 100)
        shown = [table.data(table.index(r, FOUND)) for r in range(table.rowCount())]
        expected = [percent(s) for s in shares if float(percent(s).rstrip("%")) >= minimum]
        assert sorted(shown) == sorted(expected), minimum


def test_a_document_that_hides_text_is_flagged(qtmodeltester: ModelTester) -> None:
    rows = [
        DocumentRow("/d/honest.txt", 10, "txt", 1, "scan", 50),
        DocumentRow("/d/stuffed.docx", 10, "docx", 1, "scan", 50, hidden_chars=812),
    ]
    model = DocumentsModel()
    model.set_rows(rows)
    qtmodeltester.check(model)
    names = [model.data(model.index(r, 0)) for r in range(2)]
    tips = [model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole) for r in range(2)]
    assert names == ["honest.txt", "⚠ stuffed.docx"]
    assert tips[0] == "/d/honest.txt" and "Hides 812 characters" in tips[1]


def test_a_note_too_short_to_compare_is_not_measured_unless_copied(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A document under the minimum of content tokens is compared only with its exact
    copies: with none, its share is blank (not measured), not 0%; with one, it is 100%."""
    theses = _write_theses(tmp_path / "theses")
    alone = theses.folder / "shopping list.txt"
    alone.write_text("Milk, eggs, rice and tea for the weekend.\n", encoding="utf-8")
    note = "Meeting moved to Thursday at ten, room 204.\n"
    copied = [theses.folder / "meeting.txt", theses.folder / "meeting (copy).txt"]
    for path in copied:
        path.write_text(note, encoding="utf-8")
    scan_folder(qtbot, window, theses.folder)
    table = window.results.documents_model
    shown = {
        path: table.data(table.index(_row_of(table, path), FOUND))
        for path in (alone, *copied, theses.unrelated[0])
    }
    assert shown[alone] == ""
    tip = table.data(table.index(_row_of(table, alone), FOUND), Qt.ItemDataRole.ToolTipRole)
    assert "too short to compare" in tip
    assert shown[copied[0]] == shown[copied[1]] == percent(1.0)
    assert shown[theses.unrelated[0]] == percent(0.0)  # long enough, and compared: 0%

    # the report the window holds says which documents were measured
    assert window.report is not None
    data = window.report.raw
    by_path = {d["path"]: d for d in data["documents"]}
    assert not document_measured(data, by_path[str(alone)])
    assert document_measured(data, by_path[str(theses.unrelated[0])])
    # with no minimum set, the scan still compares documents of one token or more
    empty = {"tokens": 0, "similarity": None}
    assert not document_measured({"settings": {"min_tokens": 0}, "summary": {}}, empty)
