"""Exact verification of a candidate pair: how much of each text is found in the other.

Both texts are compared on their non-space characters. Every K-character
shingle of one text that also occurs in the other marks its characters as
covered. A few changed characters inside a copied passage only uncover those
characters, so covered runs separated by short gaps are joined; runs that stay
short are dropped as chance matches of common phrases. The result is the
share of each text covered, and the matched passages as spans in both texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.result import MatchedSpan
from neardup.core.text import Span

SHINGLE = 16  # characters per shingle: long enough to be rare by chance (measured)
MAX_GAP = 24  # an edit of up to this many characters does not split a match
MIN_MATCH = 40  # shorter matched runs are common phrases, not copying (CJK characters)
# A Latin letter says less than a CJK character (an English word is ~5 letters,
# a Chinese word ~2 characters), so run lengths are counted with this weight.
LATIN_CHAR_WEIGHT = 1 / 3
MIN_DENSITY = 0.5  # a joined run must be at least half shingle-covered
# Text that continues a boilerplate block (the rest of a shared header, say) is
# most likely part of it: next to boilerplate, a run must be this much longer.
BOILERPLATE_NEIGHBOUR_FACTOR = 3

IntArray = npt.NDArray[np.int64]
_BASE = np.uint64(0x100000001B3)


@dataclass(frozen=True, slots=True)
class CompactText:
    """A text without whitespace, with a map back to normalised-text positions."""

    positions: IntArray  # positions[i] = index in the normalised text of compact char i
    shingles: npt.NDArray[np.uint64]  # hash of the shingle starting at each compact char
    weight: npt.NDArray[np.float64]  # cumulative information weight, length + 1

    @classmethod
    def of(cls, text: str) -> CompactText:
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        keep = ~np.isin(codes, _WHITESPACE_CODES)
        positions = np.flatnonzero(keep).astype(np.int64)
        kept = codes[keep]
        char_weight = np.where(kept >= _FIRST_CJK, 1.0, LATIN_CHAR_WEIGHT)
        cumulative = np.concatenate(([0.0], np.cumsum(char_weight)))
        return cls(positions, _shingle_hashes(kept.astype(np.uint64)), cumulative)

    def __len__(self) -> int:
        return len(self.positions)


_FIRST_CJK = 0x2E80
_WHITESPACE_CODES = np.array([ord(c) for c in " \t\n\r\f\v\u3000\u00a0"], dtype=np.uint32)


def _shingle_hashes(codes: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    n = len(codes) - SHINGLE + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    # Polynomial hash mod 2**64 (numpy wraps), then one xor-shift to mix high bits down.
    value = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for offset in range(SHINGLE):
            value = value * _BASE + codes[offset : offset + n] + np.uint64(1)
        value ^= value >> np.uint64(29)
    return value


def _mask(text: CompactText, spans: Sequence[Span]) -> npt.NDArray[np.bool_]:
    """Compact-text characters that fall inside the given normalised-text spans."""
    mask = np.zeros(len(text), dtype=bool)
    for span in spans:
        lo = np.searchsorted(text.positions, span.start, side="left")
        hi = np.searchsorted(text.positions, span.end, side="left")
        mask[lo:hi] = True
    return mask


def _near(mask: npt.NDArray[np.bool_], start: int, end: int) -> bool:
    return bool(mask[max(0, start - MAX_GAP) : end + MAX_GAP].any())


def _covered_runs(
    shared: npt.NDArray[np.bool_],
    text: CompactText,
    ignored: npt.NDArray[np.bool_] | None = None,
) -> list[tuple[int, int]]:
    """Runs of characters covered by shared shingles, joined over small gaps and filtered.

    ``ignored`` characters (boilerplate) never count; a run right next to them
    must be longer to count.
    """
    if not shared.any():
        return []
    length = len(text)
    delta = np.zeros(length + 1, dtype=np.int64)
    starts = np.flatnonzero(shared)
    np.add.at(delta, starts, 1)
    np.add.at(delta, starts + SHINGLE, -1)
    covered = np.cumsum(delta[:-1]) > 0
    if ignored is not None:
        covered &= ~ignored
    edges = np.diff(np.concatenate(([0], covered.astype(np.int8), [0])))
    run_starts = np.flatnonzero(edges == 1)
    run_ends = np.flatnonzero(edges == -1)
    runs: list[tuple[int, int]] = []
    covered_in_run: list[int] = []
    for start, end in zip(run_starts.tolist(), run_ends.tolist(), strict=True):
        if runs and start - runs[-1][1] <= MAX_GAP:
            runs[-1] = (runs[-1][0], end)
            covered_in_run[-1] += end - start
        else:
            runs.append((start, end))
            covered_in_run.append(end - start)
    kept = []
    for (start, end), hit in zip(runs, covered_in_run, strict=True):
        minimum = MIN_MATCH
        if ignored is not None and _near(ignored, start, end):
            minimum *= BOILERPLATE_NEIGHBOUR_FACTOR
        size = text.weight[end] - text.weight[start]
        if size >= minimum and hit >= MIN_DENSITY * (end - start):
            kept.append((start, end))
    return kept


@dataclass(frozen=True, slots=True)
class Overlap:
    overlap_a: float
    overlap_b: float
    spans: tuple[MatchedSpan, ...]


def _partner_run(
    run: tuple[int, int],
    a: CompactText,
    b_runs: list[tuple[int, int]],
    b_sorted: npt.NDArray[np.uint64],
    b_order: IntArray,
) -> int | None:
    """The run of b that holds most of this run's shingles."""
    hashes = a.shingles[run[0] : max(run[0], run[1] - SHINGLE + 1)]
    where = np.searchsorted(b_sorted, hashes)
    where = np.minimum(where, len(b_sorted) - 1)
    found = b_sorted[where] == hashes
    if not found.any() or not b_runs:
        return None
    b_positions = b_order[where[found]]
    run_starts = np.array([r[0] for r in b_runs])
    run_index = np.searchsorted(run_starts, b_positions, side="right") - 1
    run_index = run_index[run_index >= 0]
    if not len(run_index):
        return None
    return int(np.bincount(run_index).argmax())


def measure_overlap(
    a: CompactText,
    b: CompactText,
    ignore_a: Sequence[Span] = (),
    ignore_b: Sequence[Span] = (),
) -> Overlap:
    """overlap_a: share of a's characters found in b; overlap_b: the reverse; and spans.

    ``ignore_a``/``ignore_b`` are boilerplate spans (normalised-text coordinates)
    that are never counted as found.
    """
    if not len(a) or not len(b) or not len(a.shingles) or not len(b.shingles):
        return Overlap(0.0, 0.0, ())
    mask_a = _mask(a, ignore_a) if ignore_a else None
    mask_b = _mask(b, ignore_b) if ignore_b else None
    a_runs = _covered_runs(np.isin(a.shingles, b.shingles), a, mask_a)
    b_runs = _covered_runs(np.isin(b.shingles, a.shingles), b, mask_b)
    a_share = sum(e - s for s, e in a_runs) / len(a)
    b_share = sum(e - s for s, e in b_runs) / len(b)
    b_order = np.argsort(b.shingles, kind="stable").astype(np.int64)
    b_sorted = b.shingles[b_order]
    spans: list[MatchedSpan] = []
    for run in a_runs:
        partner = _partner_run(run, a, b_runs, b_sorted, b_order)
        if partner is None:
            continue
        b_start, b_end = b_runs[partner]
        spans.append(
            MatchedSpan(
                int(a.positions[run[0]]),
                int(a.positions[run[1] - 1]) + 1,
                int(b.positions[b_start]),
                int(b.positions[b_end - 1]) + 1,
            )
        )
    return Overlap(round(a_share, 4), round(b_share, 4), tuple(spans))
