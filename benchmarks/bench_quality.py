"""Quality: recall and precision per case kind on labelled corpora built from Debian docs.

Role: benchmark (run by hand, never in CI). Builds the main corpus (Chinese Debian
reference and FAQ, plus the English reference) and a held-out corpus from other
Debian manuals, scans each with every weighting scheme at default settings,
scores the reports, scores the two peers on the same corpora, and times the
passage stage against a document-only scan.

Usage::

    python benchmarks/bench_quality.py [--out /tmp/neardup-quality] [--seeds 1 2 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus as corpus_builder
import peers
import quality
from neardup import ScanSettings, scan
from neardup.core.report.scan_report import report_dict
from neardup.core.settings import Weighting

NEAR_CASES = ("copy-txt", "copy-docx", "copy-pdf", "light-edit", "reorder")
CASES = (*NEAR_CASES, "heavy-edit", "edit-25", "partial-10", "partial-30")


def build(source: str, out: Path, seed: int) -> Path:
    target = out / f"{source}-{seed}"
    if not (target / "labels.json").exists():
        corpus_builder.main(["--source", source, "--out", str(target), "--seed", str(seed)])
    return target


def fingerprint_recall(labels: dict[str, Any], report: dict[str, Any], root: Path, k: int) -> float:
    """Share of labelled copy/edit/reorder pairs whose document fingerprints are within k.

    This is what the whole-document SimHash finds on its own, before passages add the
    pairs that fingerprint noise put a few bits too far apart.
    """
    fingerprint = {
        quality.relpath(d["path"], root): int(d["simhash"], 16) for d in report["documents"]
    }
    cases = {*NEAR_CASES, "heavy-edit", "edit-25"}
    pairs = [p for p in labels["pairs"] if p["case"] in cases]
    close = sum(
        (fingerprint[p["a"]] ^ fingerprint[p["b"]]).bit_count() <= k
        for p in pairs
        if p["a"] in fingerprint and p["b"] in fingerprint
    )
    return close / len(pairs) if pairs else 0.0


def scan_scored(root: Path, settings: ScanSettings) -> tuple[dict[str, Any], float]:
    labels = json.loads((root / "labels.json").read_text(encoding="utf-8"))
    started = time.perf_counter()
    result = scan([root / "docs"], settings)
    seconds = time.perf_counter() - started
    report = report_dict(result)
    scored = quality.score(labels, report, root)
    scored["fingerprint_recall"] = fingerprint_recall(labels, report, root, settings.threshold)
    return scored, seconds


def row(name: str, scored: dict[str, Any]) -> str:
    recall = scored["recall"]
    cells = [f"{recall[c]['recall']:.2f}" if c in recall else "–" for c in CASES]
    precision = scored["precision"]
    near = precision.get("near-duplicate", {}).get("precision")
    partial = precision.get("partial", {}).get("precision")
    mae = scored.get("overlap_mae")
    mae_all = scored.get("overlap_mae_all")
    return (
        f"| {name} | " + " | ".join(cells) + f" | {near if near is not None else '–'} | "
        f"{partial if partial is not None else '–'} | {mae if mae is not None else '–'} | "
        f"{mae_all if mae_all is not None else '–'} | {scored['fingerprint_recall']:.2f} |"
    )


HEADER = (
    "| run | "
    + " | ".join(CASES)
    + " | near-dup precision | partial precision | overlap MAE | MAE, all labelled"
    " | SimHash alone ≤ k |\n"
    "|---|" + "---|" * (len(CASES) + 5)
)


def peer_row(name: str, scored: dict[str, Any]) -> str:
    recall = scored["recall"]
    cells = [f"{recall[c]['recall']:.2f}" if c in recall else "–" for c in CASES]
    return (
        f"| {name} | "
        + " | ".join(cells)
        + f" | {scored['precision']} (any kind) | – | – | – | – |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/neardup-quality"))
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    args = parser.parse_args(argv)
    base = ScanSettings(workers=1, use_cache=False)
    lines: list[str] = []
    for source in ("zh", "en", "heldout"):
        for seed in args.seeds:
            root = build(source, args.out, seed)
            lines += [f"\n### corpus `{source}`, seed {seed}\n", HEADER]
            for scheme in Weighting:
                scored, _ = scan_scored(root, base.replace(weighting=scheme))
                lines.append(row(f"NearDup {scheme.value}", scored))
            labels = json.loads((root / "labels.json").read_text(encoding="utf-8"))
            texts = peers.peer_texts(labels, root)
            for run in (peers.run_simhash(texts), peers.run_datasketch(texts)):
                lines.append(peer_row(run.name, quality.score_pairs(labels, run.pairs, root)))
            _, with_passages = scan_scored(root, base)
            _, documents_only = scan_scored(root, base.replace(detect_partial=False))
            lines.append(
                f"\nScan time with passages {with_passages:.2f} s, document-only "
                f"{documents_only:.2f} s: passages add "
                f"{(with_passages / documents_only - 1) * 100:.0f}% (no cache, one process)."
            )
            print("\n".join(lines[-12:]), flush=True)
    out = Path(__file__).resolve().parent / "results" / "quality.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
