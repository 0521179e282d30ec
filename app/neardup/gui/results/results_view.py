"""The results tabs (documents, groups, pairs, problems) with filters, context menus and a
summary line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from PySide6.QtCore import QModelIndex, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from neardup.gui.formatting import count_text, kind_text
from neardup.gui.report_data import GroupRow, MemberRow, PairRow, ReportData
from neardup.gui.results.documents_page import DocumentsPage
from neardup.gui.results.drop_hint import DropHint
from neardup.gui.results.file_actions import add_file_actions
from neardup.gui.results.groups_model import KIND_COLUMN, GroupsModel
from neardup.gui.results.models import (
    PATH_ROLE,
    ProblemsModel,
    SourceSortProxy,
    keep_whole_selection,
)
from neardup.gui.results.pairs_model import PairsModel
from neardup.gui.results.table_layout import DATE_SAMPLE, RoomToColumn, make_readable
from neardup.gui.tidy.ignore import GroupsProxy
from neardup.gui.tidy.marks import MarkResult, MarkRule, apply_rule, keep_this_one
from neardup.gui.tidy.plan import TidyScope, TrashPlan, plan_marked, plan_trash

KINDS = ("duplicate", "near-duplicate", "partial")
# Beyond this many groups, expanding them all would make opening a report sluggish.
MAX_EXPANDED_GROUPS = 5000
# First widths of the columns in characters; a person can drag each one.
_GROUP_CHARS: dict[int, int | str] = {
    0: 34,
    1: 24,
    2: 9,
    3: 9,
    4: 10,
    5: DATE_SAMPLE,
    6: 7,
    KIND_COLUMN: 14,
}
_PAIR_CHARS: dict[int, int | str] = {
    0: 30,
    1: 30,
    2: 14,
    3: 9,
    4: 10,
    5: 12,
    6: 12,
    7: 14,
    8: DATE_SAMPLE,
    9: DATE_SAMPLE,
}


def _configure(view: QTableView | QTreeView) -> None:
    view.setSortingEnabled(False)
    header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
    header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    view.setAlternatingRowColors(True)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)


class ResultsView(QWidget):
    compare_requested = Signal(object)  # PairRow
    trash_requested = Signal(object)  # list of GroupRow | MemberRow: their duplicates, to trash
    status_message = Signal(str)  # something a person should know, for the status bar
    sources_page_requested = Signal(object)  # DocumentRow

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary_label = QLabel(self.tr("No results yet: add a folder and press Scan (F5)."))
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.documents_page = DocumentsPage()
        self.documents_model = self.documents_page.model
        self.documents_view = self.documents_page.view
        self.documents_view.customContextMenuRequested.connect(
            lambda point: self._popup_menu(self.documents_view, point)
        )
        self.documents_page.compare_requested.connect(self.compare_requested)
        self.documents_page.sources_page_requested.connect(self.sources_page_requested)
        self.documents_page.status_message.connect(self.status_message)

        self.groups_model = GroupsModel(self)
        self.groups_proxy = GroupsProxy(self)
        self.groups_proxy.setSourceModel(self.groups_model)
        self.groups_view = QTreeView()
        self.groups_view.setModel(self.groups_proxy)
        _configure(self.groups_view)
        # several groups at once: tidying a folder is rarely one group at a time
        self.groups_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        make_readable(self.groups_view, _GROUP_CHARS)
        # exact copy or edited version: next to the name, what tidying most depends on
        self.groups_view.header().moveSection(KIND_COLUMN, 1)
        RoomToColumn(self.groups_view, 0)  # the group titles take the room a wide window has
        self.groups_view.customContextMenuRequested.connect(
            lambda point: self._popup_menu(self.groups_view, point)
        )
        self.groups_view.doubleClicked.connect(self._group_double_clicked)

        self.pairs_model = PairsModel(self)  # sorts and filters itself, at 100k rows
        self.pairs_view = QTableView()
        self.pairs_view.setModel(self.pairs_model)
        keep_whole_selection(self.pairs_view)
        _configure(self.pairs_view)
        make_readable(self.pairs_view, _PAIR_CHARS)
        self.pairs_view.customContextMenuRequested.connect(
            lambda point: self._popup_menu(self.pairs_view, point)
        )
        self.pairs_view.doubleClicked.connect(self._pair_double_clicked)
        self.pairs_view.setToolTip(
            self.tr("Double-click a pair to compare the two texts side by side.")
        )

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by path…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(
            self.tr("Show only pairs where either path contains this text.")
        )
        self.filter_edit.textChanged.connect(self.pairs_model.set_text)
        self.kind_combo = QComboBox()
        self.kind_combo.addItem(self.tr("All kinds"), "")
        for kind in KINDS:
            self.kind_combo.addItem(kind_text(kind).capitalize(), kind)
        self.kind_combo.setToolTip(self.tr("Show only pairs of this kind."))
        self.kind_combo.currentIndexChanged.connect(
            lambda: self.pairs_model.set_kind(self.kind_combo.currentData())
        )
        self.min_overlap_spin = QDoubleSpinBox()
        self.min_overlap_spin.setRange(0, 100)
        self.min_overlap_spin.setDecimals(0)
        self.min_overlap_spin.setSuffix(" %")
        self.min_overlap_spin.setPrefix("≥ ")
        self.min_overlap_spin.setToolTip(
            self.tr("Show only pairs where at least this share of one text is found in the other.")
        )
        self.min_overlap_spin.valueChanged.connect(
            lambda value: self.pairs_model.set_min_overlap(value / 100)
        )
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.kind_combo)
        filters.addWidget(QLabel(self.tr("Overlap:")))
        filters.addWidget(self.min_overlap_spin)
        self.pairs_page = pairs_page = QWidget()
        pairs_layout = QVBoxLayout(pairs_page)
        pairs_layout.setContentsMargins(0, 4, 0, 0)
        pairs_layout.addLayout(filters)
        pairs_layout.addWidget(self.pairs_view)

        self.problems_model = ProblemsModel(self)
        self.problems_proxy = SourceSortProxy(self)
        self.problems_proxy.setSourceModel(self.problems_model)
        self.problems_view = QTableView()
        self.problems_view.setModel(self.problems_proxy)
        _configure(self.problems_view)
        make_readable(self.problems_view, {0: 48})
        self.problems_view.customContextMenuRequested.connect(
            lambda point: self._popup_menu(self.problems_view, point)
        )

        self.tabs = QTabWidget()
        # First: for a thesis check the ranking is the answer, and it lists every document,
        # so it is also the overview when tidying (the duplicates rank on top at 100%).
        self.tabs.addTab(self.documents_page, self.tr("Documents"))
        self.tabs.addTab(self.groups_view, self.tr("Groups"))
        self.tabs.addTab(pairs_page, self.tr("Pairs"))
        self.tabs.addTab(self.problems_view, self.tr("Problems"))
        # Before the first results: where to begin, in place of four empty tables.
        self.drop_hint = DropHint()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.drop_hint)
        self.pages.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.pages, 1)
        self._pair_of: dict[tuple[str, str], PairRow] = {}
        self._tidy_scope = TidyScope()
        self._tidy_enabled = True
        self._report: ReportData | None = None
        # Filled in by the ignore controller: its entries in the Groups and Pairs menus.
        self.group_menu_hook: Callable[[QMenu, GroupRow, MemberRow | None], None] | None = None
        # Entries other parts add to a pair's menu (ignoring, review marks), in order.
        self.pair_menu_hooks: list[Callable[[QMenu, PairRow], None]] = []
        # The Pairs and Documents tabs count the rows their filters leave, as they change.
        for filtered in (self.pairs_model, self.documents_model):
            filtered.layoutChanged.connect(self._show_filtered_counts)
            filtered.modelReset.connect(self._show_filtered_counts)

    def show_report(self, report: ReportData) -> None:
        self._report = report
        self.pages.setCurrentWidget(self.tabs)
        self._tidy_scope = TidyScope.of(report)
        self.groups_model.set_groups(report.groups, self._tidy_scope.never_moved())
        self.pairs_model.set_rows(report.pairs)
        self.problems_model.set_rows(report.problems)
        if len(report.groups) <= MAX_EXPANDED_GROUPS:
            self.groups_view.expandAll()
        self._pair_of = report.pair_of
        self.documents_page.show_documents(list(report.documents.values()), self._pair_of)
        self.summary_label.setText(report.summary.text())
        for page, title, count in (
            (self.groups_view, self.tr("Groups"), len(report.groups)),
            (self.problems_view, self.tr("Problems"), len(report.problems)),
        ):
            self.tabs.setTabText(
                self.tabs.indexOf(page),
                f"{title} ({count})",
            )
        self._show_filtered_counts()  # Pairs and Documents: what their filters leave

    def _show_filtered_counts(self) -> None:
        report = self._report
        for page, total, shown, title, some in (
            (
                self.pairs_page,
                len(report.pairs) if report is not None else 0,
                self.pairs_model.rowCount(),
                self.tr("Pairs"),
                self.tr("Pairs ({shown} of {total})"),
            ),
            (
                self.documents_page,
                self.documents_model.choice_count(),  # library documents hidden: not counted
                self.documents_model.rowCount(),
                self.tr("Documents"),
                self.tr("Documents ({shown} of {total})"),
            ),
        ):
            text = some.format(shown=shown, total=total) if shown != total else f"{title} ({total})"
            self.tabs.setTabText(self.tabs.indexOf(page), text)

    # --- double-click --------------------------------------------------------------------------

    def _pair_double_clicked(self, index: QModelIndex) -> None:
        self.compare_requested.emit(self.pairs_model.pair(index.row()))

    def _group_double_clicked(self, index: QModelIndex) -> None:
        member = self.groups_model.member_at(self.groups_proxy.mapToSource(index))
        if member is None or member.is_reference:
            return
        group = self.groups_model.group_at(self.groups_proxy.mapToSource(index))
        pair = self._pair_of.get((member.document.path, group.reference)) if group else None
        if pair is not None:
            self.compare_requested.emit(pair)

    # --- tidying -------------------------------------------------------------------------------

    def set_tidy_enabled(self, enabled: bool) -> None:
        """Whether the context menu may offer to trash files (not while a scan runs)."""
        self._tidy_enabled = enabled

    def group_rows(self, indexes: list[QModelIndex]) -> list[GroupRow | MemberRow]:
        rows: list[GroupRow | MemberRow] = []
        for index in indexes:
            source = self.groups_proxy.mapToSource(index)
            row = self.groups_model.member_at(source) or self.groups_model.group_at(source)
            if row is not None:
                rows.append(row)
        return rows

    def selected_group_rows(self) -> list[GroupRow | MemberRow]:
        return self.group_rows(self.groups_view.selectionModel().selectedRows(0))

    def trash_plan(self, rows: list[GroupRow | MemberRow]) -> TrashPlan:
        # A group row stands for its members the tab shows: an ignored one is not moved unseen.
        hidden = self.hidden_members()
        members = [
            m
            for row in rows
            for m in (row.members if isinstance(row, GroupRow) else (row,))
            if m.document.path not in hidden or not isinstance(row, GroupRow)
        ]
        return plan_trash(members, self._tidy_scope, self.groups_model.away_paths())

    def marked_plan(self, marked: frozenset[str]) -> TrashPlan:
        return plan_marked(marked, self._tidy_scope, self.groups_model.away_paths())

    def _refresh_scope(self) -> None:
        """After references changed: what is kept, and so what may be marked, follows them."""
        if self._report is not None:
            self._tidy_scope = TidyScope.of(self._report, self.groups_model.groups())
            self.groups_model.set_unmarkable(self._tidy_scope.never_moved())

    def shown_groups(self) -> list[GroupRow]:
        proxy = self.groups_proxy
        if proxy.show_ignored:
            return self.groups_model.groups()
        return [g for g in self.groups_model.groups() if not proxy.hidden.group_is_hidden(g)]

    def hidden_members(self) -> frozenset[str]:
        """Members the Groups tab hides (ignored with their reference): never moved unseen."""
        if self.groups_proxy.show_ignored:
            return frozenset()
        return frozenset(path for _group, path in self.groups_proxy.hidden.members)

    def apply_mark_rule(self, rule: MarkRule, folder: PurePath | None = None) -> MarkResult:
        """Mark (and for a keep rule, choose the copy to keep in) every group shown."""
        model = self.groups_model
        result = apply_rule(
            rule,
            self.shown_groups(),
            self._tidy_scope,
            model.away_paths(),
            model.marked_paths(),
            self._pair_of,
            folder,
        )
        model.replace_groups(result.changed_groups)
        self._refresh_scope()
        model.set_marks(result.marks - self.hidden_members())
        text = count_text(
            len(model.marked_paths()),
            self.tr("{count} file marked."),
            self.tr("{count} files marked."),
        )
        if result.untouched:
            text += " " + count_text(
                result.untouched,
                self.tr("{count} group has no copy there and was left as it was."),
                self.tr("{count} groups have no copy there and were left as they were."),
            )
        self.status_message.emit(text)
        return result

    def keep_member(self, group: GroupRow, path: str) -> None:
        """Make this member the copy its group keeps (its reference)."""
        self.groups_model.replace_groups([keep_this_one(group, path, self._pair_of)])
        self._refresh_scope()
        self.status_message.emit(
            self.tr("Keeping {name} in group {id}.").format(name=PurePath(path).name, id=group.id)
        )

    def _add_keep_action(self, menu: QMenu, group: GroupRow, member: MemberRow) -> None:
        path = member.document.path
        if member.is_reference or self.groups_model.is_away(path):
            return
        action = menu.addAction(self.tr("Keep this one"))
        action.setToolTip(self.tr("Make this file the group's reference: the copy tidying keeps."))
        action.setEnabled(self._tidy_enabled)
        action.triggered.connect(lambda: self.keep_member(group, path))

    def _add_trash_action(self, menu: QMenu, index: QModelIndex) -> None:
        rows = self.group_rows([index.siblingAtColumn(0)])
        if not self.trash_plan(rows).files:
            return  # a reference, a library file, or already in the Trash: nothing to offer
        # Right-clicking inside the selection acts on all of it, elsewhere on that row alone.
        if self.groups_view.selectionModel().isRowSelected(index.row(), index.parent()):
            rows = self.selected_group_rows()
        if index.parent().isValid():
            label = self.tr("Move to Trash…")
        else:
            label = self.tr("Move duplicates to Trash…")
        menu.addSeparator()
        action = menu.addAction(label)
        action.setEnabled(self._tidy_enabled)
        action.triggered.connect(lambda: self.trash_requested.emit(rows))

    # --- context menus -------------------------------------------------------------------------

    def context_menu(self, view: QTableView | QTreeView, index: QModelIndex) -> QMenu | None:
        """The menu for a row of one of the four views (None outside the rows)."""
        if view is self.documents_view:
            return self.documents_page.context_menu(index)
        if not index.isValid():
            return None
        menu = QMenu(self)
        if view is self.pairs_view:
            pair = self.pairs_model.pair(index.row())
            menu.addAction(self.tr("Compare side by side")).triggered.connect(
                lambda: self.compare_requested.emit(pair)
            )
            menu.addSeparator()
            add_file_actions(menu, pair.a, "A")
            menu.addSeparator()
            add_file_actions(menu, pair.b, "B")
            for hook in self.pair_menu_hooks:
                menu.addSeparator()
                hook(menu, pair)
        elif view is self.groups_view:
            source = self.groups_proxy.mapToSource(index)
            member = self.groups_model.member_at(source)
            group = self.groups_model.group_at(source)
            if member is not None and group is not None and not member.is_reference:
                with_reference = self._pair_of.get((member.document.path, group.reference))
                if with_reference is not None:
                    menu.addAction(self.tr("Compare with the reference")).triggered.connect(
                        lambda: self.compare_requested.emit(with_reference)
                    )
                    menu.addSeparator()
            add_file_actions(menu, str(self.groups_model.data(source, PATH_ROLE)))
            if member is not None and group is not None:
                menu.addSeparator()
                self._add_keep_action(menu, group, member)
            self._add_trash_action(menu, index)
            if group is not None and self.group_menu_hook is not None:
                menu.addSeparator()
                self.group_menu_hook(menu, group, member)
        else:
            source = self.problems_proxy.mapToSource(index)
            add_file_actions(menu, str(self.problems_model.data(source, PATH_ROLE)))
        return menu

    def _popup_menu(self, view: QTableView | QTreeView, point: QPoint) -> None:
        menu = self.context_menu(view, view.indexAt(point))
        if menu is not None:
            menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            menu.popup(view.viewport().mapToGlobal(point))
