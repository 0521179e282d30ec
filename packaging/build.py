"""Build the one-folder desktop app into dist/neardup (what `make package` runs).

Builds in its own virtual environment (build/package-venv) holding the project,
PyInstaller and exactly one Qt binding, so nothing from a development setup leaks
into the bundle. Writes dist/neardup/.source-hash, a hash of the sources the
bundle was built from, so tests can tell a stale bundle from a fresh one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / "build" / "package-venv"
VENV_BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
DIST = ROOT / "dist" / "neardup"
STAMP = DIST / ".source-hash"
PYINSTALLER = "pyinstaller>=6.10"
# Anything whose change should rebuild the bundle.
SOURCES = ("app", "packaging", "resources", "pyproject.toml")


def source_hash() -> str:
    digest = hashlib.sha256()
    for top in SOURCES:
        path = ROOT / top
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


def is_fresh() -> bool:
    return STAMP.is_file() and STAMP.read_text().strip() == source_hash()


def _run(*command: str | Path) -> None:
    subprocess.run([str(c) for c in command], check=True, cwd=ROOT)


def build() -> float:
    started = time.monotonic()
    python = VENV_BIN / "python"
    if not python.exists():
        _run(sys.executable, "-m", "venv", VENV)
    _run(python, "-m", "pip", "install", "--quiet", "--upgrade", ".", PYINSTALLER)
    bindings = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # PySide6-Essentials is the one binding; the full PySide6 wheel (or its Addons) would
    # bring every Qt module, and another binding would be a second Qt.
    installed = {line.split("==")[0].lower().replace("_", "-") for line in bindings.splitlines()}
    others = sorted(installed & {"pyside6", "pyside6-addons", "pyqt5", "pyqt6", "pyside2"})
    if others or "pyside6-essentials" not in installed:
        raise SystemExit(
            f"the build environment must hold one Qt binding, PySide6-Essentials; found {others}"
        )
    # the GUI's translations, compiled with this environment's Qt (the spec bundles them)
    translations = ROOT / "app" / "neardup" / "data" / "translations"
    translations.mkdir(parents=True, exist_ok=True)
    _run(
        VENV_BIN / "pyside6-lrelease",
        "-silent",
        ROOT / "resources" / "translations" / "neardup_zh_CN.ts",
        "-qm",
        translations / "neardup_zh_CN.qm",
    )
    shutil.rmtree(DIST, ignore_errors=True)
    _run(
        VENV_BIN / "pyinstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        ROOT / "dist",
        "--workpath",
        ROOT / "build" / "pyinstaller",
        ROOT / "packaging" / "neardup.spec",
    )
    _compile_kernels()
    STAMP.write_text(source_hash() + "\n")
    return time.monotonic() - started


def _compile_kernels() -> None:
    """Scan two copies with the frozen CLI, so numba compiles every verification loop into
    the bundle's cache now, not on the user's first scan."""
    cli = DIST / ("neardup-cli.exe" if os.name == "nt" else "neardup-cli")
    with tempfile.TemporaryDirectory() as folder:
        documents = Path(folder) / "documents"
        documents.mkdir()
        copied = "A passage long enough to be found as copied text. " * 8
        (documents / "a.txt").write_text(copied + "Only in the first.")
        (documents / "b.txt").write_text("Only in the second. " + copied)
        _run(cli, "scan", documents, "--no-cache", "-o", Path(folder) / "report.json")


def _size(path: Path) -> int:
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    seconds = build()
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"Built {DIST.relative_to(ROOT)} in {seconds:.0f} s: {size / 1e6:.0f} MB")
    if shutil.which("du"):
        subprocess.run(["du", "-sh", str(DIST)], check=False)
    parts = [(_size(p), p.name) for p in (DIST / "_internal").iterdir()]
    for part_size, name in sorted(parts, reverse=True)[:6]:
        print(f"  {part_size / 1e6:6.0f} MB  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
