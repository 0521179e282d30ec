"""Analysis on a Dask cluster, through the scan's ``Executor`` seam.

The scan's analysis stage (``core.scan.analyze_files``) hands batches of files to any
``concurrent.futures.Executor`` and waits on the futures it gets back. A Dask
``distributed.Client`` has a ``submit`` of its own, but its futures are Dask's, which
``concurrent.futures.wait`` does not know; ``DaskExecutor`` submits to the client and hands
back a standard future that Dask's completes. The workers run the same entry point as local
worker processes (``core.library.worker.analyze_for_library``: analysis, stored row and
keys), so they must run the same NearDup version and reach the files at the same paths (a
shared disk); the results come back to this process, which writes the library.

Dask is optional (``pip install 'neardup[dask]'``): nothing here imports it until a cluster
is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from contextlib import ExitStack
from typing import Any, TypeVar

from neardup.core.library.errors import LibraryError

T = TypeVar("T")


class DaskExecutor(Executor):
    """A ``concurrent.futures.Executor`` that runs each call as a Dask task."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        done: Future[T] = Future()
        # pure=False: a batch read twice (a file changed since) is read again, not reused.
        task = self._client.submit(fn, *args, pure=False, **kwargs)

        def settle(finished: Any) -> None:
            if not done.set_running_or_notify_cancel():
                return
            try:
                done.set_result(finished.result())
            except BaseException as error:
                done.set_exception(error)

        task.add_done_callback(settle)
        return done

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The client and its cluster belong to whoever made them."""


def dask_executor(scheduler: str | None, workers: int | None, stack: ExitStack) -> DaskExecutor:
    """An executor on the Dask scheduler at ``scheduler``, or on a local cluster of
    ``workers`` single-threaded worker processes; closed with ``stack``."""
    try:
        import distributed
    except ImportError:
        raise LibraryError(
            "--executor dask needs Dask: pip install 'neardup[dask]' (dask[distributed])"
        ) from None
    # Dask's own API is untyped.
    dask: Any = distributed
    if scheduler is None:
        cluster = stack.enter_context(
            dask.LocalCluster(
                n_workers=workers or 2,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
        )
        client = stack.enter_context(dask.Client(cluster))
    else:
        try:
            client = stack.enter_context(dask.Client(scheduler, timeout="30s"))
        except OSError as error:
            raise LibraryError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    return DaskExecutor(client)
