"""Tidying a folder: which duplicates may go to the Trash, and the undo history.

No widgets here; `tidy_controller` puts it behind actions and dialogs, with the words of
`messages`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePath

from PySide6.QtCore import QCoreApplication

from neardup.core.match import MemberInfo, choose_reference
from neardup.core.settings import ReferenceRule
from neardup.gui.formatting import count_text
from neardup.gui.report_data import (
    DUPLICATE_KIND,
    LIBRARY_ROLE,
    DocumentRow,
    GroupRow,
    MemberRow,
    PairRow,
    ReportData,
)
from neardup.gui.tidy.trash import KeptCopies, TrashedFile

translate = QCoreApplication.translate


def files_text(count: int) -> str:
    return count_text(
        count, translate("TidyPlan", "{count} file"), translate("TidyPlan", "{count} files")
    )


def trash_text() -> str:
    """The Trash, as a destination in a button or a menu entry."""
    return translate("TidyPlan", "Trash")


def _is_library(document: DocumentRow, library_folders: Sequence[PurePath]) -> bool:
    # The report's role says so; the folders are a second guard for hand-made reports.
    if document.role == LIBRARY_ROLE:
        return True
    path = PurePath(document.path)
    return any(path.is_relative_to(folder) for folder in library_folders)


def _scanned_keeper(
    group: GroupRow, library_folders: Sequence[PurePath], rule: ReferenceRule
) -> DocumentRow | None:
    """The copy of a group tidying keeps in the scanned folders.

    Usually the group's reference; but a library document is preferred as reference, and
    tidying never touches the library, so keeping only it would empty the scanned folders of
    that text (a thesis whose archived copy is in the library). The reference rule then
    picks one scanned member to keep as well.
    """
    reference = next((m.document for m in group.members if m.is_reference), None)
    if reference is None or not _is_library(reference, library_folders):
        return reference
    scanned = [m.document for m in group.members if not _is_library(m.document, library_folders)]
    if not scanned:
        return None
    infos = [MemberInfo(d.path, d.size, d.modified_ns or 0, 0) for d in scanned]
    return scanned[choose_reference(infos, rule)]


@dataclass(frozen=True, slots=True)
class TidyScope:
    """What in a report must never be trashed: every group's reference and, where that is a
    library document, one scanned copy too; every library file."""

    references: frozenset[str] = frozenset()
    library_folders: tuple[PurePath, ...] = ()
    group_of: Mapping[str, GroupRow] = field(default_factory=dict)  # member path -> its group
    keeper_of: Mapping[int, DocumentRow] = field(default_factory=dict)  # group id -> scanned copy
    pair_of: Mapping[tuple[str, str], PairRow] = field(default_factory=dict)
    rule: ReferenceRule = ReferenceRule.OLDEST  # the scan's: picks a scanned copy to keep

    @classmethod
    def of(cls, report: ReportData, groups: Sequence[GroupRow] | None = None) -> TidyScope:
        """The scope of a report, or of its groups as the person has changed their references."""
        settings = report.raw.get("settings") or {}
        folders = tuple(PurePath(str(folder)) for folder in settings.get("against") or ())
        rule = report.scan_settings().reference_rule
        groups = report.groups if groups is None else groups
        keepers = {
            g.id: keeper
            for g in groups
            if (keeper := _scanned_keeper(g, folders, rule)) is not None
        }
        return cls(
            frozenset(g.reference for g in groups) | {k.path for k in keepers.values()},
            folders,
            {m.document.path: g for g in groups for m in g.members},
            keepers,
            report.pair_of,
            rule,
        )

    def is_library(self, document: DocumentRow) -> bool:
        return _is_library(document, self.library_folders)

    def never_moved(self) -> frozenset[str]:
        """Every file tidying keeps: the kept copies and the reference-library files."""
        library = {
            m.document.path
            for g in self.group_of.values()
            for m in g.members
            if self.is_library(m.document)
        }
        return self.references | library

    def is_exact_copy(self, path: str, of: str) -> bool:
        """Whether ``path`` is ``of``'s text in the same format (`same_format`)."""
        return self.is_same_text(path, of) and same_format(path, of)

    def is_same_text(self, path: str, of: str) -> bool:
        pair = self.pair_of.get((path, of))
        return pair is not None and pair.kind == DUPLICATE_KIND


def same_format(path: str, other: str) -> bool:
    """Whether two files are of one format. The same text in another format (a PDF made of
    a .docx) is a file a person may mean to keep: tidying moves it only as it moves an
    edited version, when ticked, and "Mark exact duplicates only" leaves it."""
    return PurePath(path).suffix.lower() == PurePath(other).suffix.lower()


@dataclass(frozen=True, slots=True)
class TrashPlan:
    """Files to move away (to the Trash or a folder), and which of them are edited versions:
    not exact copies of a file their group keeps, so moving them loses text."""

    files: tuple[DocumentRow, ...]
    library_left_alone: int = 0
    kept: Mapping[str, KeptCopies] = field(default_factory=dict)  # per file: what its group keeps
    edited: frozenset[str] = frozenset()
    # Of the edited ones, those that are a kept file's text in another format.
    other_format: frozenset[str] = frozenset()

    @property
    def total_size(self) -> int:
        return sum(d.size for d in self.files)

    @property
    def edited_files(self) -> tuple[DocumentRow, ...]:
        return tuple(d for d in self.files if d.path in self.edited)

    @property
    def exact_files(self) -> tuple[DocumentRow, ...]:
        return tuple(d for d in self.files if d.path not in self.edited)

    def exact_only(self) -> TrashPlan:
        """This plan without its edited versions."""
        files = self.exact_files
        kept = {d.path: self.kept[d.path] for d in files if d.path in self.kept}
        return TrashPlan(files, self.library_left_alone, kept)


def plan_trash(
    rows: Iterable[GroupRow | MemberRow], scope: TidyScope, in_trash: Set[str]
) -> TrashPlan:
    """The files a selection of group and member rows asks to trash.

    A group row stands for its duplicates (every member but the reference). References,
    reference-library files and files already in the Trash are never part of a plan.
    """
    members: list[MemberRow] = []
    for row in rows:
        members += row.members if isinstance(row, GroupRow) else (row,)
    return _plan(members, scope, in_trash)


def plan_marked(marked: Set[str], scope: TidyScope, in_trash: Set[str]) -> TrashPlan:
    """The plan for the marked files, in the order the groups list them."""
    groups = {group.id: group for group in scope.group_of.values()}
    members = [m for g in groups.values() for m in g.members if m.document.path in marked]
    return _plan(members, scope, in_trash)


def _plan(members: Iterable[MemberRow], scope: TidyScope, in_trash: Set[str]) -> TrashPlan:
    files: list[DocumentRow] = []
    seen: set[str] = set()
    library: set[str] = set()
    for member in members:
        path = member.document.path
        if member.is_reference or path in scope.references or path in in_trash:
            continue
        if path in seen or path in library:
            continue
        if scope.is_library(member.document):
            library.add(path)
            continue
        seen.add(path)
        files.append(member.document)
    kept = _kept_copies(files, scope)

    def copies_of(path: str, same: Callable[[str, str], bool]) -> bool:
        others = kept.get(path, KeptCopies()).paths
        return any(same(path, other) for other in others if other not in in_trash)

    edited = frozenset(d.path for d in files if not copies_of(d.path, scope.is_exact_copy))
    other_format = frozenset(p for p in edited if copies_of(p, scope.is_same_text))
    return TrashPlan(tuple(files), len(library), kept, edited, other_format)


def _kept_copies(files: Iterable[DocumentRow], scope: TidyScope) -> dict[str, KeptCopies]:
    planned = {d.path for d in files}
    kept: dict[str, KeptCopies] = {}
    for path in planned:
        group = scope.group_of.get(path)
        if group is None:
            continue
        reference = scope.keeper_of.get(group.id)
        staying = tuple(m.document.path for m in group.members if m.document.path not in planned)
        kept[path] = KeptCopies(reference, staying)
    return kept


@dataclass(frozen=True, slots=True)
class TrashBatch:
    files: tuple[TrashedFile, ...]
    destination: str | None = None  # the folder of a "Move to folder"; None: the Trash
    made_folders: tuple[str, ...] = ()  # folders the move made there, removed on undo

    @property
    def undo_text(self) -> str:
        where = trash_text() if self.destination is None else PurePath(self.destination).name
        return translate("TidyPlan", "Undo move of {files} to {where}").format(
            files=files_text(len(self.files)), where=where
        )


@dataclass(slots=True)
class TrashHistory:
    """Batches moved to the Trash, newest last; undo takes them back in reverse order."""

    batches: list[TrashBatch] = field(default_factory=list)

    def push(self, batch: TrashBatch) -> None:
        self.batches.append(batch)

    def pop(self) -> TrashBatch | None:
        return self.batches.pop() if self.batches else None

    def can_undo(self) -> bool:
        return bool(self.batches)

    def undo_text(self) -> str:
        return self.batches[-1].undo_text if self.batches else translate("TidyPlan", "Undo")


class Answer(Enum):
    """What a person answered to a confirmation: edited versions move only when asked for."""

    CANCEL = "cancel"
    EXACT_ONLY = "exact copies only"
    ALL = "all, edited versions too"
