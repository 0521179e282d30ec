"""What tidying says, in the GUI's language: the question before a move (what goes, what
only goes when ticked, how to undo it) and the summary after a move or an undo.

No widgets here; `tidy_controller` shows them in its dialogs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePath

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from neardup.gui.formatting import count_text, human_size
from neardup.gui.tidy.move_folder import shared_folder
from neardup.gui.tidy.plan import TrashPlan, files_text, trash_text
from neardup.gui.tidy.trash import Outcome, Skipped

translate = QCoreApplication.translate

# Beyond this many, a message lists the first few and puts the rest in its details.
LISTED_IN_MESSAGE = 12
translate = QCoreApplication.translate

# What the question says of the files that move only when ticked (translated where shown).
_EDITED_ONE = QT_TRANSLATE_NOOP(
    "TidyPlan",
    "{count} edited version of these is not an exact copy of a file that stays: the "
    "changes in it would go too. It moves only if you tick the box below.",
)
_EDITED_MANY = QT_TRANSLATE_NOOP(
    "TidyPlan",
    "{count} edited versions of these are not exact copies of a file that stays: the "
    "changes in them would go too. They move only if you tick the box below.",
)
_FORMAT_ONE = QT_TRANSLATE_NOOP(
    "TidyPlan",
    "{count} of these is the same text in another format (a PDF of a .docx, say), "
    "which you may mean to keep. It moves only if you tick the box below.",
)
_FORMAT_MANY = QT_TRANSLATE_NOOP(
    "TidyPlan",
    "{count} of these are the same text in another format (a PDF of a .docx, say), "
    "which you may mean to keep. They move only if you tick the box below.",
)


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
    return _first_few(
        [f"{_name(s.path)}: {s.reason}" for s in skipped],
        [f"{s.path}: {s.reason}" for s in skipped],
    )


def _first_few(short: list[str], full: list[str]) -> tuple[str, str]:
    """The first few ``short`` lines for a message (and how many more), and every ``full``
    line for its details."""
    lines = short[:LISTED_IN_MESSAGE]
    if len(short) > LISTED_IN_MESSAGE:
        more = translate("TidyPlan", "…and {count} more (see details)")
        lines.append(more.format(count=len(short) - LISTED_IN_MESSAGE))
    return "\n".join(lines), "\n".join(full)


def edited_text(count: int) -> str:
    return count_text(
        count,
        translate("TidyPlan", "{count} edited version"),
        translate("TidyPlan", "{count} edited versions"),
    )


def other_format_text(count: int) -> str:
    return count_text(
        count,
        translate("TidyPlan", "{count} copy in another format"),
        translate("TidyPlan", "{count} copies in another format"),
    )


def also_edited_label(plan: TrashPlan) -> str:
    """The box that moves the files that are not exact copies: edited versions, and the
    same text in another format, each said as what it is."""
    edited = len(plan.edited) - len(plan.other_format)  # the other formats are among them
    parts = []
    if edited:
        parts.append(edited_text(edited))
    if plan.other_format:
        parts.append(other_format_text(len(plan.other_format)))
    these = (
        translate("TidyPlan", "{first} and {second}").format(first=parts[0], second=parts[1])
        if len(parts) == 2
        else parts[0]
    )
    return translate("TidyPlan", "Also move the {edited} (not exact copies)").format(edited=these)


def move_button_text(plan: TrashPlan, with_edited: bool, where: str | None = None) -> str:
    """The confirming button; ``where`` is the folder's name, None for the Trash."""
    files = plan.files if with_edited else plan.exact_files
    return translate("TidyPlan", "Move {files} to {where}").format(
        files=files_text(len(files)), where=trash_text() if where is None else where
    )


def _the_trash(destination: str | None) -> str:
    return translate("TidyPlan", "the Trash") if destination is None else destination


def _not_exact(plan: TrashPlan) -> tuple[list[str], str]:
    """The warnings about the files that move only when ticked (edited versions, the same
    text in another format), and their lists for the details."""
    edited = [d for d in plan.edited_files if d.path not in plan.other_format]
    formats = [d for d in plan.edited_files if d.path in plan.other_format]
    warnings: list[str] = []
    lists = ""
    for files, one, many, heading in (
        (
            edited,
            _EDITED_ONE,
            _EDITED_MANY,
            translate("TidyPlan", "Edited versions, moved only if ticked:"),
        ),
        (
            formats,
            _FORMAT_ONE,
            _FORMAT_MANY,
            translate("TidyPlan", "Copies in another format, moved only if ticked:"),
        ),
    ):
        if files:
            text = count_text(
                len(files), translate("TidyPlan", str(one)), translate("TidyPlan", str(many))
            )
            warnings.append(text)
            lists += "\n\n" + heading + "\n" + "\n".join(d.path for d in files)
    return warnings, lists


def confirmation(plan: TrashPlan, undo_shortcut: str, destination: str | None = None) -> Message:
    """The question before moving a plan to the Trash, or to ``destination`` when given."""
    if destination is None:
        undo = translate(
            "TidyPlan",
            "You can undo the move with Edit → Undo ({shortcut}), or restore the files from "
            "the system Trash.",
        ).format(shortcut=undo_shortcut)
    else:
        undo = translate("TidyPlan", "You can undo the move with Edit → Undo ({shortcut}).")
        # Formatted before the folders join it: a path may hold "{" and "}".
        undo = _kept_folders(plan, destination) + undo.format(shortcut=undo_shortcut)
    informative = (
        translate(
            "TidyPlan",
            "The reference of each group, the one to keep, stays where it is; where that is a "
            "reference-library document, one copy in the scanned folders stays too.",
        )
        + "\n"
        + undo
    )
    if plan.library_left_alone:
        left = translate("TidyPlan", "{files} from a reference library will be left alone.")
        informative += "\n" + left.format(files=files_text(plan.library_left_alone))
    details = "\n".join(d.path for d in plan.exact_files)
    warnings, lists = _not_exact(plan)
    informative = "\n".join([*warnings, informative])
    details += lists
    if destination is None:
        title = translate("TidyPlan", "Move to Trash")
    else:
        title = translate("TidyPlan", "Move to folder")
    # What the confirming button moves as the box opens: the exact copies (a new-user test
    # read "Move 4 files" above a button that said "Move 0 files": all four were edited).
    question = move_question(plan, False, destination)
    return Message(title, question, informative, details.strip("\n"))


def _kept_folders(plan: TrashPlan, destination: str) -> str:
    """What a move to a folder does with files from several folders, as a line of its own."""
    folders = {PurePath(d.path).parent for d in plan.files}
    shared = shared_folder([d.path for d in plan.files], Path(destination))
    if len(folders) < 2 or shared is None:
        return ""
    return (
        translate(
            "TidyPlan",
            "Each file keeps the folders it is in below {shared}, in {destination}.",
        ).format(shared=shared, destination=destination)
        + "\n"
    )


def move_question(plan: TrashPlan, with_edited: bool, destination: str | None = None) -> str:
    """The question's headline: what the confirming button moves, with the edited versions
    or without them (the box's tick changes both)."""
    files = plan.files if with_edited else plan.exact_files
    if not files and plan.files:  # not "Move 0 files (0 B)?": each of them is edited
        return translate(
            "TidyPlan",
            "Each of the {files} is an edited version: tick the box to move them to {where}.",
        ).format(files=files_text(len(plan.files)), where=_the_trash(destination))
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
    renamed, renamed_details = _renamed(outcome) if destination is not None else ("", "")
    if not outcome.skipped:
        undo = translate("TidyPlan", "Undo with Edit → Undo ({shortcut}).")
        return Message(title, text, renamed + undo.format(shortcut=undo_shortcut), renamed_details)
    listing, details = _listing(outcome.skipped)
    not_moved = translate("TidyPlan", "{files} not moved:").format(
        files=files_text(len(outcome.skipped))
    )
    details = "\n".join(part for part in (renamed_details, details) if part)
    return Message(title, text, f"{renamed}{not_moved}\n{listing}", details, warning=True)


def _renamed(outcome: Outcome) -> tuple[str, str]:
    """The files a move to a folder gave a new name (another file had theirs): the first
    few as lines for the message, and all of them with full paths."""
    renamed = [f for f in outcome.done if PurePath(f.in_trash).name != PurePath(f.original).name]
    if not renamed:
        return "", ""
    heading = translate("TidyPlan", "{files} renamed, as a file of the name was there:").format(
        files=files_text(len(renamed))
    )
    lines, details = _first_few(
        [f"{_name(f.original)} → {f.in_trash}" for f in renamed],
        [f"{f.original} → {f.in_trash}" for f in renamed],
    )
    return f"{heading}\n{lines}\n", details


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
