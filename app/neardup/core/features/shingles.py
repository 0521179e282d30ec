"""Shingles of one document's text, and the hashes winnowing keeps of them.

A text is compared on its characters but whitespace and the punctuation of Chinese text
("compact" text, ``compared_characters``): whitespace and line breaks differ between
formats, and a Chinese copy can change its marks without changing a word, so neither says
anything about copying (a pair's shares still count the marks: ``kernel_types.COUNTED``).
Every run of ``SHINGLE`` compact characters is a shingle with a 64-bit hash. Shingles made
of one repeated character (table rules) or without a word character (letters, digits,
Han) are "tainted": they never count as evidence of copying.

Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003) runs over keys of ``KEY_CHARS``
characters, each the hash of two shingles ``SHINGLE`` apart, and keeps the smallest key of
every ``WINNOW`` consecutive ones. Two texts that share a verbatim run of ``ANCHOR_CHARS``
compact characters share the keys inside it, and so keep a common one. Keys twice as long
as a shingle are what keeps chance out of the candidates: in 2,000 real README and manual
files, 361,000 pairs share a kept 16-character shingle (a package name, a command), 33,000
share a kept 32-character key, and 26,000 a 40-character run, the least any key that sees
every such run can give. The kept keys are few (one per five characters) and computed once
per document, in the worker that reads it; candidate pairs are the documents whose common
keys can stand for enough of one of them (``core.passages.candidates``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from neardup.core.features.word_runs import HAN_RANGES, basic_plane_alnum

# Changing any of these changes results: bump versions.ANALYSIS_VERSION and
# versions.OVERLAP_VERSION with it.
SHINGLE = 16  # characters per shingle: long enough to be rare by chance (measured)
KEY_CHARS = 2 * SHINGLE  # characters per winnowing key: two shingles end to end
WINNOW = 9  # keys per winnowing window
ANCHOR_CHARS = WINNOW + KEY_CHARS - 1  # a shared verbatim run this long is always seen

HashArray = npt.NDArray[np.uint64]
IntArray = npt.NDArray[np.int64]
NO_HASH = np.uint64(np.iinfo(np.uint64).max)
SHINGLE_BASE = np.uint64(0x100000001B3)  # of the polynomial hash of a shingle's characters
SHINGLE_MIX_SHIFT = 29  # the xor-shift that mixes a hash's high bits down
KEY_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9))
WHITESPACE_CODES = np.array([ord(c) for c in " \t\n\r\f\v\u3000\u00a0"], dtype=np.uint32)
# Whether each code point up to the last whitespace one is whitespace: one look-up per
# character, where ``np.isin`` compares every character with each of them.
_SPACE_TABLE = np.zeros(int(WHITESPACE_CODES.max()) + 2, dtype=bool)
_SPACE_TABLE[WHITESPACE_CODES] = True
_BASIC_PLANE = 0x10000
# What a compact character may be beside: how the marks of Chinese text are told.
_OTHER, _HAN_CHARACTER, _MARK = 0, 1, 2
_FIRST_HAN = ord(HAN_RANGES[0])  # no text without a code point from here on holds Han
# The blocks where the marks of Chinese text lie (NFKC has made most full-width ones ASCII):
# ASCII, Latin-1, general punctuation, CJK symbols and punctuation, vertical, small and
# full-width forms. Punctuation of other scripts never sits between Han characters.
_MARK_BLOCKS = (
    (0x21, 0x7E),
    (0xA1, 0xBF),
    (0x2010, 0x205E),
    (0x3000, 0x303F),
    (0xFE10, 0xFE6F),
    (0xFF01, 0xFF65),
)


def is_whitespace(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Which code points are whitespace (``WHITESPACE_CODES``)."""
    found: npt.NDArray[np.bool_] = _SPACE_TABLE[np.minimum(codes, len(_SPACE_TABLE) - 1)]
    return found


def compared_characters(
    codes: npt.NDArray[np.uint32], spaces: npt.NDArray[np.bool_] | None = None
) -> npt.NDArray[np.bool_]:
    """Which code points a text is compared on (its compact characters): all but
    whitespace and the punctuation of Chinese text.

    A Chinese sentence has a mark every few characters, and a copy can change them without
    changing a word: with every "，" turned into a space, a copied thesis chapter had the
    same fingerprint as its source and no 16-character shingle in common with it. A mark
    is Chinese text's when the nearest character before it that is not a mark is Han: the
    marks that end a clause or a sentence go with it wherever a copy moves it, which a
    rule that also asked of the character after them did not (the marks of reordered
    sentences then came and went). Marks after other scripts stay: dropping
    English ones let chance phrases run on across sentences (partial precision 0.77
    against 0.98 on a held-out corpus), and dropping those before Han as well joined a
    translation's untranslated commands to the original's (more pairs between unrelated
    documents, measured). ``spaces``: `is_whitespace` of the codes, where known."""
    compared = ~(is_whitespace(codes) if spaces is None else spaces)
    if not (codes >= _FIRST_HAN).any():  # most English text: one pass
        return compared
    places = np.flatnonzero(compared)
    kept = codes[places]
    classes = _han_and_marks()[np.minimum(kept, _BASIC_PLANE - 1)]
    astral = np.flatnonzero(kept >= _BASIC_PLANE)
    if len(astral):  # rare Han (extensions B and on), emoji
        classes[astral] = np.where(_astral_han(kept[astral]), _HAN_CHARACTER, _OTHER)
    is_mark = classes == _MARK
    if not is_mark.any():
        return compared
    # The last entry stands for no character before: marks that open the text stay, as no
    # passage (which takes the marks after its last character) could cover them.
    han = np.append(classes == _HAN_CHARACTER, False)
    order = np.arange(len(kept))
    before = np.maximum.accumulate(np.where(is_mark, -1, order))  # -1: none before
    chinese_marks = is_mark & han[before]
    compared[places[chinese_marks]] = False
    return compared


@cache
def _han_and_marks() -> npt.NDArray[np.uint8]:
    """For every code point of the Basic Multilingual Plane: Han, a mark (punctuation,
    the Unicode categories P*, in ``_MARK_BLOCKS``), or other. Built once a process."""
    classes = np.zeros(_BASIC_PLANE, dtype=np.uint8)
    for first, last in zip(HAN_RANGES[0::3], HAN_RANGES[2::3], strict=True):
        classes[ord(first) : ord(last) + 1] = _HAN_CHARACTER
    for low, high in _MARK_BLOCKS:
        for code in range(low, high + 1):
            if unicodedata.category(chr(code)).startswith("P"):
                classes[code] = _MARK
    return classes


def character_tables() -> tuple[
    npt.NDArray[np.bool_], npt.NDArray[np.uint8], npt.NDArray[np.bool_], int, int
]:
    """What `Shingles.of` tells characters by, for a compiled twin of it
    (``passages.text_kernels.compact_characters``): whether each code point up to the last
    whitespace one is whitespace, each Basic Multilingual Plane code point's class, whether
    it is a word character, and the classes of Han and of marks."""
    return _SPACE_TABLE, _han_and_marks(), basic_plane_alnum(), _HAN_CHARACTER, _MARK


def _astral_han(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    found: npt.NDArray[np.bool_] = (codes >= 0x20000) & (codes <= 0x3134F)
    return found


@dataclass(frozen=True, slots=True)
class Shingles:
    """The compact characters of a text and the hashes of its shingles."""

    positions: npt.NDArray[np.int32]  # index in the text of each compact character
    codes: npt.NDArray[np.uint32]  # the compact characters, as code points
    word: npt.NDArray[np.bool_]  # which compact characters are letters, digits or Han
    hashes: HashArray  # one per shingle (starting at each compact character)
    tainted: npt.NDArray[np.bool_]  # shingles that are never evidence of copying
    # Where the marks of Chinese text lie that comparing leaves out: a copy's shares still
    # count them, as every other character but whitespace (``passages.kernel_types.COUNTED``).
    marks: npt.NDArray[np.int32]

    @classmethod
    def of(cls, text: str, hashed: ShingleHasher | None = None) -> Shingles:
        """``hashed``: what hashes the compact characters' shingles (`hashed_shingles`
        by default; verification, which has numba loaded, passes its compiled twin)."""
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        spaces = is_whitespace(codes)
        keep = compared_characters(codes, spaces)
        positions = np.flatnonzero(keep).astype(np.int32)
        marks = np.flatnonzero(~keep & ~spaces).astype(np.int32)
        kept = codes[keep]
        word = _word_characters(kept)
        hashes, tainted = (hashed or hashed_shingles)(kept, word)
        return cls(positions, kept, word, hashes, tainted, marks)


# (compact characters, which are word characters) -> (shingle hashes, which are tainted)
ShingleHasher = Callable[
    [npt.NDArray[np.uint32], npt.NDArray[np.bool_]], tuple[HashArray, npt.NDArray[np.bool_]]
]


def hashed_shingles(
    codes: npt.NDArray[np.uint32], word: npt.NDArray[np.bool_]
) -> tuple[HashArray, npt.NDArray[np.bool_]]:
    """The hash of the shingle at each compact character, and whether it is tainted (one
    character repeated, or no word character), by whole-array numpy passes: the definition
    ``passages.text_kernels.hashed_shingles`` matches bit for bit."""
    hashes = _shingle_hashes(codes.astype(np.uint64))
    starts = np.arange(len(hashes))
    repeats_before = np.concatenate(([0, 0], np.cumsum(codes[1:] == codes[:-1])))
    tainted = (repeats_before[starts + SHINGLE] - repeats_before[starts + 1]) == SHINGLE - 1
    words_before = np.concatenate(([0], np.cumsum(word)))
    tainted |= words_before[starts + SHINGLE] == words_before[starts]
    return hashes, tainted


def winnowing_keys(hashes: HashArray, tainted: npt.NDArray[np.bool_]) -> HashArray:
    """The key at every compact character: the hash of the two shingles that start there
    and ``SHINGLE`` later, so of ``KEY_CHARS`` characters (``NO_HASH`` where either shingle
    is tainted: a key is evidence only where both halves are)."""
    count = len(hashes) - SHINGLE
    if count <= 0:
        return np.zeros(0, dtype=np.uint64)
    with np.errstate(over="ignore"):
        keys = hashes[:count] * KEY_MIX[0] + hashes[SHINGLE:]
        keys ^= keys >> np.uint64(31)
        keys *= KEY_MIX[1]
        keys ^= keys >> np.uint64(29)
    # NO_HASH is never a real key's value: it would be taken for "no key here".
    keys[keys == NO_HASH] -= np.uint64(1)
    unusable = tainted[:count] | tainted[SHINGLE:]
    found: HashArray = np.where(unusable, NO_HASH, keys)
    return found


def window_minima(hashes: HashArray, tainted: npt.NDArray[np.bool_]) -> HashArray:
    """The smallest key of every ``WINNOW`` consecutive keys, one per window position
    (``NO_HASH`` where none is usable), from a text's shingle hashes."""
    usable = winnowing_keys(hashes, tainted)
    if len(usable) < WINNOW:
        return usable
    minima: HashArray = np.lib.stride_tricks.sliding_window_view(usable, WINNOW).min(axis=1)
    return minima


def winnowed(text: str) -> HashArray:
    """The keys winnowing keeps from a normalised text, once per place, sorted.

    A place is a run of consecutive windows whose smallest key is the same key (the
    leftmost smallest, so ties break alike in every text). A key lies in at most ``WINNOW``
    windows, so a verbatim run of ``r >= ANCHOR_CHARS`` compact characters holds at least
    ``(r - ANCHOR_CHARS + 1) / WINNOW`` places, each kept by every text that holds the run:
    how many places two texts share bounds how much of them they share
    (``core.passages.candidates``). A key repeats here when its text does.
    """
    return winnowed_and_compact_length(text)[0]


def winnowed_and_compact_length(text: str) -> tuple[HashArray, int]:
    """``winnowed`` keys, and the text's ``compact_length``, from one pass over it."""
    shingled = Shingles.of(text)
    keys, _ = kept_places(shingled.hashes, shingled.tainted)
    return keys, len(shingled.codes)


def kept_places(hashes: HashArray, tainted: npt.NDArray[np.bool_]) -> tuple[HashArray, IntArray]:
    """The keys winnowing keeps (once per place, as ``winnowed`` says) and where each is:
    the compact position its 32 characters start at, sorted by key, then position."""
    usable = winnowing_keys(hashes, tainted)
    if len(usable) < WINNOW:
        chosen = np.arange(len(usable))
    else:
        windows = np.lib.stride_tricks.sliding_window_view(usable, WINNOW)
        chosen = np.arange(len(windows)) + windows.argmin(axis=1)
    places = chosen[np.concatenate(([True], chosen[1:] != chosen[:-1]))] if len(chosen) else chosen
    places = places[usable[places] != NO_HASH]
    order = np.argsort(usable[places], kind="stable")
    positions: IntArray = places[order].astype(np.int64)
    keys: HashArray = usable[positions]
    return keys, positions


def compact_length(text: str) -> int:
    """How many compact characters (``compared_characters``) a text has."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    return int(np.count_nonzero(compared_characters(codes)))


def sorted_distinct(values: npt.NDArray[Any], *, owned: bool = False) -> npt.NDArray[Any]:
    """The distinct values of a one-dimensional array, sorted: ``np.unique``'s result by one
    sort and a mask. numpy 2's ``np.unique`` takes 17 times as long on 100,000 values and 50
    times on 2 million, holding the GIL for a quarter of a second at a time. An ``owned``
    array (the caller's own temporary) is sorted in place rather than copied."""
    ordered = values if owned else np.sort(values)
    if owned:
        ordered.sort()
    keep = np.empty(len(ordered), dtype=bool)
    keep[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _word_characters(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Letters, digits and Han characters: what makes a passage text rather than layout."""
    table = basic_plane_alnum()
    basic = codes < 0x10000
    found: npt.NDArray[np.bool_] = table[np.where(basic, codes, 0)] & basic
    for index in np.flatnonzero(~basic).tolist():  # rare: historic scripts, emoji, rare Han
        found[index] = chr(int(codes[index])).isalnum()
    return found


def _shingle_hashes(codes: npt.NDArray[np.uint64]) -> HashArray:
    n = len(codes) - SHINGLE + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    # Polynomial hash mod 2**64 (numpy wraps) of the codes plus one, then one xor-shift to
    # mix high bits down. The hash of 2w characters is that of the first w times BASE**w
    # plus that of the next w, so four passes make the 16-character hashes, not sixteen.
    value = codes + np.uint64(1)
    width = 1
    with np.errstate(over="ignore"):
        while width < SHINGLE:
            shift = np.uint64(pow(int(SHINGLE_BASE), width, 1 << 64))
            value = value[: len(value) - width] * shift + value[width:]
            width *= 2
        value ^= value >> np.uint64(SHINGLE_MIX_SHIFT)
    return value
