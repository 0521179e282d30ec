"""Cache keys and encodings for what a scan derives from documents: fingerprints, overlaps.

A key names everything its value depends on, so a stale value can never be found.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

import xxhash

from neardup.core.overlap import METHOD_VERSION, SHINGLE, Overlap
from neardup.core.result import MatchedSpan
from neardup.core.settings import ScanSettings
from neardup.core.text import Span
from neardup.core.weighting import MIN_DOCUMENTS_FOR_CORPUS_IDF, Weighting

OVERLAP_METHOD = f"diagonal-chains-{METHOD_VERSION}-{SHINGLE}"


def _key(*parts: object) -> str:
    return xxhash.xxh3_128_hexdigest(json.dumps(parts, separators=(",", ":")).encode())


def text_key(normalized: str) -> str:
    """Names one exact normalised text. (A document's content key ignores whitespace,
    which tokens and character positions do not.)"""
    return xxhash.xxh3_128_hexdigest(normalized.encode("utf-8"))


def corpus_signature(settings: ScanSettings, text_keys: Iterable[str]) -> str:
    """What the IDF table depends on: the set of documents, for TF-IDF over the scan."""
    keys = sorted(text_keys)
    if settings.weighting is not Weighting.TFIDF:
        return ""
    if len(keys) < MIN_DOCUMENTS_FOR_CORPUS_IDF:
        return "jieba-idf"
    return _key(keys)


def fingerprint_key(settings: ScanSettings, signature: str, text: str) -> str:
    return _key(
        "fingerprint",
        settings.analysis_key(),
        settings.weighting.value,
        settings.top_n,
        settings.log_tf,
        signature,
        text,
    )


def overlap_key(
    text_a: str, text_b: str, boilerplate_a: Sequence[Span], boilerplate_b: Sequence[Span]
) -> str:
    return _key(
        "overlap",
        OVERLAP_METHOD,
        text_a,
        text_b,
        [tuple(s) for s in boilerplate_a],
        [tuple(s) for s in boilerplate_b],
    )


def encode_overlap(found: Overlap) -> bytes:
    spans = [[s.a_start, s.a_end, s.b_start, s.b_end] for s in found.spans]
    return json.dumps([found.overlap_a, found.overlap_b, spans]).encode()


def decode_overlap(data: bytes) -> Overlap:
    overlap_a, overlap_b, spans = json.loads(data)
    return Overlap(overlap_a, overlap_b, tuple(MatchedSpan(*s) for s in spans))
