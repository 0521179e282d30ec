"""Compiled loops (numba) that build a ``CompactText``: its shingles' hashes, its lookup
of shingles sorted by hash, and where winnowing keeps its keys.

A large scan builds a text several times over (verification keeps only so many), so its
building is a share of the scan. Called from Python only, so numba's cache of these
depends on this file alone.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt32Array = npt.NDArray[np.uint32]
U64Array = npt.NDArray[np.uint64]
# A bucket of more equal-ish keys than this is sorted by merging, not by insertion.
_INSERTED = 32


@compiled
def bucketed_lookup(
    hashes: npt.NDArray[np.uint64], usable: npt.NDArray[np.bool_], bits: int
) -> tuple[Int32Array, UInt32Array, Int32Array]:
    """``overlap.sorted_lookup`` for 2**bits buckets: the usable places sorted by hash
    (equal hashes in text order), the top 32 bits of each one's hash, and where each
    bucket of places starts. The buckets are the hashes' leading bits, so counting places
    into buckets, then sorting each bucket's few, sorts them all: a pass over the text
    where a sort of all its hashes took four times as long."""
    shift = np.uint64(64 - bits)
    buckets = np.zeros((1 << bits) + 1, np.int32)
    for k in range(len(hashes)):
        if usable[k]:
            buckets[(hashes[k] >> shift) + 1] += 1
    for b in range(1 << bits):
        buckets[b + 1] += buckets[b]
    filled = buckets[:-1].copy()
    order = np.empty(buckets[-1], np.int32)
    for k in range(len(hashes)):
        if usable[k]:
            b = hashes[k] >> shift
            order[filled[b]] = k
            filled[b] += 1
    for b in range(1 << bits):
        start, end = buckets[b], buckets[b + 1]
        if end - start > _INSERTED:  # text repeated many times: a stable sort
            part = order[start:end]
            order[start:end] = part[np.argsort(hashes[part], kind="mergesort")]
            continue
        for x in range(start + 1, end):
            place, value = order[x], hashes[order[x]]
            y = x
            while y > start and hashes[order[y - 1]] > value:  # equal ones stay in order
                order[y] = order[y - 1]
                y -= 1
            order[y] = place
    keys = np.empty(len(order), np.uint32)
    for x in range(len(order)):
        keys[x] = hashes[order[x]] >> np.uint64(32)
    return order, keys, buckets


@compiled
def hashed_shingles(
    codes: UInt32Array, word: BoolArray, shingle: int, base: np.uint64, mix_shift: int
) -> tuple[U64Array, BoolArray]:
    """``core.features.shingles.hashed_shingles`` in one pass, bit for bit: each shingle's
    polynomial hash rolled on from the one before (the same sum modulo 2**64), and the
    repeated and word characters of its window counted as it slides."""
    n = len(codes) - shingle + 1
    if n <= 0:
        return np.zeros(0, np.uint64), np.zeros(0, np.bool_)
    hashes = np.empty(n, np.uint64)
    tainted = np.empty(n, np.bool_)
    one, shift = np.uint64(1), np.uint64(mix_shift)
    lead = one  # base ** (shingle - 1): the weight of a window's first character
    value, repeats, words = np.uint64(0), 0, 0
    for k in range(shingle):
        value = value * base + (np.uint64(codes[k]) + one)
        if k:
            lead *= base
            repeats += codes[k] == codes[k - 1]
        words += word[k]
    for s in range(n):
        if s:
            end = s + shingle - 1
            value = (value - (np.uint64(codes[s - 1]) + one) * lead) * base + (
                np.uint64(codes[end]) + one
            )
            repeats += (codes[end] == codes[end - 1]) - (codes[s] == codes[s - 1])
            words += word[end] - word[s - 1]
        hashes[s] = value ^ (value >> shift)
        tainted[s] = repeats == shingle - 1 or words == 0
    return hashes, tainted


@compiled
def kept_positions(usable: npt.NDArray[np.uint64], window: int, no_key: np.uint64) -> IntArray:
    """Where winnowing keeps a key, as ``core.features.kept_places`` finds them: the
    leftmost smallest key of every ``window`` consecutive ones, once per place, places of
    ``no_key`` left out; sorted by key, then position. One pass with a queue of the keys
    that may still be a window's smallest, where numpy needs a strided search and a sort."""
    n = len(usable)
    places = np.empty(n, np.int64)
    count = 0
    if n < window:
        for k in range(n):
            places[count] = k
            count += 1
    else:
        queue = np.empty(n, np.int64)  # positions, their keys strictly increasing
        head, tail = 0, 0
        for k in range(n):
            # A later equal key never beats an earlier one (leftmost wins): only larger go.
            while tail > head and usable[queue[tail - 1]] > usable[k]:
                tail -= 1
            queue[tail] = k
            tail += 1
            if queue[head] <= k - window:
                head += 1
            if k >= window - 1 and (count == 0 or places[count - 1] != queue[head]):
                places[count] = queue[head]
                count += 1
    kept = np.empty(count, np.int64)
    found = 0
    for k in range(count):
        if usable[places[k]] != no_key:
            kept[found] = places[k]
            found += 1
    kept = kept[:found]
    order = np.argsort(usable[kept], kind="mergesort")
    return kept[order]


@compiled
def key_filter(keys: UInt32Array, bits_per_key: int, mixes: npt.NDArray[np.uint64]) -> U64Array:
    """A filter of a lookup's keys (a Bloom filter): each key sets one bit per multiplier
    of ``mixes`` (``rejection.FILTER_MIXES``, passed in so that this file's cache depends
    on none other), so that ``rejection.reach_bound`` looks up only keys it may hold."""
    size = max(64, (len(keys) * bits_per_key + 63) // 64 * 64)
    bits = np.zeros(size // 64, np.uint64)
    for x in range(len(keys)):
        for mix in mixes:
            bit = (
                ((np.uint64(keys[x]) * mix) & np.uint64(0xFFFFFFFF)) * np.uint64(size)
            ) >> np.uint64(32)
            bits[bit >> np.uint64(6)] |= np.uint64(1) << (bit & np.uint64(63))
    return bits
