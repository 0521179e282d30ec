"""Index speed: NearDup's block index at 1M fingerprints, and against PyPI simhash at 100k.

Role: benchmark (run by hand, never in CI). Each measurement runs in a fresh child
process so that peak RSS belongs to it alone.

Usage::

    python benchmarks/bench_index.py [--n 1000000] [--peer-n 100000]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

import numpy as np

PLANTED = 1000


def planted_fingerprints(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """n random 64-bit values where PLANTED pairs (i, j) are within 3 bits of each other."""
    rng = np.random.default_rng(seed)
    values = rng.integers(0, np.iinfo(np.uint64).max, size=n, dtype=np.uint64, endpoint=True)
    sources = rng.choice(n // 2, size=PLANTED, replace=False)
    targets = n // 2 + rng.choice(n - n // 2, size=PLANTED, replace=False)
    for source, target in zip(sources.tolist(), targets.tolist(), strict=True):
        flipped = int(values[source])
        for bit in rng.choice(64, size=int(rng.integers(0, 4)), replace=False).tolist():
            flipped ^= 1 << bit
        values[target] = flipped
    return values, np.stack((sources, targets), axis=1)


def child_neardup(n: int) -> dict[str, float]:
    from neardup import find_near_duplicates

    values, planted = planted_fingerprints(n)
    start = time.perf_counter()
    rows = find_near_duplicates(values, 3)
    seconds = time.perf_counter() - start
    found = {(int(i), int(j)) for i, j in rows[:, :2].tolist()}
    missing = sum((int(a), int(b)) not in found for a, b in planted.tolist())
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": seconds, "pairs": len(rows), "planted_missing": missing, "peak_mb": peak_mb}


def child_simhash_peer(n: int) -> dict[str, float]:
    """The same work with PyPI simhash: build SimhashIndex(k=3), then query every value."""
    from simhash import Simhash, SimhashIndex

    values, planted = planted_fingerprints(n)
    start = time.perf_counter()
    index = SimhashIndex([(str(i), Simhash(int(v))) for i, v in enumerate(values.tolist())], k=3)
    pairs = set()
    for i, v in enumerate(values.tolist()):
        for other in index.get_near_dups(Simhash(int(v))):
            j = int(other)
            if j != i:
                pairs.add((min(i, j), max(i, j)))
    seconds = time.perf_counter() - start
    missing = sum((int(a), int(b)) not in pairs for a, b in planted.tolist())
    return {"seconds": seconds, "pairs": len(pairs), "planted_missing": missing}


def in_child(function: str, n: int) -> dict[str, float]:
    code = f"import json, bench_index as b; print(json.dumps(b.{function}({n})))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=__file__.rsplit("/", 1)[0],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--peer-n", type=int, default=100_000)
    args = parser.parse_args(argv)

    big = in_child("child_neardup", args.n)
    ours = in_child("child_neardup", args.peer_n)
    peer = in_child("child_simhash_peer", args.peer_n)
    lines = [
        "| measurement | value |",
        "|---|---|",
        f"| NearDup, {args.n:,} fingerprints, k=3 | {big['seconds']:.2f} s, "
        f"peak RSS {big['peak_mb']:.0f} MB, {int(big['pairs'])} pairs, "
        f"planted pairs missed: {int(big['planted_missing'])} of {PLANTED} |",
        f"| NearDup, {args.peer_n:,} fingerprints | {ours['seconds']:.3f} s |",
        f"| PyPI simhash SimhashIndex(k=3), {args.peer_n:,} | {peer['seconds']:.2f} s, "
        f"planted pairs missed: {int(peer['planted_missing'])} |",
        f"| speed-up over SimhashIndex | {peer['seconds'] / ours['seconds']:.0f}x |",
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
