"""How close a share bound from winnowed hashes comes to the verified share (issue #17).

Scans a folder, then for every reported pair that is not an identical copy recomputes, for
each side, J: the places where winnowing keeps a hash the other side also keeps. Verbatim
runs of at least ``ANCHOR_CHARS`` compact characters hold such a place every ``WINNOW``
windows, so ``(WINNOW + ANCHOR_CHARS - 1) * J / compact length`` bounds the share of a text
in such runs. Prints the smallest ratios of that bound to the verified share of the shorter
text: a candidate rule built on the bound keeps every pair whose ratio is at least 1. The
scan uses the bound only for keys that more than ``MAX_SHARED_BY`` documents keep (pairs that
share a rarer key are all candidates); this shows how far it can be trusted.

    python benchmarks/bench_candidate_bound.py FOLDER
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from neardup import scan
from neardup.core.features import (
    ANCHOR_CHARS,
    WINNOW,
    AnalyzeOptions,
    analyze_file,
    compact_length,
    winnowed,
)
from neardup.core.settings import ScanSettings

CHARS_PER_PLACE = WINNOW + ANCHOR_CHARS - 1


def kept_places(text: str) -> tuple[np.ndarray, int]:
    """The hashes winnowing keeps, once per place, sorted; and the compact length."""
    return winnowed(text), compact_length(text)


def main(folder: Path) -> None:
    settings = ScanSettings(use_cache=False)
    result = scan([folder], settings)
    options = AnalyzeOptions.of(settings)
    places: dict[int, tuple[np.ndarray, int]] = {}

    def of(i: int) -> tuple[np.ndarray, int]:
        if i not in places:
            analyzed = analyze_file(result.documents[i].path, options)
            assert not hasattr(analyzed, "reason"), analyzed
            places[i] = kept_places(analyzed.text)  # type: ignore[union-attr]
        return places[i]

    ratios = []
    for pair in result.pairs:
        if pair.kind.value == "duplicate":
            continue
        (kept_a, length_a), (kept_b, length_b) = of(pair.a), of(pair.b)
        bound_a = CHARS_PER_PLACE * int(np.isin(kept_a, kept_b).sum()) / length_a
        bound_b = CHARS_PER_PLACE * int(np.isin(kept_b, kept_a).sum()) / length_b
        shorter = pair.overlap_a if length_a <= length_b else pair.overlap_b
        ratios.append((max(bound_a, bound_b) / max(shorter, 1e-9), pair.kind.value, shorter))
    ratios.sort()
    print(f"{len(ratios)} pairs (identical copies left out)")
    for ratio, kind, shorter in ratios[:5]:
        print(f"  ratio {ratio:.2f}  {kind}  verified share of the shorter text {shorter:.3f}")
    print(
        "under 1:", sum(r < 1 for r, _, _ in ratios), " under 2:", sum(r < 2 for r, _, _ in ratios)
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
