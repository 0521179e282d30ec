"""Run the peer near-duplicate finders on a labelled corpus: ``rensa``, PyPI ``simhash`` and
``datasketch``.

Role: benchmark tooling. Each peer gets the same ``{relpath: text}`` dict and returns the pairs
it finds plus the time spent fingerprinting and indexing, so that NearDup's speed can be given as
a ratio to them and their quality scored with ``quality.score_pairs``.

Usage::

    python benchmarks/peers.py CORPUS_DIR
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from quality import score_pairs

Pair = tuple[str, str]
WS_RE = re.compile(r"\s+")


@dataclass
class PeerRun:
    """Pairs found by a peer and where its time went."""

    name: str
    pairs: set[Pair]
    fingerprint_seconds: float
    index_seconds: float

    @property
    def seconds(self) -> float:
        return self.fingerprint_seconds + self.index_seconds


def peer_texts(labels: dict[str, Any], root: Path) -> dict[str, str]:
    """The text each peer sees, keyed by path relative to the corpus root.

    The peers have no extractor. A ``.txt`` document is read and decoded with the encoding
    recorded in the labels; a ``.docx`` or ``.pdf`` document is given the text of its source
    base document instead, i.e. the peers are credited with a perfect extractor. Broken files
    are left out.
    """
    docs = {d["path"]: d for d in labels["documents"]}
    texts: dict[str, str] = {}
    for path, doc in docs.items():
        if doc["kind"] == "broken":
            continue
        text_path = path if path.endswith(".txt") else doc["source_doc"]
        encoding = docs[text_path].get("encoding", "utf-8")
        texts[path] = (root / text_path).read_bytes().decode(encoding)
    return texts


def run_simhash(texts: dict[str, str], k: int = 3) -> PeerRun:
    """PyPI ``simhash``: ``Simhash(text)`` with its default features, ``SimhashIndex(k=k)``."""
    from simhash import Simhash, SimhashIndex

    logging.getLogger("simhash").setLevel(logging.ERROR)  # "Big bucket found" warnings
    _widen_heavy_features(Simhash)
    t0 = time.perf_counter()
    fingerprints = [(path, Simhash(text)) for path, text in texts.items()]
    t1 = time.perf_counter()
    index = SimhashIndex(fingerprints, k=k)
    pairs: set[Pair] = set()
    for path, fp in fingerprints:
        for other in index.get_near_dups(fp):
            if other != path:
                pairs.add((path, other) if path < other else (other, path))
    t2 = time.perf_counter()
    return PeerRun("simhash", pairs, t1 - t0, t2 - t1)


def _widen_heavy_features(simhash: Any) -> None:
    """Let ``Simhash`` weigh a feature seen over 255 times in one text, as it did on numpy 1.

    A feature heavier than its ``large_weight_cutoff`` is added as its hash's bits (uint8)
    times its count; numpy 1 widened the product, numpy 2 raises ``OverflowError``, so a
    long text stopped the benchmark. The bits are widened first: the same sums as numpy 1's.
    """
    unpack = simhash._bitarray_from_bytes
    if getattr(unpack, "widened", False):
        return

    def widened(hash_bytes: bytes) -> Any:
        return unpack(hash_bytes).astype("int64")

    widened.widened = True  # type: ignore[attr-defined]
    simhash._bitarray_from_bytes = staticmethod(widened)


def char_ngrams(text: str, n: int) -> set[bytes]:
    s = WS_RE.sub(" ", text).strip()
    return {s[i : i + n].encode("utf-8") for i in range(max(1, len(s) - n + 1))}


def _checked_lsh_pairs(sketches: list[tuple[str, Any]], lsh: Any, threshold: float) -> set[Pair]:
    """The pairs a MinHash LSH index gives, each kept when its estimated Jaccard reaches the
    threshold. The index holds sketch numbers; both MinHash peers' sketches have ``jaccard``
    and their indexes ``insert(key, sketch)`` and ``query(sketch)``."""
    for number, (_, sketch) in enumerate(sketches):
        lsh.insert(number, sketch)
    pairs: set[Pair] = set()
    for path, sketch in sketches:
        for number in lsh.query(sketch):
            other, other_sketch = sketches[number]
            if other == path:
                continue
            pair = (path, other) if path < other else (other, path)
            if pair not in pairs and sketch.jaccard(other_sketch) >= threshold:
                pairs.add(pair)
    return pairs


def run_datasketch(
    texts: dict[str, str], threshold: float = 0.5, num_perm: int = 128, n: int = 5
) -> PeerRun:
    """``datasketch``: MinHash over character n-grams, MinHashLSH, then estimated Jaccard check."""
    from datasketch import MinHash, MinHashLSH

    t0 = time.perf_counter()
    sketches: list[tuple[str, Any]] = []
    for path, text in texts.items():
        m = MinHash(num_perm=num_perm)
        m.update_batch(list(char_ngrams(text, n)))
        sketches.append((path, m))
    t1 = time.perf_counter()
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
    pairs = _checked_lsh_pairs(sketches, lsh, threshold)
    t2 = time.perf_counter()
    return PeerRun("datasketch", pairs, t1 - t0, t2 - t1)


def run_rensa(
    texts: dict[str, str], threshold: float = 0.5, num_perm: int = 128, n: int = 5
) -> PeerRun:
    """``rensa`` (MinHash in Rust): R-MinHash over the same character n-grams as datasketch,
    its LSH, then the estimated Jaccard check; the fastest MinHash peer there is."""
    from rensa import RMinHash, RMinHashLSH

    t0 = time.perf_counter()
    sketches: list[tuple[str, Any]] = []
    for path, text in texts.items():
        m = RMinHash(num_perm=num_perm, seed=42)
        m.update(list(char_ngrams(text, n)))
        sketches.append((path, m))
    t1 = time.perf_counter()
    lsh = RMinHashLSH(threshold=threshold, num_perm=num_perm, num_bands=16)
    pairs = _checked_lsh_pairs(sketches, lsh, threshold)
    t2 = time.perf_counter()
    return PeerRun("rensa", pairs, t1 - t0, t2 - t1)


def run_neardup_core(texts: dict[str, str], k: int = 3) -> PeerRun:
    """NearDup doing only the peers' job, in one process on the same texts: normalise,
    tokenise, TF-IDF SimHash, block index (no extraction, no workers, no passages)."""
    import numpy as np

    from neardup.core.features.simhash import simhash_terms
    from neardup.core.features.text import normalize
    from neardup.core.features.tokenize import content_tokens, get_tokenizer
    from neardup.core.features.weighting import idf_for, weigh
    from neardup.core.match.block_index import find_near_duplicates

    tokenizer = get_tokenizer()
    tokenizer.cut("预热")  # the dictionary loads on first use; the peers load nothing either
    paths = list(texts)
    t0 = time.perf_counter()
    tokens = [content_tokens(normalize(texts[path]), tokenizer) for path in paths]
    idf = idf_for(tokens)
    fingerprints = np.array(
        [simhash_terms(*weigh(t, idf=idf)) if t else 0 for t in tokens], dtype=np.uint64
    )
    t1 = time.perf_counter()
    rows = find_near_duplicates(fingerprints, k)
    pairs: set[Pair] = set()
    for a, b, _distance in rows.tolist():
        first, second = sorted((paths[a], paths[b]))
        pairs.add((first, second))
    t2 = time.perf_counter()
    return PeerRun("neardup-core", pairs, t1 - t0, t2 - t1)


def brute_force_pairs(texts: dict[str, str], threshold: float = 0.5, n: int = 5) -> set[Pair]:
    """Exact character n-gram Jaccard over all pairs: a reference for the MinHash peer."""
    grams = {path: char_ngrams(text, n) for path, text in texts.items()}
    found: set[Pair] = set()
    for a, b in combinations(sorted(grams), 2):
        inter = len(grams[a] & grams[b])
        if inter / (len(grams[a]) + len(grams[b]) - inter) >= threshold:
            found.add((a, b))
    return found


def run_all(root: Path) -> dict[str, Any]:
    labels = json.loads((root / "labels.json").read_text(encoding="utf-8"))
    texts = peer_texts(labels, root)
    megabytes = sum(len(t.encode("utf-8")) for t in texts.values()) / 1e6
    results: dict[str, Any] = {"documents": len(texts), "megabytes": round(megabytes, 3)}
    for run in (run_rensa(texts), run_simhash(texts), run_datasketch(texts)):
        results[run.name] = {
            "fingerprint_seconds": round(run.fingerprint_seconds, 4),
            "index_seconds": round(run.index_seconds, 4),
            "mb_per_second": round(megabytes / run.seconds, 2) if run.seconds else None,
            **score_pairs(labels, run.pairs, root),
        }
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the peers on a labelled corpus")
    parser.add_argument("corpus", type=Path, help="folder holding labels.json")
    args = parser.parse_args(argv)
    print(json.dumps(run_all(args.corpus), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
