"""An error a person can act on, in the GUI's language.

The core's report errors (``core.report.ExplainedError``) carry a code and parameters beside
their English message. Here each code has that English text, marked for Qt Linguist, so the
window shows the translation; an error without a known code is shown as written.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from neardup.gui.problem_text import problem_summary
from neardup.gui.worker import WorkerError

CONTEXT = "ErrorText"

TEXTS: dict[str, object] = {  # QT_TRANSLATE_NOOP gives its text back
    "report-unreadable": QT_TRANSLATE_NOOP("ErrorText", "Cannot read the report {path}: {reason}"),
    "report-not-text": QT_TRANSLATE_NOOP(
        "ErrorText",
        "{path} is not a NearDup report: it is not a text file. Open a .json report that "
        "NearDup saved.",
    ),
    "report-not-json": QT_TRANSLATE_NOOP(
        "ErrorText",
        "{path} is not a NearDup report: it is not JSON. Open a .json report that NearDup saved.",
    ),
    "report-shape": QT_TRANSLATE_NOOP(
        "ErrorText",
        "{path} is not a NearDup scan report, or it is damaged. Open a .json report that "
        "NearDup saved, or scan again.",
    ),
    "not-in-report": QT_TRANSLATE_NOOP(
        "ErrorText", "{path} is not among the documents of this report."
    ),
    "source-unreadable": QT_TRANSLATE_NOOP("ErrorText", "Cannot read {path}: {reason}"),
    "source-changed": QT_TRANSLATE_NOOP(
        "ErrorText", "{path} has changed since the scan; scan again to report on it."
    ),
    "scan-problem": QT_TRANSLATE_NOOP(
        "ErrorText", "{path} could not be read by the scan: {reason}"
    ),
    "source-reads-otherwise": QT_TRANSLATE_NOOP(
        "ErrorText",
        "{path} does not read as it did in the scan (another NearDup version or settings?); "
        "scan again to report on it.",
    ),
}


def explained(error: object) -> str | None:
    """The error in the GUI's language, or None for one without a known code (a bug, say:
    its traceback is worth showing)."""
    cause = error.error if isinstance(error, WorkerError) else error
    code, params = getattr(cause, "code", None), getattr(cause, "params", None)
    if not isinstance(code, str) or code not in TEXTS or not isinstance(params, dict):
        return None
    reason_code = getattr(cause, "reason_code", "")
    if reason_code and "reason" in params:  # a reading problem's reason, in this language too
        reason_params = getattr(cause, "reason_params", None) or {}
        reason = problem_summary(reason_code, reason_params, params["reason"])
        params = {**params, "reason": reason}
    text = QCoreApplication.translate(CONTEXT, str(TEXTS[code]))
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation that names other fields
        return str(TEXTS[code]).format(**params)
