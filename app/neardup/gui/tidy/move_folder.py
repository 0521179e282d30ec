"""Move files into a folder the person chose, never over another file, each failure with a reason.

Each file keeps the folders it sits in below the folder all the moved files share
("Work/2023/report.txt" and "Work/2024/report.txt" go to "chosen/2023/report.txt" and
"chosen/2024/report.txt"), so the moved files say where they came from and same-named ones
do not collide. The same checks as the Trash (the file is still the one the scan saw, its
group keeps a copy that is still there and is not this very file); a name already taken gets
a number, "report (2).txt". Undo moves the files back with `trash.restore_from_trash`, which
knows a moved file from a trashed one, then removes the folders the move made, if empty.
Only Qt core, no widgets.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QFile

from neardup.gui.file_state import changed_since_scan
from neardup.gui.report_data import DocumentRow
from neardup.gui.tidy.trash import (
    KeptCopies,
    Outcome,
    Skipped,
    TrashedFile,
    cannot_change_folder,
    file_identity,
    reason_text,
    unsafe_to_move,
)

ALREADY_THERE = QT_TRANSLATE_NOOP("TidyReasons", "already in that folder")
translate = QCoreApplication.translate
# Names tried before giving up: far more than any folder of copies needs.
MAX_NUMBERED_NAMES = 10_000


def destination_problem(folder: Path) -> str | None:
    """Why files cannot be moved into ``folder``, or None."""
    if not folder.exists():
        return translate("TidyReasons", "the folder {folder} does not exist").format(folder=folder)
    if not folder.is_dir():
        return translate("TidyReasons", "{folder} is not a folder").format(folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return translate(
            "TidyReasons", "permission denied: cannot add files to the folder {folder}"
        ).format(folder=folder)
    return None


def free_name(folder: Path, name: str) -> Path:
    """``folder/name``, or with a number before the suffix when that is taken."""
    candidate = folder / name
    stem, suffix = Path(name).stem, Path(name).suffix
    number = 2
    while os.path.lexists(candidate):
        if number > MAX_NUMBERED_NAMES:
            raise FileExistsError(
                translate("TidyReasons", "no free name for {name} in {folder}").format(
                    name=name, folder=folder
                )
            )
        candidate = folder / f"{stem} ({number}){suffix}"
        number += 1
    return candidate


def shared_folder(paths: Sequence[str], destination: Path) -> Path | None:
    """The deepest folder that holds every one of these files, below which each keeps its
    folders in ``destination``; None to move them all into ``destination`` itself: when they
    share no folder (different drives), or the destination lies in the one they share
    (there, keeping the folders would leave files where they are or nest them again)."""
    try:
        shared = os.path.commonpath([os.path.dirname(p) for p in paths]) if paths else None
        if shared is None or os.path.commonpath([shared, destination]) == shared:
            return None
    except ValueError:
        return None
    return Path(shared)


def folder_for(path: str, shared: Path | None, destination: Path) -> Path:
    """Where a file goes in ``destination``: in the folders it sits in below ``shared``."""
    if shared is None:
        return destination
    try:
        return destination / Path(path).parent.relative_to(shared)
    except ValueError:  # not below it after all: into the destination itself
        return destination


def _made_folder(folder: Path, made: list[str]) -> bool:
    """Make ``folder`` and any missing parents, noting each one made; whether it is there.
    os.path, not Path: a folder that cannot be looked into is "not there", not an error."""
    chain = [folder, *folder.parents]
    missing = chain[: next(i for i, f in enumerate(chain) if os.path.exists(f))]
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    made.extend(str(f) for f in reversed(missing) if os.path.isdir(f))
    return os.path.isdir(folder)


def remove_made_folders(folders: Sequence[str]) -> None:
    """Remove the folders a move made, deepest first, where they are empty again."""
    for folder in sorted(folders, key=lambda f: -len(Path(f).parts)):
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def _move_one(document: DocumentRow, folder: Path) -> TrashedFile | str:
    source = Path(document.path)
    if source.parent.resolve() == folder.resolve():
        return reason_text(ALREADY_THERE)
    for _attempt in range(3):  # another program may take the free name meanwhile
        try:
            target = free_name(folder, source.name)
        except FileExistsError as error:
            return str(error)
        # QFile.rename never replaces a file, and copies across volumes.
        if QFile.rename(str(source), str(target)):
            return TrashedFile(
                document.path, str(target), document.size, file_identity(str(target)), False
            )
        if not os.path.lexists(target):
            break
    if not os.access(source.parent, os.W_OK | os.X_OK):
        return cannot_change_folder(source.parent)
    return translate("TidyReasons", "could not be moved into {folder}").format(folder=folder)


def move_to_folder(
    documents: Sequence[DocumentRow],
    folder: Path,
    kept: Mapping[str, KeptCopies] | None = None,
    keep_below: Path | None = None,
) -> Outcome:
    """Move each document that is still the one the scan saw, and whose group keeps a copy,
    into ``folder``, in the folders it sits in below ``keep_below`` (`shared_folder` of the
    files the person chose from); one failure stops none of the rest."""
    done: list[TrashedFile] = []
    skipped: list[Skipped] = []
    made: list[str] = []
    problem = destination_problem(folder)
    for document in documents:
        reason = problem or changed_since_scan(document)
        if reason is None and kept is not None:
            reason = unsafe_to_move(document, kept.get(document.path, KeptCopies()))
        if reason is None:
            target = folder_for(document.path, keep_below, folder)
            if not (os.path.isdir(target) or _made_folder(target, made)):
                target = folder  # a folder name the disk refuses: into the folder itself
            moved = _move_one(document, target)
            if isinstance(moved, TrashedFile):
                done.append(moved)
                continue
            reason = moved
        skipped.append(Skipped(document.path, reason))
    remove_made_folders(made)  # those made for files that could not be moved
    return Outcome(tuple(done), tuple(skipped), tuple(f for f in made if os.path.isdir(f)))
