"""A pair's shares count what both texts hold: a passage is shown across the edits inside
it, but a word the copy changed is not found in the other text, while what an edit kept
(the words between two close changes) is."""

from __future__ import annotations

import random
from pathlib import Path

from neardup import ScanResult, ScanSettings, scan
from neardup.core.features import normalize
from neardup.core.features.folding import fold
from neardup.core.models import NEAR_DUPLICATE_SHARE, PairKind
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


def _scan(folder: Path, texts: dict[str, str], settings: ScanSettings) -> ScanResult:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return scan([folder], settings)


def test_a_document_found_in_one_source_totals_that_source_s_share(tmp_path: Path) -> None:
    source = document(35, "en", count=4)
    copy, _ = _swap_word(source, 8, "qqqqqqqq")
    result = _scan(tmp_path, {"a.txt": source, "b.txt": copy}, ScanSettings(use_cache=False))
    (pair,) = result.pairs
    for index, share in ((pair.a, pair.overlap_a), (pair.b, pair.overlap_b)):
        summary = result.documents[index].similarity
        assert summary is not None and share < 1.0
        assert summary.total == summary.max_overlap == share


def test_leaving_out_common_text_leaves_what_the_pair_shares_apart_from_it(
    tmp_path: Path,
) -> None:
    # Two theses share a passage (a word swapped in it) and a cover text that four
    # documents hold; left out, the pair reads as the two without the cover text.
    own_a, own_b, passage = (document(36 + k, "en", count=3) for k in range(3))
    cover = document(40, "en", count=1)
    swapped, _ = _swap_word(passage, 5, "qqqqqqqq")
    others = {f"other{k}.txt": cover + "\n\n" + document(41 + k, "en", count=2) for k in range(2)}
    settings = ScanSettings(use_cache=False, exclude_common=3)
    with_cover = {
        "a.txt": f"{own_a}\n\n{passage}\n\n{cover}",
        "b.txt": f"{cover}\n\n{swapped}\n\n{own_b}",
    }
    without = {"a.txt": f"{own_a}\n\n{passage}", "b.txt": f"{swapped}\n\n{own_b}"}
    left_out = _pair_of(_scan(tmp_path / "left-out", {**with_cover, **others}, settings))
    counted = _pair_of(_scan(tmp_path / "counted", with_cover, ScanSettings(use_cache=False)))
    absent = _pair_of(_scan(tmp_path / "absent", without, ScanSettings(use_cache=False)))
    assert left_out[0] < counted[0] and left_out[1] < counted[1]
    # Measured against texts that hold the cover text, so the rates differ a little.
    assert (
        abs(left_out[0] - absent[0] * (1 - _counted(cover) / _counted(with_cover["a.txt"]))) < 0.02
    )


def _pair_of(result: ScanResult) -> tuple[float, float]:
    """The shares of a.txt and b.txt in their pair."""
    names = [d.path.name for d in result.documents]
    (pair,) = [p for p in result.pairs if {names[p.a], names[p.b]} == {"a.txt", "b.txt"}]
    if names[pair.a] == "a.txt":
        return pair.overlap_a, pair.overlap_b
    return pair.overlap_b, pair.overlap_a


def test_a_phrase_the_copy_repeats_elsewhere_leaves_the_edits_of_its_passage_counted() -> None:
    # The copy quotes a sentence of the source once more before it: the quote makes
    # chains off the passage's path, and the two close changes after the sentence are
    # still read along the path, what lies between them found.
    source = document(37, "zh", count=3)
    sentence = source[100:160]
    middle = source.index(sentence) + len(sentence) + 4
    while not all("\u4e00" <= c <= "\u9fff" for c in source[middle : middle + 8]):
        middle += 1
    changed = source[:middle] + "甲" + source[middle + 1 : middle + 7] + "乙" + source[middle + 8 :]
    copy = sentence + "\n\n" + changed
    share_source, _, _ = _measured(source, copy)
    assert abs(share_source - (1 - 2 / len("".join(source.split())))) < 1e-3


def test_a_whole_copy_with_many_words_swapped_is_a_near_duplicate_though_less_is_found(
    tmp_path: Path,
) -> None:
    # Almost a third of the long words swapped for longer ones: less than half of the copy
    # is found in its source, yet its passages run the length of both. An edited copy of
    # the whole document, not a part taken from it: its kind is read from what the
    # passages cover, its figures from what both texts hold.
    source = document(51, "en", count=6)
    rng = random.Random(4)
    copy = " ".join(
        "q" * 12 if len(word) >= 5 and word.isalpha() and rng.random() < 0.3 else word
        for word in source.split(" ")
    )
    found = measure_passages(
        CompactText.of(fold(normalize(source))), CompactText.of(fold(normalize(copy)))
    )
    assert min(found.overlap_a, found.overlap_b) < NEAR_DUPLICATE_SHARE
    assert min(found.cover_a, found.cover_b) >= NEAR_DUPLICATE_SHARE
    result = _scan(tmp_path, {"a.txt": source, "b.txt": copy}, ScanSettings(use_cache=False))
    (pair,) = result.pairs
    assert pair.kind is PairKind.NEAR_DUPLICATE
    assert {pair.overlap_a, pair.overlap_b} == {found.overlap_a, found.overlap_b}
    assert len(result.groups) == 1  # grouped, and so tidyable
