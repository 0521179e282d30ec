"""What the Scan button runs in its worker: a scan of the folders, or a check of them against
a saved library, made into the report the window shows."""

from __future__ import annotations

from pathlib import Path

from neardup.core.collector import collector_skips_existing_objects, give_back_freed_memory
from neardup.core.library import check_library
from neardup.core.report import report_dict
from neardup.core.scan import scan
from neardup.core.settings import ScanSettings
from neardup.gui.release import empty_in_slices
from neardup.gui.report_data import ReportData, shown_report
from neardup.gui.tidy.review_controller import annotated
from neardup.gui.worker import Worker


def scan_report(
    worker: Worker,
    paths: list[Path],
    settings: ScanSettings,
    saved_library: Path | None,
    marks_path: Path,
) -> ReportData:
    """Scan ``paths`` (against ``saved_library`` when one is chosen: its documents are the
    reference side, read from the library, not from their files), and the report of it."""
    progress, cancel = worker.report_progress, worker.cancel_token
    if saved_library is None:
        result = scan(paths, settings, progress=progress, cancel=cancel)
    else:
        result = check_library(saved_library, paths, settings, progress=progress, cancel=cancel)
    # Full collections over the result's objects would hold the GIL, and freeze the
    # window, for up to 0.7 s at 100,000 pairs.
    with collector_skips_existing_objects():
        report = shown_report(annotated(report_dict(result, compact=True), marks_path))
    # Freed at once on return, the 119,000 pairs of a large scan held the GIL for 0.1 s.
    empty_in_slices(result.pairs)
    del result
    # The scan's working memory, freed, stays with the process until given back: a third
    # of the window's memory after a scan of 2,700 real documents (330 of 1,340 MiB).
    give_back_freed_memory()
    return report
