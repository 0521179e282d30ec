"""The block index returns exactly the brute-force pairs, and its query mode agrees."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neardup import find_near_duplicates
from neardup.core.match.block_index import BlockIndex, choose_layout, layout_for

U64 = st.integers(min_value=0, max_value=(1 << 64) - 1)


def brute_force(values: list[int], k: int) -> list[tuple[int, int, int]]:
    return [
        (i, j, (values[i] ^ values[j]).bit_count())
        for i in range(len(values))
        for j in range(i + 1, len(values))
        if (values[i] ^ values[j]).bit_count() <= k
    ]


@st.composite
def planted(draw: st.DrawFn) -> tuple[list[int], int]:
    k = draw(st.integers(min_value=0, max_value=8))
    values = draw(st.lists(U64, min_size=0, max_size=60))
    # Plant near-duplicates at distances around k, and some exact copies.
    for _ in range(draw(st.integers(min_value=0, max_value=30))):
        if not values:
            break
        source = draw(st.sampled_from(values))
        flips = draw(st.lists(st.integers(0, 63), max_size=k + 2, unique=True))
        for bit in flips:
            source ^= 1 << bit
        values.append(source)
    return values, k


@settings(max_examples=300, deadline=None)
@given(planted())
def test_index_matches_brute_force(case: tuple[list[int], int]) -> None:
    values, k = case
    rows = find_near_duplicates(values, k)
    assert rows.dtype == np.int64 and rows.shape[1] == 3
    assert [tuple(r) for r in rows.tolist()] == brute_force(values, k)


@settings(max_examples=100, deadline=None)
@given(planted())
def test_query_matches_brute_force(case: tuple[list[int], int]) -> None:
    values, k = case
    half = len(values) // 2
    index = BlockIndex(values[:half], k)
    rows = index.query_many(values[half:])
    expected = sorted(
        (q, p, (values[half + q] ^ values[p]).bit_count())
        for q in range(len(values) - half)
        for p in range(half)
        if (values[half + q] ^ values[p]).bit_count() <= k
    )
    assert [tuple(r) for r in rows.tolist()] == expected


def test_contract_shape_and_order_with_numpy_input() -> None:
    values = np.array([0b1111, 0b1110, 1 << 63, 0b1111, (1 << 63) | 1], dtype=np.uint64)
    rows = find_near_duplicates(values, 1)
    assert rows.tolist() == [[0, 1, 1], [0, 3, 0], [1, 3, 1], [2, 4, 1]]


def test_thousands_of_identical_fingerprints_stay_cheap() -> None:
    values = np.full(3000, 12345, dtype=np.uint64)
    rows = find_near_duplicates(values, 3)
    assert len(rows) == 3000 * 2999 // 2
    assert not rows[:, 2].any()


def test_more_tables_for_larger_collections() -> None:
    assert choose_layout(1_000, 3).tables <= choose_layout(1_000_000, 3).tables
    assert len(layout_for(4, 3).masks) == 4
    assert all(bin(mask).count("1") == 16 for mask in layout_for(4, 3).masks)


def test_bad_input_is_rejected_clearly() -> None:
    with pytest.raises(ValueError, match="unsigned 64-bit"):
        find_near_duplicates([-1, 2], 3)
    with pytest.raises(ValueError, match="max_distance"):
        find_near_duplicates([1, 2], -1)


def test_single_query() -> None:
    index = BlockIndex([0, 0b111, (1 << 40) | 0xF0], 3)
    assert index.query(0b1).tolist() == [[0, 1], [1, 2]]
