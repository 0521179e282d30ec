"""Review marks on a scan report: each marked pair and passage carries its decision.

The report names documents by path; marks name them by content (``DocumentKey``), so the
files are hashed here, only those whose size some mark has, and only while they are the
files the scan read (same size and modification time): a file changed since is another
document, and its old marks do not apply. The report dict gets, in place:

- ``review`` on a pair marked as a whole, and on each marked passage:
  ``{"verdict": "confirmed" | "dismissed", "note": ..., "marked_at": ...}``;
- ``review`` at the top: how many pairs and passages are confirmed and dismissed.

Reports then leave dismissed matches out of their figures (``sources``), and say so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neardup.core.report.passage_rows import editable_passages
from neardup.core.store import DocumentKey, ReviewMarks, content_hash


@dataclass(frozen=True, slots=True)
class ReviewCounts:
    confirmed: int = 0
    dismissed: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"confirmed": self.confirmed, "dismissed": self.dismissed}


def document_keys(report: dict[str, Any], sizes: frozenset[int]) -> dict[str, DocumentKey]:
    """The content key of each report document with one of ``sizes`` that is still the
    file the scan read."""
    keys: dict[str, DocumentKey] = {}
    for entry in report.get("documents", ()):
        path, size = str(entry.get("path")), entry.get("size")
        if size not in sizes:
            continue
        try:
            info = os.stat(path)
            modified = entry.get("modified_ns")
            if info.st_size != size or (modified is not None and info.st_mtime_ns != modified):
                continue
            keys[path] = DocumentKey(content_hash(Path(path)), int(size))
        except OSError:
            continue  # gone or unreadable since the scan: no mark can be shown for it
    return keys


def annotate(report: dict[str, Any], marks: ReviewMarks) -> ReviewCounts:
    """Put every mark that applies into ``report``; the counts are also stored there."""
    confirmed = dismissed = 0
    keys = document_keys(report, marks.sizes()) if len(marks) else {}
    for pair in report.get("pairs", ()):
        a, b = keys.get(str(pair.get("a"))), keys.get(str(pair.get("b")))
        if a is None or b is None:
            continue
        side = "a" if a <= b else "b"  # the first document in marks' order
        for mark in marks.between(a, b):
            if mark.whole_pair:
                targets = [pair]
            else:
                targets = [
                    p for p in editable_passages(pair) if tuple(p.get(side, ())) == mark.passage
                ]
            for target in targets:
                target["review"] = mark.to_dict()
                confirmed += mark.verdict == "confirmed"
                dismissed += mark.verdict == "dismissed"
    counts = ReviewCounts(confirmed, dismissed)
    report["review"] = counts.to_dict()
    return counts


def verdict_of(item: dict[str, Any]) -> str | None:
    """The decision on a report pair or passage, if any."""
    review = item.get("review")
    return str(review.get("verdict")) if isinstance(review, dict) else None


def is_dismissed(item: dict[str, Any]) -> bool:
    return verdict_of(item) == "dismissed"
