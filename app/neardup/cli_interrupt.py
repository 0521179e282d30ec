"""Ctrl-C and SIGTERM as a cancel request for a long command, not an exception.

Python's own Ctrl-C raises ``KeyboardInterrupt`` wherever the main thread happens to be,
and where that is a finalizer or a ``__del__`` the exception is printed and dropped: the
command runs on as if nothing was pressed. A handler that only sets the command's cancel
flag cannot be lost that way, and lets the command stop where it is safe to (between
files) and still keep or write what it has done. A second Ctrl-C is for a command stuck
in one long read, and does what the caller says (exit at once, or raise).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Protocol


class Cancellable(Protocol):
    """A cancel flag that can be set (``core.scan.CancelToken``), not only read."""

    def cancel(self) -> None: ...

    def is_set(self) -> bool: ...


@dataclass(slots=True)
class Interrupts:
    """What the person asked for while the command ran."""

    ctrl_c: bool = False
    terminate: bool = False


@contextmanager
def interrupts_cancel(
    cancel: Cancellable,
    *,
    first_ctrl_c: str,
    on_terminate: str,
    second_ctrl_c: Callable[[], None],
) -> Iterator[Interrupts]:
    """While inside, a Ctrl-C or SIGTERM prints its message and sets ``cancel``; a second
    Ctrl-C calls ``second_ctrl_c``. Outside the main thread, signals cannot be handled
    there, so nothing changes."""
    seen = Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield seen
        return

    def on_signal(signum: int, _frame: object) -> None:
        if signum == getattr(signal, "SIGTERM", None):
            seen.terminate = True
            cancel.cancel()
            _say(on_terminate)
            return
        if cancel.is_set():  # asked before: the command is stuck, and the person wants out
            second_ctrl_c()
            return
        seen.ctrl_c = True
        cancel.cancel()  # first: the message below may fail, the cancel must not
        _say(first_ctrl_c)

    handled = [signal.SIGINT, *([signal.SIGTERM] if hasattr(signal, "SIGTERM") else [])]
    previous = {signum: signal.signal(signum, on_signal) for signum in handled}
    try:
        yield seen
    finally:
        for signum, handler in previous.items():
            if handler is not None:  # None: set outside Python, and cannot be put back
                signal.signal(signum, handler)


def _say(message: str) -> None:
    """A line on stderr from a signal handler: the main thread may be writing there (a
    progress bar), and a reentrant write raises; the message is then left out."""
    with suppress(RuntimeError, OSError):
        print(f"\n{message}", file=sys.stderr)
