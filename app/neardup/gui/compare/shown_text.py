"""What each pane of the compare view shows: the document's own text, and the way there.

The engine compares normalised texts (lower case, NFKC, full-width punctuation made ASCII),
and every range it gives (matched passages, word changes, the runs that keep the panes
together) is an offset into them. A person must read the document's own characters, so
the panes show the extracted text and every range goes through the document's offset map
(`OriginalText.span`). A text whose map could not be made is shown normalised, rather
than not at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from neardup.core.features import Analyzed
from neardup.core.report import Alignment, OriginalText

Range = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ShownText:
    """One side: the text shown, and the map from normalised ranges into it."""

    text: str
    original: OriginalText | None  # None: the normalised text is shown as it is

    @classmethod
    def of(cls, analysed: Analyzed, original: OriginalText | None) -> ShownText:
        if original is None or original.normalised != analysed.text:
            return cls(analysed.text, None)
        if analysed.format == "pdf":  # lines broken where the page ended them
            return cls(reflowed(original.original), original)
        return cls(original.original, original)

    @property
    def is_original(self) -> bool:
        return self.original is not None

    def span(self, start: int, end: int) -> Range:
        """The shown range of normalised ``[start, end)``: whole characters of the document
        (a full-width comma, a capital, a hyphenated word broken over two lines)."""
        if self.original is None:
            return start, end
        return self.original.span(start, end)

    def spans(self, ranges: Sequence[Range]) -> list[Range]:
        return [self.span(start, end) for start, end in ranges]

    def at(self, offset: int) -> int:
        """The shown position of a normalised offset (where an empty range sits)."""
        return self.span(offset, offset)[0]


def shown_alignment(alignment: Alignment, a: ShownText, b: ShownText) -> Alignment:
    """The same runs of common text, in the texts shown: the panes scroll together on them."""
    return Alignment.of([(*a.span(a0, a1), *b.span(b0, b1)) for a0, a1, b0, b1 in alignment.runs])


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
