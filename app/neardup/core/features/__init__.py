"""Features of one document: normalised text, tokens, weights, SimHash, winnowed shingles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.features.analyze import (
        Analyzed,
        AnalyzeOptions,
        Contents,
        DocumentContents,
        analyze_file,
        load_analysis,
    )
    from neardup.core.features.offsets import MappedText, MappingError, OffsetMap, mapped_text
    from neardup.core.features.shingles import (
        ANCHOR_CHARS,
        KEY_CHARS,
        KEY_MIX,
        NO_HASH,
        SHINGLE,
        SHINGLE_BASE,
        SHINGLE_MIX_SHIFT,
        WHITESPACE_CODES,
        WINNOW,
        HashArray,
        Shingles,
        character_tables,
        compact_length,
        is_whitespace,
        kept_places,
        sorted_distinct,
        window_minima,
        winnowed,
        winnowing_keys,
    )
    from neardup.core.features.simhash import (
        BITS,
        UInt64Array,
        popcount,
        simhash_terms,
        to_hex,
    )
    from neardup.core.features.text import (
        Span,
        content_key_text,
        normalize,
        past_sentence_tail,
        split_sentences,
    )
    from neardup.core.features.token_ids import TokenIds, Vocabulary
    from neardup.core.features.tokenize import get_tokenizer, needs_segmenter, word_spans
    from neardup.core.features.weighting import (
        MIN_DOCUMENTS_FOR_CORPUS_IDF,
        FloatArray,
        IdfTable,
        idf_for,
        weigh,
    )

__all__ = [
    "ANCHOR_CHARS",
    "BITS",
    "KEY_CHARS",
    "KEY_MIX",
    "MIN_DOCUMENTS_FOR_CORPUS_IDF",
    "NO_HASH",
    "SHINGLE",
    "SHINGLE_BASE",
    "SHINGLE_MIX_SHIFT",
    "WHITESPACE_CODES",
    "WINNOW",
    "AnalyzeOptions",
    "Analyzed",
    "Contents",
    "DocumentContents",
    "FloatArray",
    "HashArray",
    "IdfTable",
    "MappedText",
    "MappingError",
    "OffsetMap",
    "Shingles",
    "Span",
    "TokenIds",
    "UInt64Array",
    "Vocabulary",
    "analyze_file",
    "character_tables",
    "compact_length",
    "content_key_text",
    "get_tokenizer",
    "idf_for",
    "is_whitespace",
    "kept_places",
    "load_analysis",
    "mapped_text",
    "needs_segmenter",
    "normalize",
    "past_sentence_tail",
    "popcount",
    "simhash_terms",
    "sorted_distinct",
    "split_sentences",
    "to_hex",
    "weigh",
    "window_minima",
    "winnowed",
    "winnowing_keys",
    "word_spans",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "analyze": (
            "AnalyzeOptions",
            "Analyzed",
            "Contents",
            "DocumentContents",
            "analyze_file",
            "load_analysis",
        ),
        "offsets": ("MappedText", "MappingError", "OffsetMap", "mapped_text"),
        "simhash": ("BITS", "UInt64Array", "popcount", "simhash_terms", "to_hex"),
        "text": ("Span", "content_key_text", "normalize", "past_sentence_tail", "split_sentences"),
        "token_ids": ("TokenIds", "Vocabulary"),
        "tokenize": ("get_tokenizer", "needs_segmenter", "word_spans"),
        "weighting": ("MIN_DOCUMENTS_FOR_CORPUS_IDF", "FloatArray", "IdfTable", "idf_for", "weigh"),
        "shingles": (
            "ANCHOR_CHARS",
            "KEY_CHARS",
            "KEY_MIX",
            "NO_HASH",
            "SHINGLE",
            "SHINGLE_BASE",
            "SHINGLE_MIX_SHIFT",
            "WHITESPACE_CODES",
            "WINNOW",
            "HashArray",
            "Shingles",
            "character_tables",
            "compact_length",
            "is_whitespace",
            "kept_places",
            "sorted_distinct",
            "window_minima",
            "winnowed",
            "winnowing_keys",
        ),
    },
)
