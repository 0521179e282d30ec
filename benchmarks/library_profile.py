"""Where a library check's time goes: one ``check_library`` call under cProfile.

Role: benchmark tooling, run by hand beside ``bench_library.py`` and never in CI. It checks one
document against one library in this process (``workers=1``, cache off, as the benchmark's
CLI runs do) and prints the cumulative time of the check's stages (analysis of the checked
document, its library keys, the index look-ups, the SQLite reads, the IDF, verification)
and the functions that spend the most time of their own.

Usage::

    python benchmarks/library_profile.py LIBRARY DOC [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from collections.abc import Sequence
from pathlib import Path

# (label, file name ending, function name) of the stages, as cProfile names them.
STAGES = (
    ("whole check", "checking.py", "check_library"),
    ("analysis of the checked document", "analysis_stage.py", "analyze_all"),
    ("its library keys", "keys.py", "library_keys"),
    ("index: keys' holders", "segments.py", "holders"),
    ("index: near fingerprints", "segments.py", "near"),
    ("SQLite: document count", "database.py", "count"),
    ("SQLite: term frequencies", "database.py", "frequencies"),
    ("SQLite: live ids", "database.py", "live"),
    ("SQLite: candidates' rows read and decoded", "checking.py", "_load"),
    ("IDF tables", "weights.py", "library_idf"),
    ("pairs stage (verification)", "pairs_stage.py", "find_pairs"),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("library", type=Path)
    parser.add_argument("doc", type=Path)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    from neardup.core.library import check_library
    from neardup.core.settings import ScanSettings

    imported = time.perf_counter() - started
    profiler = cProfile.Profile()
    profiler.enable()
    result = check_library(args.library, [args.doc], ScanSettings(workers=1, use_cache=False))
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"imports {imported:.2f} s; check {result.elapsed:.2f} s; {len(result.pairs)} pairs")
    raw = stats.stats  # type: ignore[attr-defined]
    for label, file_end, name in STAGES:
        total = sum(
            entry[3]
            for (file, _, function), entry in raw.items()
            if function == name and file.endswith(file_end)
        )
        calls = sum(
            entry[1]
            for (file, _, function), entry in raw.items()
            if function == name and file.endswith(file_end)
        )
        print(f"{total:8.3f} s cumulative, {calls:6d} calls  {label}")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
