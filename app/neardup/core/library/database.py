"""A reference library's SQLite file: its documents with their analyses, the document
frequencies of their terms, and the list of index segments that make up its current
generation.

The file is in WAL mode: a ``check`` reads in one transaction, so it sees one generation
whole (the documents and the segments that index them) while an ``add`` commits the next.
Every change is one transaction. A library is refused, with a message that says what to do,
when it was made by another format or analysis version, when it is not a NearDup library,
or when its file is damaged.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from neardup._version import __version__
from neardup.core.library.errors import (
    LibraryDamagedError,
    LibraryError,
    LibraryReadOnlyError,
    LibraryVersionError,
    rebuild_hint,
)
from neardup.core.settings import ScanSettings
from neardup.core.store import ANALYSIS_COLUMNS, StoredAnalysis
from neardup.core.versions import ANALYSIS_VERSION

DATABASE_NAME = "library.sqlite"
FORMAT_NAME = "neardup-library"
# Bump when the tables, the index files or the library's key selection change meaning.
LIBRARY_FORMAT = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    content_hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    simhash INTEGER NOT NULL,
    keys INTEGER NOT NULL,
    format TEXT NOT NULL, pages INTEGER, encoding TEXT, notes TEXT NOT NULL,
    content_key TEXT NOT NULL, text BLOB NOT NULL, tokens BLOB NOT NULL,
    kept_hashes BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_by_content ON documents (content_key);
CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS segments (
    name TEXT PRIMARY KEY, documents INTEGER NOT NULL, keys INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS problems (
    path TEXT PRIMARY KEY, code TEXT NOT NULL, reason TEXT NOT NULL
);
"""
_IN_CHUNK = 900  # host parameters per statement (SQLite's old limit is 999)


def is_library(folder: Path) -> bool:
    """Whether a folder holds a library (its database file), without opening it."""
    return (folder / DATABASE_NAME).is_file()


def _chunks(values: Sequence[object]) -> Iterator[Sequence[object]]:
    for start in range(0, len(values), _IN_CHUNK):
        yield values[start : start + _IN_CHUNK]


class LibraryDatabase:
    """One connection to a library's SQLite file."""

    def __init__(self, folder: Path, db: sqlite3.Connection) -> None:
        self.folder = folder
        self.path = folder / DATABASE_NAME
        self._db = db

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(
        cls, folder: Path, *, create: bool, settings: ScanSettings | None = None
    ) -> LibraryDatabase:
        """The library in ``folder``; made there (with ``settings``) when ``create`` is set
        and there is none yet. Raises LibraryError with a message a person can act on."""
        path = folder / DATABASE_NAME
        exists = path.exists()
        if not exists and not create:
            if not folder.exists():
                raise LibraryError(f"no library at {folder}: the folder does not exist")
            raise LibraryError(
                f"no library at {folder}: it holds no {DATABASE_NAME} "
                "(make one with: neardup library add LIBRARY PATH...)"
            )
        if create and not exists:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise LibraryReadOnlyError(
                    f"cannot make the library folder {folder}: {error.strerror or error}"
                ) from None
        if create and not os.access(folder, os.W_OK):
            raise LibraryReadOnlyError(
                f"cannot add to the library {folder}: the folder is read-only; "
                "copy the library to a writable disk or ask for write access"
            )
        # A library on a read-only disk or share is read as it is: nobody can change it,
        # so SQLite need not lock it (nor make the WAL's shared-memory file it cannot write).
        frozen = exists and not create and not os.access(folder, os.W_OK)
        target = f"file:{path}?immutable=1" if frozen else str(path)
        try:
            db = sqlite3.connect(
                target, isolation_level=None, check_same_thread=False, timeout=60, uri=frozen
            )
        except sqlite3.Error as error:
            raise LibraryDamagedError(path, str(error)) from None
        library = cls(folder, db)
        try:
            library._prepare(exists and not frozen, settings, frozen, writer=create)
        except sqlite3.DatabaseError as error:
            db.close()
            if "readonly" in str(error) or "read-only" in str(error):
                raise LibraryReadOnlyError(
                    f"cannot add to the library {folder}: {path} is read-only"
                ) from None
            raise LibraryDamagedError(path, str(error)) from None
        except LibraryError:
            db.close()
            raise
        return library

    def _prepare(
        self,
        exists: bool,
        settings: ScanSettings | None,
        frozen: bool = False,
        *,
        writer: bool = False,
    ) -> None:
        db = self._db
        if exists or frozen:
            found = dict(self._meta_rows())
            if found.get("format") != FORMAT_NAME:
                raise LibraryError(f"{self.path} is not a NearDup library")
            made = (found.get("library_format"), found.get("analysis_version"))
            if made != (str(LIBRARY_FORMAT), str(ANALYSIS_VERSION)):
                raise LibraryVersionError(
                    f"the library {self.folder} was made by NearDup {found.get('neardup_version')} "
                    f"(library format {made[0]}, analysis version {made[1]}); this NearDup "
                    f"{__version__} reads format {LIBRARY_FORMAT}, analysis version "
                    f"{ANALYSIS_VERSION}. {rebuild_hint(self.folder)}"
                )
            if not frozen:
                db.execute("PRAGMA journal_mode=WAL")
            if writer and "documents" not in found:
                # Made before the count was kept: count once, then keep it (an add writes
                # anyway; a check of such a library counts the rows, as it did).
                with self.writing():
                    db.execute(
                        "INSERT OR IGNORE INTO meta SELECT 'documents', count(*) FROM documents"
                    )
            return
        db.execute("PRAGMA journal_mode=WAL")
        with self.writing():
            # One statement at a time: executescript would commit the transaction.
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            chosen = settings or ScanSettings()
            rows = {
                "format": FORMAT_NAME,
                "library_format": str(LIBRARY_FORMAT),
                "analysis_version": str(ANALYSIS_VERSION),
                "neardup_version": __version__,
                "settings": json.dumps(chosen.to_dict()),
                "generation": "0",
                "documents": "0",  # kept by insert and delete: counting 1M rows reads ~50 MB
            }
            db.executemany("INSERT INTO meta VALUES (?, ?)", rows.items())

    def _meta_rows(self) -> list[tuple[str, str]]:
        try:
            return list(self._db.execute("SELECT name, value FROM meta"))
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                raise LibraryError(f"{self.path} is not a NearDup library") from None
            raise

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def session(self) -> Iterator[LibraryDatabase]:
        """Use the library, then close it. SQLite's errors become LibraryErrors that say
        what to do (a damaged page is found only when it is read: a check reads few)."""
        try:
            yield self
        except sqlite3.DatabaseError as error:
            raise self._failure(error) from None
        finally:
            self.close()

    def _failure(self, error: sqlite3.DatabaseError) -> LibraryError:
        text = str(error)
        if "readonly" in text or "read-only" in text:
            return LibraryReadOnlyError(f"cannot write the library {self.folder}: it is read-only")
        if "locked" in text or "busy" in text:
            return LibraryError(
                f"the library {self.folder} is busy: another add has held it for a minute; "
                "try again when it is done"
            )
        return LibraryDamagedError(self.path, text)

    # --- transactions ----------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (writers wait for each other; readers never wait)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if "readonly" in str(error):
                raise LibraryReadOnlyError(
                    f"cannot add to {self.folder}: it is read-only"
                ) from None
            raise
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            self._db.execute("ROLLBACK")
            raise LibraryReadOnlyError(f"cannot write the library {self.folder}: {error}") from None

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: everything read inside it is of the same generation."""
        self._db.execute("BEGIN")
        try:
            self._db.execute("SELECT value FROM meta WHERE name = 'generation'").fetchone()
            yield self._db
        finally:
            self._db.execute("ROLLBACK")

    # --- reading ---------------------------------------------------------------------------

    def meta(self, name: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def settings(self) -> ScanSettings:
        stored = json.loads(self.meta("settings") or "{}")
        return ScanSettings.from_dict(stored if isinstance(stored, dict) else {})

    def generation(self) -> int:
        return int(self.meta("generation") or 0)

    def segments(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT name FROM segments ORDER BY name")]

    def hashes_at(self, paths: Sequence[str]) -> dict[str, str]:
        """The content hash of the documents stored at these paths: looked up by path (an
        index), so an add to a library of a million documents reads only its own paths'
        rows, not every row with its stored text."""
        return self._column_at("content_hash", paths)

    def ids_at(self, paths: Sequence[str]) -> dict[str, int]:
        """The ids of the documents stored at these paths."""
        return self._column_at("id", paths)

    def _column_at(self, column: str, paths: Sequence[str]) -> dict[str, Any]:
        """One column of the documents stored at these paths, by path."""
        found: dict[str, Any] = {}
        for chunk in _chunks(list(paths)):
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT path, {column} FROM documents WHERE path IN ({marks})"
            found.update(self._db.execute(sql, chunk))
        return found

    def count(self, table: str) -> int:
        assert table in {"documents", "problems", "terms", "segments"}
        if table == "documents":
            kept = self.meta("documents")
            if kept is not None:
                return int(kept)
        return int(self._db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    def total_keys(self) -> int:
        return int(self._db.execute("SELECT coalesce(sum(keys), 0) FROM documents").fetchone()[0])

    def live(self, ids: Sequence[int]) -> set[int]:
        """Which of these document ids are in the library (index entries of removed or
        replaced documents point at ids that are gone)."""
        found: set[int] = set()
        for chunk in _chunks(list(ids)):
            marks = ",".join("?" * len(chunk))
            found.update(
                r[0]
                for r in self._db.execute(f"SELECT id FROM documents WHERE id IN ({marks})", chunk)
            )
        return found

    def with_content(self, content_keys: Iterable[str]) -> set[int]:
        keys = list(dict.fromkeys(content_keys))
        found: set[int] = set()
        for chunk in _chunks(keys):
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT id FROM documents WHERE content_key IN ({marks})"
            found.update(r[0] for r in self._db.execute(sql, chunk))
        return found

    def stored_rows(
        self, ids: Sequence[int]
    ) -> Iterator[tuple[int, str, int, int, tuple[object, ...]]]:
        """(id, path, size, mtime_ns, stored analysis) of each of these documents."""
        for chunk in _chunks(list(ids)):
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT id, path, size, mtime_ns, {ANALYSIS_COLUMNS} FROM documents WHERE id IN ({marks})"
            for row in self._db.execute(sql, chunk):
                yield row[0], row[1], row[2], row[3], tuple(row[4:])

    def frequencies(self, terms: Iterable[str]) -> dict[str, int]:
        """How many library documents hold each of these terms (those that any do)."""
        wanted = list(dict.fromkeys(terms))
        found: dict[str, int] = {}
        for chunk in _chunks(wanted):
            marks = ",".join("?" * len(chunk))
            found.update(
                self._db.execute(f"SELECT term, df FROM terms WHERE term IN ({marks})", chunk)
            )
        return found

    def paths_under(self, path: str) -> list[tuple[int, str]]:
        """The documents at ``path`` or inside it, as (id, path)."""
        prefix = path.rstrip(os.sep) + os.sep
        rows = self._db.execute(
            "SELECT id, path FROM documents WHERE path = ? OR substr(path, 1, ?) = ?",
            (path, len(prefix), prefix),
        )
        return list(rows)

    # --- writing (inside ``writing()``) ----------------------------------------------------

    def insert_document(
        self,
        path: str,
        digest: str,
        size: int,
        mtime_ns: int,
        simhash: int,
        keys: int,
        stored: StoredAnalysis,
    ) -> int:
        signed = simhash - (1 << 64) if simhash >= 1 << 63 else simhash  # SQLite's integers
        cursor = self._db.execute(
            f"INSERT INTO documents (path, content_hash, size, mtime_ns, simhash, keys, "
            f"{ANALYSIS_COLUMNS}) VALUES ({', '.join('?' * (6 + len(stored)))})",
            (path, digest, size, mtime_ns, signed, keys, *stored),
        )
        self._db.execute("DELETE FROM problems WHERE path = ?", (path,))
        self._add_to_count(1)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def delete_documents(self, ids: Sequence[int]) -> None:
        for chunk in _chunks(list(ids)):
            marks = ",".join("?" * len(chunk))
            deleted = self._db.execute(f"DELETE FROM documents WHERE id IN ({marks})", chunk)
            self._add_to_count(-deleted.rowcount)

    def _add_to_count(self, change: int) -> None:
        """Keep the document count (a library made before it was kept has none)."""
        self._db.execute(
            "UPDATE meta SET value = CAST(value AS INTEGER) + ? WHERE name = 'documents'",
            (change,),
        )

    def count_terms(self, change: Counter[str], sign: int) -> None:
        """Add (sign 1) or take away (sign -1) documents' distinct terms."""
        self._db.executemany(
            "INSERT INTO terms (term, df) VALUES (?, ?) "
            "ON CONFLICT (term) DO UPDATE SET df = df + excluded.df",
            ((term, sign * n) for term, n in change.items()),
        )
        if sign < 0:
            self._db.execute("DELETE FROM terms WHERE df <= 0")

    def record_problem(self, path: str, code: str, reason: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO problems VALUES (?, ?, ?)", (path, code, reason))

    def replace_segments(
        self, removed: Sequence[str], added: Sequence[tuple[str, int, int]]
    ) -> None:
        """Make a new generation: these segments out, these (name, documents, keys) in."""
        self._db.executemany("DELETE FROM segments WHERE name = ?", ((n,) for n in removed))
        self._db.executemany("INSERT INTO segments VALUES (?, ?, ?)", added)
        self._db.execute(
            "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE name = 'generation'"
        )

    def segment_sizes(self) -> list[tuple[str, int]]:
        return list(self._db.execute("SELECT name, keys FROM segments ORDER BY name"))
