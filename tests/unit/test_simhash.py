"""SimHash: the worked examples of DESIGN.md, determinism and order independence."""

import random
import subprocess
import sys

import numpy as np
import xxhash

from neardup.core.features.simhash import (
    bit_sums,
    hamming,
    simhash,
    simhash_terms,
    term_hashes,
    to_hex,
)
from neardup.core.features.weighting import weigh
from neardup.core.settings import Weighting


def test_design_example_six_bit_hashes() -> None:
    hashes = [int(h, 2) for h in ("100101", "101011", "100111", "101111", "111011")]
    weights = [5, 2, 3, 1, 4]
    # bit_sums is indexed least significant bit first; the example reads left to right.
    assert bit_sums(hashes, weights, bits=6)[::-1].tolist() == [15, -7, -1, 3, 5, 15]
    assert simhash(hashes, weights, bits=6) == 0b100111


def test_design_example_two_dimensions() -> None:
    # DESIGN.md gives V = (7, 3); with +w for a set bit and -w for a clear one the
    # sums are (3 - 2 + 4, -3 + 2 + 4) = (5, 3). The fingerprint, 11, is the same.
    sums = bit_sums([0b10, 0b01, 0b11], [3, 2, 4], bits=2)[::-1].tolist()
    assert sums == [5, 3]
    assert simhash([0b10, 0b01, 0b11], [3, 2, 4], bits=2) == 0b11


def test_fingerprint_does_not_depend_on_token_order() -> None:
    tokens = [f"词{i % 37}" for i in range(500)]
    shuffled = tokens[:]
    random.Random(7).shuffle(shuffled)
    for scheme in (Weighting.TF, Weighting.BINARY, Weighting.TFIDF):
        assert simhash_terms(*weigh(tokens, scheme)) == simhash_terms(*weigh(shuffled, scheme))


def test_term_hashes_are_xxh64_and_stable_across_processes() -> None:
    here = int(term_hashes(["指纹"])[0])
    code = "from neardup.core.features.simhash import term_hashes; print(int(term_hashes(['指纹'])[0]))"
    other = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123"},
    )
    assert int(other.stdout) == here == xxhash.xxh64_intdigest("指纹".encode())


def test_similar_documents_are_close_and_different_ones_far() -> None:
    base = [f"t{i}" for i in range(400)]
    edited = [*base[:-4], "x1", "x2", "x3", "x4"]
    other = [f"u{i}" for i in range(400)]
    a, b, c = (simhash_terms(*weigh(t, Weighting.TF)) for t in (base, edited, other))
    assert hamming(a, b) <= 3
    assert hamming(a, c) > 16


def test_hex_form_has_sixteen_digits() -> None:
    assert to_hex(0xABC) == "0000000000000abc"
    assert simhash(np.zeros(0, dtype=np.uint64), np.zeros(0)) == 0
