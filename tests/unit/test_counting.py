"""A pair's shares count every character but whitespace, marks included, although Chinese
text is compared without its marks; a passage's span ends after the marks that close it."""

from __future__ import annotations

import re

import numpy as np

from neardup.core.features import normalize
from neardup.core.features.folding import fold
from neardup.core.passages import PackedTexts, verify_packed
from neardup.core.passages.overlap import CompactText, measure_passages, verify
from textgen import paragraphs

CHINESE_MARKS = re.compile("[，。？！；：、]")


def _counted(text: str) -> int:
    return len("".join(text.split()))


def _texts(seed: int, pasted: str) -> tuple[str, str, str]:
    """A thesis with a paragraph of a source pasted between its own, and the source."""
    own, other = paragraphs(seed, "zh", count=6), paragraphs(seed + 50, "zh", count=4)
    source = "\n\n".join([*other[:2], pasted, *other[2:]])
    return "\n\n".join([*own[:3], pasted, *own[3:]]), source, pasted


def test_a_pasted_chinese_paragraph_counts_its_marks_and_ends_at_its_full_stop() -> None:
    for seed in range(3):
        pasted = paragraphs(70 + seed, "zh", count=1)[0]
        thesis, source, pasted = (normalize(t) for t in _texts(60 + seed, pasted))
        a, b = CompactText.of(thesis), CompactText.of(source)
        assert len(a.marks) and len(b.marks)  # Chinese: compared without its marks
        found = measure_passages(a, b)
        ((a_start, a_end, b_start, b_end),) = found.spans.tolist()
        # (It may begin a few characters early, where the text before it happens to end
        # alike in both: a small vocabulary.)
        in_a, in_b = thesis[a_start:a_end], source[b_start:b_end]
        assert in_a == in_b and in_a.endswith(pasted) and len(in_a) - len(pasted) < 10
        assert pasted[-1] in "。!?"  # its closing mark, left out of the comparison, is in it
        # The shares are of every character but whitespace, as if the marks were compared.
        assert abs(found.overlap_a - _counted(in_a) / _counted(thesis)) < 1e-4
        assert abs(found.overlap_b - _counted(in_b) / _counted(source)) < 1e-4


def test_a_copy_whose_marks_became_spaces_is_found_whole_and_counted_whole() -> None:
    written = "\n\n".join(paragraphs(80, "zh", count=5))
    source, copy = fold(normalize(written)), fold(normalize(CHINESE_MARKS.sub(" ", written)))
    assert _counted(copy) < _counted(source)
    found = measure_passages(CompactText.of(copy), CompactText.of(source))
    assert found.overlap_a == found.overlap_b == 1.0
    # Read many at once, as a scan does, the figures are the same.
    pack = PackedTexts.of([CompactText.of(copy), CompactText.of(source)])
    slots = np.array([[0, 0, 0, 1]], dtype=np.int64)
    ((_, many),) = verify_packed((pack, pack), slots, np.zeros((1, 2))).measured()
    assert (many.overlap_a, many.overlap_b) == (found.overlap_a, found.overlap_b)
    assert many.spans.tolist() == found.spans.tolist()


def test_english_keeps_its_marks_in_the_comparison() -> None:
    text = normalize("\n\n".join(paragraphs(81, "en", count=3)))
    assert not len(CompactText.of(text).marks)


def test_a_share_reached_only_with_its_marks_counted_is_measured_not_rejected() -> None:
    """The bounds that reject a pair unmeasured count what its shares count: a Chinese
    paragraph in an English thesis made 5.2% of it with its marks and 4.98% without, and a
    scan that needed 5% rejected it unmeasured."""
    pasted = paragraphs(7, "zh", count=1)[0]
    english = "\n\n".join(paragraphs(8, "en", count=12))
    source = CompactText.of(normalize("\n\n".join(paragraphs(9, "zh", count=40)) + "\n\n" + pasted))
    for cut in range(2400, 3000, 40):
        thesis = CompactText.of(normalize(pasted + "\n\n" + english[:cut]))
        found = measure_passages(thesis, source)
        assert found.overlap_a > 0.0
        # What was measured (rounded to 4 places) is what any bound lets through, from
        # either side, one by one and many at once.
        need_a, need_b = found.overlap_a - 1e-4, found.overlap_b - 1e-4
        assert verify(thesis, source, need_a, need_b) is not None
        assert verify(source, thesis, need_b, need_a) is not None
        pack = PackedTexts.of([thesis, source])
        slots = np.array([[0, 0, 0, 1]], dtype=np.int64)
        needed = np.array([[need_a, need_b]])
        ((_, many),) = verify_packed((pack, pack), slots, needed).measured()
        assert (many.overlap_a, many.overlap_b) == (found.overlap_a, found.overlap_b)


def test_marks_that_open_a_text_are_compared_and_covered() -> None:
    """No passage can take a mark before the text's first word (a passage takes the marks
    after it): a Chinese text opening with "“" measured 0.997 of itself."""
    chinese = "\n\n".join(paragraphs(82, "zh", count=3))
    for text in ("“" + chinese, "《" + chinese, "（" + chinese):
        compact = CompactText.of(normalize(text))
        found = measure_passages(compact, compact)
        assert (found.overlap_a, found.overlap_b) == (1.0, 1.0)
        assert found.spans.tolist()[0][0] == 0
