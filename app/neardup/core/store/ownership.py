"""Whether a file is NearDup's own store, so that nothing else is ever changed or deleted.

A store NearDup creates carries its SQLite application id. A file given as a cache path
is used, upgraded or cleared only when it carries that id, is missing or empty, is an
empty SQLite database, or is a cache NearDup wrote before it set the id (only our tables,
an old layout number). Anything else (a document, another program's database) is
refused with a reason that says what the file is.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

APPLICATION_ID = 0x4E445550  # "NDUP"
_SQLITE_HEADER = b"SQLite format 3\x00"
_OUR_TABLES = frozenset({"files", "analyses", "problems", "derived", "scans"})
_FIRST_UNMARKED_LAYOUT, _LAST_UNMARKED_LAYOUT = 1, 6  # layouts written before the id


class ForeignFileError(Exception):
    """The path holds a file NearDup did not make; ``reason`` says what it is."""

    def __init__(self, path: Path, what: str) -> None:
        self.reason = (
            f"{path} is not a NearDup cache ({what}); NearDup will not change or delete it. "
            "Choose another file with --cache-path, or leave the option out."
        )
        super().__init__(self.reason)


def check_ours(path: Path) -> None:
    """Raise ForeignFileError unless ``path`` is missing, empty or a NearDup store."""
    try:
        with path.open("rb") as stream:
            header = stream.read(100)
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise ForeignFileError(path, "it is a folder") from None
    if not header:
        return
    if not header.startswith(_SQLITE_HEADER):
        raise ForeignFileError(path, "it is not an SQLite database; perhaps a document")
    # The id sits in the file's header (bytes 68-71), readable even when the pages behind
    # it are damaged: a broken cache of ours can still be cleared.
    if len(header) == 100 and int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return
    # Read-only, so that looking changes nothing (no journal switch, no lock left).
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=2.0)) as db:
            application_id = db.execute("PRAGMA application_id").fetchone()[0]
            layout = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {
                name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
    except sqlite3.DatabaseError as error:
        if "locked" in str(error) or "busy" in str(error):
            return  # another NearDup scan is writing to it; opening it will say so
        raise ForeignFileError(path, f"an SQLite database that cannot be read: {error}") from None
    if application_id == APPLICATION_ID:
        return
    if application_id != 0:
        raise ForeignFileError(path, f"another program's database, id {application_id:#x}")
    if not tables:
        return
    older_cache = tables <= _OUR_TABLES and (
        _FIRST_UNMARKED_LAYOUT <= layout <= _LAST_UNMARKED_LAYOUT
    )
    if not older_cache:
        names = ", ".join(sorted(tables)[:5])
        raise ForeignFileError(path, f"another program's SQLite database, with tables {names}")


def open_own_store(path: Path, schema: str) -> sqlite3.Connection:
    """A small SQLite store of NearDup's own (an ignore list, review marks): refused when
    the file is not ours, made with its folder when missing, its tables created. Raises
    OSError, sqlite3.Error or ForeignFileError; the caller says which store failed."""
    check_ours(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=2.0)
    try:
        with db:
            db.executescript(schema)
            mark_ours(db)
    except sqlite3.Error:
        db.close()
        raise
    return db


def mark_ours(db: sqlite3.Connection) -> None:
    """Stamp a store NearDup has just checked or created as its own."""
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
