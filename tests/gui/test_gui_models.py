"""The item models: qtmodeltester, sorting, filtering, and speed at 100k rows."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from pytestqt.modeltest import ModelTester

from neardup.gui.groups_model import GroupsModel
from neardup.gui.models import (
    PATH_ROLE,
    SORT_ROLE,
    PairsFilterProxy,
    PairsModel,
    ProblemsModel,
    SourceSortProxy,
)
from neardup.gui.report_data import (
    DocumentRow,
    GroupRow,
    MemberRow,
    PairRow,
    ProblemRow,
    ReportData,
)

KINDS = ("duplicate", "near-duplicate", "partial")


def _pairs(count: int) -> list[PairRow]:
    return [
        PairRow(
            f"/data/folder{i % 97}/doc{i}.txt",
            f"/data/other{i % 89}/copy{i}.txt",
            KINDS[i % 3],
            i % 7,
            (i % 1000) / 1000,
            (i * 7 % 100) / 100,
            (i * 13 % 100) / 100,
            (),
        )
        for i in range(count)
    ]


def _groups(count: int, size: int = 3) -> list[GroupRow]:
    groups = []
    for g in range(count):
        members = tuple(
            MemberRow(
                DocumentRow(f"/d/g{g}/m{m}.txt", 1000 + g * 10 + m, "txt", 10**18 + g, "scan", 50),
                m,
                None if m == 0 else 0.5 + m / 10,
                m == 0,
            )
            for m in range(size)
        )
        groups.append(GroupRow(g + 1, members[0].document.path, members))
    return groups


def test_models_pass_qtmodeltester(qtmodeltester: ModelTester, corpus_report: ReportData) -> None:
    groups = GroupsModel()
    groups.set_groups(corpus_report.groups)
    pairs = PairsModel()
    pairs.set_rows(corpus_report.pairs)
    problems = ProblemsModel()
    problems.set_rows(corpus_report.problems)
    for model in (groups, pairs, problems):
        qtmodeltester.check(model)
    proxy = PairsFilterProxy()
    proxy.setSourceModel(pairs)
    proxy.set_kind("partial")
    qtmodeltester.check(proxy)
    tree_proxy = SourceSortProxy()
    tree_proxy.setSourceModel(groups)
    qtmodeltester.check(tree_proxy)


def test_models_pass_qtmodeltester_when_empty_and_sorted(qtmodeltester: ModelTester) -> None:
    groups = GroupsModel()
    qtmodeltester.check(groups)
    groups.set_groups(_groups(20))
    groups.sort(2, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(groups)
    pairs = PairsModel()
    pairs.set_rows(_pairs(50))
    pairs.sort(5, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(pairs)


def test_pairs_sort_keeps_persistent_indexes() -> None:
    model = PairsModel()
    model.set_rows(_pairs(100))
    persistent = QPersistentModelIndex(model.index(10, 0))
    record = model.pair(10)
    model.sort(3, Qt.SortOrder.DescendingOrder)
    distances = [model.data(model.index(r, 3), SORT_ROLE) for r in range(100)]
    assert distances == sorted(distances, reverse=True)
    assert model.pair(persistent.row()) is record


def test_groups_sort_keeps_reference_first() -> None:
    model = GroupsModel()
    model.set_groups(_groups(5, size=4))
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


def test_pairs_filter_proxy() -> None:
    model = PairsModel()
    model.set_rows(_pairs(300))
    proxy = PairsFilterProxy()
    proxy.setSourceModel(model)
    assert proxy.rowCount() == 300
    proxy.set_kind("partial")
    assert proxy.rowCount() == 100
    proxy.set_min_overlap(0.9)
    for row in range(proxy.rowCount()):
        pair = model.pair(proxy.mapToSource(proxy.index(row, 0)).row())
        assert pair.kind == "partial" and max(pair.overlap_a, pair.overlap_b) >= 0.9
    proxy.set_kind(None)
    proxy.set_min_overlap(0)
    proxy.set_text("DOC17.")
    assert proxy.rowCount() == 1
    proxy.set_text("other5/")
    assert proxy.rowCount() == len([i for i in range(300) if i % 89 == 5])
    proxy.sort(0, Qt.SortOrder.DescendingOrder)  # sorting is delegated to the source
    names = [proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]
    keys = [proxy.data(proxy.index(r, 0), SORT_ROLE) for r in range(proxy.rowCount())]
    assert keys == sorted(keys, reverse=True) and len(names) == len(keys)


def test_models_are_fast_at_100k_rows() -> None:
    rows = _pairs(100_000)
    model = PairsModel()
    proxy = PairsFilterProxy()
    proxy.setSourceModel(model)
    started = time.perf_counter()
    model.set_rows(rows)
    for r in range(0, 100_000, 1000):  # what a view asks for while scrolling
        for c in range(model.columnCount()):
            model.data(model.index(r, c))
    proxy.sort(4, Qt.SortOrder.DescendingOrder)
    proxy.set_kind("duplicate")
    proxy.set_text("folder1")
    elapsed = time.perf_counter() - started
    assert proxy.rowCount() > 0
    assert elapsed < 5.0, f"100k pairs took {elapsed:.2f}s to load, sort and filter"

    groups = GroupsModel()
    started = time.perf_counter()
    groups.set_groups(_groups(35_000))  # ~100k member rows
    groups.sort(4, Qt.SortOrder.AscendingOrder)
    elapsed = time.perf_counter() - started
    assert groups.rowCount() == 35_000
    assert groups.rowCount(groups.index(0, 0)) == 3
    assert elapsed < 5.0, f"35k groups took {elapsed:.2f}s to load and sort"


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
