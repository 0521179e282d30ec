"""Cheap, exact rejections of a candidate pair before it is seeded (compiled, numba).

Seeding a pair (``seeds.seed_chains``) reads every shingle of both texts: tens of
microseconds, for millions of candidates that share one chance run of text. Two checks,
each false only where verification can find no passage or cannot cover what the pair
needs, reject most of them first: a kept key in a shared run of anchor length
(`shares_anchor_run`), and a bound on what the pair's chains can cover (`reach_bound`)
and on how much a run of its passages can weigh (`_may_hold`). They change no result,
only what is seeded; ``overlap.verify`` and
``packed.verify_packed`` apply them. Nothing here calls a loop of another file, so
numba's cache of each stays right (``kernels``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from neardup.core.passages.compiled import compiled
from neardup.core.passages.kernel_types import (
    COUNTED,
    F64,
    U64,
    WEIGHT,
    IntArray,
    Packed,
    Rules,
    Shares,
    Verifiable,
)

# The SHA-256 of each file compiled into this one's loops (``kernels`` says why).
COMPILED_FROM = {
    "kernel_types.py": "49d4c61eb8133d1ede1fd088efb914cdb16299c31b7f02c637931bb16ec583dc"
}

# A key's two places in a text's filter of keys (``text_kernels.key_filter``).
FILTER_MIXES = np.array([0x9E3779B1, 0x85EBCA77], np.uint64)


@compiled
def _run_through(
    a_shingles: npt.NDArray[np.uint64],
    b_shingles: npt.NDArray[np.uint64],
    p: int,
    q: int,
    enough: int,
) -> int:
    """How many consecutive shingles match on the diagonal through (p, q) (p in a, q in b),
    counted up to ``enough``."""
    back = 0
    while back < enough and p - back > 0 and q - back > 0:
        if a_shingles[p - back - 1] != b_shingles[q - back - 1]:
            break
        back += 1
    run = back
    while run < enough and p < len(a_shingles) and q < len(b_shingles):
        if a_shingles[p] != b_shingles[q]:
            break
        run += 1
        p += 1
        q += 1
    return run


@compiled
def shares_anchor_run(a: Verifiable, b: Verifiable, anchor_shingles: int, max_tries: int) -> bool:
    """Whether some key both texts keep lies, in both, in one run of ``anchor_shingles``
    consecutive matching shingles on one diagonal (True also once ``max_tries`` places of
    equal keys were tried: text repeated so often is left to the full verification).

    False only where verification can find no passage: a passage needs a chain of anchor
    length, a verbatim run, and every WINNOW consecutive keys inside such a run are the
    same in both texts, so both keep the smallest of them at the same place in the run
    (``core.features.shingles``). So the diagonal through each pair of places of a key both
    keep (sorted, then by position) is followed both ways until the shingles differ: about
    a microsecond a pair, where seeds take tens.
    """
    a_keys, a_key_positions, a_shingles = a[4], a[5], a[0]
    b_keys, b_key_positions, b_shingles = b[4], b[5], b[0]
    x, y, tries = 0, 0, 0
    while x < len(a_keys) and y < len(b_keys):
        if a_keys[x] < b_keys[y]:
            x += 1
        elif a_keys[x] > b_keys[y]:
            y += 1
        else:
            x_end, y_end = x + 1, y + 1
            while x_end < len(a_keys) and a_keys[x_end] == a_keys[x]:
                x_end += 1
            while y_end < len(b_keys) and b_keys[y_end] == b_keys[y]:
                y_end += 1
            for i in range(x, x_end):
                for j in range(y, y_end):
                    tries += 1
                    if tries > max_tries:
                        return True
                    p, q = a_key_positions[i], b_key_positions[j]
                    if _run_through(a_shingles, b_shingles, p, q, anchor_shingles) >= (
                        anchor_shingles
                    ):
                        return True
            x, y = x_end, y_end
    return False


@compiled
def _matched_places(a_shingles: U64, b: Verifiable) -> tuple[IntArray, IntArray]:
    """The places of a whose shingle b's lookup holds (the places of the seeds), in order,
    and for each the first entry of b's lookup that holds it."""
    places, entries = _key_places(a_shingles, b)
    return _whole_places(places, entries, a_shingles, b)


@compiled
def _bucket_bits(b_buckets: npt.NDArray[np.int32]) -> int:
    """How many leading bits of a key name its bucket (``CompactText`` made 2**bits)."""
    bits = 1
    while (1 << bits) < len(b_buckets) - 1:
        bits += 1
    return bits


@compiled
def _key_places(a_shingles: U64, b: Verifiable) -> tuple[IntArray, IntArray]:
    """The places of a whose key (a shingle's top 32 bits) b's lookup holds, in order, and
    for each the first entry of b's lookup with that key: the places of the seeds, and
    rarely a few more (shingles that differ only at their end share a key), so a bound
    from them is a bound. A first pass over a keeps the places whose key b's filter of
    keys may hold (a few in a hundred), without a branch; only those are looked up, in a
    second, which reads b's keys alone (a whole shingle of b is a read further away, and
    most pairs are rejected without one: `_whole_places`)."""
    b_keys, b_buckets, b_filter = b[2], b[3], b[7]
    shift = 32 - _bucket_bits(b_buckets)
    size = np.uint64(len(b_filter) * 64)
    maybe, count = np.empty(len(a_shingles), np.int64), 0
    for i in range(len(a_shingles)):
        key, held = a_shingles[i] >> np.uint64(32), np.uint64(1)
        for mix in FILTER_MIXES:
            bit = (((key * mix) & np.uint64(0xFFFFFFFF)) * size) >> np.uint64(32)
            held &= b_filter[bit >> np.uint64(6)] >> (bit & np.uint64(63))
        maybe[count] = i
        count += int(held)
    entries, matched = np.empty(count, np.int64), 0
    for i in maybe[:count]:
        key = np.uint32(a_shingles[i] >> np.uint64(32))
        y, end = b_buckets[key >> shift], b_buckets[(key >> shift) + 1]
        while y < end and b_keys[y] < key:
            y += 1
        if y < end and b_keys[y] == key:
            maybe[matched], entries[matched] = i, y
            matched += 1
    return maybe[:matched], entries[:matched]


@compiled
def _whole_places(
    places: IntArray, entries: IntArray, a_shingles: U64, b: Verifiable
) -> tuple[IntArray, IntArray]:
    """Of the places and entries `_key_places` found, those whose whole shingle b's lookup
    holds, with the first entry that holds it."""
    b_shingles, b_positions, b_buckets = b[0], b[1], b[3]
    shift = 32 - _bucket_bits(b_buckets)
    whole_places, whole_entries, kept = np.empty_like(places), np.empty_like(entries), 0
    for k in range(len(places)):
        i, y = places[k], entries[k]
        if b_shingles[b_positions[y]] != a_shingles[i]:
            # Keys agree for shingles that differ only at their end (the hash is polynomial),
            # and a line repeated with its last character changed makes thousands of them:
            # the bucket is sorted by the whole hash, so the rest is searched by halves.
            end = b_buckets[(np.uint32(a_shingles[i] >> np.uint64(32)) >> shift) + 1]
            low, high = y + 1, end
            while low < high:
                middle = (low + high) // 2
                if b_shingles[b_positions[middle]] < a_shingles[i]:
                    low = middle + 1
                else:
                    high = middle
            y = low
            if y == end or b_shingles[b_positions[y]] != a_shingles[i]:
                continue
        whole_places[kept], whole_entries[kept] = i, y
        kept += 1
    return whole_places[:kept], whole_entries[:kept]


@compiled
def _stretches(places: IntArray, cumulative: F64, shingle: int, gap: int, heaviest: bool) -> float:
    """What the union of ``[p, p + shingle)`` over ``places`` (ascending), every gap of up
    to ``gap`` bridged, holds by ``cumulative`` (a text's ``COUNTED`` or ``WEIGHT``): in
    all, or in its heaviest stretch."""
    last = len(cumulative) - 1
    found, start, reach = 0.0, 0, -gap - 2  # the first place starts a stretch
    for p in places:
        if p > reach + gap:
            if reach > start:
                held = cumulative[min(reach, last)] - cumulative[start]
                found = max(found, held) if heaviest else found + held
            start = p
        reach = max(reach, p + shingle)
    if reach > start:
        held = cumulative[min(reach, last)] - cumulative[start]
        found = max(found, held) if heaviest else found + held
    return found


@compiled
def _held_at(entries: IntArray, b: Verifiable) -> IntArray:
    """Every place of b that holds one of the shingles found at ``entries`` of b's lookup
    (`_matched_places`), ascending. b's lookup is sorted by the whole hash, so each
    shingle's places are the run of entries from its first: each run is read once, however
    often either text repeats the shingle, and the runs are apart, so they fit the lookup."""
    b_shingles, b_positions = b[0], b[1]
    held, count = np.empty(len(b_positions), np.int64), 0
    for first in np.unique(entries):
        shingle, y = b_shingles[b_positions[first]], first
        while y < len(b_positions) and b_shingles[b_positions[y]] == shingle:
            held[count] = b_positions[y]
            count += 1
            y += 1
    return np.sort(held[:count])


@compiled
def reach_bound(a_shingles: U64, a_count: F64, b: Verifiable, shingle: int, max_gap: int) -> float:
    """What ``seeds.bridged_length`` gives a's chains in b, without seeding: the union,
    bridged, of every place of a whose shingle b's lookup holds (the places of the seeds),
    as ``a_count`` (a's cumulative ``COUNTED``) counts it."""
    places, _ = _matched_places(a_shingles, b)
    return _stretches(places, a_count, shingle, max_gap, False)


@compiled
def worth_seeding(
    a: Verifiable, a_weight: F64, b: Verifiable, b_weight: F64, needed: Shares, rules: Rules
) -> bool:
    """Whether a pair may hold a passage and cover ``needed`` of a and of b (shares of
    each text's cumulative ``COUNTED``, columns of ``a_weight`` and ``b_weight``): False
    only where ``kernels.verified_passages`` would find nothing, or leave the pair
    unmeasured."""
    max_gap, min_match, shingle = rules[0], rules[2], rules[4]
    anchor_shingles, tries = rules[6], rules[7]
    # The bound first: it rejects four candidates in five, the anchor one in two.
    if not _may_hold(needed[0], a, a_weight, b, b_weight, shingle, max_gap, min_match):
        return False
    if not _may_hold(needed[1], b, b_weight, a, a_weight, shingle, max_gap, min_match):
        return False
    return shares_anchor_run(a, b, anchor_shingles, tries)


@compiled
def _covers(places: IntArray, x_weight: F64, need: float, shingle: int, max_gap: int) -> bool:
    """Whether chains through ``places`` of x may cover ``need`` of x (`_stretches`)."""
    reach = _stretches(places, x_weight[:, COUNTED], shingle, max_gap, False)
    return bool(min(1.0, reach / x_weight[-1, COUNTED]) >= need)


@compiled
def _may_hold(
    need: float,
    x: Verifiable,
    x_weight: F64,
    y: Verifiable,
    y_weight: F64,
    shingle: int,
    max_gap: int,
    min_match: float,
) -> bool:
    """Whether x's chains in y may cover ``need`` of x (as its ``COUNTED`` counts), and a
    run of their passages weigh ``min_match`` (``kernels.passages`` keeps a passage only
    in such a run, of the text it reads first, x or y; a run leaves gaps of at most twice
    ``max_gap``). Not bounded where nothing is needed."""
    if need <= 0.0:
        return True
    if not len(x[6]):  # an empty text covers nothing
        return False
    # Most pairs are rejected by the reach of the places whose keys match (a bound on the
    # reach of those whose shingles do); the others by it exactly, or by weight.
    places, entries = _key_places(x[0], y)
    if not _covers(places, x_weight, need, shingle, max_gap):
        return False
    places, entries = _whole_places(places, entries, x[0], y)
    if not _covers(places, x_weight, need, shingle, max_gap):
        return False
    # The same allowance for a sum's rounding as ``kernels`` gives its own check.
    light = min_match - 1e-6
    if _stretches(places, x_weight[:, WEIGHT], shingle, 2 * max_gap, True) >= light:
        return True
    in_y = _held_at(entries, y)
    return _stretches(in_y, y_weight[:, WEIGHT], shingle, 2 * max_gap, True) >= light


@compiled
def _text(pack: Packed, k: int) -> Verifiable:
    """Text k of a pack (``packed.PackedTexts``), as views of its part of each array."""
    at, end = pack[10][k], pack[10][k + 1]
    return (
        pack[0][at[0] : end[0]], pack[1][at[1] : end[1]], pack[2][at[2] : end[2]],
        pack[3][at[3] : end[3]], pack[4][at[4] : end[4]], pack[5][at[5] : end[5]],
        pack[6][at[6] : end[6]], pack[7][at[7] : end[7]], pack[8][at[8] : end[8]],
    )  # fmt: skip


@compiled
def worth_seeding_many(
    packs: tuple[Packed, Packed], slots: IntArray, needed: F64, rules: Rules
) -> npt.NDArray[np.bool_]:
    """`worth_seeding` of the pairs ``kernels.verified_many`` takes, as it takes them."""
    worth = np.zeros(len(slots), np.bool_)
    for k in range(len(slots)):
        a_pack, a_index, b_pack, b_index = (
            packs[slots[k, 0]],
            slots[k, 1],
            packs[slots[k, 2]],
            slots[k, 3],
        )
        worth[k] = worth_seeding(
            _text(a_pack, a_index),
            _weight(a_pack, a_index),
            _text(b_pack, b_index),
            _weight(b_pack, b_index),
            (needed[k, 0], needed[k, 1]),
            rules,
        )
    return worth


@compiled
def _weight(pack: Packed, k: int) -> F64:
    """Text k's cumulative ``WEIGHT`` and ``COUNTED``, as a view."""
    return pack[9][pack[10][k][9] : pack[10][k + 1][9]]
