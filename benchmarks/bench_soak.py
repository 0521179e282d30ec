"""Soak: scan a folder of pathological files and show that memory and time stay bounded.

Each file is made at run time: a 30 MB log of one repeated line, a 100 MB text file, a
.docx of 2.5 million identical paragraphs, a .docx whose zip header lies about its size,
text that is mostly NUL bytes, mixed scripts with invisible characters, and a few normal
documents beside them. The scan runs as a separate `neardup scan` process with the
default workers; the peak RSS of its whole process tree is sampled from /proc (Linux).

    python benchmarks/bench_soak.py [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

LINE = "2026-11-24 03:14:15 INFO worker 7 heartbeat ok, queue empty\n"


def _docx_of_paragraphs(path: Path, paragraph: str, count: int) -> None:
    body = f"<w:p><w:r><w:t>{paragraph}</w:t></w:r></w:p>" * count
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        f"<w:body>{body}</w:body></w:document>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.'
            'org/package/2006/content-types"><Default Extension="rels" ContentType="application/'
            'vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.'
            'xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.'
            'document.main+xml"/></Types>',
        )
        archive.writestr(
            "_rels/.rels",
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http:'
            '//schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
            'Target="word/document.xml"/></Relationships>',
        )
        archive.writestr("word/document.xml", document)


def _lie_about_size(path: Path) -> None:
    """Patch the zip's recorded uncompressed size of word/document.xml to a small number."""
    real = zipfile.ZipFile(path).getinfo("word/document.xml").file_size
    data = bytearray(path.read_bytes())
    needle = real.to_bytes(4, "little")
    start = 0
    while (at := data.find(needle, start)) != -1:
        data[at : at + 4] = (1000).to_bytes(4, "little")
        start = at + 4
    path.write_bytes(bytes(data))


def make_folder(folder: Path) -> dict[str, str]:
    rng = random.Random(1)
    folder.mkdir(parents=True, exist_ok=True)
    made = {}
    (folder / "log-30mb.txt").write_text(LINE * (30_000_000 // len(LINE)), encoding="utf-8")
    made["log-30mb.txt"] = "30 MB, one line repeated"
    words = [f"word{n}" for n in range(5000)]
    with (folder / "text-100mb.txt").open("w", encoding="utf-8") as out:
        for _ in range(100):
            out.write(" ".join(rng.choice(words) for _ in range(120_000)) + "\n")
    made["text-100mb.txt"] = "100 MB of ordinary words"
    with (folder / "text-40mb.txt").open("w", encoding="utf-8") as out:
        for _ in range(40):
            out.write(" ".join(rng.choice(words) for _ in range(120_000)) + "\n")
    made["text-40mb.txt"] = "40 MB of ordinary words"
    _docx_of_paragraphs(folder / "paragraphs.docx", "the same paragraph", 2_500_000)
    made["paragraphs.docx"] = "2.5 million identical paragraphs"
    _docx_of_paragraphs(folder / "bomb.docx", "a" * 1000, 200_000)
    _lie_about_size(folder / "bomb.docx")
    made["bomb.docx"] = "200 MB part, header says 1 KB"
    (folder / "nuls.txt").write_bytes(b"\x00" * 5_000_000 + b"some text")
    made["nuls.txt"] = "5 MB of NUL bytes"
    mixed = "".join(
        rng.choice(["论文", "thesis", "тезис", "\u200b", "\u00ad", "ﬁ", "１２"])
        for _ in range(400_000)
    )
    (folder / "mixed.txt").write_text(mixed, encoding="utf-8")
    made["mixed.txt"] = "mixed scripts and invisible characters"
    for n in range(20):
        text = " ".join(rng.choice(words) for _ in range(3000))
        (folder / f"normal-{n:02d}.txt").write_text(text, encoding="utf-8")
    made["normal-*.txt"] = "20 ordinary documents"
    return made


def _tree_rss(root: int) -> int:
    """Resident memory of a process and all its descendants, in bytes (Linux /proc)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        rss[int(entry.name)] = int(fields[21]) * 4096
    tree, frontier = {root}, [root]
    while frontier:
        current = frontier.pop()
        for pid, parent in parents.items():
            if parent == current and pid not in tree:
                tree.add(pid)
                frontier.append(pid)
    return sum(rss.get(pid, 0) for pid in tree)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="folder for the files (kept)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="neardup-soak-") as tmp:
        folder = args.out or Path(tmp) / "soak"
        made = make_folder(folder)
        report = Path(tmp) / "report.json"
        started = time.perf_counter()
        command = [sys.executable, "-m", "neardup", "scan", str(folder), "--no-cache", "-q"]
        process = subprocess.Popen([*command, "-o", str(report)])
        peak = 0
        while process.poll() is None:
            peak = max(peak, _tree_rss(process.pid))
            time.sleep(0.05)
        elapsed = time.perf_counter() - started
        data = json.loads(report.read_text(encoding="utf-8"))
    outcome = {Path(d["path"]).name: "document" for d in data["documents"]}
    outcome |= {Path(p["path"]).name: p["reason"] for p in data["problems"]}
    print("| file | what | outcome |\n|---|---|---|")
    for name, what in made.items():
        shown = outcome.get(name, f"{sum(k.startswith('normal-') for k in outcome)} documents")
        print(f"| {name} | {what} | {shown} |")
    print(
        f"\nexit {process.returncode}; {elapsed:.1f} s; peak RSS of the process tree {peak / 2**20:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
