"""Normalising and folding with a map back to the extracted text.

Every later stage works in the normalised (and folded) text, but a person must see the
document's own characters: its case, its full-width punctuation, its Traditional script.
`mapped_text` repeats the steps of `text.normalize` and `folding.fold` one by one, each as
a list of edits, and carries along, for every character of the result, the range of the
extracted text it came from. The result is checked against the real functions, so the map
can never describe another text than the one the engine compared.

Reports compute the map when they need it, from the extracted text alone: nothing is stored.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from neardup.core.features import folding, text

Edit = tuple[int, int, str]  # replace text[start:end] by the string


@dataclass(frozen=True, slots=True)
class OffsetMap:
    """Where each character of a derived text comes from in the original text.

    Character i of the derived text stands for ``original[starts[i]:ends[i]]``.
    """

    starts: list[int]
    ends: list[int]
    original_length: int

    @classmethod
    def identity(cls, length: int) -> OffsetMap:
        return cls(list(range(length)), list(range(1, length + 1)), length)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The range of the original text that derived ``[start, end)`` comes from."""
        count = len(self.starts)
        start, end = max(0, min(start, count)), max(0, min(end, count))
        if start >= end:
            at = self.starts[start] if start < count else self.original_length
            return at, at
        return self.starts[start], self.ends[end - 1]


@dataclass(frozen=True, slots=True)
class MappedText:
    """A normalised (and maybe folded) text, and its map back to the extracted text."""

    text: str
    offsets: OffsetMap


class MappingError(RuntimeError):
    """The stepwise normalisation did not give the engine's text (a bug, never bad input)."""


def mapped_text(original: str, *, fold: bool) -> MappedText:
    """``normalize(original)``, folded when ``fold``, with its map back to ``original``."""
    current, starts, ends = original, list(range(len(original))), list(range(1, len(original) + 1))
    for step in _normalising_steps(fold):
        current, starts, ends = step(current, starts, ends)
    expected = text.normalize(original)
    if fold:
        expected = folding.fold(expected)
    if current != expected:
        raise MappingError("the text could not be mapped back to the extracted text")
    return MappedText(current, OffsetMap(starts, ends, len(original)))


# --- applying edits ---------------------------------------------------------------------------

State = tuple[str, list[int], list[int]]


def _apply(state: State, edits: Iterable[Edit]) -> State:
    """The text with ``edits`` (sorted, not overlapping) made, and its map carried along.

    A replacement of n characters by m spreads the m over the n in order: shrinking "  " to
    " " keeps the first space's origin (widened to both), expanding "…" to "..." gives each
    dot the ellipsis.
    """
    source, starts, ends = state
    pieces: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    position = 0
    for start, end, replacement in edits:
        pieces.append(source[position:start])
        new_starts += starts[position:start]
        new_ends += ends[position:start]
        position = end
        m, n = len(replacement), end - start
        if not m:
            continue
        pieces.append(replacement)
        if n > 1 and _is_cluster(source, start, end):
            # A letter with its combining marks becomes one unit: every character of what
            # it normalises to stands for all of it.
            new_starts += [starts[start]] * m
            new_ends += [ends[end - 1]] * m
        elif n == m:
            new_starts += starts[start:end]
            new_ends += ends[start:end]
        elif n == 0:  # an insertion: it stands for the place between two characters
            at = starts[start] if start < len(starts) else (ends[-1] if ends else 0)
            new_starts += [at] * m
            new_ends += [at] * m
        else:
            for k in range(m):
                low = start + k * n // m
                high = start + -(-(k + 1) * n // m) - 1
                new_starts.append(starts[low])
                new_ends.append(ends[high])
    pieces.append(source[position:])
    new_starts += starts[position:]
    new_ends += ends[position:]
    return "".join(pieces), new_starts, new_ends


def _is_cluster(source: str, start: int, end: int) -> bool:
    """Whether ``source[start:end]`` is a character followed by combining marks."""
    return not any(_starts_cluster(c) for c in source[start + 1 : end])


def _constant(pattern: re.Pattern[str], replacement: str, state: State) -> State:
    return _apply(state, ((m.start(), m.end(), replacement) for m in pattern.finditer(state[0])))


def _aligned_edits(before: str, after: str, offset: int = 0) -> Iterator[Edit]:
    """Edits that turn ``before`` into ``after``, found by alignment (rarely needed)."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            yield offset + i1, offset + i2, after[j1:j2]


# --- the steps of text.normalize ----------------------------------------------------------------

_LINE_ENDS = re.compile("\r\n|\r|\f")


def _line_ends(source: str, starts: list[int], ends: list[int]) -> State:
    return _apply(
        (source, starts, ends),
        (
            (m.start(), m.end(), "\n\n" if m.group() == "\f" else "\n")
            for m in _LINE_ENDS.finditer(source)
        ),
    )


def _nfkc(source: str, starts: list[int], ends: list[int]) -> State:
    if source.isascii():
        return source, starts, ends
    return _apply((source, starts, ends), _nfkc_edits(source))


def _nfkc_edits(source: str) -> Iterator[Edit]:
    """NFKC, one line at a time (a line break never composes with anything), and inside a
    line one base character with its combining marks at a time."""
    line_start = 0
    for line in source.split("\n"):
        if not unicodedata.is_normalized("NFKC", line):
            yield from _nfkc_line_edits(line, line_start)
        line_start += len(line) + 1


def _nfkc_line_edits(line: str, offset: int) -> Iterator[Edit]:
    edits: list[Edit] = []
    for start, end in _clusters(line):
        cluster = line[start:end]
        normal = unicodedata.normalize("NFKC", cluster)
        if normal != cluster:
            edits.append((offset + start, offset + end, normal))
    rebuilt = _rebuilt(line, offset, edits)
    if rebuilt == unicodedata.normalize("NFKC", line):
        yield from edits
    else:  # a composition across clusters the grouping did not foresee
        yield from _aligned_edits(line, unicodedata.normalize("NFKC", line), offset)


def _rebuilt(line: str, offset: int, edits: list[Edit]) -> str:
    pieces, position = [], 0
    for start, end, replacement in edits:
        pieces += [line[position : start - offset], replacement]
        position = end - offset
    pieces.append(line[position:])
    return "".join(pieces)


def _clusters(line: str) -> Iterator[tuple[int, int]]:
    """Ranges of one starter and the combining characters (and Hangul jamo) after it."""
    start = 0
    for index in range(1, len(line) + 1):
        if index == len(line) or _starts_cluster(line[index]):
            yield start, index
            start = index


def _starts_cluster(character: str) -> bool:
    if character.isascii():
        return True
    code = ord(character)
    if 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF:  # vowel and final jamo
        return False
    return unicodedata.combining(character) == 0


def _invisible(source: str, starts: list[int], ends: list[int]) -> State:
    return _constant(text._INVISIBLE, "", (source, starts, ends))


def _lower(source: str, starts: list[int], ends: list[int]) -> State:
    lowered = source.lower()
    if len(lowered) != len(source):
        # A few characters lower to two (İ to i and a dot): make those edits first, so
        # what remains lowers one character to one, with the context rules (final sigma).
        source, starts, ends = _apply(
            (source, starts, ends),
            (
                (i, i + 1, c.lower())
                for i, c in enumerate(source)
                if not c.isascii() and len(c.lower()) != 1
            ),
        )
        lowered = source.lower()
    if len(lowered) != len(source):
        return _apply((source, starts, ends), _aligned_edits(source, lowered))
    return lowered, starts, ends


def _spaces(source: str, starts: list[int], ends: list[int]) -> State:
    state = _constant(text._INLINE_SPACE, " ", (source, starts, ends))
    state = _constant(text._SPACE_AROUND_NEWLINE, "\n", state)
    state = _constant(text._WRAPPED_CJK_BREAK, "", state)
    state = _constant(text._HYPHENATED_BREAK, "", state)
    return _constant(text._MANY_NEWLINES, "\n\n", state)


def _strip(source: str, starts: list[int], ends: list[int]) -> State:
    head = len(source) - len(source.lstrip())
    tail = len(source.rstrip())
    if tail <= head:
        return "", [], []
    return source[head:tail], starts[head:tail], ends[head:tail]


# --- the steps of folding.fold ------------------------------------------------------------------


def _selectors(source: str, starts: list[int], ends: list[int]) -> State:
    return _constant(folding._SELECTORS, "", (source, starts, ends))


def _simplified(source: str, starts: list[int], ends: list[int]) -> State:
    if not folding._HAN.search(source):
        return source, starts, ends
    convert = folding._traditional_to_simplified()
    converted = convert(source)
    if len(converted) == len(source):
        return converted, starts, ends
    # A phrase changed length (rare): align line by line where it happened.
    edits: list[Edit] = []
    line_start = 0
    lines = source.split("\n")
    converted_lines = [convert(line) for line in lines]
    if "\n".join(converted_lines) != converted:
        edits = list(_aligned_edits(source, converted))
    else:
        for line, new in zip(lines, converted_lines, strict=True):
            if len(line) == len(new):
                edits += [
                    (line_start + i, line_start + i + 1, b)
                    for i, (a, b) in enumerate(zip(line, new, strict=True))
                    if a != b
                ]
            else:
                edits += _aligned_edits(line, new, line_start)
            line_start += len(line) + 1
    return _apply((source, starts, ends), edits)


def _look_alikes(source: str, starts: list[int], ends: list[int]) -> State:
    if source.isascii():
        return source, starts, ends
    table, pattern = folding._look_alikes()
    folded = pattern.sub(lambda run: run.group().translate(table), source)
    if len(folded) == len(source):  # every look-alike folds to one character
        return folded, starts, ends
    return _apply((source, starts, ends), _aligned_edits(source, folded))


def _punctuation(source: str, starts: list[int], ends: list[int]) -> State:
    return folding.fold_punctuation(source), starts, ends  # one mark for one


Step = Callable[[str, list[int], list[int]], State]


def _normalising_steps(fold: bool) -> list[Step]:
    steps: list[Step] = [_line_ends, _nfkc, _invisible, _lower, _spaces, _strip]
    if fold:
        steps += [_selectors, _simplified, _look_alikes, _punctuation]
    return steps
