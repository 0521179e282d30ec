"""One thread for numpy's linear algebra library, set before numpy is first imported.

NearDup multiplies no matrices, yet importing numpy starts OpenBLAS's pool of threads, one a
core, which spin as they start: 0.06-0.1 s of CPU in every process that imports numpy (the
scan's own, the fork server its workers come from), taken from the scan's workers on a
machine with two cores. A setting the person made themselves is kept.
"""

from __future__ import annotations

import os

# OpenBLAS (numpy's wheels) and MKL (some distributions' numpy) read these at load.
_THREAD_SETTINGS = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> None:
    """Ask for one BLAS thread in this process and those it starts; too late for a numpy
    already imported, whose own processes it still reaches."""
    for name in _THREAD_SETTINGS:
        os.environ.setdefault(name, "1")
