"""`neardup library add | info | check | remove` through the real entry point, and
`sources` on a check's report, with real files."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from library_corpus import make_library_files, make_submissions
from neardup.cli import main
from neardup.core.report import read_report


def test_add_check_and_sources_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = make_library_files(tmp_path)
    docs = make_submissions(tmp_path, files)
    (files / "notes.odt").write_bytes(b"PK\x03\x04")  # a type NearDup does not read
    library = tmp_path / "library"
    run = ["--no-cache", "--workers", "1", "--quiet"]
    assert main(["library", "add", str(library), str(files), *run]) == 0
    added = capsys.readouterr()
    assert (
        "10 added, 0 updated, 0 unchanged, 1 problem, 1 file of other types skipped (.odt 1)"
        in added.err
    )
    assert "broken.pdf" in added.err and "Not a valid PDF file" in added.err
    assert main(["library", "add", str(library), str(files), *run]) == 0
    assert "0 added, 0 updated, 10 unchanged" in capsys.readouterr().err

    assert main(["library", "info", str(library)]) == 0
    info = capsys.readouterr().out
    assert "Documents: 10 (1 file could not be used)" in info
    assert "any shared verbatim run of 159 characters is found" in info
    assert main(["library", "info", str(library), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["documents"] == 10

    report = tmp_path / "report.json"
    assert main(["library", "check", str(library), str(docs), "-o", str(report), *run]) == 0
    data = read_report(report)  # checked against the scan report's contract
    assert {Path(d["path"]).name for d in data["documents"] if d["role"] == "scan"} == {
        "host.txt",
        "copy.txt",
        "edited.txt",
        "own.txt",
    }
    assert data["settings"]["against"] == [str(library)]

    assert main(["sources", str(report), str(docs / "host.txt"), "--format", "json"]) == 0
    sources = json.loads(capsys.readouterr().out)
    assert [Path(s["path"]).name for s in sources["sources"]] == ["source.txt"]

    assert main(["library", "check", str(library), str(docs), "--format", "text", *run]) == 0
    text = capsys.readouterr().out
    assert "host.txt: 1 library document holds part of it" in text
    assert "own.txt: 0 library documents hold part of it" in text

    assert main(["library", "remove", str(library), str(files / "source.txt")]) == 0
    assert "1 document removed" in capsys.readouterr().err
    # a path the library does not hold is said, and the exit code says it too
    assert main(["library", "remove", str(library), str(files / "source.txt")]) == 1
    assert "not in the library" in capsys.readouterr().err
    assert main(["library", "check", str(library), str(docs / "host.txt"), *run]) == 0
    assert json.loads(capsys.readouterr().out)["pairs"] == []


def test_library_commands_refuse_what_they_cannot_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "doc.txt"
    doc.write_text("一篇文章。" * 40, encoding="utf-8")
    nowhere = tmp_path / "nowhere"
    assert main(["library", "check", str(nowhere), str(doc)]) == 2
    assert "the folder does not exist" in capsys.readouterr().err
    assert not nowhere.exists()
    assert main(["library", "info", str(nowhere)]) == 1
    assert "the folder does not exist" in capsys.readouterr().err
    assert main(["library", "add", str(nowhere)]) == 2
    assert "name the files or folders to add" in capsys.readouterr().err
    assert main(["library", "add", str(nowhere), str(doc), "--scheduler", "tcp://x:8786"]) == 2
    assert "--scheduler goes with --executor dask" in capsys.readouterr().err

    library = tmp_path / "library"
    assert main(["library", "add", str(library), str(doc), "--no-cache", "-q"]) == 0
    capsys.readouterr()
    with sqlite3.connect(library / "library.sqlite") as db:
        db.execute("UPDATE meta SET value = '0' WHERE name = 'library_format'")
    assert main(["library", "check", str(library), str(doc), "--no-cache"]) == 1
    err = capsys.readouterr().err
    assert "library format 0" in err and f"neardup library add {library} --rebuild" in err
    assert main(["library", "add", str(library), "--rebuild", "--no-cache", "-q"]) == 0
    assert "1 added" in capsys.readouterr().err
    assert main(["library", "check", str(library), str(doc), "--no-cache", "-q"]) == 0


def test_ctrl_c_during_a_check_says_the_library_is_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from neardup.core import library as library_module

    files = make_library_files(tmp_path)
    library = tmp_path / "library"
    assert main(["library", "add", str(library), str(files), "--workers", "1", "-q"]) == 0
    capsys.readouterr()

    def pressed(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt  # as Python raises it for a Ctrl-C in the main thread

    monkeypatch.setattr(library_module, "check_library", pressed)
    docs = make_submissions(tmp_path, files)
    assert (
        main(["library", "check", str(library), str(docs), "-o", str(tmp_path / "r.json")]) == 130
    )
    assert capsys.readouterr().err.strip() == "Stopped."
