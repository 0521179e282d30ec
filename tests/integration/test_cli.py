"""`neardup scan`, `compare` and `extract` on real files, through the real entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import run
from docgen import write_docx, write_pdf
from neardup.cli import main
from textgen import document, light_edit, paragraphs


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a duplicate in another format, a near-duplicate, a partial copy, junk."""
    root = tmp_path_factory.mktemp("corpus")
    (root / "sub").mkdir()
    original = document(1, "zh", count=10)
    (root / "original.txt").write_text(original, encoding="utf-8")
    write_docx(root / "sub" / "copy.docx", original.strip().split("\n\n"))
    (root / "edited.txt").write_text(light_edit(original, seed=3, changes=4), encoding="gb18030")
    source = paragraphs(2, "zh", count=10)
    host = paragraphs(4, "zh", count=10)
    (root / "source.txt").write_text("\n\n".join(source), encoding="utf-8")
    (root / "host.txt").write_text(
        "\n\n".join([*host[:5], *source[2:5], *host[5:]]), encoding="utf-8"
    )
    write_pdf(root / "other.pdf", [document(5, "en", count=3), document(6, "en", count=3)])
    (root / "empty.txt").write_bytes(b"")
    (root / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    (root / "notes.md").write_text("ignored: not a document type NearDup reads")
    (root / ".hidden.txt").write_text(original, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def report(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("out") / "report.json"
    done = run("scan", str(corpus), "--format", "json", "--output", str(out), "--workers", "1")
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def names(report: dict, kind: str) -> set[frozenset[str]]:
    return {
        frozenset((Path(p["a"]).name, Path(p["b"]).name))
        for p in report["pairs"]
        if p["kind"] == kind
    }


def test_report_follows_the_contract(report: dict, corpus: Path) -> None:
    assert set(report) >= {"documents", "pairs", "groups", "problems", "settings", "version"}
    for doc in report["documents"]:
        assert Path(doc["path"]).is_absolute()
        assert len(doc["simhash"]) == 16 and int(doc["simhash"], 16) >= 0
        assert doc["simhash"] == doc["simhash"].lower()
        assert {"path", "size", "format", "tokens", "simhash"} <= set(doc)
    for pair in report["pairs"]:
        assert pair["kind"] in {"duplicate", "near-duplicate", "partial"}
        assert 0 <= pair["overlap_a"] <= 1 and 0 <= pair["overlap_b"] <= 1
        a = next(d for d in report["documents"] if d["path"] == pair["a"])
        b = next(d for d in report["documents"] if d["path"] == pair["b"])
        assert pair["distance"] == (int(a["simhash"], 16) ^ int(b["simhash"], 16)).bit_count()
    assert report["settings"]["threshold"] == 3 and report["settings"]["version"]


def test_every_input_file_is_accounted_for_once(report: dict, corpus: Path) -> None:
    listed = [d["path"] for d in report["documents"]] + [p["path"] for p in report["problems"]]
    expected = {
        str(corpus / n)
        for n in (
            "original.txt",
            "sub/copy.docx",
            "edited.txt",
            "source.txt",
            "host.txt",
            "other.pdf",
            "empty.txt",
            "broken.pdf",
        )
    }
    assert sorted(listed) == sorted(expected)
    # Files of other types are left out, and said to be, by type.
    assert report["summary"]["skipped_files"] == 1
    assert report["summary"]["skipped_types"] == {".md": 1}


def test_the_summary_names_the_types_of_the_files_left_out(tmp_path: Path) -> None:
    """A folder of .odt files read as an empty one ("0 documents"): the summary says how
    many files of other types were left out, and which types, the commonest first."""
    folder = tmp_path / "theses"
    folder.mkdir()
    (folder / "mine.txt").write_text(document(1, "en", count=3), encoding="utf-8")
    for name in ("a.odt", "b.odt", "c.odt", "d.doc", "README"):
        (folder / name).write_bytes(b"not read")
    done = run("scan", str(folder), "--output", str(tmp_path / "r.json"), "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert "5 files of other types skipped (.odt 3, .doc 1, no extension 1)" in done.stderr


def test_problems_say_what_is_wrong(report: dict) -> None:
    reasons = {Path(p["path"]).name: p["reason"] for p in report["problems"]}
    assert "empty" in reasons["empty.txt"].lower()
    assert "pdf" in reasons["broken.pdf"].lower()


def test_duplicates_near_duplicates_and_partial_copies_are_found(report: dict) -> None:
    assert frozenset(("original.txt", "copy.docx")) in names(report, "duplicate")
    assert frozenset(("original.txt", "edited.txt")) in names(report, "near-duplicate")
    assert names(report, "partial") == {frozenset(("host.txt", "source.txt"))}
    partial = next(p for p in report["pairs"] if p["kind"] == "partial")
    host_share = partial["overlap_a"] if partial["a"].endswith("host.txt") else partial["overlap_b"]
    source_share = (
        partial["overlap_b"] if partial["a"].endswith("host.txt") else partial["overlap_a"]
    )
    assert abs(host_share - 3 / 13) < 0.05 and abs(source_share - 0.3) < 0.05
    (group,) = report["groups"]
    members = {Path(m["path"]).name for m in group["members"]}
    assert members == {"original.txt", "copy.docx", "edited.txt"}


def test_similarity_summary_per_document(report: dict) -> None:
    host = next(d for d in report["documents"] if d["path"].endswith("host.txt"))
    assert host["similarity"]["max_source"]["path"].endswith("source.txt")
    assert abs(host["similarity"]["total"] - 3 / 13) < 0.05


def test_against_compares_with_the_library_but_not_within_it(corpus: Path, tmp_path: Path) -> None:
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    (submissions / "thesis.txt").write_text(
        (corpus / "host.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    out = tmp_path / "r.json"
    done = run("scan", str(submissions), "--against", str(corpus), "-o", str(out), "--workers", "1")
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    for pair in data["pairs"]:
        assert str(submissions) in pair["a"] or str(submissions) in pair["b"]
    found = {Path(p["a"]).name + "|" + Path(p["b"]).name for p in data["pairs"]}
    assert any("thesis.txt" in f and "host.txt" in f for f in found)
    assert any("thesis.txt" in f and "source.txt" in f for f in found)


def test_csv_output(corpus: Path) -> None:
    done = run("scan", str(corpus), "--format", "csv", "--workers", "1", "--quiet")
    assert done.returncode == 0
    header, *rows = done.stdout.splitlines()
    assert header == "a,b,kind,distance,similarity,overlap_a,overlap_b"
    assert any(",partial," in r for r in rows)


def test_bad_usage_exits_with_2_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scan", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["scan", str(tmp_path), "--weighting", "magic"])
    assert exit_info.value.code == 2


def test_compare_prints_figures_and_writes_html(corpus: Path, tmp_path: Path) -> None:
    page = tmp_path / "cmp.html"
    done = run("compare", str(corpus / "host.txt"), str(corpus / "source.txt"), "--html", str(page))
    assert done.returncode == 0, done.stderr
    assert "Hamming distance" in done.stdout and "Matched passages: 1" in done.stdout
    assert "Kind: partial" in done.stdout  # what a scan calls the pair
    html = page.read_text(encoding="utf-8")
    assert 'id="a1" href="#b1"' in html and 'id="b1" href="#a1"' in html
    # Standalone: no scripts and nothing loaded from elsewhere.
    assert "<script" not in html and "src=" not in html and 'href="http' not in html
    # A file that cannot be read: the reason, and an exit code that says nothing was compared.
    broken = run("compare", str(corpus / "broken.pdf"), str(corpus / "source.txt"))
    assert broken.returncode == 1 and "broken.pdf" in broken.stderr


def test_sources_lists_where_a_document_is_found_and_writes_its_page(
    corpus: Path, report: dict, tmp_path: Path
) -> None:
    saved = tmp_path / "report.json"
    saved.write_text(json.dumps(report), encoding="utf-8")
    page = tmp_path / "host.html"
    done = run("sources", str(saved), str(corpus / "host.txt"), "--html", str(page))
    assert done.returncode == 0, done.stderr
    host = next(d for d in report["documents"] if d["path"].endswith("host.txt"))
    shown = float(done.stdout.split("Found in other documents: ")[1].split("%")[0]) / 100
    assert shown == pytest.approx(host["similarity"]["total"], abs=0.02)
    assert str(corpus / "source.txt") in done.stdout
    html = page.read_text(encoding="utf-8")
    assert "<mark" in html and "source.txt" in html and "<script" not in html
    problem = run("sources", str(saved), str(corpus / "broken.pdf"))
    assert problem.returncode == 2 and "could not be read by the scan" in problem.stderr
    not_a_report = run("sources", str(corpus / "host.txt"), str(corpus / "host.txt"))
    assert not_a_report.returncode == 2 and "is not a NearDup scan report" in not_a_report.stderr


def test_extract_prints_text_encoding_and_problems(corpus: Path) -> None:
    done = run("extract", str(corpus / "edited.txt"), str(corpus / "empty.txt"))
    assert done.returncode == 0
    assert "encoding: gb18030" in done.stdout
    assert "problem:" in done.stdout


def test_ctrl_c_in_a_command_that_writes_nothing_back_stops_it_without_a_traceback(
    corpus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from neardup.core import extract as extract_module

    def pressed(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt  # as Python raises it for a Ctrl-C in the main thread

    monkeypatch.setattr(extract_module, "extract", pressed)
    assert main(["extract", str(corpus / "host.txt")]) == 130
    assert capsys.readouterr().err.strip() == "Stopped."


def test_gui_says_which_system_libraries_are_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ctypes.util

    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    assert main(["gui"]) == 1
    assert "sudo apt-get install libxcb-cursor0" in capsys.readouterr().err


def test_gui_without_a_display_points_to_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    assert main([]) == 1
    assert "no display found" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="Linux file names are bytes")
def test_file_names_that_are_not_utf8_are_reported(tmp_path: Path) -> None:
    folder = tmp_path / "names"
    folder.mkdir()
    text = document(9, "zh", count=8)
    odd = os.fsdecode(bytes(folder) + b"/\xff-copy.txt")
    Path(odd).write_text(text, encoding="utf-8")
    (folder / "plain.txt").write_text(text, encoding="utf-8")
    out = tmp_path / "r.json"
    cache = tmp_path / "cache.db"
    for _ in range(2):  # cold, then from the cache
        done = run("scan", str(folder), "-q", "-o", str(out), "--cache-path", str(cache))
        assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert sorted(os.fsencode(d["path"]) for d in data["documents"]) == sorted(
        [os.fsencode(odd), bytes(folder / "plain.txt")]
    )
    assert data["pairs"][0]["kind"] == "duplicate"


def _many_documents(tmp_path: Path) -> Path:
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(400):
        (folder / f"d{n:03d}.txt").write_text(document(1000 + n, "zh", count=120), encoding="utf-8")
    return folder


def _interrupt_scan(folder: Path, out: Path, workers: int, *, whole_group: bool) -> str:
    """Start a scan, press Ctrl-C after a moment, and return its stderr once it exits 0.

    A terminal's Ctrl-C reaches the whole foreground process group, pool workers too;
    ``whole_group`` sends it that way (the scan runs in a group of its own).
    """
    import signal
    import time

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "neardup",
            "scan",
            str(folder),
            "--workers",
            str(workers),
            "--no-cache",
            "-q",
            "-o",
            str(out),
        ],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=whole_group,
    )
    time.sleep(1.5)
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    return stderr


@pytest.mark.parametrize(
    ("workers", "whole_group"), [(1, False), (2, True)], ids=["one-process", "pool-terminal"]
)
def test_ctrl_c_cancels_and_still_writes_the_report(
    tmp_path: Path, workers: int, whole_group: bool
) -> None:
    folder = _many_documents(tmp_path)
    out = tmp_path / "partial.json"
    stderr = _interrupt_scan(folder, out, workers, whole_group=whole_group)
    assert "Traceback" not in stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    listed = len(data["documents"]) + len(data["problems"])
    assert listed == 400  # every file accounted for, read or not
    # On a very fast machine the scan may finish before the signal; here it does not. A
    # signal that lands after extraction cancels with every file read.
    if data["summary"]["cancelled"]:
        assert "Cancelling" in stderr
        if len(data["documents"]) < 400:
            assert any(p["reason"].startswith("Not read") for p in data["problems"])


def test_output_goes_through_links_and_into_pipes_and_bad_outputs_are_refused_first(
    corpus: Path, tmp_path: Path
) -> None:
    import threading

    # A symlink stays a symlink: its target gets the report.
    target = tmp_path / "target.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    done = run("scan", str(corpus / "host.txt"), "--no-cache", "-q", "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and json.loads(target.read_text(encoding="utf-8"))["documents"]

    # A pipe (like a device) is written into, never replaced by a file.
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    received: list[str] = []
    reader = threading.Thread(
        target=lambda: received.append(pipe.read_text(encoding="utf-8")), daemon=True
    )
    reader.start()
    done = run("scan", str(corpus / "host.txt"), "--no-cache", "-q", "-o", str(pipe))
    reader.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(received[0])["documents"] and not pipe.is_file()

    # Refused before scanning (exit 2), and no temporary file left behind.
    for bad, reason in (
        (tmp_path / "missing" / "r.json", "does not exist"),
        (tmp_path, "is a folder"),
    ):
        done = run("scan", str(corpus), "--no-cache", "-q", "-o", str(bad))
        assert done.returncode == 2 and reason in done.stderr, done.stderr
    assert not list(tmp_path.glob("*.part"))


def test_a_mistake_in_a_commands_arguments_shows_that_commands_usage(tmp_path: Path) -> None:
    """A missing folder printed the program's usage ("neardup [-h] [--version] COMMAND"),
    which says nothing of what scan takes; argparse's own errors show the command's."""
    done = run("scan", str(tmp_path / "missing"), "-o", str(tmp_path / "r.json"))
    assert done.returncode == 2
    assert done.stderr.startswith("usage: neardup scan ")
    assert "neardup scan: error: no such file or folder" in done.stderr


def test_a_misspelt_option_names_the_option_meant_with_its_commands_usage(
    tmp_path: Path,
) -> None:
    """argparse said "neardup: error: unrecognized arguments: --treshold 3" under the
    program's usage, and nothing of the option meant."""
    done = run("scan", str(tmp_path), "--treshold", "3")
    assert done.returncode == 2
    assert done.stderr.startswith("usage: neardup scan ")
    assert "neardup scan: error: unrecognized arguments: --treshold 3" in done.stderr
    assert "(did you mean --threshold?)" in done.stderr
    done = run("library", "add", str(tmp_path / "lib"), str(tmp_path), "--wrkers=2")
    assert done.returncode == 2 and done.stderr.startswith("usage: neardup library add ")
    assert "(did you mean --workers?)" in done.stderr
    assert not (tmp_path / "lib").exists()  # nothing done
    done = run("scan", str(tmp_path), "--zzz")  # nothing alike: no guess
    assert done.returncode == 2 and "did you mean" not in done.stderr


def test_a_share_that_is_no_number_is_said_in_the_options_words(corpus: Path) -> None:
    """argparse named its type function: "invalid _fraction value: 'abc'"."""
    for value in ("abc", "150%"):
        done = run("scan", str(corpus), "--no-cache", "-q", "--min-overlap", value)
        assert done.returncode == 2, done.stderr
        assert "expected a fraction 0..1 or a percentage like 5%" in done.stderr
        assert "_fraction" not in done.stderr


def test_cache_commands_refuse_a_folder_as_the_cache(tmp_path: Path) -> None:
    for action in ("info", "clear"):
        done = run("cache", action, "--cache-path", str(tmp_path))
        assert done.returncode == 2 and "is a folder" in done.stderr, done.stderr
    assert tmp_path.is_dir()


def test_the_entry_point_exits_with_the_commands_status_and_leaves_the_heap_to_the_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`neardup`, `python -m neardup` and the frozen app run `cli.run`: the command's status
    is the process's, and the collector is kept off the objects left (a full collection
    over them made every exit about 0.3 s slower after a scan)."""
    import gc

    from neardup import cli

    monkeypatch.setattr(cli, "main", lambda: 3)
    try:
        with pytest.raises(SystemExit) as leaving:
            cli.run()
        assert leaving.value.code == 3
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    done = subprocess.run(
        [sys.executable, "-m", "neardup", "scan", "/no/such/folder"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "no such file or folder" in done.stderr


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path) -> None:
    """`neardup extract FOLDER | head`: the pipe closes after a few lines; the command stops
    with the shells' code for it (141), without a traceback or an error message."""
    long = tmp_path / "long.txt"
    long.write_text("\n\n".join(paragraphs(70, "en", count=400)), encoding="utf-8")
    reading = subprocess.Popen(
        [sys.executable, "-m", "neardup", "extract", str(long)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reading.stdout is not None and reading.stderr is not None
    reading.stdout.readline()
    reading.stdout.close()  # as head does after its lines
    status = reading.wait(timeout=120)
    errors = reading.stderr.read().decode()
    reading.stderr.close()
    assert status == 141, errors
    assert "Broken pipe" not in errors and "Traceback" not in errors


def test_the_comparison_page_reads_a_pdf_in_paragraphs(tmp_path: Path) -> None:
    """`compare --html` showed a PDF in its page's lines, each wrapped again in the page's
    column: its lines run on now as in the window (each break one character, so every
    passage's mark stays on its words)."""
    from neardup.core.extract import extract

    text = paragraphs(890, "en", count=3, sentences=6)
    pdf = write_pdf(tmp_path / "thesis.pdf", ["\n".join(text)])
    copy = tmp_path / "copy.txt"
    copy.write_text("\n\n".join(text), encoding="utf-8")
    out = tmp_path / "compare.html"
    done = run("compare", str(pdf), str(copy), "--html", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    shown = page[page.index("<h2>A:") : page.index("<h2>B:")]
    page_lines = getattr(extract(pdf), "text", "").count("\n")
    assert len(text) - 1 <= shown.count("\n") - 1 < page_lines / 2  # (one after the heading)
    assert 'class="match"' in shown
