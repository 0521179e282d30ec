"""Compiled loops (numba) that build a ``CompactText``: its characters, its shingles'
hashes, its weights, its lookup of shingles sorted by hash, where winnowing keeps its keys
and its filter of keys.

A large scan builds a text several times over (verification keeps only so many), so its
building is a share of the scan: these loops build a text of 3,000 characters in a third
of the time numpy's whole-array passes took, with the same arrays bit for bit. Called
from Python only, so numba's cache of these depends on this file alone.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt32Array = npt.NDArray[np.uint32]
U64Array = npt.NDArray[np.uint64]
Places = TypeVar("Places", Int32Array, IntArray)
# A bucket of more equal-ish keys than this is sorted by merging, not by insertion.
_INSERTED = 32


@compiled
def bucketed_lookup(
    hashes: npt.NDArray[np.uint64], usable: npt.NDArray[np.bool_]
) -> tuple[Int32Array, UInt32Array, Int32Array]:
    """``overlap.sorted_lookup``: the usable places sorted by hash (equal hashes in text
    order), the top 32 bits of each one's hash, and where each bucket of places starts:
    2**bits buckets by the leading bits of the key, 4 to 8 places a bucket, so a look-up
    reads one or two cache lines of keys wherever the text is long."""
    places = np.empty(len(hashes), np.int32)
    count = 0
    for k in range(len(hashes)):
        places[count] = k
        count += usable[k]
    order, buckets = _bucket_sorted(hashes, places[:count], _bucket_bits(count))
    keys = np.empty(len(order), np.uint32)
    for x in range(len(order)):
        keys[x] = hashes[order[x]] >> np.uint64(32)
    return order, keys, buckets


@compiled
def _bucket_bits(count: int) -> int:
    """How many leading bits of a hash name its bucket, for ``count`` places: 4 to 8
    places a bucket (at most 2**24 buckets)."""
    length = 0  # of count in bits
    while count >> length:
        length += 1
    return min(max(1, length - 3), 24)


@compiled
def _bucket_sorted(
    hashes: npt.NDArray[np.uint64], places: Places, bits: int
) -> tuple[Places, Int32Array]:
    """``places`` (ascending) sorted by their hashes, equal ones in text order, and where
    each of 2**bits buckets of them starts. The buckets are the hashes' leading bits, so
    counting places into buckets, then sorting each bucket's few, sorts them all: a pass
    over the text where a sort of all its hashes took four times as long."""
    shift = np.uint64(64 - bits)
    buckets = np.zeros((1 << bits) + 1, np.int32)
    for p in places:
        buckets[(hashes[p] >> shift) + 1] += 1
    for b in range(1 << bits):
        buckets[b + 1] += buckets[b]
    filled = buckets[:-1].copy()
    order = np.empty_like(places)
    values = np.empty(len(places), np.uint64)  # beside the places: no look-up while sorting
    for p in places:
        b = hashes[p] >> shift
        order[filled[b]] = p
        values[filled[b]] = hashes[p]
        filled[b] += 1
    for b in range(1 << bits):
        start, end = buckets[b], buckets[b + 1]
        if end - start > _INSERTED:  # text repeated many times: a stable sort
            part = np.argsort(values[start:end], kind="mergesort")
            order[start:end] = order[start:end][part]
            continue
        for x in range(start + 1, end):
            place, value = order[x], values[x]
            y = x
            while y > start and values[y - 1] > value:  # equal ones stay in order
                order[y] = order[y - 1]
                values[y] = values[y - 1]
                y -= 1
            order[y] = place
            values[y] = value
    return order, buckets


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
    ``no_key`` left out; sorted by key, then position. One pass that follows the smallest
    key, looking through the window again only when it leaves (one step in ``window``
    or so), where numpy needs a strided search and a sort."""
    n = len(usable)
    places = np.empty(n, np.int64)
    count = 0
    if n < window:  # shorter than a window: every place
        places[:] = np.arange(n)
        count = n
    smallest = -1
    for k in range(n if n >= window else 0):
        if smallest >= 0 and smallest <= k - window:  # it left: the leftmost smallest now
            smallest = k - window + 1
            for j in range(smallest + 1, k + 1):
                if usable[j] < usable[smallest]:
                    smallest = j
        elif smallest < 0 or usable[k] < usable[smallest]:  # an equal one never beats it
            smallest = k
        if k >= window - 1 and (count == 0 or places[count - 1] != smallest):
            places[count] = smallest
            count += 1
    kept = np.empty(count, np.int64)
    found = 0
    for k in range(count):
        kept[found] = places[k]
        found += usable[places[k]] != no_key
    order, _ = _bucket_sorted(usable, kept[:found], _bucket_bits(found))
    return order


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


@compiled
def compact_characters(
    codes: UInt32Array,
    space_table: BoolArray,
    classes: npt.NDArray[np.uint8],
    word_table: BoolArray,
    han: int,
    mark: int,
) -> tuple[bool, Int32Array, Int32Array, UInt32Array, BoolArray]:
    """``core.features.shingles.Shingles.of``'s characters in one pass, for a text of the
    Basic Multilingual Plane: (True, the compact characters' positions, the marks' left
    out, the compact characters, which are word characters); (False, ...) for a text with a
    code point past it, which that module's rules take. ``classes`` tells Han characters
    (``han``) and marks (``mark``) by code point, ``word_table`` letters and digits. A mark
    is left out where the nearest character before it that is neither a mark nor
    whitespace is Han."""
    n = len(codes)
    positions = np.empty(n, np.int32)
    marks = np.empty(n, np.int32)
    kept = np.empty(n, np.uint32)
    word = np.empty(n, np.bool_)
    count, left_out = 0, 0
    after_han = False  # the nearest character before that is no mark is Han
    for k in range(n):
        code = codes[k]
        if code >= 0x10000:
            return False, positions[:0], marks[:0], kept[:0], word[:0]
        if code < len(space_table) and space_table[code]:
            continue
        kind = classes[code]
        if kind == mark:
            if after_han:
                marks[left_out] = k
                left_out += 1
                continue
        else:
            after_han = kind == han
        positions[count] = k
        kept[count] = code
        word[count] = word_table[code]
        count += 1
    return True, positions[:count], marks[:left_out], kept[:count], word[:count]


@compiled
def cumulative_weights(
    codes: UInt32Array,
    word: BoolArray,
    positions: Int32Array,
    marks: Int32Array,
    first_full_weight: int,
    light_weight: float,
    weight_column: int,
    counted_column: int,
) -> npt.NDArray[np.float64]:
    """A compact text's cumulative weight of word characters (1 from code point
    ``first_full_weight`` on, ``light_weight`` below) and counted characters (each compact
    one, with the marks left out before it; past the end, all of them), one row more
    than characters: ``overlap.CompactText.weight``, summed in the same order as numpy's
    ``cumsum``, so bit for bit."""
    n = len(codes)
    cumulative = np.empty((n + 1, 2), np.float64)
    total, mark = 0.0, 0
    cumulative[0, weight_column] = 0.0
    for k in range(n):
        if word[k]:
            total += 1.0 if codes[k] >= first_full_weight else light_weight
        cumulative[k + 1, weight_column] = total
        while mark < len(marks) and marks[mark] < positions[k]:
            mark += 1
        cumulative[k, counted_column] = k + mark
    cumulative[n, counted_column] = n + len(marks)
    return cumulative


@compiled
def winnowed_places(
    hashes: U64Array,
    tainted: BoolArray,
    shingle: int,
    mixes: npt.NDArray[np.uint64],
    window: int,
    no_key: np.uint64,
) -> tuple[U64Array, IntArray]:
    """The keys winnowing keeps and where each is (`kept_positions` of
    ``core.features.shingles.winnowing_keys``), sorted by key then position, without the
    whole-array passes: a key hashes the shingles at k and ``shingle`` later (``mixes``:
    that module's two multipliers), and is ``no_key`` where either is tainted."""
    count = max(0, len(hashes) - shingle)
    keys = np.empty(count, np.uint64)
    for k in range(count):
        if tainted[k] or tainted[k + shingle]:
            keys[k] = no_key
            continue
        key = hashes[k] * mixes[0] + hashes[k + shingle]
        key ^= key >> np.uint64(31)
        key *= mixes[1]
        key ^= key >> np.uint64(29)
        keys[k] = key - np.uint64(1) if key == no_key else key
    places = kept_positions(keys, window, no_key)
    return keys[places], places


# What `compact_arrays` takes of the rules (``overlap.BUILDING`` gives them, in this order):
# the shingle's length, its hash's base and mixing shift; the winnowing window, the keys'
# two multipliers and the value of no key; the filter's bits a key and its multipliers;
# the first code point of full weight, the weight below it; the columns of the weights.
BuildRules = tuple[
    int, np.uint64, int, int, U64Array, np.uint64, int, U64Array, int, float, int, int
]
# (positions, marks, compact characters, word characters) then the arrays of
# `compact_arrays`: hashes, taints, weights, the lookup (three), kept keys and positions,
# the filter.
Compact = tuple[
    Int32Array, Int32Array, UInt32Array, BoolArray, U64Array, BoolArray,
    npt.NDArray[np.float64], Int32Array, UInt32Array, Int32Array, U64Array, IntArray, U64Array,
]  # fmt: skip


@compiled
def compact_text(
    codes: UInt32Array,
    characters: tuple[BoolArray, npt.NDArray[np.uint8], BoolArray, int, int],
    rules: BuildRules,
) -> tuple[bool, Compact]:
    """Every array of a ``CompactText`` from a text's code points, in one call (each
    function a process loads from numba's cache costs it 5 to 10 ms, measured, in every
    cold scan): (True, them) for a text of the Basic Multilingual Plane, (False, those of
    no text) for another (`compact_characters`; ``characters`` its tables)."""
    basic, positions, marks, kept, word = compact_characters(
        codes, characters[0], characters[1], characters[2], characters[3], characters[4]
    )
    return basic, compact_arrays(positions, marks, kept, word, rules)


@compiled
def compact_arrays(
    positions: Int32Array, marks: Int32Array, kept: UInt32Array, word: BoolArray, rules: BuildRules
) -> Compact:
    """The arrays of a ``CompactText`` from its compact characters (``Compact``)."""
    shingle, base, mix_shift, window, key_mixes, no_key = rules[:6]
    filter_bits, filter_mixes, first_full_weight, light_weight = rules[6:10]
    hashes, tainted = hashed_shingles(kept, word, shingle, base, mix_shift)
    cumulative = cumulative_weights(
        kept, word, positions, marks, first_full_weight, light_weight, rules[10], rules[11]
    )
    order, keys, buckets = bucketed_lookup(hashes, ~tainted)
    kept_keys, kept_places = winnowed_places(hashes, tainted, shingle, key_mixes, window, no_key)
    bits = key_filter(keys, filter_bits, filter_mixes)
    return (
        positions, marks, kept, word, hashes, tainted, cumulative, order, keys, buckets,
        kept_keys, kept_places, bits,
    )  # fmt: skip
