"""Terminal progress bars for `neardup scan` and `neardup sources --all`, on stderr, using tqdm."""

from __future__ import annotations

import sys

from neardup.core.scan import Progress, Stage


class _Bar:
    """A tqdm bar made on first use, advanced to a count with the current name beside it."""

    def __init__(self, enabled: bool) -> None:
        self._enabled = enabled
        self._bar: object | None = None

    def _advance(self, done: int, current: str | None) -> None:
        from tqdm import tqdm

        bar = self._bar
        if isinstance(bar, tqdm):
            bar.n = done
            if current:
                bar.set_postfix_str(current[-40:], refresh=False)
            bar.refresh()

    def close(self) -> None:
        bar = self._bar
        if bar is not None:
            bar.close()  # type: ignore[attr-defined]
        self._bar = None


class TerminalProgress(_Bar):
    """One tqdm bar per stage; does nothing when disabled (not a TTY, or --quiet)."""

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self._stage: Stage | None = None

    def update(self, progress: Progress) -> None:
        if not self._enabled:
            return
        from tqdm import tqdm

        if progress.stage is not self._stage:
            self.close()
            self._stage = progress.stage
            if progress.stage is Stage.DONE:
                return
            self._bar = tqdm(
                total=progress.total or None,
                desc=progress.stage.value,
                unit="file" if progress.stage is Stage.EXTRACTING else "doc",
                file=sys.stderr,
                leave=False,
                dynamic_ncols=True,
            )
        self._advance(progress.done, progress.current)


class BatchProgress(_Bar):
    """One bar over a batch of documents; does nothing when disabled."""

    def update(self, done: int, total: int, current: str) -> None:
        if not self._enabled:
            return
        from tqdm import tqdm

        if self._bar is None:
            self._bar = tqdm(
                total=total, desc="reporting", unit="doc", file=sys.stderr, leave=False
            )
        self._advance(done, current)
