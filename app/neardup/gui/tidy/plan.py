"""Tidying a folder: which duplicates may go to the Trash, the undo history, and the messages.

No widgets here; `tidy_controller` puts it behind actions and dialogs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from pathlib import PurePath

from neardup.core.match import MemberInfo, choose_reference
from neardup.core.settings import ReferenceRule
from neardup.gui.formatting import human_size
from neardup.gui.report_data import LIBRARY_ROLE, DocumentRow, GroupRow, MemberRow, ReportData
from neardup.gui.tidy.trash import KeptCopies, Outcome, Skipped, TrashedFile

# Beyond this many, a message lists the first few and puts the rest in its details.
LISTED_IN_MESSAGE = 12


def files_text(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"


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

    @classmethod
    def of(cls, report: ReportData) -> TidyScope:
        settings = report.raw.get("settings") or {}
        folders = tuple(PurePath(str(folder)) for folder in settings.get("against") or ())
        rule = report.scan_settings().reference_rule
        keepers = {
            g.id: keeper
            for g in report.groups
            if (keeper := _scanned_keeper(g, folders, rule)) is not None
        }
        return cls(
            frozenset(g.reference for g in report.groups) | {k.path for k in keepers.values()},
            folders,
            {m.document.path: g for g in report.groups for m in g.members},
            keepers,
        )

    def is_library(self, document: DocumentRow) -> bool:
        return _is_library(document, self.library_folders)


@dataclass(frozen=True, slots=True)
class TrashPlan:
    files: tuple[DocumentRow, ...]
    library_left_alone: int = 0
    kept: Mapping[str, KeptCopies] = field(default_factory=dict)  # per file: what its group keeps

    @property
    def total_size(self) -> int:
        return sum(d.size for d in self.files)


def plan_trash(
    rows: Iterable[GroupRow | MemberRow], scope: TidyScope, in_trash: Set[str]
) -> TrashPlan:
    """The files a selection of group and member rows asks to trash.

    A group row stands for its duplicates (every member but the reference). References,
    reference-library files and files already in the Trash are never part of a plan.
    """
    files: list[DocumentRow] = []
    seen: set[str] = set()
    library: set[str] = set()
    for row in rows:
        members = row.members if isinstance(row, GroupRow) else (row,)
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
    return TrashPlan(tuple(files), len(library), _kept_copies(files, scope))


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

    @property
    def undo_text(self) -> str:
        return f"Undo move of {files_text(len(self.files))} to Trash"


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
        return self.batches[-1].undo_text if self.batches else "Undo"


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
        lines.append(f"…and {len(skipped) - LISTED_IN_MESSAGE} more (see details)")
    details = "\n".join(f"{s.path}: {s.reason}" for s in skipped)
    return "\n".join(lines), details


def confirmation(plan: TrashPlan, undo_shortcut: str) -> Message:
    count = files_text(len(plan.files))
    informative = (
        "The reference of each group, the one to keep, stays where it is; where that is a "
        "reference-library document, one copy in the scanned folders stays too.\n"
        f"You can undo the move with Edit → Undo ({undo_shortcut}), "
        "or restore the files from the system Trash."
    )
    if plan.library_left_alone:
        informative += (
            f"\n{files_text(plan.library_left_alone)} from a reference library will be left alone."
        )
    return Message(
        "Move to Trash",
        f"Move {count} ({human_size(plan.total_size)}) to the Trash?",
        informative,
        "\n".join(d.path for d in plan.files),
    )


def moved_summary(outcome: Outcome, undo_shortcut: str) -> Message:
    moved = outcome.done
    size = human_size(sum(f.size for f in moved))
    text = f"Moved {files_text(len(moved))} ({size}) to the Trash."
    if not outcome.skipped:
        return Message("Moved to Trash", text, f"Undo with Edit → Undo ({undo_shortcut}).")
    listing, details = _listing(outcome.skipped)
    informative = f"{files_text(len(outcome.skipped))} not moved:\n{listing}"
    return Message("Moved to Trash", text, informative, details, warning=True)


def restored_summary(outcome: Outcome) -> Message:
    text = f"Restored {files_text(len(outcome.done))} from the Trash."
    if not outcome.skipped:
        return Message("Undo", text)
    listing, details = _listing(outcome.skipped)
    informative = (
        f"{files_text(len(outcome.skipped))} not put back:\n{listing}\n"
        "You can restore them from the system Trash."
    )
    return Message("Undo", text, informative, details, warning=True)
