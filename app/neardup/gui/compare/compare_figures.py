"""The compare view's header: a pair's figures from one source, and what the view measured.

A pair from a scan shows the scan's figures, the ones in the Pairs tab: the distance
and similarity depend on the whole collection's word weights, and the overlaps on
the scan's settings (common text left out, say), so measuring them again for two
documents alone would give other numbers for the same pair. Two files compared on
their own have only what the view measures, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from neardup.core.report import ChangeKind, Comparison, WordDiff
from neardup.gui.formatting import count_text, kind_text, percent
from neardup.gui.report_data import PairRow

EDITS = "edits"
PASSAGES = "passages"
# An edited copy shares at least half of each text, as the scan's near-duplicate rule.
EDITED_COPY_SHARE = 0.5
translate = QCoreApplication.translate


@dataclass(frozen=True, slots=True)
class CompareOutcome:
    """What the dialog's worker returns: the documents compared and their word changes."""

    comparison: Comparison
    diff: WordDiff | None


def passages_text(count: int) -> str:
    return count_text(
        count,
        translate("CompareFigures", "{count} matched passage"),
        translate("CompareFigures", "{count} matched passages"),
    )


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
        return translate("CompareFigures", "no word changed")
    changes = count_text(
        len(diff.changes),
        translate("CompareFigures", "{count} change"),
        translate("CompareFigures", "{count} changes"),
    )
    # Changes and words counted apart, and the words summed: "7 changes: 1 deleted, 7
    # changed" read as wrong arithmetic (a change can span several words).
    words = count_text(
        inserted + deleted + changed,
        translate("CompareFigures", "{count} word"),
        translate("CompareFigures", "{count} words"),
    )
    return translate(
        "CompareFigures",
        "{changes}, {words}: {inserted} inserted, {deleted} deleted, {changed} changed",
    ).format(changes=changes, words=words, inserted=inserted, deleted=deleted, changed=changed)


def _shares(overlap_a: float | None, overlap_b: float | None) -> str:
    return translate(
        "CompareFigures", "A→B: {a} of A found in B · B→A: {b} of B found in A"
    ).format(a=percent(overlap_a), b=percent(overlap_b))


def scan_pair_text(pair: PairRow, outcome: CompareOutcome, passages: int, own: bool) -> str:
    """The pair's figures as the Pairs tab shows them; ``own`` when the passages shown are
    the scan's (not measured again)."""
    overlap = outcome.comparison.overlap
    if pair.overlap_a is None or pair.overlap_b is None:
        shares = translate(
            "CompareFigures", "{shares} (measured here: the scan did not measure overlaps)"
        ).format(shares=_shares(overlap.overlap_a, overlap.overlap_b))
    else:
        shares = _shares(pair.overlap_a, pair.overlap_b)
    matched = passages_text(passages)
    if not own:
        matched = translate("CompareFigures", "{passages} (measured here)").format(passages=matched)
    parts = [
        kind_text(pair.kind).capitalize() or translate("CompareFigures", "Pair"),
        translate("CompareFigures", "Hamming distance {distance}").format(distance=pair.distance),
        translate("CompareFigures", "similarity {similarity}").format(
            similarity=f"{pair.similarity:.3f}"
        ),
        shares,
        matched,
    ]
    return translate(
        "CompareFigures", "{figures} — the scan's figures, as in the Pairs tab"
    ).format(figures=" · ".join(parts))


def two_files_text(outcome: CompareOutcome) -> str:
    """Figures for two files that are no pair of the last scan: all measured here."""
    c = outcome.comparison
    # The kind a scan would give them: it rests on the overlaps, which depend on the two
    # texts alone, so a scan that holds them gives it too.
    if c.kind is None:
        kind = translate("CompareFigures", "No copy found")
    else:
        kind = kind_text(c.kind.value).capitalize()
    return translate(
        "CompareFigures",
        "{kind} · not a pair of the last scan; measured for these two files alone: Hamming "
        "distance {distance} · similarity {similarity} (their words weighed without a "
        "collection, so a scan that holds them can give other figures) · {shares} · {passages}",
    ).format(
        kind=kind,
        distance=c.distance,
        similarity=f"{c.similarity:.3f}",
        shares=_shares(c.overlap.overlap_a, c.overlap.overlap_b),
        passages=passages_text(len(c.overlap.spans)),
    )
