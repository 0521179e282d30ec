"""Reports: the JSON and CSV scan report, a document's sources, a two-document comparison
and its word-level differences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.report.comparison import (
        Comparison,
        compare_documents,
        compare_files,
        format_comparison,
        write_html,
    )
    from neardup.core.report.scan_report import (
        read_report,
        report_dict,
        similarity_measured,
        write_report,
        write_report_data,
    )
    from neardup.core.report.sources import (
        SourceReport,
        SourceReportError,
        format_source_report,
        source_report,
        source_report_html,
        write_source_report_html,
    )
    from neardup.core.report.text_diff import (
        Alignment,
        Change,
        ChangeKind,
        WordDiff,
        reader_words,
        snap_to_words,
        word_diff,
    )
    from neardup.core.report.threshold_preview import (
        OverlapPreview,
        ThresholdPreview,
        ThresholdPreviewer,
    )

__all__ = [
    "Alignment",
    "Change",
    "ChangeKind",
    "Comparison",
    "OverlapPreview",
    "SourceReport",
    "SourceReportError",
    "ThresholdPreview",
    "ThresholdPreviewer",
    "WordDiff",
    "compare_documents",
    "compare_files",
    "format_comparison",
    "format_source_report",
    "read_report",
    "reader_words",
    "report_dict",
    "similarity_measured",
    "snap_to_words",
    "source_report",
    "source_report_html",
    "word_diff",
    "write_html",
    "write_report",
    "write_report_data",
    "write_source_report_html",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "comparison": (
            "Comparison",
            "OverlapPreview",
            "compare_documents",
            "compare_files",
            "format_comparison",
            "write_html",
        ),
        "scan_report": (
            "read_report",
            "report_dict",
            "similarity_measured",
            "write_report",
            "write_report_data",
        ),
        "threshold_preview": ("OverlapPreview", "ThresholdPreview", "ThresholdPreviewer"),
        "text_diff": (
            "Alignment",
            "Change",
            "ChangeKind",
            "WordDiff",
            "reader_words",
            "snap_to_words",
            "word_diff",
        ),
        "sources": (
            "SourceReport",
            "SourceReportError",
            "format_source_report",
            "source_report",
            "source_report_html",
            "write_source_report_html",
        ),
    },
)
