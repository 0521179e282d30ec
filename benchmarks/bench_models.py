"""Item models at 100k rows: NearDup's models against a stock QStandardItemModel, in one run.

Role: benchmark (run by hand, never in CI). The rows are the synthetic ones the GUI tests use
(``tests/support/model_rows.py``): 100,000 pairs, 35,000 groups of 3 (105,000 member rows) and
100,000 documents. For each NearDup model, as the results window shows it
(none for pairs and documents, whose models sort and filter their own rows;
``SourceSortProxy`` for groups), one round times:

1. load: ``set_rows`` / ``set_groups`` (with the groups' proxy attached), then ``rowCount()``
   of what the view shows, which an attached view asks at once (a proxy maps every row then);
2. scroll: what a view asks while scrolling, i.e. ``data()`` of what it shows, for every column
   of every 1000th row (with all groups expanded), for each role a styled item delegate reads;
3. sort: by a numeric column, largest first (similarity, size, found elsewhere);
4. text filter: "folder1" in a path (not for groups: the Groups tab has no filter);
5. numeric filter: minimum overlap 90% (pairs), minimum found elsewhere 30% (documents),
   each from an unfiltered table (clearing the text filter is not timed).

The peer does the same with stock Qt: one ``QStandardItem`` per cell holding the same display
text, tooltip, alignment and font, the number in a sort role on numeric columns and the path in
a path role, behind a plain ``QSortFilterProxyModel`` (sort role set; text filter: fixed string,
case-insensitive, on the path role of every column, ``setFilterKeyColumn(-1)``; numeric filter: a
regular expression on the displayed percentage). Its load is building the items, attaching the
proxy and its ``rowCount()``. Both sides must show the same number of rows after each step that
counts them, or the run stops.

Rounds alternate which side goes first; the report gives medians of ``--repeat`` rounds and
NearDup/peer ratios (below 1: NearDup is faster), printed and written to ``--output``.

Usage::

    python benchmarks/bench_models.py [--rows 100000] [--groups 35000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import PySide6
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
    qVersion,
)
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication

from neardup import __version__ as neardup_version
from neardup.gui.report_data import LIBRARY_ROLE, DocumentRow, GroupRow, PairRow
from neardup.gui.results import groups_model, groups_rows
from neardup.gui.results.documents_model import DocumentsModel, role_title
from neardup.gui.results.models import PATH_ROLE, SORT_ROLE, Column, SourceSortProxy
from neardup.gui.results.pairs_model import PairsModel

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
sys.path.insert(0, str(REPO / "tests" / "support"))

import model_rows  # noqa: E402

DEFAULT_OUTPUT = BENCH_DIR / "results" / "models.md"
SCROLL_EVERY = 1000
# The roles QStyledItemDelegate::initStyleOption reads for every painted cell.
VIEW_ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.CheckStateRole,
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.BackgroundRole,
)
TEXT = "folder1"
PAIRS_SORT_COLUMN = 4  # Similarity
PAIRS_MIN_OVERLAP = 0.9  # either direction; the peer's regex below says the same of the text
PAIRS_OVERLAP_REGEX = r"^(9\d\.\d|100\.0)%$"
GROUPS_SORT_COLUMN = 4  # Size
DOCUMENTS_SORT_COLUMN = DocumentsModel.FOUND_ELSEWHERE_COLUMN
DOCUMENTS_MIN_FOUND = 0.3
DOCUMENTS_FOUND_REGEX = r"^([3-9]\d\.\d|100\.0)%$"
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
STEPS = ("load", "scroll", "sort", "text filter", "numeric filter")
SIDES = ("NearDup", "peer")


class Round:
    """Seconds and shown rows of each step of one side's round."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.shown: dict[str, int] = {}

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        yield
        self.seconds[name] = time.perf_counter() - started


def scroll_table(model: QAbstractItemModel) -> None:
    columns = model.columnCount()
    for row in range(0, model.rowCount(), SCROLL_EVERY):
        for column in range(columns):
            index = model.index(row, column)
            for role in VIEW_ROLES:
                model.data(index, role)


def scroll_tree(model: QAbstractItemModel, members: int) -> None:
    """Every 1000th row of the tree with every group expanded (each group is 1 + members rows)."""
    columns = model.columnCount()
    per_group = 1 + members
    for position in range(0, model.rowCount() * per_group, SCROLL_EVERY):
        group, offset = divmod(position, per_group)
        parent = model.index(group, 0) if offset else QModelIndex()
        row = offset - 1 if offset else group
        for column in range(columns):
            index = model.index(row, column, parent)
            for role in VIEW_ROLES:
                model.data(index, role)


def none_references_lost() -> int:
    """How many references to None 100 calls of a Qt method returning nothing lose (0: none).

    PySide6 6.12.0 on Python 3.11 loses one per call (a missing Py_INCREF of Py_None); from
    Python 3.12 None is immortal and this is harmless. The stock peer makes millions of such
    calls (QStandardItem setters, appendRow), and data() returning None through a proxy loses
    one too, so such a binding ends the run with "none_dealloc: deallocating None".
    """
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("probe")
    return max(0, before - sys.getrefcount(None))


# --- NearDup -----------------------------------------------------------------------------------


def neardup_table(
    model: PairsModel | DocumentsModel,
    rows: Sequence[Any],
    sort_column: int,
    numeric_filter: Callable[[], None],
    result: Round,
) -> None:
    """The steps on a flat table: its rows in, scrolling, a sort and both filters (the
    models sort and filter their own rows, with no model)."""
    with result.step("load"):
        model.set_rows(rows)
        result.shown["load"] = model.rowCount()
    with result.step("scroll"):
        scroll_table(model)
    with result.step("sort"):
        model.sort(sort_column, Qt.SortOrder.DescendingOrder)
    with result.step("text filter"):
        model.set_text(TEXT)
    result.shown["text filter"] = model.rowCount()
    model.set_text("")
    with result.step("numeric filter"):
        numeric_filter()
    result.shown["numeric filter"] = model.rowCount()


def neardup_pairs(rows: Sequence[PairRow], result: Round) -> None:
    model = PairsModel()
    neardup_table(
        model,
        rows,
        PAIRS_SORT_COLUMN,
        lambda: model.set_min_overlap(PAIRS_MIN_OVERLAP),
        result,
    )


def neardup_groups(groups: Sequence[GroupRow], result: Round) -> None:
    model = groups_model.GroupsModel()
    proxy = SourceSortProxy()
    proxy.setSourceModel(model)
    with result.step("load"):
        model.set_groups(groups)
        result.shown["load"] = proxy.rowCount()
    with result.step("scroll"):
        scroll_tree(proxy, len(groups[0].members))
    with result.step("sort"):
        proxy.sort(GROUPS_SORT_COLUMN, Qt.SortOrder.DescendingOrder)


def neardup_documents(rows: Sequence[DocumentRow], result: Round) -> None:
    model = DocumentsModel()
    neardup_table(
        model,
        rows,
        DOCUMENTS_SORT_COLUMN,
        lambda: model.set_min_found(DOCUMENTS_MIN_FOUND),
        result,
    )


# --- the stock peer ----------------------------------------------------------------------------


def stock_proxy(model: QStandardItemModel) -> QSortFilterProxyModel:
    proxy = QSortFilterProxyModel()
    proxy.setSortRole(SORT_ROLE)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setFilterRole(PATH_ROLE)
    proxy.setFilterKeyColumn(-1)
    proxy.setSourceModel(model)
    return proxy


def table_items(
    record: Any, columns: Sequence[Column], paths: dict[int, str], font: QFont | None = None
) -> list[QStandardItem]:
    """One row of items with what NearDup's table models show for `record`."""
    items = []
    for c, column in enumerate(columns):
        item = QStandardItem(column.text(record))
        if column.numeric:
            item.setData(column.key(record), SORT_ROLE)
            item.setTextAlignment(RIGHT)
        if column.tooltip is not None:
            item.setToolTip(column.tooltip(record))
        if c in paths:
            item.setData(paths[c], PATH_ROLE)
        if font is not None:
            item.setFont(font)
        items.append(item)
    return items


def stock_table(titles: Sequence[str]) -> QStandardItemModel:
    model = QStandardItemModel(0, len(titles))
    model.setHorizontalHeaderLabels(list(titles))
    return model


def peer_pairs(rows: Sequence[PairRow], result: Round) -> None:
    columns = PairsModel.COLUMNS
    with result.step("load"):
        model = stock_table([c.title for c in columns])
        for row in rows:
            model.appendRow(table_items(row, columns, {0: row.a, 1: row.b}))
        proxy = stock_proxy(model)
        result.shown["load"] = proxy.rowCount()
    with result.step("scroll"):
        scroll_table(proxy)
    with result.step("sort"):
        proxy.sort(PAIRS_SORT_COLUMN, Qt.SortOrder.DescendingOrder)
    with result.step("text filter"):
        proxy.setFilterFixedString(TEXT)
    result.shown["text filter"] = proxy.rowCount()
    proxy.setFilterFixedString("")
    proxy.setFilterRole(Qt.ItemDataRole.DisplayRole)  # either overlap column, as displayed
    with result.step("numeric filter"):
        proxy.setFilterRegularExpression(PAIRS_OVERLAP_REGEX)
    result.shown["numeric filter"] = proxy.rowCount()
    del proxy, model


def group_items(
    texts: Sequence[str],
    sort_key: Callable[[int], object],
    path: str,
    tooltip: str,
    font: QFont | None,
) -> list[QStandardItem]:
    items = []
    for c, text in enumerate(texts):
        item = QStandardItem(text)
        item.setToolTip(tooltip)
        item.setData(path, PATH_ROLE)
        if c in {2, 3, 4}:  # GroupsModel's numeric columns
            item.setData(sort_key(c), SORT_ROLE)
            item.setTextAlignment(RIGHT)
        if font is not None:
            item.setFont(font)
        items.append(item)
    return items


def peer_groups(groups: Sequence[GroupRow], result: Round) -> None:
    bold = QFont()
    bold.setBold(True)
    with result.step("load"):
        model = stock_table(groups_model.COLUMNS)
        for group in groups:
            top = group_items(
                groups_rows.group_texts(group, 0, 0),
                lambda c, g=group: groups_rows.group_key(g, c),
                group.reference,
                f"Reference (the one to keep): {group.reference}",
                bold,
            )
            for member in group.members:
                path = member.document.path
                prefix = "Reference (the one to keep): " if member.is_reference else ""
                top[0].appendRow(
                    group_items(
                        groups_rows.member_texts(member, ""),
                        lambda c, m=member: groups_rows.MEMBER_KEYS[c](m),
                        path,
                        prefix + path,
                        bold if member.is_reference else None,
                    )
                )
            model.appendRow(top)
        proxy = stock_proxy(model)
        result.shown["load"] = proxy.rowCount()
    with result.step("scroll"):
        scroll_tree(proxy, len(groups[0].members))
    with result.step("sort"):
        proxy.sort(GROUPS_SORT_COLUMN, Qt.SortOrder.DescendingOrder)
    del proxy, model


def peer_documents(rows: Sequence[DocumentRow], result: Round) -> None:
    columns = DocumentsModel.COLUMNS
    italic = QFont()
    italic.setItalic(True)
    assert role_title(LIBRARY_ROLE) == "Reference library"
    with result.step("load"):
        model = stock_table([c.title for c in columns])
        for row in rows:
            font = italic if row.role == LIBRARY_ROLE else None
            model.appendRow(table_items(row, columns, {0: row.path}, font))
        proxy = stock_proxy(model)
        result.shown["load"] = proxy.rowCount()
    with result.step("scroll"):
        scroll_table(proxy)
    with result.step("sort"):
        proxy.sort(DOCUMENTS_SORT_COLUMN, Qt.SortOrder.DescendingOrder)
    with result.step("text filter"):
        proxy.setFilterFixedString(TEXT)
    result.shown["text filter"] = proxy.rowCount()
    proxy.setFilterFixedString("")
    proxy.setFilterRole(Qt.ItemDataRole.DisplayRole)
    proxy.setFilterKeyColumn(DOCUMENTS_SORT_COLUMN)  # Found elsewhere, as displayed
    with result.step("numeric filter"):
        proxy.setFilterRegularExpression(DOCUMENTS_FOUND_REGEX)
    result.shown["numeric filter"] = proxy.rowCount()
    del proxy, model


# --- running and reporting ---------------------------------------------------------------------

Runner = Callable[[Any, Round], None]


def run(
    cases: dict[str, tuple[Sequence[Any], Runner, Runner]], repeat: int
) -> dict[str, dict[str, list[Round]]]:
    rounds: dict[str, dict[str, list[Round]]] = {
        name: {side: [] for side in SIDES} for name in cases
    }
    for n in range(repeat):
        for name, (rows, neardup, peer) in cases.items():
            order = [("NearDup", neardup), ("peer", peer)]
            for side, runner in order if n % 2 == 0 else reversed(order):
                gc.collect()
                result = Round()
                runner(rows, result)
                gc.collect()
                rounds[name][side].append(result)
                steps = ", ".join(f"{s} {t:.3f}" for s, t in result.seconds.items())
                print(f"round {n + 1}/{repeat} {name} {side}: {steps}", flush=True)
            for step, shown in rounds[name]["NearDup"][-1].shown.items():
                peer_shown = rounds[name]["peer"][-1].shown[step]
                if shown != peer_shown:
                    raise SystemExit(f"{name} {step}: NearDup shows {shown}, the peer {peer_shown}")
    return rounds


def median(rounds: list[Round], step: str) -> float | None:
    values = [r.seconds[step] for r in rounds if step in r.seconds]
    return statistics.median(values) if values else None


def total(rounds: list[Round]) -> float:
    return statistics.median(sum(r.seconds.values()) for r in rounds)


def seconds_text(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.4f}" if value < 0.01 else f"{value:.3f}"


def ratio_text(neardup: float | None, peer: float | None) -> str:
    if neardup is None or peer is None or peer == 0:
        return "–"
    return f"**{neardup / peer:.3g}×**"


def report(
    rounds: dict[str, dict[str, list[Round]]], sizes: dict[str, str], args: argparse.Namespace
) -> str:
    lines = [
        "# NearDup item models at 100k rows",
        "",
        f"Produced by `benchmarks/bench_models.py --rows {args.rows} --groups {args.groups} "
        f"--repeat {args.repeat}` on {datetime.now():%Y-%m-%d %H:%M}. Seconds are medians of "
        f"{args.repeat} rounds; ratios are NearDup / peer (below 1: NearDup is faster), taken in "
        "the same run.",
        "",
        f"- Machine: {os.cpu_count()} CPUs, {platform.platform()}, "
        f"Python {platform.python_version()}",
        f"- NearDup {neardup_version}; PySide6 {PySide6.__version__}, Qt {qVersion()}, "
        f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM')}",
        "- Peer: QStandardItemModel (one item per cell: text, tooltip, alignment, font, number in "
        "a sort role, path in a path role) behind a plain QSortFilterProxyModel.",
        "- Rows: " + "; ".join(f"{name} {size}" for name, size in sizes.items()),
        "",
        "| model | step | NearDup s | peer s | NearDup / peer | rows shown |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name, sides in rounds.items():
        for step in (*STEPS, "total"):
            if step == "total":
                neardup, peer = total(sides["NearDup"]), total(sides["peer"])
            else:
                neardup, peer = median(sides["NearDup"], step), median(sides["peer"], step)
            if neardup is None and peer is None:
                continue
            shown = sides["NearDup"][-1].shown.get(step)
            lines.append(
                f"| {name} | {step} | {seconds_text(neardup)} | {seconds_text(peer)} | "
                f"{ratio_text(neardup, peer)} | {'' if shown is None else f'{shown:,}'} |"
            )
    lines += ["", "## Every round", "", "| model | side | round | " + " | ".join(STEPS) + " |"]
    lines.append("|---|---|---:|" + "---:|" * len(STEPS))
    for name, sides in rounds.items():
        for side, side_rounds in sides.items():
            for n, result in enumerate(side_rounds, 1):
                cells = " | ".join(seconds_text(result.seconds.get(step)) for step in STEPS)
                lines.append(f"| {name} | {side} | {n} | {cells} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000, help="pairs and documents")
    parser.add_argument("--groups", type=int, default=35_000, help="groups of 3 documents")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (medians reported)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="markdown report")
    args = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the application starts
    app = QApplication.instance() or QApplication([])
    lost = none_references_lost()
    if lost:
        # The stock peer makes millions of such calls: the run would abort half-way.
        sys.exit(
            f"PySide6 {PySide6.__version__} on Python {platform.python_version()} loses a "
            f"reference to None on each call returning None ({lost} of 100 calls); install the "
            "version pyproject.toml allows (pip install -e .)."
        )
    pairs = model_rows.pair_rows(args.rows)
    groups = model_rows.group_rows(args.groups)
    documents = model_rows.document_rows(args.rows)
    members = sum(len(g.members) for g in groups)
    sizes = {
        "pairs": f"{len(pairs):,}",
        "groups": f"{len(groups):,} ({members:,} member rows)",
        "documents": f"{len(documents):,}",
    }
    cases: dict[str, tuple[Sequence[Any], Runner, Runner]] = {
        "pairs": (pairs, neardup_pairs, peer_pairs),
        "groups": (groups, neardup_groups, peer_groups),
        "documents": (documents, neardup_documents, peer_documents),
    }
    text = report(run(cases, args.repeat), sizes, args)
    print()
    print(text)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"written to {args.output}")
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
