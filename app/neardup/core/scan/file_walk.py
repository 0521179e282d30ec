"""Find the files a scan should read: recursive walk, suffix filter, include and exclude globs."""

from __future__ import annotations

import fnmatch
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from neardup.core.models import Problem


@dataclass(frozen=True, slots=True)
class WalkResult:
    files: list[Path]
    problems: list[Problem]
    # Files of other types found inside folders, by suffix (lower case; "" for none): a
    # person told "12 skipped" wants to know they were the .odt files.
    skipped_types: dict[str, int]
    # Each file's real path: the same file reached through a symlinked folder, a folder named
    # twice by different paths, or a link to the file itself has one key.
    keys: list[str]

    @property
    def skipped(self) -> int:
        return sum(self.skipped_types.values())


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

    def real_folders(self, root: Path) -> Iterator[tuple[Path, str, bool]]:
        """(path, key, is a link) of every file below ``root`` not reached through a linked
        folder, folder by folder in name order, each folder's files before its subfolders;
        the key has the folder's real path. One ``scandir`` a folder: the entries say what
        is a folder and what a link without a system call a file."""
        self._root = root
        stack = [(str(root), os.path.realpath(root))]
        while stack:
            folder, real = stack.pop()
            if real in self._seen:
                continue
            self._seen.add(real)
            try:
                with os.scandir(folder) as found:
                    entries = list(found)
            except OSError as error:
                self._on_error(error)
                continue
            files: list[tuple[str, bool]] = []
            subfolders: list[str] = []
            for entry in entries:
                if not self._include_hidden and _is_hidden(entry.name):
                    continue
                if not _is_folder(entry):
                    files.append((entry.name, entry.is_symlink()))
                elif _is_linked(entry, real):
                    self._links.append(Path(entry.path))
                else:
                    subfolders.append(entry.name)
            for name, is_link in sorted(files):
                yield Path(folder) / name, os.path.join(real, name), is_link
            for name in sorted(subfolders, reverse=True):  # popped in name order
                stack.append((os.path.join(folder, name), os.path.join(real, name)))

    def linked_folders(self) -> Iterator[tuple[Path, str, bool]]:
        """The files of the symlinked folders found so far (and of the links inside them)."""
        while self._links:
            links, self._links = self._links, []
            for link in links:
                yield from self.real_folders(link)

    def _on_error(self, error: OSError) -> None:
        where = Path(error.filename) if error.filename else self._root
        self._problems.append(Problem.of(where, "folder-unreadable", detail=error.strerror))


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # through a link too
    except OSError:
        return False  # as os.walk takes it: listed, and extraction says what is wrong


def _is_linked(entry: os.DirEntry[str], real: str) -> bool:
    """Whether the folder ``entry`` (in a folder whose real path is ``real``) is a symlink or
    a junction (which neither ``is_symlink`` nor ``os.path.islink`` sees on Windows before
    Python 3.12)."""
    if entry.is_symlink():
        return True
    if os.name != "nt":
        return False
    resolved = os.path.normcase(os.path.realpath(entry.path))
    return resolved != os.path.normcase(os.path.join(real, entry.name))


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
    skipped: Counter[str] = Counter()
    folders = _FolderWalk(include_hidden, problems)

    def take(found_in_folders: Iterator[tuple[Path, str, bool]]) -> None:
        for found, key, is_link in found_in_folders:
            # Patterns match the file name or the whole path ("*/drafts/*").
            if _matches(found, exclude) or (include and not _matches(found, include)):
                continue
            suffix = found.suffix.lower()
            if suffix not in wanted:
                skipped[suffix] += 1
                continue
            _keep(files, key, found, is_link)

    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.is_dir():
            take(folders.real_folders(path))
        elif path.exists() or path.is_symlink():
            folder = os.path.realpath(path.parent)
            _keep(files, os.path.join(folder, path.name), path, path.is_symlink())
        else:
            problems.append(Problem.of(path, "missing"))
    take(folders.linked_folders())  # after every named folder's real ones
    return WalkResult(list(files.values()), problems, skipped_by_count(skipped), list(files))


def skipped_by_count(*counts: Mapping[str, int]) -> dict[str, int]:
    """Skipped files by suffix, summed over ``counts``: the commonest first, then by name,
    files without a suffix last among equals."""
    total: Counter[str] = Counter()
    for count in counts:
        total.update(count)
    return dict(sorted(total.items(), key=lambda item: (-item[1], not item[0], item[0])))


def _keep(files: dict[str, Path], key: str, found: Path, is_link: bool) -> None:
    """List ``found`` under its real path, once. A link to a file is that file: listed
    beside it, it was an exact duplicate of itself, chosen as the one to keep where it sorted
    first, and tidying its "copy" moved the real file. Where a file is found both at its own
    path and through a link (to it, or to a folder on its way), its own path is listed."""
    if is_link:
        key = os.path.realpath(key)
    key = os.path.normcase(key)
    known = files.get(key)
    if known is None or (not _is_own_path(known) and _is_own_path(found)):
        files[key] = found


def _is_own_path(path: Path) -> bool:
    """Whether ``path`` leads to its file through no link."""
    return os.path.normcase(os.path.realpath(path)) == os.path.normcase(os.path.abspath(path))
