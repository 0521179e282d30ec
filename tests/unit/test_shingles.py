"""A shingle's hash is its characters' polynomial hash, however it is computed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from neardup.core.features.shingles import SHINGLE, SHINGLE_BASE, SHINGLE_MIX_SHIFT, Shingles
from neardup.core.passages.overlap import CompactText
from neardup.core.passages.text_kernels import hashed_shingles

MASK = (1 << 64) - 1


def _defined_hash(codes: list[int]) -> int:
    """The definition: sum of (code + 1) * BASE ** (SHINGLE - 1 - t) mod 2**64, then the
    xor-shift that mixes high bits down."""
    value = 0
    for code in codes:
        value = (value * int(SHINGLE_BASE) + code + 1) & MASK
    return value ^ (value >> SHINGLE_MIX_SHIFT)


def test_shingle_hashes_are_the_polynomial_hash_of_their_characters() -> None:
    rng = random.Random(5)
    alphabet = "abcxyz019中文字的\U00020000\U0001f600éÅ-.,"
    for length in (0, SHINGLE - 1, SHINGLE, SHINGLE + 1, 3 * SHINGLE + 5, 200):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        shingled = Shingles.of(text)
        codes = shingled.codes.tolist()
        expected = [_defined_hash(codes[i : i + SHINGLE]) for i in range(len(codes) - SHINGLE + 1)]
        assert shingled.hashes.tolist() == expected


def _compiled(codes: np.ndarray, word: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    hashes, tainted = hashed_shingles(codes, word, SHINGLE, SHINGLE_BASE, SHINGLE_MIX_SHIFT)
    return hashes, tainted


@pytest.mark.parametrize("seed", range(4))
def test_the_compiled_pass_gives_the_numpy_passes_hashes_and_taints(seed: int) -> None:
    """Verification hashes its texts in one compiled pass, the analysis by numpy: a key the
    two disagree on would lose a candidate's anchor. Repeated characters, texts without a
    word character, astral and whitespace-only pieces, and every length near a shingle's."""
    rng = random.Random(seed)
    pieces = ["a", "b", "aaaaaaaaaaaaaaaaaaaaa", "中", "文", "  ", "\n", "!!", "-", "\U00020000"]
    pieces += ["\U0001f600", "é", ".", "——————————————————", "word ", "ab" * 12]
    for length in [*range(0, 2 * SHINGLE + 2), 50, 400]:
        text = "".join(rng.choice(pieces) for _ in range(length))
        reference = Shingles.of(text)
        compiled = Shingles.of(text, _compiled)
        assert compiled.hashes.tolist() == reference.hashes.tolist(), text
        assert compiled.tainted.tolist() == reference.tainted.tolist(), text
    text = "".join(rng.choice(pieces) for _ in range(300))
    assert CompactText.of(text).shingles.tolist() == Shingles.of(text).hashes.tolist()
