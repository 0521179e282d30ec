"""The freedesktop Trash folder a file goes to, created when missing (a fresh account has none).

Qt's `QFile.moveToTrash` creates `Trash/` inside the user's data folder only when that folder
(`~/.local/share`) already exists; on a fresh account it does not, and every move fails with a
stale errno ("Bad file descriptor"). The Trash specification asks implementations to create
the folders they need, so this module does before each batch: the home Trash, and on another
volume its `$topdir/.Trash-$uid`, each with `files/` and `info/`, readable by the owner only.

Only Linux and the other freedesktop systems need this: macOS and Windows have their own Trash,
always there. Qt core only (its standard paths), no widgets.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths

_PRIVATE = 0o700  # the specification: the Trash is the user's alone
translate = QCoreApplication.translate


def uses_freedesktop_trash() -> bool:
    return sys.platform not in ("win32", "darwin")


def home_trash() -> Path:
    """$XDG_DATA_HOME/Trash, as Qt finds it (the data folder need not exist)."""
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(data) / "Trash"


def _device(path: Path) -> int | None:
    """The device of the path, or of its nearest existing ancestor (a folder yet to create)."""
    for candidate in (path, *path.parents):
        try:
            return candidate.stat().st_dev
        except OSError:
            continue
    return None


def _top_folder(path: Path) -> Path:
    """The mount point holding ``path``: the last ancestor on the same device."""
    device = _device(path)
    top = path
    for parent in path.parents:
        if _device(parent) != device:
            break
        top = parent
    return top


def _make_private_folder(folder: Path) -> str | None:
    """Create the folder (and missing parents) for the owner alone; why not, or None."""
    if folder.is_dir():
        return None
    if folder.exists() or folder.is_symlink():
        return translate("TidyReasons", "the Trash folder {folder} is not a folder").format(
            folder=folder
        )
    try:
        folder.mkdir(mode=_PRIVATE, parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or str(error)
        return translate(
            "TidyReasons", "the Trash folder {folder} could not be created ({reason})"
        ).format(folder=folder, reason=reason.lower())
    return None


def _prepare(trash: Path) -> str | None:
    for folder in (trash, trash / "files", trash / "info"):
        reason = _make_private_folder(folder)
        if reason is not None:
            return reason
    if not os.access(trash / "files", os.W_OK | os.X_OK):
        return translate("TidyReasons", "the Trash folder {folder} is not writable").format(
            folder=trash
        )
    return None


def _volume_trash(top: Path) -> Path | None:
    """The Trash Qt uses for a file on another volume, if it is to be created by us.

    An administrator's `$topdir/.Trash` (sticky, not a link) holds a folder per user, which Qt
    makes itself; otherwise `$topdir/.Trash-$uid`, which we create if the volume lets us.
    """
    shared = top / ".Trash"
    try:
        info = shared.lstat()
        if stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_ISVTX:
            return None
    except OSError:
        pass
    if not os.access(top, os.W_OK | os.X_OK):
        return None  # Qt falls back to the home Trash
    return top / f".Trash-{os.getuid()}"


def prepare_trash_for(path: str) -> str | None:
    """Make sure the Trash this file would go to exists; why it cannot be, or None.

    The home Trash is always prepared: Qt uses it for files on the home's volume and falls
    back to it for the others.
    """
    if not uses_freedesktop_trash():
        return None
    home = home_trash()
    reason = _prepare(home)
    file = Path(os.path.abspath(path))
    device = _device(file.parent)
    if device is None or device == _device(home):
        return reason
    top = _top_folder(file.parent)
    volume = _volume_trash(top)
    if volume is not None and _prepare(volume) is None:
        return None
    return reason
