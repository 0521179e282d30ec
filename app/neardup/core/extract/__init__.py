"""Turn a path into a Document or a Problem; one module per format, chosen by suffix."""

from __future__ import annotations

import importlib
import os
import stat
from pathlib import Path

from neardup.core.extract import base
from neardup.core.extract.base import (
    Extracted,
    ExtractionError,
    ExtractOptions,
    Extractor,
    too_long_error,
)
from neardup.core.models import Document, Problem
from neardup.core.settings import PDF_ENGINES

__all__ = [
    "EXTRACTORS",
    "PDF_ENGINES",
    "SUPPORTED_SUFFIXES",
    "ExtractOptions",
    "Extracted",
    "ExtractionError",
    "Extractor",
    "extract",
    "load_extractors",
]


def _deferred(module: str, function: str) -> Extractor:
    """An extractor whose module (and its heavy library) is imported on first use.

    A scan served from the cache, or one with only .txt files, never pays for
    importing python-docx, pdfminer.six or pypdfium2.
    """

    def run(path: Path, options: ExtractOptions) -> Extracted:
        extractor: Extractor = getattr(importlib.import_module(module), function)
        return extractor(path, options)

    run.__name__ = function
    return run


EXTRACTORS: dict[str, Extractor] = {
    ".txt": _deferred("neardup.core.extract.txt", "extract_txt"),
    ".docx": _deferred("neardup.core.extract.docx", "extract_docx"),
    ".pdf": _deferred("neardup.core.extract.pdf", "extract_pdf"),
}
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(EXTRACTORS)
# Every module an extraction may import, the PDF fallback engine's included.
_EXTRACTOR_MODULES = (
    "neardup.core.extract.txt",
    "neardup.core.extract.docx",
    "neardup.core.extract.pdf",
    "neardup.core.extract.pdfminer_pages",
)


def load_extractors() -> None:
    """Import every extractor's module now rather than on its first file: for a process
    that forks workers, so that they start with them loaded (``core.scan.worker``)."""
    for module in _EXTRACTOR_MODULES:
        importlib.import_module(module)


def extract(path: Path, *, pdf_engine: str = "pdfium") -> Document | Problem:
    """Extract the text of one file; never raises for a bad file.

    Raises ValueError only for a bad ``pdf_engine``, which is a programming error.
    """
    if pdf_engine not in PDF_ENGINES:
        raise ValueError(f"unknown pdf_engine {pdf_engine!r}; choose one of {PDF_ENGINES}")
    # abspath rather than resolve(): the user should see the path they gave, not a link target.
    shown = Path(os.path.abspath(path))
    try:
        return _extract(shown, ExtractOptions(pdf_engine=pdf_engine))
    except ExtractionError as exc:
        return Problem(shown, exc.reason, lasting=True, code=exc.code, params=exc.params)
    except OSError as exc:
        return _os_error_problem(exc, shown)
    except Exception as exc:  # a library bug on one odd file must not stop a whole scan
        return Problem.of(shown, "read-error", detail=f"{type(exc).__name__}: {exc}")


def _extract(path: Path, options: ExtractOptions) -> Document | Problem:
    suffix = path.suffix.lower()
    extractor = EXTRACTORS.get(suffix)
    if extractor is None:
        if path.is_dir():  # "no extension" would send the person looking for the wrong thing
            return Problem.of(path, "folder")
        if not suffix:
            return Problem.of(path, "no-extension")
        return Problem.of(path, "unsupported-type", suffix=suffix)
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        return Problem.of(path, "folder")
    if not stat.S_ISREG(info.st_mode):
        # Reading a FIFO or a device could block the scan forever.
        return Problem.of(path, "not-regular")
    if info.st_size == 0:
        return Problem.of(path, "empty", lasting=True)
    result = extractor(path, options)
    if len(result.text) > base.MAX_DOCUMENT_CHARS:  # each reader stops early; this is the rule
        error = too_long_error()
        return Problem(path, error.reason, lasting=True, code=error.code, params=error.params)
    text = result.text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return Problem.of(path, "no-text", lasting=True)
    return Document(
        path=path,
        format=suffix.lstrip("."),
        text=text,
        size=info.st_size,
        mtime_ns=info.st_mtime_ns,
        pages=result.pages,
        encoding=result.encoding,
        engine=result.engine,
        notes=result.notes,
        hidden_chars=result.hidden_chars,
        # Offsets hold only where line ends needed no rewriting (PDF text has none).
        page_starts=result.page_starts if len(text) == len(result.text) else (),
        quote_spans=result.quote_spans if len(text) == len(result.text) else (),
    )


def _os_error_problem(exc: OSError, path: Path) -> Problem:
    if isinstance(exc, FileNotFoundError):
        if os.path.islink(path):
            return Problem.of(path, "broken-link", target=os.readlink(path))
        return Problem.of(path, "vanished")
    if isinstance(exc, PermissionError):
        return Problem.of(path, "permission")
    if isinstance(exc, IsADirectoryError):
        return Problem.of(path, "folder")
    return Problem.of(path, "read-error", detail=exc.strerror or type(exc).__name__)
