"""Memory a stage freed goes back to the operating system, not only to the C heap."""

from __future__ import annotations

import os

import pytest

from neardup.core import collector


def _resident_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(collector._trim() is None, reason="glibc's malloc_trim")
def test_freed_heap_blocks_below_one_in_use_are_given_back() -> None:
    # Blocks of 100 KB come from the heap; the last one, kept, holds the heap's top up,
    # so freeing the others alone returns nothing.
    blocks = [b"x" * 100_000 for _ in range(1000)]
    kept = blocks[-1]
    del blocks
    before = _resident_bytes()
    collector.give_back_freed_memory()
    after = _resident_bytes()
    assert before - after > 50_000_000, (before, after)
    assert kept[:1] == b"x"
