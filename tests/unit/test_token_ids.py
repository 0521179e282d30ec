"""A scan's tokens as indices into its words: they read, compare, weigh and pickle as the
tuple of words they stand for."""

from __future__ import annotations

import pickle
from collections import Counter
from pathlib import Path

import numpy as np

from neardup.core.features import TokenIds, Vocabulary, weigh
from neardup.core.scan import ScanContext, analyze_all
from neardup.core.settings import ScanSettings
from textgen import document


def test_tokens_read_as_the_words_they_stand_for() -> None:
    vocabulary = Vocabulary()
    words = ("软件", "apt", "软件", "包", "管理")
    tokens = vocabulary.encode(words)
    again = vocabulary.encode(["包", "新词", "apt"])
    assert isinstance(tokens, TokenIds) and tokens.ids.dtype == np.int32
    assert tokens == words and words == tokens and list(tokens) == list(words)
    assert tokens != words[:-1] and tokens != "软件apt"
    assert len(tokens) == 5 and tokens[2] == "软件" and tokens[1:3] == ("apt", "软件")
    assert vocabulary.words == ["软件", "apt", "包", "管理", "新词"], "each word once"
    assert again.words is tokens.words
    assert vocabulary.encode(tokens) is tokens
    assert hash(tokens) == hash(words)
    assert Counter(tokens) == Counter(words) and dict.fromkeys(tokens) == dict.fromkeys(words)
    terms, weights = weigh(tokens)
    expected_terms, expected_weights = weigh(words)
    assert terms == expected_terms and np.array_equal(weights, expected_weights)
    # Another process has no list of words: it gets the plain tuple.
    assert pickle.loads(pickle.dumps(tokens)) == words
    assert type(pickle.loads(pickle.dumps(tokens))) is tuple
    assert vocabulary.encode(()) == () and not vocabulary.encode(())


def test_a_scan_holds_its_documents_tokens_as_indices_into_one_list(tmp_path: Path) -> None:
    for n in range(3):
        (tmp_path / f"d{n}.txt").write_text(document(n, "zh", count=4), encoding="utf-8")
    files = sorted(tmp_path.glob("*.txt"))
    settings = ScanSettings(workers=1, use_cache=False)
    outcome = analyze_all(files, ScanContext(settings, None, None), None, [], None)
    tokens = [item.tokens for item in outcome.items]
    assert all(isinstance(t, TokenIds) for t in tokens)
    assert len({id(t.words) for t in tokens if isinstance(t, TokenIds)}) == 1
    assert all(len(t) > 20 for t in tokens)
