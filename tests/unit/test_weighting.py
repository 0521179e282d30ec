"""Weighting schemes: tf, tfidf (corpus and jieba fallback), textrank, binary, top_n."""

import math

import pytest

from neardup.core.features.token_ids import Vocabulary, WordFrequencies
from neardup.core.features.weighting import IdfTable, idf_for, jieba_idf, weigh
from neardup.core.match import FeatureWeights
from neardup.core.settings import ScanSettings, Weighting


def as_dict(tokens: list[str], scheme: Weighting, **kw: object) -> dict[str, float]:
    terms, weights = weigh(tokens, scheme, **kw)  # type: ignore[arg-type]
    return dict(zip(terms, weights.tolist(), strict=True))


def test_tf_counts_raw_or_log_scaled() -> None:
    tokens = ["a", "a", "a", "b"]
    assert as_dict(tokens, Weighting.TF, log_tf=False) == {"a": 3.0, "b": 1.0}
    assert as_dict(tokens, Weighting.TF)["a"] == pytest.approx(1 + math.log(3))


def test_binary_is_uniform() -> None:
    assert set(as_dict(["x", "x", "y"], Weighting.BINARY).values()) == {1.0}


def test_corpus_idf_is_smoothed_and_favours_rare_terms() -> None:
    docs = [{"common": 1, "rare": 1}, {"common": 1}, {"common": 1}, {"common": 1}]
    table = idf_for(docs)
    assert table["rare"] > table["common"] >= 1.0
    assert table["never-seen"] == pytest.approx(math.log(5) + 1)
    weights = as_dict(["common", "rare"], Weighting.TFIDF, idf=table)
    assert weights["rare"] > weights["common"]


def test_document_frequency_counts_each_document_once_whatever_it_holds() -> None:
    """Vocabularies may be lists, sets or dicts of any values (as a scan passes them)."""
    as_lists = idf_for([["a", "b"], ["a"], ["c"]])
    as_dicts = idf_for([dict.fromkeys(["a", "b"]), {"a": 7}, dict.fromkeys(["c"])])
    as_tokens = idf_for([["a", "b", "a", "a"], ["a", "a"], ["c", "c"]])
    for term in ("a", "b", "c", "unseen"):
        assert as_dicts[term] == as_lists[term] == as_tokens[term]
    assert as_lists["a"] == pytest.approx(math.log(4 / 3) + 1)


def test_token_ids_of_one_vocabulary_count_as_the_words_they_stand_for() -> None:
    """A scan's documents are token ids into one list of words, counted by numpy; mixed
    with plain tokens, and in more rounds than one, they give the same table as words."""
    words = [["a", "b", "a", "a"], ["a", "a"], ["c", "c", "d"], ["d", "b"], [], ["e"] * 3]
    vocabulary = Vocabulary()
    numbered = [vocabulary.encode(tokens) for tokens in words]
    as_words = idf_for(words)
    mixed = idf_for([*numbered[:3], *words[3:]])
    original = WordFrequencies.GATHERED_IDS
    WordFrequencies.GATHERED_IDS = 2  # counted into the totals every document or so
    try:
        as_ids = idf_for(numbered)
    finally:
        WordFrequencies.GATHERED_IDS = original
    assert as_ids.idf == mixed.idf == as_words.idf
    assert as_ids.default == as_words.default


def test_one_or_two_documents_fall_back_to_jieba_idf() -> None:
    assert idf_for([{"a": 1}, {"b": 1}]) is jieba_idf()
    assert jieba_idf()["的"] < jieba_idf()["指纹"]


def test_textrank_favours_central_terms() -> None:
    tokens = ["hub", "a", "hub", "b", "hub", "c", "hub", "d", "e"]
    ranks = as_dict(tokens, Weighting.TEXTRANK)
    assert max(ranks, key=ranks.__getitem__) == "hub"
    assert sum(ranks.values()) == pytest.approx(1.0, abs=1e-6)


def test_top_n_keeps_the_heaviest_terms() -> None:
    tokens = ["a"] * 5 + ["b"] * 3 + ["c"]
    assert list(as_dict(tokens, Weighting.TF, top_n=2)) == ["a", "b"]


def test_empty_document_has_no_features() -> None:
    terms, weights = weigh([], Weighting.TFIDF, idf=IdfTable({}, 1.0))
    assert terms == [] and len(weights) == 0


def _plain_resemblance(a: dict[str, float], b: dict[str, float]) -> float:
    """Weighted Jaccard by its definition: sum of minima over sum of maxima."""
    terms = a.keys() | b.keys()
    maxima = sum(max(a.get(t, 0.0), b.get(t, 0.0)) for t in terms)
    minima = sum(min(a.get(t, 0.0), b.get(t, 0.0)) for t in terms)
    return minima / maxima if maxima else 0.0


@pytest.mark.parametrize("scheme", list(Weighting))
def test_resemblances_of_many_pairs_follow_the_definition(scheme: Weighting) -> None:
    """Pairs compared a document at a time give, pair by pair, the weighted Jaccard of
    the two feature vectors, whatever the order of the pairs and however much they share
    (nothing, some words, all of them, or no features at all)."""
    words = [f"w{n}" for n in range(60)]
    tokens = [
        words[:40] * 2,
        words[20:60],
        words[:40] * 2,
        words[50:] + words[:3],
        [],
        ["only", "these", "words"],
    ]
    features = FeatureWeights(tokens, ScanSettings(weighting=scheme))
    pairs = [(a, b) for a in (0, 3, 1) for b in range(len(tokens)) if b != a]
    vectors = [
        dict(zip(terms, weights.tolist(), strict=True))
        for terms, weights in map(features.terms, range(len(tokens)))
    ]
    expected = [_plain_resemblance(vectors[a], vectors[b]) for a, b in pairs]
    assert features.resemblances(pairs) == pytest.approx(expected)
    assert [features.resemblance(a, b) for a, b in pairs] == pytest.approx(expected)
    assert features.resemblance(0, 2) == 1.0  # exactly: the guard may ask for 1.0
    assert features.resemblance(0, 5) == 0.0 and features.resemblance(4, 5) == 0.0
    assert 0.0 < features.resemblance(0, 1) < 1.0
