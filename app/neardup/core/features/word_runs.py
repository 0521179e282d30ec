"""The runs a text is tokenised from, found over the whole text at once.

A text is cut into runs of Han characters (which a backend segments) and runs of other
letters and digits (words as they stand). ``re.finditer`` hands each run to Python as a
match object, and asking it for its text and start cost a third of the analysis of an
English text; even ``findall`` costs twice what this does. Here one numpy pass over the
text's code points, classed by a table built once per process, finds where each run
starts and ends, and the runs' texts are slices.

The classes are exactly those of the regular expression ``HAN+|[^\\W_HAN]+``:
``[^\\W_]`` is ``str.isalnum``, which is what the table holds, and a code point outside
the Basic Multilingual Plane is classed by Python itself (they are rare: emoji, rare
ideographs). A text with a lone surrogate has no UTF-32 form: ``word_runs`` says so,
and the caller reads it with the regular expression.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_ONE = re.compile(f"[{HAN_RANGES}]")
OTHER, HAN, WORD = 0, 1, 2
_BMP = 0x10000


@dataclass(frozen=True, slots=True)
class WordRuns:
    texts: list[str]  # each run, in text order
    starts: list[int]  # where each starts in the text
    is_han: list[bool]  # whether it is a run of Han characters


def _class_of(character: str) -> int:
    if _HAN_ONE.fullmatch(character):
        return HAN
    return WORD if character.isalnum() else OTHER


@cache
def basic_plane_alnum() -> npt.NDArray[np.bool_]:
    """For every code point of the Basic Multilingual Plane, whether ``str.isalnum`` holds:
    a letter or digit of any script (Han included)."""
    every = "".join(map(chr, range(_BMP)))
    return np.fromiter(map(str.isalnum, every), bool, _BMP)


@cache
def _bmp_classes() -> npt.NDArray[np.uint8]:
    """Each code point's class, as ``_class_of`` gives it, built from whole tables (a call
    per code point costs every process that tokenises 0.08 s)."""
    classes = np.where(basic_plane_alnum(), WORD, OTHER).astype(np.uint8)
    for low, high in zip(HAN_RANGES[0::3], HAN_RANGES[2::3], strict=True):
        classes[ord(low) : ord(high) + 1] = HAN
    return classes


def word_runs(text: str) -> WordRuns | None:
    """The text's runs, or None when the fast pass cannot be trusted for this text."""
    try:
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    except UnicodeEncodeError:  # a lone surrogate
        return None
    classes = _bmp_classes()[np.minimum(codes, _BMP - 1)]
    astral = np.flatnonzero(codes >= _BMP)
    if len(astral):
        classes[astral] = [_class_of(chr(int(codes[i]))) for i in astral.tolist()]
    # A run starts where the class changes to HAN or WORD, and ends where it changes from
    # one: the positions where the class differs from the one before, padded with OTHER.
    padded = np.empty(len(classes) + 2, dtype=np.uint8)
    padded[0] = padded[-1] = OTHER
    padded[1:-1] = classes
    changes = np.flatnonzero(padded[1:] != padded[:-1])
    starts = changes[padded[changes + 1] != OTHER]
    ends = changes[padded[changes] != OTHER]
    if len(ends) != len(starts):
        return None
    starts_list = starts.tolist()
    texts = list(map(text.__getitem__, map(slice, starts_list, ends.tolist())))
    return WordRuns(texts, starts_list, (classes[starts] == HAN).tolist())
