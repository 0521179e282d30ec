"""Plain data records that flow between the core's stages: documents and problems in,
pairs, groups and the scan's result out."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from neardup.core.settings import ScanSettings


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
    hidden_chars: int = 0  # hidden text left out of ``text`` (hidden, white or tiny runs)
    page_starts: tuple[int, ...] = ()  # where each page begins in ``text`` (PDF), if known


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


@dataclass(frozen=True, slots=True)
class Group:
    """A set of near-duplicates, as indices into the scan's documents."""

    id: int
    reference: int
    members: tuple[tuple[int, int], ...]  # (document index, distance to the reference)


class PairKind(str, Enum):
    DUPLICATE = "duplicate"
    NEAR_DUPLICATE = "near-duplicate"
    PARTIAL = "partial"


class Role(str, Enum):
    """A scanned document is compared with everything; a library one only with scanned ones."""

    SCAN = "scan"
    LIBRARY = "library"


@dataclass(frozen=True, slots=True)
class Source:
    """Another document that holds part of this one's text."""

    document: int
    overlap: float


@dataclass(frozen=True, slots=True)
class SimilaritySummary:
    """Thesis-checker style: share found anywhere, the largest source, all sources."""

    total: float
    max_source: int | None
    max_overlap: float
    sources: tuple[Source, ...]


@dataclass(slots=True)
class DocumentRecord:
    path: Path
    size: int
    format: str
    tokens: int
    simhash: int | None
    mtime_ns: int
    pages: int | None = None
    encoding: str | None = None
    role: Role = Role.SCAN
    notes: tuple[str, ...] = ()
    chars: int = 0
    similarity: SimilaritySummary | None = None
    hidden_chars: int = 0


class MatchedSpan(NamedTuple):
    """A passage of a found in b: character ranges in both normalised texts, and how
    many scanned documents hold its text (0 where only the two were compared).

    A named tuple, not a frozen dataclass: a scan of real text makes hundreds of
    thousands, and a tuple is made five times faster."""

    a_start: int
    a_end: int
    b_start: int
    b_end: int
    documents: int = 0


@dataclass(frozen=True, slots=True)
class Overlap:
    """How much of each text is found in the other (shares of their non-space
    characters), and the passages that show it."""

    overlap_a: float
    overlap_b: float
    spans: tuple[MatchedSpan, ...]


@dataclass(slots=True)
class Pair:
    a: int
    b: int
    kind: PairKind
    distance: int
    similarity: float
    overlap_a: float = 0.0
    overlap_b: float = 0.0
    spans: tuple[MatchedSpan, ...] = ()


@dataclass(slots=True)
class ScanResult:
    documents: list[DocumentRecord]
    pairs: list[Pair]
    groups: list[Group]
    problems: list[Problem]
    settings: ScanSettings
    elapsed: float = 0.0
    cancelled: bool = False
    skipped_files: int = 0
    notices: list[str] = field(default_factory=list)
