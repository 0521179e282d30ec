"""The size of a union of ranges, counted by a prefix count: what each document's share found
elsewhere is made of, checked against counting the covered positions one by one."""

from __future__ import annotations

import random

import numpy as np

from neardup.core.passages import union_size


def test_union_size_counts_each_covered_position_once() -> None:
    rng = random.Random(5)
    for _ in range(500):
        ranges = [
            (start, start + rng.randint(0, 30))
            for start in (rng.randint(0, 100) for _ in range(rng.randint(0, 12)))
        ]
        counted = np.array([rng.random() < 0.8 for _ in range(140)])
        before = np.concatenate(([0], np.cumsum(counted))).astype(np.int64)
        covered = {i for start, end in ranges for i in range(start, end)}
        assert union_size(ranges) == len(covered)
        assert union_size(ranges, before) == sum(bool(counted[i]) for i in covered)
        assert union_size(np.array(ranges, dtype=np.int64).reshape(-1, 2), before) == sum(
            bool(counted[i]) for i in covered
        )
