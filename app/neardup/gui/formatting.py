"""Display strings for sizes, dates and fractions, shared by the item models."""

from __future__ import annotations

from datetime import datetime


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
