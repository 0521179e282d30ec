"""The arrays verification's compiled loops pass each other, named, and their columns.

A compact text reaches the loops as a tuple of arrays (``overlap.CompactText.verifiable``),
and texts laid end to end as one more (``packed.PackedTexts.packed``): numba types tuples
of arrays where it would not type the dataclass. No loop lives here.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
U32 = npt.NDArray[np.uint32]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]
Chains = tuple[IntArray, IntArray, IntArray]  # starts and ends in a, diagonals (b - a)
WEIGHT, COUNTED = 0, 1  # the columns of a compact text's cumulative ``weight``
# A compact text as verification reads it: shingle hashes; its lookup (positions sorted
# by hash, their 32-bit keys, bucket starts); kept keys and their positions; the
# normalised-text position of each compact character; the filter of its lookup's keys;
# its characters, as code points.
Verifiable = tuple[U64, I32, U32, I32, U64, IntArray, I32, U64, U32]
Lookup = tuple[U64, I32, U32, I32]  # a Verifiable's first four: what seeds are found from
# Compact texts laid end to end (``packed.PackedTexts``): each array of a Verifiable
# concatenated, then the weights, then where each text's part of each array starts.
Packed = tuple[U64, I32, U32, I32, U64, IntArray, I32, U64, U32, F64, IntArray]
Rules = tuple[int, float, float, float, int, int, int, int]
Shares = tuple[float, float]  # of a and of b
# A verified pair's figures: the shares of a and of b found in the other (what both hold),
# and the shares its passages cover (the edits inside them too): what tells its kind.
Figures = tuple[float, float, float, float]
PassageRules = tuple[int, float, float, float, int, int]  # Rules without the anchor's two
