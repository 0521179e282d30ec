"""Shared types for the per-format extractors: their options, result and error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# The most text one document may have: far beyond any thesis (a 1,000-page book has about
# 2 million characters), and what keeps the memory of one file's analysis and verification
# (about 100 bytes a character at its peak) within a desktop's means. Every format stops
# reading at this budget, whatever the file claims about its size.
MAX_DOCUMENT_CHARS = 8_000_000


def too_long_reason() -> str:
    return (
        f"Too long to compare as one document: more than {MAX_DOCUMENT_CHARS // 1_000_000} "
        "million characters of text (a book of 1,000 pages has about 2 million); split it, "
        "or leave it out with --exclude"
    )


class TextBudget:
    """Counts the characters a reader has produced, and stops it past the budget."""

    def __init__(self) -> None:
        self.limit = MAX_DOCUMENT_CHARS
        self.used = 0

    def take(self, text: str) -> str:
        self.used += len(text)
        if self.used > self.limit:
            raise ExtractionError(too_long_reason())
        return text


class ExtractionError(Exception):
    """A file could not be turned into text; ``reason`` is shown to the user as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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


Extractor = Callable[[Path, ExtractOptions], Extracted]
