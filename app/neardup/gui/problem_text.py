"""Why a file could not be used, in the GUI's language.

The core gives each problem a code and parameters (core/models.py REASONS) beside its
English reason. Here each code has the same English text, marked for Qt Linguist, so
that the translation is looked up when the problem is shown; a test keeps the two tables
equal. A problem without a known code (from an older report, say) is shown as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "ProblemReason"

TEXTS: dict[str, object] = {  # QT_TRANSLATE_NOOP gives its text back
    "folder": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Is a folder, not a file",
    ),
    "no-extension": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "File has no extension; NearDup reads .txt, .docx and .pdf",
    ),
    "unsupported-type": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Unsupported file type '{suffix}'; NearDup reads .txt, .docx and .pdf",
    ),
    "not-regular": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Not a regular file (device, pipe or socket); skipped",
    ),
    "empty": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "File is empty (0 bytes)",
    ),
    "no-text": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "No text found in the document",
    ),
    "too-long": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Too long to compare as one document: more than {millions} million characters of text (a book of 1,000 pages has about 2 million); split it, or leave it out with --exclude",
    ),
    "broken-link": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Broken link: it points to {target}, which does not exist",
    ),
    "vanished": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "File vanished before it could be read",
    ),
    "permission": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Permission denied: cannot read the file; check its permissions",
    ),
    "read-error": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Could not read the file: {detail}",
    ),
    "folder-unreadable": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Cannot open folder: {detail}",
    ),
    "missing": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "No such file or folder",
    ),
    "cancelled": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Not read: the scan was cancelled before this file",
    ),
    "changed-while-read": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "The file changed while it was being read; scan again to include it",
    ),
    "analysis-failed": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Could not analyse the text: {detail}",
    ),
    "txt-too-large": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Too large to compare as one document ({size} MB; the limit is {limit} MB): split it, or leave it out with --exclude",
    ),
    "binary": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Looks like binary data, not text",
    ),
    "binary-kind": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Looks like binary data, not text (it looks like {kind}; fix its extension)",
    ),
    "unknown-encoding": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Could not work out the text encoding; save the file as UTF-8 and scan again",
    ),
    "docx-invalid": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Not a valid .docx file (corrupt or not a Word document): {detail}",
    ),
    "docx-part-too-large": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Too large to read: its part {part} unpacks to more than {limit} MB; save it again from Word, or as .txt or .pdf",
    ),
    "pdf-invalid": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "Not a valid PDF file (corrupt or truncated): {detail}",
    ),
    "pdf-encrypted": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "PDF is encrypted; remove the password and scan again",
    ),
    "pdf-security": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "PDF is protected by an unsupported security handler; remove the protection and scan again",
    ),
    "pdf-no-pages": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "PDF has no pages",
    ),
    "pdf-no-text-layer": QT_TRANSLATE_NOOP(
        "ProblemReason",
        "PDF has {pages} {page_word} but no text layer (scanned images?); run OCR first",
    ),
}


def problem_text(code: str, params: Mapping[str, str], reason: str) -> str:
    """The reason in the GUI's language; the core's own ``reason`` when the code is unknown
    or its translation does not fit the parameters."""
    return _formatted(code, params, reason, without_library_detail=False)


# A reason's technical detail at its end, after a colon, and the reasons whose detail is
# the reading libraries' own messages (pdfium's and pdfminer's, python-docx's), which say
# nothing a person can act on beyond the reason itself. An operating system's message
# ("Input/output error") does, and stays.
_DETAIL_AT_END = re.compile(r"\s*[:：]\s*\{detail\}\s*$")
_LIBRARY_DETAIL = frozenset({"pdf-invalid", "docx-invalid"})


def problem_summary(code: str, params: Mapping[str, str], reason: str) -> str:
    """The reason without the reading library's message at its end ("pdfium: Failed to
    load document…", in English whatever the GUI's language), which `problem_text` keeps
    for a tooltip; the whole reason where the detail is not at the end."""
    return _formatted(code, params, reason, without_library_detail=code in _LIBRARY_DETAIL)


def _formatted(
    code: str, params: Mapping[str, str], reason: str, *, without_library_detail: bool
) -> str:
    source = TEXTS.get(code)
    if source is None:
        return reason
    template = QCoreApplication.translate(CONTEXT, str(source))
    if without_library_detail:
        template = _DETAIL_AT_END.sub("", template)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return reason
