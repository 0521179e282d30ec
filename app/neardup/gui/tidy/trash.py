"""Move files to the system Trash and back, one at a time, each failure with a reason to act on.

Uses `QFile.moveToTrash` (the platform's Trash: freedesktop on Linux, Finder on macOS, the
Recycle Bin on Windows). Only Qt core, no widgets: the dialogs live in `tidy_controller`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QFile

from neardup.gui.file_state import (
    NO_LONGER_THERE,
    PERMISSION_DENIED,
    changed_since_scan,
    state_text,
)
from neardup.gui.report_data import DocumentRow
from neardup.gui.tidy.trash_folder import home_trash, prepare_trash_for, uses_freedesktop_trash

# Why a file was not moved, or not put back: English source texts, which `reason_text`
# translates; the longer reasons below are built on them.
TRASH_UNAVAILABLE = QT_TRANSLATE_NOOP("TidyReasons", "cannot move it to the Trash")
PATH_OCCUPIED = QT_TRANSLATE_NOOP("TidyReasons", "another file now has its name")
GONE_FROM_TRASH = QT_TRANSLATE_NOOP(
    "TidyReasons", "no longer in the Trash (the Trash was emptied?)"
)
ALREADY_BACK = QT_TRANSLATE_NOOP("TidyReasons", "already back in its folder")
REFERENCE_GONE = QT_TRANSLATE_NOOP("TidyReasons", "the copy kept in its group")
SAME_FILE = QT_TRANSLATE_NOOP("TidyReasons", "is the same file as the copy kept in its group")
OTHER_FILE_IN_TRASH = QT_TRANSLATE_NOOP(
    "TidyReasons", "the Trash now holds another file under its name"
)
translate = QCoreApplication.translate


def reason_text(reason: object) -> str:
    """One of the reasons above in the GUI's language."""
    return translate("TidyReasons", str(reason))


def cannot_change_folder(folder: object) -> str:
    return translate("TidyReasons", "{denied}: cannot change the folder {folder}").format(
        denied=state_text(PERMISSION_DENIED), folder=folder
    )


@dataclass(frozen=True, slots=True)
class TrashedFile:
    original: str
    in_trash: str
    size: int
    # (inode, size, mtime) of what was moved: the Trash may later hold another file of
    # that name (emptied, then something else trashed), which undo must not take.
    identity: tuple[int, int, int] | None = None
    trashed: bool = True  # False: moved to a folder the person chose ("in_trash" is there)

    @property
    def still_there(self) -> str:
        if self.trashed:
            return translate("TidyReasons", "it is still in the Trash at {path}").format(
                path=self.in_trash
            )
        return translate("TidyReasons", "it is still at {path}").format(path=self.in_trash)


@dataclass(frozen=True, slots=True)
class KeptCopies:
    """What stays of a file's group when the file goes: its reference and every member that
    is not moved with it. Trashing is safe only while the reference is still the file the
    scan saw, and only if the file is not itself what a kept copy is (a symlink to it)."""

    reference: DocumentRow | None = None
    paths: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Skipped:
    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one batch did: the files it handled and those it left where they were."""

    done: tuple[TrashedFile, ...]
    skipped: tuple[Skipped, ...]
    made_folders: tuple[str, ...] = ()  # folders a move to a folder made, for its undo


def _folder_is_writable(path: str) -> bool:
    folder = os.path.dirname(path) or "."
    return os.access(folder, os.W_OK | os.X_OK)


# The longest name a freedesktop Trash takes: it records a file as "<name>.trashinfo", and a
# name has at most 255 bytes.
_LONGEST_TRASHED = 255 - len(".trashinfo")


def _trash_failure(path: str) -> str:
    # Qt's error string after a failed moveToTrash is a stale errno ("Bad file descriptor")
    # that explains nothing, so the reason comes from what can be checked afterwards.
    if not os.path.lexists(path):
        return state_text(NO_LONGER_THERE)
    if not _folder_is_writable(path):
        return cannot_change_folder(os.path.dirname(path))
    unavailable = reason_text(TRASH_UNAVAILABLE)
    if uses_freedesktop_trash() and len(os.fsencode(os.path.basename(path))) > _LONGEST_TRASHED:
        return translate(
            "TidyReasons",
            "{unavailable}: its name is too long for the Trash, which records it with "
            "“.trashinfo” added; rename it, or move it to a folder",
        ).format(unavailable=unavailable)
    if uses_freedesktop_trash():
        return translate(
            "TidyReasons", "{unavailable}: the system refused to move it into {trash}"
        ).format(unavailable=unavailable, trash=home_trash())
    return translate("TidyReasons", "{unavailable}: the system refused to move it").format(
        unavailable=unavailable
    )


def file_identity(path: str) -> tuple[int, int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


def unsafe_to_move(document: DocumentRow, kept: KeptCopies) -> str | None:
    """Why moving ``document`` could lose the text its group keeps, or None if it cannot."""
    reference = kept.reference
    if reference is not None and reference.path != document.path:
        reason = changed_since_scan(reference)
        if reason is not None:
            return translate("TidyReasons", "{kept}, {name}, is {reason}").format(
                kept=reason_text(REFERENCE_GONE), name=reference.name, reason=reason
            )
    for path in kept.paths:
        if _same_file(path, document.path):  # a link (to it, or to its folder), a junction
            return translate("TidyReasons", "{same} ({name} leads to it)").format(
                same=reason_text(SAME_FILE), name=os.path.basename(path)
            )
    return None


def _same_file(path: str, other: str) -> bool:
    """Whether two paths name one file, however they reach it (by device and inode, so
    that the letter case of a path and a junction make no difference)."""
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def move_to_trash(
    documents: Sequence[DocumentRow], kept: Mapping[str, KeptCopies] | None = None
) -> Outcome:
    """Trash each document that is still the one the scan saw, and whose group keeps a copy
    that is still there and is not this file; one failure stops none of the rest."""
    done: list[TrashedFile] = []
    skipped: list[Skipped] = []
    for document in documents:
        reason = changed_since_scan(document)
        if reason is None and kept is not None:
            reason = unsafe_to_move(document, kept.get(document.path, KeptCopies()))
        if reason is not None:
            skipped.append(Skipped(document.path, reason))
            continue
        missing_trash = prepare_trash_for(document.path)
        if missing_trash is not None:
            reason = f"{reason_text(TRASH_UNAVAILABLE)}: {missing_trash}"
            skipped.append(Skipped(document.path, reason))
            continue
        file = QFile(document.path)
        if not file.moveToTrash():
            skipped.append(Skipped(document.path, _trash_failure(document.path)))
            continue
        in_trash = file.fileName()
        if _same_file(in_trash, document.path):
            # Qt answers yes for a file it linked into the Trash but could not take from its
            # folder (a locked folder, some network drives): it never left. (Another file
            # made at its path since, by an autosave say, is not it: the move stands.)
            _drop_second_name(in_trash)
            skipped.append(Skipped(document.path, _trash_failure(document.path)))
            continue
        done.append(TrashedFile(document.path, in_trash, document.size, file_identity(in_trash)))
    return Outcome(tuple(done), tuple(skipped))


def _drop_second_name(in_trash: str) -> None:
    """Take back from the Trash the second name of a file that stayed where it was (the
    caller found it the same file, so nothing is lost), so the Trash does not list a file
    that was not moved."""
    with contextlib.suppress(OSError):
        os.unlink(in_trash)
        _forget_trash_info(in_trash)


def _forget_trash_info(in_trash: str) -> None:
    """Drop the freedesktop `.trashinfo` record, so the Trash does not list a file it lost."""
    location = Path(in_trash)
    if location.parent.name != "files":
        return  # not a freedesktop Trash (macOS, Windows): nothing of ours to tidy
    info = location.parent.parent / "info" / f"{location.name}.trashinfo"
    # A stale record is harmless (the Trash shows the entry as missing), so errors are let go.
    with contextlib.suppress(OSError):
        info.unlink(missing_ok=True)


def _restore_one(file: TrashedFile) -> str | None:
    """Move one file back; the reason it stayed in the Trash, or None when it is back."""
    if not os.path.lexists(file.in_trash):
        if os.path.lexists(file.original):
            return reason_text(ALREADY_BACK)
        if file.trashed:
            return reason_text(GONE_FROM_TRASH)
        return translate("TidyReasons", "no longer at {path}").format(path=file.in_trash)
    if file.identity is not None and file_identity(file.in_trash) != file.identity:
        if not file.trashed:
            return translate("TidyReasons", "another file now has its name at {path}").format(
                path=file.in_trash
            )
        return translate("TidyReasons", "{other} (the one moved is gone from the Trash)").format(
            other=reason_text(OTHER_FILE_IN_TRASH)
        )
    occupied = f"{reason_text(PATH_OCCUPIED)}; {file.still_there}"
    if os.path.lexists(file.original):
        return occupied
    folder = os.path.dirname(file.original)
    try:
        # The folder may have been removed since (it held only duplicates): recreate it.
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        return translate("TidyReasons", "cannot recreate the folder {folder} ({error})").format(
            folder=folder, error=error.strerror or error
        )
    # QFile.rename never replaces an existing file, so a file created meanwhile is safe.
    if not QFile.rename(file.in_trash, file.original):
        if os.path.lexists(file.original):
            return occupied
        if not _folder_is_writable(file.original):
            return cannot_change_folder(folder)
        return translate("TidyReasons", "could not be moved back; {still_there}").format(
            still_there=file.still_there
        )
    if file.trashed:
        _forget_trash_info(file.in_trash)
    return None


def still_in_trash(file: TrashedFile) -> bool:
    """Whether the file this batch moved is still where the Trash put it."""
    return os.path.lexists(file.in_trash) and (
        file.identity is None or file_identity(file.in_trash) == file.identity
    )


def restore_from_trash(files: Sequence[TrashedFile]) -> Outcome:
    """Move trashed (or moved) files back to where they were, never over a file that took
    their place."""
    done: list[TrashedFile] = []
    skipped: list[Skipped] = []
    for file in files:
        reason = _restore_one(file)
        if reason is None:
            done.append(file)
        else:
            skipped.append(Skipped(file.original, reason))
    return Outcome(tuple(done), tuple(skipped))
