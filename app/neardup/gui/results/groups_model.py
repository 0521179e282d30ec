"""Tree model of near-duplicate groups (group → members): the reference in bold, files in the
Trash greyed and in italics, a checkbox on every member tidying may move (the marks)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from neardup.gui.formatting import sort_key
from neardup.gui.report_data import GroupRow, MemberRow
from neardup.gui.results.groups_rows import (
    COLUMNS,
    IN_TRASH_TAG,
    KIND_COLUMN,
    MEMBER_KEYS,
    MIXED_KIND,
    MOVED_TAG,
    NUMERIC_COLUMNS,
    REFERENCE_TAG,
    group_key,
    group_kind,
    group_texts,
    kind_tip,
    member_texts,
    tag_text,
    translate,
)
from neardup.gui.results.models import (
    PATH_ROLE,
    ROW_ROLE,
    SORT_ROLE,
    Index,
    column_title,
    trashed_brush,
    trashed_tip,
)
from neardup.gui.results.sort_keys import SortKeys
from neardup.gui.tidy.plan import same_format

_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_TOP = 0  # internalId of group rows; member rows carry their group's storage index + 1

__all__ = ["IN_TRASH_TAG", "KIND_COLUMN", "MIXED_KIND", "REFERENCE_TAG", "GroupsModel"]


class GroupsModel(QAbstractItemModel):
    """Two levels; display strings are cached on first use, sorting is one Python sort."""

    marks_changed = Signal()
    references_changed = Signal()  # replace_groups gave some groups another reference

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._groups: list[GroupRow] = []
        self._order: list[int] = []  # view row -> group storage index
        self._row_of: list[int] = []  # group storage index -> view row
        self._member_order: list[list[int]] = []
        self._texts: dict[tuple[int, int], tuple[str, ...]] = {}  # (group, member or -1)
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._sort: tuple[int, Qt.SortOrder] | None = None
        # Kept across reports: a reopened report shows what was trashed since as such.
        self._in_trash: frozenset[str] = frozenset()
        self._moved: dict[str, str] = {}  # path -> the folder "Move to folder" put it in
        self._places: dict[str, list[tuple[int, int]]] = {}  # path -> (group, member) pairs
        self._marked: set[str] = set()
        self._unmarkable: frozenset[str] = frozenset()  # kept copies and library files

    def set_groups(self, groups: Sequence[GroupRow], unmarkable: Set[str] = frozenset()) -> None:
        """Show these groups; ``unmarkable`` are the files tidying never moves (no checkbox)."""
        self.beginResetModel()
        self._unmarkable = frozenset(unmarkable)
        self._groups = list(groups)
        self._order = list(range(len(self._groups)))
        self._row_of = list(self._order)
        self._member_order = [list(range(len(g.members))) for g in self._groups]
        self._texts = {}
        self._index_places()
        self._marked = set()
        if self._sort is not None:
            self._apply_sort(*self._sort)
        self.endResetModel()
        self.marks_changed.emit()

    def _index_places(self) -> None:
        self._places = {}
        for g, group_row in enumerate(self._groups):
            for m, member in enumerate(group_row.members):
                self._places.setdefault(member.document.path, []).append((g, m))

    def groups(self) -> list[GroupRow]:
        return list(self._groups)

    def replace_groups(self, changed: Iterable[GroupRow]) -> None:
        """New versions of some groups (same id and members, another reference), in place:
        the view keeps its selection and what it had expanded."""
        by_id = {group.id: group for group in changed}
        if not by_id:
            return
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        located = [(p.internalId(), self._place_of(p), p.column()) for p in persistent]
        self._groups = [by_id.get(group.id, group) for group in self._groups]
        self._member_order = [list(range(len(g.members))) for g in self._groups]
        self._index_places()
        self._texts = {}
        if self._sort is not None:
            self._apply_sort(*self._sort)
        new = []
        for internal, place, column in located:
            if internal == _TOP:
                new.append(self.createIndex(self._row_of[place[0]], column, _TOP))
                continue
            group = internal - 1
            members = self._groups[group].members
            member = next(i for i, m in enumerate(members) if m.document.path == place[1])
            new.append(self.createIndex(self._member_order[group].index(member), column, internal))
        self.changePersistentIndexList(persistent, new)
        self.layoutChanged.emit()
        self.references_changed.emit()

    def _place_of(self, index: QModelIndex | QPersistentModelIndex) -> tuple[int, str]:
        """(group storage index, member path or "") of an index: what survives a relayout."""
        if index.internalId() == _TOP:
            return self._order[index.row()], ""
        group = index.internalId() - 1
        member = self._groups[group].members[self._member_order[group][index.row()]]
        return group, member.document.path

    # --- marks -------------------------------------------------------------------------------

    def set_unmarkable(self, paths: Set[str]) -> None:
        """Files tidying never moves (kept copies, library files): they get no checkbox."""
        new = frozenset(paths)
        changed = new ^ self._unmarkable
        self._unmarkable = new
        self.set_marks(self._marked - new)
        for path in changed:
            self._emit_changed(path)

    def is_markable(self, path: str) -> bool:
        return path not in self._unmarkable and not self.is_away(path)

    def is_marked(self, path: str) -> bool:
        return path in self._marked and self.is_markable(path)

    def marked_paths(self) -> frozenset[str]:
        """The files marked for tidying, never one that is kept or already in the Trash."""
        return frozenset(p for p in self._marked if self.is_markable(p))

    def set_marks(self, paths: Iterable[str]) -> None:
        new = {p for p in paths if self.is_markable(p)}
        changed = new ^ self._marked
        self._marked = new
        for path in changed:
            self._emit_changed(path)
        if changed:
            self.marks_changed.emit()

    def _emit_changed(self, path: str) -> None:
        last = len(COLUMNS) - 1
        for g, m in self._places.get(path, ()):
            self._texts.pop((g, m), None)
            self._texts.pop((g, -1), None)
            group_index = self.createIndex(self._row_of[g], 0, _TOP)
            row = self._member_order[g].index(m)
            self.dataChanged.emit(
                self.createIndex(row, 0, g + 1), self.createIndex(row, last, g + 1)
            )
            self.dataChanged.emit(group_index, group_index.siblingAtColumn(last))

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == 0:
            member = self.member_at(index)
            if member is not None and self.is_markable(member.document.path):
                flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != 0:
            return False
        member = self.member_at(index)
        if member is None or not self.is_markable(member.document.path):
            return False
        path = member.document.path
        checked = Qt.CheckState(value) == Qt.CheckState.Checked
        self.set_marks(self._marked | {path} if checked else self._marked - {path})
        return True

    # --- files in the Trash ------------------------------------------------------------------

    def is_in_trash(self, path: str) -> bool:
        return path in self._in_trash

    def in_trash_paths(self) -> frozenset[str]:
        return self._in_trash

    def is_away(self, path: str) -> bool:
        """Moved by tidying, to the Trash or to a folder."""
        return path in self._in_trash or path in self._moved

    def away_paths(self) -> frozenset[str]:
        return self._in_trash | self._moved.keys()

    def _away_tag(self, path: str) -> str:
        if path in self._in_trash:
            return tag_text(IN_TRASH_TAG)
        folder = self._moved.get(path)
        return f"{tag_text(MOVED_TAG)} {folder}" if folder else ""

    def set_moved(self, folders: Mapping[str, str]) -> None:
        """Mark these paths as moved to a folder, each to its own (and every other as not)."""
        changed = {p for p in folders.keys() ^ self._moved.keys()}
        changed |= {p for p in folders if self._moved.get(p) != folders[p]}
        self._moved = dict(folders)
        for path in changed:
            self._emit_changed(path)
        if self._marked & changed:
            self.set_marks(self._marked - changed)

    def set_in_trash(self, paths: Set[str]) -> None:
        """Mark these paths as moved to the Trash (and every other path as not)."""
        new = frozenset(paths)
        changed = new ^ self._in_trash
        self._in_trash = new
        for path in changed:
            self._emit_changed(path)
        if self._marked & changed:
            self.set_marks(self._marked - new)  # a file in the Trash is no longer marked

    def _trashed_in(self, group: GroupRow) -> int:
        return sum(m.document.path in self._in_trash for m in group.members)

    # --- structure ---------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(COLUMNS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._order):
                return QModelIndex()
            return self.createIndex(row, column, _TOP)
        if parent.internalId() != _TOP or parent.column() != 0:
            return QModelIndex()
        group = self._order[parent.row()]
        if row >= len(self._groups[group].members):
            return QModelIndex()
        return self.createIndex(row, column, group + 1)

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not child.isValid() or child.internalId() == _TOP:
            return QModelIndex()
        group = child.internalId() - 1
        return self.createIndex(self._row_of[group], 0, _TOP)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._order)
        if parent.internalId() != _TOP or parent.column() != 0:
            return 0
        return len(self._groups[self._order[parent.row()]].members)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    # --- data --------------------------------------------------------------------------------

    def _locate(self, index: Index) -> tuple[GroupRow, MemberRow | None, tuple[int, int]]:
        if index.internalId() == _TOP:
            group = self._order[index.row()]
            return self._groups[group], None, (group, -1)
        group = index.internalId() - 1
        member = self._member_order[group][index.row()]
        return self._groups[group], self._groups[group].members[member], (group, member)

    def member_at(self, index: Index) -> MemberRow | None:
        return self._locate(index)[1] if index.isValid() else None

    def group_at(self, index: Index) -> GroupRow | None:
        return self._locate(index)[0] if index.isValid() else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        group, member, key = self._locate(index)
        if role == Qt.ItemDataRole.DisplayRole:
            texts = self._texts.get(key)
            if texts is None:
                if member is not None:
                    texts = member_texts(member, self._away_tag(member.document.path))
                else:
                    trashed = self._trashed_in(group) if self._in_trash else 0
                    marked = sum(self.is_marked(m.document.path) for m in group.members)
                    texts = group_texts(group, trashed, marked)
                self._texts[key] = texts
            return texts[index.column()]
        if role == Qt.ItemDataRole.CheckStateRole:
            if member is None or index.column() != 0 or not self.is_markable(member.document.path):
                return None
            marked = member.document.path in self._marked
            return Qt.CheckState.Checked if marked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole:
            if member is None or member.is_reference:
                return self._bold
            return self._italic if self.is_away(member.document.path) else None
        if role == Qt.ItemDataRole.ForegroundRole:
            if member is not None and self.is_away(member.document.path):
                return trashed_brush()
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if index.column() in NUMERIC_COLUMNS else _LEFT
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() == KIND_COLUMN:
                if member is None:
                    return kind_tip(group_kind(group))
                return kind_tip(member.kind, not same_format(member.document.path, group.reference))
            reference_tip = translate("GroupsModel", "Reference (the one to keep): {path}")
            if member is None:
                return reference_tip.format(path=group.reference)
            path = member.document.path
            if path in self._in_trash:
                return trashed_tip(path)
            if path in self._moved:
                moved_tip = translate(
                    "GroupsModel", "Moved to {folder} (Edit → Undo puts it back): {path}"
                )
                return moved_tip.format(folder=self._moved[path], path=path)
            return reference_tip.format(path=path) if member.is_reference else path
        if role == ROW_ROLE:
            return member if member is not None else group
        if role == PATH_ROLE:
            return member.document.path if member is not None else group.reference
        if role == SORT_ROLE:
            if member is None:
                return group_key(group, index.column())
            return MEMBER_KEYS[index.column()](member)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return column_title(COLUMNS, section, orientation, role)

    # --- sorting -----------------------------------------------------------------------------

    def _apply_sort(self, column: int, order: Qt.SortOrder) -> None:
        reverse = order == Qt.SortOrder.DescendingOrder
        self._order = SortKeys.of([group_key(g, column) for g in self._groups]).order(reverse)
        self._row_of = [0] * len(self._groups)
        for row, group in enumerate(self._order):
            self._row_of[group] = row
        member_key = MEMBER_KEYS[column]
        for g, group_row in enumerate(self._groups):
            members = group_row.members
            others = [i for i, m in enumerate(members) if not m.is_reference]
            others.sort(key=lambda i: sort_key(member_key(members[i])), reverse=reverse)
            # the reference stays on top: it is what the others are measured against
            self._member_order[g] = [i for i, m in enumerate(members) if m.is_reference] + others

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        located = [(p.internalId(), self._storage_of(p), p.column()) for p in persistent]
        self._apply_sort(column, order)
        new = []
        for internal, storage, col in located:
            if internal == _TOP:
                new.append(self.createIndex(self._row_of[storage], col, _TOP))
            else:
                row = self._member_order[internal - 1].index(storage)
                new.append(self.createIndex(row, col, internal))
        self.changePersistentIndexList(persistent, new)
        self.layoutChanged.emit()

    def _storage_of(self, index: QModelIndex | QPersistentModelIndex) -> int:
        if index.internalId() == _TOP:
            return self._order[index.row()]
        return self._member_order[index.internalId() - 1][index.row()]
