"""Document-level matching: fingerprints, candidate pairs within k, and the precision guard."""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from neardup.core.features import Analyzed, FloatArray, IdfTable, idf_for, simhash_terms, weigh
from neardup.core.match.block_index import find_near_duplicates
from neardup.core.models import Pair, PairKind, Role
from neardup.core.settings import ScanSettings

T = TypeVar("T")
# A document's features as sorted term ids, their weights and the weights' sum.
_Vector = tuple[npt.NDArray[np.int64], FloatArray, float]
# Features and vectors of this many documents are kept for verification's next pairs.
RECENTLY_USED = 512


class FeatureWeights:
    """Weighted features of every document under one setting, computed on demand."""

    def __init__(
        self,
        tokens: Sequence[Sequence[str]],
        settings: ScanSettings,
        idf: IdfTable | None = None,
    ) -> None:
        """``idf``: the table to weigh by, when the corpus is larger than these documents
        (a reference library's); by default, the table of these documents."""
        self._tokens = tokens
        self._settings = settings
        self.idf: IdfTable = idf if idf is not None else idf_for(tokens)
        self._fingerprints: dict[int, int] = {}
        # Verification looks at the same few documents again and again. Plain dictionaries,
        # not ``lru_cache`` around bound methods: those made a reference cycle, and a scan's
        # documents (and its spool) waited for the garbage collector after the scan.
        self._recent_terms: OrderedDict[int, tuple[list[str], FloatArray]] = OrderedDict()
        self._recent_vectors: OrderedDict[int, _Vector] = OrderedDict()
        self._term_ids: dict[str, int] = {}

    def _terms(self, index: int) -> tuple[list[str], FloatArray]:
        return weigh(
            self._tokens[index],
            self._settings.weighting,
            idf=self.idf,
            top_n=self._settings.top_n,
            log_tf=self._settings.log_tf,
        )

    def _vector(self, index: int) -> _Vector:
        """The features as sorted term ids, their weights and the weights' sum, to
        compare in one pass."""
        terms, weights = self.terms(index)
        ids = np.fromiter(
            (self._term_ids.setdefault(term, len(self._term_ids)) for term in terms),
            dtype=np.int64,
            count=len(terms),
        )
        order = np.argsort(ids)
        weights = weights[order]
        # Summed in order, as the shared minima are (bincount): identical vectors then
        # compare as exactly 1.0.
        return ids[order], weights, float(np.cumsum(weights)[-1]) if len(weights) else 0.0

    def terms(self, index: int) -> tuple[list[str], FloatArray]:
        """The weighted features of one document (recent ones are kept)."""
        return _recent(self._recent_terms, index, self._terms)

    def remember_fingerprint(self, index: int, value: int) -> None:
        """Take a fingerprint known from elsewhere (the cache)."""
        self._fingerprints[index] = value

    def fingerprint(self, index: int) -> int:
        if index not in self._fingerprints:
            terms, weights = self.terms(index)
            self._fingerprints[index] = simhash_terms(terms, weights) if terms else 0
        return self._fingerprints[index]

    def resemblance(self, a: int, b: int) -> float:
        """Weighted Jaccard of the two feature vectors: sum of minima over sum of maxima."""
        return float(self._resemblances_of(a, [b])[0])

    def resemblances(self, pairs: Sequence[tuple[int, int]]) -> list[float]:
        """The `resemblance` of each pair, the pairs of one document in one pass: a scan
        of real text asks for tens of thousands, and numpy's calls for each would cost
        more than the work."""
        found = [0.0] * len(pairs)
        by_first: dict[int, list[int]] = {}
        for n, (a, _) in enumerate(pairs):
            by_first.setdefault(a, []).append(n)
        for a, where in by_first.items():
            values = self._resemblances_of(a, [pairs[n][1] for n in where])
            for n, value in zip(where, values.tolist(), strict=True):
                found[n] = value
        return found

    def _resemblances_of(self, a: int, others: Sequence[int]) -> FloatArray:
        ids_a, weights_a, total_a = _recent(self._recent_vectors, a, self._vector)
        vectors = [_recent(self._recent_vectors, b, self._vector) for b in others]
        lengths = np.array([len(ids) for ids, _, _ in vectors], dtype=np.int64)
        shared_min = np.zeros(len(others))
        if len(ids_a) and lengths.sum():
            ids = np.concatenate([ids for ids, _, _ in vectors])
            weights = np.concatenate([weights for _, weights, _ in vectors])
            # Each id of the others looked up in a's sorted ids: no merge sort of each
            # pair, as np.intersect1d would do.
            at = np.minimum(np.searchsorted(ids_a, ids), len(ids_a) - 1)
            shared = ids_a[at] == ids
            owners = np.repeat(np.arange(len(others)), lengths)[shared]
            minima = np.minimum(weights[shared], weights_a[at[shared]])
            shared_min = np.bincount(owners, minima, minlength=len(others)).astype(np.float64)
        # Over the union, sum(max) = sum(a) + sum(b) - sum(min of the shared terms).
        union_max = total_a + np.array([total for _, _, total in vectors]) - shared_min
        # Two documents without features share nothing that could be measured.
        resemblance: FloatArray = np.divide(
            shared_min, union_max, out=np.zeros(len(others)), where=union_max > 0
        )
        return resemblance


def _recent(kept: OrderedDict[int, T], index: int, make: Callable[[int], T]) -> T:
    """``make(index)``, kept among the ``RECENTLY_USED`` most recently asked for."""
    found = kept.get(index)
    if found is None:
        found = kept[index] = make(index)
        if len(kept) > RECENTLY_USED:
            kept.popitem(last=False)
    else:
        kept.move_to_end(index)
    return found


def compared(roles: Sequence[Role], a: int, b: int) -> bool:
    """Library documents are compared with scanned ones, never with each other."""
    return not (roles[a] is Role.LIBRARY and roles[b] is Role.LIBRARY)


def near_duplicate_pairs(
    documents: Sequence[Analyzed],
    fingerprints: np.ndarray,
    eligible: Sequence[int],
    roles: Sequence[Role],
    features: FeatureWeights,
    settings: ScanSettings,
    with_text: Sequence[int] | None = None,
) -> list[Pair]:
    """Duplicate and near-duplicate pairs among the eligible documents.

    Candidates come from the block index; identical normalised texts are
    `duplicate`; the rest must also pass the resemblance guard, so documents
    that only share a template do not pass as near-duplicates. ``with_text`` are the
    documents whose identical texts are duplicates whatever their length (by default the
    eligible ones): two copies of a four-word note are duplicates, though too short for a
    fingerprint to say anything.
    """
    pairs = _duplicates(
        documents, fingerprints, eligible if with_text is None else with_text, roles
    )
    chosen = np.asarray(eligible, dtype=np.int64)
    if len(chosen) < 2:
        return pairs
    rows = find_near_duplicates(fingerprints[chosen], settings.threshold)
    candidates: list[tuple[int, int, int]] = []
    for i, j, distance in rows.tolist():
        a, b = int(chosen[i]), int(chosen[j])
        if not compared(roles, a, b) or documents[a].content_key == documents[b].content_key:
            continue  # the same text: a duplicate, found below whatever its fingerprint
        candidates.append((a, b, distance))
    similarities = features.resemblances([(a, b) for a, b, _ in candidates])
    pairs += [
        Pair(a, b, PairKind.NEAR_DUPLICATE, distance, round(similarity, 4))
        for (a, b, distance), similarity in zip(candidates, similarities, strict=True)
        if similarity >= settings.min_resemblance
    ]
    pairs.sort(key=lambda p: (p.a, p.b))
    return pairs


def _duplicates(
    documents: Sequence[Analyzed],
    fingerprints: np.ndarray,
    eligible: Sequence[int],
    roles: Sequence[Role],
) -> list[Pair]:
    """Every pair of documents with the same normalised text (content key). Their tokens,
    and so their fingerprints, may still differ a little ("tab-completion" cut by a line
    break in a PDF), so the block index alone could miss them."""
    by_text: dict[str, list[int]] = {}
    for index in eligible:
        by_text.setdefault(documents[index].content_key, []).append(index)
    pairs = []
    for copies in by_text.values():
        for a, b in itertools.combinations(sorted(copies), 2):
            if compared(roles, a, b):
                distance = (int(fingerprints[a]) ^ int(fingerprints[b])).bit_count()
                pairs.append(Pair(a, b, PairKind.DUPLICATE, distance, 1.0, 1.0, 1.0))
    return pairs
