"""PDF extraction with pypdfium2 (fast, default) or pdfminer.six (fallback and alternative)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_raw

from neardup.core.extract.base import Extracted, ExtractionError, ExtractOptions, TextBudget


class _PdfiumFailedError(Exception):
    """pdfium could not read a file that pdfminer may still manage."""


def extract_pdf(path: Path, options: ExtractOptions) -> Extracted:
    """Extract the text layer of every page with the chosen engine."""
    if options.pdf_engine == "pdfminer":
        try:
            return _finish(_read_with_pdfminer(path), "pdfminer")
        except _PdfminerFailedError as exc:
            raise ExtractionError.of("pdf-invalid", detail=exc) from exc
    try:
        return _finish(_read_with_pdfium(path), "pdfium")
    except _PdfiumFailedError as exc:
        pdfium_error = str(exc)
    try:
        result = _finish(_read_with_pdfminer(path), "pdfminer")
    except _PdfminerFailedError as exc:
        raise ExtractionError.of(
            "pdf-invalid", detail=f"pdfium: {pdfium_error.rstrip('.')}; pdfminer: {exc}"
        ) from exc
    note = f"pdfium failed ({pdfium_error}); used pdfminer"
    return replace(result, notes=(note, *result.notes))


def _finish(pages: list[str], engine: str) -> Extracted:
    """Join pages, and turn a PDF without any text layer into a Problem."""
    cleaned = [_clean_page(page) for page in pages]
    empty = sum(1 for page in cleaned if not page.strip())
    if not cleaned:
        raise ExtractionError.of("pdf-no-pages")
    if empty == len(cleaned):
        noun = "page" if len(cleaned) == 1 else "pages"
        raise ExtractionError.of("pdf-no-text-layer", pages=len(cleaned), page_word=noun)
    notes: tuple[str, ...] = ()
    if empty:
        notes = (f"{empty} of {len(cleaned)} pages have no text layer (scanned images?)",)
    kept = [page.strip("\n") if page.strip() else "" for page in cleaned]
    text = "\n\n".join(page for page in kept if page)
    # Where each page begins in the text; a page without text begins where the next one does.
    page_starts, position = [], 0
    for page in kept:
        page_starts.append(position)
        if page:
            position += len(page) + 2
    return Extracted(
        text=text,
        pages=len(cleaned),
        engine=engine,
        notes=notes,
        page_starts=tuple(min(start, len(text)) for start in page_starts),
    )


def _clean_page(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")


# --- pdfium ---------------------------------------------------------------------------------


def _read_with_pdfium(path: Path) -> list[str]:
    # Opening the stream ourselves keeps OSErrors (permission, vanished file) ours to report.
    with path.open("rb") as stream:
        try:
            pdf = pypdfium2.PdfDocument(stream)
        except pypdfium2.PdfiumError as exc:
            raise _pdfium_open_error(exc) from exc
        try:
            budget = TextBudget()
            return [budget.take(_pdfium_page_text(pdf, index)) for index in range(len(pdf))]
        except (OSError, MemoryError, ExtractionError):
            raise
        except Exception as exc:
            # A damaged page is worth a second opinion from pdfminer, whatever the error.
            raise _PdfiumFailedError(f"{type(exc).__name__}: {exc}") from exc
        finally:
            pdf.close()


def _pdfium_open_error(exc: pypdfium2.PdfiumError) -> Exception:
    if exc.err_code == pdfium_raw.FPDF_ERR_PASSWORD:
        return ExtractionError.of("pdf-encrypted")
    if exc.err_code == pdfium_raw.FPDF_ERR_SECURITY:
        return ExtractionError.of("pdf-security")
    return _PdfiumFailedError(str(exc))


def _pdfium_page_text(pdf: pypdfium2.PdfDocument, index: int) -> str:
    page = pdf[index]
    try:
        textpage = page.get_textpage()
        try:
            # get_text_bounded, unlike get_text_range, is not limited to UCS-2.
            return str(textpage.get_text_bounded())
        finally:
            textpage.close()
    finally:
        page.close()


# --- pdfminer -------------------------------------------------------------------------------


class _PdfminerFailedError(Exception):
    """pdfminer could not parse the file either."""


def _read_with_pdfminer(path: Path) -> list[str]:
    # Imported here: pdfminer.six is only the fallback, and importing it costs every
    # worker process 70 ms.
    from neardup.core.extract import pdfminer_pages

    try:
        return pdfminer_pages.read_pages(path, TextBudget().take)
    except pdfminer_pages.EncryptedError as exc:
        raise ExtractionError.of("pdf-encrypted") from exc
    except pdfminer_pages.UnreadableError as exc:
        raise _PdfminerFailedError(str(exc)) from exc
