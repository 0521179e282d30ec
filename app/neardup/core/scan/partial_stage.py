"""Stage three of a scan: partial copies and verified figures for every pair.

Candidates are the pairs the block index found and every pair whose shared verbatim
text can make up the share a copy needs (``core.passages.candidates``). Each is verified
exactly, and its kind follows from the verified figures alone, so a pair reads the same
whatever else is scanned:

- ``duplicate``: the same normalised text;
- ``near-duplicate``: passages run through most of each text (an edited, reordered
  or reformatted copy of the whole document): they cover at least ``NEAR_DUPLICATE_SHARE``
  of both, the edits inside them too, however little of a heavily edited copy is found;
- ``partial``: less than that, but at least ``settings.min_overlap`` of the shorter text
  found in the other.

Passages also get how many scanned documents hold them, so common text (a licence,
a template) is marked as such rather than hidden.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from neardup.core.collector import give_back_freed_memory
from neardup.core.features import Analyzed
from neardup.core.match import FeatureWeights
from neardup.core.models import NEAR_DUPLICATE_SHARE, Overlap, Pair, PairKind, Role, kind_of
from neardup.core.passages import (
    Passages,
    SharedText,
    non_space_before,
    shared_text,
    union_size,
)
from neardup.core.scan.analysis_stage import default_workers
from neardup.core.scan.progress import ScanContext, Stage, StageTimer
from neardup.core.scan.spool import ReadOnDemand
from neardup.core.scan.verifier import COMPACT_BYTES_KEPT, Batch, Verifier
from neardup.core.settings import ScanSettings
from neardup.core.store import AnalysisCache, text_key

# A compact text's memory a character, with its filter of keys, the counted characters
# beside its weights, its code points and its documents-at counts (measured: 47 + 4), and
# some room.
COMPACT_BYTES_PER_CHAR = 52
# Representatives a pack holds at most (``core.passages.packed``), and its compact texts'
# memory at most: the candidates between two packs are verified in one compiled call.
PACK_REPRESENTATIVES = 64
PACK_BYTES = COMPACT_BYTES_KEPT // 8
# The texts of the packs kept while the others stream past them: a block and one more
# pack fit verification's memory.
BLOCK_BYTES = COMPACT_BYTES_KEPT - PACK_BYTES
# Candidates verified in one call, between two progress reports and checks for a cancel,
# and the characters of their texts a call reaches for (a few milliseconds of work).
CANDIDATES_A_CALL = 256
CHARACTERS_A_CALL = 4_000_000
# How much lower than the scan's the priority of verification's threads is (Linux).
VERIFYING_NICENESS = 5


def _closed_at(sizes: Sequence[float], most: int, limit: float) -> npt.NDArray[np.int64]:
    """Consecutive items numbered into runs, a run closing at ``most`` items of some size
    or ``limit`` of their sizes (an item larger than that is a run alone). Items of no
    size (representatives without a candidate, never built) join a run without counting."""
    numbers = np.empty(len(sizes), dtype=np.int64)
    number, held, count = 0, 0.0, 0
    for rank, size in enumerate(sizes):
        if count and (count == most or held + size > limit):
            number, held, count = number + 1, 0.0, 0
        numbers[rank] = number
        held, count = held + size, count + (size > 0)
    return numbers


def _packs_and_blocks(
    text_bytes: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each representative's pack and each pack's block, from the memory of each one's
    texts (an estimate; 0 for one with no candidate): a pack holds at most
    ``PACK_REPRESENTATIVES`` and ``PACK_BYTES``, a block of packs ``BLOCK_BYTES``, so that
    two blocks fit verification's memory however long the texts are."""
    packs = _closed_at(text_bytes.tolist(), PACK_REPRESENTATIVES, PACK_BYTES)
    pack_bytes = np.bincount(packs, weights=text_bytes) if len(packs) else text_bytes
    return packs, _closed_at(pack_bytes.tolist(), len(pack_bytes) + 1, BLOCK_BYTES)


def _groups(
    shared: SharedText,
    representatives: Sequence[int],
    copies: dict[int, list[int]],
    packs: npt.NDArray[np.int64],
    blocks: npt.NDArray[np.int64],
) -> Iterator[tuple[int, int, npt.NDArray[np.int64]]]:
    """The candidates a pack against a pack: (first pack, second pack, every pair of the
    copies of each candidate's two representatives, as documents a < b); ``shared``
    holds the candidates, ``packs`` gives each representative's pack, ``blocks`` each
    pack's block (`_packs_and_blocks`).

    The packs of a block of first documents stay while the second documents' packs
    stream past them, each once: a pack against every pack of the block, then the next.
    Each text is then built about 1 + T / 2B times (T: all the texts' memory, B: a
    block's), where rectangles of two blocks of half the memory each, whose first
    packs made way for the seconds', built it T / B times or more: at 20,000 documents
    3.9 times a text against 10.2.

    A block's candidates are picked and ordered when it begins, so that only they are
    copied: at 50,000 documents there are tens of millions of candidates, and copies of
    all of them sorted at once held over a gigabyte for the whole stage. Packs and blocks
    are runs of consecutive representatives, so the candidates whose first representative
    is in a block are a slice of the sorted candidates.
    """
    packs32 = packs.astype(np.int32)
    block_count = int(blocks.max(initial=-1)) + 1
    # Each block's first representative.
    packs_begin = np.searchsorted(blocks, np.arange(block_count + 1))
    ranks_begin = np.searchsorted(packs, packs_begin).tolist()
    documents = np.asarray(representatives, dtype=np.int64)
    alone = np.array([len(copies[r]) == 1 for r in representatives], dtype=bool)
    pack_count = np.int64(len(blocks))  # one block number per pack
    for block in range(block_count):
        give_back_freed_memory()  # the last block's copies and texts, before this one's
        chosen = shared.rows(ranks_begin[block], ranks_begin[block + 1])
        # By second pack, then first pack; stable, so each group keeps the pairs' order.
        group_key = packs32[chosen[:, 1]] * pack_count + packs32[chosen[:, 0]]
        order = np.argsort(group_key, kind="stable")
        chosen, group_key = chosen[order], group_key[order]
        del order
        bounds = [0, *(np.flatnonzero(np.diff(group_key)) + 1).tolist(), len(chosen)]
        for start, end in itertools.pairwise(bounds):
            if start == end:
                continue
            i, j = chosen[start:end, 0], chosen[start:end, 1]
            plain = alone[i] & alone[j]  # most pairs: no copies
            x, y = documents[i[plain]], documents[j[plain]]
            found = [np.stack([np.minimum(x, y), np.maximum(x, y)], axis=1)]
            for a, b in zip(i[~plain].tolist(), j[~plain].tolist(), strict=True):
                expanded = [
                    (min(x, y), max(x, y))
                    for x in copies[representatives[a]]
                    for y in copies[representatives[b]]
                ]
                found.append(np.array(expanded, dtype=np.int64))
            second_pack, first_pack = divmod(int(group_key[start]), int(pack_count))
            yield first_pack, second_pack, np.concatenate(found)


def _pairs_of_copies(shared: SharedText, copy_counts: npt.NDArray[np.int64]) -> int:
    """How many pairs of documents the candidate pairs of representatives stand for."""
    if copy_counts.max(initial=1) == 1:  # most scans: no exact copies
        return len(shared)
    step = 1 << 20  # in slices: tens of millions of candidates, never a temporary of each
    total = 0
    for start in range(0, len(shared), step):
        end = min(start + step, len(shared))
        firsts = np.searchsorted(shared.starts, np.arange(start, end), side="right") - 1
        total += int(np.dot(copy_counts[firsts], copy_counts[shared.seconds[start:end]]))
    return total


def _calls(group: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]) -> list[np.ndarray]:
    """A group's pairs a call at a time: at most ``CANDIDATES_A_CALL`` of them, and about
    ``CHARACTERS_A_CALL`` of their two texts, so that a cancel or the next progress report
    waits for a few pairs of long texts, not 256 (a pair longer than that is a call alone)."""
    sizes = lengths[group[:, 0]] + lengths[group[:, 1]]
    if sizes.max() * CANDIDATES_A_CALL <= CHARACTERS_A_CALL:  # most groups: short texts
        return np.split(group, range(CANDIDATES_A_CALL, len(group), CANDIDATES_A_CALL))
    calls = _closed_at(sizes.tolist(), CANDIDATES_A_CALL, CHARACTERS_A_CALL)
    return np.split(group, np.flatnonzero(np.diff(calls)) + 1)


def _yielding_to_the_window() -> None:
    """Verification's threads run at a lower priority than the scan's where a thread can
    have its own (Linux): with every core busy verifying, the window's own thread, wanting
    a core every few milliseconds, waited for one up to 100 ms."""
    if not sys.platform.startswith("linux"):  # elsewhere the id names no thread to renice
        return
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):
        niceness = os.getpriority(os.PRIO_PROCESS, thread) + VERIFYING_NICENESS
        os.setpriority(os.PRIO_PROCESS, thread, min(niceness, 19))


def _without_common(found: Overlap, a: str, b: str, settings: ScanSettings) -> Overlap:
    """The figures without the passages that ``settings.exclude_common`` documents hold.

    A share counts only what both texts hold, not the edits inside a passage; what the
    kept passages hold is read as their spans' part of all the spans, at the share's
    rate (exact for passages without edits)."""
    limit = settings.exclude_common or 0
    kept = tuple(s for s in found.spans if s.documents < limit)
    if len(kept) == len(found.spans):
        return found
    shares, covers = [], []
    for text, share, side in ((a, found.overlap_a, 0), (b, found.overlap_b, 2)):
        before = non_space_before(text)
        all_spans = union_size([(s[side], s[side + 1]) for s in found.spans], before)
        kept_spans = union_size([(s[side], s[side + 1]) for s in kept], before)
        shares.append(round(share * kept_spans / all_spans, 4) if all_spans else 0.0)
        covers.append(round(kept_spans / int(before[-1]), 4) if before[-1] else 0.0)
    return Overlap(shares[0], shares[1], kept, covers[0], covers[1])


@dataclass(frozen=True, slots=True)
class TextFacts:
    """What the later stages need of each document's text, from one reading of it (a
    scan reads texts from its spool): its hash (``text_key``) and compact length (which
    the analysis counted)."""

    keys: list[str]
    compact_lengths: list[int]

    @classmethod
    def of(cls, docs: Sequence[Analyzed]) -> TextFacts:
        keys, compact_lengths = [], []
        for doc in docs:
            text = doc.text
            keys.append(text_key(text))
            compact_lengths.append(doc.compact_chars)
        return cls(keys, compact_lengths)


def passage_pairs(
    docs: Sequence[Analyzed],
    texts: TextFacts,
    eligible: Sequence[int],
    roles: Sequence[Role],
    features: FeatureWeights,
    near_pairs: list[Pair],
    ctx: ScanContext,
    cache: AnalysisCache | None,
    pairable: Callable[[int, int], bool] | None = None,
) -> list[Pair]:
    """Verified figures and kinds for the block index's pairs (in place: pairs that
    verification rejects are dropped), and the new pairs found through shared text;
    ``pairable`` (two documents) leaves out the candidates it says no to, unverified."""
    settings = ctx.settings
    # Identical texts share all their text: look for candidates with one of each, then
    # give each copy the candidates of its representative (copies are duplicates).
    copies: dict[int, list[int]] = {}
    representative_of_text: dict[str, int] = {}
    for i in eligible:
        representative = representative_of_text.setdefault(docs[i].content_key, i)
        copies.setdefault(representative, []).append(i)
    representatives = list(copies)
    # Texts named by their hash: a dictionary of the texts themselves would hold them
    # all, where the scan reads each from its spool when needed.
    first_with_text: dict[str, int] = {}
    same_text = {
        i: first_with_text.setdefault(texts.keys[i], i) for group in copies.values() for i in group
    }
    del first_with_text
    verifier = Verifier(docs, cache, same_text, texts.keys)
    # A copy needs at least this share of the shorter text: a partial copy the minimum
    # overlap, a near-duplicate half of each text.
    needed = min(settings.min_overlap, NEAR_DUPLICATE_SHARE)
    compact_lengths = [texts.compact_lengths[i] for i in representatives]
    kept = ReadOnDemand(representatives, lambda i: docs[i].kept_hashes)
    shared = shared_text(kept, compact_lengths, needed)
    lengths = verifier.lengths
    # Progress counts every pair verified: the block index's, then the candidates' (each
    # candidate of two representatives stands for every pair of their copies).
    copy_counts = np.array([len(copies[r]) for r in representatives], dtype=np.int64)
    candidates = _pairs_of_copies(shared, copy_counts)
    timer = StageTimer(ctx.progress, Stage.PASSAGES, max(1, len(near_pairs) + candidates))
    timer.report(0, force=True)

    def settled(pair: Pair, measured: Passages) -> Pair | None:
        """The pair with its verified figures and kind, or None when it is no copy."""
        if not len(measured.spans):  # no copy, whatever else is asked
            return None
        spans = verifier.counted(pair.a, measured, shared)
        found = Overlap(
            measured.overlap_a, measured.overlap_b, spans, measured.cover_a, measured.cover_b
        )
        if settings.exclude_common is not None:
            found = _without_common(found, docs[pair.a].text, docs[pair.b].text, settings)
        kind = kind_of(found, int(lengths[pair.a]), int(lengths[pair.b]), settings.min_overlap)
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
    known = np.array(sorted((p.a << 32) | p.b for p in near_pairs), dtype=np.int64)
    library = np.array([role is Role.LIBRARY for role in roles], dtype=bool)
    in_candidates = np.zeros(len(representatives), dtype=bool)
    in_candidates[shared.seconds] = True
    in_candidates[np.diff(shared.starts) > 0] = True
    text_bytes = COMPACT_BYTES_PER_CHAR * np.asarray(compact_lengths, dtype=np.float64)
    packs, blocks = _packs_and_blocks(text_bytes * in_candidates)
    pack_starts = np.searchsorted(packs, np.arange(packs[-1] + 2)) if len(packs) else packs

    def pack(number: int) -> list[int]:
        """The documents whose texts pack ``number`` holds."""
        first, end = pack_starts[number], pack_starts[number + 1]
        ranks = np.flatnonzero(in_candidates[first:end]) + first
        return [d for rank in ranks.tolist() for d in copies[representatives[rank]]]

    new_pairs: list[Pair] = []
    done = checked_near
    # Batches under way, oldest first, with how many candidates each stands for and its
    # last document. Threads verify while this one builds the next packs.
    under_way: deque[tuple[Batch, int, int]] = deque()

    def settle_oldest() -> None:
        nonlocal done
        batch, size, last = under_way.popleft()
        for x, y, passages in verifier.measured(batch):
            if not len(passages.spans):
                continue
            checked = settled(Pair(x, y, PairKind.PARTIAL, 0, 0.0), passages)
            if checked is not None:
                checked.distance = (features.fingerprint(x) ^ features.fingerprint(y)).bit_count()
                new_pairs.append(checked)
        done += size
        timer.report(done, docs[last].path.name)

    threads = default_workers(settings)
    verifying = (
        ThreadPoolExecutor(threads, "neardup-verify", _yielding_to_the_window)
        if threads > 1
        else contextlib.nullcontext()
    )
    with verifying as pool:
        for first_pack, second_pack, group in _groups(
            shared, representatives, copies, packs, blocks
        ):
            if ctx.cancelled():
                break
            verifier.load_packs({n: pack(n) for n in (first_pack, second_pack)})
            for chunk in _calls(group, lengths):
                if ctx.cancelled():
                    break
                a, b = chunk[:, 0], chunk[:, 1]
                wanted = ~(library[a] & library[b]) & ~np.isin((a << 32) | b, known)
                if pairable is not None:
                    wanted &= np.fromiter(map(pairable, a.tolist(), b.tolist()), bool, len(a))
                batch = verifier.begin(chunk[wanted], needed, pool)
                under_way.append((batch, len(chunk), int(a[-1])))
                while len(under_way) > 2 * threads:
                    settle_oldest()
            if ctx.cancelled():
                break
        while under_way:
            settle_oldest()
    similarities = features.resemblances([(p.a, p.b) for p in new_pairs])
    for pair, similarity in zip(new_pairs, similarities, strict=True):
        pair.similarity = round(similarity, 4)
    verifier.save()
    timer.report(timer.total, force=True)
    return new_pairs
