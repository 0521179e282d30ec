"""Report of the throughput benchmark: the markdown sections and the medians over rounds.

Role: benchmark tooling, one part of ``bench_throughput.py``. It turns the scans, peer runs and
scaling runs into the sections of ``results/throughput.md``, with the targets they are judged
against, and picks each measure's median over the rounds.
"""

from __future__ import annotations

import os
import platform
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

import peers
from throughput_scans import ScanRun, TextStats

REPO = Path(__file__).resolve().parent.parent
MB = 1e6
MIB = 1 << 20

# Targets from the brief and DESIGN.md "How we measure".
WARM_TARGET = 0.05  # warm scan at most 5% of the cold one (issue #17)
PEER_TARGET = 0.5  # NearDup's cold scan at most half of either peer's time


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def mib(n: int) -> str:
    return f"{n / MIB:,.0f} MiB"


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def fmt_cmd(cmd: Sequence[str]) -> str:
    return shlex.join(str(c) for c in cmd).replace(str(REPO) + "/", "")


def environment() -> list[str]:
    from importlib.metadata import version

    import neardup

    names = ("simhash", "datasketch", "rjieba", "pypdfium2", "numpy")
    libs = ", ".join(f"{n} {version(n)}" for n in names)
    return [
        f"- Machine: {os.cpu_count()} CPUs, {psutil.virtual_memory().total / 2**30:.0f} GiB RAM, "
        f"{platform.platform()}, Python {platform.python_version()}",
        f"- NearDup {neardup.__version__}; {libs}",
    ]


def throughput_section(
    cold: ScanRun, warm: ScanRun, stats: TextStats, workers: int, files: int
) -> list[str]:
    text_mb = stats.utf8_bytes / MB
    problems = len(cold.report.get("problems", []))
    fmt = ", ".join(f"{n} {k}" for k, n in sorted(stats.formats.items()))
    ratio = warm.wall / cold.wall
    lines = [
        "## 1. Throughput, cold and warm",
        "",
        f"Corpus: {files} files ({fmt}; {problems} broken files reported as problems), "
        f"{text_mb:.2f} MB of extracted text (UTF-8; {stats.chars:,} characters), "
        f"{stats.pdf_pages} PDF pages in {stats.pdf_files} PDFs. `--workers {workers}`.",
        "",
        "| scan | wall s | scan s (report) | text MB/s | PDF pages/s | docs/s | peak RSS (tree) "
        "| peak PSS (tree) | largest process |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in (cold, warm):
        docs = len(run.report.get("documents", []))
        lines.append(
            f"| {run.label} | {run.wall:.2f} | {run.scan_seconds:.2f} | "
            f"{text_mb / run.wall:.2f} | {stats.pdf_pages / run.wall:.1f} | {docs / run.wall:.0f} "
            f"| {mib(run.peak_rss_tree)} | {mib(run.peak_pss_tree)} | {mib(run.peak_rss_single)} |"
        )
    pdf_rate = stats.pdf_pages / stats.pdf_extract_seconds if stats.pdf_extract_seconds else 0
    lines += [
        "",
        f"- Warm/cold wall ratio: **{ratio:.3f}** (target ≤ {WARM_TARGET:.2f}: "
        f"{verdict(ratio <= WARM_TARGET)}); by the scans' own elapsed time "
        f"{warm.scan_seconds / cold.scan_seconds:.3f}.",
        f"- PDF extraction alone (pypdfium2 through `neardup.core.extract.extract`, one process): "
        f"{pdf_rate:.0f} pages/s ({stats.pdf_pages} pages in {stats.pdf_extract_seconds:.2f} s).",
        f"- Pairs found (cold/warm): {len(cold.report.get('pairs', []))}/"
        f"{len(warm.report.get('pairs', []))}.",
        "- Wall time includes interpreter start-up, imports and writing the JSON report; the "
        "report's time is the `scan()` call alone.",
        "",
    ]
    return lines


def peers_section(
    cold: ScanRun, no_partial: ScanRun, runs: Sequence[peers.PeerRun], stats: TextStats
) -> list[str]:
    text_mb = stats.utf8_bytes / MB
    lines = [
        "## 2. Against peers, same run, same text",
        "",
        f"Peers get the {len(stats.texts)} texts NearDup extracted ({text_mb:.2f} MB) and are "
        "timed on fingerprinting plus indexing only (no extraction, no report). NearDup's time is "
        "its whole cold scan: extraction of txt/docx/PDF, tokenising, fingerprints, the block "
        "index and partial-copy detection.",
        "",
        "| peer | fingerprint s | index s | total s | MB/s | pairs | NearDup cold wall / peer "
        "| NearDup scan() / peer | NearDup `--no-partial` cold wall / peer |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in runs:
        wall_ratio = cold.wall / run.seconds
        scan_ratio = cold.scan_seconds / run.seconds
        lines.append(
            f"| {run.name} | {run.fingerprint_seconds:.2f} | {run.index_seconds:.2f} | "
            f"{run.seconds:.2f} | {text_mb / run.seconds:.2f} | {len(run.pairs)} | "
            f"**{wall_ratio:.2f}×** | {scan_ratio:.2f}× | {no_partial.wall / run.seconds:.2f}× |"
        )
    lines += [
        "",
        f"NearDup cold scan without partial-copy detection (`--no-partial`, cache off): "
        f"{no_partial.wall:.2f} s wall, {no_partial.scan_seconds:.2f} s in `scan()`, "
        f"{len(no_partial.report.get('pairs', []))} pairs; the full cold scan found "
        f"{len(cold.report.get('pairs', []))}.",
        "",
    ]
    for run in runs:
        ratio = cold.wall / run.seconds
        lines.append(
            f"- vs `{run.name}`: target NearDup ≤ {PEER_TARGET}× → {verdict(ratio <= PEER_TARGET)} "
            f"({ratio:.2f}×)."
        )
    lines += [
        "",
        "A peer's whole pipeline also has to extract the text: NearDup's extractors in one "
        f"process took {stats.extract_seconds:.2f} s for these files. NearDup's cold scan "
        "against each peer's extract + fingerprint + index:",
        "",
        "| peer | extract + fingerprint + index s | NearDup cold wall / peer pipeline |",
        "|---|---:|---:|",
    ]
    for run in runs:
        pipeline = stats.extract_seconds + run.seconds
        lines.append(f"| {run.name} | {pipeline:.2f} | **{cold.wall / pipeline:.2f}×** |")
    lines.append("")
    lines.append(
        "- `rensa`: `RMinHash(128)` over character 5-grams + `RMinHashLSH(0.5, 16 bands)`; "
        "`simhash`: `Simhash(text)` (its default character 4-gram features) + "
        "`SimhashIndex(k=3)`; `datasketch`: `MinHash(128)` over character 5-grams + "
        "`MinHashLSH(0.5)`, see `benchmarks/peers.py`."
    )
    lines.append("")
    return lines


def core_section(core: peers.PeerRun, runs: Sequence[peers.PeerRun]) -> list[str]:
    ratios = ", ".join(f"{core.seconds / run.seconds:.2f}× {run.name}" for run in runs)
    return [
        "Like for like: NearDup doing only the peers' job on the same texts, in one process "
        "(normalise, tokenise, TF-IDF SimHash, block index; no extraction, workers or passages, "
        "`peers.run_neardup_core`): "
        f"{core.fingerprint_seconds:.2f} s fingerprints + {core.index_seconds:.3f} s index = "
        f"{core.seconds:.2f} s, {len(core.pairs)} pairs; {ratios}.",
        "",
    ]


@dataclass
class Round:
    """One round of the throughput runs, taken back to back."""

    cold: ScanRun
    warm: ScanRun
    no_partial: ScanRun
    one_process: ScanRun  # the cold scan with --workers 1: no pool, every step in one process
    peers: list[peers.PeerRun]
    core: peers.PeerRun  # NearDup doing only the peers' job on the same texts


def _median_by(values: Sequence[Any], key: Any) -> Any:
    ordered = sorted(values, key=key)
    return ordered[(len(ordered) - 1) // 2]


def median_round(rounds: Sequence[Round]) -> Round:
    """Each measure's median over the rounds (the lower one for an even count)."""
    names = [run.name for run in rounds[0].peers]
    return Round(
        cold=_median_by([r.cold for r in rounds], lambda run: run.wall),
        warm=_median_by([r.warm for r in rounds], lambda run: run.wall),
        no_partial=_median_by([r.no_partial for r in rounds], lambda run: run.wall),
        one_process=_median_by([r.one_process for r in rounds], lambda run: run.cpu_seconds),
        peers=[
            _median_by([r.peers[i] for r in rounds], lambda run: run.seconds)
            for i in range(len(names))
        ],
        core=_median_by([r.core for r in rounds], lambda run: run.seconds),
    )


def floor_section(median: Round, workers: int) -> list[str]:
    """What the peer target asks of the CPU: the whole scan's work in one process, shared out
    perfectly over the workers, against half the faster peer's time."""
    one = median.one_process
    fastest = min(median.peers, key=lambda run: run.seconds)
    target = PEER_TARGET * fastest.seconds
    floor = one.cpu_seconds / workers
    return [
        "## 2b. What the peer target asks of the CPU",
        "",
        "| cold scan (empty cache) | wall s | scan s (report) | CPU s (user + system, every process, sampled) |",
        "|---|---:|---:|---:|",
        f"| `--workers {workers}` (process pool) | {median.cold.wall:.2f} | "
        f"{median.cold.scan_seconds:.2f} | {median.cold.cpu_seconds:.2f} |",
        f"| `--workers 1` (one process) | {one.wall:.2f} | {one.scan_seconds:.2f} | "
        f"{one.cpu_seconds:.2f} |",
        "",
        f"- One process does the whole cold scan in {one.cpu_seconds:.2f} s of CPU. Shared out "
        f"over {workers} cores with no overhead at all, that is at least "
        f"**{floor:.2f} s** of wall time; the target, {PEER_TARGET}× the faster peer "
        f"(`{fastest.name}`, {fastest.seconds:.2f} s), is **{target:.2f} s**: "
        f"floor / target = {floor / target:.2f}.",
        "- The pool itself costs CPU: each worker imports the extractors, numpy and the "
        f"segmenter, and results travel between processes ({median.cold.cpu_seconds:.2f} s "
        f"with the pool against {one.cpu_seconds:.2f} s in one process).",
        "",
    ]


def rounds_section(rounds: Sequence[Round]) -> list[str]:
    names = [run.name for run in rounds[0].peers]
    lines = [
        f"Tables above: the median of {len(rounds)} rounds; each round ran the cold, warm, "
        "`--no-partial` and one-process scans and the peers back to back. Every round:",
        "",
        "| round | cold wall s | cold scan s | cold CPU s | one-process CPU s | warm wall s "
        "| warm scan s | warm/cold (scan) | "
        + " | ".join(f"{n} s | cold wall / {n}" for n in names)
        + " |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|" + "---:|---:|" * len(names),
    ]
    for number, r in enumerate(rounds, 1):
        cells = [
            f"{number}",
            f"{r.cold.wall:.2f}",
            f"{r.cold.scan_seconds:.2f}",
            f"{r.cold.cpu_seconds:.2f}",
            f"{r.one_process.cpu_seconds:.2f}",
            f"{r.warm.wall:.2f}",
            f"{r.warm.scan_seconds:.3f}",
            f"{r.warm.scan_seconds / r.cold.scan_seconds:.3f}",
        ]
        for run in r.peers:
            cells += [f"{run.seconds:.2f}", f"{r.cold.wall / run.seconds:.2f}×"]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    return lines


@dataclass
class ScaleRun:
    docs: int
    mode: str  # "full" or "no-partial"
    run: ScanRun
    disk_bytes: int


def scaling_section(runs: Sequence[ScaleRun], workers: int, full_timeout: float) -> list[str]:
    lines = [
        "## 3. Scaling",
        "",
        "Generated .txt documents (2-6 KB, from a bigram model of the Debian text), with planted light edits "
        f"and 30% partial copies (0.5% of the documents each); `--no-cache --workers {workers}`. "
        "`full` is the default scan; `no-partial` adds `--no-partial` (whole-document SimHash "
        f"only). Full scans get {full_timeout:.0f} s each.",
        "",
        "| docs | scan | MB on disk | wall s | scan s (report) | docs/s | MB/s "
        "| peak RSS (tree) | peak PSS (tree) | largest process | pairs |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for item in runs:
        run, n, mb = item.run, item.docs, item.disk_bytes / MB
        head = f"| {n:,} | {item.mode} | {mb:.1f} |"
        memory = f"{mib(run.peak_rss_tree)} | {mib(run.peak_pss_tree)} | {mib(run.peak_rss_single)}"
        if not run.ok:
            state = "timed out" if run.timed_out else f"failed (exit {run.returncode})"
            lines.append(f"{head} {state} after {run.wall:.0f} s | | | | {memory} | |")
            continue
        lines.append(
            f"{head} {run.wall:.1f} | {run.scan_seconds:.1f} | {n / run.wall:.0f} | "
            f"{mb / run.wall:.2f} | {memory} | {len(run.report.get('pairs', []))} |"
        )
    lines.append("")
    for mode in ("no-partial", "full"):
        done = [r for r in runs if r.mode == mode and r.run.ok]
        if len(done) >= 2:
            first, last = done[0], done[-1]
            lines.append(
                f"- `{mode}`: time({last.docs:,})/time({first.docs:,}) = "
                f"**{last.run.wall / first.run.wall:.2f}** by wall time, "
                f"{last.run.scan_seconds / first.run.scan_seconds:.2f} by the scans' own time "
                f"({last.docs / first.docs:.0f} means linear)."
            )
    lines += [
        "- Documents are generated by a bigram model of the Debian text, so they share no whole "
        "paragraph beyond the planted copies (whole real paragraphs would each recur in dozens "
        "of documents at these sizes, and every such pair would be a true partial copy); the "
        "model leaves a place of its training text after a few units taken from it, so that "
        "documents share no verbatim run of 40 characters beyond chance.",
        "",
    ]
    return lines
