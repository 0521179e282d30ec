"""Plain data records that flow between the core's stages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Document:
    """A file whose text could be extracted.

    ``text`` is the raw extracted text; normalisation happens later so that the
    same extraction can serve every setting.
    """

    path: Path
    format: str
    text: str
    size: int
    mtime_ns: int
    pages: int | None = None
    encoding: str | None = None
    engine: str | None = None
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that could not be used, with a reason a person can act on.

    ``lasting`` problems lie in the file's bytes (corrupt, encrypted, empty, no text):
    they hold until the file changes, so a cache may remember them. Others (a read
    error, memory, a failure in NearDup itself) may pass, and the file is read again.
    """

    path: Path
    reason: str
    lasting: bool = field(default=False, compare=False)
