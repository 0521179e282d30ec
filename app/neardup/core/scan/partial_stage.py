"""Stage three of a scan: partial copies found through passage windows, verified exactly.

Also gives near-duplicates their overlap figures, and promotes to near-duplicate
the pairs whose fingerprints noise put beyond k.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence

from neardup.core.features import Analyzed, Span
from neardup.core.match import FeatureWeights, compared
from neardup.core.models import Group, Overlap, Pair, PairKind, Role
from neardup.core.passages import CompactText, match_passages, measure_overlap
from neardup.core.scan.progress import ScanContext, Stage, StageTimer
from neardup.core.settings import ScanSettings
from neardup.core.store import (
    AnalysisCache,
    DamagedEntryError,
    decode_overlap,
    encode_overlap,
    overlap_key,
    text_key,
)

# A pair whose texts are each found almost entirely in the other is a
# near-duplicate even when fingerprint noise puts it a few bits beyond k; so is
# a pair with nearly the same vocabulary and most of each text found in the
# other (heavy edits and reordering break passages into pieces).
NEAR_DUPLICATE_OVERLAP = 0.9
# Verify a passage candidate only if its shared windows could plausibly cover this
# share of the minimum overlap (a margin for windows of uneven length).
PREFILTER_SHARE = 0.25
NEAR_DUPLICATE_RESEMBLANCE = 0.9
NEAR_DUPLICATE_MIN_OVERLAP = 0.5


def _is_near_duplicate(found: Overlap, similarity: float, settings: ScanSettings) -> bool:
    both = min(found.overlap_a, found.overlap_b)
    if similarity < settings.min_resemblance:
        return False
    return both >= NEAR_DUPLICATE_OVERLAP or (
        similarity >= NEAR_DUPLICATE_RESEMBLANCE and both >= NEAR_DUPLICATE_MIN_OVERLAP
    )


def _boilerplate_spans(doc: Analyzed, token_ranges: list[tuple[int, int]]) -> list[Span]:
    offsets, tokens = doc.token_offsets, doc.tokens
    return [
        Span(int(offsets[start]), int(offsets[end - 1]) + len(tokens[end - 1]))
        for start, end in token_ranges
    ]


class _Verifier:
    """Exact overlaps of document pairs, from the cache when the same texts with the
    same boilerplate were compared before."""

    def __init__(
        self, docs: Sequence[Analyzed], ignore: dict[int, list[Span]], cache: AnalysisCache | None
    ) -> None:
        self._docs = docs
        self._ignore = ignore
        self._cache = cache
        self._compact: dict[int, CompactText] = {}
        self._keys: dict[int, str] = {}
        self._new: dict[str, bytes] = {}

    def _text_key(self, i: int) -> str:
        if i not in self._keys:
            self._keys[i] = text_key(self._docs[i].text)
        return self._keys[i]

    def _text(self, i: int) -> CompactText:
        if i not in self._compact:
            self._compact[i] = CompactText.of(self._docs[i].text, self._ignore.get(i, ()))
        return self._compact[i]

    def measure(self, a: int, b: int) -> Overlap:
        key = overlap_key(
            self._text_key(a),
            self._text_key(b),
            self._ignore.get(a, ()),
            self._ignore.get(b, ()),
        )
        if self._cache is not None:
            stored = self._cache.derived([key]).get(key)
            if stored is not None:
                with contextlib.suppress(DamagedEntryError):  # measured again, and replaced
                    return decode_overlap(stored, len(self._docs[a].text), len(self._docs[b].text))
        found = measure_overlap(self._text(a), self._text(b))
        self._new[key] = encode_overlap(found)
        return found

    def save(self) -> None:
        if self._cache is not None:
            self._cache.store_derived(self._new)
        self._new = {}


def _expanded(
    candidates: dict[tuple[int, int], int],
    representatives: Sequence[int],
    copies: dict[int, list[int]],
) -> Iterator[tuple[tuple[int, int], int, int, int]]:
    """Each candidate of two representatives, for every pair of their copies (a < b)."""
    for (i, j), shared in sorted(candidates.items()):
        for x in copies[representatives[i]]:
            for y in copies[representatives[j]]:
                yield (i, j), shared, min(x, y), max(x, y)


def passage_pairs(
    docs: Sequence[Analyzed],
    eligible: Sequence[int],
    roles: Sequence[Role],
    features: FeatureWeights,
    near_pairs: list[Pair],
    families: Sequence[int],
    ctx: ScanContext,
    cache: AnalysisCache | None,
) -> list[Pair]:
    """Overlap figures for near-duplicates, and new pairs found through passages.

    A new pair is a near-duplicate when each text is almost entirely found in
    the other, and a partial copy when enough of the smaller one is. Fingerprint
    near-duplicates that share little text are demoted or dropped, in place.
    """
    settings = ctx.settings
    StageTimer(ctx.progress, Stage.PASSAGES, 1).report(0, force=True)
    # Identical texts share every window: match one of each, then give each copy
    # the candidates of its representative (pairs among the copies are known).
    copies: dict[int, list[int]] = {}
    representative_of_text: dict[str, int] = {}
    for i in eligible:
        representative = representative_of_text.setdefault(docs[i].content_key, i)
        copies.setdefault(representative, []).append(i)
    representatives = list(copies)
    passages = [docs[i].passages for i in representatives]
    matches = match_passages(passages, [families[i] for i in representatives])
    ignore: dict[int, list[Span]] = {}
    for k, ranges in enumerate(matches.boilerplate):
        for member in copies[representatives[k]] if ranges else ():
            # Same text, so the same token ranges (unless whitespace split words differently).
            if len(docs[member].tokens) == len(docs[representatives[k]].tokens):
                ignore[member] = _boilerplate_spans(docs[member], ranges)
    verifier = _Verifier(docs, ignore, cache)
    overlap = verifier.measure
    confirmed: list[Pair] = []
    for pair in near_pairs:
        if pair.kind is PairKind.NEAR_DUPLICATE:
            found = overlap(pair.a, pair.b)
            pair.overlap_a, pair.overlap_b, pair.spans = (
                found.overlap_a,
                found.overlap_b,
                found.spans,
            )
            # Close fingerprints and similar vocabulary, but little shared text: the
            # exact check overrules the sketch (a partial copy at most).
            if max(found.overlap_a, found.overlap_b) < NEAR_DUPLICATE_MIN_OVERLAP:
                smaller = (
                    found.overlap_a
                    if len(docs[pair.a].text) <= len(docs[pair.b].text)
                    else found.overlap_b
                )
                if smaller < settings.min_overlap or not found.spans:
                    continue
                pair.kind = PairKind.PARTIAL
        confirmed.append(pair)
    near_pairs[:] = confirmed
    known = {(p.a, p.b) for p in near_pairs}
    new_pairs: list[Pair] = []
    for (i, j), shared_windows, a, b in _expanded(matches.candidates, representatives, copies):
        if (a, b) in known or not compared(roles, a, b):
            continue
        if ctx.cancelled():
            break
        # Windows are about a sentence each: a pair sharing too few of the smaller
        # document's windows cannot reach the minimum overlap, so skip the exact check.
        fewest = min(len(passages[i].fingerprints), len(passages[j].fingerprints))
        if shared_windows < PREFILTER_SHARE * settings.min_overlap * fewest:
            continue
        found = overlap(a, b)
        if not found.spans:
            continue
        smaller = found.overlap_a if len(docs[a].text) <= len(docs[b].text) else found.overlap_b
        similarity = round(features.resemblance(a, b), 4)
        if _is_near_duplicate(found, similarity, settings):
            kind = PairKind.NEAR_DUPLICATE
        elif smaller >= settings.min_overlap:
            kind = PairKind.PARTIAL
        else:
            continue
        distance = (features.fingerprint(a) ^ features.fingerprint(b)).bit_count()
        new_pairs.append(
            Pair(a, b, kind, distance, similarity, found.overlap_a, found.overlap_b, found.spans)
        )
    verifier.save()
    return new_pairs


def families_of(count: int, groups: Sequence[Group]) -> list[int]:
    families = list(range(count))
    for group in groups:
        for member, _ in group.members:
            families[member] = group.reference
    return families
