"""A shingle's hash is its characters' polynomial hash, however it is computed."""

from __future__ import annotations

import random

from neardup.core.features.shingles import _BASE, SHINGLE, Shingles

MASK = (1 << 64) - 1


def _defined_hash(codes: list[int]) -> int:
    """The definition: sum of (code + 1) * BASE ** (SHINGLE - 1 - t) mod 2**64, then the
    xor-shift that mixes high bits down."""
    value = 0
    for code in codes:
        value = (value * int(_BASE) + code + 1) & MASK
    return value ^ (value >> 29)


def test_shingle_hashes_are_the_polynomial_hash_of_their_characters() -> None:
    rng = random.Random(5)
    alphabet = "abcxyz019中文字的\U00020000\U0001f600éÅ-.,"
    for length in (0, SHINGLE - 1, SHINGLE, SHINGLE + 1, 3 * SHINGLE + 5, 200):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        shingled = Shingles.of(text)
        codes = shingled.codes.tolist()
        expected = [_defined_hash(codes[i : i + SHINGLE]) for i in range(len(codes) - SHINGLE + 1)]
        assert shingled.hashes.tolist() == expected
