"""Stage three's verifier: exact overlaps of document pairs, the texts it keeps for them,
and the cache of overlaps measured before.

Pairs come two ways. The block index's few pairs are measured one by one, each text built
and kept while memory allows. The candidates, up to millions, come a pack against a pack
(``core.passages.packed``): the texts of a few dozen documents laid end to end, so that
all the pairs between two packs are verified in one compiled call.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.features import Analyzed, window_minima
from neardup.core.models import SpanTable
from neardup.core.passages import (
    NOTHING_FOUND,
    CompactText,
    PackedCall,
    PackedTexts,
    Passages,
    SharedText,
    held_by,
    verify,
    verify_packed,
)
from neardup.core.store import (
    OVERLAP_PREFIX,
    AnalysisCache,
    DamagedEntryError,
    decode_overlap,
    encode_overlap,
    overlap_key,
)


@dataclass(frozen=True, slots=True)
class Batch:
    """Pairs of documents under way (`Verifier.begin`): those verified in one call (rows
    a, b), and those measured one by one."""

    pairs: npt.NDArray[np.int64]
    call: PackedCall | None  # None: no pair in one call
    one_by_one: list[tuple[int, int, Passages]]


# Memory of the compact texts verification keeps at once.
COMPACT_BYTES_KEPT = 240 * 2**20

Counts = npt.NDArray[np.int32]


class Verifier:
    """Exact overlaps of document pairs, from the cache when the same two texts were
    compared before, and how many documents hold each passage."""

    def __init__(
        self,
        docs: Sequence[Analyzed],
        cache: AnalysisCache | None,
        same_text: dict[int, int],
        text_keys: Sequence[str],
    ) -> None:
        """``same_text``: each document's first document with the same normalised text;
        ``text_keys``: each document's ``text_key``."""
        self._docs = docs
        self._cache = cache
        # Tens of thousands of candidates a scan: not looked up one by one in a cache
        # that holds no overlap at all (a first scan).
        self.looks_up = cache is not None and cache.holds_derived(OVERLAP_PREFIX)
        # Texts built one by one, most recently used last; bounded by the memory of their
        # arrays, so memory does not grow with the scan (about 33 bytes a character).
        self._compact: dict[int, CompactText] = {}
        self._compact_bytes = 0
        # Packs of texts, most recently used last, bounded the same way, and where each
        # text of a loaded pack is.
        self._packs: dict[int, PackedTexts] = {}
        self._pack_bytes = 0
        self._pack_keys: dict[int, list[int]] = {}
        # Per document whose text a loaded pack holds: which pack, and where in it (-1: none).
        self._pack_of = np.full(len(docs), -1, dtype=np.int64)
        self._index_in_pack = np.full(len(docs), -1, dtype=np.int64)
        # Documents with the same normalised text share its compact text: kept once,
        # built once (four copies of a 2 MB licence would otherwise crowd out the rest).
        self._text_of = np.arange(len(docs), dtype=np.int64)
        self._text_of[list(same_text)] = list(same_text.values())
        # How many documents hold each window of a text, once asked for.
        self._counts: dict[int, Counts] = {}
        self._text_keys = text_keys
        self._new: dict[str, bytes] = {}
        # Pairs of texts measured, kept only where a text has exact copies among the
        # documents, the one case they are asked for again: kept for every pair, 100,000
        # of them held their arrays to the end of the stage, then freed all at once with
        # the GIL held (the window's longest stall).
        self._measured: dict[str, Passages] = {}
        held_by_many = Counter(same_text.values())
        self._has_copies = np.zeros(len(docs), dtype=bool)
        self._has_copies[[i for i, first in same_text.items() if held_by_many[first] > 1]] = True
        self.lengths = np.array([d.chars for d in docs], dtype=np.int64)  # of the texts

    def text_of(self, i: int) -> int:
        """The document whose compact text stands for document i's (the first with its text)."""
        return int(self._text_of[i])

    def text(self, i: int) -> CompactText:
        """The compact text of document i: a view into its pack when one holds it."""
        key = self.text_of(i)
        if self._pack_of[key] >= 0:
            return self._packs[int(self._pack_of[key])].text(int(self._index_in_pack[key]))
        text = self._compact.pop(key, None)
        if text is None:
            text = CompactText.of(self._docs[key].text)
            self._compact_bytes += text.nbytes
            while self._compact and self._compact_bytes > COMPACT_BYTES_KEPT:
                oldest = next(iter(self._compact))
                self._compact_bytes -= self._compact.pop(oldest).nbytes
                self._counts.pop(oldest, None)
        self._compact[key] = text
        return text

    def documents_at(self, i: int, shared: SharedText) -> Counts:
        """How many documents keep the hash of each window of document i's text."""
        key = self.text_of(i)
        if key not in self._counts:
            text = self.text(i)
            self._counts[key] = shared.documents_at(window_minima(text.shingles, text.tainted))
        return self._counts[key]

    def load_packs(self, packs: dict[int, Sequence[int]]) -> None:
        """Make sure the packs named (each with the documents whose texts it holds) are
        loaded, building the missing ones (from the texts built one by one where they
        are: the block index's pairs built some), which are then let go."""
        for number, documents in packs.items():
            pack = self._packs.pop(number, None)
            if pack is None:
                keys = list(dict.fromkeys(self.text_of(d) for d in documents))
                texts = [self._compact.get(k) or CompactText.of(self._docs[k].text) for k in keys]
                pack = PackedTexts.of(texts)
                self._pack_of[keys] = number
                self._index_in_pack[keys] = np.arange(len(keys))
                self._pack_keys[number] = keys
                self._pack_bytes += pack.nbytes
            self._packs[number] = pack
        for key in self._compact:
            if self._pack_of[key] < 0:
                self._counts.pop(key, None)
        self._compact.clear()
        self._compact_bytes = 0
        while len(self._packs) > len(packs) and self._pack_bytes > COMPACT_BYTES_KEPT:
            oldest = next(iter(self._packs))
            self._pack_bytes -= self._packs.pop(oldest).nbytes
            keys = self._pack_keys.pop(oldest)
            self._pack_of[keys] = -1
            for key in keys:
                self._counts.pop(key, None)

    def begin(
        self, pairs: npt.NDArray[np.int64], needed: float, pool: Executor | None = None
    ) -> Batch:
        """Start verifying pairs of documents (rows a, b) whose texts lie in the loaded
        packs: in one call, begun in ``pool`` when given, but for texts with exact copies,
        and every pair when the cache holds overlaps, which `measure` takes one by one.
        ``needed`` as in `measure`. Read the results with `measured`."""
        alone = ~(self._has_copies[pairs[:, 0]] | self._has_copies[pairs[:, 1]] | self.looks_up)
        one_by_one = [(a, b, self.measure(a, b, needed)) for a, b in pairs[~alone].tolist()]
        pairs = pairs[alone]
        if not len(pairs):
            return Batch(pairs, None, one_by_one)
        a_shorter = self.lengths[pairs[:, 0]] <= self.lengths[pairs[:, 1]]
        shares = np.stack([a_shorter, ~a_shorter], axis=1).astype(np.float64) * needed  # `measure`
        texts = self._text_of[pairs]
        packs = self._pack_of[texts]
        first = int(packs[0, 0])
        slots = np.stack(
            [packs[:, 0] != first, self._index_in_pack[texts[:, 0]],
             packs[:, 1] != first, self._index_in_pack[texts[:, 1]]],
            axis=1,
        ).astype(np.int64)  # fmt: skip
        other = int(packs[packs != first][0]) if (packs != first).any() else first
        both = (self._packs[first], self._packs[other])
        return Batch(pairs, verify_packed(both, slots, shares, pool), one_by_one)

    def measured(self, batch: Batch) -> Iterator[tuple[int, int, Passages]]:
        """Each pair of a batch that was measured (a, b, its passages), once its call is
        done: those of the call in order, then those measured one by one."""
        if batch.call is not None:
            for k, found in batch.call.measured():
                a, b = int(batch.pairs[k, 0]), int(batch.pairs[k, 1])
                if self._cache is not None:
                    self._new[self._pair_key(a, b)] = _encoded(found)
                yield a, b, found
        yield from batch.one_by_one

    def measure(self, a: int, b: int, needed: float = 0.0) -> Passages:
        """The passages of documents a and b; nothing (and nothing cached) when even the
        upper bound of the shorter text's share stays below ``needed``."""
        copies = bool(self._has_copies[a] or self._has_copies[b])
        # The key of the two texts only where it is used: most candidates of a large scan
        # are rejected unmeasured, and are neither looked up nor kept.
        key = self._pair_key(a, b) if copies or self.looks_up else ""
        if copies and key in self._measured:  # the same two texts again: copies of a text
            return self._measured[key]
        if self._cache is not None and self.looks_up:
            stored = self._cache.derived([key]).get(key)
            if stored is not None:
                with contextlib.suppress(DamagedEntryError):  # measured again, and replaced
                    shares, covers, rows = decode_overlap(
                        stored, int(self.lengths[a]), int(self.lengths[b])
                    )
                    spans = np.array(rows, dtype=np.int64).reshape(-1, 4)
                    return Passages(*shares, spans, None, *covers)
        a_shorter = self.lengths[a] <= self.lengths[b]
        found = verify(
            self.text(a), self.text(b), needed if a_shorter else 0.0, 0.0 if a_shorter else needed
        )
        if found is None:
            return NOTHING_FOUND
        key = key or self._pair_key(a, b)
        if copies:
            self._measured[key] = found
        if self._cache is not None:
            self._new[key] = _encoded(found)
        return found

    def _pair_key(self, a: int, b: int) -> str:
        return overlap_key(self._text_keys[a], self._text_keys[b])

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


def _encoded(found: Passages) -> bytes:
    shares, covers = (found.overlap_a, found.overlap_b), (found.cover_a, found.cover_b)
    return encode_overlap(shares, covers, found.spans.tolist())
