"""Shared test setup: offscreen Qt, and a guard that fails GUI tests which leave a thread running."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Before anything imports Qt: no display is needed, in CI or on a desktop.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GUI_TESTS = Path(__file__).parent / "gui"
# A thread whose task has returned stops within milliseconds; one still running after this is leaked.
THREAD_GRACE_SECONDS = 3.0


def _is_gui_test(item: pytest.Item) -> bool:
    return GUI_TESTS in Path(str(item.path)).parents


def _leftover_threads() -> list[str]:
    """Names of worker threads still running after a short grace; they are then stopped."""
    from PySide6.QtCore import QCoreApplication

    from neardup.gui import worker

    deadline = time.monotonic() + THREAD_GRACE_SECONDS
    while worker.running_threads() and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        for thread in worker.running_threads():
            thread.wait(20)
    names = [t.objectName() for t in worker.running_threads()]
    worker.stop_all()  # so that one leak does not spill into the next test
    return names


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    # Checked before pytest-qt closes the test's widgets: closing a window stops
    # its threads, which would hide a test that never waited for its own.
    result = yield
    if _is_gui_test(item):
        item.stash[_LEAKED] = _leftover_threads()
    return result


_LEAKED = pytest.StashKey[list[str]]()


@pytest.fixture(autouse=True)
def _no_thread_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails a GUI test that leaves a QThread running, at its end or after its windows close."""
    yield
    if not _is_gui_test(request.node):
        return
    leaked = request.node.stash.get(_LEAKED, []) + _leftover_threads()
    if leaked:
        pytest.fail(f"test left worker threads running: {', '.join(leaked)}")


@pytest.fixture(scope="session")
def gui_corpus(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The labelled mini corpus (a gui_corpus.Corpus), built once per session; do not modify it."""
    from gui_corpus import build_corpus  # tests/gui is on sys.path once its tests are collected

    return build_corpus(tmp_path_factory.mktemp("corpus") / "docs")
