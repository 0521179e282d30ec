"""What the fork server loads before it forks the scan's workers (Linux).

Only the fork server imports this module (``worker_pool.worker_context``): importing it loads
every module and table a worker would otherwise load on its first files (the extractors,
the segmenter's dictionary, the character tables of tokenising and folding), so a worker
forked from the server starts ready, and the workers share that memory instead of each
holding a copy.
"""

from __future__ import annotations

from neardup.core.scan.blas_threads import one_blas_thread

one_blas_thread()  # the server is a process of its own: for one started from the Python API

from neardup.core.extract import load_extractors  # noqa: E402  # numpy loads from here
from neardup.core.features import AnalyzeOptions, load_analysis  # noqa: E402

load_extractors()
load_analysis(AnalyzeOptions())
