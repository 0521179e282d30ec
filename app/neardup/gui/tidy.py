"""Tidying a folder: which duplicates may go to the Trash, the undo history, and the messages.

No widgets here; `tidy_controller` puts it behind actions and dialogs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from pathlib import PurePath

from neardup.gui.formatting import human_size
from neardup.gui.report_data import DocumentRow, GroupRow, MemberRow, ReportData
from neardup.gui.trash import KeptCopies, Outcome, Skipped, TrashedFile

# Beyond this many, a message lists the first few and puts the rest in its details.
LISTED_IN_MESSAGE = 12


def files_text(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"


@dataclass(frozen=True, slots=True)
class TidyScope:
    """What in a report must never be trashed: every group's reference, every library file."""

    references: frozenset[str] = frozenset()
    library_folders: tuple[PurePath, ...] = ()
    group_of: Mapping[str, GroupRow] = field(default_factory=dict)  # member path -> its group

    @classmethod
    def of(cls, report: ReportData) -> TidyScope:
        against = (report.raw.get("settings") or {}).get("against") or ()
        return cls(
            frozenset(g.reference for g in report.groups),
            tuple(PurePath(str(folder)) for folder in against),
            {m.document.path: g for g in report.groups for m in g.members},
        )

    def is_library(self, document: DocumentRow) -> bool:
        # The report's role says so; the folders are a second guard for hand-made reports.
        if document.role == "library":
            return True
        path = PurePath(document.path)
        return any(path.is_relative_to(folder) for folder in self.library_folders)


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
        reference = next((m.document for m in group.members if m.is_reference), None)
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
        "The reference of each group, the one to keep, stays where it is.\n"
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
