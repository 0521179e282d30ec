"""Ignored pairs and groups: which rows of a report they hide, and the Groups tab's proxy that
hides them (the Pairs tab's model filters its own rows, ``PairsModel.set_ignored``).

The decisions live in the core's `IgnoreList` (SQLite, keyed by content hash and size); this
module finds a report's documents in it. Only files whose size some ignored document has are
hashed, and each hash is remembered while the file keeps its size and modification time.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from neardup.core.store import DocumentKey, IgnoreList, content_hash
from neardup.gui.report_data import GroupRow, PairRow
from neardup.gui.results.groups_model import GroupsModel
from neardup.gui.results.models import Index, SourceSortProxy, trashed_brush
from neardup.gui.results.pairs_model import IGNORED_TAG


@dataclass(frozen=True, slots=True)
class Hidden:
    """What the ignore list hides in one report."""

    members: frozenset[tuple[int, str]] = (
        frozenset()
    )  # (group id, path): ignored with its reference
    groups: frozenset[int] = frozenset()  # every member ignored with the reference
    pairs: frozenset[tuple[str, str]] = frozenset()  # (a, b) as the report has them

    def group_is_hidden(self, group: GroupRow) -> bool:
        return group.id in self.groups

    def visible_members(self, group: GroupRow) -> tuple[str, ...]:
        return tuple(
            m.document.path
            for m in group.members
            if (group.id, m.document.path) not in self.members
        )


@dataclass(slots=True)
class DocumentKeys:
    """Content keys of files, hashed once per (size, modification time)."""

    _known: dict[str, tuple[int, int, DocumentKey]] = field(default_factory=dict)

    def key_of(self, path: str, sizes: frozenset[int] | None = None) -> DocumentKey | None:
        """The file's key; None when it cannot be read, or its size is not in ``sizes``."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        if sizes is not None and info.st_size not in sizes:
            return None
        known = self._known.get(path)
        if known is not None and known[:2] == (info.st_size, info.st_mtime_ns):
            return known[2]
        try:
            key = DocumentKey(content_hash(Path(path)), info.st_size)
        except OSError:
            return None
        self._known[path] = (info.st_size, info.st_mtime_ns, key)
        return key


def hidden_in(
    ignored: IgnoreList, keys: DocumentKeys, groups: Sequence[GroupRow], pairs: Sequence[PairRow]
) -> Hidden:
    if not len(ignored):
        return Hidden()
    sizes = ignored.sizes()

    def is_ignored(a: str, b: str) -> bool:
        key_a = keys.key_of(a, sizes)
        key_b = keys.key_of(b, sizes) if key_a is not None else None
        return key_b is not None and key_a is not None and ignored.is_ignored(key_a, key_b)

    members: set[tuple[int, str]] = set()
    hidden_groups: set[int] = set()
    for group in groups:
        others = [m.document.path for m in group.members if not m.is_reference]
        gone = {path for path in others if is_ignored(path, group.reference)}
        members |= {(group.id, path) for path in gone}
        if others and len(gone) == len(others):
            hidden_groups.add(group.id)
    hidden_pairs = {(p.a, p.b) for p in pairs if is_ignored(p.a, p.b)}
    return Hidden(frozenset(members), frozenset(hidden_groups), frozenset(hidden_pairs))


def key_pairs(
    keys: DocumentKeys, path_pairs: Iterable[tuple[str, str]]
) -> list[tuple[DocumentKey, DocumentKey]]:
    """The content keys of pairs of files, leaving out any file that cannot be read."""
    found = []
    for a, b in path_pairs:
        key_a, key_b = keys.key_of(a), keys.key_of(b)
        if key_a is not None and key_b is not None:
            found.append((key_a, key_b))
    return found


def group_pairs(group: GroupRow) -> list[tuple[str, str]]:
    """Every pair of a group's members: ignoring the group ignores them all, so that it stays
    hidden whichever member is its reference after a rescan."""
    return list(itertools.combinations([m.document.path for m in group.members], 2))


class _Hiding(SourceSortProxy):
    """Hides the ignored rows, or shows them greyed and tagged when asked to."""

    hidden = Hidden()
    show_ignored = False

    def set_hidden(self, hidden: Hidden, show_ignored: bool) -> None:
        if hidden == self.hidden and show_ignored == self.show_ignored:
            return  # nothing to filter again: a pass over 119,000 pairs takes 180 ms
        self._begin_filter_change()
        self.hidden = hidden
        self.show_ignored = show_ignored
        self._end_filter_change()

    def is_ignored_row(self, source: Index) -> bool:
        raise NotImplementedError

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        value = super().data(index, role)
        if not self.show_ignored or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ForegroundRole,
        ):
            return value
        if not self.is_ignored_row(self.mapToSource(index).siblingAtColumn(0)):
            return value
        if role == Qt.ItemDataRole.ForegroundRole:
            return trashed_brush()
        return f"{value}  [{IGNORED_TAG}]" if index.column() == 0 else value


class GroupsProxy(_Hiding):
    """The Groups tab's proxy: hides ignored groups and members unless asked to show them."""

    def is_ignored_row(self, source: Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, GroupsModel):
            return False
        group = model.group_at(source)
        if group is None:
            return False
        member = model.member_at(source)
        if member is None:
            return group.id in self.hidden.groups
        return (group.id, member.document.path) in self.hidden.members

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if self.show_ignored or not (self.hidden.groups or self.hidden.members):
            return True
        model = self.sourceModel()
        return not self.is_ignored_row(model.index(source_row, 0, source_parent))
