"""What the fork server loads before it forks the scan's workers (Linux).

Only the fork server imports this module (``worker_pool.worker_context``): importing it loads
every module and table a worker would otherwise load on its first files (the extractors,
the segmenter's dictionary, the character tables of tokenising and folding), so a worker
forked from the server starts ready, and the workers share that memory instead of each
holding a copy.
"""

from __future__ import annotations

from neardup.core.extract import load_extractors
from neardup.core.features import AnalyzeOptions, load_analysis

load_extractors()
load_analysis(AnalyzeOptions())
