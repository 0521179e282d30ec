"""A reference library that cannot be used as asked says why and what to do: one made by
another version, a damaged SQLite or index file, a folder that is not there, a read-only
one; and a check reads one generation whole while an add writes the next."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from library_corpus import SETTINGS, make_library_files, make_submissions, pair_figures
from neardup.core.library import (
    LibraryDamagedError,
    LibraryError,
    LibraryReadOnlyError,
    LibraryVersionError,
    add_to_library,
    check_library,
    library_info,
    rebuild_library,
    remove_from_library,
)
from neardup.core.report import report_dict
from neardup.core.scan import Progress, Stage
from neardup.core.versions import ANALYSIS_VERSION


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path, Path]:
    files = make_library_files(tmp_path)
    docs = make_submissions(tmp_path, files)
    library = tmp_path / "library"
    add_to_library(library, [files], SETTINGS)
    return library, files, docs


def _names(report: dict) -> set[frozenset[str]]:
    return {frozenset(Path(p).name for p in key) for key in pair_figures(report)}


def test_a_library_made_by_another_version_is_refused_and_can_be_rebuilt(
    built: tuple[Path, Path, Path],
) -> None:
    library, _, docs = built
    before = report_dict(check_library(library, [docs], SETTINGS))
    with sqlite3.connect(library / "library.sqlite") as db:
        db.execute("UPDATE meta SET value = '999' WHERE name = 'analysis_version'")
    with pytest.raises(LibraryVersionError) as refused:
        check_library(library, [docs], SETTINGS)
    message = str(refused.value)
    assert "analysis version 999" in message and f"analysis version {ANALYSIS_VERSION}" in message
    assert f"neardup library add {library} --rebuild" in message
    with pytest.raises(LibraryVersionError):
        add_to_library(library, [docs], SETTINGS)
    # The files it records are read again; nothing else needs naming.
    rebuilt = rebuild_library(library, [], SETTINGS)
    assert rebuilt.added == 10
    assert library_info(library).analysis_version == str(ANALYSIS_VERSION)
    after = report_dict(check_library(library, [docs], SETTINGS))
    assert pair_figures(after) == pair_figures(before)
    assert not [p for p in library.parent.iterdir() if p.name.startswith(".library.")]


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_sqlite_file_is_named_and_the_library_rebuilt_from_its_folders(
    built: tuple[Path, Path, Path], damage: str
) -> None:
    library, files, docs = built
    database = library / "library.sqlite"
    for leftover in library.glob("library.sqlite-*"):
        leftover.unlink()
    data = database.read_bytes()
    database.write_bytes(b"not a database at all " * 300 if damage == "garbage" else data[:8192])
    with pytest.raises(LibraryDamagedError) as refused:
        check_library(library, [docs], SETTINGS)
    assert str(database) in str(refused.value) and "--rebuild" in str(refused.value)
    rebuilt = rebuild_library(library, [files], SETTINGS)
    assert rebuilt.added == 10 and library_info(library).documents == 10
    found = report_dict(check_library(library, [docs], SETTINGS))
    assert frozenset({"host.txt", "source.txt"}) in _names(found)


def test_a_damaged_index_file_is_named(built: tuple[Path, Path, Path]) -> None:
    library, _, docs = built
    keys = sorted((library / "index").glob("*.keys.npy"))[0]
    keys.write_bytes(b"\x93NUMPY garbage")
    with pytest.raises(LibraryDamagedError) as refused:
        check_library(library, [docs], SETTINGS)
    assert str(keys) in str(refused.value)
    assert f"neardup library add {library} --rebuild" in str(refused.value)
    rebuild_library(library, [], SETTINGS)
    found = report_dict(check_library(library, [docs], SETTINGS))
    assert frozenset({"host.txt", "source.txt"}) in _names(found)


def test_checking_against_a_missing_library_creates_nothing(tmp_path: Path) -> None:
    nowhere = tmp_path / "nowhere"
    with pytest.raises(LibraryError, match="does not exist"):
        check_library(nowhere, [tmp_path], SETTINGS)
    assert not nowhere.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(LibraryError, match=r"holds no library\.sqlite"):
        check_library(empty, [tmp_path], SETTINGS)
    assert list(empty.iterdir()) == []
    stranger = tmp_path / "stranger"
    stranger.mkdir()
    with sqlite3.connect(stranger / "library.sqlite") as db:
        db.execute("CREATE TABLE books (title TEXT)")
    with pytest.raises(LibraryError, match="is not a NearDup library"):
        check_library(stranger, [tmp_path], SETTINGS)


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """The folder and its files cannot be written, even by root (immutable there)."""
    paths = [folder, *folder.rglob("*")]
    if os.geteuid() == 0:
        flag = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True, check=False)
        if flag.returncode != 0:
            pytest.skip("root writes anywhere, and this file system has no immutable flag")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", *map(str, paths)], check=True)
        return
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield
    finally:
        for path in paths:
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_read_only_library_refuses_changes_and_can_be_checked(
    built: tuple[Path, Path, Path],
) -> None:
    library, _, docs = built
    for leftover in library.glob("library.sqlite-*"):
        leftover.unlink()
    with read_only(library):
        with pytest.raises(LibraryReadOnlyError, match="read-only"):
            add_to_library(library, [docs], SETTINGS)
        with pytest.raises(LibraryReadOnlyError, match="read-only"):
            remove_from_library(library, [docs])
        # A library on a read-only disk can still be checked against.
        found = report_dict(check_library(library, [docs], SETTINGS))
        assert frozenset({"host.txt", "source.txt"}) in _names(found)
        assert library_info(library).documents == 10
    assert not list(library.glob("library.sqlite-*"))


def test_a_check_sees_one_generation_while_an_add_writes_the_next(
    built: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    library, files, docs = built
    before = report_dict(check_library(library, [docs], SETTINGS))
    # As large as the library: adding it merges the index segments, deleting the files
    # the running check has open.
    late = tmp_path / "late"
    shutil.copytree(files, late)
    segments_before = sorted(p.name for p in (library / "index").iterdir())
    added = []

    def add_meanwhile(progress: Progress) -> None:
        if progress.stage is Stage.MATCHING and not added:
            added.append(add_to_library(library, [late], SETTINGS))

    during = report_dict(check_library(library, [docs], SETTINGS, progress=add_meanwhile))
    assert added and added[0].added == 10
    assert sorted(p.name for p in (library / "index").iterdir()) != segments_before
    assert pair_figures(during) == pair_figures(before)
    assert {Path(d["path"]).parent for d in during["documents"]} <= {files, files / "older", docs}
    after = report_dict(check_library(library, [docs], SETTINGS))
    assert any(Path(p["a"]).parent == late or Path(p["b"]).parent == late for p in after["pairs"])
