"""What a library holds (``library info``), and rebuilding one from its files.

A rebuild makes a new library in a folder beside the old one, from the files the old one
records (when its SQLite file can still be read) and any paths given, then puts it in the
old one's place: a library made by another version, or with a damaged file, is replaced
only once its successor is complete.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neardup.core.library.building import AddOutcome, add_to_library, run_settings
from neardup.core.library.database import DATABASE_NAME, LibraryDatabase
from neardup.core.library.errors import LibraryError
from neardup.core.library.keys import LIBRARY_WINNOW, RUN_GUARANTEE
from neardup.core.scan import CancelFlag, ProgressCallback
from neardup.core.settings import ScanSettings


@dataclass(frozen=True, slots=True)
class LibraryInfo:
    folder: Path
    documents: int
    keys: int
    terms: int
    problems: int
    segments: int
    generation: int
    bytes_on_disk: int
    neardup_version: str
    library_format: str
    analysis_version: str
    settings: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "folder": str(self.folder),
            "documents": self.documents,
            "keys": self.keys,
            "terms": self.terms,
            "problems": self.problems,
            "segments": self.segments,
            "generation": self.generation,
            "bytes_on_disk": self.bytes_on_disk,
            "neardup_version": self.neardup_version,
            "library_format": self.library_format,
            "analysis_version": self.analysis_version,
            "key_window": LIBRARY_WINNOW,
            "guaranteed_run_chars": RUN_GUARANTEE,
            "settings": self.settings,
        }


def _size_on_disk(folder: Path) -> int:
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.path.getsize(os.path.join(root, name))
    return total


def library_info(folder: Path) -> LibraryInfo:
    with LibraryDatabase.open(folder, create=False).session() as db, db.snapshot():
        return LibraryInfo(
            folder=folder,
            documents=db.count("documents"),
            keys=db.total_keys(),
            terms=db.count("terms"),
            problems=db.count("problems"),
            segments=db.count("segments"),
            generation=db.generation(),
            bytes_on_disk=_size_on_disk(folder),
            neardup_version=db.meta("neardup_version") or "?",
            library_format=db.meta("library_format") or "?",
            analysis_version=db.meta("analysis_version") or "?",
            settings=json.loads(db.meta("settings") or "{}"),
        )


def recorded(folder: Path) -> tuple[list[str], dict[str, Any] | None]:
    """The paths and settings an old or damaged library records, as far as they can be
    read (a library made by any version keeps them in the same two places)."""
    path = folder / DATABASE_NAME
    if not path.is_file():
        return [], None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return [], None
    try:
        paths: list[str] = []
        settings = None
        with contextlib.suppress(sqlite3.Error):
            paths = [str(row[0]) for row in db.execute("SELECT path FROM documents")]
        with contextlib.suppress(sqlite3.Error, ValueError, TypeError):
            row = db.execute("SELECT value FROM meta WHERE name = 'settings'").fetchone()
            loaded = json.loads(row[0]) if row else None
            settings = loaded if isinstance(loaded, dict) else None
        return paths, settings
    finally:
        db.close()


def rebuild_library(
    folder: Path,
    paths: Sequence[Path | str],
    settings: ScanSettings | None = None,
    *,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> AddOutcome:
    """A new library in ``folder`` from the files the old one records and ``paths``;
    the old one is replaced only when the new one is complete."""
    if folder.exists() and not folder.is_dir():
        raise LibraryError(f"{folder} is a file, not a library folder")
    old_paths, old_settings = recorded(folder)
    chosen = settings or ScanSettings()
    if old_settings is not None:  # the analysis it was built with; this run's workers, cache
        chosen = run_settings(ScanSettings.from_dict(old_settings), chosen)
    still_there = [p for p in old_paths if os.path.lexists(p)]
    sources = [*paths, *still_there]
    if not sources:
        raise LibraryError(
            f"nothing to rebuild {folder} from: it records no file that still exists; "
            f"name the folders: neardup library add {folder} --rebuild FOLDER..."
        )
    parent = folder.resolve().parent
    fresh = parent / f".{folder.name}.rebuild-{os.getpid()}"
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        outcome = add_to_library(
            fresh, sources, chosen, executor=executor, progress=progress, cancel=cancel
        )
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if outcome.cancelled:
        shutil.rmtree(fresh, ignore_errors=True)
        return outcome
    missing = len(old_paths) - len(still_there)
    if missing:
        outcome.notices.append(
            f"{missing} files the old library recorded no longer exist and were left out"
        )
    retired = parent / f".{folder.name}.old-{os.getpid()}"
    if folder.exists():
        os.replace(folder, retired)
    os.replace(fresh, folder)
    shutil.rmtree(retired, ignore_errors=True)
    return outcome
