"""The fastest peer's whole pipeline on a folder, as one command: NearDup's extractors read
every file in this process, then ``rensa`` MinHashes and indexes the texts
(``peers.run_rensa``). Timed from outside beside ``neardup scan`` of the same folder, the
ratio compares two whole commands, start-up and imports included.

Role: benchmark tooling, run by hand.

    farm-bench --vs "python benchmarks/rensa_pipeline.py FOLDER" -- \\
        neardup scan FOLDER -o /tmp/a.json --workers 2 --quiet --no-cache
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers
from neardup.core.extract import SUPPORTED_SUFFIXES, extract
from neardup.core.models import Problem


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    started = time.perf_counter()
    texts: dict[str, str] = {}
    for path in sorted(args.folder.rglob("*")):
        if path.suffix.lower() in SUPPORTED_SUFFIXES and path.is_file():
            document = extract(path)
            if not isinstance(document, Problem):
                texts[str(path)] = document.text
    extracted = time.perf_counter()
    run = peers.run_rensa(texts)
    print(
        f"{len(texts)} texts: extract {extracted - started:.2f} s, rensa {run.seconds:.2f} s, "
        f"{len(run.pairs)} pairs"
    )


if __name__ == "__main__":
    main()
