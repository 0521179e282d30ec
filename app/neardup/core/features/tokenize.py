"""Tokenisation of normalised text with jieba (reference) or rjieba (fast backend).

Both backends share one interface and the same dictionary format, so a user
dictionary works with either. Stopwords, punctuation and whitespace tokens are
dropped here, once, for every later stage.
"""

from __future__ import annotations

import contextlib
import logging
import re
import sys
import threading
from collections.abc import Iterable
from functools import cache
from importlib import resources
from itertools import compress
from pathlib import Path
from typing import Any, Protocol

from neardup.core.features.word_runs import HAN_RANGES, WordRuns, word_runs
from neardup.core.settings import DEFAULT_TOKENIZER, TOKENIZER_NAMES
from neardup.resources import user_cache_dir


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
        # jieba caches its prefix dictionary; by default in the temp folder, which
        # other users share. Keep it in NearDup's own cache folder instead.
        cache_dir = cache_dir or user_cache_dir() / "jieba"
        with contextlib.suppress(OSError):  # no cache is only slower
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

        # Importing rjieba already loads its default dictionary into a module-level
        # instance; a second instance costs every worker process another 0.1 s. Only a
        # user dictionary, which changes the dictionary, needs an instance of its own.
        self._rjieba: Any = rjieba
        if user_dict is not None:
            self._rjieba = rjieba.Jieba()
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


# The text is cut into runs of Han characters, which the backend segments, and
# runs of other letters and digits, which are words as they stand. Whitespace and
# punctuation never reach Python as tokens, and both backends agree on everything
# but Han segmentation ("apt-get" is one rjieba token but three jieba ones).
_HAN = HAN_RANGES
_SEGMENT = re.compile(f"([{_HAN}]+)|[^\\W_{_HAN}]+")
_HAN_CHAR = re.compile(f"[{_HAN}]")
# The runs of letters and digits of an ASCII text, as ``word_runs`` finds them
# (``str.isalnum`` holds for these alone among ASCII characters), in 60% of its time.
_ASCII_WORD = re.compile("[A-Za-z0-9]+")


def needs_segmenter(text: str) -> bool:
    """Whether the text has Han characters for a backend to segment. A worker that only
    ever sees other scripts never loads a dictionary (0.15 s a process)."""
    return _HAN_CHAR.search(text) is not None


def content_tokens(
    text: str, tokenizer: Tokenizer | None, stop: frozenset[str] | None = None
) -> list[str]:
    """The tokens that carry content, in text order.

    ``tokenizer`` may be None for a text without Han characters (`needs_segmenter`).
    """
    stop = stopwords() if stop is None else stop
    # Interned: a word repeated within a worker's batch is then one object, which pickles
    # once and arrives as one object (unpickling does not intern across batches).
    intern = sys.intern
    if text.isascii():  # most English text: one regex pass (``isascii`` is a flag's read)
        return [intern(word) for word in _ASCII_WORD.findall(text) if word not in stop]
    runs = word_runs(text)
    if runs is None:  # a text the fast pass cannot read (a lone surrogate)
        matches = list(_SEGMENT.finditer(text))
        runs = WordRuns(
            [m.group() for m in matches],
            [m.start() for m in matches],
            [m.group(1) is not None for m in matches],
        )
    if not any(runs.is_han):
        return [intern(word) for word in runs.texts if word not in stop]
    if tokenizer is None:
        raise ValueError("a text with Han characters needs a tokenizer")
    segmented = iter(_segment_runs(list(compress(runs.texts, runs.is_han)), tokenizer))
    tokens: list[str] = []
    for word, is_han in zip(runs.texts, runs.is_han, strict=True):
        pieces = next(segmented) if is_han else (word,)
        tokens += [intern(piece) for piece in pieces if piece not in stop]
    return tokens


# What a reader sees as words: runs of Han characters (segmented), runs of other letters
# and digits, and each other visible character (punctuation) on its own.
_READER_WORD = re.compile(f"([{_HAN}]+)|[^\\W{_HAN}]+|[^\\s{_HAN}]")


def word_spans(text: str, tokenizer: Tokenizer | None) -> list[tuple[int, int]]:
    """Every word and punctuation mark of ``text``, stopwords included, as (start, end).

    Whitespace is between spans, never in one. Han runs are cut by the backend, as for
    content tokens; ``tokenizer`` may be None for a text without Han (`needs_segmenter`).
    """
    matches = list(_READER_WORD.finditer(text))
    han_runs = [m.group() for m in matches if m.group(1) is not None]
    if han_runs and tokenizer is None:
        raise ValueError("a text with Han characters needs a tokenizer")
    segmented = iter(_segment_runs(han_runs, tokenizer) if tokenizer is not None else [])
    spans: list[tuple[int, int]] = []
    for match in matches:
        if match.group(1) is None:
            spans.append(match.span())
            continue
        start = match.start()
        for word in next(segmented):
            spans.append((start, start + len(word)))
            start += len(word)
    return spans


def _segment_runs(runs: list[str], tokenizer: Tokenizer) -> list[list[str]]:
    """Each run of Han characters segmented, with one call to the backend for them all.

    Both backends cut a text into blocks at whitespace and segment each block on its own,
    so runs joined by newlines come back as each run's own tokens, newline between them:
    a call per document instead of one per run (tens of thousands in a large scan). Should
    a backend ever join across the newline, the runs are cut one by one instead.
    """
    if len(runs) <= 1:
        return [tokenizer.cut(run) for run in runs]
    segmented: list[list[str]] = [[]]
    for word in tokenizer.cut("\n".join(runs)):
        if word == "\n":
            segmented.append([])
        else:
            segmented[-1].append(word)
    lengths_agree = len(segmented) == len(runs) and all(
        sum(map(len, words)) == len(run) for words, run in zip(segmented, runs, strict=True)
    )
    return segmented if lengths_agree else [tokenizer.cut(run) for run in runs]
