"""Tokenisation: both backends agree, stopwords and punctuation go, user dictionaries work."""

import random
import re
from pathlib import Path

import pytest

from neardup.core.features.text import normalize
from neardup.core.features.tokenize import (
    _SEGMENT,
    JiebaTokenizer,
    RjiebaTokenizer,
    content_tokens,
    get_tokenizer,
    needs_segmenter,
    stopwords,
)
from neardup.core.features.word_runs import HAN_RANGES, word_runs
from textgen import document


def test_stopwords_are_shipped_for_both_languages() -> None:
    words = stopwords()
    assert {"的", "了", "the", "and"} <= words


@pytest.mark.parametrize("name", ["jieba", "rjieba"])
def test_punctuation_whitespace_and_stopwords_are_dropped(name: str) -> None:
    text = normalize("我们的系统，在 2024 年升级了！The kernel and the drivers.")
    tokens = content_tokens(text, get_tokenizer(name))
    assert "的" not in tokens and "the" not in tokens and "," not in tokens
    assert {"系统", "升级", "kernel", "drivers", "2024"} <= set(tokens)
    assert all(t.strip() for t in tokens)


def test_backends_agree_on_chinese_text() -> None:
    text = normalize(document(1, "zh", count=20) + document(2, "en", count=3))
    jieba_tokens = content_tokens(text, get_tokenizer("jieba"))
    rjieba_tokens = content_tokens(text, get_tokenizer("rjieba"))
    assert len(jieba_tokens) > 300
    assert jieba_tokens == rjieba_tokens


def test_tokens_come_in_text_order() -> None:
    text = normalize("软件包管理器 apt-get 安装新的软件")
    tokens = content_tokens(text, get_tokenizer("rjieba"))
    assert tokens
    place = 0
    for token in tokens:
        place = text.index(token, place) + len(token)


@pytest.mark.parametrize("backend", [JiebaTokenizer, RjiebaTokenizer])
def test_user_dictionary_joins_a_new_word(backend: type, tmp_path: Path) -> None:
    text = "近邻重复检测器很好用"
    assert "近邻重复检测器" not in backend().cut(text)
    user_dict = tmp_path / "user.txt"
    user_dict.write_text("近邻重复检测器 100000 n\n", encoding="utf-8")
    assert "近邻重复检测器" in backend(user_dict).cut(text)


def test_jieba_cache_goes_where_it_is_told(tmp_path: Path) -> None:
    JiebaTokenizer(cache_dir=tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir())


def test_text_without_han_needs_no_segmenter() -> None:
    text = normalize("Café au lait, 42 apt-get runs; Привет мир.")
    assert not needs_segmenter(text)
    tokens = content_tokens(text, None)
    assert tokens == content_tokens(text, get_tokenizer("rjieba"))
    assert {"café", "lait", "42", "apt", "get", "привет"} <= set(tokens)
    chinese = normalize("自然语言处理")
    assert needs_segmenter(chinese)
    with pytest.raises(ValueError, match="needs a tokenizer"):
        content_tokens(chinese, None)


class _CountingTokenizer:
    """A backend that records what it is asked to cut."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.calls: list[str] = []
        self.name = "counting"

    def cut(self, text: str) -> list[str]:
        self.calls.append(text)
        return self.inner.cut(text)  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("name", ["jieba", "rjieba"])
def test_one_backend_call_segments_every_run_as_if_cut_alone(name: str) -> None:
    text = normalize(
        document(3, "zh", count=12) + "中文English混合 apt-get 安装㐀文字，测试。第二段 123abc中"
    )
    batched = _CountingTokenizer(get_tokenizer(name))
    tokens = content_tokens(text, batched)
    assert len(batched.calls) == 1
    # The same text with each run of Han characters cut by a call of its own.
    one_by_one = _CountingTokenizer(get_tokenizer(name))
    expected_tokens = []
    for match in _SEGMENT.finditer(text):
        words = one_by_one.cut(match.group()) if match.group(1) else [match.group()]
        expected_tokens += [word for word in words if word not in stopwords()]
    assert len(one_by_one.calls) > 10
    assert tokens == expected_tokens


def test_word_runs_are_the_runs_the_regular_expression_finds() -> None:
    """The numpy pass classes every code point as the pattern does: Han ranges (assigned or
    not), letters and digits of any script (``²``, Arabic-Indic digits, combining marks are
    not), underscores and punctuation as separators, and characters beyond the BMP."""
    pattern = re.compile(f"[{HAN_RANGES}]+|[^\\W_{HAN_RANGES}]+")
    rng = random.Random(11)
    alphabet = "ab_ 1²中文字﨑\ufa6e\U00020000\U0001f600é\u0301-.,\n\tÅ٣ﾊＡ\u00ad\u200b" + "".join(
        chr(c) for c in range(0x3400, 0x3408)
    )
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        runs = word_runs(text)
        assert runs is not None
        matches = list(pattern.finditer(text))
        assert runs.texts == [m.group() for m in matches], repr(text)
        assert runs.starts == [m.start() for m in matches], repr(text)
        han = re.compile(f"[{HAN_RANGES}]")
        assert runs.is_han == [bool(han.match(m.group())) for m in matches], repr(text)
    assert word_runs("a\ud800b") is None  # a lone surrogate: the caller reads it the slow way
    assert content_tokens("alpha\ud800beta", None) == ["alpha", "beta"]
