"""What a person decided about a match on review, remembered across scans.

A teacher confirms a copy or dismisses a match (a common phrase, a shared form, their own
earlier paper) with a note. The mark is keyed, as the ignore list is, by the content hash and
size of both documents (``DocumentKey``), so it survives moving, renaming and rescanning, and a
document edited since is a new one that shows unmarked. A mark is on a whole pair, or on one
passage of it: the passage is named by its span in the normalised text of the pair's first
document (in ``DocumentKey`` order), which is the same in every scan of the same two files by
the same version of the analysis.

A SQLite file of its own, never the cache: ``neardup cache clear`` must not take a person's
decisions with it. Every change is one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from neardup.core.store.ignore_list import DocumentKey
from neardup.core.store.ownership import ForeignFileError, open_own_store

_SCHEMA = """
CREATE TABLE IF NOT EXISTS review_marks (
    first_hash TEXT NOT NULL, first_size INTEGER NOT NULL,
    second_hash TEXT NOT NULL, second_size INTEGER NOT NULL,
    passage_start INTEGER NOT NULL, passage_end INTEGER NOT NULL,
    verdict TEXT NOT NULL, note TEXT NOT NULL, marked_at TEXT NOT NULL,
    PRIMARY KEY (first_hash, first_size, second_hash, second_size, passage_start, passage_end)
);
"""
WHOLE_PAIR = (-1, -1)  # the passage span of a mark on the whole pair


class Verdict(StrEnum):
    CONFIRMED = "confirmed"  # a copy, checked by a person
    DISMISSED = "dismissed"  # not copying: it drops out of the figures


class ReviewMarksError(Exception):
    """The review marks cannot be read or written; the message says why and where."""


@dataclass(frozen=True, slots=True)
class ReviewMark:
    """One decision: on the pair ``first``/``second`` (ordered), or one passage of it."""

    first: DocumentKey
    second: DocumentKey
    passage: tuple[int, int]  # span in the first document's normalised text; WHOLE_PAIR
    verdict: Verdict
    note: str
    marked_at: str  # ISO 8601, UTC

    @property
    def whole_pair(self) -> bool:
        return self.passage == WHOLE_PAIR

    def to_dict(self) -> dict[str, str]:
        return {"verdict": self.verdict.value, "note": self.note, "marked_at": self.marked_at}


def ordered(a: DocumentKey, b: DocumentKey) -> tuple[DocumentKey, DocumentKey, bool]:
    """The pair in the order marks use, and whether a and b were swapped."""
    return (a, b, False) if a <= b else (b, a, True)


class ReviewMarks:
    """The marks in one SQLite file, all held in memory (a person marks hundreds, not
    millions)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._db = open_own_store(path, _SCHEMA)
        except (OSError, sqlite3.Error, ForeignFileError) as error:
            raise ReviewMarksError(f"cannot open the review marks {path}: {error}") from error
        self._marks: dict[tuple[DocumentKey, DocumentKey, tuple[int, int]], ReviewMark] = {}
        self._load()

    def _load(self) -> None:
        try:
            rows = self._db.execute("SELECT * FROM review_marks").fetchall()
        except sqlite3.Error as error:
            raise ReviewMarksError(f"cannot read the review marks {self.path}: {error}") from error
        self._marks = {}
        for a, a_size, b, b_size, start, end, verdict, note, marked_at in rows:
            first, second = DocumentKey(str(a), int(a_size)), DocumentKey(str(b), int(b_size))
            if verdict not in Verdict.__members__.values():
                continue  # written by a later version: not ours to read
            mark = ReviewMark(
                first, second, (int(start), int(end)), Verdict(verdict), str(note), str(marked_at)
            )
            self._marks[(first, second, mark.passage)] = mark

    def close(self) -> None:
        self._db.close()

    def __len__(self) -> int:
        return len(self._marks)

    def __iter__(self) -> Iterator[ReviewMark]:
        return iter(sorted(self._marks.values(), key=lambda m: m.marked_at))

    def sizes(self) -> frozenset[int]:
        """The sizes of every marked document: a file of another size is in no mark."""
        return frozenset(
            size for m in self._marks.values() for size in (m.first.size, m.second.size)
        )

    def between(self, a: DocumentKey, b: DocumentKey) -> list[ReviewMark]:
        """The marks of the pair (the whole pair's first), in either order."""
        first, second, _ = ordered(a, b)
        found = [m for (x, y, _), m in self._marks.items() if (x, y) == (first, second)]
        return sorted(found, key=lambda m: (not m.whole_pair, m.passage))

    def mark(
        self,
        a: DocumentKey,
        b: DocumentKey,
        verdict: Verdict,
        note: str = "",
        passage: tuple[int, int] = WHOLE_PAIR,
    ) -> ReviewMark:
        """Record (or replace) a decision; ``passage`` is a span of ``a``'s normalised text,
        stored on the first document's side."""
        first, second, swapped = ordered(a, b)
        if swapped and passage != WHOLE_PAIR:
            raise ValueError("a passage mark names its span in the first document of the pair")
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        mark = ReviewMark(first, second, passage, verdict, note, stamp)
        self._write(
            "INSERT OR REPLACE INTO review_marks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*_row(first, second, passage), verdict.value, note, stamp),
        )
        return mark

    def clear(self, a: DocumentKey, b: DocumentKey) -> int:
        """Forget every mark of the pair; how many there were."""
        first, second, _ = ordered(a, b)
        count = len(self.between(a, b))
        self._write(
            "DELETE FROM review_marks WHERE first_hash = ? AND first_size = ? "
            "AND second_hash = ? AND second_size = ?",
            _row(first, second, WHOLE_PAIR)[:4],
        )
        return count

    def _write(self, sql: str, row: tuple[object, ...]) -> None:
        try:
            with self._db:
                self._db.execute(sql, row)
        except sqlite3.Error as error:
            raise ReviewMarksError(f"cannot write the review marks {self.path}: {error}") from error
        self._load()


def _row(
    first: DocumentKey, second: DocumentKey, passage: tuple[int, int]
) -> tuple[str, int, str, int, int, int]:
    return (first.content_hash, first.size, second.content_hash, second.size, *passage)
