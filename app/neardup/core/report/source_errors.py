"""Why a report cannot speak for a file: not in it, unread by the scan, unreadable now, or
changed since. Each error has a code and parameters beside its English message, and where
the cause is a reading problem, that problem's own code, so a window says it all in its
language (``gui.error_text``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from neardup.core.report.validation import ExplainedError


class SourceReportError(ExplainedError):
    """The report cannot speak for this file: not in it, unreadable, or changed since.

    ``reason_code`` and ``reason_params``, where set, say the ``reason`` parameter again as
    a problem's code (``core.models.REASONS``), so that a window gives it in its language.
    """

    def __init__(
        self,
        message: str,
        code: str | None = None,
        *,
        reason_code: str = "",
        reason_params: Mapping[str, object] | None = None,
        **params: str,
    ) -> None:
        super().__init__(message, code, **params)
        self.reason_code = reason_code
        self.reason_params = {str(k): str(v) for k, v in (reason_params or {}).items()}


def unreadable(
    path: object, reason: str, code: str = "", params: Mapping[str, object] | None = None
) -> SourceReportError:
    """A file the report names that cannot be read again; ``code`` and ``params``: the
    reading problem's, where extraction gave one."""
    return SourceReportError(
        f"Cannot read {path}: {reason}",
        "source-unreadable",
        reason_code=code,
        reason_params=params,
        path=str(path),
        reason=reason,
    )


def unread_by_the_scan(path: object, problem: Mapping[str, Any]) -> SourceReportError:
    """A file among the report's problems: the scan could not read it either."""
    reason = str(problem.get("reason", ""))
    return SourceReportError(
        f"{path} could not be read by the scan: {reason}",
        "scan-problem",
        reason_code=str(problem.get("code") or ""),
        reason_params=problem.get("params") or {},
        path=str(path),
        reason=reason,
    )


def not_in_report(path: object) -> SourceReportError:
    message = f"{path} is not among the documents of this report"
    return SourceReportError(message, "not-in-report", path=str(path))


def reads_otherwise(path: object) -> SourceReportError:
    """The file's text no longer holds the report's passages (other settings or version)."""
    return SourceReportError(
        f"{path} does not read as it did in the scan (another NearDup version or settings?); "
        "scan again to report on it",
        "source-reads-otherwise",
        path=str(path),
    )


def check_unchanged(path: Path, entry: Mapping[str, Any]) -> None:
    """Raises unless ``path`` has the size and time the report's ``entry`` recorded."""
    try:
        info = path.stat()
    except OSError as error:
        raise unreadable(path, error.strerror or str(error)) from error
    modified = entry.get("modified_ns")
    if info.st_size != entry.get("size") or (modified is not None and info.st_mtime_ns != modified):
        raise SourceReportError(
            f"{path} has changed since the scan; scan again to report on it",
            "source-changed",
            path=str(path),
        )
