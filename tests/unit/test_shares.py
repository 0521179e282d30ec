"""A pair's shares count what both texts hold: a passage is shown across the edits inside
it, but a word the copy changed is not found in the other text, while what an edit kept
(the words between two close changes) is."""

from __future__ import annotations

from neardup.core.features import normalize
from neardup.core.features.folding import fold
from neardup.core.passages.overlap import CompactText, measure_passages
from textgen import document


def _measured(a: str, b: str) -> tuple[float, float, int]:
    """The shares of a and of b, and how many passages join them."""
    found = measure_passages(CompactText.of(fold(normalize(a))), CompactText.of(fold(normalize(b))))
    return found.overlap_a, found.overlap_b, len(found.spans)


def _counted(text: str) -> int:
    return len("".join(fold(normalize(text)).split()))


def _swap_word(text: str, index: int, new: str) -> tuple[str, str]:
    """The text with its ``index``-th word of six letters or more replaced, and that word."""
    words = text.split(" ")
    long_ones = [i for i, word in enumerate(words) if len(word) >= 6 and word.isalpha()]
    at = long_ones[index]
    old, words[at] = words[at], new
    return " ".join(words), old


def test_a_word_swapped_inside_a_passage_is_shown_in_it_but_not_found() -> None:
    source = document(31, "en", count=4)
    copy, old = _swap_word(source, 10, "qqqqqqqq")  # shares no run of letters with it
    share_source, share_copy, passages = _measured(source, copy)
    assert passages == 1  # one passage, across the swapped word
    assert abs(share_source - (1 - len(old) / _counted(source))) < 1e-3
    assert abs(share_copy - (1 - len("qqqqqqqq") / _counted(copy))) < 1e-3


def test_letters_two_words_share_by_chance_are_not_found() -> None:
    source = document(32, "en", count=4)
    copy, old = _swap_word(source, 12, "zebras")  # a letter or two in common at most
    assert not any(old[i : i + 3] in "zebras" for i in range(len(old) - 2))
    share_source, _, _ = _measured(source, copy)
    assert abs(share_source - (1 - len(old) / _counted(source))) < 1e-3


def test_what_an_edit_kept_between_two_close_changes_is_found() -> None:
    # Two characters changed six apart: no shingle covers the six between them, yet they
    # are the same in both texts, as a diff reads them.
    source = document(33, "zh", count=4)
    compact = "".join(source.split())
    middle = len(source) // 2
    while not all("\u4e00" <= c <= "\u9fff" for c in source[middle : middle + 8]):
        middle += 1
    changed = source[:middle] + "甲" + source[middle + 1 : middle + 7] + "乙" + source[middle + 8 :]
    assert changed != source and len(changed) == len(source)
    share_source, share_changed, passages = _measured(source, changed)
    assert passages == 1
    assert abs(share_source - (1 - 2 / len(compact))) < 1e-3
    assert abs(share_changed - (1 - 2 / len(compact))) < 1e-3


def test_a_word_inserted_and_one_deleted_leave_the_rest_found_both_ways() -> None:
    source = document(34, "en", count=4)
    words = source.split(" ")
    inserted = " ".join([*words[:40], "meanwhile", *words[40:80], *words[81:]])
    share_source, share_copy, _ = _measured(source, inserted)
    assert abs(share_source - (1 - len(words[80]) / _counted(source))) < 1e-3
    assert abs(share_copy - (1 - len("meanwhile") / _counted(inserted))) < 1e-3
    # The same pair read the other way round gives the same figures.
    back_copy, back_source, _ = _measured(inserted, source)
    assert (back_copy, back_source) == (share_copy, share_source)
