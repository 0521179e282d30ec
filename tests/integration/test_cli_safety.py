"""The command line never changes or deletes a file NearDup did not make, and refuses bad
options before it scans."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cli_run import run
from docgen import write_docx
from neardup.core.store.ownership import APPLICATION_ID
from textgen import document


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(3):
        (docs / f"d{n}.txt").write_text(document(400 + n, "en"), encoding="utf-8")
    return docs


def _other_programs_database(path: Path) -> None:
    """A database with a table named like one of NearDup's, as another program's might be."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE files (name TEXT, owner TEXT)")
        db.execute("INSERT INTO files VALUES ('budget.xlsx', 'finance')")
        db.execute("PRAGMA user_version=0")


def _foreign_files(tmp_path: Path) -> dict[str, Path]:
    thesis = tmp_path / "thesis.docx"
    write_docx(thesis, ["A chapter of somebody's thesis."] * 5)
    other = tmp_path / "other.sqlite3"
    _other_programs_database(other)
    marked = tmp_path / "marked.db"
    with sqlite3.connect(marked) as db:
        db.execute("CREATE TABLE t (x)")
        db.execute("PRAGMA application_id=1234")
    return {"a document": thesis, "another program's database": other, "another id": marked}


@pytest.mark.parametrize("command", [("cache", "clear"), ("cache", "info"), ("scan",)])
def test_a_file_that_is_not_a_neardup_cache_is_never_changed(
    tmp_path: Path, folder: Path, command: tuple[str, ...]
) -> None:
    for label, path in _foreign_files(tmp_path).items():
        before = path.read_bytes()
        extra = [str(folder), "-q", "-o", str(tmp_path / "r.json")] if command == ("scan",) else []
        done = run(*command, *extra, "--cache-path", str(path))
        assert done.returncode == 2, (label, done.stderr)
        assert "is not a NearDup cache" in done.stderr, label
        assert path.read_bytes() == before, label
        assert not Path(str(path) + "-wal").exists(), label
        assert not (tmp_path / "r.json").exists()


def test_neardups_own_cache_is_marked_and_can_be_cleared(tmp_path: Path, folder: Path) -> None:
    cache = tmp_path / "cache.sqlite3"
    done = run(
        "scan", str(folder), "-q", "-o", str(tmp_path / "r.json"), "--cache-path", str(cache)
    )
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(cache) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    cleared = run("cache", "clear", "--cache-path", str(cache))
    assert cleared.returncode == 0 and "Cleared 3 cached documents" in cleared.stdout


def test_a_cache_written_before_it_was_marked_is_still_used(tmp_path: Path, folder: Path) -> None:
    cache = tmp_path / "old.sqlite3"
    with sqlite3.connect(cache) as db:
        db.execute("CREATE TABLE files (path BLOB PRIMARY KEY, size INTEGER)")
        db.execute("CREATE TABLE derived (key TEXT PRIMARY KEY, value BLOB)")
        db.execute("PRAGMA user_version=5")
    done = run(
        "scan", str(folder), "-q", "-o", str(tmp_path / "r.json"), "--cache-path", str(cache)
    )
    assert done.returncode == 0 and "not a NearDup cache" not in done.stderr, done.stderr
    with sqlite3.connect(cache) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["--workers", "100"], "workers must be between 1 and 64"),
        (["--workers", "0"], "workers must be between 1 and 64"),
        (["--min-tokens", "-5"], "min_tokens must be 0 or more"),
        (["--exclude-common", "2"], "at least 3"),
        (["-o", "/proc/version"], "no file can be created in /proc"),
    ],
)
def test_bad_options_are_refused_before_the_scan(
    folder: Path, tmp_path: Path, options: list[str], reason: str
) -> None:
    output = ["-o", str(tmp_path / "r.json")] if "-o" not in options else []
    done = run("scan", str(folder), "-q", "--no-cache", *output, *options)
    assert done.returncode == 2 and reason in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_damaged_cache_of_ours_can_still_be_cleared(tmp_path: Path, folder: Path) -> None:
    cache = tmp_path / "cache.sqlite3"
    done = run(
        "scan", str(folder), "-q", "-o", str(tmp_path / "r.json"), "--cache-path", str(cache)
    )
    assert done.returncode == 0, done.stderr
    data = bytearray(cache.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the header survives, the pages behind it do not
    cache.write_bytes(bytes(data))
    rescan = run(
        "scan", str(folder), "-q", "-o", str(tmp_path / "r.json"), "--cache-path", str(cache)
    )
    assert rescan.returncode == 0 and "neardup cache clear" in rescan.stderr, rescan.stderr
    cleared = run("cache", "clear", "--cache-path", str(cache))
    assert cleared.returncode == 0, cleared.stderr
