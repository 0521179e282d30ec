"""Ctrl-C and SIGTERM as a command's cancel: the flag is set, and the handlers that were
there before are back afterwards, however the command ends."""

from __future__ import annotations

import os
import signal

import pytest

from neardup.cli_interrupt import interrupts_cancel
from neardup.core.scan import CancelToken


def _never() -> None:
    raise AssertionError("a second Ctrl-C was not pressed")


def test_a_signal_sets_the_cancel_and_the_old_handlers_come_back_after_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    cancel = CancelToken()
    with (
        pytest.raises(ValueError),
        interrupts_cancel(
            cancel, first_ctrl_c="Cancelling…", on_terminate="Stopping.", second_ctrl_c=_never
        ) as seen,
    ):
        os.kill(os.getpid(), signal.SIGTERM)
        assert cancel.is_set() and seen.terminate and not seen.ctrl_c
        raise ValueError("the command failed")
    assert {s: signal.getsignal(s) for s in before} == before
    assert "Stopping." in capsys.readouterr().err


def test_a_first_ctrl_c_cancels_and_a_second_asks_to_stop_now() -> None:
    cancel = CancelToken()
    pressed: list[int] = []
    with interrupts_cancel(
        cancel,
        first_ctrl_c="Cancelling…",
        on_terminate="Stopping.",
        second_ctrl_c=lambda: pressed.append(2),
    ) as seen:
        signal.raise_signal(signal.SIGINT)
        assert cancel.is_set() and seen.ctrl_c and not pressed
        signal.raise_signal(signal.SIGINT)
        assert pressed == [2]
