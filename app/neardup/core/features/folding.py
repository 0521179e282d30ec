"""Folding what disguises a copy: other script, look-alike letters, invisible characters.

Applied to the normalised text before tokens, fingerprints and shingles, so that a copy
converted to Traditional Chinese, or with Latin letters swapped for Cyrillic look-alikes,
reads as the text it was made from. It is on by default (``ScanSettings.fold``).

- Traditional to Simplified Chinese with OpenCC (the project's own binding), phrase by
  phrase, as checkers of Chinese theses do.
- Letters and digits that look like ASCII ones (UTS #39 confusables, from the
  ``confusable-homoglyphs`` data) become that ASCII character; only characters outside
  the CJK blocks are folded, so Chinese text is never touched by it.
- Variation selectors go (zero-width and format characters already went in normalising).
- Punctuation of one kind reads as one mark: a semicolon, colon or 、 as a comma, an
  exclamation or question mark or 。 as a full stop.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

import numpy as np
import numpy.typing as npt

# Variation selectors (and the ideographic ones): invisible, and free to insert anywhere.
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_HAN = re.compile("[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
# Blocks folding must never touch: CJK scripts, their punctuation, and full-width forms.
_CJK_BLOCKS = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3134F),
)


# Punctuation a copy can swap for its kind without changing a word: the marks inside a
# sentence (comma, semicolon, colon, the enumeration comma 、) become a comma, those that
# end one become a full stop. NFKC has made the full-width forms half-width already. Texts
# are compared without their marks (``shingles``), so finding a copy does not rest on this;
# it keeps the sentences of a copy whose "，" became "；" cut as its source's are (";" ends
# a sentence, "," does not), which the compare view aligns.
PUNCTUATION_KINDS = {";": ",", ":": ",", "、": ",", "!": ".", "?": ".", "。": "."}


def fold(text: str) -> str:
    """The text with its disguises folded; ``text`` is already normalised (lower case)."""
    return fold_punctuation(fold_disguises(text))


def fold_punctuation(text: str) -> str:
    """Each mark of ``PUNCTUATION_KINDS`` as the mark of its kind. A replace a mark: where
    a text is not ASCII, ``str.translate`` maps it character by character in Python's own
    loop, at six times the time."""
    for mark, kind in PUNCTUATION_KINDS.items():
        if mark in text:
            text = text.replace(mark, kind)
    return text


def fold_disguises(text: str) -> str:
    """``fold`` but for punctuation: the text an exact copy must match. Two texts that differ
    only in their marks ("3:2" and "3,2") are one text to find copies in, but not copies
    of each other to tidy away."""
    text = _SELECTORS.sub("", text)
    if _HAN.search(text):
        text = _traditional_to_simplified()(text)
    if not text.isascii():
        text = _fold_look_alikes(text)
    return text


def _fold_look_alikes(text: str) -> str:
    """Look-alike letters and digits replaced by their ASCII forms. Such characters are
    rare, so they are found by one numpy look-up over the code points (a regular
    expression or ``str.translate`` reads a Chinese text three times as slowly) and the
    text is rebuilt around them."""
    table, pattern = _look_alikes()
    try:
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    except UnicodeEncodeError:  # a lone surrogate: no UTF-32 form
        return pattern.sub(lambda run: run.group().translate(table), text)
    foldable = _foldable_basic_plane()
    basic = codes < _BASIC_PLANE
    found = foldable[np.where(basic, codes, 0)] & basic
    for index in np.flatnonzero(~basic).tolist():  # rare: mathematical letters, emoji
        found[index] = int(codes[index]) in table
    places = np.flatnonzero(found).tolist()
    if not places:
        return text
    pieces: list[str] = []
    start = 0
    for place in places:
        pieces += (text[start:place], table[int(codes[place])])
        start = place + 1
    pieces.append(text[start:])
    return "".join(pieces)


@functools.cache
def _traditional_to_simplified() -> functools.partial[str]:
    import opencc

    return functools.partial(opencc.OpenCC("t2s").convert)


@functools.cache
def _look_alikes() -> tuple[dict[int, str], re.Pattern[str]]:
    """Characters that look like an ASCII letter or digit, mapped to it (lower case), and
    a pattern that finds runs of characters from the blocks they live in. A class of a
    few whole blocks is scanned fast; one of 1,300 scattered characters is not."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    table: dict[int, str] = {}
    for character, homoglyphs in data.items():
        if len(character) != 1 or character.isascii() or _in_cjk(ord(character)):
            continue
        ascii_forms = [
            h["c"] for h in homoglyphs if len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalnum()
        ]
        if ascii_forms:
            table[ord(character)] = ascii_forms[0].lower()
            lower = character.lower()
            if len(lower) == 1 and not lower.isascii():
                table.setdefault(ord(lower), ascii_forms[0].lower())
    blocks = sorted({code >> 7 for code in table})
    ranges = "".join(f"{chr(b << 7)}-{chr((b << 7) | 0x7F)}" for b in blocks)
    return table, re.compile(f"[{ranges}]+")


_BASIC_PLANE = 0x10000


@functools.cache
def _foldable_basic_plane() -> npt.NDArray[np.bool_]:
    """For every character of Unicode's basic plane, whether it folds to an ASCII one."""
    foldable = np.zeros(_BASIC_PLANE, dtype=bool)
    foldable[[code for code in _look_alikes()[0] if code < _BASIC_PLANE]] = True
    return foldable


def _in_cjk(code: int) -> bool:
    return any(low <= code <= high for low, high in _CJK_BLOCKS)
