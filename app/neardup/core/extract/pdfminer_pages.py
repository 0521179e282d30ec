"""The pdfminer.six engine: page texts of a PDF, for files pdfium cannot read or by choice."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pdfminer.converter import TextConverter
from pdfminer.layout import LAParams
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

from neardup.core.extract.base import ExtractionError


class EncryptedError(Exception):
    """The PDF needs a password."""


class UnreadableError(Exception):
    """pdfminer could not parse the file; the message says why."""


def read_pages(path: Path, take: Callable[[str], str]) -> list[str]:
    """The text of every page, each passed through ``take`` (which may stop the reading by
    raising); OSError, MemoryError and what ``take`` raises pass through unchanged."""
    with path.open("rb") as stream:
        try:
            return _pages(stream, take)
        except (PDFPasswordIncorrect, PDFEncryptionError) as exc:
            raise EncryptedError(str(exc)) from exc
        except (OSError, MemoryError, ExtractionError):
            raise
        except Exception as exc:
            # pdfminer signals damage with many unrelated types (PSEOF, PDFSyntaxError, ...).
            raise UnreadableError(f"{type(exc).__name__}: {exc}") from exc


def _pages(stream: BinaryIO, take: Callable[[str], str]) -> list[str]:
    manager = PDFResourceManager()
    buffer = io.StringIO()
    device = TextConverter(manager, buffer, laparams=LAParams())
    interpreter = PDFPageInterpreter(manager, device)
    pages: list[str] = []
    try:
        for page in PDFPage.get_pages(stream):
            interpreter.process_page(page)
            pages.append(take(buffer.getvalue()))
            buffer.seek(0)
            buffer.truncate(0)
    finally:
        device.close()
    return pages
