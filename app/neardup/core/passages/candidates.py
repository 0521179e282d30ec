"""Candidate pairs for verification: documents that share verbatim text.

Each document keeps its winnowing keys once per place (``core.features.shingles``).
Verification accepts a pair only when one of its passages holds a verbatim run of
``ANCHOR_CHARS`` compact characters, and winnowing keeps a key of every such run in both
texts. So the rule is exact: **every pair that shares a kept key is a candidate**, and no
pair verification would accept is lost. ``tests/unit/test_shared_text.py`` checks that
``scan`` reports exactly what verifying every pair reports.

The one exception is a key that more than ``MAX_SHARED_BY`` documents keep (a licence, a
template, a cover page): pairing every document that holds it would be quadratic. Such
keys still count, through a bound: a run of ``r >= ANCHOR_CHARS`` characters holds at least
``(r - ANCHOR_CHARS + 1) / WINNOW`` places, so a place stands for at most
``CHARS_PER_PLACE`` characters, and ``CHARS_PER_PLACE * J / C`` (J: the common places a
text shares with the other, C: its compact length) bounds the share of it that lies in
common runs. The few documents whose common text alone can reach half the share
verification needs (a margin for passages joined across edits, whose short runs winnowing
cannot see) are paired with every document they share it with. A passage copied by many
documents is therefore found in every pair it makes a copy of, and a cover sentence held
by every thesis makes no pair.

Pairs are enumerated from posting lists of at most ``MAX_SHARED_BY`` documents (documents
that share the same set of keys give their pairs once, not once per key). Memory stays
linear in the text and in the pairs found.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.collector import give_back_freed_memory
from neardup.core.features import ANCHOR_CHARS, WINNOW, HashArray, sorted_distinct

CHARS_PER_PLACE = WINNOW + ANCHOR_CHARS - 1
# The bound must reach this share of what verification needs (see the docstring).
BOUND_MARGIN = 0.5
MAX_SHARED_BY = 256
# Two odd multipliers make the signature of a posting list (its documents) rarely collide;
# lists with the same signature are still told apart by their documents.
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))
# Pair keys made at once, before they are merged with the distinct ones found so far.
_KEYS_A_PART = 1 << 22
# Posting lists are built for the hashes of one value range at a time: a hash's documents
# all fall in its range, and the postings of every hash at once, with their sort, were the
# scan's peak of memory at 50,000 documents. The ranges' edges come from a sample of the
# documents.
_RANGE_BITS = 3
_SAMPLED_DOCUMENTS = 1000
_NO_HASHES = np.zeros(0, dtype=np.uint64)

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt32Array = npt.NDArray[np.uint32]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class SharedText:
    """Candidate pairs (indices into the documents given, a < b), and how many documents
    keep each hash, to tell common passages (found in many documents) from rare ones.

    Pairs are held by first document: document a's seconds are
    ``seconds[starts[a]:starts[a + 1]]``, ascending. There are tens of millions at 50,000
    documents (18.75M): 4 bytes a pair, where rows of two numbers took 8."""

    starts: IntArray  # per document, and one more: where its pairs begin in ``seconds``
    seconds: Int32Array  # the second document of every pair, by first document
    hashes: HashArray  # sorted distinct hashes kept by two or more documents
    documents: IntArray  # how many documents keep each of those hashes

    def __len__(self) -> int:
        return len(self.seconds)

    def firsts(self, first: int = 0, end: int | None = None) -> Int32Array:
        """The first document of each pair whose first is in [first, end)."""
        end = len(self.starts) - 1 if end is None else end
        counts = np.diff(self.starts[first : end + 1])
        return np.repeat(np.arange(first, end, dtype=np.int32), counts)

    def rows(self, first: int = 0, end: int | None = None) -> Int32Array:
        """The pairs whose first document is in [first, end), sorted, as rows (a, b)."""
        end = len(self.starts) - 1 if end is None else end
        seconds = self.seconds[self.starts[first] : self.starts[end]]
        return np.stack([self.firsts(first, end), seconds], axis=1)

    def documents_at(self, minima: HashArray) -> npt.NDArray[np.int32]:
        """For each window of a text (its ``window_minima``), how many documents keep
        its hash (1 where no other document does)."""
        if not len(self.hashes):
            return np.ones(len(minima), dtype=np.int32)
        where = np.minimum(np.searchsorted(self.hashes, minima), len(self.hashes) - 1)
        return np.where(self.hashes[where] == minima, self.documents[where], 1).astype(np.int32)


def held_by(
    documents_at: npt.NDArray[np.int32], starts: IntArray, ends: IntArray
) -> npt.NDArray[np.int32]:
    """How many documents hold the text of each passage at compact characters
    [start, end): the count of the window at its middle, so that words that happen to
    recur elsewhere at its edges do not change it."""
    if not len(documents_at):
        return np.ones(len(starts), dtype=np.int32)
    last_window = np.maximum(starts, ends - ANCHOR_CHARS)
    middle = np.minimum((starts + last_window) // 2, len(documents_at) - 1)
    return documents_at[middle]


def shared_text(kept: Sequence[HashArray], lengths: Sequence[int], needed: float) -> SharedText:
    """The pairs of documents that share a kept key, or common text that can make up
    ``needed`` of one of them.

    ``kept``: each document's ``winnowed`` keys; ``lengths``: their compact lengths;
    ``needed``: the smallest share of a text that verification accepts as a copy.
    """
    found = _DistinctKeys(len(kept))
    held: list[tuple[HashArray, IntArray]] = []
    common_parts: list[_Postings] = []
    for part in _by_value_range(kept, _RANGE_BITS):
        postings = _Postings.of(part, lengths)
        del part  # the range's hashes are in the postings now
        postings.rare_pairs(found)
        held.append(postings.held_by_several())
        common_parts.append(postings.common_only())
        del postings
        give_back_freed_memory()  # a range's temporaries, before the next range's
    # The common hashes' entries, in the order one posting of all would hold them (ranges
    # ascending), so that each document's sums add up in the same order.
    common = _Postings.joined(common_parts)
    common_parts.clear()
    heavy = common.common_share() >= needed * BOUND_MARGIN
    common.heavy_pairs(heavy, needed * BOUND_MARGIN, found)
    del common
    hashes = np.concatenate([values for values, _ in held])
    documents = np.concatenate([counts for _, counts in held])
    starts, seconds = found.by_first()
    del found
    give_back_freed_memory()
    return SharedText(starts, seconds, hashes, documents)


def _by_value_range(kept: Sequence[HashArray], bits: int) -> Iterator[list[HashArray]]:
    """Each document's kept hashes (sorted) cut into 2**bits ranges of value, each with
    about as many hashes: per range, every document's part of it. ``kept`` is read once a
    range (a scan reads each from its spool when asked), and a part is a copy, so that
    only one range's parts are held."""
    if not bits:
        yield list(kept)
        return
    edges = _balanced_edges(kept, 1 << bits)
    for low, high in itertools.pairwise([None, *edges, None]):
        parts = []
        for hashes in kept:
            start = 0 if low is None else int(np.searchsorted(hashes, low))
            end = len(hashes) if high is None else int(np.searchsorted(hashes, high))
            parts.append(hashes[start:end].copy())
        yield parts


def _balanced_edges(kept: Sequence[HashArray], ranges: int) -> list[np.uint64]:
    """Where to cut the hashes' values into ``ranges`` ranges of about as many hashes, from
    a sample of the documents. Kept hashes are window minima, far from uniform: cut by
    their leading bits, the first of eight ranges held 45% of them."""
    step = max(1, len(kept) // _SAMPLED_DOCUMENTS)
    sample = np.sort(np.concatenate([kept[i] for i in range(0, len(kept), step)] or [_NO_HASHES]))
    if not len(sample):
        return []
    return [sample[len(sample) * r // ranges] for r in range(1, ranges)]


@dataclass(frozen=True, slots=True)
class _Postings:
    """For every kept key, the documents that keep it (ascending), and for each the
    share of its text the key's places stand for.

    Entries are counted in 32 bits: at 20,000 documents there are ten million, and the
    postings were the scan's peak of memory."""

    size: int  # documents
    owners: Int32Array  # one entry per (hash, document), sorted by hash then document
    places: Int32Array  # how many places of its document the entry's hash was kept at
    per_place: FloatArray  # per document: the share of its text a place stands for
    starts: Int32Array  # first entry of each distinct hash
    counts: Int32Array  # documents keeping each hash
    values: HashArray  # each distinct hash

    @classmethod
    def of(cls, kept: Sequence[HashArray], lengths: Sequence[int]) -> _Postings:
        values = np.concatenate(kept) if kept else np.zeros(0, dtype=np.uint64)
        order = np.argsort(values, kind="stable")  # documents stay ascending within a hash
        values = values[order]
        owners = np.repeat(np.arange(len(kept), dtype=np.int32), [len(k) for k in kept])[order]
        del order
        new_entry = np.ones(len(values), dtype=bool)
        new_entry[1:] = (values[1:] != values[:-1]) | (owners[1:] != owners[:-1])
        entry_starts = np.flatnonzero(new_entry).astype(np.int32)
        del new_entry
        places = np.diff(np.append(entry_starts, np.int32(len(values)))).astype(
            np.int32, copy=False
        )
        values, owners = values[entry_starts], owners[entry_starts]
        del entry_starts
        new_hash = np.ones(len(values), dtype=bool)
        new_hash[1:] = values[1:] != values[:-1]
        starts = np.flatnonzero(new_hash).astype(np.int32)
        counts = np.diff(np.append(starts, np.int32(len(values)))).astype(np.int32, copy=False)
        per_place = CHARS_PER_PLACE / np.maximum(np.asarray(lengths, dtype=np.float64), 1.0)
        return cls(len(kept), owners, places, per_place, starts, counts, values[starts])

    def common_only(self) -> _Postings:
        """The postings of the hashes more than ``MAX_SHARED_BY`` documents keep."""
        common = self.counts > MAX_SHARED_BY
        entries = self._common_entries()
        counts = self.counts[common]
        starts = (np.cumsum(counts) - counts).astype(np.int32)
        return _Postings(
            self.size,
            self.owners[entries],
            self.places[entries],
            self.per_place,
            starts,
            counts,
            self.values[common],
        )

    @classmethod
    def joined(cls, parts: Sequence[_Postings]) -> _Postings:
        """The postings of disjoint, ascending ranges of hashes, as one."""
        entries_before = np.cumsum([0, *(len(p.owners) for p in parts)])
        return cls(
            parts[0].size,
            np.concatenate([p.owners for p in parts]),
            np.concatenate([p.places for p in parts]),
            parts[0].per_place,
            np.concatenate(
                [
                    p.starts + np.int32(before)
                    for p, before in zip(parts, entries_before[:-1], strict=True)
                ]
            ),
            np.concatenate([p.counts for p in parts]),
            np.concatenate([p.values for p in parts]),
        )

    def shares(self, entries: IntArray) -> FloatArray:
        """For each entry given, the share of its document's text its places stand for
        (``CHARS_PER_PLACE * places / compact length``)."""
        shares: FloatArray = self.places[entries] * self.per_place[self.owners[entries]]
        return shares

    def held_by_several(self) -> tuple[HashArray, IntArray]:
        shared = self.counts >= 2
        return self.values[shared], self.counts[shared].astype(np.int64)

    def _common_entries(self) -> IntArray:
        """The entries of hashes kept by more than ``MAX_SHARED_BY`` documents."""
        return np.flatnonzero(np.repeat(self.counts > MAX_SHARED_BY, self.counts))

    def common_share(self) -> FloatArray:
        """Per document, the share of its text its common hashes stand for."""
        entries = self._common_entries()
        shares: FloatArray = np.bincount(
            self.owners[entries], self.shares(entries), minlength=self.size
        ).astype(np.float64)
        return shares

    def rare_pairs(self, found: _DistinctKeys) -> None:
        """Every pair within posting lists of 2..MAX_SHARED_BY documents (key
        ``a << 32 | b``, a < b), added to ``found``."""
        for size in np.unique(self.counts[self.counts >= 2]).tolist():
            if size > MAX_SHARED_BY:
                break
            grid = self.starts[self.counts == size][:, None] + np.arange(size)
            owners = self.owners[grid].astype(np.int64)
            # Keys kept by the same documents (one shared passage) give their pairs once.
            with np.errstate(over="ignore"):
                mixed = [(owners.astype(np.uint64) + np.uint64(1)) * m for m in _MIX]
                signature = [(m ^ (m >> np.uint64(31))).sum(axis=1) for m in mixed]
            owners = owners[np.lexsort(signature)]
            new_set = np.ones(len(owners), dtype=bool)
            new_set[1:] = (owners[1:] != owners[:-1]).any(axis=1)
            owners = owners[new_set]
            left, right = np.triu_indices(size, 1)
            step = max(1, _KEYS_A_PART // len(left))
            for k in range(0, len(owners), step):
                part = owners[k : k + step]
                found.add((part[:, left] * (1 << 32) + part[:, right]).reshape(-1))

    def heavy_pairs(
        self, heavy: npt.NDArray[np.bool_], threshold: float, found: _DistinctKeys
    ) -> None:
        """The pairs of each heavy document whose common shared places can make up
        ``threshold`` of one of the two, with every document, added to ``found`` a part
        at a time (a heavy document may pair with most of a collection)."""
        entries = self._common_entries()
        entries = entries[heavy[self.owners[entries]]]
        entries = entries[np.argsort(self.owners[entries], kind="stable")]
        entry_owners = self.owners[entries]
        hash_of_entry = np.searchsorted(self.starts, entries, side="right") - 1
        part: list[IntArray] = []
        in_part = 0
        for x in np.flatnonzero(heavy).tolist():
            lo, hi = np.searchsorted(entry_owners, [x, x + 1])
            own = entries[lo:hi]
            lists = hash_of_entry[lo:hi]
            postings = np.concatenate(
                [np.arange(self.starts[h], self.starts[h] + self.counts[h]) for h in lists.tolist()]
                or [np.zeros(0, dtype=np.int64)]
            )
            holders = self.owners[postings]
            mine = np.bincount(
                holders, np.repeat(self.shares(own), self.counts[lists]), minlength=self.size
            )
            theirs = np.bincount(holders, self.shares(postings), minlength=self.size)
            others = np.flatnonzero(np.maximum(mine, theirs) >= threshold)
            others = others[others != x]
            part.append(np.minimum(others, x) * (1 << 32) + np.maximum(others, x))
            in_part += len(others)
            if in_part >= _KEYS_A_PART:
                found.add(np.concatenate(part))
                part.clear()
                in_part = 0
        if part:
            found.add(np.concatenate(part))


class _DistinctKeys:
    """Sorted distinct pair keys (``a << 32 | b``) gathered a part at a time, kept in bands
    of the first document, and each band's parts merged as they come (the runs of a
    log-structured merge): memory follows the distinct keys, not every key made (two
    documents that share many passages give their pair once for each).

    The bands bound the last merge: all the keys concatenated, sorted and then made into
    pairs held three copies of every candidate at once, the scan's peak of memory at
    50,000 documents (0.9 GB); a band at a time, it is one copy and a band. Within a band
    a pair is numbered in 32 bits, ``(a - band's first) * documents + b``, in the same
    order: half the memory of the runs, which hold up to twice the distinct pairs."""

    def __init__(self, documents: int, bands: int = 16) -> None:
        self._documents = documents
        self._span = max(documents, 1)  # what a pair's first document is counted in
        # Enough bands that a band's pairs number below 2**32.
        firsts_a_band = (2**32 - 1) // self._span
        bands = max(bands, -(-documents // firsts_a_band))
        self._firsts = np.arange(bands + 1, dtype=np.int64) * documents // bands
        self._edges = self._firsts[1:-1] << 32  # the smallest key of each band but the first
        self._bands: list[list[UInt32Array]] = [[] for _ in range(bands)]

    def add(self, keys: IntArray) -> None:
        made = sorted_distinct(keys)
        cuts = [0, *np.searchsorted(made, self._edges).tolist(), len(made)]
        for band, runs in enumerate(self._bands):
            start, end = cuts[band], cuts[band + 1]
            if start == end:
                continue
            part = made[start:end]
            local = (part >> 32) - self._firsts[band]
            local *= self._span
            local += part & 0xFFFFFFFF
            run = local.astype(np.uint32)
            del part, local
            while runs and len(runs[-1]) <= 2 * len(run):
                run = sorted_distinct(np.concatenate((runs.pop(), run)))
            runs.append(run)

    def by_first(self) -> tuple[IntArray, Int32Array]:
        """Every pair added once, sorted, as the start of each first document's pairs (and
        one more) and the second documents; the keys are let go a band at a time."""
        counts = np.zeros(self._documents + 1, dtype=np.int64)
        seconds: list[Int32Array] = []
        for band, runs in enumerate(self._bands):
            local = _merged(runs)
            firsts, second = np.divmod(local, np.uint32(self._span))
            counts[self._firsts[band] + 1 : self._firsts[band + 1] + 1] += np.bincount(
                firsts, minlength=int(self._firsts[band + 1] - self._firsts[band])
            )
            seconds.append(second.astype(np.int32))
            self._bands[band] = []
            del local, firsts, second
        return np.cumsum(counts), np.concatenate(seconds or [np.zeros(0, dtype=np.int32)])


def _merged(runs: list[UInt32Array]) -> UInt32Array:
    """The keys of sorted distinct runs, sorted and distinct; the runs are let go."""
    if len(runs) <= 1:
        return runs.pop() if runs else np.zeros(0, dtype=np.uint32)
    joined = np.concatenate(runs)
    runs.clear()
    return sorted_distinct(joined, owned=True)
