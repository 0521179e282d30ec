"""What the CLI's commands share in what they write: the checks made before any work, that
what a command will write can be written (so that a bad ``--output`` is refused at once,
with exit code 2, not after a long scan), and counts said in words.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


class UsageError(Exception):
    """Bad arguments: reported with exit code 2."""


def check_output(output: Path) -> None:
    """Refuse an output the report could not be written to before the scan, not after it."""
    if output.is_dir():
        raise UsageError(f"--output is a folder, not a file: {output}")
    folder = output.resolve().parent
    if not folder.is_dir():
        raise UsageError(f"the folder for --output does not exist: {folder}")
    exists = os.path.exists(output)
    if not os.access(output if exists else folder, os.W_OK):
        raise UsageError(f"cannot write --output: {output if exists else folder} is read-only")
    if exists and not os.path.isfile(output):
        return  # a device or a pipe is written in place, as a shell redirection would
    # A report is written to a temporary file beside its destination, then moved over it.
    probe_folder(folder, "--output")


def probe_folder(folder: Path, option: str) -> None:
    """Refuse a folder in which no file can be created (a full or read-only disk, a
    folder that only looks writable), by creating and removing one."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".neardup-", suffix=".probe"):
            pass
    except OSError as error:
        raise UsageError(
            f"cannot write {option}: no file can be created in {folder} ({error.strerror or error})"
        ) from None


def check_output_dir(folder: Path) -> None:
    """Refuse, before any report is made, a folder that cannot take them."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--output-dir is a file, not a folder: {folder}")
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write --output-dir: {existing} is read-only")
    if folder.exists():
        probe_folder(folder, "--output-dir")


def skipped_text(types: Mapping[str, int], shown: int = 4) -> str:
    """The summary's clause for files of other types inside the folders, which are not read
    (else a folder of .odt files reads as an empty one), by type, the commonest first:
    ", 13 files of other types skipped (.odt 10, .doc 2, no extension 1)"; "" for none."""
    if not types:
        return ""
    named = [f"{suffix or 'no extension'} {count}" for suffix, count in types.items()]
    more = len(named) - shown
    listed = ", ".join(named[:shown]) + f", and {more} more types" if more > 1 else ", ".join(named)
    return f", {counted(sum(types.values()), 'file')} of other types skipped ({listed})"


def counted(count: int, one: str, many: str | None = None) -> str:
    """``count`` and its noun, plural unless one: "1 pair", "3 pairs", "1 library document
    holds" / "2 library documents hold" (``many`` where adding an s will not do)."""
    return f"{count} {one if count == 1 else many or one + 's'}"
