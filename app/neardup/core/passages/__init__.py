"""Partial copies: candidates from shared verbatim text, exact verification, alignment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.passages.alignment import Block, BlockKind, align
    from neardup.core.passages.candidates import (
        SharedText,
        held_by,
        shared_text,
    )
    from neardup.core.passages.overlap import (
        NOTHING_FOUND,
        CompactText,
        Passages,
        measure_overlap,
        measure_passages,
        non_space_before,
        union_size,
        verify,
    )
    from neardup.core.passages.packed import (
        PackedCall,
        PackedTexts,
        Verified,
        verify_packed,
        warm_up,
    )

__all__ = [
    "NOTHING_FOUND",
    "Block",
    "BlockKind",
    "CompactText",
    "PackedCall",
    "PackedTexts",
    "Passages",
    "SharedText",
    "Verified",
    "align",
    "held_by",
    "measure_overlap",
    "measure_passages",
    "non_space_before",
    "shared_text",
    "union_size",
    "verify",
    "verify_packed",
    "warm_up",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "alignment": ("Block", "BlockKind", "align"),
        "candidates": ("SharedText", "held_by", "shared_text"),
        "overlap": (
            "NOTHING_FOUND",
            "CompactText",
            "Passages",
            "measure_overlap",
            "measure_passages",
            "non_space_before",
            "union_size",
            "verify",
        ),
        "packed": ("PackedCall", "PackedTexts", "Verified", "verify_packed", "warm_up"),
    },
)
