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

from PySide6.QtCore import QFile

from neardup.gui.file_state import NO_LONGER_THERE, PERMISSION_DENIED, changed_since_scan
from neardup.gui.report_data import DocumentRow
from neardup.gui.tidy.trash_folder import home_trash, prepare_trash_for, uses_freedesktop_trash

TRASH_UNAVAILABLE = "cannot move it to the Trash"
PATH_OCCUPIED = "another file now has its name"
GONE_FROM_TRASH = "no longer in the Trash (the Trash was emptied?)"
ALREADY_BACK = "already back in its folder"


REFERENCE_GONE = "the copy kept in its group"
SAME_FILE = "is the same file as the copy kept in its group"
OTHER_FILE_IN_TRASH = "the Trash now holds another file under its name"


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
        place = "in the Trash at" if self.trashed else "at"
        return f"it is still {place} {self.in_trash}"


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


def _folder_is_writable(path: str) -> bool:
    folder = os.path.dirname(path) or "."
    return os.access(folder, os.W_OK | os.X_OK)


def _trash_failure(path: str) -> str:
    # Qt's error string after a failed moveToTrash is a stale errno ("Bad file descriptor")
    # that explains nothing, so the reason comes from what can be checked afterwards.
    if not os.path.lexists(path):
        return NO_LONGER_THERE
    if not _folder_is_writable(path):
        return f"{PERMISSION_DENIED}: cannot change the folder {os.path.dirname(path)}"
    if uses_freedesktop_trash():
        return f"{TRASH_UNAVAILABLE}: the system refused to move it into {home_trash()}"
    return f"{TRASH_UNAVAILABLE}: the system refused to move it"


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
            return f"{REFERENCE_GONE}, {reference.name}, is {reason}"
    real = os.path.realpath(document.path)
    for path in kept.paths:
        if os.path.realpath(path) == real:  # a symlink (or a folder link) to this very file
            return f"{SAME_FILE} ({os.path.basename(path)} leads to it)"
    return None


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
            skipped.append(Skipped(document.path, f"{TRASH_UNAVAILABLE}: {missing_trash}"))
            continue
        file = QFile(document.path)
        if not file.moveToTrash():
            skipped.append(Skipped(document.path, _trash_failure(document.path)))
            continue
        in_trash = file.fileName()
        done.append(TrashedFile(document.path, in_trash, document.size, file_identity(in_trash)))
    return Outcome(tuple(done), tuple(skipped))


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
            return ALREADY_BACK
        return GONE_FROM_TRASH if file.trashed else f"no longer at {file.in_trash}"
    if file.identity is not None and file_identity(file.in_trash) != file.identity:
        if not file.trashed:
            return f"another file now has its name at {file.in_trash}"
        return f"{OTHER_FILE_IN_TRASH} (the one moved is gone from the Trash)"
    if os.path.lexists(file.original):
        return f"{PATH_OCCUPIED}; {file.still_there}"
    folder = os.path.dirname(file.original)
    try:
        # The folder may have been removed since (it held only duplicates): recreate it.
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        return f"cannot recreate the folder {folder} ({error.strerror or error})"
    # QFile.rename never replaces an existing file, so a file created meanwhile is safe.
    if not QFile.rename(file.in_trash, file.original):
        if os.path.lexists(file.original):
            return f"{PATH_OCCUPIED}; {file.still_there}"
        if not _folder_is_writable(file.original):
            return f"{PERMISSION_DENIED}: cannot change the folder {folder}"
        return f"could not be moved back; {file.still_there}"
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
