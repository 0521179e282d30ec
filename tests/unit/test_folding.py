"""Copies disguised the way students disguise them read as the text they were made from:
Traditional script, look-alike letters, invisible characters (only when folding is on),
and marks swapped, dropped or turned into spaces (texts are compared without them)."""

from __future__ import annotations

import re
from pathlib import Path

import opencc

from neardup import ScanSettings, scan
from neardup.core.features.folding import fold
from neardup.core.models import PairKind
from textgen import document

SETTINGS = ScanSettings(use_cache=False, workers=1)
# Cyrillic and Greek letters that look like Latin ones, as a disguise swaps them in.
LOOK_ALIKES = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "i": "і"})


def _pair(tmp_path: Path, source: str, disguised: str, settings: ScanSettings) -> list:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "source.txt").write_text(source, encoding="utf-8")
    (tmp_path / "copy.txt").write_text(disguised, encoding="utf-8")
    return scan([tmp_path], settings).pairs


def test_a_copy_in_traditional_script_is_a_duplicate(tmp_path: Path) -> None:
    source = document(11, "zh", count=10)
    traditional = opencc.OpenCC("s2t").convert(source)
    assert traditional != source
    (pair,) = _pair(tmp_path, source, traditional, SETTINGS)
    assert pair.kind is PairKind.DUPLICATE and pair.distance == 0


def test_a_copy_with_look_alike_letters_is_a_duplicate(tmp_path: Path) -> None:
    source = document(12, "en", count=10)
    disguised = source.translate(LOOK_ALIKES)
    assert sum(a != b for a, b in zip(source, disguised, strict=True)) > len(source) // 5
    (pair,) = _pair(tmp_path, source, disguised, SETTINGS)
    assert pair.kind is PairKind.DUPLICATE


def test_invisible_characters_do_not_hide_a_copy(tmp_path: Path) -> None:
    source = document(13, "en", count=10)
    # Format characters, a variation selector, a Hangul filler and the combining grapheme
    # joiner (neither of them a format character), and braille blanks for a third of spaces.
    invisible = ["\u200b", "\u00ad", "\ufe0f", "\u200d", "\u2060", "\u3164", "\u034f"]
    disguised = "".join(
        ("\u2800" if char == " " and n % 3 == 1 else char)
        + (invisible[n % len(invisible)] if n % 3 == 0 else "")
        for n, char in enumerate(source)
    )
    (pair,) = _pair(tmp_path, source, disguised, SETTINGS)
    assert pair.kind is PairKind.DUPLICATE


def test_without_folding_the_disguise_stands(tmp_path: Path) -> None:
    source = document(14, "en", count=10)
    pairs = _pair(tmp_path, source, source.translate(LOOK_ALIKES), SETTINGS.replace(fold=False))
    assert all(p.kind is not PairKind.DUPLICATE for p in pairs)
    assert SETTINGS.analysis_key() != SETTINGS.replace(fold=False).analysis_key()


def test_folding_leaves_the_words_of_chinese_and_plain_english_as_they_are() -> None:
    simplified = "这是一个关于网络配置的论文,包括防火墙、端口和协议。"
    assert fold(simplified) == "这是一个关于网络配置的论文,包括防火墙,端口和协议."
    english = "plain english text, with numbers 123 and punctuation!"
    assert fold(english) == "plain english text, with numbers 123 and punctuation."
    assert fold("ｐａｐｅｒ") == "ｐａｐｅｒ"  # full-width forms are NFKC's job, not folding's


def test_a_copy_with_its_punctuation_swapped_is_still_found(tmp_path: Path) -> None:
    """Every "，" of copied Chinese paragraphs turned into "；", "：" or "、", and "。" into
    "！": a mark every few characters left no shingle in common, and the copy scored 0%."""
    source = document(15, "zh", count=6)
    own = document(16, "zh", count=6)
    copied = "\n\n".join(source.split("\n\n")[:3])
    plain = _pair(tmp_path / "plain", source, own + "\n\n" + copied, SETTINGS)
    assert [p.kind for p in plain] == [PairKind.PARTIAL]
    for mark in "；：、":
        disguised = copied.replace("，", mark).replace("。", "！")
        assert disguised != copied
        (pair,) = _pair(tmp_path / mark, source, own + "\n\n" + disguised, SETTINGS)
        assert pair.kind is PairKind.PARTIAL
        assert abs(pair.overlap_a - plain[0].overlap_a) < 0.02
        assert abs(pair.overlap_b - plain[0].overlap_b) < 0.02


def test_a_copy_with_its_marks_dropped_or_turned_into_spaces_is_found_whole(
    tmp_path: Path,
) -> None:
    """Chinese with its marks turned into spaces had the same fingerprint as its source,
    and no pair: a mark every few characters in one text and none in the other left no
    shingle in common, so verification found nothing of it."""
    source = document(18, "zh", count=6)
    english = document(19, "en", count=6)
    disguises = {
        "zh-spaces": (source, re.sub("[，。？！]", " ", source)),
        "zh-none": (source, re.sub("[，。？！]", "", source)),
        "en-none": (english, re.sub("[,.?!]", "", english)),
    }
    for name, (original, disguised) in disguises.items():
        assert disguised != original
        (pair,) = _pair(tmp_path / name, original, disguised, SETTINGS)
        assert pair.kind is PairKind.NEAR_DUPLICATE, name
        # Chinese is compared without its marks, so its copy is found whole both ways.
        # English keeps its few: the copy is found whole in its source, and the source's
        # dropped marks are all it has that the copy lacks.
        assert max(pair.overlap_a, pair.overlap_b) == 1.0, name
        assert min(pair.overlap_a, pair.overlap_b) >= (1.0 if name.startswith("zh") else 0.98)


def test_texts_that_differ_only_in_punctuation_are_edited_versions_not_exact_copies(
    tmp_path: Path,
) -> None:
    """Found and measured whole, but not exact: tidying must not move a final draft whose
    only changes are its marks as if it were the same file."""
    source = document(17, "zh", count=6)
    corrected = source.replace("，", "；", 3).replace("。", "！", 2)
    (pair,) = _pair(tmp_path, source, corrected, SETTINGS)
    assert pair.kind is PairKind.NEAR_DUPLICATE
    assert pair.overlap_a == pair.overlap_b == 1.0
