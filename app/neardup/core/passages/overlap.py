"""Exact verification of a candidate pair: how much of each text is found in the other.

Both texts are compared on their non-space characters, cut into K-character
shingles. Each shingle of a that occurs in b gives a seed (i, j): position i
in a, position j in b. Copied text produces seeds along a diagonal (j - i
constant); seeds on one diagonal that touch form a chain. Chains close to each
other in both texts are joined into one passage, so a few changed, inserted or
deleted characters inside a copied passage do not split it. Passages that stay
short are chance matches of common phrases and are dropped, and so are passages
without words (table rules, runs of punctuation): only letters, digits and Han
characters count towards a passage's length. Each passage has consistent spans in
both texts; the overlaps are the shares of each text that the passages cover.

The result depends on the two texts alone, never on what else is scanned, so a
pair's figures are the same in a scan of two files, of ten thousand, and in
``neardup compare``. A pair counts as copied only if one of its passages holds a
verbatim run of at least ``ANCHOR_CHARS`` characters: that is what winnowing
(``core.features.shingles``) always sees, so every such pair is a candidate
(``core.passages.candidates``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import starmap

import numpy as np
import numpy.typing as npt

from neardup.core.features import (
    ANCHOR_CHARS,
    KEY_MIX,
    NO_HASH,
    SHINGLE,
    SHINGLE_BASE,
    SHINGLE_MIX_SHIFT,
    WINNOW,
    Shingles,
    character_tables,
    is_whitespace,
)
from neardup.core.models import MatchedSpan, Overlap
from neardup.core.passages import kernel_types, kernels, rejection, text_kernels
from neardup.core.passages.closing_marks import close_spans

# Changing any of these changes results: bump versions.OVERLAP_VERSION with it.
MAX_GAP = 24  # an edit of up to this many characters does not split a passage
MIN_MATCH = 40  # shorter passages are common phrases, not copying (in CJK characters)
# A Latin letter says less than a CJK character (an English word is ~5 letters,
# a Chinese word ~2 characters), so passage lengths are counted with this weight.
LATIN_CHAR_WEIGHT = 1 / 3
MAX_DRIFT = 0.1  # the two sides of a passage differ in length by at most this share
MIN_DENSITY = 0.5  # a joined passage must be at least half covered by seeds

# Bits a key of a text's lookup sets in its filter: about 1.4% of other keys pass it
# (two bits each), at 2 bytes a character.
FILTER_BITS_PER_KEY = 16

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt32Array = npt.NDArray[np.uint32]
_FIRST_CJK = 0x2E80
# The rules a compact text is built by, as ``text_kernels.compact_arrays`` takes them.
BUILDING = (
    SHINGLE,
    SHINGLE_BASE,
    SHINGLE_MIX_SHIFT,
    WINNOW,
    np.array(KEY_MIX, np.uint64),
    NO_HASH,
    FILTER_BITS_PER_KEY,
    rejection.FILTER_MIXES,
    _FIRST_CJK,
    LATIN_CHAR_WEIGHT,
    kernel_types.WEIGHT,
    kernel_types.COUNTED,
)


@dataclass(frozen=True, slots=True)
class CompactText:
    """A text without whitespace, with a map back to normalised-text positions."""

    # int32 halves the memory of the texts a large scan keeps for verification.
    positions: Int32Array  # positions[i] = index in the normalised text of compact char i
    shingles: npt.NDArray[np.uint64]  # hash of the shingle starting at each compact char
    # Cumulative, length + 1 rows: the weight of word characters (``WEIGHT``), and the
    # characters a passage's length counts (``COUNTED``): compact ones, and the marks left
    # out of Chinese text, each with the compact character before it.
    weight: npt.NDArray[np.float64]
    # Shingles that never seed a match: runs of one repeated character (table
    # rules, "=====") and shingles without a word character.
    tainted: npt.NDArray[np.bool_]
    # The shingles that may seed a match, sorted by hash (equal hashes in text order),
    # for lookups from other texts (`sorted_lookup`): their positions, the top 32 bits of
    # their hashes, and where each bucket of keys starts. Keys, not whole hashes: half
    # the memory, and a look-up reads full hashes from ``shingles`` only where keys agree.
    lookup_positions: Int32Array
    lookup_keys: UInt32Array
    lookup_buckets: Int32Array
    # The keys winnowing keeps (sorted) and the compact position of each: where a verbatim
    # run two texts share must show (``rejection.shares_anchor_run``).
    kept_keys: npt.NDArray[np.uint64]
    kept_positions: IntArray
    # A filter of the lookup's keys (``text_kernels.key_filter``), a few bits a place: a
    # pair whose seeds cannot cover what it needs is told so without seeding it.
    key_filter: npt.NDArray[np.uint64]
    # The compact characters, as code points: what an edit inside a passage kept of the
    # text (``shares.matched_shares``).
    codes: UInt32Array
    # Where the marks of Chinese text that comparing leaves out lie in the normalised text:
    # a passage's span takes those that close it (``closing_marks``); kernels never read
    # them (they count them through ``weight``).
    marks: Int32Array
    # The arrays ``kernels.verified_passages`` reads, in its order: made once, as a large
    # scan passes them for millions of candidates.
    verifiable: kernel_types.Verifiable = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        arrays = (
            self.shingles,
            self.lookup_positions,
            self.lookup_keys,
            self.lookup_buckets,
            self.kept_keys,
            self.kept_positions,
            self.positions,
            self.key_filter,
            self.codes,
        )
        object.__setattr__(self, "verifiable", arrays)

    @classmethod
    def of(cls, text: str) -> CompactText:
        """The compact form of a normalised text, in one compiled call (a large scan builds
        each text for verification several times)."""
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        basic, arrays = text_kernels.compact_text(codes, character_tables(), BUILDING)
        if not basic:  # a code point past the Basic Multilingual Plane: numpy's rules
            shingled = Shingles.of(text)
            arrays = text_kernels.compact_arrays(
                shingled.positions, shingled.marks, shingled.codes, shingled.word, BUILDING
            )
        positions, marks, codes, _, hashes, tainted, weight = arrays[:7]
        order, keys, buckets, kept_keys, kept_positions, key_filter = arrays[7:]
        return cls(
            positions,
            hashes,
            weight,
            tainted,
            order,
            keys,
            buckets,
            kept_keys,
            kept_positions,
            key_filter,
            codes,
            marks,
        )

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def nbytes(self) -> int:
        """The memory its arrays hold (``verifiable`` only gathers them)."""
        return sum(int(getattr(self, f.name).nbytes) for f in fields(self) if f.init)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Compact range [start, end) as a normalised-text range."""
        return int(self.positions[start]), int(self.positions[end - 1]) + 1


def non_space_before(text: str) -> IntArray:
    """For each position 0..len(text), how many non-space characters come before it."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    counts = np.cumsum(~is_whitespace(codes))
    return np.concatenate(([0], counts)).astype(np.int64)


def sorted_lookup(
    hashes: npt.NDArray[np.uint64], usable: npt.NDArray[np.bool_]
) -> tuple[Int32Array, UInt32Array, Int32Array]:
    """The usable places sorted by hash (equal hashes in text order), the top 32 bits of
    each one's hash, and where the keys of each bucket start (``text_kernels``)."""
    return text_kernels.bucketed_lookup(hashes, usable)


# A chain of ANCHOR_CHARS characters is this many consecutive matching shingles.
ANCHOR_SHINGLES = ANCHOR_CHARS - SHINGLE + 1
# Places of one repeated key tried before a pair is left to full verification.
MAX_KEY_TRIES = 256
# Every rule verification's kernels follow, as they take them.
RULES = (
    MAX_GAP,
    MAX_DRIFT,
    float(MIN_MATCH),
    MIN_DENSITY,
    SHINGLE,
    ANCHOR_CHARS,
    ANCHOR_SHINGLES,
    MAX_KEY_TRIES,
)


def union_size(
    ranges: list[tuple[int, int]] | npt.NDArray[np.int64], before: IntArray | None = None
) -> int:
    """Size of the union of half-open ranges (pairs, or an (n, 2) array); with ``before``
    (a prefix count such as `non_space_before`), the number of counted characters the union
    covers."""
    spans = np.asarray(ranges, dtype=np.int64).reshape(-1, 2)
    if not len(spans):
        return 0
    spans = spans[np.argsort(spans[:, 0], kind="stable")]
    starts, ends = spans[:, 0], spans[:, 1]
    # Each range counts from where the ranges before it stopped covering.
    covered_to = np.concatenate(([0], np.maximum.accumulate(ends)[:-1]))
    starts = np.maximum(np.maximum(starts, covered_to), 0)
    counted = ends > starts
    if before is None:
        return int((ends[counted] - starts[counted]).sum())
    return int((before[ends[counted]] - before[starts[counted]]).sum())


@dataclass(frozen=True, slots=True)
class Passages:
    """A verified pair as arrays: the two shares, and each passage as a row
    (a_start, a_end, b_start, b_end) of normalised-text positions, with a's side also in
    compact characters where it was just measured (a scan looks up how many documents hold
    each passage by them). Arrays, because a scan of real text verifies tens of thousands
    of pairs with hundreds of thousands of passages."""

    overlap_a: float
    overlap_b: float
    spans: IntArray  # (m, 4), normalised text
    compact_a: IntArray | None  # (m, 2), a's compact text, where known
    # The shares the passages cover, edits inside them too (``Overlap.cover_a``).
    cover_a: float
    cover_b: float

    def overlap(self) -> Overlap:
        spans = tuple(starmap(MatchedSpan, self.spans.tolist()))
        return Overlap(self.overlap_a, self.overlap_b, spans, self.cover_a, self.cover_b)


NOTHING_FOUND = Passages(0.0, 0.0, np.zeros((0, 4), np.int64), np.zeros((0, 2), np.int64), 0.0, 0.0)


def measure_passages(
    a: CompactText, b: CompactText, needed_a: float = 0.0, needed_b: float = 0.0
) -> Passages:
    """overlap_a: share of a's characters found in b; overlap_b: the reverse; and the passages.

    Nothing is found unless some passage holds a verbatim run of ``ANCHOR_CHARS``.
    With ``needed_a`` or ``needed_b``, a pair whose seeds cannot cover that share of a
    (of b) is left unmeasured; see `verify`.
    """
    return verify(a, b, needed_a, needed_b) or NOTHING_FOUND


def verify(
    a: CompactText, b: CompactText, needed_a: float = 0.0, needed_b: float = 0.0
) -> Passages | None:
    """`measure_passages`, or None where the pair was rejected before it was measured: no
    kept key lies in a verbatim run of ``ANCHOR_CHARS`` both share, or its seeds' chains,
    with every gap a passage may bridge, cover less than ``needed_a`` of a or ``needed_b``
    of b (``rejection`` tells most such pairs without seeding them). A rejection depends
    on what is needed, so unlike a measured result it is no fact about the two texts to
    keep.

    Each shingle found in both gives a seed; the k-th occurrence of a shingle in the
    longer text is paired with its k-th occurrence in the other (counting round again
    when that has fewer), so text that repeats (a log of one line, a changelog's
    recurring sign-off) is matched in order, copy to copy, and the pair (b, a) reads as
    (a, b) does, sides swapped. Seeds form chains, chains passages (``kernels``): one
    compiled call a pair.
    """
    needed = (float(needed_a), float(needed_b))
    if not rejection.worth_seeding(a.verifiable, a.weight, b.verifiable, b.weight, needed, RULES):
        return None
    measured, rows, spans, figures = kernels.verified_passages(
        a.verifiable, a.weight, b.verifiable, b.weight, needed, RULES
    )
    if not measured:
        return None
    if not len(rows):
        return NOTHING_FOUND
    marks_a, marks_b = (a.positions, a.marks), (b.positions, b.marks)
    return with_closing_marks(marks_a, marks_b, rows, spans, figures)


# A text's compact positions and the marks left out of it: what closing its spans needs.
MarkPlaces = tuple[Int32Array, Int32Array]


def with_closing_marks(
    a: MarkPlaces, b: MarkPlaces, rows: IntArray, spans: IntArray, figures: kernel_types.Figures
) -> Passages:
    """A verified pair's passages (compact ``rows``, normalised ``spans``) with each span
    carried past the marks that close it, where a text has marks left out of it."""
    (a_positions, a_marks), (b_positions, b_marks) = a, b
    if len(a_marks) or len(b_marks):
        spans = spans.copy()
    if len(a_marks):
        close_spans(a_positions, a_marks, rows[:, 1], spans[:, 1])
    if len(b_marks):
        close_spans(b_positions, b_marks, rows[:, 3], spans[:, 3])
    share_a, share_b, cover_a, cover_b = (round(figure, 4) for figure in figures)
    return Passages(share_a, share_b, spans, rows[:, :2], cover_a, cover_b)


def measure_overlap(a: CompactText, b: CompactText) -> Overlap:
    """`measure_passages` as the model's `Overlap`."""
    return measure_passages(a, b).overlap()
