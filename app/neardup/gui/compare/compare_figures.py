"""The compare view's header: a pair's figures from one source, and what the view measured.

A pair from a scan shows the scan's figures, the ones in the Pairs tab: the distance
and similarity depend on the whole collection's word weights, and the overlaps on
the scan's settings (common text left out, say), so measuring them again for two
documents alone would give other numbers for the same pair. Two files compared on
their own have only what the view measures, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from neardup.core.report import ChangeKind, Comparison, WordDiff
from neardup.gui.formatting import percent
from neardup.gui.report_data import PairRow

EDITS = "edits"
PASSAGES = "passages"
# An edited copy shares at least half of each text, as the scan's near-duplicate rule.
EDITED_COPY_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class CompareOutcome:
    """What the dialog's worker returns: the documents compared and their word changes."""

    comparison: Comparison
    diff: WordDiff | None


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def default_mode(pair: PairRow | None, diff: WordDiff | None) -> str:
    """Edits for an edited copy of the whole document, passages for a partial copy."""
    if pair is not None and pair.kind:
        return PASSAGES if pair.kind == "partial" else EDITS
    if diff is None or not diff.words_a or not diff.words_b:
        return PASSAGES
    common = diff.common_words
    shares = (common / len(diff.words_a), common / len(diff.words_b))
    return EDITS if min(shares) >= EDITED_COPY_SHARE else PASSAGES


def changes_text(diff: WordDiff) -> str:
    inserted, deleted = diff.count(ChangeKind.INSERTED), diff.count(ChangeKind.DELETED)
    changed = diff.count(ChangeKind.CHANGED)
    if not diff.changes:
        return "no word changed"
    return (
        f"{plural(len(diff.changes), 'change')}: {plural(inserted, 'word')} inserted, "
        f"{deleted} deleted, {changed} changed"
    )


def scan_pair_text(pair: PairRow, outcome: CompareOutcome, passages: int, own: bool) -> str:
    """The pair's figures as the Pairs tab shows them; ``own`` when the passages shown are
    the scan's (not measured again)."""
    overlap = outcome.comparison.overlap
    if pair.overlap_a is None or pair.overlap_b is None:
        shares = (
            f"A→B: {percent(overlap.overlap_a)} of A found in B · "
            f"B→A: {percent(overlap.overlap_b)} of B found in A "
            "(measured here: the scan did not measure overlaps)"
        )
    else:
        shares = (
            f"A→B: {percent(pair.overlap_a)} of A found in B · "
            f"B→A: {percent(pair.overlap_b)} of B found in A"
        )
    parts = [
        pair.kind.capitalize() or "Pair",
        f"Hamming distance {pair.distance}",
        f"similarity {pair.similarity:.3f}",
        shares,
        plural(passages, "matched passage") + ("" if own else " (measured here)"),
    ]
    return " · ".join(parts) + " — the scan's figures, as in the Pairs tab"


def two_files_text(outcome: CompareOutcome) -> str:
    """Figures for two files that are no pair of the last scan: all measured here."""
    c = outcome.comparison
    return (
        "Not a pair of the last scan; measured for these two files alone: "
        f"Hamming distance {c.distance} · similarity {c.similarity:.3f} (their words "
        "weighed without a collection, so a scan that holds them can give other figures) · "
        f"A→B: {percent(c.overlap.overlap_a)} of A found in B · "
        f"B→A: {percent(c.overlap.overlap_b)} of B found in A · "
        f"{plural(len(c.overlap.spans), 'matched passage')}"
    )
