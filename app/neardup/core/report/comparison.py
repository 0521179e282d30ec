"""Compare two documents in detail: fingerprints, distance, overlap and matched passages.

Serves `neardup compare`, its standalone side-by-side HTML page and the GUI's compare
dialog. The figures are measured on the normalised texts; what a person reads is each
document's own text, with the passages mapped back to it (`OriginalText`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field, replace
from pathlib import Path

from neardup.core.extract import extract
from neardup.core.features import Analyzed, AnalyzeOptions, MappingError, to_hex
from neardup.core.match import FeatureWeights
from neardup.core.models import MatchedSpan, Overlap, PairKind, Problem, kind_of
from neardup.core.passages import CompactText, measure_overlap
from neardup.core.report.original import OriginalText
from neardup.core.report.reflow import reflowed
from neardup.core.settings import ScanSettings


@dataclass(frozen=True, slots=True)
class Comparison:
    left: Analyzed | None
    right: Analyzed | None
    problems: tuple[Problem, ...]
    fingerprint_left: int = 0
    fingerprint_right: int = 0
    similarity: float = 0.0
    overlap: Overlap = field(default_factory=lambda: Overlap(0.0, 0.0, (), 0.0, 0.0))
    # What a scan would call the pair (None: no copy), from the overlaps as a scan's rule
    # reads them: these figures depend on the two texts alone.
    kind: PairKind | None = None
    left_original: OriginalText | None = None  # the documents' own texts, where mapped
    right_original: OriginalText | None = None

    @property
    def distance(self) -> int:
        return (self.fingerprint_left ^ self.fingerprint_right).bit_count()

    def shown(self, side: str) -> tuple[str, list[tuple[int, int]]]:
        """The text a person reads for side "a" or "b" (the document's own, where it could
        be mapped; else the normalised one), and the matched passages in it."""
        analysed = self.left if side == "a" else self.right
        original = self.left_original if side == "a" else self.right_original
        if analysed is None:
            return "", []
        spans = [
            (s.a_start, s.a_end) if side == "a" else (s.b_start, s.b_end)
            for s in self.overlap.spans
        ]
        if original is None:
            return analysed.text, spans
        # A PDF in paragraphs, not its page's lines: one character for each break.
        text = reflowed(original.original) if analysed.format == "pdf" else original.original
        return text, [original.span(start, end) for start, end in spans]


def compare_documents(left: Analyzed, right: Analyzed, settings: ScanSettings) -> Comparison:
    """Two documents alone have no corpus, so TF-IDF falls back to jieba's IDF table."""
    features = FeatureWeights([left.tokens, right.tokens], settings)
    overlap = measure_overlap(CompactText.of(left.text), CompactText.of(right.text))
    if left.content_key == right.content_key:
        kind: PairKind | None = PairKind.DUPLICATE
    else:
        kind = kind_of(overlap, left.chars, right.chars, settings.min_overlap)
    return Comparison(
        left,
        right,
        (),
        features.fingerprint(0),
        features.fingerprint(1),
        round(features.resemblance(0, 1), 4),
        overlap,
        kind=kind,
    )


def compare_files(a: Path, b: Path, settings: ScanSettings | None = None) -> Comparison:
    settings = settings or ScanSettings()
    options = AnalyzeOptions.of(settings)
    read = [_read(path, options) for path in (a, b)]
    (left, left_original), (right, right_original) = read
    problems = tuple(x for x in (left, right) if isinstance(x, Problem))
    if isinstance(left, Problem) or isinstance(right, Problem):
        return Comparison(
            None if isinstance(left, Problem) else left,
            None if isinstance(right, Problem) else right,
            problems,
        )
    found = compare_documents(left, right, settings)
    return replace(found, left_original=left_original, right_original=right_original)


def _read(path: Path, options: AnalyzeOptions) -> tuple[Analyzed | Problem, OriginalText | None]:
    """The document analysed as a scan analyses it, and its own text mapped."""
    document = extract(path, pdf_engine=options.pdf_engine)
    if isinstance(document, Problem):
        return document, None
    try:
        analysed = Analyzed.from_document(document, options)
    except Exception as error:  # as analyze_file: a bug in a later stage is a Problem
        return Problem.of(document.path, "analysis-failed", detail=error), None
    try:
        return analysed, OriginalText.of(document, fold=options.fold)
    except MappingError:
        return analysed, None  # shown normalised rather than not at all


def _excerpt(text: str, start: int, end: int, width: int = 60) -> str:
    snippet = text[start:end].replace("\n", " ")
    return snippet if len(snippet) <= width else snippet[: width - 1] + "…"


def format_comparison(c: Comparison) -> str:
    """A plain-text summary for the terminal."""
    if c.left is None or c.right is None:
        return "\n".join(f"{p.path}: {p.reason}" for p in c.problems)
    lines = [
        f"A: {c.left.path}",
        f"   simhash {to_hex(c.fingerprint_left)}, {len(c.left.tokens)} tokens, {len(c.left.text)} chars",
        f"B: {c.right.path}",
        f"   simhash {to_hex(c.fingerprint_right)}, {len(c.right.tokens)} tokens, {len(c.right.text)} chars",
        f"Kind: {c.kind.value if c.kind is not None else 'no copy'}",
        f"Found in the other: A→B {c.overlap.overlap_a:.1%} of A, B→A {c.overlap.overlap_b:.1%} of B",
        f"Matched passages: {len(c.overlap.spans)}",
        # TF-IDF weighs a term by the documents there are: here these two, in a scan all.
        f"Hamming distance: {c.distance} (terms weighed by these two documents; a scan's may differ)",
        f"Similarity (weighted Jaccard of features): {c.similarity:.3f}",
    ]
    text, shown = c.shown("a")
    _, partners = c.shown("b")
    for n, ((start, end), (b_start, b_end)) in enumerate(
        zip(shown, partners, strict=True), start=1
    ):
        lines.append(
            f"  {n:3}. A[{start}:{end}] ~ B[{b_start}:{b_end}]  {_excerpt(text, start, end)}"
        )
    return "\n".join(lines)


def _marked(text: str, spans: list[tuple[int, int, int]], side: str, other: str) -> str:
    """HTML of a text with each matched span wrapped in a mark linked to its partner."""
    out: list[str] = []
    position = 0
    for start, end, number in sorted(spans):
        if start < position:  # overlapping spans on this side: keep the first
            continue
        out.append(html.escape(text[position:start]))
        out.append(
            f'<a class="match" id="{side}{number}" href="#{other}{number}" '
            f'title="matched passage {number}">{html.escape(text[start:end])}</a>'
        )
        position = end
    out.append(html.escape(text[position:]))
    return "".join(out)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>NearDup: {title}</title>
<style>
body {{ font-family: sans-serif; margin: 0; }}
header {{ padding: .6em 1em; background: #f3f3f3; border-bottom: 1px solid #ccc; }}
main {{ display: grid; grid-template-columns: 1fr 1fr; gap: 0; height: calc(100vh - 6em); }}
section {{ overflow: auto; padding: 1em; white-space: pre-wrap; border-right: 1px solid #ddd; }}
h2 {{ font-size: 1em; margin: 0 0 .6em; word-break: break-all; }}
a.match {{ background: #ffe58a; color: inherit; text-decoration: none; }}
a.match:target {{ background: #ffb347; outline: 2px solid #e67e00; }}
</style></head><body>
<header><b>{title}</b><br>Hamming distance {distance} · similarity {similarity:.3f} ·
A→B {overlap_a:.1%} of A found in B · B→A {overlap_b:.1%} of B found in A ·
{count} matched passages (click one to jump to its partner)</header>
<main><section><h2>A: {left_name}</h2>{left}</section>
<section><h2>B: {right_name}</h2>{right}</section></main>
</body></html>
"""


def comparison_html(c: Comparison) -> str:
    """A standalone side-by-side page; works offline (no scripts, no external files)."""
    if c.left is None or c.right is None:
        raise ValueError("both documents must have been read")
    spans: list[MatchedSpan] = list(c.overlap.spans)
    left_text, left_spans = c.shown("a")
    right_text, right_spans = c.shown("b")
    left_marks = [(s, e, n) for n, (s, e) in enumerate(left_spans, start=1)]
    right_marks = [(s, e, n) for n, (s, e) in enumerate(right_spans, start=1)]
    return _PAGE.format(
        title=html.escape(f"{c.left.path.name} ↔ {c.right.path.name}"),
        distance=c.distance,
        similarity=c.similarity,
        overlap_a=c.overlap.overlap_a,
        overlap_b=c.overlap.overlap_b,
        count=len(spans),
        left_name=html.escape(str(c.left.path)),
        right_name=html.escape(str(c.right.path)),
        left=_marked(left_text, left_marks, "a", "b"),
        right=_marked(right_text, right_marks, "b", "a"),
    )


def write_html(c: Comparison, destination: Path) -> None:
    destination.write_text(comparison_html(c), encoding="utf-8")
