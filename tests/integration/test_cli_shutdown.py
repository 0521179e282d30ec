"""A scan stops cleanly when it is told to stop (SIGTERM: the partial report is written)
and leaves no process behind when it is killed outright (SIGKILL)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from textgen import document

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table from /proc"
)


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(300):
        (folder / f"d{n:03d}.txt").write_text(document(2000 + n, "zh", count=120), encoding="utf-8")
    return folder


def _descendants(pid: int) -> set[int]:
    """Processes descended from ``pid``: on Linux the scan's resource tracker and fork
    server are its children, and its workers the fork server's."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name, in parentheses, may hold spaces: the fields follow its end.
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    new = {pid}
    while new:
        new = {child for child, parent in parents.items() if parent in new} - found
        found |= new
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start(folder: Path, out: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "neardup", "scan", str(folder), "--workers", "2"]
    process = subprocess.Popen(
        [*command, "--no-cache", "-q", "-o", str(out)],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    # The resource tracker, the fork server and two workers.
    deadline = time.monotonic() + 60
    while len(_descendants(process.pid)) < 4 and time.monotonic() < deadline:
        time.sleep(0.1)
    return process


def test_sigkill_of_the_scan_leaves_no_worker_behind(tmp_path: Path) -> None:
    process = _start(_folder(tmp_path), tmp_path / "r.json")
    workers = _descendants(process.pid)
    assert len(workers) >= 4  # the pool is running (workers, fork server, resource tracker)
    process.kill()
    process.wait(timeout=30)
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]


def test_sigterm_cancels_and_still_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    process = _start(_folder(tmp_path), out)
    workers = _descendants(process.pid)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["documents"]) + len(data["problems"]) == 300
    if data["summary"]["cancelled"]:
        assert "Stopping on request" in stderr
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]
