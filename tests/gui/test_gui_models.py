"""The item models: qtmodeltester, sorting, and filtering, also at 100k rows."""

from __future__ import annotations

import random
from pathlib import Path

from gui_corpus import Corpus
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from model_rows import KINDS, group_rows, pair_modified, pair_rows
from neardup import ScanSettings, scan
from neardup.core.report import report_dict
from neardup.gui.formatting import modified_text, percent
from neardup.gui.report_data import PairRow, ProblemRow, ReportData, parse_report
from neardup.gui.results.groups_model import GroupsModel
from neardup.gui.results.models import (
    PATH_ROLE,
    ROW_ROLE,
    SORT_ROLE,
    ProblemsModel,
    SourceSortProxy,
    keep_whole_selection,
)
from neardup.gui.results.pairs_model import IGNORED_TAG, PairsModel
from textgen import document, paragraphs


def test_models_pass_qtmodeltester(qtmodeltester: ModelTester, corpus_report: ReportData) -> None:
    groups = GroupsModel()
    groups.set_groups(corpus_report.groups)
    pairs = PairsModel()
    pairs.set_rows(corpus_report.pairs)
    problems = ProblemsModel()
    problems.set_rows(corpus_report.problems)
    for model in (groups, pairs, problems):
        qtmodeltester.check(model)
    pairs.set_kind("partial")
    qtmodeltester.check(pairs)
    tree_proxy = SourceSortProxy()
    tree_proxy.setSourceModel(groups)
    qtmodeltester.check(tree_proxy)


def test_models_pass_qtmodeltester_when_empty_and_sorted(qtmodeltester: ModelTester) -> None:
    groups = GroupsModel()
    qtmodeltester.check(groups)
    groups.set_groups(group_rows(20))
    groups.sort(2, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(groups)
    pairs = PairsModel()
    pairs.set_rows(pair_rows(50))
    pairs.sort(5, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(pairs)


def test_pairs_sort_keeps_persistent_indexes() -> None:
    model = PairsModel()
    model.set_rows(pair_rows(100))
    persistent = QPersistentModelIndex(model.index(10, 0))
    record = model.pair(10)
    model.sort(3, Qt.SortOrder.DescendingOrder)
    distances = [model.data(model.index(r, 3), SORT_ROLE) for r in range(100)]
    assert distances == sorted(distances, reverse=True)
    assert model.pair(persistent.row()) is record


def test_groups_sort_keeps_reference_first() -> None:
    model = GroupsModel()
    model.set_groups(group_rows(5, size=4))
    model.sort(2, Qt.SortOrder.DescendingOrder)  # by distance
    parent = model.index(0, 0)
    rows = [model.member_at(model.index(r, 0, parent)) for r in range(4)]
    assert rows[0] is not None and rows[0].is_reference
    assert [m.distance for m in rows[1:] if m] == [3, 2, 1]
    child = model.index(1, 0, parent)
    assert model.parent(child) == parent
    model.sort(4, Qt.SortOrder.DescendingOrder)  # by total size: last group first
    assert model.group_at(model.index(0, 0)) is not None
    assert model.group_at(model.index(0, 0)).id == 5  # type: ignore[union-attr]
    assert model.data(model.index(0, 0, model.index(0, 0)), PATH_ROLE) == "/d/g4/m0.txt"


def test_pairs_model_filters() -> None:
    model = PairsModel()
    model.set_rows(pair_rows(300))
    assert model.rowCount() == 300
    model.set_kind("partial")
    assert model.rowCount() == 100
    model.set_min_overlap(0.9)
    for row in range(model.rowCount()):
        pair = model.pair(row)
        assert pair.kind == "partial" and max(pair.overlap_a, pair.overlap_b) >= 0.9
    model.set_kind(None)
    model.set_min_overlap(0)
    model.set_text("DOC17.")
    assert model.rowCount() == 1
    model.set_text("other5/")
    assert model.rowCount() == len([i for i in range(300) if i % 89 == 5])
    model.sort(0, Qt.SortOrder.DescendingOrder)  # sorts what the filter shows
    keys = [model.data(model.index(r, 0), SORT_ROLE) for r in range(model.rowCount())]
    assert keys == sorted(keys, reverse=True) and len(keys) == model.rowCount()


def test_pairs_model_hides_ignored_pairs_or_shows_them_tagged(qtmodeltester: ModelTester) -> None:
    rows = pair_rows(30)
    model = PairsModel()
    model.set_rows(rows)
    ignored = frozenset((rows[n].a, rows[n].b) for n in (3, 4, 20))
    model.set_ignored(ignored, show_ignored=False)
    shown = {model.pair(r) for r in range(model.rowCount())}
    assert shown == {row for n, row in enumerate(rows) if n not in (3, 4, 20)}
    qtmodeltester.check(model)
    model.set_ignored(ignored, show_ignored=True)
    assert model.rowCount() == 30
    tagged = {
        model.pair(r)
        for r in range(30)
        if model.data(model.index(r, 0)).endswith(f"[{IGNORED_TAG}]")
    }
    assert tagged == {rows[3], rows[4], rows[20]}
    greyed = model.index(next(r for r in range(30) if model.pair(r) is rows[3]), 2)
    assert model.data(greyed, Qt.ItemDataRole.ForegroundRole) is not None
    assert model.data(model.index(0, 2), Qt.ItemDataRole.ForegroundRole) is None


def test_pairs_filter_keeps_the_selection_on_the_rows_it_still_shows() -> None:
    model = PairsModel()
    model.set_rows(pair_rows(300))
    kept = QPersistentModelIndex(model.index(3, 1))  # a duplicate (row 3 % 3 == 0)
    dropped = QPersistentModelIndex(model.index(4, 1))  # a near-duplicate
    model.set_kind("duplicate")
    assert kept.isValid()
    assert model.data(model.index(kept.row(), 0)) == "doc3.txt"
    assert not dropped.isValid()


def _in_folder1(i: int) -> bool:
    """Whether pair_rows' row i has "folder1" in a path: A's folder is folder{i % 97}, B's other."""
    return i % 97 == 1 or 10 <= i % 97 <= 19


def test_pairs_at_100k_rows_show_sort_and_filter_every_row() -> None:
    count = 100_000
    rows = pair_rows(count)
    model = PairsModel()
    model.set_rows(rows)
    assert model.rowCount() == count
    for r in range(0, count, 1000):  # what a view asks for while scrolling: row r is pair r
        assert [model.data(model.index(r, c)) for c in range(model.columnCount())] == [
            f"doc{r}.txt",
            f"copy{r}.txt",
            KINDS[r % 3],
            str(r % 7),
            f"{(r % 1000) / 1000:.3f}",
            percent((r * 7 % 100) / 100),
            percent((r * 13 % 100) / 100),
            f"in {r % 5} documents" if r % 5 > 2 else "",
            *(modified_text(t) for t in pair_modified(r)),
            "",  # not reviewed
        ]

    model.sort(4, Qt.SortOrder.DescendingOrder)  # by similarity
    model.set_kind("duplicate")
    model.set_text("FOLDER1")
    model.set_min_overlap(0.5)
    expected = [
        rows[i]
        for i in range(count)
        if i % 3 == 0 and _in_folder1(i) and max(i * 7 % 100, i * 13 % 100) >= 50
    ]
    shown = [model.data(model.index(r, 0), ROW_ROLE) for r in range(model.rowCount())]
    assert len(shown) == len(expected) > 1000
    assert set(shown) == set(expected)
    keys = [model.data(model.index(r, 4), SORT_ROLE) for r in range(model.rowCount())]
    assert keys == sorted((row.similarity for row in expected), reverse=True)


def test_groups_at_35k_groups_sort_every_group_and_member() -> None:
    count = 35_000  # ~100k member rows
    model = GroupsModel()
    proxy = SourceSortProxy()
    proxy.setSourceModel(model)
    model.set_groups(group_rows(count))
    assert proxy.rowCount() == count
    proxy.sort(4, Qt.SortOrder.DescendingOrder)  # by size: group g holds 3000 + 30g + 3 bytes
    ids = [model.group_at(proxy.mapToSource(proxy.index(r, 0))) for r in range(count)]
    assert [group.id for group in ids if group is not None] == list(range(count, 0, -1))
    for r in range(0, count, 7):
        group = count - 1 - r  # storage index (id group + 1)
        parent = proxy.index(r, 0)
        assert proxy.rowCount(parent) == 3
        # the reference first, then the others by size, largest first
        assert [proxy.data(proxy.index(m, 0, parent), PATH_ROLE) for m in range(3)] == [
            f"/d/g{group}/m{m}.txt" for m in (0, 2, 1)
        ]


def test_problems_and_paths(corpus_report: ReportData) -> None:
    model = ProblemsModel()
    model.set_rows([ProblemRow("/x/b.pdf", "Encrypted"), ProblemRow("/x/a.txt", "Empty")])
    model.sort(0)
    assert model.data(model.index(0, 0)) == "/x/a.txt"
    assert model.data(model.index(0, 1), PATH_ROLE) == "/x/a.txt"
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.data(QModelIndex()) is None
    pairs = PairsModel()
    pairs.set_rows(corpus_report.pairs)
    assert pairs.data(pairs.index(0, 1), PATH_ROLE) == corpus_report.pairs[0].b
    assert Path(pairs.data(pairs.index(0, 0), Qt.ItemDataRole.ToolTipRole)).is_absolute()


def test_overlaps_a_scan_did_not_measure_are_blank_not_zero(gui_corpus: Corpus) -> None:
    from neardup.core.report.scan_report import report_dict
    from neardup.core.scan.pipeline import scan
    from neardup.core.settings import ScanSettings
    from neardup.gui.report_data import parse_report
    from neardup.gui.results.pairs_model import not_measured_tip

    settings = ScanSettings(workers=1, use_cache=False, detect_partial=False)
    report = parse_report(report_dict(scan([gui_corpus.folder], settings)))
    # Exact duplicates are whole copies either way; near-duplicates were not measured.
    near = [p for p in report.pairs if p.kind == "near-duplicate"]
    assert near and all(p.overlap_a is None and p.overlap_b is None for p in near)
    model = PairsModel()
    model.set_rows(near)
    assert model.data(model.index(0, 5)) == ""
    assert model.data(model.index(0, 5), Qt.ItemDataRole.ToolTipRole) == not_measured_tip()
    model.set_min_overlap(0.01)
    assert model.rowCount() == 0  # unknown is not "at least 1%"
    near_paths = {p.a for p in near} | {p.b for p in near}
    members = [m for g in report.groups for m in g.members if m.document.path in near_paths]
    assert any(not m.is_reference and m.overlap is None for m in members)


def test_pairs_tab_marks_text_many_documents_share(
    tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    licence = "\n\n".join(paragraphs(900, "en", count=6))
    for n in range(5):
        own = document(910 + n, "en", count=1)
        (tmp_path / f"copyright-{n}.txt").write_text(f"{own}\n\n{licence}", encoding="utf-8")
    (tmp_path / "essay.txt").write_text(document(930, "en"), encoding="utf-8")
    report = parse_report(report_dict(scan([tmp_path], ScanSettings(use_cache=False, workers=1))))
    model = PairsModel()
    model.set_rows(report.pairs)
    qtmodeltester.check(model)
    common = model.COLUMNS.index(next(c for c in model.COLUMNS if c.title == "Common text"))
    shown = {model.data(model.index(r, common)) for r in range(model.rowCount())}
    assert model.rowCount() == 10 and shown == {"in 5 documents"}


def test_sort_keys_order_as_python_sorts_missing_last_and_stable() -> None:
    from neardup.gui.formatting import sort_key
    from neardup.gui.results.sort_keys import SortKeys

    rng = random.Random(5)
    columns: list[list[object]] = [
        [rng.choice([None, "", 3, 1, 2, 1 << 60]) for _ in range(400)],  # times in ns
        [rng.choice([None, 0.25, 1, 0.5, 2.75]) for _ in range(400)],
        [rng.choice(["", "b.txt", "a.txt", "Ä.txt", "B.txt", "ab"]) for _ in range(400)],
        [rng.choice([None, 3 << 70, 5]) for _ in range(400)],  # beyond 64 bits: Python sorts
    ]
    for values in columns:
        keys = [sort_key(v) for v in values]
        missing = [i for i, key in enumerate(keys) if key[0]]
        for descending in (False, True):
            # a blank (not measured) sorts last in either order: it is no larger than 100%
            known = [i for i, key in enumerate(keys) if not key[0]]
            expected = sorted(known, key=keys.__getitem__, reverse=descending) + missing
            assert SortKeys.of(values).order(descending) == expected


def test_everything_selected_stays_selected_through_a_filter(qtbot: QtBot) -> None:
    """Qt drops a whole-table selection of over 1,000 cells when a filter changes the row
    count; the tables select the rows still shown again, as a proxy would have kept them."""
    model = PairsModel()
    model.set_rows(pair_rows(3000))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    keep_whole_selection(view)
    view.selectAll()
    model.set_text("doc1")  # doc1, doc10..., doc1000...: fewer rows
    assert 0 < model.rowCount() < 3000
    assert len(view.selectionModel().selectedRows()) == model.rowCount()
    model.set_text("")
    assert len(view.selectionModel().selectedRows()) == 3000
    view.clearSelection()
    view.selectRow(5)
    model.set_kind("duplicate")  # a partial selection: kept by its own rows, not widened
    assert len(view.selectionModel().selectedRows()) <= 1


def test_a_problem_shows_its_reason_and_keeps_a_libraries_message_for_the_tooltip(
    tmp_path: Path,
) -> None:
    """A corrupt PDF's reason is read by a person; pdfium's and pdfminer's own messages
    (English whatever the language) go to the tooltip. An operating system's message, which
    says what to do, stays in the reason."""
    (tmp_path / "x.pdf").write_bytes(b"%PDF-1.4 not really a PDF")
    (tmp_path / "ok.txt").write_text(document(3, "en"), encoding="utf-8")
    report = parse_report(report_dict(scan([tmp_path], ScanSettings(workers=1, use_cache=False))))
    [broken] = report.problems
    assert broken.code == "pdf-invalid" and "pdfium" in broken.text()
    model = ProblemsModel()
    model.set_rows([broken, ProblemRow("/x/y.txt", "", "read-error", {"detail": "I/O error"})])
    shown = model.data(model.index(0, 1))
    assert shown == "Not a valid PDF file (corrupt or truncated)"
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) == broken.text()
    assert model.data(model.index(1, 1)) == "Could not read the file: I/O error"


def test_pairs_of_files_with_the_same_names_show_their_folders() -> None:
    """A copy and its backup in another folder: without the folders two rows read alike."""
    rows = [
        PairRow("/d/docs/readme.txt", "/d/docs/readme_v2.txt", "near-duplicate", 2, 0.9, 0.9,
                0.9, ()),
        PairRow("/d/docs/backup/readme.txt", "/d/docs/backup/readme_v2.txt", "near-duplicate",
                2, 0.9, 0.9, 0.9, ()),
        PairRow("/d/docs/essay.txt", "/d/docs/notes.txt", "partial", 20, 0.1, 0.2, 0.1, ()),
    ]  # fmt: skip
    model = PairsModel()
    model.set_rows(rows)
    shown = [(model.data(model.index(r, 0)), model.data(model.index(r, 1))) for r in range(3)]
    assert shown == [
        ("readme.txt — docs", "readme_v2.txt — docs"),
        ("readme.txt — backup", "readme_v2.txt — backup"),
        ("essay.txt", "notes.txt"),  # names no other file has
    ]
