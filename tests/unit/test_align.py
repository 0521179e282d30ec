"""Alignment blocks cover both texts in order and agree with them."""

from neardup.core.features.text import normalize
from neardup.core.passages.alignment import BlockKind, align
from textgen import document, paragraphs


def squeeze(text: str) -> str:
    return "".join(text.split())


def test_blocks_are_consistent_with_the_texts() -> None:
    left_parts = paragraphs(1, "zh", count=6)
    right_parts = left_parts[:2] + paragraphs(2, "zh", count=1) + left_parts[3:]
    right_parts[4] = right_parts[4].replace("系统", "平台", 1)
    left, right = normalize("\n\n".join(left_parts)), normalize("\n\n".join(right_parts))
    blocks = align(left, right)
    kinds = {b.kind for b in blocks}
    assert BlockKind.EQUAL in kinds and BlockKind.CHANGED in kinds
    last_left = last_right = 0
    for block in blocks:
        assert block.left.start >= last_left and block.right.start >= last_right
        last_left, last_right = block.left.end, block.right.end
        if block.kind is BlockKind.EQUAL:
            assert squeeze(left[block.left.start : block.left.end]) == squeeze(
                right[block.right.start : block.right.end]
            )
    equal = sum(b.left.end - b.left.start for b in blocks if b.kind is BlockKind.EQUAL)
    assert equal > 0.7 * len(left)


def test_insertions_and_deletions_are_one_sided() -> None:
    left = normalize(document(5, "en", count=3))
    right = normalize(document(5, "en", count=3) + "\n\n" + document(6, "en", count=1))
    blocks = align(left, right)
    assert blocks[-1].kind is BlockKind.RIGHT_ONLY
    assert blocks[-1].left.start == blocks[-1].left.end
