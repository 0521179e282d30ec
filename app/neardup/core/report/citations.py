"""Where a document cites rather than copies: quotations, the reference list, short matches.

Checkers of theses report two figures: the share of the text found elsewhere, and the share
excluding what the writer marked as someone else's words (CNKI's "去除引用文献复制比",
Turnitin's "exclude quotes / bibliography / small matches"). This module finds those
regions in a document's normalised text; the sources report leaves them out of the second
figure. The scan's own figures never depend on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from neardup.core.report.phrasebook import ENGLISH_WORDS, ReportWords
from neardup.core.settings import ScanSettings

Span = tuple[int, int]

# A quotation stays inside one paragraph (a blank line ends it) and within a page or so:
# an unmatched quotation mark must not swallow the rest of a thesis.
_MAX_QUOTE = 3000
_IN_PARAGRAPH = r"(?:[^{close}\n]|\n(?!\n))"
_QUOTES = re.compile(
    "|".join(
        f"{opening}{_IN_PARAGRAPH.format(close=closing)}{{1,{_MAX_QUOTE}}}?{closing}"
        for opening, closing in (("“", "”"), ("「", "」"), ("『", "』"), ('"', '"'))
    )
)

_NUMBERING = (
    r"(?:第[一二三四五六七八九十百\d]+[章节部分篇]|[\divxlc]+[.、)]?|[一二三四五六七八九十]+[、.])?"
)
_REFERENCE_HEADING = re.compile(
    rf"^{_NUMBERING}\s*(?:主要参考文献|参考文献|参考书目|参考资料|引用文献|references?|"
    r"bibliography|works cited|literature cited|reference list|sources cited)\s*[:：]?\s*$",
    re.MULTILINE,
)
# What ends a reference list: the top-level headings that follow one in a thesis.
_BACK_MATTER_HEADING = re.compile(
    rf"^{_NUMBERING}\s*(?:附\s*录.{{0,20}}|致\s*谢|谢\s*辞|后\s*记|作者简介|个人简历.{{0,10}}|"
    r"攻读.{0,30}(?:成果|论文|目录)|在学期间.{0,30}|appendix.{0,40}|appendices|"
    r"acknowledge?ments?|about the author|index|"
    r"第[一二三四五六七八九十百\d]+章.{0,30}|chapter \d+.{0,40})\s*$",
    re.MULTILINE,
)

# A paragraph: text between blank lines (lines of only white space count as blank).
_PARAGRAPH = re.compile(r"[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*")

_CJK_WORD = re.compile("[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]")
_LATIN_WORD = re.compile(r"[^\W\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af_]+")
# How many Chinese characters say as much as one English word: 13 characters for 8 words,
# the usual "short match" limits of Chinese and English checkers.
CJK_CHARS_PER_WORD = 13 / 8


@dataclass(frozen=True, slots=True)
class CitationOptions:
    """What the figure "excluding citations" leaves out (from `ScanSettings`)."""

    exclude_quotes: bool = True
    exclude_references: bool = True
    min_match_words: int = 8  # matches shorter than this many words (0: keep every match)

    @classmethod
    def of(cls, settings: ScanSettings) -> CitationOptions:
        return cls(settings.exclude_quotes, settings.exclude_references, settings.min_match_words)

    def describe(self, words: ReportWords = ENGLISH_WORDS) -> str:
        """What these options leave out, in ``words``' language."""
        chars = round(self.min_match_words * CJK_CHARS_PER_WORD)
        return words.citations(
            self.exclude_quotes, self.exclude_references, self.min_match_words, chars
        )


def quotations(text: str) -> list[Span]:
    """Quoted passages (with their quotation marks) of a normalised text."""
    return [(m.start(), m.end()) for m in _QUOTES.finditer(text)]


def reference_lists(text: str) -> list[Span]:
    """From each reference-list heading to the next top-level heading or the end."""
    spans: list[Span] = []
    for heading in _REFERENCE_HEADING.finditer(text):
        if spans and heading.start() < spans[-1][1]:
            continue  # a second heading inside the list (a "references" sub-heading)
        end = _BACK_MATTER_HEADING.search(text, heading.end())
        spans.append((heading.start(), end.start() if end else len(text)))
    return spans


def indented_quotes(text: str) -> list[Span]:
    """Block quotes of a plain text: paragraphs (between blank lines) whose every line is
    indented deeper than the text's usual first-line indent, or starts with "> ". Chinese
    body text indents each paragraph's first line by two full-width spaces, so only what
    stands out from the body counts."""
    paragraphs = [(m.start(), m.end(), m.group()) for m in _PARAGRAPH.finditer(text)]
    if not paragraphs:
        return []
    firsts = [_indent(block.split("\n", 1)[0]) for _, _, block in paragraphs]
    body = max(set(firsts), key=firsts.count)
    spans: list[Span] = []
    for start, end, block in paragraphs:
        lines = [line for line in block.split("\n") if line.strip()]
        if all(line.lstrip().startswith(">") for line in lines) or all(
            _indent(line) > body and _indent(line) >= 2 for line in lines
        ):
            spans.append((start, end))
    return spans if len(spans) < len(paragraphs) else []


def _indent(line: str) -> int:
    """Leading white space, in spaces: a tab is four, a full-width space two."""
    width = 0
    for character in line:
        if character == " ":
            width += 1
        elif character == "\t":
            width += 4
        elif character == "\u3000":
            width += 2
        else:
            break
    return width


def cited_regions(
    text: str, options: CitationOptions, block_quotes: Iterable[Span] = ()
) -> list[Span]:
    """The regions a writer marked as cited, merged and sorted; ``block_quotes`` are the
    document's block quotes (in ``text``), which its format shows rather than its marks."""
    spans: list[Span] = []
    if options.exclude_quotes:
        spans += quotations(text) + list(block_quotes)
    if options.exclude_references:
        spans += reference_lists(text)
    return merge_spans(spans)


def words(text: str) -> float:
    """A passage's length in English words; a Chinese character counts 8/13 of a word."""
    return len(_LATIN_WORD.findall(text)) + len(_CJK_WORD.findall(text)) / CJK_CHARS_PER_WORD


def is_short(text: str, options: CitationOptions) -> bool:
    return bool(options.min_match_words) and words(text) < options.min_match_words


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def split_at(span: Span, regions: list[Span]) -> list[tuple[int, int, bool]]:
    """``span`` cut where ``regions`` (merged, sorted) begin and end: (start, end, inside)."""
    start, end = span
    pieces: list[tuple[int, int, bool]] = []
    position = start
    for low, high in regions:
        if high <= position:
            continue
        if low >= end:
            break
        if low > position:
            pieces.append((position, low, False))
        pieces.append((max(low, position), min(high, end), True))
        position = min(high, end)
        if position >= end:
            break
    if position < end:
        pieces.append((position, end, False))
    return pieces
