"""Shared types for the per-format extractors: their options, result and error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


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


Extractor = Callable[[Path, ExtractOptions], Extracted]
