"""A folder of real prose nobody here wrote: README, manual and guide files installed on
this machine, for timing a whole scan against a peer's pipeline on real text.

Role: benchmark tooling, run by hand. Takes ``.md``, ``.rst`` and ``.txt`` files (gzipped
or not) and files named README* of 2-60 KB from ``/usr/share/doc`` and ``/usr/share``,
leaves out licences, copyright files, changelogs and news, keeps one copy of each content,
and writes them as UTF-8 ``.txt`` files. Which files there are depends on the packages
installed, so a run says how many it took.

    python benchmarks/readme_corpus.py /tmp/nd-real [--limit 2000]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

ROOTS = (Path("/usr/share/doc"), Path("/usr/share"))
LEFT_OUT = ("copyright", "changelog", "licen", "news", "authors", "copying")
SUFFIXES = (".md", ".rst", ".txt", ".md.gz", ".txt.gz")
SIZES = (2_000, 60_000)


def prose_files() -> Iterator[tuple[Path, str]]:
    """(path, text) of each file that qualifies, in a stable order, each content once."""
    seen: set[bytes] = set()
    for root in ROOTS:
        for folder, subfolders, names in os.walk(root):
            subfolders.sort()
            for name in sorted(names):
                low = name.lower()
                if any(word in low for word in LEFT_OUT):
                    continue
                if not (low.endswith(SUFFIXES) or low.startswith("readme")):
                    continue
                path = Path(folder) / name
                try:
                    data = path.read_bytes()
                    data = gzip.decompress(data) if low.endswith(".gz") else data
                    text = data.decode("utf-8")
                except (OSError, ValueError, EOFError):  # unreadable, not gzip, not UTF-8
                    continue
                digest = hashlib.sha1(data).digest()
                if not SIZES[0] <= len(data) <= SIZES[1] or digest in seen:
                    continue
                seen.add(digest)
                yield path, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--limit", type=int, default=2000)
    args = parser.parse_args()
    if args.folder.exists():
        shutil.rmtree(args.folder)
    args.folder.mkdir(parents=True)
    taken = 0
    for taken, (_, text) in enumerate(prose_files(), start=1):
        (args.folder / f"r{taken:05d}.txt").write_text(text, encoding="utf-8")
        if taken >= args.limit:
            break
    print(f"{taken} files written to {args.folder}")


if __name__ == "__main__":
    main()
