"""Plain data records that flow between the core's stages: documents and problems in,
pairs, groups and the scan's result out."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, overload

from neardup.core.settings import ScanSettings

if TYPE_CHECKING:  # numpy is not loaded to read records (a warm rescan does without it)
    import numpy as np
    import numpy.typing as npt


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
    quote_spans: tuple[tuple[int, int], ...] = ()  # block quotes the format marks, in ``text``


# Why a file could not be used: a stable code, and the English the CLI and the JSON report
# give, filled with the problem's parameters. The GUI shows its own translation of each
# code (gui/problem_text.py); a reason without a code is shown as it is. Codes are part of
# the JSON report: add new ones, never rename one.
REASONS: dict[str, str] = {
    "folder": "Is a folder, not a file",
    "no-extension": "File has no extension; NearDup reads .txt, .docx and .pdf",
    "unsupported-type": "Unsupported file type '{suffix}'; NearDup reads .txt, .docx and .pdf",
    "not-regular": "Not a regular file (device, pipe or socket); skipped",
    "empty": "File is empty (0 bytes)",
    "no-text": "No text found in the document",
    "too-long": (
        "Too long to compare as one document: more than {millions} million characters of "
        "text (a book of 1,000 pages has about 2 million); split it, or leave it out with "
        "--exclude"
    ),
    "broken-link": "Broken link: it points to {target}, which does not exist",
    "vanished": "File vanished before it could be read",
    "permission": "Permission denied: cannot read the file; check its permissions",
    "read-error": "Could not read the file: {detail}",
    "folder-unreadable": "Cannot open folder: {detail}",
    "missing": "No such file or folder",
    "cancelled": "Not read: the scan was cancelled before this file",
    "changed-while-read": "The file changed while it was being read; scan again to include it",
    "analysis-failed": "Could not analyse the text: {detail}",
    "txt-too-large": (
        "Too large to compare as one document ({size} MB; the limit is {limit} MB): split "
        "it, or leave it out with --exclude"
    ),
    "binary": "Looks like binary data, not text",
    "binary-kind": "Looks like binary data, not text (it looks like {kind}; fix its extension)",
    "unknown-encoding": (
        "Could not work out the text encoding; save the file as UTF-8 and scan again"
    ),
    "docx-invalid": "Not a valid .docx file (corrupt or not a Word document): {detail}",
    "docx-part-too-large": (
        "Too large to read: its part {part} unpacks to more than {limit} MB; save it again "
        "from Word, or as .txt or .pdf"
    ),
    "pdf-invalid": "Not a valid PDF file (corrupt or truncated): {detail}",
    "pdf-encrypted": "PDF is encrypted; remove the password and scan again",
    "pdf-security": (
        "PDF is protected by an unsupported security handler; remove the protection and scan again"
    ),
    "pdf-no-pages": "PDF has no pages",
    "pdf-no-text-layer": (
        "PDF has {pages} {page_word} but no text layer (scanned images?); run OCR first"
    ),
}


def reason_text(code: str, params: dict[str, str]) -> str:
    """The English reason of a code with its parameters."""
    return REASONS[code].format(**params)


@dataclass(frozen=True, slots=True)
class Problem:
    """A file that could not be used, with a reason a person can act on.

    ``lasting`` problems lie in the file's bytes (corrupt, encrypted, empty, no text):
    they hold until the file changes, so a cache may remember them. Others (a read
    error, memory, a failure in NearDup itself) may pass, and the file is read again.
    ``code`` and ``params`` say the same as ``reason`` for a program (see REASONS); an
    empty code marks a reason that has none.
    """

    path: Path
    reason: str
    lasting: bool = field(default=False, compare=False)
    code: str = field(default="", compare=False)
    params: dict[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, path: Path, code: str, *, lasting: bool = False, **params: object) -> Problem:
        """A problem with a known code; its English reason comes from REASONS."""
        texts = {name: str(value) for name, value in params.items()}
        return cls(path, reason_text(code, texts), lasting, code, texts)


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


class SpanTable(Sequence[MatchedSpan]):
    """Passages held as the rows of one integer array (a_start, a_end, b_start, b_end,
    documents), each read as a ``MatchedSpan`` only when asked for.

    A scan of real text finds hundreds of thousands of passages, and most are only
    summed up as arrays or written out; making each a tuple first took a second."""

    __slots__ = ("rows",)

    def __init__(self, rows: npt.NDArray[np.int64]) -> None:
        self.rows = rows  # shape (n, 5)

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> MatchedSpan: ...
    @overload
    def __getitem__(self, index: slice) -> SpanTable: ...
    def __getitem__(self, index: int | slice) -> MatchedSpan | SpanTable:
        if isinstance(index, slice):
            return SpanTable(self.rows[index])
        return MatchedSpan._make(self.rows[index].tolist())

    def __iter__(self) -> Iterator[MatchedSpan]:
        return map(MatchedSpan._make, self.rows.tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"SpanTable({list(self)!r})"


@dataclass(frozen=True, slots=True)
class Overlap:
    """How much of each text is found in the other (shares of their non-space
    characters: what both hold), the passages that show it, and how much of each the
    passages cover (edits inside them too: a word a copy swapped is in its passage, not
    found in the other text)."""

    overlap_a: float
    overlap_b: float
    spans: Sequence[MatchedSpan]
    cover_a: float
    cover_b: float


# Both texts at least half found in each other: an edited copy of the whole document.
NEAR_DUPLICATE_SHARE = 0.5


def kind_of(found: Overlap, a_length: int, b_length: int, min_overlap: float) -> PairKind | None:
    """The kind of a verified pair of different texts (of these lengths), or None when it is
    no copy: a near-duplicate when the passages cover at least ``NEAR_DUPLICATE_SHARE`` of
    each (an edited copy of the whole document, however many words it swapped), a partial
    copy when the shorter one is at least ``min_overlap`` found in the other."""
    if not found.spans:
        return None
    if min(found.cover_a, found.cover_b) >= NEAR_DUPLICATE_SHARE:
        return PairKind.NEAR_DUPLICATE
    shorter_share = found.overlap_a if a_length <= b_length else found.overlap_b
    return PairKind.PARTIAL if shorter_share >= min_overlap else None


@dataclass(slots=True)
class Pair:
    a: int
    b: int
    kind: PairKind
    distance: int
    similarity: float
    overlap_a: float = 0.0
    overlap_b: float = 0.0
    spans: Sequence[MatchedSpan] = ()


@dataclass(slots=True)
class ScanResult:
    documents: list[DocumentRecord]
    pairs: list[Pair]
    groups: list[Group]
    problems: list[Problem]
    settings: ScanSettings
    elapsed: float = 0.0
    cancelled: bool = False
    # Files of other types inside the folders, left out, by suffix ("" for none).
    skipped_types: dict[str, int] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    inputs: tuple[str, ...] = ()  # the files and folders asked for (absolute), not the library

    @property
    def skipped_files(self) -> int:
        return sum(self.skipped_types.values())
