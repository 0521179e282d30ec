"""Candidate pairs at scale: gathered as distinct keys a part at a time, and handed to
verification a block at a time, with the same pairs in the same order as sorting them all."""

from __future__ import annotations

import numpy as np
import pytest

from candidate_rows import shared_of_rows
from neardup.core.passages import candidates
from neardup.core.passages.candidates import MAX_SHARED_BY, SharedText, _DistinctKeys
from neardup.core.scan.partial_stage import _groups, _packs_and_blocks


def test_distinct_keys_merged_a_part_at_a_time_are_all_pairs_once_sorted() -> None:
    rng = np.random.default_rng(5)
    documents = 40_000
    found = _DistinctKeys(documents)
    everything = []
    for size in [0, 1, 7, 3000, 10, 50_000, 2, 20_000, 600, 0, 90_000, 5]:
        # Few distinct pairs, so that parts repeat each other's keys as pairs do.
        a = rng.integers(0, documents - 1, size=size)
        b = np.minimum(a + rng.integers(1, 30, size=size), documents - 1)
        keys = a.astype(np.int64) * (1 << 32) + b
        found.add(keys)
        everything.append(keys)
    starts, seconds = found.by_first()
    expected = np.unique(np.concatenate(everything))
    shared = SharedText(starts, seconds, np.zeros(0, np.uint64), np.zeros(0, np.int64))
    pairs = shared.rows()
    assert pairs.dtype == np.int32 and pairs.shape == (len(expected), 2)
    assert seconds.dtype == np.int32 and len(starts) == documents + 1
    assert np.array_equal(pairs[:, 0].astype(np.int64) * (1 << 32) + pairs[:, 1], expected)
    assert len(np.unique(pairs[:, 0] * 16 // documents)) == 16  # every band had keys
    assert [len(a) for a in _DistinctKeys(0).by_first()] == [1, 0]


def test_distinct_keys_of_a_large_collection_number_each_band_in_32_bits() -> None:
    documents = 300_000  # a band of 1/16 of them would number past 2**32
    found = _DistinctKeys(documents)
    a = np.array([0, 1, 18_749, 18_750, 150_000, 299_997, 299_998], dtype=np.int64)
    b = np.array([299_999, 2, 299_999, 18_751, 299_999, 299_999, 299_999], dtype=np.int64)
    found.add(a * (1 << 32) + b)
    starts, seconds = found.by_first()
    firsts = np.repeat(np.arange(documents), np.diff(starts))
    assert firsts.tolist() == a.tolist() and seconds.tolist() == b.tolist()


def _sorted_all_at_once(
    pairs: np.ndarray, packs: np.ndarray, blocks: np.ndarray
) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """The candidates of each pack against each pack, from one sort of all of them."""
    firsts, seconds = pairs[:, 0], pairs[:, 1]
    first_packs, second_packs = packs[firsts], packs[seconds]
    order = np.lexsort((seconds, firsts, first_packs, second_packs, blocks[first_packs]))
    groups: list[tuple[int, int, list[tuple[int, int]]]] = []
    for k in order.tolist():
        key = (int(first_packs[k]), int(second_packs[k]))
        if not groups or groups[-1][:2] != key:
            groups.append((*key, []))
        groups[-1][2].append((int(firsts[k]), int(seconds[k])))
    return groups


def test_groups_a_block_at_a_time_are_the_groups_of_one_sort_of_all() -> None:
    rng = np.random.default_rng(11)
    count = 400
    sizes = rng.integers(1, 50, size=count).astype(np.float64) * 1e6
    sizes[rng.random(count) < 0.1] = 0  # representatives without a candidate
    packs, blocks = _packs_and_blocks(sizes)
    assert blocks.max() >= 3, "the test needs several blocks"
    a = rng.integers(0, count, size=6000)
    b = rng.integers(0, count, size=6000)
    keys = np.unique(np.minimum(a, b)[a != b] * (1 << 32) + np.maximum(a, b)[a != b])
    pairs = np.stack([keys >> 32, keys & 0xFFFFFFFF], axis=1).astype(np.int32)
    representatives = list(range(count))
    copies = {r: [r] for r in representatives}
    found = [
        (first, second, [tuple(p) for p in group.tolist()])
        for first, second, group in _groups(
            shared_of_rows(pairs, count), representatives, copies, packs, blocks
        )
    ]
    assert found == _sorted_all_at_once(pairs.astype(np.int64), packs, blocks)


def test_groups_give_every_pair_of_the_copies_of_two_representatives() -> None:
    packs, blocks = _packs_and_blocks(np.array([5e7, 5e7, 5e7, 5e7]))
    representatives = [0, 3, 5, 8]
    copies = {0: [0, 1, 2], 3: [3], 5: [5, 6], 8: [8]}
    pairs = np.array([[0, 1], [0, 3], [1, 2], [2, 3]], dtype=np.int32)
    found = sorted(
        tuple(p)
        for _, _, group in _groups(shared_of_rows(pairs, 9), representatives, copies, packs, blocks)
        for p in group.tolist()
    )
    expected = sorted(
        (min(x, y), max(x, y))
        for i, j in pairs.tolist()
        for x in copies[representatives[i]]
        for y in copies[representatives[j]]
    )
    assert found == expected


def test_postings_built_a_range_of_hashes_at_a_time_give_what_all_at_once_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pairs, common text held by more than MAX_SHARED_BY documents (the bound's heavy
    documents) and the holders of each hash, with 8 ranges as with one."""
    rng = np.random.default_rng(3)
    everywhere = np.sort(rng.integers(0, 2**64, size=40, dtype=np.uint64))
    kept, lengths = [], []
    for n in range(MAX_SHARED_BY + 60):
        own = rng.integers(0, 2**64, size=int(rng.integers(5, 60)), dtype=np.uint64)
        shared = rng.integers(0, 2**64 >> 40, size=8, dtype=np.uint64) << np.uint64(40)
        common = everywhere[: 30 if n % 7 == 0 else 3]  # a template, heavy in some
        kept.append(np.sort(np.concatenate([own, shared, common])))
        lengths.append(int(rng.integers(200, 3000)))
    found = {}
    for bits in (0, 3):
        monkeypatch.setattr(candidates, "_RANGE_BITS", bits)
        found[bits] = candidates.shared_text(kept, lengths, 0.2)
    assert len(found[0]) > 1000 and found[0].documents.max() > MAX_SHARED_BY
    for field in ("starts", "seconds", "hashes", "documents"):
        assert np.array_equal(getattr(found[0], field), getattr(found[3], field)), field


def test_ranges_of_hashes_hold_about_as_many_however_skewed_the_values() -> None:
    """Kept hashes are window minima, crowded at small values: each range still gets
    about an eighth of them, and every hash lands in exactly one range."""
    rng = np.random.default_rng(8)
    kept = []
    for _ in range(300):
        windows = rng.integers(0, 2**64, size=(400, 12), dtype=np.uint64)
        kept.append(np.unique(windows.min(axis=1)))
    sizes = [sum(len(part) for part in parts) for parts in candidates._by_value_range(kept, 3)]
    total = sum(len(k) for k in kept)
    assert sum(sizes) == total and len(sizes) == 8
    assert max(sizes) < 2 * total / 8, sizes
    parts = list(candidates._by_value_range(kept, 3))
    for doc in (0, 150, 299):
        rejoined = np.concatenate([parts[r][doc] for r in range(8)])
        assert np.array_equal(rejoined, kept[doc])
