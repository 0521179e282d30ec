"""Normalisation and splitting of Chinese and English text."""

from neardup.core.features.text import (
    content_key_text,
    normalize,
    split_paragraphs,
    split_sentences,
)


def test_nfkc_folds_full_width_and_lowercases_latin() -> None:
    assert normalize("ＮｅａｒＤｕｐ　１２３，ＡＢＣ") == "neardup 123,abc"


def test_control_and_invisible_characters_are_removed() -> None:
    assert normalize("a\u0000b\u200bc\u00add\x1fe") == "abcde"


def test_line_breaks_inside_cjk_runs_are_rejoined() -> None:
    assert normalize("自然语\n言处理\r\n很有趣") == "自然语言处理很有趣"


def test_paragraph_breaks_survive_and_english_wrapping_is_kept_as_space() -> None:
    text = normalize("第一段。\n\n\n\n第二段。\nhello\nworld")
    assert text == "第一段。\n\n第二段。\nhello\nworld"
    assert normalize("docu-\nment") == "document"


def test_sentences_split_on_chinese_and_english_punctuation() -> None:
    text = normalize("今天下雨了。我们去哪里？Hello there. This is it! 最后一句")
    parts = [text[s.start : s.end] for s in split_sentences(text)]
    assert parts == ["今天下雨了。", "我们去哪里?", "hello there.", "this is it!", "最后一句"]


def test_sentence_spans_index_the_text() -> None:
    text = normalize("一。二！three? four.")
    for span in split_sentences(text):
        assert text[span.start : span.end].strip() == text[span.start : span.end]


def test_paragraphs_by_blank_lines_or_by_lines_when_there_are_none() -> None:
    blank = "a b.\nc d.\n\ne f."
    assert [blank[s.start : s.end] for s in split_paragraphs(blank)] == ["a b.\nc d.", "e f."]
    lines = "第一行。\n第二行。"
    assert [lines[s.start : s.end] for s in split_paragraphs(lines)] == ["第一行。", "第二行。"]


def test_content_key_ignores_layout_only() -> None:
    assert content_key_text("a b\n\nc") == content_key_text("ab c") == "abc"


# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties) of the BMP outside
# Cc, Cf, Cs and Co, but the variation selectors, which folding takes.
_IGNORABLE_OF_OTHER_CATEGORIES = {
    0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2065, 0x3164,
    0xFFA0,
    *range(0xFFF0, 0xFFF9),
}  # fmt: skip


def test_invisible_characters_match_the_unicode_database() -> None:
    import unicodedata

    from neardup.core.features.text import _INVISIBLE

    for code in range(0x10000):
        ch = chr(code)
        expected = (
            ch not in "\n\t" and unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co"}
        ) or code in _IGNORABLE_OF_OTHER_CATEGORIES
        assert bool(_INVISIBLE.match(ch)) == expected, hex(code)


def test_fillers_and_blank_cells_read_as_nothing_and_as_spaces() -> None:
    # What "invisible character" tools insert: Hangul fillers, the combining grapheme
    # joiner, a Mongolian selector; and a braille blank or ogham mark for a space.
    assert normalize("co\u3164py\uffa0 te\u034fxt\u180b") == "copy text"
    assert normalize("a\u2800copy\u1680here") == "a copy here"
    assert normalize("\U000e0041\U0001d173tag") == "tag"
