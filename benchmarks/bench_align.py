"""Alignment speed: `core.align.align` on two ~100k-character documents of real text.

Role: benchmark (run by hand, never in CI). The left text is Debian documentation
(from a corpus built by corpus.py); the right one is the same text with light
edits, a paragraph removed and one inserted, as a side-by-side view would get.

Usage::

    python benchmarks/bench_align.py [--chars 100000] [--corpus /tmp/neardup-align]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus as corpus_builder
from neardup.core.features.text import normalize
from neardup.core.passages.alignment import BlockKind, align


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=100_000)
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/neardup-align"))
    args = parser.parse_args(argv)
    for source in ("zh", "en"):
        root = args.corpus / source
        if not (root / "labels.json").exists():
            corpus_builder.main(["--source", source, "--out", str(root)])
        paragraphs = [
            p
            for path in sorted((root / "docs" / "base").glob("*.txt"))
            for p in path.read_text(encoding="utf-8").split("\n\n")
            if p.strip()
        ]
        left_parts: list[str] = []
        while sum(map(len, left_parts)) < args.chars:
            left_parts += paragraphs
        left_parts = left_parts[
            : next(
                i
                for i in range(len(left_parts))
                if sum(map(len, left_parts[: i + 1])) >= args.chars
            )
            + 1
        ]
        rng = random.Random(1)
        right_parts = list(left_parts)
        del right_parts[len(right_parts) // 3]
        right_parts.insert(2 * len(right_parts) // 3, paragraphs[-1])
        for i in rng.sample(range(len(right_parts)), len(right_parts) // 30):
            right_parts[i] = (
                right_parts[i][: len(right_parts[i]) // 2]
                + "变更 edit "
                + right_parts[i][len(right_parts[i]) // 2 :]
            )
        left, right = normalize("\n\n".join(left_parts)), normalize("\n\n".join(right_parts))
        times = []
        for _ in range(5):
            started = time.perf_counter()
            blocks = align(left, right)
            times.append(time.perf_counter() - started)
        equal = sum(b.left.end - b.left.start for b in blocks if b.kind is BlockKind.EQUAL)
        print(
            f"| {source} | {len(left):,} / {len(right):,} chars | best {min(times):.3f} s, "
            f"worst {max(times):.3f} s | {len(blocks)} blocks, {equal / len(left):.1%} equal |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
