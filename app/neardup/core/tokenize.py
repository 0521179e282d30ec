"""Tokenisation of normalised text with jieba (reference) or rjieba (fast backend).

Both backends share one interface and the same dictionary format, so a user
dictionary works with either. Stopwords, punctuation and whitespace tokens are
dropped here, once, for every later stage.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Protocol

TOKENIZER_NAMES = ("rjieba", "jieba")
DEFAULT_TOKENIZER = "rjieba"


class Tokenizer(Protocol):
    """Splits a normalised text into raw tokens (whitespace and punctuation included)."""

    name: str

    def cut(self, text: str) -> list[str]: ...


def _user_dict_entries(path: Path) -> Iterable[tuple[str, int | None, str | None]]:
    """Parse jieba's user-dictionary format: ``word [freq] [tag]`` per line."""
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.strip().split()
        if not parts:
            continue
        freq = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        tag = parts[-1] if len(parts) > 1 and not parts[-1].isdigit() else None
        yield parts[0], freq, tag


class JiebaTokenizer:
    """The reference backend: pure-Python jieba with its own dictionary instance."""

    name = "jieba"

    def __init__(self, user_dict: Path | None = None, cache_dir: Path | None = None) -> None:
        import jieba

        jieba.setLogLevel(logging.WARNING)
        self._jieba = jieba.Tokenizer()
        if cache_dir is not None:
            # jieba caches its prefix dictionary in the temp dir by default; a
            # frozen app must not write next to itself, so callers pick the place.
            cache_dir.mkdir(parents=True, exist_ok=True)
            self._jieba.tmp_dir = str(cache_dir)
        # Initialising is lazy in jieba and not thread-safe; do it once, under a lock.
        with _INIT_LOCK:
            self._jieba.initialize()
        if user_dict is not None:
            for word, freq, tag in _user_dict_entries(user_dict):
                self._jieba.add_word(word, freq, tag)

    def cut(self, text: str) -> list[str]:
        tokens: list[str] = self._jieba.lcut(text)
        return tokens


class RjiebaTokenizer:
    """The fast backend: jieba-rs through rjieba, same dictionary and HMM."""

    name = "rjieba"

    def __init__(self, user_dict: Path | None = None) -> None:
        import rjieba

        self._rjieba = rjieba.Jieba()
        if user_dict is not None:
            for word, freq, tag in _user_dict_entries(user_dict):
                self._rjieba.add_word(word, freq, tag)

    def cut(self, text: str) -> list[str]:
        return list(self._rjieba.cut(text))


_INIT_LOCK = threading.Lock()


@cache
def get_tokenizer(
    name: str = DEFAULT_TOKENIZER, user_dict: Path | None = None, cache_dir: Path | None = None
) -> Tokenizer:
    """A shared tokenizer instance per (backend, user dictionary)."""
    if name == "rjieba":
        return RjiebaTokenizer(user_dict)
    if name == "jieba":
        return JiebaTokenizer(user_dict, cache_dir)
    raise ValueError(f"unknown tokenizer {name!r}; choose one of {', '.join(TOKENIZER_NAMES)}")


def _read_word_list(filename: str) -> frozenset[str]:
    text = resources.files("neardup").joinpath("data", filename).read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


@cache
def stopwords() -> frozenset[str]:
    """The shipped Chinese and English stopword lists, as one set."""
    return _read_word_list("stopwords_zh.txt") | _read_word_list("stopwords_en.txt")


# Runs of letters and digits. The backends differ on tokens with inner punctuation
# ("apt-get" is one token in rjieba, three in jieba), so such tokens are split into
# these runs; then both agree, and pure punctuation or whitespace yields nothing.
_WORD_RUN = re.compile(r"[^\W_]+")


def _words_of(token: str, stop: frozenset[str]) -> list[str]:
    words = [token] if token.isalnum() else _WORD_RUN.findall(token)
    return [word for word in words if word not in stop]


def content_tokens_with_offsets(
    text: str, tokenizer: Tokenizer, stop: frozenset[str] | None = None
) -> tuple[list[str], list[int]]:
    """The tokens that carry content, in text order, and where each raw token starts.

    Both backends return tokens that concatenate back to the input, so the
    offsets come from a running sum; passages use them to map sentences to tokens.
    """
    stop = stopwords() if stop is None else stop
    words_of: dict[str, list[str]] = {}
    tokens: list[str] = []
    offsets: list[int] = []
    position = 0
    for token in tokenizer.cut(text):
        words = words_of.get(token)
        if words is None:
            words = words_of[token] = _words_of(token, stop)
        if words:
            tokens.extend(words)
            offsets.extend([position] * len(words))
        position += len(token)
    return tokens, offsets


def content_tokens(
    text: str, tokenizer: Tokenizer, stop: frozenset[str] | None = None
) -> list[str]:
    """The tokens that carry content, in text order."""
    return content_tokens_with_offsets(text, tokenizer, stop)[0]
