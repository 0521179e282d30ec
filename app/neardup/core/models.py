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
    """A file that could not be used, with a reason a person can act on."""

    path: Path
    reason: str
