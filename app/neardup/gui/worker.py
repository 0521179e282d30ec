"""The one worker shape: a QObject moved to a QThread with progress/result/errored/finished signals."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from neardup.core.collector import collector_skips_existing_objects
from neardup.core.scan import CancelToken

Task = Callable[["Worker"], object]


@dataclass(frozen=True, slots=True)
class WorkerError:
    """An exception raised in a worker, with its formatted traceback for the details pane."""

    error: BaseException
    details: str

    def __str__(self) -> str:
        return str(self.error) or type(self.error).__name__


class Worker(QObject):
    """Runs one task in its thread; every exception is caught and emitted, never raised."""

    progress = Signal(object)
    result = Signal(object)
    errored = Signal(object)
    finished = Signal()

    def __init__(self, task: Task) -> None:
        super().__init__()
        self._task = task
        self.cancel_token = CancelToken()

    def cancel(self) -> None:
        self.cancel_token.cancel()

    def report_progress(self, value: object) -> None:
        """A plain callback for the core; emitting from the worker thread queues to the GUI."""
        self.progress.emit(value)

    @Slot()
    def work(self) -> None:
        try:
            # A task that builds many objects (a report of 119,000 pairs) would otherwise start
            # full collections over every object the process holds, with the GIL held: the
            # window, waiting for the GIL to run its next event, froze for 0.3-0.7 s.
            with collector_skips_existing_objects():
                value = self._task(self)
        except BaseException as error:  # every failure must reach the GUI, not kill the thread
            details = "".join(traceback.format_exception(error))
            self.errored.emit(WorkerError(error, details))
        else:
            self.result.emit(value)
        finally:
            app = QCoreApplication.instance()
            # Back to the GUI thread, so the object can be garbage-collected there safely.
            if app is not None:
                self.moveToThread(app.thread())
            self.finished.emit()


class Job(QObject):
    """A worker and its thread; `done` fires in the GUI thread once the thread has stopped."""

    done = Signal()

    def __init__(self, worker: Worker) -> None:
        super().__init__()
        self.worker = worker
        self.qthread = QThread()  # not `thread`: that would hide QObject.thread()
        self.qthread.setObjectName(f"neardup-worker-{id(worker):x}")
        worker.moveToThread(self.qthread)
        self.qthread.started.connect(worker.work)
        worker.finished.connect(self.qthread.quit)
        self.qthread.finished.connect(self._on_thread_finished)
        self._stopped = False

    def start(self) -> None:
        _live_jobs.add(self)
        self.qthread.start()

    def cancel(self) -> None:
        self.worker.cancel()

    def is_running(self) -> bool:
        return not self._stopped and self.qthread.isRunning()

    def wait(self) -> None:
        """Block until the task has returned (after a cancel, this is short)."""
        self.qthread.quit()  # the event loop exits as soon as the task returns
        self.qthread.wait()
        self._finish()

    @Slot()
    def _on_thread_finished(self) -> None:
        self.qthread.wait()  # `finished` comes just before the thread really ends
        self._finish()

    def _finish(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        _live_jobs.discard(self)
        self.done.emit()


_live_jobs: set[Job] = set()


def new_worker_qthread(
    task: Task,
    *,
    connect: dict[str, Callable[..., object]] | None = None,
    start: bool = True,
) -> Job:
    """Create a worker for `task`, move it to a new QThread, connect signals and start it.

    Connect only to methods of QObjects living in the GUI thread, so that
    calls are queued there and widgets are never touched from the worker.
    """
    job = Job(Worker(task))
    for name, slot in (connect or {}).items():
        getattr(job.worker, name).connect(slot)
    if start:
        job.start()
    return job


def live_jobs() -> list[Job]:
    """Jobs started and not yet stopped (for closeEvent and the tests' thread guard)."""
    return list(_live_jobs)


def running_threads() -> list[QThread]:
    return [job.qthread for job in _live_jobs if job.qthread.isRunning()]


def stop_all() -> None:
    """Cancel every job and wait for its thread, so that nothing is left running."""
    for job in live_jobs():
        job.cancel()
    for job in live_jobs():
        job.wait()
