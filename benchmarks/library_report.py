"""The markdown report of ``bench_library.py``: check latency and memory, build, quality.

Role: benchmark tooling, one part of ``bench_library.py``; it formats the figures the benchmark
measured and states each of issue #18's targets as met or missed.
"""

from __future__ import annotations

import datetime
import os
import platform
import shlex
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MiB = 1024 * 1024
CHECK_SECONDS = 2.0
CHECK_BYTES = 500 * 1000 * 1000
DASK_SPEEDUP = 1.6


def _median(runs: Sequence[Any], field: str) -> float:
    return float(statistics.median(getattr(r, field) for r in runs))


def _met(ok: bool) -> str:
    return "**met**" if ok else "**missed**"


def _library_rows(results: dict[str, Any]) -> list[str]:
    rows = [
        "| library | documents | built by | keys | segments | SQLite | index |",
        "|---:|---:|---|---:|---:|---:|---:|",
    ]
    for size in results["sizes"]:
        lib = results["libraries"][size]
        sqlite, index = lib["bytes"]
        synthetic = lib["synthetic"]
        if synthetic:
            how = (
                f"{synthetic['synthetic_documents']:,} synthetic + "
                f"{synthetic['real_documents']:,} real (the {synthetic['from']:,} library)"
            )
        else:
            docs_per_s = lib["documents"] / lib["add_seconds"] if lib["add_seconds"] else 0.0
            how = (
                f"`library add` of {lib['parts']} folders of 10,000, "
                f"{lib['add_seconds']:.0f} s in all ({docs_per_s:.0f} docs/s)"
            )
        rows.append(
            f"| {size:,} | {lib['documents']:,} | {how} | {lib['keys']:,} | {lib['segments']} "
            f"| {sqlite / MiB:,.0f} MiB | {index / MiB:,.0f} MiB |"
        )
    return rows


def _check_rows(results: dict[str, Any]) -> list[str]:
    checked = results["checked"]
    rows = [
        "| library | cold wall s (runs) | cold peak RSS | warm wall s (runs) | warm peak RSS "
        "| warm peak RSS less file-backed | candidates read | pairs | sources found |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size in results["sizes"]:
        check = results["checks"][size]
        cold, warm, answer = check["cold"], check["warm"], check["answer"]
        rows.append(
            f"| {size:,} | {_median(cold, 'wall'):.2f} "
            f"({', '.join(f'{r.wall:.2f}' for r in cold)}) "
            f"| {_median(cold, 'peak_rss') / MiB:.0f} MiB "
            f"| {_median(warm, 'wall'):.2f} ({', '.join(f'{r.wall:.2f}' for r in warm)}) "
            f"| {_median(warm, 'peak_rss') / MiB:.0f} MiB "
            f"| {_median(warm, 'peak_anon') / MiB:.0f} MiB "
            f"| {answer['candidates']} | {answer['pairs']} "
            f"| {answer['found']} of {len(checked.sources)} |"
        )
    return rows


def _check_verdicts(results: dict[str, Any]) -> list[str]:
    sizes = results["sizes"]
    largest = max(sizes)
    check = results["checks"][largest]
    lines = []
    for label in ("cold", "warm"):
        wall = _median(check[label], "wall")
        rss = _median(check[label], "peak_rss")
        lines.append(
            f"- {label} at {largest:,}: {wall:.2f} s (target < {CHECK_SECONDS:.0f} s: "
            f"{_met(wall < CHECK_SECONDS)}), {rss / 1e6:.0f} MB peak RSS (target < 500 MB: "
            f"{_met(rss < CHECK_BYTES)})"
        )
    smallest = min(sizes)
    for label in ("cold", "warm"):
        small = _median(results["checks"][smallest][label], "wall")
        big = _median(check[label], "wall")
        ratio = big / small if small else 0.0
        lines.append(
            f"- {label} growth {smallest:,} → {largest:,} ({largest // smallest}× the documents): "
            f"{ratio:.2f}× the time (sub-linear: {_met(ratio < largest / smallest)})"
        )
    for size in sizes:
        extra = results["checks"][size]["answer"]["extra"]
        synthetic = [p for p in extra if p.startswith("/synthetic/")]
        if synthetic:
            origins = sorted({os.path.basename(p) for p in synthetic})
            lines.append(
                f"- at {size:,}, {len(synthetic)} more pairs are synthetic documents, copies of "
                f"the analyses of real documents {', '.join(origins)} (ids): they hold their "
                "origin's text, copied passage included, and the check finds it in them too"
            )
        if len(extra) > len(synthetic):
            lines.append(
                f"- at {size:,}, other pairs: "
                + ", ".join(f"`{os.path.basename(p)}`" for p in extra if p not in synthetic)
            )
    return lines


def _build_lines(results: dict[str, Any]) -> list[str]:
    docs = results["build_docs"]
    build = results["build"]
    names = {
        "scan": "`neardup scan` (report written)",
        "add": "`neardup library add`",
        "dask-1": "`library add --executor dask --workers 1` (LocalCluster, 1 worker)",
        "dask-2": "`library add --executor dask --workers 2` (LocalCluster, 2 workers)",
    }
    rows = [
        "| command | wall s (runs) | docs/s | peak RSS (tree) |",
        "|---|---:|---:|---:|",
    ]
    for name, label in names.items():
        runs = build[name]
        wall = _median(runs, "wall")
        rows.append(
            f"| {label} | {wall:.1f} ({', '.join(f'{r.wall:.1f}' for r in runs)}) "
            f"| {docs / wall:.0f} | {_median(runs, 'peak_rss') / MiB:.0f} MiB |"
        )
    scan, add = _median(build["scan"], "wall"), _median(build["add"], "wall")
    one, two = _median(build["dask-1"], "wall"), _median(build["dask-2"], "wall")
    rows += [
        "",
        f"- `library add` / `scan` throughput: {scan / add:.2f}× (target ≥ 1: "
        f"{_met(scan / add >= 1)})",
        f"- Dask 2 workers / 1 worker: {one / two:.2f}× (target ≥ {DASK_SPEEDUP}: "
        f"{_met(one / two >= DASK_SPEEDUP)}; this machine has {os.cpu_count()} cores)",
    ]
    return rows


def _quality_lines(results: dict[str, Any]) -> list[str]:
    q = results["quality"]
    same = q["only_check"] == 0 and q["only_scan"] == 0
    return [
        f"Checked document against the {results['quality_size']:,} library, and "
        f"`neardup scan DOC --against` the same {results['quality_size']:,} files "
        f"({q['scan_seconds']:.0f} s):",
        "",
        "| | pairs |",
        "|---|---:|",
        f"| `library check` | {q['check_pairs']} |",
        f"| `scan --against` | {q['scan_pairs']} |",
        f"| in both | {q['same']} |",
        f"| kinds that differ | {q['kinds_differ']} |",
        "",
        f"- Same pairs: {_met(same)}; largest overlap difference "
        f"{q['worst_overlap_gap']:.4f} (target ≤ 0.01: {_met(q['worst_overlap_gap'] <= 0.01)}).",
    ]


def write_report(path: Path, results: dict[str, Any], argv: Sequence[str]) -> None:
    import numpy
    import psutil

    checked = results["checked"]
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = [
        "# NearDup reference library (issue #18)",
        "",
        f"Produced by `benchmarks/bench_library.py` on {when}: "
        f"`{shlex.join(['python', 'benchmarks/bench_library.py', *argv[1:]])}`.",
        "",
        f"- Machine: {os.cpu_count()} CPUs, {psutil.virtual_memory().total / 2**30:.0f} GiB "
        f"RAM, {platform.platform()}, Python {platform.python_version()}, numpy "
        f"{numpy.__version__}",
        "- Library documents: generated from real Debian prose (the scaling corpus's bigram "
        "model), 2-6 KB each"
        + (
            f", written in {results['corpus_seconds']:.0f} s this run."
            if results["corpus_seconds"] > 1
            else ", reused from the work folder."
        ),
        f"- Checked document: {checked.chars:,} characters of generated Chinese text with five "
        f"400-character passages copied from library documents (three Chinese, two English).",
        "",
        "## Libraries",
        "",
        *_library_rows(results),
        "",
    ]
    if "checks" in results:
        lines += [
            "## Check latency and memory",
            "",
            "`neardup library check LIB DOC --format json --output FILE --no-cache`, the whole "
            "command (interpreter start-up included). Cold: the library's files dropped from "
            "the page cache before each run; warm: three runs after. Peak RSS sums the process "
            "tree (psutil, 5 ms); the column less file-backed leaves out memory-mapped and "
            "library pages. Medians, every run in brackets.",
            "",
            *_check_rows(results),
            "",
            *_check_verdicts(results),
            "",
        ]
    if "build" in results:
        lines += [
            f"## Build throughput ({results['build_docs']:,} documents, cache off)",
            "",
            *_build_lines(results),
            "",
        ]
    if "quality" in results:
        lines += ["## Quality", "", *_quality_lines(results), ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), "utf-8")
