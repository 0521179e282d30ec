"""Where the kind rule's line falls: verified shares of each labelled case.

The kind of a pair follows from its verified figures alone: near-duplicate when both texts
are at least half found in the other (``models.NEAR_DUPLICATE_SHARE``), partial
when less. This prints, per labelled case of the benchmark corpora, the smaller of the two
shares (min of overlap_a and overlap_b): edits at 3%, 12% and 25% of sentences and
reordered paragraphs must sit above the line, partial copies below it, with a margin.

    python benchmarks/bench_kind_rule.py --sources zh en --seeds 1 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import corpus as corpus_builder
import quality
from neardup import ScanSettings, scan
from neardup.core.models import NEAR_DUPLICATE_SHARE
from neardup.core.report.scan_report import report_dict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", nargs="+", default=["zh", "en"])
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--docs", type=int, default=120)
    args = parser.parse_args(argv)
    smaller: dict[str, list[float]] = defaultdict(list)
    kinds: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with tempfile.TemporaryDirectory(prefix="neardup-kinds-") as tmp:
        for source in args.sources:
            for seed in args.seeds:
                root = Path(tmp) / f"{source}-{seed}"
                where = ["--source", source, "--out", str(root), "--seed", str(seed)]
                corpus_builder.main([*where, "--docs", str(args.docs), "--pdf-docs", "10"])
                labels = json.loads((root / "labels.json").read_text(encoding="utf-8"))
                report = report_dict(scan([root / "docs"], ScanSettings(use_cache=False)))
                found = {}
                for pair in report["pairs"]:
                    key = quality.key(
                        quality.relpath(pair["a"], root), quality.relpath(pair["b"], root)
                    )
                    found[key] = pair
                for label in labels["pairs"]:
                    pair = found.get(quality.key(label["a"], label["b"]))
                    if pair is None:
                        kinds[label["case"]]["missed"] += 1
                        continue
                    kinds[label["case"]][pair["kind"]] += 1
                    if pair["overlap_a"] is not None and pair["overlap_b"] is not None:
                        smaller[label["case"]].append(min(pair["overlap_a"], pair["overlap_b"]))
    print(f"line: both shares >= {NEAR_DUPLICATE_SHARE}\n")
    print("| case | pairs | kinds | smaller share: min | median | max |\n|---|---|---|---|---|---|")
    for case in sorted(kinds):
        values = smaller[case] or [float("nan")]
        told = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds[case].items()))
        print(
            f"| {case} | {sum(kinds[case].values())} | {told} | {min(values):.2f} | "
            f"{statistics.median(values):.2f} | {max(values):.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
