"""Feature weighting schemes: tf, tfidf, textrank and binary.

A document's features are its content tokens; a scheme turns them into
(term, weight) pairs for SimHash. TF-IDF needs document frequencies over the
whole scan, so it takes an `IdfTable` built from every document's term counts.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import repeat

import numpy as np
import numpy.typing as npt

from neardup.core.features.token_ids import TokenIds, WordFrequencies
from neardup.core.settings import DEFAULT_WEIGHTING, Weighting

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class IdfTable:
    """Smoothed inverse document frequencies, with a default for unseen terms."""

    idf: Mapping[str, float]
    default: float

    def __getitem__(self, term: str) -> float:
        return self.idf.get(term, self.default)

    def values(self, terms: Sequence[str]) -> FloatArray:
        """IDF of many terms at once (map() keeps the lookups in C)."""
        lookups = map(self.idf.get, terms, repeat(self.default))
        return np.fromiter(lookups, dtype=np.float64, count=len(terms))

    @classmethod
    def from_counts(cls, documents: Iterable[Iterable[str]]) -> IdfTable:
        """IDF over a corpus of documents' terms (each counted once a document):
        ln((1 + N) / (1 + df)) + 1, as in scikit-learn's smoothing."""
        df: Counter[str] = Counter()
        by_ids: WordFrequencies | None = None
        n_docs = 0
        # Document by document: one Counter call over every document would hold the GIL
        # for its whole length, freezing a GUI that scans in a thread.
        for terms in documents:
            n_docs += 1
            if isinstance(terms, TokenIds) and (by_ids is None or terms.words is by_ids.words):
                by_ids = by_ids or WordFrequencies(terms.words)
                by_ids.add(terms.ids)
            else:
                df.update(dict.fromkeys(terms).keys())  # each term once, however often it occurs
        if by_ids is not None:
            df.update(by_ids.by_word())
        return cls.from_frequencies(df, n_docs)

    @classmethod
    def from_frequencies(cls, df: Mapping[str, int], n_docs: int) -> IdfTable:
        """IDF from document frequencies already counted (a reference library keeps them):
        the same values ``from_counts`` gives for a corpus of ``n_docs`` documents."""
        # math.log, not numpy's: numpy picks SIMD code by CPU, and a last-bit difference
        # could flip a fingerprint bit between two machines.
        idf = {term: math.log((1 + n_docs) / (1 + freq)) + 1.0 for term, freq in df.items()}
        return cls(idf, math.log(1 + n_docs) + 1.0)


# Below this many documents, corpus IDF says little; use jieba's general table.
MIN_DOCUMENTS_FOR_CORPUS_IDF = 3


@cache
def jieba_idf() -> IdfTable:
    """jieba's bundled IDF table, for one or two documents; unseen terms get its median."""
    text = resources.files("jieba").joinpath("analyse", "idf.txt").read_text(encoding="utf-8")
    idf: dict[str, float] = {}
    for line in text.splitlines():
        word, _, value = line.rpartition(" ")
        if word:
            idf[word] = float(value)
    median = float(np.median(np.fromiter(idf.values(), dtype=np.float64)))
    return IdfTable(idf, median)


def idf_for(documents: Sequence[Iterable[str]]) -> IdfTable:
    """The IDF table a scan of documents with these tokens (or distinct terms) should use."""
    if len(documents) < MIN_DOCUMENTS_FOR_CORPUS_IDF:
        return jieba_idf()
    # One document's distinct terms at a time: made all at once, they were 0.5 GB of the
    # scan's memory at 50,000 documents.
    return IdfTable.from_counts(documents)


def _textrank(tokens: Sequence[str], window: int = 5, damping: float = 0.85) -> dict[str, float]:
    """PageRank over a co-occurrence graph of the tokens within a sliding window."""
    vocab = {term: i for i, term in enumerate(dict.fromkeys(tokens))}
    n = len(vocab)
    if n == 1:
        return {tokens[0]: 1.0}
    ids = np.fromiter((vocab[t] for t in tokens), dtype=np.int64, count=len(tokens))
    rows: list[npt.NDArray[np.int64]] = []
    cols: list[npt.NDArray[np.int64]] = []
    for offset in range(1, window):
        if offset >= len(ids):
            break
        rows += [ids[:-offset], ids[offset:]]
        cols += [ids[offset:], ids[:-offset]]
    src = np.concatenate(rows)
    dst = np.concatenate(cols)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    out_weight = np.bincount(src, minlength=n).astype(np.float64)
    out_weight[out_weight == 0] = 1.0
    score = np.full(n, 1.0 / n)
    edge_share = 1.0 / out_weight[src]
    for _ in range(30):
        incoming = np.bincount(dst, weights=score[src] * edge_share, minlength=n)
        updated = (1.0 - damping) / n + damping * incoming
        if np.abs(updated - score).sum() < 1e-9:
            score = updated
            break
        score = updated
    return {term: float(score[i]) for term, i in vocab.items()}


def weigh(
    tokens: Sequence[str],
    scheme: Weighting = DEFAULT_WEIGHTING,
    *,
    idf: IdfTable | None = None,
    top_n: int | None = None,
    log_tf: bool = True,
) -> tuple[list[str], FloatArray]:
    """Terms and their weights for one document under a scheme.

    ``log_tf`` uses 1 + ln(tf), so that a word repeated fifty times does not
    drown the rest of the document. ``top_n`` keeps only the heaviest terms.
    """
    if not tokens:
        return [], np.zeros(0)
    counts = Counter(tokens)
    terms = list(counts)
    tf = np.fromiter(counts.values(), dtype=np.float64, count=len(terms))
    if log_tf and scheme in (Weighting.TF, Weighting.TFIDF):
        tf = 1.0 + np.log(tf)
    if scheme is Weighting.TF:
        weights = tf
    elif scheme is Weighting.TFIDF:
        table = idf if idf is not None else jieba_idf()
        weights = tf * table.values(terms)
    elif scheme is Weighting.TEXTRANK:
        ranks = _textrank(tokens)
        weights = np.fromiter((ranks[t] for t in terms), dtype=np.float64, count=len(terms))
    elif scheme is Weighting.BINARY:
        weights = np.ones(len(terms))
    else:  # pragma: no cover - the enum is closed
        raise ValueError(f"unknown weighting {scheme!r}")
    if top_n is not None and top_n < len(terms):
        # A stable sort keeps ties in first-seen order, so the choice is deterministic.
        heaviest = np.argsort(-weights, kind="stable")[:top_n]
        terms = [terms[i] for i in heaviest]
        weights = weights[heaviest]
    return terms, weights
