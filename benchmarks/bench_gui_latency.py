"""GUI responsiveness: the largest event-loop gap while the real window scans thousands of files.

Role: benchmark (run by hand, never in CI). Builds a folder of documents by
recombining real paragraphs of Debian documentation (via corpus.py), opens
NearDup's main window offscreen, starts a scan as a user would, and records the
largest interval between ticks of a 10 ms QTimer until the scan has finished.

Usage::

    python benchmarks/bench_gui_latency.py [--docs 3000] [--out /tmp/neardup-gui-bench]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import corpus as corpus_builder

TICK_MS = 10


def build_folder(out: Path, count: int) -> Path:
    source = out / "source"
    if not (source / "labels.json").exists():
        corpus_builder.main(["--source", "en", "--out", str(source)])
    paragraphs = [
        p.strip()
        for path in sorted((source / "docs" / "base").glob("*.txt"))
        for p in path.read_text(encoding="utf-8").split("\n\n")
        if len(p.strip()) > 80
    ]
    folder = out / f"docs-{count}"
    if not folder.exists():
        folder.mkdir(parents=True)
        rng = random.Random(7)
        for n in range(count):
            chosen = rng.sample(paragraphs, k=min(len(paragraphs), rng.randint(4, 10)))
            (folder / f"doc{n:05d}.txt").write_text("\n\n".join(chosen) + "\n", encoding="utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=3000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/neardup-gui-bench"))
    args = parser.parse_args(argv)
    folder = build_folder(args.out, args.docs)

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from neardup.gui.main_window import MainWindow
    from neardup.gui.settings.settings_store import SettingsStore

    app = QApplication.instance() or QApplication([])
    ini = Path(tempfile.mkdtemp()) / "settings.ini"
    window = MainWindow(SettingsStore(ini))
    window.show()
    window.folders_panel.add_folder(folder)
    gaps: list[float] = []
    last = time.perf_counter()
    stage = ["starting"]
    long_gaps: list[tuple[float, str]] = []

    def tick() -> None:
        nonlocal last
        now = time.perf_counter()
        gaps.append((now - last) * 1000)
        if gaps[-1] > 5 * TICK_MS:
            long_gaps.append((gaps[-1], stage[0]))
        last = now

    def on_progress(progress: object) -> None:
        stage[0] = str(getattr(getattr(progress, "stage", None), "value", progress))

    window.scan_progressed.connect(on_progress)
    window.report_loaded.connect(lambda: stage.__setitem__(0, "showing results"))

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    loop = QEventLoop()
    window.scan_finished.connect(loop.quit)
    started = time.perf_counter()
    window.start_scan()
    loop.exec()
    elapsed = time.perf_counter() - started
    timer.stop()
    gaps.sort()
    p99 = gaps[int(len(gaps) * 0.99)] if gaps else 0.0
    summary = window.results.summary_label.text() if hasattr(window, "results") else ""
    window.files.discard()  # the benchmark's scan is not worth the question on closing
    window.close()
    print(
        f"| {args.docs} documents | scan {elapsed:.1f} s | largest event-loop gap "
        f"{max(gaps):.0f} ms | 99th percentile {p99:.0f} ms | {len(gaps)} ticks of {TICK_MS} ms |"
    )
    print(summary)
    worst = sorted(long_gaps, reverse=True)[:5]
    print("longest gaps (ms, stage last reported before them):", [(round(g), s) for g, s in worst])
    # Tear down in order; leaving Qt objects to interpreter shutdown can crash PySide6.
    del window
    app.processEvents()
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
