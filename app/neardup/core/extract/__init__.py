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
    too_long_reason,
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

_SUPPORTED_TEXT = ".txt, .docx and .pdf"


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
        return Problem(shown, exc.reason, lasting=True)
    except OSError as exc:
        return Problem(shown, _os_error_reason(exc, shown))
    except Exception as exc:  # a library bug on one odd file must not stop a whole scan
        return Problem(shown, f"Could not read the file: {type(exc).__name__}: {exc}")


def _extract(path: Path, options: ExtractOptions) -> Document | Problem:
    suffix = path.suffix.lower()
    extractor = EXTRACTORS.get(suffix)
    if extractor is None:
        if path.is_dir():  # "no extension" would send the person looking for the wrong thing
            return Problem(path, "Is a folder, not a file")
        return Problem(path, _unsupported_reason(suffix))
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        return Problem(path, "Is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        # Reading a FIFO or a device could block the scan forever.
        return Problem(path, "Not a regular file (device, pipe or socket); skipped")
    if info.st_size == 0:
        return Problem(path, "File is empty (0 bytes)", lasting=True)
    result = extractor(path, options)
    if len(result.text) > base.MAX_DOCUMENT_CHARS:  # each reader stops early; this is the rule
        return Problem(path, too_long_reason(), lasting=True)
    text = result.text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return Problem(path, "No text found in the document", lasting=True)
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
    )


def _unsupported_reason(suffix: str) -> str:
    if not suffix:
        return f"File has no extension; NearDup reads {_SUPPORTED_TEXT}"
    return f"Unsupported file type '{suffix}'; NearDup reads {_SUPPORTED_TEXT}"


def _os_error_reason(exc: OSError, path: Path) -> str:
    if isinstance(exc, FileNotFoundError):
        if os.path.islink(path):
            return f"Broken link: it points to {os.readlink(path)}, which does not exist"
        return "File vanished before it could be read"
    if isinstance(exc, PermissionError):
        return "Permission denied: cannot read the file; check its permissions"
    if isinstance(exc, IsADirectoryError):
        return "Is a folder, not a file"
    return f"Could not read the file: {exc.strerror or type(exc).__name__}"
