"""The runs a text is tokenised from, found over the whole text at once.

A text is cut into runs of Han characters (which a backend segments) and runs of other
letters and digits (words as they stand). ``re.finditer`` hands each run to Python as a
match object, and asking it for its text and start cost a third of the analysis of an
English text. Here the runs' texts come from one ``findall`` and their starts from one
numpy pass over the text's code points, classed by a table built once per process.

The classes are exactly the regular expression's: ``[^\\W_]`` is ``str.isalnum``, which is
what the table holds, and a code point outside the Basic Multilingual Plane is classed by
Python itself (they are rare: emoji, rare ideographs). ``word_runs`` checks that both
passes found the same number of runs, and says so when they cannot agree (a lone
surrogate, which has no UTF-32 form).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUN = re.compile(f"[{HAN_RANGES}]+|[^\\W_{HAN_RANGES}]+")
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
def _bmp_classes() -> npt.NDArray[np.uint8]:
    return np.array([_class_of(chr(code)) for code in range(_BMP)], dtype=np.uint8)


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
    previous = np.empty_like(classes)
    previous[:1] = OTHER
    previous[1:] = classes[:-1]
    starts = np.flatnonzero((classes != OTHER) & (classes != previous))
    texts = _RUN.findall(text)
    if len(texts) != len(starts):
        return None
    return WordRuns(texts, starts.tolist(), (classes[starts] == HAN).tolist())
