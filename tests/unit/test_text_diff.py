"""Word-level differences for the compare view: whole words marked, the rest plain."""

from __future__ import annotations

import pytest

from neardup.core.report import (
    ChangeKind,
    passage_words,
    reader_words,
    snap_to_words,
    text_diff,
    word_diff,
)
from textgen import document, light_edit


def _marked(text_a: str, text_b: str) -> dict[str, list[tuple[str, str]]]:
    diff = word_diff(text_a, text_b)
    found: dict[str, list[tuple[str, str]]] = {kind.value: [] for kind in ChangeKind}
    for change in diff.changes:
        found[change.kind.value].append(
            (text_a[change.a_start : change.a_end], text_b[change.b_start : change.b_end])
        )
    return found


def test_an_edited_english_sentence_marks_the_inserted_deleted_and_changed_words() -> None:
    a = "The cat sat on the mat. It was happy.\nA new line here."
    b = "The dog sat on the mat. It was very happy.\nA line here."
    assert _marked(a, b) == {
        "changed": [("cat", "dog")],
        "inserted": [("", "very")],
        "deleted": [("new", "")],
    }


def test_chinese_changes_are_whole_segmented_words() -> None:
    a = "研究团队讨论了河流的水质变化。这一过程持续了三个月。"
    b = "研究团队讨论了山区的水质变化。这一过程持续了三个月。"
    assert _marked(a, b)["changed"] == [("河流", "山区")]
    assert _marked(a, b)["inserted"] == [] and _marked(a, b)["deleted"] == []


def test_a_light_edit_of_a_long_document_is_a_few_changes_and_maps_across() -> None:
    original = document(7, "en", count=12)
    edited = light_edit(original, seed=3, changes=3)
    diff = word_diff(original, edited)
    assert 1 <= len(diff.changes) <= 3
    assert diff.common_words > 0.95 * len(diff.words_a)
    words_a = {span for span in diff.words_a}
    for change in diff.changes:
        # every mark starts and ends where a word does
        if change.a_end > change.a_start:
            assert any(start == change.a_start for start, _ in words_a)
            assert any(end == change.a_end for _, end in words_a)
    # a character of the common text is found at the same words in the other text
    last = diff.changes[-1]
    after_a = last.a_end + 40
    after_b = diff.alignment.counterpart(after_a)
    assert original[after_a : after_a + 20] == edited[after_b : after_b + 20]
    assert diff.alignment.counterpart(after_b, from_a=False) == after_a


def test_identical_texts_have_no_changes() -> None:
    text = document(2, "zh")
    diff = word_diff(text, text)
    assert diff.changes == ()
    assert diff.common_words == len(diff.words_a) > 0


def test_snapping_widens_a_passage_to_whole_words() -> None:
    text = "def main():\n    return value\n"
    words = reader_words(text)
    start = text.index("turn")  # a passage that starts inside "return"
    end = text.index("value") + 2  # and ends inside "value"
    ((snapped_start, snapped_end),) = snap_to_words([(start, end)], words)
    assert text[snapped_start:snapped_end] == "return value"
    # already on boundaries: unchanged
    assert snap_to_words([(snapped_start, snapped_end)], words) == [(snapped_start, snapped_end)]


def test_a_passage_begins_at_its_first_word_not_the_full_stop_before_it() -> None:
    """Both texts end the sentence before the copied paragraph with "。": verification's
    passage begins there, and the window highlighted the full stop and the blank line."""
    from neardup.core.features.folding import fold
    from neardup.core.features.text import normalize

    text = fold(normalize("我们用勇气面对生活。\n\n现在很多人喜欢用手机阅读，但纸质书仍然重要。"))
    words = reader_words(text)
    start = text.index(".")  # the folded full stop that ends the sentence before
    ((first, end),) = passage_words([(start, len(text))], words, text)
    assert text[first:end].startswith("现在很多人")
    assert passage_words([(first, end)], words, text) == [(first, end)]
    # a passage that is all marks stays where it is, empty rather than reversed
    assert passage_words([(start, start + 1)], words, text) == [(start + 1, start + 1)]


def test_long_unrelated_runs_are_marked_changed_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_diff, "MAX_WORDS_DIFFED", 50)
    a, b = document(1, "en", count=3), document(2, "en", count=3)
    diff = word_diff(a, b)
    assert [c.kind for c in diff.changes] == [ChangeKind.CHANGED]
    assert diff.changes[0].a_words == len(diff.words_a)
