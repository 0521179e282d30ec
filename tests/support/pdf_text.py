"""The text of a PDF's pages as PDFium reads it, for tests that check what a report prints."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def page_texts(pdf: Path | bytes) -> list[str]:
    """Each page's text, in order (``pdf``: a file, or the PDF's bytes)."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [str(document[n].get_textpage().get_text_range()) for n in range(len(document))]
    finally:
        document.close()
