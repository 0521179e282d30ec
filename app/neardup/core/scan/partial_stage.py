"""Stage three of a scan: partial copies and verified figures for every pair.

Candidates are the pairs the block index found and every pair whose shared verbatim
text can make up the share a copy needs (``core.passages.candidates``). Each is verified
exactly, and its kind follows from the verified figures alone, so a pair reads the same
whatever else is scanned:

- ``duplicate``: the same normalised text;
- ``near-duplicate``: most of each text is found in the other (an edited, reordered
  or reformatted copy of the whole document): both shares at least ``NEAR_DUPLICATE_SHARE``;
- ``partial``: less than that, but at least ``settings.min_overlap`` of the shorter text.

Passages also get how many scanned documents hold them, so common text (a licence,
a template) is marked as such rather than hidden.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt

from neardup.core.features import Analyzed, compact_length, window_minima
from neardup.core.match import FeatureWeights, compared
from neardup.core.models import Overlap, Pair, PairKind, Role, SpanTable
from neardup.core.passages import (
    NOTHING_FOUND,
    CompactText,
    Passages,
    SharedText,
    held_by,
    non_space_before,
    shared_text,
    union_size,
    verify,
)
from neardup.core.scan.progress import ScanContext, Stage, StageTimer
from neardup.core.settings import ScanSettings
from neardup.core.store import (
    OVERLAP_PREFIX,
    AnalysisCache,
    DamagedEntryError,
    decode_overlap,
    encode_overlap,
    overlap_key,
    text_key,
)

# Both texts at least half found in each other: an edited copy of the whole document.
NEAR_DUPLICATE_SHARE = 0.5
# Memory of the compact texts verification keeps at once.
COMPACT_BYTES_KEPT = 240 * 2**20
# A compact text's memory a character, with its documents-at counts (measured: 33 + 4),
# and some room.
COMPACT_BYTES_PER_CHAR = 40
# Candidates verified between two progress reports (a few milliseconds).
CANDIDATES_A_REPORT = 64


def kind_of(found: Overlap, shorter_share: float, min_overlap: float) -> PairKind | None:
    """The kind of a verified pair of different texts, or None when it is no copy."""
    if not found.spans:
        return None
    if min(found.overlap_a, found.overlap_b) >= NEAR_DUPLICATE_SHARE:
        return PairKind.NEAR_DUPLICATE
    return PairKind.PARTIAL if shorter_share >= min_overlap else None


class _Verifier:
    """Exact overlaps of document pairs, from the cache when the same two texts were
    compared before, and how many documents hold each passage."""

    def __init__(
        self, docs: Sequence[Analyzed], cache: AnalysisCache | None, same_text: dict[int, int]
    ) -> None:
        self._docs = docs
        self._cache = cache
        # Tens of thousands of candidates a scan: not looked up one by one in a cache
        # that holds no overlap at all (a first scan).
        self._lookups = cache is not None and cache.holds_derived(OVERLAP_PREFIX)
        # Documents with the same normalised text share its compact text: kept once,
        # built once (four copies of a 2 MB licence would otherwise crowd out the rest).
        self._same_text = same_text
        # Most recently used last; bounded by the memory of their arrays, so memory does
        # not grow with the scan (a compact text holds about 33 bytes a character).
        self._compact: dict[int, tuple[CompactText, npt.NDArray[np.int32] | None]] = {}
        self._compact_bytes = 0
        self._keys: dict[int, str] = {}
        self._new: dict[str, bytes] = {}
        # Pairs of texts measured, kept only where a text has exact copies among the
        # documents, the one case they are asked for again: kept for every pair, 100,000
        # of them held their arrays to the end of the stage, then freed all at once with
        # the GIL held (the window's longest stall).
        self._measured: dict[str, Passages] = {}
        held_by_many = Counter(same_text.values())
        self._has_copies = {i for i, first in same_text.items() if held_by_many[first] > 1}

    def _text_key(self, i: int) -> str:
        if i not in self._keys:
            self._keys[i] = text_key(self._docs[i].text)
        return self._keys[i]

    def _entry(self, i: int) -> tuple[int, CompactText, npt.NDArray[np.int32] | None]:
        """The compact text of document i (and how many documents hold each of its
        windows, once asked for), under the first document with the same text."""
        key = self._same_text.get(i, i)
        entry = self._compact.pop(key, None)
        if entry is None:
            entry = (CompactText.of(self._docs[key].text), None)
            self._compact_bytes += _held(entry)
            while self._compact and self._compact_bytes > COMPACT_BYTES_KEPT:
                oldest = next(iter(self._compact))
                self._compact_bytes -= _held(self._compact.pop(oldest))
        self._compact[key] = entry
        return key, *entry

    def text(self, i: int) -> CompactText:
        return self._entry(i)[1]

    def documents_at(self, i: int, shared: SharedText) -> npt.NDArray[np.int32]:
        key, text, counts = self._entry(i)
        if counts is None:
            counts = shared.documents_at(window_minima(text.shingles, text.tainted))
            self._compact[key] = (text, counts)
            self._compact_bytes += counts.nbytes
        return counts

    def measure(self, a: int, b: int, needed: float = 0.0) -> Passages:
        """The passages of documents a and b; nothing (and nothing cached) when even the
        upper bound of the shorter text's share stays below ``needed``."""
        copies = a in self._has_copies or b in self._has_copies
        # The key of the two texts only where it is used: most candidates of a large scan
        # are rejected unmeasured, and are neither looked up nor kept.
        key = self._pair_key(a, b) if copies or self._lookups else ""
        if copies and key in self._measured:  # the same two texts again: copies of a text
            return self._measured[key]
        if self._cache is not None and self._lookups:
            stored = self._cache.derived([key]).get(key)
            if stored is not None:
                with contextlib.suppress(DamagedEntryError):  # measured again, and replaced
                    share_a, share_b, rows = decode_overlap(
                        stored, len(self._docs[a].text), len(self._docs[b].text)
                    )
                    spans = np.array(rows, dtype=np.int64).reshape(-1, 4)
                    return Passages(share_a, share_b, spans, None)
        a_shorter = len(self._docs[a].text) <= len(self._docs[b].text)
        found = verify(
            self.text(a), self.text(b), needed if a_shorter else 0.0, 0.0 if a_shorter else needed
        )
        if found is None:
            return NOTHING_FOUND
        key = key or self._pair_key(a, b)
        if copies:
            self._measured[key] = found
        if self._cache is not None:
            self._new[key] = encode_overlap(found.overlap_a, found.overlap_b, found.spans.tolist())
        return found

    def _pair_key(self, a: int, b: int) -> str:
        return overlap_key(self._text_key(a), self._text_key(b))

    def counted(self, a: int, found: Passages, shared: SharedText) -> SpanTable:
        """Each passage with the number of scanned documents that hold its text."""
        bounds = found.compact_a
        if bounds is None:  # from the cache: map back to compact characters
            positions = self.text(a).positions
            bounds = np.searchsorted(positions, found.spans[:, :2].astype(positions.dtype))
        held = held_by(self.documents_at(a, shared), bounds[:, 0], bounds[:, 1])
        rows = np.empty((len(found.spans), 5), dtype=np.int64)
        rows[:, :4] = found.spans
        rows[:, 4] = np.maximum(held, 2)
        return SpanTable(rows)

    def save(self) -> None:
        if self._cache is not None:
            self._cache.store_derived(self._new)
        self._new = {}


def _held(entry: tuple[CompactText, npt.NDArray[np.int32] | None]) -> int:
    """The memory a kept compact text holds, with its documents-at counts once made."""
    text, counts = entry
    return text.nbytes + (counts.nbytes if counts is not None else 0)


def _expanded(
    pairs: np.ndarray,
    representatives: Sequence[int],
    copies: dict[int, list[int]],
    block: int,
) -> Iterator[tuple[int, int]]:
    """Each candidate of two representatives, for every pair of their copies (a < b).

    Candidates come a rectangle of ``block`` by ``block`` representatives at a time, so
    the texts verification keeps in memory are reused rather than thrashed: the first
    documents' texts stay while the seconds' are replaced a block at a time. In the order
    of the first documents alone, each first document's seconds spread over the whole
    collection, and at 20,000 documents 170,000 of 214,000 candidates rebuilt a text.
    Candidates are read a first document at a time: millions of them as Python lists
    would hold more memory than everything else the stage keeps.
    """
    firsts, seconds = pairs[:, 0], pairs[:, 1]
    second_blocks = seconds // block
    order = np.lexsort((seconds, firsts, second_blocks, firsts // block))
    firsts, seconds, second_blocks = firsts[order], seconds[order], second_blocks[order]
    new_first = (firsts[1:] != firsts[:-1]) | (second_blocks[1:] != second_blocks[:-1])
    bounds = [0, *(np.flatnonzero(new_first) + 1).tolist(), len(order)]
    for start, end in itertools.pairwise(bounds):
        if start == end:
            continue
        first_copies = copies[representatives[int(firsts[start])]]
        for j in seconds[start:end].tolist():
            second_copies = copies[representatives[j]]
            if len(first_copies) == 1 and len(second_copies) == 1:
                yield first_copies[0], second_copies[0]  # most pairs: no copies
                continue
            for x in first_copies:
                for y in second_copies:
                    yield min(x, y), max(x, y)


def _block_size(compact_lengths: Sequence[int]) -> int:
    """How many representatives a block holds, so that two blocks' compact texts fit in
    the memory verification keeps."""
    mean_bytes = COMPACT_BYTES_PER_CHAR * max(1.0, float(np.mean(compact_lengths or [1])))
    return max(1, int(COMPACT_BYTES_KEPT / (2 * mean_bytes)))


def _without_common(found: Overlap, a: str, b: str, settings: ScanSettings) -> Overlap:
    """The figures without the passages that ``settings.exclude_common`` documents hold."""
    limit = settings.exclude_common or 0
    kept = tuple(s for s in found.spans if s.documents < limit)
    if len(kept) == len(found.spans):
        return found
    shares = []
    for text, ranges in (
        (a, [(s.a_start, s.a_end) for s in kept]),
        (b, [(s.b_start, s.b_end) for s in kept]),
    ):
        before = non_space_before(text)
        shares.append(round(union_size(ranges, before) / int(before[-1]), 4) if before[-1] else 0.0)
    return Overlap(min(shares[0], found.overlap_a), min(shares[1], found.overlap_b), kept)


def passage_pairs(
    docs: Sequence[Analyzed],
    eligible: Sequence[int],
    roles: Sequence[Role],
    features: FeatureWeights,
    near_pairs: list[Pair],
    ctx: ScanContext,
    cache: AnalysisCache | None,
) -> list[Pair]:
    """Verified figures and kinds for the block index's pairs (in place: pairs that
    verification rejects are dropped), and the new pairs found through shared text."""
    settings = ctx.settings
    # Identical texts share all their text: look for candidates with one of each, then
    # give each copy the candidates of its representative (copies are duplicates).
    copies: dict[int, list[int]] = {}
    representative_of_text: dict[str, int] = {}
    for i in eligible:
        representative = representative_of_text.setdefault(docs[i].content_key, i)
        copies.setdefault(representative, []).append(i)
    representatives = list(copies)
    first_with_text: dict[str, int] = {}
    verifier = _Verifier(
        docs,
        cache,
        {
            i: first_with_text.setdefault(docs[i].text, i)
            for group in copies.values()
            for i in group
        },
    )
    # A copy needs at least this share of the shorter text: a partial copy the minimum
    # overlap, a near-duplicate half of each text.
    needed = min(settings.min_overlap, NEAR_DUPLICATE_SHARE)
    compact_lengths = [compact_length(docs[i].text) for i in representatives]
    shared = shared_text([docs[i].kept_hashes for i in representatives], compact_lengths, needed)
    lengths = [len(d.text) for d in docs]
    # Progress counts every pair verified: the block index's, then the candidates' (each
    # candidate of two representatives stands for every pair of their copies).
    copy_counts = np.array([len(copies[r]) for r in representatives], dtype=np.int64)
    candidates = int((copy_counts[shared.pairs[:, 0]] * copy_counts[shared.pairs[:, 1]]).sum())
    timer = StageTimer(ctx.progress, Stage.PASSAGES, max(1, len(near_pairs) + candidates))
    timer.report(0, force=True)

    def settled(pair: Pair, measured: Passages) -> Pair | None:
        """The pair with its verified figures and kind, or None when it is no copy."""
        if not len(measured.spans):  # no copy, whatever else is asked
            return None
        found = Overlap(
            measured.overlap_a, measured.overlap_b, verifier.counted(pair.a, measured, shared)
        )
        if settings.exclude_common is not None:
            found = _without_common(found, docs[pair.a].text, docs[pair.b].text, settings)
        shorter = found.overlap_a if lengths[pair.a] <= lengths[pair.b] else found.overlap_b
        kind = kind_of(found, shorter, settings.min_overlap)
        if kind is None:
            return None
        pair.kind, pair.overlap_a, pair.overlap_b = kind, found.overlap_a, found.overlap_b
        pair.spans = found.spans
        return pair

    confirmed: list[Pair] = []
    for done, pair in enumerate(near_pairs, start=1):
        if pair.kind is PairKind.DUPLICATE:
            confirmed.append(pair)
        elif (checked := settled(pair, verifier.measure(pair.a, pair.b, needed))) is not None:
            confirmed.append(checked)
        timer.report(done, docs[pair.a].path.name)
    checked_near = len(near_pairs)
    near_pairs[:] = confirmed
    known = {(p.a, p.b) for p in near_pairs}
    any_library = Role.LIBRARY in roles
    new_pairs: list[Pair] = []
    # Millions of candidates in a large scan, most rejected in microseconds: the loop
    # makes no Pair until one is found, and reports progress now and then.
    for done, (a, b) in enumerate(
        _expanded(shared.pairs, representatives, copies, _block_size(compact_lengths)), start=1
    ):
        if done % CANDIDATES_A_REPORT == 0:
            timer.report(checked_near + done, docs[a].path.name)
        if ctx.cancelled():  # every candidate: one of two long texts takes a while
            break
        if (a, b) in known or (any_library and not compared(roles, a, b)):
            continue
        measured = verifier.measure(a, b, needed)
        if not len(measured.spans):
            continue
        checked = settled(Pair(a, b, PairKind.PARTIAL, 0, 0.0), measured)
        if checked is not None:
            checked.distance = (features.fingerprint(a) ^ features.fingerprint(b)).bit_count()
            new_pairs.append(checked)
    similarities = features.resemblances([(p.a, p.b) for p in new_pairs])
    for pair, similarity in zip(new_pairs, similarities, strict=True):
        pair.similarity = round(similarity, 4)
    verifier.save()
    timer.report(timer.total, force=True)
    return new_pairs
