"""Display strings for sizes, dates, fractions and scan progress, shared by the views."""

from __future__ import annotations

from datetime import datetime

from neardup.core.scan import Progress


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"


def modified_text(modified_ns: int | None) -> str:
    if modified_ns is None:
        return ""
    try:
        return datetime.fromtimestamp(modified_ns / 1e9).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return ""


def percent(fraction: float | None) -> str:
    return "" if fraction is None else f"{fraction * 100:.1f}%"


def sort_key(value: object) -> tuple[int, object]:
    """Missing values sort last in ascending order, and never compare against numbers."""
    return (1, 0) if value is None or value == "" else (0, value)


def eta_text(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds < 60:
        return f"about {max(1, round(seconds))} s left"
    return f"about {round(seconds / 60)} min left"


def progress_text(progress: Progress) -> str:
    """One line for the progress bar: stage, done/total, the current file, the time left."""
    parts = [f"{progress.stage.value.capitalize()} {progress.done}/{progress.total}"]
    if progress.current:
        parts.append(progress.current)
    eta = eta_text(progress.eta_seconds)
    if eta:
        parts.append(eta)
    return " · ".join(parts)
