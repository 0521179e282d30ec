"""The scan's progress bar: one bar that fills once, from a scan's start to its end.

Each stage of a scan counts its own files; the bar gives each stage its share of the whole
(`formatting.STAGE_SHARES`) and never goes back, and the line beside it says which step of
how many is running.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

from neardup.core.scan import Progress, Stage
from neardup.gui.formatting import BAR_RANGE, progress_text, scan_fraction, scan_stages


class ScanProgressBar(QProgressBar):
    def __init__(self) -> None:
        super().__init__()
        self.setTextVisible(True)
        self.stages: list[Stage] = scan_stages()  # of the scan running, after the walk
        self.failed = False  # the scan running stopped on an error

    def begin(self, stages: list[Stage]) -> None:
        """A scan starts: busy until its files are found."""
        self.stages = stages
        self.failed = False
        self.setRange(0, 0)

    def show_progress(self, progress: Progress) -> str:
        """Move to where ``progress`` puts the whole scan; returns the line to show beside."""
        fraction = scan_fraction(progress, self.stages)
        self.setRange(0, 0 if fraction is None else BAR_RANGE)
        # A stage may count its files again (a library check's look-up, then fingerprints):
        # the bar holds rather than go back.
        self.setValue(max(round((fraction or 0.0) * BAR_RANGE), self.value()))
        return progress_text(progress, self.stages)

    def end(self, finished: bool) -> bool:
        """Full when the scan finished; where it stopped when it was cancelled or failed (a
        bar at 100% beside "Cancelled" read as a finished scan). Returns whether it failed."""
        if finished and not self.failed:
            self.setRange(0, 1)
            self.setValue(1)
        elif self.maximum() == 0:  # stopped before its files were found
            self.setRange(0, 1)
            self.setValue(0)
        return self.failed
