"""Disguised copies: found, labelled as copies of the whole text, and how much is found.

For each seed, base documents are cut from Debian's documentation (zh and en, as
`corpus.py` does) and each disguise (`disguises.py`) is applied to whole documents: the
copy of a whole text must be found and labelled `duplicate` or `near-duplicate`. Unrelated
base documents sit beside them; any pair between two different groups counts against
precision. Reports the mean and the worst of the seeds.

    python benchmarks/bench_disguise.py --seeds 1 2 3 4 5 [--per-kind 12]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import disguises
from corpus_sources import SOURCES, cut_base_docs, ensure_packages
from neardup import ScanSettings, scan

WHOLE_COPY = {"duplicate", "near-duplicate"}
KINDS = {
    "traditional": ("zh",),
    "look-alikes": ("en",),
    "invisible": ("zh", "en"),
    "punctuation": ("zh", "en"),
    "clauses": ("zh", "en"),
    "synonyms": ("zh", "en"),
    "spaced marks": ("zh", "en"),  # last: the kinds before it keep their documents
}


def disguise(kind: str, text: str, lang: str, rng: random.Random) -> str:
    if kind == "traditional":
        return disguises.traditional(text, rng)
    if kind == "look-alikes":
        return disguises.look_alikes(text, rng)
    if kind == "invisible":
        return disguises.invisible(text, rng)
    if kind == "punctuation":
        return disguises.swapped_punctuation(text, rng)
    if kind == "clauses":
        return disguises.reordered_clauses(text, rng)
    if kind == "spaced marks":
        return disguises.spaced_punctuation(text, rng)
    return disguises.synonyms(text, rng, lang)


def run_seed(seed: int, per_kind: int, folder: Path) -> dict[str, dict[str, float]]:
    rng = random.Random(seed)
    pools = {lang: cut_base_docs(SOURCES[lang], rng) for lang in ("zh", "en")}
    for pool in pools.values():
        rng.shuffle(pool)
    group_of: dict[str, str] = {}
    labelled: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for kind, langs in KINDS.items():
        for n in range(per_kind):
            lang = langs[n % len(langs)]
            base = pools[lang].pop()
            source, copy = f"{kind}-{n:02d}-source.txt", f"{kind}-{n:02d}-copy.txt"
            (folder / source).write_text(base.text, encoding="utf-8")
            (folder / copy).write_text(disguise(kind, base.text, lang, rng), encoding="utf-8")
            group_of[source] = group_of[copy] = f"{kind}-{n}"
            labelled[kind].append((source, copy))
    for n in range(20):
        name = f"unrelated-{n:02d}.txt"
        (folder / name).write_text(pools["zh" if n % 2 else "en"].pop().text, encoding="utf-8")
        group_of[name] = name
    result = scan([folder], ScanSettings(use_cache=False))
    names = [d.path.name for d in result.documents]
    found = {}
    false_pairs = 0
    for pair in result.pairs:
        a, b = names[pair.a], names[pair.b]
        if group_of[a] != group_of[b]:
            false_pairs += 1
        found[frozenset((a, b))] = pair
    scores: dict[str, dict[str, float]] = {}
    for kind, pairs in labelled.items():
        hits = [found.get(frozenset(p)) for p in pairs]
        reported = [h for h in hits if h is not None]
        scores[kind] = {
            "found": len(reported) / len(pairs),
            "whole copy": sum(h.kind.value in WHOLE_COPY for h in reported) / len(pairs),
            "smaller share": statistics.mean(min(h.overlap_a, h.overlap_b) for h in reported)
            if reported
            else 0.0,
        }
    scores["all"] = {"false pairs": float(false_pairs), "pairs": float(len(result.pairs))}
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    parser.add_argument("--per-kind", type=int, default=12)
    args = parser.parse_args(argv)
    ensure_packages([p.name for lang in ("zh", "en") for p in SOURCES[lang]])
    ensure_packages(["wordnet-base"])
    runs = []
    for seed in args.seeds:
        with tempfile.TemporaryDirectory(prefix="neardup-disguise-") as tmp:
            runs.append(run_seed(seed, args.per_kind, Path(tmp)))
        print(f"seed {seed}: {runs[-1]}", file=sys.stderr)
    print(f"{len(args.seeds)} seeds, {args.per_kind} copies per disguise and seed\n")
    print("| disguise | found: mean / worst | whole copy: mean / worst | smaller share: mean |")
    print("|---|---|---|---|")
    for kind in KINDS:
        found = [r[kind]["found"] for r in runs]
        whole = [r[kind]["whole copy"] for r in runs]
        share = statistics.mean(r[kind]["smaller share"] for r in runs)
        print(
            f"| {kind} | {statistics.mean(found):.2f} / {min(found):.2f} | "
            f"{statistics.mean(whole):.2f} / {min(whole):.2f} | {share:.2f} |"
        )
    false = [r["all"]["false pairs"] for r in runs]
    total = sum(r["all"]["pairs"] for r in runs)
    print(f"\npairs between different groups: {sum(false):.0f} of {total:.0f} reported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
