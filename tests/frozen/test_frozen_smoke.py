"""Smoke test of the PyInstaller desktop build: the frozen CLI and GUI on real files.

Builds dist/neardup with `packaging/build.py` unless a bundle of the current
sources is already there (about half a minute, plus a one-off virtual
environment for the build).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from docgen import write_docx, write_pdf
from neardup.core.report.cff_fonts import CFF_HAN, has_cff_han
from neardup.core.scan.analysis_stage import MIN_FILES_FOR_POOL
from textgen import document, light_edit, paragraphs

pytestmark = pytest.mark.frozen

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import build as bundle_build  # noqa: E402

CLI = bundle_build.DIST / "neardup-cli"
GUI = bundle_build.DIST / "neardup"


@pytest.fixture(scope="module")
def bundle() -> Path:
    if not (CLI.exists() and bundle_build.is_fresh()):
        bundle_build.build()
    return bundle_build.DIST


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """txt, docx and pdf; a near-duplicate pair, a partial copy, a broken file, and bulk."""
    root = tmp_path_factory.mktemp("frozen-corpus")
    original = document(1, "zh", count=10)
    (root / "original.txt").write_text(original, encoding="utf-8")
    (root / "edited.txt").write_text(light_edit(original, seed=2, changes=4), encoding="utf-8")
    write_docx(root / "copy.docx", original.strip().split("\n\n"))
    source = paragraphs(3, "zh", count=10)
    host = paragraphs(4, "zh", count=10)
    (root / "source.txt").write_text("\n\n".join(source), encoding="utf-8")
    (root / "host.txt").write_text("\n\n".join([*host[:5], *source[2:5], *host[5:]]), "utf-8")
    write_pdf(root / "english.pdf", [document(5, "en", count=3), document(6, "en", count=3)])
    (root / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    # Enough files for the scan to start its process pool in the frozen app.
    for n in range(30):
        (root / f"bulk{n:02d}.txt").write_text(document(100 + n, "en", count=4), "utf-8")
    return root


def scan_report(
    command: list[str], folder: Path, out: Path, env: dict[str, str], workers: int = 1
) -> dict[str, Any]:
    args = ["scan", str(folder), "--no-cache", "--workers", str(workers), "-q", "-o", str(out)]
    done = subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    data.pop("summary")
    return data


def isolated_env(tmp_path: Path) -> dict[str, str]:
    """Caches and settings go to a scratch home, so the test sees every file written."""
    return {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }


def snapshot(root: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in root.rglob("*") if not p.is_symlink()}


def test_frozen_scan_matches_the_source_checkout(
    bundle: Path, folder: Path, tmp_path: Path
) -> None:
    env = isolated_env(tmp_path)
    before = snapshot(bundle)
    frozen = scan_report([str(CLI)], folder, tmp_path / "frozen.json", env)
    source = scan_report([sys.executable, "-m", "neardup"], folder, tmp_path / "source.json", env)
    assert frozen == source
    # The windowed executable with a spawn pool: no usable Qt platform, so a worker that
    # started the GUI instead of freeze_support()'s worker loop would fail loudly.
    assert len(list(folder.iterdir())) >= MIN_FILES_FOR_POOL
    no_gui = {**env, "QT_QPA_PLATFORM": "no-such-platform"}
    pooled = scan_report([str(GUI)], folder, tmp_path / "pool.json", no_gui, workers=2)
    for key in ("documents", "pairs", "groups", "problems"):  # settings differ in workers
        assert pooled[key] == source[key], key
    kinds = {frozenset(Path(p[k]).name for k in ("a", "b")): p["kind"] for p in frozen["pairs"]}
    assert kinds[frozenset({"original.txt", "edited.txt"})] == "near-duplicate"
    assert kinds[frozenset({"original.txt", "copy.docx"})] == "duplicate"
    assert kinds[frozenset({"host.txt", "source.txt"})] == "partial"
    assert [Path(p["path"]).name for p in frozen["problems"]] == ["broken.pdf"]
    assert any(d["format"] == "pdf" for d in frozen["documents"])
    # jieba writes its dictionary cache on first use: into the user's cache, not the bundle.
    jieba_run = subprocess.run(
        [
            str(CLI),
            "scan",
            str(folder / "original.txt"),
            "--tokenizer",
            "jieba",
            "--no-cache",
            "-q",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert jieba_run.returncode == 0, jieba_run.stderr
    assert snapshot(bundle) == before
    assert list((tmp_path / "cache" / "neardup" / "jieba").iterdir())


def test_frozen_pdf_report_prints_chinese(bundle: Path, folder: Path, tmp_path: Path) -> None:
    """The printable report of a Chinese document, from the frozen CLI: its fonts (and, where
    the machine's Chinese font has CFF outlines, fontTools' converter) are in the bundle."""
    env = isolated_env(tmp_path)
    report = tmp_path / "report.json"
    scan_report([str(CLI)], folder, report, env)
    host = next(
        d["path"]
        for d in json.loads(report.read_text("utf-8"))["documents"]
        if Path(d["path"]).name == "host.txt"
    )
    pdf = tmp_path / "host.pdf"
    done = subprocess.run(
        [str(CLI), "sources", str(report), host, "--format", "pdf", "--output", str(pdf)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    if any(Path(p).is_file() and has_cff_han(Path(p)) for p in CFF_HAN):
        assert b"/FontFile2" in data  # converted and embedded by the frozen build


def test_frozen_gui_opens_and_exits_cleanly(bundle: Path, tmp_path: Path) -> None:
    env = {**isolated_env(tmp_path), "NEARDUP_SMOKE_EXIT_MS": "1500"}
    done = subprocess.run(
        [str(GUI)], capture_output=True, text=True, timeout=120, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "main window shown: NearDup" in done.stdout
    assert "Fatal" not in done.stderr and "Traceback" not in done.stderr
