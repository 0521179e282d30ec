"""Score NearDup's JSON report (and peers' bare pair lists) against a labelled corpus.

Role: benchmark tooling. ``benchmarks/corpus.py`` writes ``labels.json``; this module turns the
labels into a ground truth and measures recall per case, precision per reported kind, the error
of the overlap estimates and whether every file was accounted for.

The ground truth is transitive. A base document and every document derived from it by a copy,
an edit or a reorder form one near-duplicate cluster, so two derived copies of the same base are
near-duplicates of each other too. A partial document (a host with pasted passages) relates to
its source and to every member of the source's cluster; two partial documents pasted from the
same source relate to each other when they share pasted sentences. Nothing else is related, in
particular not the negatives that only share a boilerplate header.

Usage::

    python benchmarks/quality.py CORPUS_DIR REPORT.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path
from typing import Any

NEAR_CASES = frozenset(
    {"copy-txt", "copy-docx", "copy-pdf", "light-edit", "heavy-edit", "edit-25", "reorder"}
)
PARTIAL_CASES = frozenset({"partial-10", "partial-30"})
CLUSTER_KINDS = frozenset({"duplicate", "near-duplicate"})

Pair = tuple[str, str]


def key(a: str, b: str) -> Pair:
    return (a, b) if a <= b else (b, a)


def relpath(path: str, root: Path) -> str:
    """Path relative to the corpus root, whatever form the report used."""
    p = Path(path)
    if not p.is_absolute():
        return p.as_posix()
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return p.as_posix()


class Truth:
    """Which document pairs are related, and with which acceptable kinds."""

    def __init__(self, labels: dict[str, Any]) -> None:
        self.docs = {d["path"]: d for d in labels["documents"]}
        self.broken = set(labels["broken"])
        self.labelled: dict[Pair, dict[str, Any]] = {
            key(p["a"], p["b"]): p for p in labels["pairs"]
        }
        self.cluster: dict[str, str] = {}
        for path, doc in self.docs.items():
            if doc["kind"] == "broken":
                continue
            near = doc["kind"] in NEAR_CASES
            self.cluster[path] = doc["source_doc"] if near else path
        self.members: dict[str, list[str]] = defaultdict(list)
        for path, root in self.cluster.items():
            if self.docs[path]["kind"] not in PARTIAL_CASES:
                self.members[root].append(path)

    def accepted_kinds(self, a: str, b: str) -> frozenset[str] | None:
        """Kinds acceptable for the pair, or None when the two documents are unrelated."""
        labelled = self.labelled.get(key(a, b))
        if labelled is not None:
            return frozenset(labelled["accept_kinds"])
        da, db = self.docs.get(a), self.docs.get(b)
        if da is None or db is None or a in self.broken or b in self.broken:
            return None
        pa, pb = da["kind"] in PARTIAL_CASES, db["kind"] in PARTIAL_CASES
        if not pa and not pb:
            return CLUSTER_KINDS if self.cluster[a] == self.cluster[b] else None
        if pa and pb:
            if da["source_doc"] != db["source_doc"]:
                return None
            return frozenset({"partial"}) if shares_runs(da, db) else None
        partial, other = (a, b) if pa else (b, a)
        source = self.docs[partial]["source_doc"]
        return frozenset({"partial"}) if self.cluster[other] == self.cluster[source] else None

    def implied_pairs(self) -> set[Pair]:
        """Every related pair: within clusters and between partial documents and clusters."""
        pairs = {key(x, y) for m in self.members.values() for x, y in combinations(m, 2)}
        partials = [p for p, d in self.docs.items() if d["kind"] in PARTIAL_CASES]
        for p in partials:
            source_root = self.cluster[self.docs[p]["source_doc"]]
            pairs.update(key(p, m) for m in self.members[source_root])
        for x, y in combinations(partials, 2):
            if self.accepted_kinds(x, y):
                pairs.add(key(x, y))
        return pairs


def shares_runs(a: dict[str, Any], b: dict[str, Any]) -> bool:
    runs_a = a.get("source_sentence_runs") or []
    runs_b = b.get("source_sentence_runs") or []
    return any(s1 < e2 and s2 < e1 for s1, e1 in runs_a for s2, e2 in runs_b)


def ratio(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return round(sum(items) / len(items), 4) if items else None


def score(labels: dict[str, Any], report: dict[str, Any], root: Path) -> dict[str, Any]:
    """Score a NearDup JSON report against the labels of the corpus in ``root``."""
    truth = Truth(labels)
    reported: dict[Pair, dict[str, Any]] = {}
    for pair in report.get("pairs", []):
        a, b = relpath(pair["a"], root), relpath(pair["b"], root)
        entry = dict(pair, a=a, b=b)
        if (a, b) != key(a, b):  # store overlaps in key order
            entry["overlap_a"], entry["overlap_b"] = pair.get("overlap_b"), pair.get("overlap_a")
            entry["a"], entry["b"] = b, a
        reported[key(a, b)] = entry

    # Recall per labelled case.
    per_case: dict[str, dict[str, Any]] = {}
    errors: dict[str, list[tuple[float, float]]] = defaultdict(list)
    by_case: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for pair in labels["pairs"]:
        by_case[pair["case"]].append(pair)
    for case, pairs in sorted(by_case.items()):
        hit = found = 0
        for pair in pairs:
            k = key(pair["a"], pair["b"])
            got = reported.get(k)
            if got is None:
                continue
            found += 1
            if got["kind"] in pair["accept_kinds"]:
                hit += 1
                labelled = pair.get("overlap_a") is not None
                if labelled and got.get("overlap_a") is not None:
                    # Expected overlaps, oriented like the key.
                    exp_a, exp_b = pair["overlap_a"], pair["overlap_b"]
                    if (pair["a"], pair["b"]) != k:
                        exp_a, exp_b = exp_b, exp_a
                    errors[case].append(
                        (abs(got["overlap_a"] - exp_a), abs(got["overlap_b"] - exp_b))
                    )
        per_case[case] = {
            "pairs": len(pairs),
            "recall": ratio(hit, len(pairs)),
            "found_any_kind": ratio(found, len(pairs)),
        }
        if case in PARTIAL_CASES:
            per_case[case]["overlap_mae"] = mean(x for e in errors[case] for x in e)

    # Precision per reported kind.
    precision: dict[str, dict[str, Any]] = {}
    kinds: dict[str, list[Pair]] = defaultdict(list)
    for k, got in reported.items():
        kinds[got["kind"]].append(k)
    false_pairs: list[dict[str, Any]] = []
    boilerplate_fp = 0
    common_text = 0
    for kind, pairs in sorted(kinds.items()):
        strict = loose = 0
        for a, b in pairs:
            accepted = truth.accepted_kinds(a, b)
            if accepted is None and kind == "partial" and _only_common(reported[(a, b)]):
                # Unrelated documents that share a template: the text is copied, and the
                # report says it is common to many documents (issue: a copy is a copy).
                common_text += 1
                continue
            if accepted is None:
                if len(false_pairs) < 20:
                    false_pairs.append({"a": a, "b": b, "kind": kind})
                negatives = [truth.docs.get(x, {}).get("kind") == "negative" for x in (a, b)]
                boilerplate_fp += any(negatives)
                continue
            loose += 1
            strict += kind in accepted
        scored = len(pairs) - (common_text if kind == "partial" else 0)
        precision[kind] = {
            "reported": scored,
            "precision": ratio(strict, scored),
            "related_any_kind": ratio(loose, scored),
        }
    implied = truth.implied_pairs()
    partial_errors = [x for c in PARTIAL_CASES for e in errors[c] for x in e]
    all_errors = [x for errs in errors.values() for e in errs for x in e]
    return {
        "recall": per_case,
        "precision": precision,
        "related_pairs_found": ratio(len(implied & set(reported)), len(implied)),
        "overlap_mae": mean(partial_errors),
        # Over every labelled pair found with its kind: whole copies (edited, reordered) too.
        "overlap_mae_all": mean(all_errors),
        "boilerplate_false_pairs": boilerplate_fp,
        "common_text_pairs": common_text,
        "false_pairs_sample": false_pairs,
        "accounting": accounting(labels, report, root),
    }


COMMON_DOCUMENTS = 3  # a passage held by this many scanned documents is marked common


def _only_common(pair: dict[str, Any]) -> bool:
    """Whether every matched passage of a reported pair is marked common (``documents``)."""
    passages = pair.get("passages") or []
    return bool(passages) and all(p.get("documents", 0) >= COMMON_DOCUMENTS for p in passages)


def accounting(labels: dict[str, Any], report: dict[str, Any], root: Path) -> dict[str, Any]:
    """Every broken file must be in ``problems``, every other labelled file in ``documents``."""
    docs = [relpath(d["path"], root) for d in report.get("documents", [])]
    problems = [relpath(p["path"], root) for p in report.get("problems", [])]
    seen = docs + problems
    counts: dict[str, int] = defaultdict(int)
    for path in seen:
        counts[path] += 1
    broken = set(labels["broken"])
    good = {d["path"] for d in labels["documents"]} - broken
    return {
        "broken_in_problems": f"{len(broken & set(problems))}/{len(broken)}",
        "documents_listed": f"{len(good & set(docs))}/{len(good)}",
        "good_files_in_problems": sorted(good & set(problems)),
        "broken_files_in_documents": sorted(broken & set(docs)),
        "missing": sorted((good | broken) - set(seen)),
        "listed_twice": sorted(p for p, n in counts.items() if n > 1),
        "unlabelled": sorted(set(seen) - good - broken),
        "ok": set(problems) == broken and set(docs) == good and len(seen) == len(set(seen)),
    }


def score_pairs(labels: dict[str, Any], found_pairs: set[Pair], root: Path) -> dict[str, Any]:
    """Score a peer that outputs bare pairs (no kinds, no overlaps).

    A labelled pair counts as found whatever its kind; a found pair is correct when the two
    documents are related at all in the transitive ground truth.
    """
    truth = Truth(labels)
    found = {key(relpath(a, root), relpath(b, root)) for a, b in found_pairs}
    per_case: dict[str, dict[str, Any]] = {}
    by_case: dict[str, list[Pair]] = defaultdict(list)
    for pair in labels["pairs"]:
        by_case[pair["case"]].append(key(pair["a"], pair["b"]))
    for case, pairs in sorted(by_case.items()):
        hit = sum(p in found for p in pairs)
        per_case[case] = {"pairs": len(pairs), "recall": ratio(hit, len(pairs))}
    correct = sum(truth.accepted_kinds(a, b) is not None for a, b in found)
    boilerplate_fp = sum(
        truth.accepted_kinds(a, b) is None
        and any(truth.docs.get(x, {}).get("kind") == "negative" for x in (a, b))
        for a, b in found
    )
    implied = truth.implied_pairs()
    return {
        "recall": per_case,
        "reported": len(found),
        "precision": ratio(correct, len(found)),
        "related_pairs_found": ratio(len(implied & found), len(implied)),
        "boilerplate_false_pairs": boilerplate_fp,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Score a NearDup JSON report")
    parser.add_argument("corpus", type=Path, help="folder holding labels.json")
    parser.add_argument("report", type=Path, help="neardup scan --format json output")
    args = parser.parse_args(argv)
    labels = json.loads((args.corpus / "labels.json").read_text(encoding="utf-8"))
    report = json.loads(args.report.read_text(encoding="utf-8"))
    print(json.dumps(score(labels, report, args.corpus), indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
