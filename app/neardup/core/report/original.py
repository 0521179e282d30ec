"""A document's own text beside the normalised text the engine compared, and the map between.

Reports speak in the extracted text (what `neardup extract` prints): a passage is given by
offsets into it, and its text is exactly that slice, with the writer's case, punctuation and
script. The engine's spans are in the normalised text; `OriginalText` turns them back.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from pathlib import Path

from neardup.core.extract import extract
from neardup.core.features import MappedText, MappingError, content_key_text, mapped_text
from neardup.core.models import Document, Problem
from neardup.core.report.citations import indented_quotes


@dataclass(frozen=True, slots=True)
class OriginalText:
    """One document read again: its extracted text, normalised text and the map."""

    path: Path
    original: str  # as `neardup extract` prints it
    normalised: str  # as the scan compared it (folded where the scan folded)
    mapped: MappedText
    page_starts: tuple[int, ...] = ()  # offsets in ``original`` where PDF pages begin
    quote_spans: tuple[tuple[int, int], ...] = ()  # block quotes, in ``original``

    @classmethod
    def of(cls, document: Document, *, fold: bool) -> OriginalText:
        mapped = mapped_text(document.text, fold=fold)
        quotes = document.quote_spans
        if document.format == "txt":
            quotes = tuple(indented_quotes(document.text))
        return cls(document.path, document.text, mapped.text, mapped, document.page_starts, quotes)

    def block_quotes(self) -> list[tuple[int, int]]:
        """The block quotes as ranges of the normalised text."""
        starts = self.mapped.offsets.starts
        return [
            (bisect.bisect_left(starts, low), bisect.bisect_left(starts, high))
            for low, high in self.quote_spans
        ]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original range of normalised ``[start, end)``."""
        return self.mapped.offsets.span(start, end)

    def excerpt(self, start: int, end: int) -> str:
        """The document's own characters for normalised ``[start, end)``."""
        low, high = self.span(start, end)
        return self.original[low:high]

    def page(self, original_offset: int) -> int | None:
        """The 1-based page that holds an offset of the original text, where pages are known."""
        if not self.page_starts:
            return None
        return max(1, bisect.bisect_right(self.page_starts, original_offset))

    def content_key(self) -> str:
        """Equal for copies of one text in different formats (see `content_key_text`)."""
        return content_key_text(self.normalised)


class UnreadableError(ValueError):
    """The file cannot be read again, or not as the engine read it; ``problem`` is why,
    when extraction says so (its code and parameters, for a window's own language)."""

    def __init__(self, message: str, problem: Problem | None = None) -> None:
        super().__init__(message)
        self.problem = problem


def read_original(path: Path, *, pdf_engine: str, fold: bool) -> OriginalText:
    """Extract ``path`` again and map its normalised text back; raises UnreadableError."""
    document = extract(path, pdf_engine=pdf_engine)
    if isinstance(document, Problem):
        raise UnreadableError(f"{document.path}: {document.reason}", document)
    try:
        return OriginalText.of(document, fold=fold)
    except MappingError as error:
        raise UnreadableError(f"{path}: {error}") from error
