"""Reports: the JSON and CSV scan report, a document's sources, a two-document comparison
and its word-level differences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.report.citations import CitationOptions
    from neardup.core.report.comparison import (
        Comparison,
        compare_documents,
        compare_files,
        format_comparison,
        write_html,
    )
    from neardup.core.report.languages import REPORT_LANGUAGES, report_language
    from neardup.core.report.original import OriginalText, read_original
    from neardup.core.report.passage_rows import (
        PassageRows,
        PassageSpans,
        most_documents,
        passage_spans,
    )
    from neardup.core.report.phrasebook import ReportWords, report_words
    from neardup.core.report.reflow import reflowed
    from neardup.core.report.reviews import ReviewCounts, annotate, is_dismissed, verdict_of
    from neardup.core.report.scan_report import (
        document_measured,
        read_report,
        report_dict,
        similarity_measured,
        write_json,
        write_report,
        write_report_data,
        write_text_atomically,
    )
    from neardup.core.report.source_errors import SourceReportError
    from neardup.core.report.sources import (
        Passage,
        Source,
        SourceReport,
        TextReader,
        format_source_report,
        source_report,
    )
    from neardup.core.report.sources_html import source_report_html
    from neardup.core.report.sources_output import (
        BINARY_FORMATS,
        FORMATS,
        SUMMARY_COLUMNS,
        BatchOutcome,
        batch_documents,
        render,
        render_bytes,
        write_all_sources,
        write_source_report,
        write_source_report_html,
    )
    from neardup.core.report.sources_pdf import PdfReportError, source_report_pdf
    from neardup.core.report.text_diff import (
        Alignment,
        Change,
        ChangeKind,
        WordDiff,
        passage_words,
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
    "BINARY_FORMATS",
    "FORMATS",
    "REPORT_LANGUAGES",
    "SUMMARY_COLUMNS",
    "Alignment",
    "BatchOutcome",
    "Change",
    "ChangeKind",
    "CitationOptions",
    "Comparison",
    "OriginalText",
    "OverlapPreview",
    "Passage",
    "PassageRows",
    "PassageSpans",
    "PdfReportError",
    "ReportWords",
    "ReviewCounts",
    "Source",
    "SourceReport",
    "SourceReportError",
    "TextReader",
    "ThresholdPreview",
    "ThresholdPreviewer",
    "WordDiff",
    "annotate",
    "batch_documents",
    "compare_documents",
    "compare_files",
    "document_measured",
    "format_comparison",
    "format_source_report",
    "is_dismissed",
    "most_documents",
    "passage_spans",
    "passage_words",
    "read_original",
    "read_report",
    "reader_words",
    "reflowed",
    "render",
    "render_bytes",
    "report_dict",
    "report_language",
    "report_words",
    "similarity_measured",
    "snap_to_words",
    "source_report",
    "source_report_html",
    "source_report_pdf",
    "verdict_of",
    "word_diff",
    "write_all_sources",
    "write_html",
    "write_json",
    "write_report",
    "write_report_data",
    "write_source_report",
    "write_source_report_html",
    "write_text_atomically",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "citations": ("CitationOptions",),
        "languages": ("REPORT_LANGUAGES", "report_language"),
        "phrasebook": ("ReportWords", "report_words"),
        "reflow": ("reflowed",),
        "reviews": ("ReviewCounts", "annotate", "is_dismissed", "verdict_of"),
        "comparison": (
            "Comparison",
            "compare_documents",
            "compare_files",
            "format_comparison",
            "write_html",
        ),
        "original": ("OriginalText", "read_original"),
        "passage_rows": ("PassageRows", "PassageSpans", "most_documents", "passage_spans"),
        "scan_report": (
            "document_measured",
            "read_report",
            "report_dict",
            "similarity_measured",
            "write_json",
            "write_report",
            "write_report_data",
            "write_text_atomically",
        ),
        "threshold_preview": ("OverlapPreview", "ThresholdPreview", "ThresholdPreviewer"),
        "text_diff": (
            "Alignment",
            "Change",
            "ChangeKind",
            "WordDiff",
            "reader_words",
            "snap_to_words",
            "passage_words",
            "word_diff",
        ),
        "sources": (
            "Passage",
            "PdfReportError",
            "Source",
            "SourceReport",
            "TextReader",
            "format_source_report",
            "source_report",
        ),
        "source_errors": ("SourceReportError",),
        "sources_html": ("source_report_html",),
        "sources_pdf": ("PdfReportError", "source_report_pdf"),
        "sources_output": (
            "BINARY_FORMATS",
            "FORMATS",
            "SUMMARY_COLUMNS",
            "BatchOutcome",
            "batch_documents",
            "render",
            "render_bytes",
            "write_all_sources",
            "write_source_report",
            "write_source_report_html",
        ),
    },
)
