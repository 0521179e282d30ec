"""Matching: the pigeonhole block index, near-duplicate document pairs, and groups."""

from __future__ import annotations

from typing import TYPE_CHECKING

from neardup.core import lazy_face

if TYPE_CHECKING:
    from neardup.core.match.block_index import find_near_duplicates
    from neardup.core.match.groups import (
        MemberInfo,
        build_groups,
        choose_reference,
        component_roots,
    )
    from neardup.core.match.near_duplicates import (
        FeatureWeights,
        compared,
        near_duplicate_pairs,
    )

__all__ = [
    "FeatureWeights",
    "MemberInfo",
    "build_groups",
    "choose_reference",
    "compared",
    "component_roots",
    "find_near_duplicates",
    "near_duplicate_pairs",
]

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "block_index": ("find_near_duplicates",),
        "groups": ("MemberInfo", "build_groups", "choose_reference", "component_roots"),
        "near_duplicates": ("FeatureWeights", "compared", "near_duplicate_pairs"),
    },
)
