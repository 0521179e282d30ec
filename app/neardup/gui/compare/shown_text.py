"""What each pane of the compare view shows: the document's own text, and the way there.

The engine compares normalised texts (lower case, NFKC, full-width punctuation made ASCII),
and every range it gives (matched passages, word changes, the runs that keep the panes
together) is an offset into them. A person must read the document's own characters, so
the panes show the extracted text and every range goes through the document's offset map
(`OriginalText.span`). A text whose map could not be made is shown normalised, rather
than not at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from neardup.core.features import Analyzed
from neardup.core.report import Alignment, OriginalText, reflowed

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
