"""The store: the SQLite cache of analyses and of what scans derive from them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.store.analysis_rows import (
        ANALYSIS_COLUMNS,
        StoredAnalysis,
        decode_analysis,
        encode_analysis,
    )
    from neardup.core.store.cache import AnalysisCache, SeenFiles
    from neardup.core.store.derived_values import (
        OVERLAP_PREFIX,
        DamagedEntryError,
        ScanInput,
        ScanOutcome,
        corpus_signature,
        decode_outcome,
        decode_overlap,
        encode_outcome,
        encode_overlap,
        fingerprint_key,
        overlap_key,
        scan_keys,
        text_key,
    )
    from neardup.core.store.file_identity import FileKey, content_hash, file_keys
    from neardup.core.store.ignore_list import DocumentKey, IgnoreList, IgnoreListError
    from neardup.core.store.ownership import ForeignFileError, check_ours
    from neardup.core.store.review_marks import (
        WHOLE_PAIR,
        ReviewMark,
        ReviewMarks,
        ReviewMarksError,
        Verdict,
    )

__all__ = [
    "ANALYSIS_COLUMNS",
    "OVERLAP_PREFIX",
    "WHOLE_PAIR",
    "AnalysisCache",
    "DamagedEntryError",
    "DocumentKey",
    "FileKey",
    "ForeignFileError",
    "IgnoreList",
    "IgnoreListError",
    "ReviewMark",
    "ReviewMarks",
    "ReviewMarksError",
    "ScanInput",
    "ScanOutcome",
    "SeenFiles",
    "StoredAnalysis",
    "Verdict",
    "check_ours",
    "content_hash",
    "corpus_signature",
    "decode_analysis",
    "decode_outcome",
    "decode_overlap",
    "encode_analysis",
    "encode_outcome",
    "encode_overlap",
    "file_keys",
    "fingerprint_key",
    "overlap_key",
    "scan_keys",
    "text_key",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "analysis_rows": (
            "ANALYSIS_COLUMNS",
            "StoredAnalysis",
            "decode_analysis",
            "encode_analysis",
        ),
        "cache": ("AnalysisCache", "SeenFiles"),
        "file_identity": ("FileKey", "content_hash", "file_keys"),
        "ignore_list": ("DocumentKey", "IgnoreList", "IgnoreListError"),
        "ownership": ("ForeignFileError", "check_ours"),
        "review_marks": ("WHOLE_PAIR", "ReviewMark", "ReviewMarks", "ReviewMarksError", "Verdict"),
        "derived_values": (
            "OVERLAP_PREFIX",
            "DamagedEntryError",
            "ScanInput",
            "ScanOutcome",
            "corpus_signature",
            "decode_outcome",
            "decode_overlap",
            "encode_outcome",
            "encode_overlap",
            "fingerprint_key",
            "overlap_key",
            "scan_keys",
            "text_key",
        ),
    },
)
