"""A PDF's text in paragraphs for reading: the page broke its lines at its own width.

Shown beside another text (the compare pane, the comparison page), each page-width line
is wrapped again at the view's width, a ragged half line after every line. Each break is
replaced by one character, so every offset into the text, and every highlight, still holds.
"""

from __future__ import annotations

import re
from itertools import pairwise

# A line ending in one of these ends a sentence or announces a list: its break may be the
# end of a paragraph, so it stays. (Not a semicolon: a sentence goes on after one.)
_SENTENCE_ENDS = frozenset(".!?:。！？：")
_FULL_LINE = 0.7  # of a page's full line width: shorter lines end paragraphs or are headings
_NO_SPACE = "\u200b"  # a zero-width space: joins Chinese lines, and a word hyphenated over two


def reflowed(text: str) -> str:
    """A PDF's text with the lines of each paragraph joined: the page broke them at its
    width, and a pane of another width broke them again, leaving a ragged half line after
    every line. A line as wide as the page's full lines, not ending a sentence, runs on into
    the next; short lines (a paragraph's last, a heading) keep their break. Each break is
    replaced by one character, so every offset into the text still holds."""
    lines = text.split("\n")
    widths = sorted(_width(line.rstrip()) for line in lines if line.strip())
    if len(widths) < 3:
        return text
    full = widths[len(widths) * 9 // 10]  # the page's full line width, whatever its font
    pieces: list[str] = []
    for line, following in pairwise(lines):
        pieces.append(line)
        end, start = line.rstrip(), following.lstrip()
        if not end or not start or _width(end) < _FULL_LINE * full or end[-1] in _SENTENCE_ENDS:
            pieces.append("\n")
        elif line != end or end[-1] == "-" or _is_wide(end[-1]) or _is_wide(start[0]):
            pieces.append(_NO_SPACE)
        else:
            pieces.append(" ")
    pieces.append(lines[-1])
    return "".join(pieces)


# Characters twice as wide as a Latin letter: Hangul, CJK ideographs and punctuation,
# full-width forms. A line mixing them with Latin words is measured by its width on the page.
_WIDE = re.compile(
    "[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]"
)


def _width(line: str) -> int:
    return len(line) + len(_WIDE.findall(line))


def _is_wide(character: str) -> bool:
    """A character of a script written without spaces between words (Chinese, Japanese)."""
    return _WIDE.match(character) is not None
