"""Files with the same bytes are analysed once a scan, and each is still accounted for."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import docx
import pytest

from neardup import ScanSettings, scan
from neardup.core.features import analyze as analyze_module
from neardup.core.models import PairKind, Problem
from neardup.core.scan import analysis_stage
from neardup.core.scan.same_bytes import SameBytes
from neardup.core.store import file_keys
from textgen import document


def make_folder(root: Path) -> Path:
    """Three copies of a text (one in a subfolder), a text of the same size with other
    bytes, the text's bytes under a .pdf name, two empty files, a .docx and its copy."""
    (root / "sub").mkdir(parents=True)
    text = document(5, "en")
    (root / "a.txt").write_text(text, encoding="utf-8")
    shutil.copy(root / "a.txt", root / "b.txt")
    shutil.copy(root / "a.txt", root / "sub" / "c.txt")
    other = text[::-1]  # the same size, other bytes
    (root / "same-size.txt").write_text(other, encoding="utf-8")
    shutil.copy(root / "a.txt", root / "not-really.pdf")
    (root / "empty1.txt").write_bytes(b"")
    (root / "empty2.txt").write_bytes(b"")
    word = docx.Document()
    for paragraph in document(6, "zh").split("\n\n"):
        word.add_paragraph(paragraph)
    word.save(str(root / "thesis.docx"))
    shutil.copy(root / "thesis.docx", root / "thesis copy.docx")
    # Copies made at other times: each keeps its own stat.
    os.utime(root / "b.txt", ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    return root


@pytest.mark.parametrize("use_cache", [True, False])
def test_each_set_of_equal_files_is_read_once_and_every_file_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, use_cache: bool
) -> None:
    folder = make_folder(tmp_path / "docs")
    read: list[str] = []
    real = analyze_module.analyze_file

    def reading(path: Path, *args: Any, **kwargs: Any) -> Any:
        read.append(path.name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(analysis_stage, "analyze_file", reading)
    result = scan(
        [folder],
        ScanSettings(workers=1, use_cache=use_cache, cache_path=tmp_path / "cache.sqlite3"),
    )
    # One of a, b and c; same-size; the .pdf; one empty file; one of the .docx files.
    assert len(read) == 5
    assert {"same-size.txt", "not-really.pdf"} <= set(read)
    names = sorted(d.path.name for d in result.documents)
    assert names == ["a.txt", "b.txt", "c.txt", "same-size.txt", "thesis copy.docx", "thesis.docx"]
    problems = {p.path.name: p for p in result.problems}
    assert sorted(problems) == ["empty1.txt", "empty2.txt", "not-really.pdf"]
    assert problems["empty1.txt"].code == problems["empty2.txt"].code == "empty"
    # Each copy is reported under its own path and stat.
    for record in result.documents:
        stat = record.path.stat()
        assert (record.size, record.mtime_ns) == (stat.st_size, stat.st_mtime_ns)
    by_name = {d.path.name: i for i, d in enumerate(result.documents)}
    duplicates = {
        frozenset((result.documents[p.a].path.name, result.documents[p.b].path.name))
        for p in result.pairs
        if p.kind is PairKind.DUPLICATE
    }
    assert duplicates >= {
        frozenset(("a.txt", "b.txt")),
        frozenset(("a.txt", "c.txt")),
        frozenset(("thesis.docx", "thesis copy.docx")),
    }
    assert by_name["same-size.txt"] not in {i for p in result.pairs for i in (p.a, p.b)}


def test_a_problem_that_may_pass_is_not_given_to_the_copies(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("one.txt", "two.txt"):
        (folder / name).write_text(document(8, "en"), encoding="utf-8")
    paths = sorted(folder.iterdir())
    keys = file_keys(paths)
    same = SameBytes.of(paths, keys, {})
    assert same.todo == paths[:1] and [p.name for p in same.copies[str(paths[0])]] == ["two.txt"]
    read_error = Problem.of(paths[0], "read-error", detail="I/O error")
    assert same.outcomes_of_copies(read_error, keys, unchanged=True) == ([], paths[1:])
    empty = Problem.of(paths[0], "no-text", lasting=True)
    shared, unsure = same.outcomes_of_copies(empty, keys, unchanged=True)
    assert unsure == [] and [(p.path, p.code) for p in shared] == [(paths[1], "no-text")]
    # The file read had changed since it was hashed: its outcome is not the copies'.
    assert same.outcomes_of_copies(empty, keys, unchanged=False) == ([], paths[1:])


def test_copies_named_by_relative_paths_are_found_under_the_path_extraction_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("one.txt", "two.txt"):
        (folder / name).write_text(document(9, "en"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    paths = [Path("docs/one.txt"), Path("docs/two.txt")]
    keys = file_keys(paths)
    same = SameBytes.of(paths, keys, {})
    assert same.todo == [Path("docs/one.txt")]
    read = Problem.of(Path(os.path.abspath("docs/one.txt")), "no-text", lasting=True)
    shared, unsure = same.outcomes_of_copies(read, keys, unchanged=True)
    assert unsure == [] and [p.path for p in shared] == [Path("docs/two.txt")]
