"""Tidying a folder: which duplicates may go to the Trash, the undo history, and the messages
(in the GUI's language).

No widgets here; `tidy_controller` puts it behind actions and dialogs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePath

from PySide6.QtCore import QCoreApplication

from neardup.core.match import MemberInfo, choose_reference
from neardup.core.settings import ReferenceRule
from neardup.gui.formatting import count_text, human_size
from neardup.gui.report_data import (
    DUPLICATE_KIND,
    LIBRARY_ROLE,
    DocumentRow,
    GroupRow,
    MemberRow,
    PairRow,
    ReportData,
)
from neardup.gui.tidy.trash import KeptCopies, Outcome, Skipped, TrashedFile

# Beyond this many, a message lists the first few and puts the rest in its details.
LISTED_IN_MESSAGE = 12
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
        pair = self.pair_of.get((path, of))
        return pair is not None and pair.kind == DUPLICATE_KIND and same_format(path, of)


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
    edited = frozenset(
        d.path
        for d in files
        if not any(
            scope.is_exact_copy(d.path, other)
            for other in kept.get(d.path, KeptCopies()).paths
            if other not in in_trash
        )
    )
    return TrashPlan(tuple(files), len(library), kept, edited)


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


# --- messages --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Message:
    title: str
    text: str
    informative: str = ""
    details: str = ""
    warning: bool = False


def _name(path: str) -> str:
    return PurePath(path).name


def _listing(skipped: tuple[Skipped, ...]) -> tuple[str, str]:
    """The first few as "name: reason" lines for the message, and all with full paths."""
    lines = [f"{_name(s.path)}: {s.reason}" for s in skipped[:LISTED_IN_MESSAGE]]
    if len(skipped) > LISTED_IN_MESSAGE:
        more = translate("TidyPlan", "…and {count} more (see details)")
        lines.append(more.format(count=len(skipped) - LISTED_IN_MESSAGE))
    details = "\n".join(f"{s.path}: {s.reason}" for s in skipped)
    return "\n".join(lines), details


class Answer(Enum):
    """What a person answered to a confirmation: edited versions move only when asked for."""

    CANCEL = "cancel"
    EXACT_ONLY = "exact copies only"
    ALL = "all, edited versions too"


def edited_text(count: int) -> str:
    return count_text(
        count,
        translate("TidyPlan", "{count} edited version"),
        translate("TidyPlan", "{count} edited versions"),
    )


def also_edited_label(plan: TrashPlan) -> str:
    return translate("TidyPlan", "Also move the {edited} (not exact copies)").format(
        edited=edited_text(len(plan.edited))
    )


def move_button_text(plan: TrashPlan, with_edited: bool, where: str | None = None) -> str:
    """The confirming button; ``where`` is the folder's name, None for the Trash."""
    files = plan.files if with_edited else plan.exact_files
    return translate("TidyPlan", "Move {files} to {where}").format(
        files=files_text(len(files)), where=trash_text() if where is None else where
    )


def _the_trash(destination: str | None) -> str:
    return translate("TidyPlan", "the Trash") if destination is None else destination


def confirmation(plan: TrashPlan, undo_shortcut: str, destination: str | None = None) -> Message:
    """The question before moving a plan to the Trash, or to ``destination`` when given."""
    if destination is None:
        undo = translate(
            "TidyPlan",
            "You can undo the move with Edit → Undo ({shortcut}), or restore the files from "
            "the system Trash.",
        )
    else:
        undo = translate("TidyPlan", "You can undo the move with Edit → Undo ({shortcut}).")
    informative = (
        translate(
            "TidyPlan",
            "The reference of each group, the one to keep, stays where it is; where that is a "
            "reference-library document, one copy in the scanned folders stays too.",
        )
        + "\n"
        + undo.format(shortcut=undo_shortcut)
    )
    if plan.library_left_alone:
        left = translate("TidyPlan", "{files} from a reference library will be left alone.")
        informative += "\n" + left.format(files=files_text(plan.library_left_alone))
    details = "\n".join(d.path for d in plan.exact_files)
    edited = plan.edited_files
    if edited:
        warning = count_text(
            len(edited),
            translate(
                "TidyPlan",
                "{count} edited version of these is not an exact copy of a file that stays: the "
                "changes in it would go too. It moves only if you tick the box below.",
            ),
            translate(
                "TidyPlan",
                "{count} edited versions of these are not exact copies of a file that stays: the "
                "changes in them would go too. They move only if you tick the box below.",
            ),
        )
        informative = warning + "\n" + informative
        details += (
            "\n\n"
            + translate("TidyPlan", "Edited versions, moved only if ticked:")
            + "\n"
            + "\n".join(d.path for d in edited)
        )
    if destination is None:
        title = translate("TidyPlan", "Move to Trash")
    else:
        title = translate("TidyPlan", "Move to folder")
    # What the confirming button moves as the box opens: the exact copies (a new-user test
    # read "Move 4 files" above a button that said "Move 0 files": all four were edited).
    question = move_question(plan, False, destination)
    return Message(title, question, informative, details.strip("\n"))


def move_question(plan: TrashPlan, with_edited: bool, destination: str | None = None) -> str:
    """The question's headline: what the confirming button moves, with the edited versions
    or without them (the box's tick changes both)."""
    files = plan.files if with_edited else plan.exact_files
    return translate("TidyPlan", "Move {files} ({size}) to {where}?").format(
        files=files_text(len(files)),
        size=human_size(sum(d.size for d in files)),
        where=_the_trash(destination),
    )


def moved_summary(outcome: Outcome, undo_shortcut: str, destination: str | None = None) -> Message:
    moved = outcome.done
    if destination is None:
        title = translate("TidyPlan", "Moved to Trash")
    else:
        title = translate("TidyPlan", "Moved to folder")
    text = translate("TidyPlan", "Moved {files} ({size}) to {where}.").format(
        files=files_text(len(moved)),
        size=human_size(sum(f.size for f in moved)),
        where=_the_trash(destination),
    )
    if not outcome.skipped:
        undo = translate("TidyPlan", "Undo with Edit → Undo ({shortcut}).")
        return Message(title, text, undo.format(shortcut=undo_shortcut))
    listing, details = _listing(outcome.skipped)
    not_moved = translate("TidyPlan", "{files} not moved:").format(
        files=files_text(len(outcome.skipped))
    )
    return Message(title, text, f"{not_moved}\n{listing}", details, warning=True)


def restored_summary(outcome: Outcome, destination: str | None = None) -> Message:
    title = translate("TidyPlan", "Undo")
    text = translate("TidyPlan", "Restored {files} from {where}.").format(
        files=files_text(len(outcome.done)), where=_the_trash(destination)
    )
    if not outcome.skipped:
        return Message(title, text)
    listing, details = _listing(outcome.skipped)
    not_back = translate("TidyPlan", "{files} not put back:").format(
        files=files_text(len(outcome.skipped))
    )
    informative = f"{not_back}\n{listing}"
    if destination is None:
        informative += "\n" + translate("TidyPlan", "You can restore them from the system Trash.")
    return Message(title, text, informative, details, warning=True)
