"""The pdfminer.six engine: page texts of a PDF, for files pdfium cannot read or by choice."""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

from pdfminer.converter import TextConverter
from pdfminer.layout import LAParams
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage


class EncryptedError(Exception):
    """The PDF needs a password."""


class UnreadableError(Exception):
    """pdfminer could not parse the file; the message says why."""


def read_pages(path: Path) -> list[str]:
    """The text of every page; OSError and MemoryError pass through unchanged."""
    with path.open("rb") as stream:
        try:
            return _pages(stream)
        except (PDFPasswordIncorrect, PDFEncryptionError) as exc:
            raise EncryptedError(str(exc)) from exc
        except (OSError, MemoryError):
            raise
        except Exception as exc:
            # pdfminer signals damage with many unrelated types (PSEOF, PDFSyntaxError, ...).
            raise UnreadableError(f"{type(exc).__name__}: {exc}") from exc


def _pages(stream: BinaryIO) -> list[str]:
    manager = PDFResourceManager()
    buffer = io.StringIO()
    device = TextConverter(manager, buffer, laparams=LAParams())
    interpreter = PDFPageInterpreter(manager, device)
    pages: list[str] = []
    try:
        for page in PDFPage.get_pages(stream):
            interpreter.process_page(page)
            pages.append(buffer.getvalue())
            buffer.seek(0)
            buffer.truncate(0)
    finally:
        device.close()
    return pages
