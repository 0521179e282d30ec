"""Sources merged and ranked the way checkers do, on one document's normalised text.

- The passages of one source that overlap or touch (nothing but spaces and punctuation
  between them) become one passage: a verbatim chapter is one passage, not the hundreds of
  pieces the pairwise alignment may give (repeated phrases paired with an earlier
  occurrence, say).
- Sources are ranked greedily, each by how much of the document it covers beyond the ones
  ranked before it (the copies of the document itself, near-duplicates and duplicates, come
  after the sources it draws on), and each character is attributed to the first source
  that covers it, so the shares add up to the total.
- Characters that some source matches outside citations go to such a source first, so the
  figure excluding citations is the union of the uncited matches, whatever the ranking.

Pure functions over spans: the sources report (`sources.py`) feeds and reads them.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import past_sentence_tail

_WORD = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class Match:
    """One passage of a pair: a range of the document, and where it is in one copy of the
    source (``member`` indexes the copies), both in normalised text."""

    start: int
    end: int
    member: int
    source_start: int
    source_end: int


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a merged passage that is wholly cited or wholly not."""

    start: int
    end: int
    cited: bool


def merge_matches(matches: list[Match], text: str) -> list[Match]:
    """Matches of one source that overlap or touch, merged; the source side follows the
    longest match and the others on its diagonal (not a phrase paired elsewhere)."""
    merged: list[Match] = []
    group: list[Match] = []
    group_end = -1
    for match in sorted(matches, key=lambda m: (m.start, -m.end)):
        if group and (match.start <= group_end or not _WORD.search(text, group_end, match.start)):
            group.append(match)
            group_end = max(group_end, match.end)
            continue
        if group:
            merged.append(_joined(group, group_end))
        group, group_end = [match], match.end
    if group:
        merged.append(_joined(group, group_end))
    return merged


def _joined(group: list[Match], end: int) -> Match:
    start = group[0].start
    longest = max(group, key=lambda m: (m.end - m.start, -m.start))
    diagonal = longest.source_start - longest.start
    slack = max(64, (end - start) // 4)
    aligned = [
        m
        for m in group
        if m.member == longest.member and abs(m.source_start - m.start - diagonal) <= slack
    ]
    return Match(
        start,
        end,
        longest.member,
        min(m.source_start for m in aligned),
        max(m.source_end for m in aligned),
    )


# How far a piece's edge is looked for in the source around where the merged passage puts it,
# for each length of the text beside the edge that must be found there: a few characters only
# close by (four such characters recur within a sentence or two).
_EDGE_PROBES = ((12, 64), (4, 8))


def source_side(match: Match, start: int, end: int, text: str, source_text: str) -> tuple[int, int]:
    """Where the part [start, end) of a merged passage lies in the source.

    A merged passage knows only its two ends in the source: measuring a part's other edges
    from them is off by whatever the copy added or dropped between (a piece cut at a
    quotation mark in an edited copy gained the source's next five characters). So such an
    edge is placed first that way, then moved to the nearest place where the source holds
    the text beside it; where it holds none of it (the copy was edited right there), the
    first placing stands. The merged passage's own ends are kept as verification found them.
    """
    guess_start = min(match.source_end, match.source_start + (start - match.start))
    guess_end = max(guess_start, match.source_end - (match.end - end))
    source_start = match.source_start if start == match.start else None
    source_end = match.source_end if end == match.end else None
    for size, reach in _EDGE_PROBES:
        if source_start is None:
            probe = text[start : min(end, start + size)]
            source_start = _found(probe, source_text, guess_start, reach)
        if source_end is None:
            probe = text[max(start, end - size) : end]
            found = _found(probe, source_text, guess_end - len(probe), reach)
            source_end = None if found is None else found + len(probe)
    source_start = guess_start if source_start is None else source_start
    source_end = guess_end if source_end is None else source_end
    return source_start, max(source_start, source_end)


def _found(probe: str, source_text: str, guess: int, reach: int) -> int | None:
    """The place nearest ``guess`` where ``probe`` begins in the source, within ``reach``
    characters; None if there is none (or nothing to look for)."""
    if not probe.strip():
        return None
    low = max(0, guess - reach)
    high = min(len(source_text), guess + reach + len(probe))
    best, at = None, source_text.find(probe, low, high)
    while at >= 0:
        if best is None or abs(at - guess) < abs(best - guess):
            best = at
        at = source_text.find(probe, at + 1, high)
    return best


@dataclass(frozen=True, slots=True)
class Attribution:
    """Who owns each character: ``owner[i]`` is a source index or -1, ``cited[i]`` whether
    the owner matched it as a citation; ``order`` is the ranking, best source first."""

    order: list[int]
    owner: npt.NDArray[np.int32]
    cited: npt.NDArray[np.bool_]
    counted: npt.NDArray[np.bool_]  # the characters shares count: all but whitespace

    def share(self, source: int, *, uncited_only: bool = False) -> float:
        total = int(self.counted.sum())
        if not total:
            return 0.0
        mine = (self.owner == source) & self.counted
        if uncited_only:
            mine &= ~self.cited
        return int(mine.sum()) / total

    def runs(self, source: int, text: str) -> list[Piece]:
        """The source's characters as passages: maximal runs with one cited state, trimmed
        of spaces, and only those holding a word."""
        positions = np.flatnonzero(self.owner == source)
        if not len(positions):
            return []
        cited = self.cited[positions]
        breaks = np.flatnonzero((np.diff(positions) != 1) | (np.diff(cited) != 0)) + 1
        pieces: list[Piece] = []
        for run in np.split(np.arange(len(positions)), breaks):
            start, end = int(positions[run[0]]), int(positions[run[-1]]) + 1
            start = past_sentence_tail(text, start, end)
            while end > start and text[end - 1].isspace():
                end -= 1
            if _WORD.search(text, start, end):
                pieces.append(Piece(start, end, bool(cited[run[0]])))
        return pieces


def attribute(text: str, pieces: list[list[Piece]], tiers: list[int]) -> Attribution:
    """Rank the sources (each a list of pieces) and give each character to one of them."""
    counted = np.fromiter((not c.isspace() for c in text), dtype=np.bool_, count=len(text))
    masks = [_mask(len(text), p) for p in pieces]
    order = _ranking(masks, counted, tiers)
    owner = np.full(len(text), -1, dtype=np.int32)
    cited = np.zeros(len(text), dtype=np.bool_)
    for wanted in (False, True):  # uncited matches first: see the module's docstring
        for source in order:
            for piece in pieces[source]:
                if piece.cited is not wanted:
                    continue
                free = owner[piece.start : piece.end] == -1
                owner[piece.start : piece.end][free] = source
                cited[piece.start : piece.end][free] = wanted
    return Attribution(order, owner, cited, counted)


def _mask(length: int, pieces: list[Piece]) -> npt.NDArray[np.bool_]:
    mask = np.zeros(length, dtype=np.bool_)
    for piece in pieces:
        mask[piece.start : piece.end] = True
    return mask


def _ranking(
    masks: list[npt.NDArray[np.bool_]], counted: npt.NDArray[np.bool_], tiers: list[int]
) -> list[int]:
    """Greedy cover, lazily: a source's gain only shrinks as others are ranked before it."""
    covered = np.zeros_like(counted)
    heap = [(tiers[i], -int((m & counted).sum()), i) for i, m in enumerate(masks)]
    heapq.heapify(heap)
    order: list[int] = []
    while heap:
        tier, _, source = heapq.heappop(heap)
        gain = int((masks[source] & counted & ~covered).sum())
        if heap and (tier, -gain) > heap[0][:2]:
            heapq.heappush(heap, (tier, -gain, source))
            continue
        order.append(source)
        covered |= masks[source]
    return order
