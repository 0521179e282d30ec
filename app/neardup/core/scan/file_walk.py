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


def _walk_folder(
    root: Path, include_hidden: bool, problems: list[Problem]
) -> Iterator[tuple[Path, str]]:
    """(path, key) of every file below ``root``; the key has the folder's real path.

    Symlinked folders are followed, but only once every real folder below ``root`` has been
    walked: a file is then listed where it is, not through a link to its folder that sorts
    first ("Desktop backup/Work (shortcut)" before "Documents/Work"), which a person would
    take for a copy and tidy away, moving the real file. Real paths are remembered, so a
    folder reached twice (or a loop of links) is walked once.
    """
    seen: set[str] = set()
    links: list[Path] = []  # symlinked folders found, walked after the real ones

    def on_error(error: OSError) -> None:
        problems.append(
            Problem.of(Path(error.filename or root), "folder-unreadable", detail=error.strerror)
        )

    starts = [root]
    while starts:
        for folder, dirnames, filenames in os.walk(starts.pop(0), onerror=on_error):
            real = os.path.realpath(folder)
            if real in seen:
                dirnames[:] = []
                continue
            seen.add(real)
            if not include_hidden:
                dirnames[:] = [d for d in dirnames if not _is_hidden(d)]
            dirnames.sort()
            linked = [d for d in dirnames if os.path.islink(os.path.join(folder, d))]
            links += [Path(folder) / d for d in linked]
            dirnames[:] = [d for d in dirnames if d not in linked]
            for name in sorted(filenames):
                if include_hidden or not _is_hidden(name):
                    yield Path(folder) / name, os.path.join(real, name)
        if not starts:
            starts, links = links, []


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
    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.is_dir():
            for found, key in _walk_folder(path, include_hidden, problems):
                # Patterns match the file name or the whole path ("*/drafts/*").
                if _matches(found, exclude) or (include and not _matches(found, include)):
                    continue
                if found.suffix.lower() not in wanted:
                    skipped += 1
                    continue
                _keep(files, key, found)
        elif path.exists() or path.is_symlink():
            folder = os.path.realpath(path.parent)
            _keep(files, os.path.join(folder, path.name), path)
        else:
            problems.append(Problem.of(path, "missing"))
    return WalkResult(list(files.values()), problems, skipped, list(files))


def _keep(files: dict[str, Path], key: str, found: Path) -> None:
    """List ``found`` under its real path, once. A link to a file is that file: listed
    beside it, it was an exact duplicate of itself, chosen as the one to keep where it sorted
    first, and tidying its "copy" moved the real file. Where both are found, the file's own
    path is listed, not the link's."""
    if os.path.islink(key):
        key = os.path.realpath(key)
    key = os.path.normcase(key)
    known = files.get(key)
    if known is None or (os.path.islink(known) and not os.path.islink(found)):
        files[key] = found
