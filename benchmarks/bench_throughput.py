"""Throughput benchmark: NearDup's cold and warm scans, its speed against peers, and scaling.

Role: benchmark tooling, run by hand and never in CI. Every corpus is built at run time under a
work folder (``/tmp`` by default) from Debian documentation installed on this machine; nothing
it writes belongs in the repository except the markdown report.

What it measures, in one run so that ratios compare like with like on a noisy machine:

1. Throughput. A corpus of several hundred .txt/.docx/.pdf documents: the labelled zh and en
   corpora of ``corpus.py`` plus documents recombined from real paragraphs of the same sources
   (a share written as .docx, and as PDF through one batch LibreOffice call). NearDup scans it
   through its CLI in a subprocess, cold (fresh cache file) and then warm (same cache file).
   Reported: wall time, MB/s of extracted text, PDF pages/s, peak RSS of the process tree and
   the warm/cold ratio.
2. Peers. The texts NearDup extracted (``neardup.core.extract.extract``) go to the PyPI
   ``simhash`` package and to ``datasketch`` through ``peers.py``, timing only their
   fingerprinting and indexing. Reported: NearDup's whole cold scan divided by each peer's time.
3. Scaling. 5,000 and 20,000 generated .txt documents of random real paragraphs (2-6 KB each)
   with a few planted near-duplicates and partial copies, scanned cold with the cache off.
   Reported: wall time, docs/s, peak RSS, and time(20k)/time(5k).

Peak RSS is the largest sum of resident memory over the scan process and its pool workers,
polled every 50 ms with psutil (shared pages count once per process, so it errs high).

Usage::

    python benchmarks/bench_throughput.py [--work-dir DIR] [--reuse] [--profile throughput 1000]

``--profile throughput 1000`` adds cProfiles of in-process scans with ``workers=1``. Scaling
scans run twice: with ``--no-partial`` (whole-document SimHash only) at ``--scale`` sizes, and as
the default full scan at ``--full-scale`` and ``--scale`` sizes until one exceeds
``--full-timeout``: random recombination makes every document share paragraphs with many
others, and partial-copy detection verifies each of those pairs.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import platform
import pstats
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))

import corpus  # noqa: E402
import peers  # noqa: E402

DEFAULT_WORK_DIR = Path(tempfile.gettempdir()) / "neardup-bench-throughput"
DEFAULT_OUTPUT = BENCH_DIR / "results" / "throughput.md"
THROUGHPUT_SOURCES = ("zh", "en")
POLL_SECONDS = 0.05
MB = 1e6
MIB = 1 << 20

# Targets from the brief and DESIGN.md "How we measure".
WARM_TARGET = 0.10  # warm scan at most 10% of the cold one
PEER_TARGET = 0.5  # NearDup's cold scan at most half of either peer's time

# Recombined documents of the throughput corpus: size in UTF-8 bytes and format shares.
MIXED_BYTES = (2_000, 6_000)
MIXED_DOCX_SHARE = 0.2
MIXED_PDF_SHARE = 0.2
# Scaling documents: size in UTF-8 bytes; paragraphs longer than this are not used whole.
SCALE_BYTES = (2_000, 6_000)
SCALE_MAX_PARAGRAPH_BYTES = 2_500
PLANTED_SHARE = 0.005  # of the scaling documents, each for near-duplicates and partial copies


# --------------------------------------------------------------------------------------------
# Real paragraphs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    text: str
    lang: str
    size: int  # UTF-8 bytes


def paragraph_pool(sources: Sequence[str]) -> list[Paragraph]:
    """Every distinct prose paragraph of the sources' packages, in a stable order."""
    seen: set[str] = set()
    pool: list[Paragraph] = []
    for source in sources:
        for package in corpus.SOURCES[source]:
            for path in corpus.package_html_files(package):
                for text in corpus.html_paragraphs(path, package.lang):
                    key = corpus.strip_ws(text).lower()
                    if key not in seen:
                        seen.add(key)
                        pool.append(Paragraph(text, package.lang, len(text.encode("utf-8"))))
    return pool


def compose(
    pool: Sequence[Paragraph], size_range: tuple[int, int], rng: random.Random
) -> list[str]:
    """Random paragraphs of one language until the document holds ``size_range`` bytes."""
    lo, hi = size_range
    target = rng.uniform(lo, hi)
    paragraphs: list[str] = []
    size = 0
    while size < target:
        p = rng.choice(pool)
        if paragraphs and size + p.size > hi:
            if size >= lo:
                break
            continue
        paragraphs.append(p.text)
        size += p.size + 2
    return paragraphs


def compose_unique(
    deck: list[Paragraph],
    pool: Sequence[Paragraph],
    size_range: tuple[int, int],
    rng: random.Random,
) -> list[str]:
    """Like ``compose`` but drawing without replacement from ``deck``, refilled when empty."""
    lo, hi = size_range
    target = rng.uniform(lo, hi)
    paragraphs: list[str] = []
    size = 0
    while size < target:
        if not deck:
            deck.extend(rng.sample(list(pool), len(pool)))
        p = deck.pop()
        if paragraphs and size + p.size > hi and size >= lo:
            deck.insert(0, p)
            break
        paragraphs.append(p.text)
        size += p.size + 2
    return paragraphs


def by_language(
    pool: Sequence[Paragraph], max_bytes: int | None = None
) -> dict[str, list[Paragraph]]:
    out: dict[str, list[Paragraph]] = {}
    for p in pool:
        if max_bytes is None or p.size <= max_bytes:
            out.setdefault(p.lang, []).append(p)
    return out


# --------------------------------------------------------------------------------------------
# Corpora
# --------------------------------------------------------------------------------------------


def _marker_matches(root: Path, params: dict[str, Any]) -> bool:
    marker = root / "params.json"
    return marker.is_file() and json.loads(marker.read_text()) == params


def build_throughput_corpus(
    root: Path, pool: Sequence[Paragraph], extra_docs: int, seed: int, *, reuse: bool
) -> dict[str, Any]:
    """zh and en labelled corpora plus ``extra_docs`` recombined txt/docx/pdf documents."""
    params = {"kind": "throughput", "extra_docs": extra_docs, "seed": seed, "unique": True}
    if reuse and _marker_matches(root, params):
        return {"built": False, "seconds": 0.0}
    started = time.perf_counter()
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for source in THROUGHPUT_SOURCES:
        # n_docs above what the sources hold: take every distinct base document.
        corpus.build(source, root / source, seed=seed, n_docs=1000, pdf_docs=40, install=False)
    rng = random.Random(seed)
    langs = by_language(pool)
    # Without replacement, so that recombined documents do not copy from each other; they still
    # share paragraphs with the labelled corpora, which use the same sources.
    decks: dict[str, list[Paragraph]] = {lang: [] for lang in langs}
    mixed = root / "mixed"
    mixed.mkdir()
    staging = root / "staging"
    staging.mkdir()
    pdf_jobs: list[tuple[Path, list[str]]] = []
    for n in range(extra_docs):
        lang = rng.choice(sorted(langs))
        paragraphs = compose_unique(decks[lang], langs[lang], MIXED_BYTES, rng)
        roll = rng.random()
        if roll < MIXED_PDF_SHARE:
            docx_path = staging / f"m{n:04d}.docx"
            corpus.write_docx(paragraphs, docx_path)
            pdf_jobs.append((docx_path, paragraphs))
        elif roll < MIXED_PDF_SHARE + MIXED_DOCX_SHARE:
            corpus.write_docx(paragraphs, mixed / f"m{n:04d}.docx")
        else:
            (mixed / f"m{n:04d}.txt").write_text(
                corpus.join_paragraphs(paragraphs), encoding="utf-8"
            )
    produced = corpus.convert_with_libreoffice([d for d, _ in pdf_jobs], staging)
    for docx_path, paragraphs in pdf_jobs:
        pdf = staging / f"{docx_path.stem}.pdf"
        if pdf in produced:
            pdf.rename(mixed / pdf.name)
        else:  # LibreOffice missing or failed on this file
            lang = "zh" if any(corpus.CJK_RE.search(p) for p in paragraphs) else "en"
            corpus.write_pdf_reportlab(paragraphs, mixed / pdf.name, lang)
        docx_path.unlink()
    staging.rmdir()
    (root / "params.json").write_text(json.dumps(params))
    return {
        "built": True,
        "seconds": time.perf_counter() - started,
        "pdf_engine": "libreoffice" if produced else "reportlab",
    }


def build_scaling_corpus(
    root: Path, pool: Sequence[Paragraph], n_docs: int, seed: int, *, reuse: bool
) -> dict[str, Any]:
    """``n_docs`` .txt files of random real paragraphs, a few of them planted copies.

    Planted near-duplicates are light edits (3% of sentences) of a generated document; planted
    partial copies paste about 30% of one generated document into another new one.
    """
    n_planted = max(5, round(PLANTED_SHARE * n_docs))
    params = {"kind": "scaling", "docs": n_docs, "seed": seed, "planted": n_planted}
    info: dict[str, Any] = {"planted_near": n_planted, "planted_partial": n_planted}
    if reuse and _marker_matches(root, params):
        return {**json.loads((root / "info.json").read_text()), "built": False, "seconds": 0.0}
    started = time.perf_counter()
    if root.exists():
        shutil.rmtree(root)
    docs_dir = root / "docs"
    docs_dir.mkdir(parents=True)
    rng = random.Random(seed * 7919 + n_docs)
    langs = by_language(pool, SCALE_MAX_PARAGRAPH_BYTES)
    plain = n_docs - 2 * n_planted
    bases: list[corpus.BaseDoc] = []
    uses: dict[str, int] = {}
    for n in range(plain):
        lang = rng.choice(sorted(langs))
        paragraphs = compose(langs[lang], SCALE_BYTES, rng)
        bases.append(corpus.BaseDoc(paragraphs, lang, f"g{n}"))
        for p in paragraphs:
            uses[p] = uses.get(p, 0) + 1
        (docs_dir / f"g{n:05d}.txt").write_text(corpus.join_paragraphs(paragraphs), "utf-8")
    for n in range(n_planted):
        src = bases[rng.randrange(plain)]
        edited, _ = corpus.edit_document(src, corpus.EDIT_RATE["light-edit"], rng)
        (docs_dir / f"near{n:04d}.txt").write_text(corpus.join_paragraphs(edited), "utf-8")
    for n in range(n_planted):
        src = bases[rng.randrange(plain)]
        host = corpus.BaseDoc(compose(langs[src.lang], SCALE_BYTES, rng), src.lang, "host")
        while len(host.paragraphs) < 2:
            host = corpus.BaseDoc(compose(langs[src.lang], SCALE_BYTES, rng), src.lang, "host")
        item = corpus.make_partial("partial-30", 0, src, host, rng)
        (docs_dir / f"part{n:04d}.txt").write_text(corpus.join_paragraphs(item.paragraphs), "utf-8")
    # Each paragraph sits in this many documents on average: every such pair is a real partial
    # copy to NearDup, so this figure drives the cost of partial-copy detection.
    info["paragraph_reuse"] = round(sum(uses.values()) / max(1, len(uses)), 1)
    (root / "info.json").write_text(json.dumps(info))
    (root / "params.json").write_text(json.dumps(params))
    return {**info, "built": True, "seconds": time.perf_counter() - started}


# --------------------------------------------------------------------------------------------
# Running NearDup
# --------------------------------------------------------------------------------------------


@dataclass
class ScanRun:
    """One CLI scan in a subprocess: its timings, memory and JSON report."""

    label: str
    command: list[str]
    wall: float
    peak_rss_tree: int  # bytes, sum over the process and its children
    peak_rss_single: int  # bytes, largest single process
    returncode: int | None
    timed_out: bool
    report: dict[str, Any] = field(default_factory=dict)
    stderr_tail: str = ""

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and bool(self.report)

    @property
    def scan_seconds(self) -> float:
        """The scan's own elapsed time from the report (no interpreter start-up or writing)."""
        return float(self.report.get("summary", {}).get("elapsed_seconds", self.wall))


def neardup_command(
    paths: Sequence[Path],
    output: Path,
    workers: int,
    cache_path: Path | None,
    extra: Sequence[str] = (),
) -> list[str]:
    cmd = [sys.executable, "-m", "neardup", "scan", *map(str, paths), "-o", str(output)]
    cmd += ["--workers", str(workers), "--quiet"]
    cmd += ["--cache-path", str(cache_path)] if cache_path else ["--no-cache"]
    return [*cmd, *extra]


def run_scan(label: str, cmd: list[str], output: Path, timeout: float) -> ScanRun:
    """Run a scan command, polling the RSS of its process tree until it exits."""
    output.unlink(missing_ok=True)
    peak_tree = peak_single = 0
    timed_out = False
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        while proc.poll() is None:
            try:
                tree = [proc, *proc.children(recursive=True)]
            except psutil.NoSuchProcess:
                break
            total = 0
            for p in tree:
                try:
                    rss = p.memory_info().rss
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                total += rss
                peak_single = max(peak_single, rss)
            peak_tree = max(peak_tree, total)
            if time.perf_counter() - started > timeout:
                timed_out = True
                for p in reversed(tree):
                    with contextlib.suppress(psutil.NoSuchProcess):
                        p.kill()
                break
            time.sleep(POLL_SECONDS)
        returncode = proc.wait()
        wall = time.perf_counter() - started
        err.seek(0)
        stderr_tail = err.read()[-2000:].decode("utf-8", "replace")
    report: dict[str, Any] = {}
    if output.is_file() and not timed_out:
        report = json.loads(output.read_text(encoding="utf-8"))
    return ScanRun(
        label, cmd, wall, peak_tree, peak_single, returncode, timed_out, report, stderr_tail
    )


def check(run: ScanRun) -> None:
    if not run.ok:
        state = "timed out" if run.timed_out else f"exit code {run.returncode}"
        print(f"bench: {run.label} scan failed ({state}):\n{run.stderr_tail}", file=sys.stderr)


# --------------------------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------------------------


@dataclass
class TextStats:
    """The texts NearDup extracted, re-extracted in this process for the peers."""

    texts: dict[str, str]
    utf8_bytes: int
    chars: int
    pdf_pages: int
    pdf_files: int
    pdf_extract_seconds: float  # single process, extraction only
    formats: dict[str, int]


def extracted_texts(report: dict[str, Any]) -> TextStats:
    from neardup.core.extract import extract
    from neardup.core.models import Document

    texts: dict[str, str] = {}
    formats: dict[str, int] = {}
    pdf_seconds = 0.0
    pdf_pages = pdf_files = 0
    for doc in report["documents"]:
        formats[doc["format"]] = formats.get(doc["format"], 0) + 1
        started = time.perf_counter()
        found = extract(Path(doc["path"]))
        if doc["format"] == "pdf":
            pdf_seconds += time.perf_counter() - started
            pdf_files += 1
            pdf_pages += doc.get("pages") or 0
        if isinstance(found, Document):
            texts[doc["path"]] = found.text
    return TextStats(
        texts,
        sum(len(t.encode("utf-8")) for t in texts.values()),
        sum(len(t) for t in texts.values()),
        pdf_pages,
        pdf_files,
        pdf_seconds,
        formats,
    )


def run_peers(texts: dict[str, str]) -> list[peers.PeerRun]:
    return [peers.run_simhash(texts), peers.run_datasketch(texts)]


def profile_scan(paths: Sequence[Path], top: int) -> tuple[float, str]:
    """cProfile of an in-process scan with one worker and no cache; returns time and table."""
    from neardup import ScanSettings, scan

    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    scan(paths, ScanSettings(workers=1, use_cache=False))
    profiler.disable()
    seconds = time.perf_counter() - started
    buffer = io.StringIO()
    stats = pstats.Stats(profiler, stream=buffer)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return seconds, buffer.getvalue()


def hot_spots(table: str, limit: int = 12) -> list[str]:
    """The first ``limit`` rows of the tottime table, compacted."""
    rows: list[str] = []
    in_table = False
    for line in table.splitlines():
        if line.lstrip().startswith("ncalls"):
            if in_table:
                break
            in_table = True
            continue
        if in_table and line.strip():
            parts = line.split(None, 5)
            if len(parts) == 6:
                rows.append(f"{parts[1]:>8} s self, {parts[3]:>8} s cum  {parts[5]}")
        if len(rows) >= limit:
            break
    return rows


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
        "| largest process |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in (cold, warm):
        docs = len(run.report.get("documents", []))
        lines.append(
            f"| {run.label} | {run.wall:.2f} | {run.scan_seconds:.2f} | "
            f"{text_mb / run.wall:.2f} | {stats.pdf_pages / run.wall:.1f} | {docs / run.wall:.0f} "
            f"| {mib(run.peak_rss_tree)} | {mib(run.peak_rss_single)} |"
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
    lines.append(
        "- `simhash`: `Simhash(text)` (its default character 4-gram features) + "
        "`SimhashIndex(k=3)`; `datasketch`: `MinHash(128)` over character 5-grams + "
        "`MinHashLSH(0.5)`, see `benchmarks/peers.py`."
    )
    lines.append("")
    return lines


@dataclass
class ScaleRun:
    docs: int
    mode: str  # "full" or "no-partial"
    run: ScanRun
    disk_bytes: int
    reuse: float


def scaling_section(runs: Sequence[ScaleRun], workers: int, full_timeout: float) -> list[str]:
    lines = [
        "## 3. Scaling",
        "",
        "Generated .txt documents of random real paragraphs (2-6 KB), with planted light edits "
        f"and 30% partial copies (0.5% of the documents each); `--no-cache --workers {workers}`. "
        "`full` is the default scan; `no-partial` adds `--no-partial` (whole-document SimHash "
        f"only). Full scans get {full_timeout:.0f} s each.",
        "",
        "| docs | scan | paragraph reuse | MB on disk | wall s | scan s (report) | docs/s | MB/s "
        "| peak RSS (tree) | largest process | pairs |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for item in runs:
        run, n, mb = item.run, item.docs, item.disk_bytes / MB
        head = f"| {n:,} | {item.mode} | {item.reuse:.1f} | {mb:.1f} |"
        memory = f"{mib(run.peak_rss_tree)} | {mib(run.peak_rss_single)}"
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
        "- Paragraph reuse is the mean number of documents each used paragraph appears in. The "
        "sources hold about 0.75 MB of distinct prose, so random recombination into thousands of "
        "documents makes every document share whole paragraphs with dozens of others: each such "
        "pair is a true partial copy, and the partial-copy stage verifies every one of them.",
        "",
    ]
    return lines


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def folder_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


def count_files(root: Path) -> int:
    return sum(1 for p in root.rglob("*") if p.suffix in (".txt", ".docx", ".pdf"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work-dir", type=Path, default=DEFAULT_WORK_DIR)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="markdown report")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--extra-docs", type=int, default=250, help="recombined docs in the throughput corpus"
    )
    parser.add_argument("--scale", type=int, nargs="*", default=[5_000, 20_000])
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per scan")
    parser.add_argument("--reuse", action="store_true", help="keep corpora built earlier")
    parser.add_argument(
        "--full-scale",
        type=int,
        nargs="*",
        default=[500, 1000],
        help="extra sizes scanned only with partial-copy detection on",
    )
    parser.add_argument(
        "--full-timeout",
        type=float,
        default=300,
        help="seconds per full scaling scan (0: none); bigger sizes are skipped after a timeout",
    )
    parser.add_argument(
        "--profile",
        nargs="*",
        default=[],
        metavar="TARGET",
        help="cProfile a workers=1 scan of 'throughput' or of a scaling size, e.g. 1000",
    )
    args = parser.parse_args(argv)
    work: Path = args.work_dir
    work.mkdir(parents=True, exist_ok=True)
    out_lines = [
        "# NearDup throughput",
        "",
        f"Produced by `benchmarks/bench_throughput.py` on {time.strftime('%Y-%m-%d %H:%M')}. "
        "One run: every ratio compares figures taken minutes apart on the same machine.",
        "",
        *environment(),
        "",
    ]
    commands: list[str] = []

    print("bench: collecting paragraphs ...", file=sys.stderr)
    pool = paragraph_pool(THROUGHPUT_SOURCES)

    # 1. Throughput, cold then warm.
    tp_root = work / "throughput"
    print("bench: building the throughput corpus ...", file=sys.stderr)
    built = build_throughput_corpus(tp_root, pool, args.extra_docs, args.seed, reuse=args.reuse)
    files = count_files(tp_root)
    cache = work / "throughput-cache.sqlite"
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{cache}{suffix}").unlink(missing_ok=True)
    report_path = work / "throughput-report.json"
    cold_cmd = neardup_command([tp_root], report_path, args.workers, cache)
    print("bench: cold scan ...", file=sys.stderr)
    cold = run_scan("cold", cold_cmd, report_path, args.timeout)
    check(cold)
    print("bench: warm scan ...", file=sys.stderr)
    warm = run_scan("warm", cold_cmd, report_path, args.timeout)
    check(warm)
    commands.append(f"{fmt_cmd(cold_cmd)}   # cold after deleting the cache file; again = warm")
    if not cold.ok:
        return 1
    nop_path = work / "throughput-no-partial-report.json"
    nop_cmd = neardup_command([tp_root], nop_path, args.workers, None, ["--no-partial"])
    print("bench: cold scan without partial-copy detection ...", file=sys.stderr)
    no_partial = run_scan("cold, --no-partial", nop_cmd, nop_path, args.timeout)
    check(no_partial)
    commands.append(fmt_cmd(nop_cmd))
    stats = extracted_texts(cold.report)
    out_lines += throughput_section(cold, warm, stats, args.workers, files)
    if built["built"]:
        out_lines.append(f"Corpus built in {built['seconds']:.0f} s (PDFs: {built['pdf_engine']}).")
        out_lines.append("")

    # 2. Peers on the same texts.
    print("bench: peers ...", file=sys.stderr)
    peer_runs = run_peers(stats.texts)
    out_lines += peers_section(cold, no_partial, peer_runs, stats)

    # 3. Scaling.
    scale_runs: list[ScaleRun] = []
    full_gave_up = False
    for n in sorted(set(args.scale) | set(args.full_scale)):
        root = work / f"scale-{n}"
        print(f"bench: building {n} documents ...", file=sys.stderr)
        info = build_scaling_corpus(root, pool, n, args.seed, reuse=args.reuse)
        disk = folder_bytes(root / "docs")
        modes = ["no-partial"] if n in args.scale else []
        if not full_gave_up and args.full_timeout > 0:
            modes.append("full")
        for mode in modes:
            out = work / f"scale-{n}-{mode}-report.json"
            extra = ["--no-partial"] if mode == "no-partial" else []
            cmd = neardup_command([root / "docs"], out, args.workers, None, extra)
            timeout = args.full_timeout if mode == "full" else args.timeout
            print(f"bench: scanning {n} documents ({mode}) ...", file=sys.stderr)
            run = run_scan(f"{n} {mode}", cmd, out, timeout)
            check(run)
            scale_runs.append(ScaleRun(n, mode, run, disk, info["paragraph_reuse"]))
            commands.append(fmt_cmd(cmd))
            # A bigger corpus will not finish a full scan either.
            full_gave_up = full_gave_up or (mode == "full" and not run.ok)
    if scale_runs:
        out_lines += scaling_section(scale_runs, args.workers, args.full_timeout)

    # 4. Profiles.
    for name in args.profile:
        target = tp_root if name == "throughput" else work / f"scale-{name}" / "docs"
        print(f"bench: profiling a workers=1 scan of {target} ...", file=sys.stderr)
        seconds, table = profile_scan([target], 40)
        table_path = work / f"profile-{name}.txt"
        table_path.write_text(table)
        out_lines += [
            f"## Profile: {name} (cProfile, in-process, workers=1, no cache)",
            "",
            f"`{target}`: {seconds:.1f} s under the profiler. Top functions by own time "
            f"(full table: `{table_path}`):",
            "",
            "```",
            *hot_spots(table),
            "```",
            "",
        ]

    bench_cmd = [
        "python",
        "benchmarks/bench_throughput.py",
        "--work-dir",
        str(work),
        "--workers",
        str(args.workers),
        "--scale",
        *map(str, args.scale),
        "--full-scale",
        *map(str, args.full_scale),
        "--full-timeout",
        str(args.full_timeout),
    ]
    if args.profile:
        bench_cmd += ["--profile", *args.profile]
    out_lines += [
        "## Reproduce",
        "",
        "From the repository root, with the venv active (`source .venv/bin/activate`; the peers "
        "and psutil are in it); the Debian documentation packages, LibreOffice and the CJK fonts "
        "must be installed (see `benchmarks/corpus.py`):",
        "",
        "```sh",
        shlex.join(bench_cmd),
        "# the scans it runs:",
        *commands,
        "```",
        "",
    ]
    text = "\n".join(out_lines)
    print(text)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
