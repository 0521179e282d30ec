"""Text normalisation and sentence/paragraph splitting for Chinese and English.

All later stages (tokens, passages, overlap spans) work in the coordinates of the
normalised text, so `normalize` is the one place where the text is rewritten.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

# CJK ideographs, kana, hangul and the CJK punctuation block: characters that are
# written without spaces, so a line break between two of them is only wrapping.
_CJK = (
    "\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_CJK_CHAR = f"[{_CJK}]"
# Patterns start with the character they need, and match only what must change
# (most spaces are already a single space, most line breaks have none around
# them), so the engine rejects almost every position at once.
# Tab and the spaces NFKC leaves as they are: the no-break ones, the ogham space mark and
# the braille blank, a blank cell that a copy can put for every space.
_INLINE_SPACE_CHARS = "\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u2800"
_INLINE_SPACE = re.compile(
    f"[{_INLINE_SPACE_CHARS}][ {_INLINE_SPACE_CHARS}]*| [ {_INLINE_SPACE_CHARS}]+"
)
_SPACE_AROUND_NEWLINE = re.compile(r" +\n *|\n +")
_WRAPPED_CJK_BREAK = re.compile(rf"\n(?<={_CJK_CHAR}\n)(?={_CJK_CHAR})")
_HYPHENATED_BREAK = re.compile(r"-\n(?<=[a-z]-\n)(?=[a-z])")
_MANY_NEWLINES = re.compile(r"\n{3,}")

# Invisible characters that differ between copies of one text: C0/C1 controls but
# tab and newline, format characters (soft hyphen, zero-width space, bidi marks,
# BOM), surrogates and private use: the Unicode categories Cc, Cf, Cs and Co of the
# BMP (tests/unit/test_text.py checks them against unicodedata), the astral format
# characters and private-use planes. Then the default-ignorable code points of other
# categories, which render as nothing and are sold as "invisible characters" to hide a
# copy: the Hangul fillers (NFKC makes U+3164 and U+FFA0 U+1160), the combining
# grapheme joiner, the Khmer inherent vowels, the Mongolian free variation selectors
# and the unassigned ignorables. Variation selectors are folding's (``folding``).
_INVISIBLE_RANGES = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891"
    "\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ud800-\uf8ff"
    "\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e00ff\U000e01f0-\U000e0fff\U000f0000-\U0010ffff"
    "\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufff0-\ufff8"
)
_INVISIBLE = re.compile(f"[{_INVISIBLE_RANGES}]")


class Span(NamedTuple):
    """A half-open character range [start, end) in a normalised text."""

    start: int
    end: int


def normalize(text: str) -> str:
    """Return the canonical form of an extracted text.

    NFKC folds full-width Latin, digits and punctuation to half-width; Latin is
    lower-cased; controls go; line breaks inside CJK runs (PDF and man-page
    wrapping) are rejoined, as are hyphenated English line breaks. Paragraph
    breaks (blank lines) survive as a single blank line.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n\n")
    if not text.isascii():  # NFKC leaves ASCII as it is
        text = unicodedata.normalize("NFKC", text)
    text = _INVISIBLE.sub("", text)
    text = text.lower()
    text = _INLINE_SPACE.sub(" ", text)
    # After this, no line break has spaces around it: the two rules below rely on that.
    text = _SPACE_AROUND_NEWLINE.sub("\n", text)
    text = _WRAPPED_CJK_BREAK.sub("", text)
    text = _HYPHENATED_BREAK.sub("", text)
    text = _MANY_NEWLINES.sub("\n\n", text)
    return text.strip()


# Characters a format moves or drops with the layout: hyphens (where a line breaks after
# the hyphen of "tab-completion", normalising rejoins "tabcompletion", as it must for a word
# hyphenated only to wrap) and quotation marks (a PDF of Chinese text places “ and ” at the
# glyph's position, which need not be its place in the text).
_LAYOUT_MARKS = "-\"'“”‘’「」『』"


def content_key_text(normalized: str) -> str:
    """The text without whitespace, hyphens and quotation marks: equal for copies that
    differ only in layout, whatever their formats."""
    # str.split() drops exactly what the regex \s+ matches, three times faster; a replace
    # per mark is five times faster than str.translate, which maps a text that is not
    # ASCII character by character in Python's own loop.
    compact = "".join(normalized.split())
    for mark in _LAYOUT_MARKS:
        if mark in compact:
            compact = compact.replace(mark, "")
    return compact


# A sentence ends at CJK terminators, at ! ? ; (NFKC turns the full-width ones
# into these), and at a full stop followed by space, the end or a CJK character
# (a full stop inside "3.14" or "example.org" does not end anything).
# The leading lookahead lets the engine reject most positions at once (twice as fast).
_SENTENCE_END = re.compile(
    r"(?=[。！？；…!?;.\n])(?:"
    rf"[。！？；…]+[”’」』）)]*|[!?;]+[\"')\]]*|\.+[\"')\]]*(?=\s|$|{_CJK_CHAR})|\n"
    ")"
)
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _trimmed(text: str, start: int, end: int) -> Span | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end) if end > start else None


def _pieces(text: str, separator: re.Pattern[str], keep_separator: bool) -> list[Span]:
    """Trimmed, non-empty spans between matches of a separator."""
    spans: list[Span] = []
    start = 0
    for match in separator.finditer(text):
        span = _trimmed(text, start, match.end() if keep_separator else match.start())
        if span is not None:
            spans.append(span)
        start = match.end()
    tail = _trimmed(text, start, len(text))
    if tail is not None:
        spans.append(tail)
    return spans


_LINE_BREAK = re.compile(r"\n")


def split_sentences(text: str) -> list[Span]:
    """Sentence spans of a normalised text, for Chinese and English punctuation.

    Line breaks also end a sentence, since headings and list items rarely carry
    punctuation.
    """
    return _pieces(text, _SENTENCE_END, keep_separator=True)


def sentence_boundaries(text: str) -> list[int]:
    """Where sentences may start (untrimmed): cheaper than `split_sentences` when only
    the positions matter, as for mapping sentences onto tokens."""
    return [0, *(match.end() for match in _SENTENCE_END.finditer(text))]


def split_paragraphs(text: str) -> list[Span]:
    """Paragraph spans of a normalised text.

    Paragraphs are separated by blank lines; a text with no blank line at all
    (common in plain-text Chinese files) has one paragraph per line.
    """
    separator = _PARAGRAPH_BREAK if _PARAGRAPH_BREAK.search(text) else _LINE_BREAK
    return _pieces(text, separator, keep_separator=False)


# What ends a sentence or a clause: a passage found in two texts may begin with the mark
# that ends the sentence before it, where both texts have it there.
_SENTENCE_TAIL = frozenset(".,;:!?)]}。，、；：！？）】」』》”’")


def past_sentence_tail(text: str, start: int, end: int) -> int:
    """``start`` moved past the end of the sentence before it (its marks and the spaces
    after them), not beyond ``end``: where a reader sees a passage of [start, end) begin."""
    while start < end and (text[start].isspace() or text[start] in _SENTENCE_TAIL):
        start += 1
    return start
