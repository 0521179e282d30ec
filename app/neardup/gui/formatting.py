"""Display strings for sizes, dates, fractions, kinds and scan progress, shared by the views,
in the GUI's language."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from neardup.core.scan import Progress, Stage

translate = QCoreApplication.translate
# The report's kinds of pair (and a group's "mixed"), as a table cell names them.
KIND_NAMES: dict[str, object] = {
    "duplicate": QT_TRANSLATE_NOOP("Kind", "duplicate"),
    "near-duplicate": QT_TRANSLATE_NOOP("Kind", "near-duplicate"),
    "partial": QT_TRANSLATE_NOOP("Kind", "partial"),
    "mixed": QT_TRANSLATE_NOOP("Kind", "mixed"),
}
STAGE_NAMES: dict[Stage, object] = {
    Stage.WALKING: QT_TRANSLATE_NOOP("Progress", "Finding files"),
    Stage.EXTRACTING: QT_TRANSLATE_NOOP("Progress", "Reading"),
    Stage.LOOKING_UP: QT_TRANSLATE_NOOP("Progress", "Looking up in the library"),
    Stage.FINGERPRINTING: QT_TRANSLATE_NOOP("Progress", "Fingerprinting"),
    Stage.MATCHING: QT_TRANSLATE_NOOP("Progress", "Matching"),
    Stage.PASSAGES: QT_TRANSLATE_NOOP("Progress", "Finding passages"),
    Stage.DONE: QT_TRANSLATE_NOOP("Progress", "Done"),
}


def kind_text(kind: str) -> str:
    """A kind of pair in the GUI's language (an unknown one as the report wrote it)."""
    name = KIND_NAMES.get(kind)
    return kind if name is None else translate("Kind", str(name))


def count_text(count: int, one: str, many: str, **values: object) -> str:
    """``one`` or ``many`` (translated, each with a {count} and any other ``values``) for
    ``count``: English needs both forms, Chinese gives the same text twice."""
    return (one if count == 1 else many).format(count=count, **values)


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
        return translate("Progress", "about {seconds} s left").format(
            seconds=max(1, round(seconds))
        )
    return translate("Progress", "about {minutes} min left").format(minutes=round(seconds / 60))


def stage_text(stage: Stage) -> str:
    name = STAGE_NAMES.get(stage)
    return stage.value.capitalize() if name is None else translate("Progress", str(name))


BAR_RANGE = 1000  # the scan's bar: its range, fine enough to move on every report
# The scan's stages after finding the files, in order, with the share of a scan's time each
# takes about (reading leads in a small scan, passages in a large one: `bench_stages.py`
# measured 70/4/5/17% on 531 files, 48/8/7/36% on 5,000 and 24/5/5/66% on 20,000), so that
# one bar fills once, from start to end. Only a check against a saved library looks up.
STAGE_SHARES: dict[Stage, float] = {
    Stage.EXTRACTING: 0.55,
    Stage.LOOKING_UP: 0.05,
    Stage.FINGERPRINTING: 0.05,
    Stage.MATCHING: 0.05,
    Stage.PASSAGES: 0.35,
}


def scan_stages(*, partial: bool = True, library: bool = False) -> list[Stage]:
    """The stages a scan goes through once its files are found: passages when it finds
    partial copies, the look-up when it checks against a saved library."""
    skipped = {Stage.PASSAGES} if not partial else set()
    if not library:
        skipped.add(Stage.LOOKING_UP)
    return [stage for stage in STAGE_SHARES if stage not in skipped]


def scan_fraction(progress: Progress, stages: list[Stage]) -> float | None:
    """How much of the whole scan is done (0 to 1), or None while nothing says (the files
    are being found): the stages before this one, and this one's share of its files."""
    if progress.stage is Stage.DONE:
        return 1.0
    if progress.stage not in stages:
        return None
    total = sum(STAGE_SHARES[stage] for stage in stages)
    before = sum(STAGE_SHARES[stage] for stage in stages[: stages.index(progress.stage)])
    within = progress.done / progress.total if progress.total > 0 else 0.0
    return (before + STAGE_SHARES[progress.stage] * min(within, 1.0)) / total


def progress_text(progress: Progress, stages: list[Stage] | None = None) -> str:
    """One line for the progress bar: the step, its stage, done/total, the current file,
    the time left (of the step)."""
    stages = scan_stages() if stages is None else stages
    # A count says something only over several ("Matching 0/1" and "Done 1/1" did not).
    count = f" {progress.done}/{progress.total}" if progress.total > 1 else ""
    parts = [f"{stage_text(progress.stage)}{count}"]
    if progress.stage in stages:
        parts[0] = translate("Progress", "Step {step} of {steps}: {stage}").format(
            step=stages.index(progress.stage) + 1, steps=len(stages), stage=parts[0]
        )
    if progress.current:
        parts.append(progress.current)
    eta = eta_text(progress.eta_seconds)
    if eta:
        parts.append(eta)
    return " · ".join(parts)
