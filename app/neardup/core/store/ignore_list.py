"""Pairs of documents a person chose to ignore, remembered across scans.

Keyed, as the cache keys files, by the content hash of each document (xxh3_128 of its bytes,
`file_identity.content_hash`) with its size, so an ignore survives moving, renaming and
rescanning, and a file edited since is a new document that shows again. A small SQLite database
of its own, not a table in the cache: the cache is a convenience that `neardup cache clear`
empties, and a person's decisions must not go with it. The size of each side lets a reader hash
only the files that could match (no ignored document has another size).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from neardup.core.store.file_identity import content_hash
from neardup.core.store.ownership import ForeignFileError, open_own_store

_SCHEMA = """
CREATE TABLE IF NOT EXISTS ignored_pairs (
    first_hash TEXT NOT NULL, first_size INTEGER NOT NULL,
    second_hash TEXT NOT NULL, second_size INTEGER NOT NULL,
    PRIMARY KEY (first_hash, second_hash)
);
"""


@dataclass(frozen=True, slots=True, order=True)
class DocumentKey:
    """What identifies a document's bytes wherever it is: content hash and size."""

    content_hash: str
    size: int

    @classmethod
    def of(cls, path: Path) -> DocumentKey:
        """The key of the file at ``path`` now (reads it whole); raises OSError."""
        return cls(content_hash(path), path.stat().st_size)


class IgnoreListError(Exception):
    """The ignore list cannot be read or written; the message says why and where."""


def _ordered(a: DocumentKey, b: DocumentKey) -> tuple[DocumentKey, DocumentKey]:
    return (a, b) if a <= b else (b, a)


class IgnoreList:
    """The ignored pairs in one SQLite file; every change is one transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._db = open_own_store(path, _SCHEMA)
        except (OSError, sqlite3.Error, ForeignFileError) as error:
            raise IgnoreListError(f"cannot open the ignore list {path}: {error}") from error
        self._pairs: set[tuple[DocumentKey, DocumentKey]] = set()
        self._load()

    def _load(self) -> None:
        try:
            rows = self._db.execute(
                "SELECT first_hash, first_size, second_hash, second_size FROM ignored_pairs"
            ).fetchall()
        except sqlite3.Error as error:
            raise IgnoreListError(f"cannot read the ignore list {self.path}: {error}") from error
        self._pairs = {
            (DocumentKey(str(a), int(a_size)), DocumentKey(str(b), int(b_size)))
            for a, a_size, b, b_size in rows
        }

    def close(self) -> None:
        self._db.close()

    def __len__(self) -> int:
        return len(self._pairs)

    def sizes(self) -> frozenset[int]:
        """The sizes of every ignored document: a file of another size is in no ignored pair."""
        return frozenset(key.size for pair in self._pairs for key in pair)

    def is_ignored(self, a: DocumentKey, b: DocumentKey) -> bool:
        return _ordered(a, b) in self._pairs

    def _write(self, sql: str, pairs: Iterable[tuple[DocumentKey, DocumentKey]]) -> int:
        rows = {_ordered(a, b) for a, b in pairs}
        try:
            with self._db:
                self._db.executemany(
                    sql, [(a.content_hash, a.size, b.content_hash, b.size) for a, b in rows]
                )
        except sqlite3.Error as error:
            raise IgnoreListError(f"cannot write the ignore list {self.path}: {error}") from error
        return len(rows)

    def add(self, pairs: Iterable[tuple[DocumentKey, DocumentKey]]) -> None:
        self._write(
            "INSERT OR IGNORE INTO ignored_pairs VALUES (?, ?, ?, ?)",
            pairs,
        )
        self._load()

    def remove(self, pairs: Iterable[tuple[DocumentKey, DocumentKey]]) -> None:
        self._write(
            "DELETE FROM ignored_pairs WHERE first_hash = ? AND first_size = ? "
            "AND second_hash = ? AND second_size = ?",
            pairs,
        )
        self._load()
