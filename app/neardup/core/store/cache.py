"""SQLite store of analysed documents, so a second scan never redoes extraction.

Analyses are keyed on the content hash (xxh3_128 of the file bytes) plus a
hash of the settings that decide the text and tokens (PDF engine, tokenizer,
user dictionary, version), and serve only files of their format (suffix). A
(path, size, mtime_ns) table finds the content hash without reading an unchanged
file; a moved or renamed file is still a hit once its bytes are hashed.

Fingerprints and verified pair overlaps are stored too, under keys that name
everything they depend on: the normalised text (its content key), the settings,
and for TF-IDF the set of documents the IDF came from; for an overlap, the
two texts alone. A changed corpus therefore recomputes exactly what changed.

Files that could not be used are remembered by path, content hash and settings,
so an unchanged broken file is not read again on every scan. Last, the outcome
of a whole scan is kept under a description of all its inputs (settings, and
every file's path, role, size, mtime and content hash): rescanning an unchanged
folder is then a walk, a stat per file and one lookup.

The cache is a convenience. A corrupt, locked or unwritable file never breaks a scan:
the cache turns itself off and says why in `problem`. Rows carry checksums; a damaged
row (an analysis, fingerprint, overlap or scan outcome) is a miss: computed again.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from neardup.core.models import Problem
from neardup.core.store.derived_values import seal, unseal
from neardup.core.store.file_identity import FileKey, file_keys
from neardup.core.store.ownership import ForeignFileError, check_ours, mark_ours
from neardup.resources import user_cache_dir

if TYPE_CHECKING:
    from neardup.core.features import Analyzed
    from neardup.core.store.analysis_rows import StoredAnalysis

_K = TypeVar("_K")

SCHEMA_VERSION = 8
# Whole-scan outcomes kept: trying other settings on a folder, or other folders, adds one
# each (a few MB for a large folder), so older ones make way.
MAX_STORED_SCANS = 16


def default_cache_path() -> Path:
    return user_cache_dir() / "cache.sqlite3"


def path_format(path: str) -> str:
    """The format a file is read as, named as its analysis names it: the extractor is
    chosen by suffix, whatever the bytes (see extract._extract)."""
    return Path(path).suffix.lower().lstrip(".")


def _stored_path(path: str) -> bytes:
    """A path as the file system's bytes: names that are not valid UTF-8 (which Python
    holds as surrogate escapes) cannot be stored as SQLite text."""
    return os.fsencode(path)


@dataclass(frozen=True, slots=True)
class SeenFiles:
    """The input files as a scan first saw them, before reading any.

    ``keys`` has every regular file that could be stat'ed; ``hashes`` the content hashes the
    cache already knew for those unchanged (same path, size and mtime) since then.
    """

    keys: dict[str, FileKey]
    hashes: dict[str, str]


_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    path BLOB PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    content_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS analyses (
    content_hash TEXT NOT NULL, settings_key TEXT NOT NULL,
    format TEXT NOT NULL, pages INTEGER, encoding TEXT, notes TEXT NOT NULL,
    content_key TEXT NOT NULL, text BLOB NOT NULL, tokens BLOB NOT NULL,
    kept_hashes BLOB NOT NULL,
    PRIMARY KEY (content_hash, settings_key)
);
CREATE TABLE IF NOT EXISTS problems (
    path BLOB NOT NULL, settings_key TEXT NOT NULL, content_hash TEXT NOT NULL,
    reason TEXT NOT NULL, code TEXT NOT NULL, params TEXT NOT NULL,
    PRIMARY KEY (path, settings_key)
);
CREATE TABLE IF NOT EXISTS derived (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS scans (
    file_set TEXT PRIMARY KEY, inputs TEXT NOT NULL, outcome BLOB NOT NULL
);
"""


# A file modified this recently may change again within its file system's timestamp
# resolution (2 s on FAT) without a new size or mtime. Such files are not recorded by
# (path, size, mtime), so the next scan hashes them again (git's "racy clean" rule).
RACY_SECONDS = 2


def _file_rows(
    entries: Iterable[tuple[str, str]], keys: dict[str, FileKey]
) -> list[tuple[bytes, int, int, str]]:
    """Rows of the files table for (path, content hash) pairs, but for racy files."""
    settled_before = time.time_ns() - RACY_SECONDS * 1_000_000_000
    return [
        (_stored_path(path), keys[path].size, keys[path].mtime_ns, digest)
        for path, digest in entries
        if path in keys and keys[path].mtime_ns < settled_before
    ]


class AnalysisCache:
    """The on-disk cache; every method degrades to a miss once the cache has failed."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_cache_path()
        self.problem: str | None = None
        self.damaged_rows = 0  # stored values found damaged (and so computed again)
        self._db: sqlite3.Connection | None = None
        self._open()

    def _open(self) -> None:
        try:
            check_ours(self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=2.0)
            self._prepare(self._db)
        except ForeignFileError as error:
            self.problem = f"{error.reason} This ran without a cache."
        except (sqlite3.Error, OSError) as error:
            self._fail(error)

    def _prepare(self, db: sqlite3.Connection) -> None:
        mark_ours(db)
        db.execute("PRAGMA journal_mode=WAL")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            # An older or newer layout: start again rather than misread it.
            db.executescript(
                "DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS analyses; "
                "DROP TABLE IF EXISTS problems; DROP TABLE IF EXISTS derived; "
                "DROP TABLE IF EXISTS scans;"
            )
        db.executescript(_SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.commit()

    def _fail(self, error: Exception) -> None:
        if "locked" in str(error) or "busy" in str(error):
            # Another NearDup is writing to it: clearing it would pull it from under that scan.
            advice = "another scan is using it; it will be used again once that one is done"
        else:
            advice = "clear it with 'neardup cache clear' if this persists"
        self.problem = (
            f"The cache at {self.path} could not be used ({error}); this ran without it ({advice})."
        )
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
        self._db = None

    @property
    def usable(self) -> bool:
        return self._db is not None

    def known_hashes(self, keys: Iterable[FileKey]) -> dict[str, str]:
        """Content hashes of files unchanged since they were last seen, by path."""
        return self._lookup(
            "SELECT content_hash FROM files WHERE path=? AND size=? AND mtime_ns=?",
            {key.path: (_stored_path(key.path), key.size, key.mtime_ns) for key in keys},
            str,
        )

    def see(self, paths: Iterable[Path]) -> SeenFiles:
        """Stat every file and look up the content hashes of those seen unchanged before."""
        keys = file_keys(paths)
        return SeenFiles(keys, self.known_hashes(keys.values()))

    def load(
        self,
        hashes: dict[str, str],
        keys: dict[str, FileKey],
        settings_key: str,
        keep: Callable[[Analyzed], Analyzed] = lambda analysis: analysis,
    ) -> dict[str, Analyzed]:
        """Cached analyses for paths whose content hash is known, each only of the format
        its path is read as: the bytes of a .txt named .docx are no Word document.
        ``keep`` is given each as it is decoded (a scan moves its contents to its spool,
        so that every decoded analysis is never in memory at once)."""
        if self._db is None:
            return {}
        # The codec (numpy and the analysis code) is imported only when analyses are
        # read or written: a rescan served whole from the cache needs neither.
        from neardup.core.store.analysis_rows import ANALYSIS_COLUMNS, decode_analysis
        from neardup.core.store.derived_values import DamagedEntryError

        out: dict[str, Analyzed] = {}
        damaged: list[tuple[str, str, str]] = []
        try:
            for path, digest in hashes.items():
                found = (digest, settings_key, path_format(path))
                row = self._db.execute(
                    f"SELECT {ANALYSIS_COLUMNS} FROM analyses "
                    "WHERE content_hash=? AND settings_key=? AND format=?",
                    found,
                ).fetchone()
                if not row:
                    continue
                try:
                    out[path] = keep(
                        decode_analysis(row, keys[path].path, keys[path].size, keys[path].mtime_ns)
                    )
                except DamagedEntryError:
                    # Bit rot, or a row another build wrote: a miss. The file is read again
                    # and its analysis stored anew, so the cache heals instead of failing
                    # every later scan.
                    damaged.append(found)
        except Exception as error:  # the database itself cannot be read
            self._fail(error)
            return {}
        self._write(
            ("DELETE FROM analyses WHERE content_hash=? AND settings_key=? AND format=?", damaged)
        )
        return out

    def store(
        self,
        items: Sequence[tuple[Analyzed, str]],
        keys: dict[str, FileKey],
        settings_key: str,
        encoded: Mapping[str, StoredAnalysis] | None = None,
    ) -> None:
        """Remember analyses (with their content hashes) and where the files are.

        ``encoded`` holds rows the workers already encoded, by path; the rest are
        encoded here.
        """
        if self._db is None or not items:
            return
        from neardup.core.store.analysis_rows import encode_analysis

        encoded = encoded or {}
        rows: list[tuple[object, ...]] = []
        paths: list[tuple[str, str]] = []
        for item, digest in items:
            try:
                row = encoded.get(str(item.path)) or encode_analysis(item)
            except Exception:  # (memory, say) not remembered: the next scan reads the file
                continue
            rows.append((digest, settings_key, *row))
            paths.append((str(item.path), digest))
        self._write(
            ("INSERT OR REPLACE INTO analyses VALUES (?,?,?,?,?,?,?,?,?,?)", rows),
            ("INSERT OR REPLACE INTO files VALUES (?,?,?,?)", _file_rows(paths, keys)),
        )

    def remember_paths(self, hashes: dict[str, str], keys: dict[str, FileKey]) -> None:
        """Record (path, size, mtime) for files found by content hash (moved or renamed)."""
        if hashes:
            self._write(
                ("INSERT OR REPLACE INTO files VALUES (?,?,?,?)", _file_rows(hashes.items(), keys))
            )

    def load_problems(self, hashes: dict[str, str], settings_key: str) -> dict[str, Problem]:
        """Why files with these paths and content hashes could not be used, by path."""
        rows = self._lookup(
            "SELECT reason, code, params FROM problems "
            "WHERE path=? AND settings_key=? AND content_hash=?",
            {path: (_stored_path(path), settings_key, digest) for path, digest in hashes.items()},
            str,
            whole_row=True,
        )
        found = {}
        for path, (reason, code, params) in rows.items():
            try:
                found[path] = Problem(Path(path), reason, True, str(code), dict(json.loads(params)))
            except (TypeError, ValueError):
                continue  # a damaged row: a miss, the file is read again
        return found

    def store_problems(
        self, items: Sequence[tuple[Problem, str]], keys: dict[str, FileKey], settings_key: str
    ) -> None:
        """Remember files that could not be used (with their content hashes), and where they are."""
        rows = [(str(problem.path), digest, problem) for problem, digest in items]
        rows = [row for row in rows if row[0] in keys]
        if rows:
            self._write(
                (
                    "INSERT OR REPLACE INTO problems VALUES (?,?,?,?,?,?)",
                    [
                        (_stored_path(p), settings_key, h, x.reason, x.code, json.dumps(x.params))
                        for p, h, x in rows
                    ],
                ),
                (
                    "INSERT OR REPLACE INTO files VALUES (?,?,?,?)",
                    _file_rows(((p, h) for p, h, _ in rows), keys),
                ),
            )

    def scan_outcome(self, file_set: str, inputs: str) -> bytes | None:
        """The stored outcome of a scan of this set of files, if its inputs were these."""
        if self._db is None:
            return None
        try:
            row = self._db.execute(
                "SELECT outcome FROM scans WHERE file_set=? AND inputs=?", (file_set, inputs)
            ).fetchone()
        except sqlite3.Error as error:
            self._fail(error)
            return None
        # Anything but a blob is a damaged row: a miss, and the scan stores a good one.
        return row[0] if row and isinstance(row[0], bytes) else None

    def store_scan_outcome(self, file_set: str, inputs: str, outcome: bytes) -> None:
        """Keep one outcome per set of files and settings (a rescan after an edit replaces
        the old one), and only the MAX_STORED_SCANS most recently written."""
        self._write(
            ("INSERT OR REPLACE INTO scans VALUES (?,?,?)", [(file_set, inputs, outcome)]),
            # A replaced row gets a new rowid, so rowid order is the order of writing.
            (
                "DELETE FROM scans WHERE rowid NOT IN "
                "(SELECT rowid FROM scans ORDER BY rowid DESC LIMIT ?)",
                [(MAX_STORED_SCANS,)],
            ),
        )

    def derived(self, keys: Iterable[str]) -> dict[str, bytes]:
        """Stored fingerprints or overlaps (see the module docstring), by key.

        Each row carries a checksum (`derived_values.seal`): a damaged row, or one that cannot
        be what its key names, is left out and counted in `damaged_rows`; the scan computes
        it again and replaces it.
        """
        found = self._lookup("SELECT value FROM derived WHERE key=?", {k: (k,) for k in keys})
        good = {key: unseal(key, stored) for key, stored in found.items()}
        self.damaged_rows += sum(value is None for value in good.values())
        return {key: value for key, value in good.items() if value is not None}

    def holds_derived(self, prefix: str) -> bool:
        """Whether any derived value's key starts with ``prefix``: a scan against a cache
        without a single stored overlap need not look up each of its candidate pairs."""
        found = self._lookup(
            "SELECT 1 FROM derived WHERE key >= ? AND key < ? LIMIT 1",
            {prefix: (prefix, prefix + "\U0010ffff")},
        )
        return bool(found)

    def store_derived(self, items: dict[str, bytes]) -> None:
        if items:
            rows = [(key, seal(key, value)) for key, value in items.items()]
            self._write(("INSERT OR REPLACE INTO derived VALUES (?, ?)", rows))

    def _lookup(
        self,
        sql: str,
        params: dict[_K, tuple[object, ...]],
        kind: type = object,
        *,
        whole_row: bool = False,
    ) -> dict[_K, Any]:
        """The first column (or ``whole_row``) of the row each parameter set finds, by its
        key, where that column is of ``kind`` (anything else is a damaged row, a miss);
        {} once the cache has failed."""
        if self._db is None:
            return {}
        found: dict[_K, Any] = {}
        try:
            for key, values in params.items():
                row = self._db.execute(sql, values).fetchone()
                if row and isinstance(row[0], kind):
                    found[key] = tuple(row) if whole_row else row[0]
        except sqlite3.Error as error:
            self._fail(error)
            return {}
        return found

    def _write(self, *statements: tuple[str, Sequence[Sequence[object]]]) -> None:
        """Run each statement over its parameter rows, all in one transaction; a failure
        turns the cache off, never the scan."""
        if self._db is None:
            return
        try:
            with self._db:
                for sql, rows in statements:
                    self._db.executemany(sql, rows)
        except sqlite3.Error as error:
            self._fail(error)

    def info(self) -> dict[str, object]:
        size = self.path.stat().st_size if self.path.exists() else 0
        for extra in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + extra)
            size += side.stat().st_size if side.exists() else 0
        documents = 0
        if self._db is not None:
            try:
                documents = self._db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0]
            except sqlite3.Error as error:
                self._fail(error)
        return {
            "path": str(self.path),
            "bytes": size,
            "documents": documents,
            "problem": self.problem,
        }

    def clear(self) -> None:
        """Delete everything cached (the file is recreated empty).

        Raises ForeignFileError, deleting nothing, when the file is not a NearDup cache.
        """
        check_ours(self.path)
        self.close()
        for extra in ("", "-wal", "-shm"):
            self.path.with_name(self.path.name + extra).unlink(missing_ok=True)
        self.problem = None
        self._open()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
