"""Progress reports and cancellation: plain callbacks and flags, never Qt objects."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from neardup.core.settings import ScanSettings


class Stage(str, Enum):
    WALKING = "walking"
    EXTRACTING = "extracting"
    LOOKING_UP = "looking up"  # a check against a saved library: its index, document by document
    FINGERPRINTING = "fingerprinting"
    MATCHING = "matching"
    PASSAGES = "passages"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Progress:
    stage: Stage
    done: int
    total: int
    current: str | None = None
    eta_seconds: float | None = None


ProgressCallback = Callable[[Progress], None]


class CancelFlag(Protocol):
    def is_set(self) -> bool: ...


class CancelToken:
    """A thread-safe cancel flag (a thin wrapper over threading.Event)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()


@dataclass(slots=True)
class ScanContext:
    """What every stage of a scan needs: the settings, where to report, when to stop."""

    settings: ScanSettings
    progress: ProgressCallback | None
    cancel: CancelFlag | None

    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()


ETA_AFTER_SECONDS = 1.0
ETA_AFTER_SHARE = 0.02


class StageTimer:
    """Turns done/total counts into progress reports with an ETA for one stage."""

    def __init__(self, callback: ProgressCallback | None, stage: Stage, total: int) -> None:
        self._callback = callback
        self._stage = stage
        self._total = total
        self._started = time.monotonic()
        self._last_report = 0.0

    @property
    def total(self) -> int:
        return self._total

    def report(self, done: int, current: str | None = None, *, force: bool = False) -> None:
        if self._callback is None:
            return
        now = time.monotonic()
        # At most ~20 reports a second, so a fast stage does not flood a GUI.
        # The first item is always shown, so a stage never looks stuck at zero.
        if not force and 1 < done < self._total and now - self._last_report < 0.05:
            return
        self._last_report = now
        self._callback(Progress(self._stage, done, self._total, current, self._eta(done, now)))

    def _eta(self, done: int, now: float) -> float | None:
        """The time left, once there is enough to go on: a second of work and a fiftieth of
        the items (the first files of a scan pay for starting the workers, and gave a first
        guess of 12 minutes for a 25-second scan); none once every item is done."""
        elapsed = now - self._started
        if (
            done >= self._total
            or elapsed < ETA_AFTER_SECONDS
            or done < self._total * ETA_AFTER_SHARE
        ):
            return None
        return elapsed / done * (self._total - done)
