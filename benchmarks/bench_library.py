"""Reference-library benchmark (issue #18): check latency and memory, build throughput, quality.

Role: benchmark tooling, run by hand and never in CI. Corpora and libraries are built under a
work folder (``/tmp/nd-lib`` by default) from Debian documentation installed on this machine
(``library_corpora.py``); only the markdown report belongs in the repository.

1. Check. One ~100,000-character generated document (about 50 pages) that copies five passages
   of 400 characters from known library documents is checked with
   ``neardup library check LIB DOC --format json --output FILE --no-cache`` (a new thesis is
   never in the analysis cache) against libraries of each ``--sizes`` size: those up to
   ``--real-max`` built with ``neardup library add`` from generated documents, larger ones
   grown from the largest real one with synthetic documents (``synthesize_library``).
   Each library is measured three times cold (its files evicted from the page cache with
   ``posix_fadvise(DONTNEED)`` before each run) and three times warm; wall time and peak RSS
   of the whole command's process tree (psutil, every 5 ms), and whether the copied passages'
   sources are the pairs found.
2. Build. ``--build-docs`` documents of the same corpus: ``neardup scan`` against
   ``neardup library add`` (both cache off, default workers), then ``library add --executor
   dask`` with a LocalCluster of 1 and of 2 workers; median of ``--repeat`` rounds.
3. Quality. The checked document against the smallest library and
   ``neardup scan DOC --against LIBRARY-FILES``: same pairs, overlaps within 0.01.

Usage::

    nice -n 5 python benchmarks/bench_library.py --work-dir /tmp/nd-lib \\
        --sizes 10000 100000 1000000 --output benchmarks/results/library.md
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH_DIR))

import psutil  # noqa: E402

from library_corpora import (  # noqa: E402
    PART_DOCS,
    CheckedDocument,
    ensure_parts,
    part_folder,
    synthesize_library,
    write_checked_document,
)
from library_report import write_report  # noqa: E402
from throughput_corpora import THROUGHPUT_SOURCES, paragraph_pool  # noqa: E402
from throughput_scans import installed_environment  # noqa: E402

NEARDUP = [sys.executable, "-m", "neardup"]


@dataclass
class Run:
    wall: float
    peak_rss: int  # bytes, summed over the process tree
    peak_anon: int  # the same less file-backed pages (memory maps, libraries)
    code: int


def measure(command: Sequence[str], log: Path | None = None) -> Run:
    """Run a command; its wall time and the peak memory of its process tree."""
    started = time.perf_counter()
    out = open(log, "a") if log else subprocess.DEVNULL  # noqa: SIM115
    process = psutil.Popen(list(command), stdout=out, stderr=out, env=installed_environment())
    peak_rss = peak_anon = 0
    while process.poll() is None:
        rss = anon = 0
        try:
            for p in [process, *process.children(recursive=True)]:
                info = p.memory_info()
                rss += info.rss
                anon += info.rss - info.shared
        except psutil.Error:
            pass
        peak_rss, peak_anon = max(peak_rss, rss), max(peak_anon, anon)
        time.sleep(0.005)
    wall = time.perf_counter() - started
    if log:
        out.close()  # type: ignore[union-attr]
    return Run(wall, peak_rss, peak_anon, process.returncode)


def evict(folder: Path) -> None:
    """Drop a folder's files from the OS page cache (clean pages only: sync first)."""
    os.sync()
    for root, _, files in os.walk(folder):
        for name in files:
            fd = os.open(os.path.join(root, name), os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def library_size(folder: Path) -> tuple[int, int]:
    """(SQLite bytes, index bytes)."""
    sqlite = sum(p.stat().st_size for p in folder.glob("library.sqlite*"))
    index = sum(p.stat().st_size for p in (folder / "index").iterdir())
    return sqlite, index


def library_info(folder: Path) -> dict[str, Any]:
    command = [*NEARDUP, "library", "info", str(folder), "--format", "json"]
    done = subprocess.run(command, capture_output=True, check=True)
    info: dict[str, Any] = json.loads(done.stdout)
    return info


# --------------------------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------------------------


def build_real_libraries(
    work: Path, sizes: Sequence[int], log: Path, budget: float
) -> dict[int, dict[str, Any]]:
    """Libraries of the real sizes, each the previous one copied and grown by ``library
    add`` of the next parts (so part 0 is added once); stops adding parts once ``budget``
    seconds of adds are spent and says how far it got."""
    built: dict[int, dict[str, Any]] = {}
    previous: Path | None = None
    done_parts = 0
    spent = 0.0
    for size in sorted(sizes):
        folder = work / f"lib-{size}"
        marker = folder / "built.json"
        if marker.is_file():
            built[size] = json.loads(marker.read_text())
            previous, done_parts = folder, built[size]["parts"]
            spent += built[size]["add_seconds"]
            continue
        if folder.exists():
            shutil.rmtree(folder)
        if previous is not None:
            shutil.copytree(previous, folder)
        adds: list[dict[str, float]] = []
        parts = done_parts
        while parts * PART_DOCS < size and spent < budget:
            run = measure(
                [
                    *NEARDUP,
                    "library",
                    "add",
                    str(folder),
                    str(part_folder(work, parts)),
                    "--no-cache",
                    "-q",
                ],
                log,
            )
            if run.code:
                raise SystemExit(f"library add failed ({run.code}): see {log}")
            adds.append({"part": parts, "seconds": run.wall, "peak_rss": run.peak_rss})
            spent += run.wall
            parts += 1
            print(f"  lib-{size}: part {parts - 1} added in {run.wall:.0f} s", flush=True)
        info = library_info(folder)
        built[size] = {
            "parts": parts,
            "documents": info["documents"],
            "keys": info["keys"],
            "segments": info["segments"],
            "adds": adds,
            "add_seconds": sum(a["seconds"] for a in adds)
            + (built[max(built)]["add_seconds"] if built else 0.0),
            "synthetic": None,
        }
        marker.write_text(json.dumps(built[size]))
        previous, done_parts = folder, parts
    return built


def grow_synthetic(work: Path, real: int, size: int, real_info: dict[str, Any]) -> dict[str, Any]:
    folder = work / f"lib-{size}"
    marker = folder / "built.json"
    if marker.is_file():
        loaded: dict[str, Any] = json.loads(marker.read_text())
        return loaded
    if folder.exists():
        shutil.rmtree(folder)
    factor = max(2, round(size / real_info["documents"]))
    made = synthesize_library(work / f"lib-{real}", folder, factor, seed=size)
    info = library_info(folder)
    result = {
        "parts": real_info["parts"],
        "documents": info["documents"],
        "keys": info["keys"],
        "segments": info["segments"],
        "adds": [],
        "add_seconds": 0.0,
        "synthetic": {**made, "factor": factor, "from": real},
    }
    marker.write_text(json.dumps(result))
    return result


# --------------------------------------------------------------------------------------------
# Measuring
# --------------------------------------------------------------------------------------------


def check_command(library: Path, doc: Path, output: Path) -> list[str]:
    return [
        *NEARDUP,
        "library",
        "check",
        str(library),
        str(doc),
        "--format",
        "json",
        "--output",
        str(output),
        "--no-cache",
        "-q",
    ]


def found_sources(report: Path, checked: CheckedDocument) -> dict[str, Any]:
    data = json.loads(report.read_text("utf-8"))
    me = str(checked.path)
    partners = {}
    for pair in data["pairs"]:
        if me in (pair["a"], pair["b"]):
            other = pair["b"] if pair["a"] == me else pair["a"]
            partners[other] = pair
    return {
        "candidates": len(data["documents"]) - 1,
        "pairs": len(partners),
        "found": sum(1 for s in checked.sources if s in partners),
        "extra": sorted(set(partners) - set(checked.sources)),
    }


def measure_checks(
    work: Path, size: int, checked: CheckedDocument, repeat: int, log: Path
) -> dict[str, Any]:
    library = work / f"lib-{size}"
    report = work / f"check-{size}.json"
    cold: list[Run] = []
    warm: list[Run] = []
    for _ in range(repeat):
        evict(library)
        cold.append(measure(check_command(library, checked.path, report), log))
    for _ in range(repeat):
        warm.append(measure(check_command(library, checked.path, report), log))
    if any(r.code for r in cold + warm):
        raise SystemExit(f"library check failed: see {log}")
    return {"cold": cold, "warm": warm, "answer": found_sources(report, checked)}


def median_run(runs: Sequence[Run]) -> Run:
    return Run(
        statistics.median(r.wall for r in runs),
        int(statistics.median(r.peak_rss for r in runs)),
        int(statistics.median(r.peak_anon for r in runs)),
        0,
    )


def build_throughput(work: Path, docs: int, repeat: int, log: Path) -> dict[str, list[Run]]:
    """scan, library add, and library add on Dask with 1 and 2 workers, over ``docs``
    documents of part 0, each from nothing, ``repeat`` rounds."""
    folder = work / f"build-{docs}"
    if not folder.is_dir() or len(list(folder.iterdir())) != docs:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        for path in sorted(part_folder(work, 0).glob("*.txt"))[:docs]:
            os.link(path, folder / path.name)
    runs: dict[str, list[Run]] = {"scan": [], "add": [], "dask-1": [], "dask-2": []}
    scratch = Path(tempfile.mkdtemp(dir=work))
    for _ in range(repeat):
        commands = {
            "scan": [
                *NEARDUP,
                "scan",
                str(folder),
                "--no-cache",
                "-q",
                "--format",
                "json",
                "--output",
                str(scratch / "scan.json"),
            ],
            "add": [
                *NEARDUP,
                "library",
                "add",
                str(scratch / "lib"),
                str(folder),
                "--no-cache",
                "-q",
            ],
            "dask-1": [
                *NEARDUP,
                "library",
                "add",
                str(scratch / "lib"),
                str(folder),
                "--no-cache",
                "-q",
                "--executor",
                "dask",
                "--workers",
                "1",
            ],
            "dask-2": [
                *NEARDUP,
                "library",
                "add",
                str(scratch / "lib"),
                str(folder),
                "--no-cache",
                "-q",
                "--executor",
                "dask",
                "--workers",
                "2",
            ],
        }
        for name, command in commands.items():
            shutil.rmtree(scratch / "lib", ignore_errors=True)
            run = measure(command, log)
            if run.code:
                raise SystemExit(f"{name} failed: see {log}")
            runs[name].append(run)
            print(f"  build {name}: {run.wall:.1f} s", flush=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return runs


def quality(work: Path, size: int, checked: CheckedDocument, log: Path) -> dict[str, Any]:
    """The check's pairs against those of ``scan DOC --against`` the library's files."""
    report = work / f"check-{size}.json"
    scanned = work / f"scan-against-{size}.json"
    against = [str(part_folder(work, p)) for p in range(max(1, size // PART_DOCS))]
    run = measure(
        [*NEARDUP, "scan", str(checked.path), "--no-cache", "-q", "--format", "json"]
        + ["--output", str(scanned)]
        + [item for folder in against for item in ("--against", folder)],
        log,
    )
    if run.code:
        raise SystemExit(f"scan --against failed: see {log}")

    def pairs(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
        data = json.loads(path.read_text("utf-8"))
        return {tuple(sorted((p["a"], p["b"]))): p for p in data["pairs"]}  # type: ignore[misc]

    mine, theirs = pairs(report), pairs(scanned)
    common = set(mine) & set(theirs)
    worst = max(
        (
            max(
                abs(mine[k]["overlap_a"] - theirs[k]["overlap_a"]),
                abs(mine[k]["overlap_b"] - theirs[k]["overlap_b"]),
            )
            for k in common
        ),
        default=0.0,
    )
    return {
        "check_pairs": len(mine),
        "scan_pairs": len(theirs),
        "same": len(common),
        "only_check": len(set(mine) - common),
        "only_scan": len(set(theirs) - common),
        "kinds_differ": sum(1 for k in common if mine[k]["kind"] != theirs[k]["kind"]),
        "worst_overlap_gap": worst,
        "scan_seconds": run.wall,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--work-dir", type=Path, default=Path("/tmp/nd-lib"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--real-max", type=int, default=100_000, help="larger sizes are synthetic")
    parser.add_argument(
        "--build-budget", type=float, default=2700, help="seconds of library add at most"
    )
    parser.add_argument("--build-docs", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--parts", nargs="+", default=["check", "build", "quality"], help="what to measure"
    )
    parser.add_argument("--output", type=Path, default=BENCH_DIR / "results" / "library.md")
    args = parser.parse_args(argv)
    work: Path = args.work_dir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    log = work / "commands.log"
    real_sizes = [s for s in args.sizes if s <= args.real_max]
    synthetic_sizes = [s for s in args.sizes if s > args.real_max]
    pool = paragraph_pool(THROUGHPUT_SOURCES)
    parts = max(1, -(-max(real_sizes) // PART_DOCS))
    print(f"corpus: {parts} parts of {PART_DOCS}", flush=True)
    corpus_seconds = ensure_parts(work, pool, parts, args.seed)
    checked = write_checked_document(work, pool, args.seed)
    results: dict[str, Any] = {
        "corpus_seconds": corpus_seconds,
        "checked": checked,
        "sizes": args.sizes,
    }
    libraries = build_real_libraries(work, real_sizes, log, args.build_budget)
    for size in synthetic_sizes:
        print(f"synthetic library {size}", flush=True)
        libraries[size] = grow_synthetic(work, max(real_sizes), size, libraries[max(real_sizes)])
    results["libraries"] = {
        s: {**libraries[s], "bytes": library_size(work / f"lib-{s}")} for s in args.sizes
    }
    if "check" in args.parts:
        results["checks"] = {}
        for size in args.sizes:
            print(f"check against {size}", flush=True)
            results["checks"][size] = measure_checks(work, size, checked, args.repeat, log)
    if "build" in args.parts:
        results["build"] = build_throughput(work, args.build_docs, args.repeat, log)
        results["build_docs"] = args.build_docs
    if "quality" in args.parts:
        smallest = min(args.sizes)
        if "check" not in args.parts:
            measure_checks(work, smallest, checked, 1, log)
        results["quality"] = quality(work, smallest, checked, log)
        results["quality_size"] = smallest
    # Parts measured in earlier runs (same work folder) are kept in the report.
    saved = work / "results.pickle"
    if saved.is_file():
        earlier = pickle.loads(saved.read_bytes())
        results = {**{k: v for k, v in earlier.items() if k not in results}, **results}
    saved.write_bytes(pickle.dumps(results))
    write_report(args.output, results, sys.argv)
    print(f"report: {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
