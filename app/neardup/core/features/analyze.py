"""Per-file work of a scan: extract, normalise, tokenise, winnow shingles. Runs in workers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import xxhash

from neardup.core.extract import extract
from neardup.core.features.folding import fold_disguises, fold_punctuation
from neardup.core.features.shingles import HashArray, winnowed_and_compact_length
from neardup.core.features.text import content_key_text, normalize
from neardup.core.features.tokenize import (
    content_tokens,
    get_tokenizer,
    needs_segmenter,
)
from neardup.core.models import Document, Problem
from neardup.core.settings import ScanSettings


@dataclass(frozen=True, slots=True)
class AnalyzeOptions:
    """What a worker needs to know; small and picklable."""

    pdf_engine: str = "pdfium"
    tokenizer: str = "rjieba"
    user_dict: Path | None = None
    fold: bool = True

    @classmethod
    def of(cls, settings: ScanSettings) -> AnalyzeOptions:
        return cls(settings.pdf_engine, settings.tokenizer, settings.user_dict, settings.fold)


class DocumentContents(Protocol):
    """The bulk of an analysis: a document's normalised text, its content tokens and its
    winnowed shingle hashes, held in memory (`Contents`) or elsewhere until read (a
    scan's spool, ``core.scan.spool``)."""

    @property
    def text(self) -> str: ...

    @property
    def tokens(self) -> Sequence[str]: ...

    @property
    def kept_hashes(self) -> HashArray: ...

    @property
    def chars(self) -> int: ...

    @property
    def compact_chars(self) -> int: ...

    @property
    def token_count(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Contents:
    """A document's contents in memory."""

    text: str
    tokens: Sequence[str]  # a tuple from analysis; ``TokenIds`` as a scan reads them back
    kept_hashes: HashArray  # winnowed shingle hashes: what candidate pairs are made of
    compact_chars: int  # the text's compared characters (``shingles.compact_length``)

    @property
    def chars(self) -> int:
        return len(self.text)

    @property
    def token_count(self) -> int:
        return len(self.tokens)


@dataclass(frozen=True, slots=True)
class Analyzed:
    """A document ready for fingerprinting: what is known of its file, and its contents
    (normalised text, content tokens, kept hashes), read through the properties below."""

    path: Path
    format: str
    size: int
    mtime_ns: int
    pages: int | None
    encoding: str | None
    notes: tuple[str, ...]
    contents: DocumentContents
    content_key: str
    hidden_chars: int = 0  # hidden text the extractor left out

    @property
    def text(self) -> str:
        return self.contents.text

    @property
    def tokens(self) -> Sequence[str]:
        return self.contents.tokens

    @property
    def kept_hashes(self) -> HashArray:
        return self.contents.kept_hashes

    @property
    def chars(self) -> int:
        """The length of the normalised text, without reading it."""
        return self.contents.chars

    @property
    def compact_chars(self) -> int:
        """How many characters of the text are compared (``shingles.compact_length``),
        without reading it: what a copy's share is measured against."""
        return self.contents.compact_chars

    @property
    def token_count(self) -> int:
        """How many content tokens, without reading them."""
        return self.contents.token_count

    @classmethod
    def from_document(cls, document: Document, options: AnalyzeOptions) -> Analyzed:
        text = normalize(document.text)
        if options.fold:
            text = fold_disguises(text)
        # The exact-copy key before punctuation is folded: a copy is exact in its marks too.
        key = xxhash.xxh3_128_hexdigest(content_key_text(text).encode("utf-8"))
        if options.fold:
            text = fold_punctuation(text)
        tokenizer = (
            get_tokenizer(options.tokenizer, options.user_dict) if needs_segmenter(text) else None
        )
        tokens = content_tokens(text, tokenizer)
        return cls(
            path=document.path,
            format=document.format,
            size=document.size,
            mtime_ns=document.mtime_ns,
            pages=document.pages,
            encoding=document.encoding,
            notes=document.notes,
            hidden_chars=document.hidden_chars,
            contents=Contents(text, tuple(tokens), *winnowed_and_compact_length(text)),
            content_key=key,
        )


# A text that takes every path of the analysis: Traditional Chinese (segmenter, script
# folding), a Cyrillic look-alike letter, full-width and accented Latin, a stopword.
_EVERY_PATH = "\u7e41\u9ad4\u4e2d\u6587\u7684\u6587\u4ef6 the \u0441opy \uff21\u00e9 " * 8


def load_analysis(options: AnalyzeOptions) -> None:
    """Load what analysing a document needs (the segmenter's dictionary, the character
    tables of tokenising and folding) now rather than on the first document: for a
    process that forks workers, so that each starts with them loaded and shares them."""
    document = Document(Path("preload.txt"), "txt", _EVERY_PATH, len(_EVERY_PATH), 0)
    Analyzed.from_document(document, options)


def analyze_file(path: Path, options: AnalyzeOptions) -> Analyzed | Problem:
    """Extract and tokenise one file; a failure is a Problem, never an exception."""
    extracted = extract(path, pdf_engine=options.pdf_engine)
    if isinstance(extracted, Problem):
        return extracted
    try:
        return Analyzed.from_document(extracted, options)
    except Exception as error:  # a bug in a later stage must not stop the scan
        return Problem.of(
            extracted.path, "analysis-failed", detail=f"{type(error).__name__}: {error}"
        )
