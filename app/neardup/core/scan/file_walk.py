"""Find the files a scan should read: recursive walk, suffix filter, include and exclude globs."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from neardup.core.models import Problem


@dataclass(frozen=True, slots=True)
class WalkResult:
    files: list[Path]
    problems: list[Problem]
    skipped: int  # files of other types found inside folders
    # Each file's real path: the same file reached through a symlinked folder, a folder named
    # twice by different paths, or a link to the file itself has one key.
    keys: list[str]


def _is_hidden(name: str) -> bool:
    return name.startswith(".")


def _matches(path: Path, patterns: Sequence[str]) -> bool:
    text = path.as_posix()
    return any(fnmatch.fnmatch(path.name, p) or fnmatch.fnmatch(text, p) for p in patterns)


class _FolderWalk:
    """The files below the folders a scan names, real folders before symlinked ones.

    Symlinked folders (and junctions) are followed, but only once every real folder below
    every named folder has been walked: a file is then listed where it is, not through a link
    to its folder that sorts first ("Desktop backup/Work (shortcut)" before "Documents/Work"),
    which a person would take for a copy and tidy away, moving the real file. Real paths are
    remembered, so a folder reached twice (or a loop of links) is walked once.
    """

    def __init__(self, include_hidden: bool, problems: list[Problem]) -> None:
        self._include_hidden = include_hidden
        self._problems = problems
        self._seen: set[str] = set()
        self._links: list[Path] = []  # symlinked folders found, walked after the real ones
        self._root = Path()  # the folder being walked, for an error that names no file

    def real_folders(self, root: Path) -> Iterator[tuple[Path, str]]:
        """(path, key) of every file below ``root`` not reached through a link; the key has
        the folder's real path."""
        self._root = root
        for folder, dirnames, filenames in os.walk(root, onerror=self._on_error):
            real = os.path.realpath(folder)
            if real in self._seen:
                dirnames[:] = []
                continue
            self._seen.add(real)
            if not self._include_hidden:
                dirnames[:] = [d for d in dirnames if not _is_hidden(d)]
            dirnames.sort()
            linked = [d for d in dirnames if _is_linked(folder, real, d)]
            self._links += [Path(folder) / d for d in linked]
            dirnames[:] = [d for d in dirnames if d not in linked]
            for name in sorted(filenames):
                if self._include_hidden or not _is_hidden(name):
                    yield Path(folder) / name, os.path.join(real, name)

    def linked_folders(self) -> Iterator[tuple[Path, str]]:
        """The files of the symlinked folders found so far (and of the links inside them)."""
        while self._links:
            links, self._links = self._links, []
            for link in links:
                yield from self.real_folders(link)

    def _on_error(self, error: OSError) -> None:
        where = Path(error.filename) if error.filename else self._root
        self._problems.append(Problem.of(where, "folder-unreadable", detail=error.strerror))


def _is_linked(folder: str, real: str, name: str) -> bool:
    """Whether the folder ``name`` inside ``folder`` (whose real path is ``real``) is a
    symlink or a junction (which ``os.path.islink`` does not see on Windows)."""
    child = os.path.join(folder, name)
    if os.path.islink(child):
        return True
    resolved = os.path.realpath(child)
    return os.path.normcase(resolved) != os.path.normcase(os.path.join(real, name))


def walk(
    paths: Iterable[Path | str],
    suffixes: Sequence[str],
    exclude: Sequence[str] = (),
    include_hidden: bool = False,
    include: Sequence[str] = (),
) -> WalkResult:
    """Expand folders into files; each file at most once, in a stable order.

    A named file is always taken (an unsupported one then becomes a problem
    during extraction); inside folders, other file types are counted as skipped.
    """
    wanted = {s.lower() for s in suffixes}
    files: dict[str, Path] = {}  # by key: a file reached twice is read once
    problems: list[Problem] = []
    skipped = 0
    folders = _FolderWalk(include_hidden, problems)

    def take(found_in_folders: Iterator[tuple[Path, str]]) -> None:
        nonlocal skipped
        for found, key in found_in_folders:
            # Patterns match the file name or the whole path ("*/drafts/*").
            if _matches(found, exclude) or (include and not _matches(found, include)):
                continue
            if found.suffix.lower() not in wanted:
                skipped += 1
                continue
            _keep(files, key, found)

    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.is_dir():
            take(folders.real_folders(path))
        elif path.exists() or path.is_symlink():
            folder = os.path.realpath(path.parent)
            _keep(files, os.path.join(folder, path.name), path)
        else:
            problems.append(Problem.of(path, "missing"))
    take(folders.linked_folders())  # after every named folder's real ones
    return WalkResult(list(files.values()), problems, skipped, list(files))


def _keep(files: dict[str, Path], key: str, found: Path) -> None:
    """List ``found`` under its real path, once. A link to a file is that file: listed
    beside it, it was an exact duplicate of itself, chosen as the one to keep where it sorted
    first, and tidying its "copy" moved the real file. Where a file is found both at its own
    path and through a link (to it, or to a folder on its way), its own path is listed."""
    if os.path.islink(key):
        key = os.path.realpath(key)
    key = os.path.normcase(key)
    known = files.get(key)
    if known is None or (not _is_own_path(known) and _is_own_path(found)):
        files[key] = found


def _is_own_path(path: Path) -> bool:
    """Whether ``path`` leads to its file through no link."""
    return os.path.normcase(os.path.realpath(path)) == os.path.normcase(os.path.abspath(path))
