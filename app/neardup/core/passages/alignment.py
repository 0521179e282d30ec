"""Alignment of two texts into blocks for a side-by-side view.

Two levels keep it fast on long documents: sentences are aligned first (a
diff over sentence keys, a few thousand items), then only the changed
stretches are diffed character by character with rapidfuzz.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum

from rapidfuzz.distance import Levenshtein

from neardup.core.features import Span, content_key_text, split_sentences

# Changed stretches longer than this are shown as one changed block rather than
# diffed by character, which would be slow and no easier to read.
MAX_CHAR_DIFF = 4000
# Shorter equal runs inside a changed stretch are noise, not shared text.
MIN_EQUAL_RUN = 6


class BlockKind(str, Enum):
    EQUAL = "equal"
    CHANGED = "changed"
    LEFT_ONLY = "left-only"
    RIGHT_ONLY = "right-only"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    left: Span
    right: Span


def _cover(spans: list[Span], first: int, last: int, text_end: int) -> Span:
    """The character range of sentences first..last-1 (empty at the right place if none)."""
    if first < last:
        return Span(spans[first].start, spans[last - 1].end)
    position = spans[first].start if first < len(spans) else text_end
    return Span(position, position)


def _char_blocks(left: str, right: str, ls: Span, rs: Span) -> list[Block]:
    blocks: list[Block] = []
    pending_left = ls.start
    pending_right = rs.start
    for op in Levenshtein.opcodes(left[ls.start : ls.end], right[rs.start : rs.end]):
        if op.tag == "equal" and op.src_end - op.src_start >= MIN_EQUAL_RUN:
            a0, b0 = ls.start + op.src_start, rs.start + op.dest_start
            if a0 > pending_left or b0 > pending_right:
                blocks.append(_changed(Span(pending_left, a0), Span(pending_right, b0)))
            blocks.append(
                Block(
                    BlockKind.EQUAL,
                    Span(a0, ls.start + op.src_end),
                    Span(b0, rs.start + op.dest_end),
                )
            )
            pending_left, pending_right = ls.start + op.src_end, rs.start + op.dest_end
    if pending_left < ls.end or pending_right < rs.end:
        blocks.append(_changed(Span(pending_left, ls.end), Span(pending_right, rs.end)))
    return blocks


def _changed(left: Span, right: Span) -> Block:
    if left.start == left.end:
        return Block(BlockKind.RIGHT_ONLY, left, right)
    if right.start == right.end:
        return Block(BlockKind.LEFT_ONLY, left, right)
    return Block(BlockKind.CHANGED, left, right)


def align(left: str, right: str) -> list[Block]:
    """Blocks covering both texts in order: equal, changed, left-only, right-only."""
    left_spans = split_sentences(left)
    right_spans = split_sentences(right)
    left_keys = [content_key_text(left[s.start : s.end]) for s in left_spans]
    right_keys = [content_key_text(right[s.start : s.end]) for s in right_spans]
    matcher = SequenceMatcher(None, left_keys, right_keys, autojunk=False)
    blocks: list[Block] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        ls = _cover(left_spans, i1, i2, len(left))
        rs = _cover(right_spans, j1, j2, len(right))
        if tag == "equal":
            blocks.append(Block(BlockKind.EQUAL, ls, rs))
        elif tag == "replace" and max(ls.end - ls.start, rs.end - rs.start) <= MAX_CHAR_DIFF:
            blocks.extend(_char_blocks(left, right, ls, rs))
        else:
            blocks.append(_changed(ls, rs))
    return blocks
