"""Shared types for the per-format extractors: their options, result and error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from neardup.core.models import reason_text

# The most text one document may have: far beyond any thesis (a 1,000-page book has about
# 2 million characters), and what keeps the memory of one file's analysis and verification
# (about 100 bytes a character at its peak) within a desktop's means. Every format stops
# reading at this budget, whatever the file claims about its size.
MAX_DOCUMENT_CHARS = 8_000_000


def too_long_error() -> ExtractionError:
    return ExtractionError.of("too-long", millions=MAX_DOCUMENT_CHARS // 1_000_000)


class TextBudget:
    """Counts the characters a reader has produced, and stops it past the budget."""

    def __init__(self) -> None:
        self.limit = MAX_DOCUMENT_CHARS
        self.used = 0

    def take(self, text: str) -> str:
        self.used += len(text)
        if self.used > self.limit:
            raise too_long_error()
        return text


class ExtractionError(Exception):
    """A file could not be turned into text; ``reason`` is shown to the user as is, and
    ``code`` with ``params`` say it for a program (see `models.REASONS`)."""

    def __init__(self, reason: str, code: str = "", params: dict[str, str] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.params = params or {}

    @classmethod
    def of(cls, code: str, **params: object) -> ExtractionError:
        texts = {name: str(value) for name, value in params.items()}
        return cls(reason_text(code, texts), code, texts)


@dataclass(frozen=True, slots=True)
class ExtractOptions:
    """Settings that only some formats look at."""

    pdf_engine: str = "pdfium"


@dataclass(frozen=True, slots=True)
class Extracted:
    """What a per-format extractor returns; ``extract`` adds the file metadata."""

    text: str
    pages: int | None = None
    encoding: str | None = None
    engine: str | None = None
    notes: tuple[str, ...] = field(default=())
    hidden_chars: int = 0  # text the format hides from a reader, left out (see docx.py)
    page_starts: tuple[int, ...] = ()  # offset in ``text`` where each page begins, if known
    # Block quotes the format marks (indented or quote-styled .docx paragraphs): [start, end)
    # offsets in ``text``, for the figure that excludes citations.
    quote_spans: tuple[tuple[int, int], ...] = ()


Extractor = Callable[[Path, ExtractOptions], Extracted]
