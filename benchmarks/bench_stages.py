"""Where a scan's time goes: each stage of ``neardup.scan`` timed by its progress reports.

Role: benchmark tooling, run by hand and never in CI. Scans the folders given in this
process (cache off, the default worker processes) and prints how long each stage took
(from its first progress report to the next stage's), the CPU this process used in it
(the workers' is not counted: they are the fork server's children) and this process's
resident memory as it ended, the whole scan, the pairs found and the largest resident memory of this
process.

Usage::

    python benchmarks/bench_stages.py /tmp/nd-tp/scale-20000/docs

(the scaling corpora are built by ``bench_throughput.py`` under its work folder).
"""

from __future__ import annotations

import argparse
import resource
import time

from neardup import ScanSettings, scan
from neardup.core.scan.progress import Progress, Stage


def resident_mib() -> int:
    """This process's resident memory now (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    started = time.monotonic()
    current: list[Stage | float] = []  # the stage under way, when it began, its CPU then
    took: list[tuple[str, float, float, int]] = []

    def progress(report: Progress) -> None:
        if current and report.stage is current[0]:
            return
        now, cpu = time.monotonic(), time.process_time()
        if current:
            took.append(
                (str(current[0].value), now - float(current[1]), cpu - float(current[2]),
                 resident_mib())
            )  # fmt: skip
        current[:] = [report.stage, now, cpu]

    result = scan(args.paths, ScanSettings(use_cache=False), progress=progress)
    now, cpu = time.monotonic(), time.process_time()
    if current:
        took.append(
            (str(current[0].value), now - float(current[1]), cpu - float(current[2]),
             resident_mib())
        )  # fmt: skip
    stages = " ".join(
        f"{name}={seconds:.2f}s(cpu {used:.2f})/{mib}MiB" for name, seconds, used, mib in took
    )
    largest = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{stages} total={now - started:.2f} pairs={len(result.pairs)} maxrss={largest}MiB")


if __name__ == "__main__":  # worker processes re-import this module
    main()
