"""What the partial-copy stage's candidates are and what each costs (issue #17, scaling).

Role: benchmark tooling, run by hand and never in CI. On one folder of .txt files (the
scaling corpora that ``bench_throughput.py`` builds), in this process:

1. the kept keys held by 2..``MAX_SHARED_BY`` documents, which pair every document that holds
   them (``core.passages.candidates``), with the text behind the ones that make most pairs;
2. the candidate pairs, and how many a pair-level bound on the verbatim text two documents
   share would keep: ``CHARS_PER_PLACE`` characters a shared place (the bound the common
   keys use now), or the union of ``[p - (WINNOW - 1), p + ANCHOR_CHARS)`` over the shared
   places ``p`` (a run holds its places at most ``WINNOW`` apart, and no more than that
   beyond its first and last), against half the share verification needs;
3. what the exact rejection (``core.passages.rejection``) costs a candidate, part by part,
   on a random sample of candidates (all texts in one pack, so every pair starts cold, as
   a new second document does in a scan).

Usage::

    python benchmarks/bench_candidates.py /tmp/nd-tp/scale-5000/docs --sample 20000
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from pathlib import Path

import numba
import numpy as np

from neardup.core.features.shingles import ANCHOR_CHARS, KEY_CHARS, WINNOW, Shingles, kept_places
from neardup.core.features.text import normalize
from neardup.core.passages import candidates, rejection
from neardup.core.passages.kernel_types import COUNTED
from neardup.core.passages.overlap import RULES, CompactText
from neardup.core.passages.packed import PackedTexts

NEEDED = 0.05  # ScanSettings.min_overlap's default: the share a partial copy needs
MAX_GAP, SHINGLE, ANCHOR_SHINGLES, MAX_TRIES = RULES[0], RULES[4], RULES[6], RULES[7]


class Document:
    """One text's kept keys, where each is kept, and its compact length."""

    def __init__(self, path: Path) -> None:
        self.text = normalize(path.read_text("utf-8"))
        shingled = Shingles.of(self.text)
        self.keys, positions = kept_places(shingled.hashes, shingled.tainted)
        self.length = len(shingled.codes)
        self.places: dict[int, list[int]] = defaultdict(list)
        for key, position in zip(self.keys.tolist(), positions.tolist(), strict=True):
            self.places[key].append(position)
        first = int(positions[0]) if len(positions) else 0
        self.sample_text = "".join(map(chr, shingled.codes[first : first + KEY_CHARS]))
        self.key_text = {
            key: "".join(map(chr, shingled.codes[spots[0] : spots[0] + KEY_CHARS]))
            for key, spots in self.places.items()
        }


def union_length(places: list[int]) -> int:
    """Characters in the union of ``[p - (WINNOW - 1), p + ANCHOR_CHARS)`` over ``places``."""
    total, end = 0, -(1 << 62)
    for place in sorted(places):
        start, stop = place - (WINNOW - 1), place + ANCHOR_CHARS
        total += stop - max(start, end) if stop > end else 0
        end = max(end, stop)
    return total


def shared_keys(docs: list[Document], top: int) -> dict[tuple[int, int], list[int]]:
    """Report the keys held by 2..MAX_SHARED_BY documents; return each pair's shared keys."""
    holders: dict[int, list[int]] = defaultdict(list)
    for number, doc in enumerate(docs):
        for key in doc.places:
            holders[key].append(number)
    rare = {k: h for k, h in holders.items() if 2 <= len(h) <= candidates.MAX_SHARED_BY}
    slots = sum(len(h) * (len(h) - 1) // 2 for h in rare.values())
    print(f"keys held by 2..{candidates.MAX_SHARED_BY} documents: {len(rare):,}; pairs they "
          f"make, once per key: {slots:,}")  # fmt: skip
    sizes = Counter(len(h) for h in rare.values())
    print("documents a key: keys  ", ", ".join(f"{n}: {sizes[n]}" for n in sorted(sizes)[:12]))
    print(f"the {top} keys that make most pairs (documents, text):")
    for key, owners in sorted(rare.items(), key=lambda item: -len(item[1]))[:top]:
        print(f"  {len(owners):4d}  {docs[owners[0]].key_text[key]!r}")
    by_pair: dict[tuple[int, int], list[int]] = defaultdict(list)
    for key, owners in rare.items():
        for x, a in enumerate(owners):
            for b in owners[x + 1 :]:
                by_pair[(a, b)].append(key)
    return by_pair


def bounds(docs: list[Document], by_pair: dict[tuple[int, int], list[int]]) -> set[tuple[int, int]]:
    """How many pairs that share rare keys each pair-level bound keeps; the pairs the union
    bound keeps."""
    wanted = NEEDED * candidates.BOUND_MARGIN
    per_place = union = 0
    kept: set[tuple[int, int]] = set()
    for (a, b), keys in by_pair.items():
        places_a = [p for k in keys for p in docs[a].places[k]]
        places_b = [p for k in keys for p in docs[b].places[k]]
        per_place += max(
            candidates.CHARS_PER_PLACE * len(places_a) / max(docs[a].length, 1),
            candidates.CHARS_PER_PLACE * len(places_b) / max(docs[b].length, 1),
        ) >= wanted  # fmt: skip
        if (
            max(
                union_length(places_a) / max(docs[a].length, 1),
                union_length(places_b) / max(docs[b].length, 1),
            )
            >= wanted
        ):
            union += 1
            kept.add((a, b))
    print(f"pairs sharing a rare key: {len(by_pair):,}; a bound at {wanted:.3f} of a text keeps "
          f"{per_place:,} ({candidates.CHARS_PER_PLACE} characters a place), {union:,} "
          "(the union of the places' reach)")  # fmt: skip
    return kept


@numba.njit(cache=False)
def _rejection_parts(pack, rows, part):  # type: ignore[no-untyped-def]
    """Part ``part`` of the rejection for every row (a, b), whether it lets the pair
    through: 0 the reach of a in b, 1 the anchor, 2 all of it (the reach, the weight of a
    run, the anchor) as a scan does it, the shorter text needing ``NEEDED``."""
    passed = np.zeros(len(rows), np.bool_)
    for k in range(len(rows)):
        a, b = rejection._text(pack, rows[k, 0]), rejection._text(pack, rows[k, 1])
        a_weight = rejection._weight(pack, rows[k, 0])
        b_weight = rejection._weight(pack, rows[k, 1])
        if part == 0:
            reach = rejection.reach_bound(a[0], a_weight[:, COUNTED], b, SHINGLE, MAX_GAP)
            passed[k] = min(1.0, reach / a_weight[-1, COUNTED]) >= NEEDED
        elif part == 1:
            passed[k] = rejection.shares_anchor_run(a, b, ANCHOR_SHINGLES, MAX_TRIES)
        else:
            a_shorter = len(a[6]) <= len(b[6])
            needed = (NEEDED if a_shorter else 0.0, 0.0 if a_shorter else NEEDED)
            passed[k] = rejection.worth_seeding(a, a_weight, b, b_weight, needed, RULES)
    return passed


def rejection_costs(
    docs: list[Document], sample: int, seed: int, union_kept: set[tuple[int, int]]
) -> None:
    kept = [d.keys for d in docs]
    shared = candidates.shared_text(kept, [d.length for d in docs], NEEDED)
    rows = shared.rows().astype(np.int64)
    print(f"candidate pairs (shared_text): {len(rows):,}")
    pack = PackedTexts.of([CompactText.of(d.text) for d in docs]).packed
    worth = _rejection_parts(pack, rows, 2)
    dropped = sum((a, b) not in union_kept for a, b in rows[worth].tolist())
    print(f"  the exact rejection lets {int(worth.sum()):,} through; the union bound would "
          f"drop {dropped:,} of them")  # fmt: skip
    rng = np.random.default_rng(seed)
    rows = rows[rng.choice(len(rows), min(sample, len(rows)), replace=False)]
    for part, name in enumerate(("reach of a in b", "anchor run", "all, as a scan orders them")):
        _rejection_parts(pack, rows[:5], part)  # compiled before it is timed
        started = time.perf_counter()
        passed = int(_rejection_parts(pack, rows, part).sum())
        took = (time.perf_counter() - started) / len(rows) * 1e6
        print(f"  {name:28s} passes {passed / len(rows):.3f}, {took:5.1f} us a candidate")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sample", type=int, default=20000, help="candidates timed")
    parser.add_argument("--top", type=int, default=15, help="keys shown")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    docs = [Document(p) for p in sorted(args.folder.glob("*.txt"))]
    print(f"{len(docs):,} documents, mean compact length {np.mean([d.length for d in docs]):.0f}")
    union_kept = bounds(docs, shared_keys(docs, args.top))
    rejection_costs(docs, args.sample, args.seed, union_kept)


if __name__ == "__main__":
    main()
