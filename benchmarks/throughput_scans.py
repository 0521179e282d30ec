"""Measurements of the throughput benchmark: NearDup's scans, the texts it read, profiles.

Role: benchmark tooling, one part of ``bench_throughput.py``. It runs NearDup's CLI in a
subprocess while polling the RSS of its process tree, re-extracts the texts a scan read (for the
peers, which it times through ``peers.py``), and profiles in-process scans.
"""

from __future__ import annotations

import contextlib
import cProfile
import dataclasses
import io
import json
import os
import pstats
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import psutil

import peers

# RSS polls; the first seconds are polled finely, since the wall time of a scan is only
# known to within one poll interval (a warm scan takes ~0.2 s).
POLL_SECONDS = 0.05
FINE_POLL_SECONDS = 0.005
FINE_POLL_FOR = 2.0


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
    # bytes, sum of proportional set sizes (shared pages divided among the processes that
    # map them): what the tree uses, where the sum of RSS counts each shared library once
    # per process
    peak_pss_tree: int
    returncode: int | None
    timed_out: bool
    report: dict[str, Any] = field(default_factory=dict)
    stderr_tail: str = ""
    # user + system time of every process of the tree, as last sampled (workers forked by a
    # fork server are not the scan's children: no rusage of the scan's counts them)
    cpu_seconds: float = 0.0

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


def installed_environment() -> dict[str, str]:
    """This process's environment for the commands measured, with Python free to use and
    write compiled bytecode, as an installed package (pip compiles it) and the desktop build
    have it: a shell that sets PYTHONDONTWRITEBYTECODE would otherwise make every process of
    every scan compile the app's modules from source again (about 0.05 s a process)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed_scan(label: str, cmd: list[str], output: Path, timeout: float) -> ScanRun:
    """Run a scan command for its wall time alone, with nothing watching it.

    Polling a process tree's memory every few milliseconds (``run_scan``) reads each
    process's page map, CPU the scan would otherwise have: on two cores it added 0.45 s to
    a 1.85 s cold scan. The peers are timed unwatched, so the scan's time must be too.
    """
    output.unlink(missing_ok=True)
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=err, env=installed_environment()
        )
        # A blocking wait, with a timer to stop a scan that overruns: ``wait(timeout)`` polls
        # with sleeps of up to 50 ms, and overshot a 0.08 s warm scan's end by 0.035 s.
        expired = threading.Event()

        def stop() -> None:
            expired.set()
            with contextlib.suppress(psutil.NoSuchProcess):
                for child in psutil.Process(proc.pid).children(recursive=True):
                    with contextlib.suppress(psutil.NoSuchProcess):
                        child.kill()
            proc.kill()

        watchdog = threading.Timer(timeout, stop)
        watchdog.start()
        returncode: int | None = proc.wait()
        wall = time.perf_counter() - started
        watchdog.cancel()
        timed_out = expired.is_set()
        stderr_tail = _tail(err)
    report = _report_of(output, timed_out)
    return ScanRun(label, cmd, wall, 0, 0, 0, returncode, timed_out, report, stderr_tail)


def _tail(err: IO[bytes]) -> str:
    """The end of what a scan wrote to its stderr file."""
    err.seek(0)
    return err.read()[-2000:].decode("utf-8", "replace")


def _report_of(output: Path, timed_out: bool) -> dict[str, Any]:
    """The report a scan wrote, or nothing when it wrote none or was stopped."""
    if output.is_file() and not timed_out:
        return dict(json.loads(output.read_text(encoding="utf-8")))
    return {}


def with_wall_of(watched: ScanRun, timed: ScanRun) -> ScanRun:
    """The watched run's memory and CPU with the unwatched run's wall time and report."""
    return dataclasses.replace(
        watched,
        wall=timed.wall,
        report=timed.report or watched.report,
        returncode=timed.returncode if timed.returncode else watched.returncode,
        timed_out=timed.timed_out or watched.timed_out,
    )


def run_scan(label: str, cmd: list[str], output: Path, timeout: float) -> ScanRun:
    """Run a scan command, polling the RSS of its process tree until it exits."""
    output.unlink(missing_ok=True)
    peak_tree = peak_single = peak_pss = 0
    timed_out = False
    cpu_of: dict[int, float] = {}  # each process's CPU time when last sampled
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=installed_environment())
        while proc.poll() is None:
            try:
                tree = [proc, *proc.children(recursive=True)]
            except psutil.NoSuchProcess:
                break
            total = total_pss = 0
            for p in tree:
                try:
                    memory = p.memory_full_info()
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                total += memory.rss
                with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                    times = p.cpu_times()
                    cpu_of[p.pid] = times.user + times.system
                total_pss += getattr(memory, "pss", memory.rss)  # PSS is Linux's
                peak_single = max(peak_single, memory.rss)
            peak_tree = max(peak_tree, total)
            peak_pss = max(peak_pss, total_pss)
            if time.perf_counter() - started > timeout:
                timed_out = True
                for p in reversed(tree):
                    with contextlib.suppress(psutil.NoSuchProcess):
                        p.kill()
                break
            fine = time.perf_counter() - started < FINE_POLL_FOR
            time.sleep(FINE_POLL_SECONDS if fine else POLL_SECONDS)
        returncode = proc.wait()
        wall = time.perf_counter() - started
        stderr_tail = _tail(err)
    report = _report_of(output, timed_out)
    cpu = sum(cpu_of.values())
    return ScanRun(
        label,
        cmd,
        wall,
        peak_tree,
        peak_single,
        peak_pss,
        returncode,
        timed_out,
        report,
        stderr_tail,
        cpu,
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
    extract_seconds: float  # every file, single process: what a peer would need first


def extracted_texts(report: dict[str, Any]) -> TextStats:
    from neardup.core.extract import extract
    from neardup.core.models import Document

    texts: dict[str, str] = {}
    formats: dict[str, int] = {}
    pdf_seconds = extract_seconds = 0.0
    pdf_pages = pdf_files = 0
    for doc in report["documents"]:
        formats[doc["format"]] = formats.get(doc["format"], 0) + 1
        started = time.perf_counter()
        found = extract(Path(doc["path"]))
        took = time.perf_counter() - started
        extract_seconds += took
        if doc["format"] == "pdf":
            pdf_seconds += took
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
        extract_seconds,
    )


def run_peers(texts: dict[str, str]) -> list[peers.PeerRun]:
    return [peers.run_rensa(texts), peers.run_simhash(texts), peers.run_datasketch(texts)]


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
    # File names only: a table names no folder of the machine it ran on.
    stats = pstats.Stats(profiler, stream=buffer).strip_dirs()
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
