"""`neardup sources` as a teacher runs it: formats, files, a whole class, and bad input."""

from __future__ import annotations

import csv
import json
import os
import stat
from pathlib import Path

import pytest

from cli_run import run
from neardup.core.report.cff_fonts import CFF_HAN, has_cff_han
from pdf_text import page_texts
from theses import chinese_theses


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Path], Path]:
    root = tmp_path_factory.mktemp("class")
    files = chinese_theses(root / "theses")
    saved = root / "report.json"
    done = run("scan", str(root / "theses"), "--no-cache", "--workers", "1", "-o", str(saved), "-q")
    assert done.returncode == 0, done.stderr
    return files, saved


def _extracted(path: Path) -> str:
    """The text `neardup extract` prints for one file (between its header and the end)."""
    done = run("extract", str(path))
    assert done.returncode == 0, done.stderr
    _, _, rest = done.stdout.partition("\n")  # "== path"
    _, _, text = rest.partition("\n")  # the details line
    return text[:-2]  # print() adds a newline, and a blank line follows


def test_json_gives_both_figures_and_passages_that_are_slices_of_extract(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:
    files, saved = scanned
    out = tmp_path / "thesis.json"
    done = run("sources", str(saved), str(files["thesis"]), "--format", "json", "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["document"] == str(files["thesis"])
    assert 0 < data["similarity_excluding_citations"] < data["similarity"] <= 1
    [source] = data["sources"]
    assert sorted([source["path"], *source["alternatives"]]) == sorted(
        [str(files["source"]), str(files["source_copy"])]
    )
    assert source["share"] == pytest.approx(data["similarity"], abs=1e-4)
    text = _extracted(files["thesis"])
    for passage in source["passages"]:
        assert set(passage) >= {
            "start",
            "end",
            "page",
            "text",
            "source_start",
            "source_end",
            "source_text",
            "cited",
        }
        assert passage["text"] == text[passage["start"] : passage["end"]]
        source_text = _extracted(Path(passage["source_path"]))
        assert (
            passage["source_text"] == source_text[passage["source_start"] : passage["source_end"]]
        )
    assert {p["cited"] for p in source["passages"]} == {True, False}
    # Counting quotations and references again brings the second figure up to the first.
    everything = run(
        "sources",
        str(saved),
        str(files["thesis"]),
        "--format",
        "json",
        "--include-quotes",
        "--include-references",
        "--min-match",
        "0",
    )
    counted = json.loads(everything.stdout)
    assert counted["similarity_excluding_citations"] == pytest.approx(counted["similarity"])


def test_text_and_html_show_the_writers_own_characters(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:
    files, saved = scanned
    done = run("sources", str(saved), str(files["thesis"]))
    assert done.returncode == 0, done.stderr
    assert "Excluding citations" in done.stdout and "also: " in done.stdout
    assert "。" in done.stdout  # full-width punctuation as written, not normalised to "."
    page = tmp_path / "thesis.html"
    done = run("sources", str(saved), str(files["thesis"]), "--format", "html", "-o", str(page))
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    assert '<mark class="cited"' in html and "“" in html and "<script" not in html


def test_language_writes_the_reports_in_chinese_and_json_stays_data(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:

    files, saved = scanned
    thesis = str(files["thesis"])
    done = run("sources", str(saved), thesis, "--language", "zh_CN")
    assert done.returncode == 0, done.stderr
    assert "在其他文档中找到：" in done.stdout and "去除引用（" in done.stdout
    assert "Found in other documents" not in done.stdout and "also: " not in done.stdout
    pdf = tmp_path / "thesis.pdf"
    done = run(
        "sources", str(saved), thesis, "--format", "pdf", "-o", str(pdf), "--language", "zh_CN"
    )
    assert done.returncode == 0, done.stderr
    first = page_texts(pdf)[0]
    assert "相似度报告" in first and "Similarity report" not in first
    folder = tmp_path / "class"
    done = run(
        *("sources", str(saved), "--all", "--output-dir", str(folder)),
        *("--format", "html", "--language", "zh_CN"),
    )
    assert done.returncode == 0, done.stderr
    assert '<html lang="zh-CN">' in (folder / "thesis.sources.html").read_text(encoding="utf-8")
    assert (folder / "summary.csv").read_text(encoding="utf-8").startswith("document,similarity,")
    english = run("sources", str(saved), thesis, "--format", "json")
    chinese = run("sources", str(saved), thesis, "--format", "json", "--language", "zh_CN")
    assert english.returncode == chinese.returncode == 0
    assert json.loads(english.stdout) == json.loads(chinese.stdout)
    unknown = run("sources", str(saved), thesis, "--language", "fr")
    assert unknown.returncode == 2
    assert "unknown report language 'fr'; choose en or zh_CN" in unknown.stderr
    lower = run("sources", str(saved), thesis, "--language", "zh_cn")  # as people type it
    assert lower.returncode == 0 and "在其他文档中找到：" in lower.stdout


def test_all_writes_a_report_per_document_and_a_summary(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:
    _, saved = scanned
    folder = tmp_path / "out" / "class"
    done = run("sources", str(saved), "--all", "--output-dir", str(folder), "--format", "json")
    assert done.returncode == 0, done.stderr
    with (folder / "summary.csv").open(encoding="utf-8") as summary:
        rows = {Path(row["document"]).name: row for row in csv.DictReader(summary)}
    assert set(rows) == {"thesis.docx", "source.docx", "source.txt", "unrelated.docx"}
    thesis = rows["thesis.docx"]
    assert float(thesis["similarity_excluding_citations"]) < float(thesis["similarity"])
    assert Path(thesis["largest_source"]).name in {"source.docx", "source.txt"}
    assert float(rows["unrelated.docx"]["similarity"]) == 0
    written = sorted(p.name for p in folder.iterdir())
    assert "thesis.sources.json" in written and not [n for n in written if n.endswith(".part")]
    # Only documents above a similarity: the unrelated one is left out.
    above = tmp_path / "above"
    done = run(
        "sources", str(saved), "--all", "--output-dir", str(above), "--min-similarity", "10%"
    )
    assert done.returncode == 0, done.stderr
    assert not (above / "unrelated.sources.txt").exists()
    assert (above / "thesis.sources.txt").exists()


def test_pdf_reports_for_one_document_and_a_whole_class(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:

    files, saved = scanned
    # A PDF goes to a file: without --output it is refused, and nothing is written.
    done = run("sources", str(saved), str(files["thesis"]), "--format", "pdf")
    assert done.returncode == 2 and "--output FILE" in done.stderr
    out = tmp_path / "thesis.pdf"
    done = run("sources", str(saved), str(files["thesis"]), "--format", "pdf", "-o", str(out))
    assert done.returncode == 0, done.stderr
    first = page_texts(out)[0]
    assert "thesis.docx" in first and "Excluding citations" in first
    folder = tmp_path / "pdfs"
    done = run("sources", str(saved), "--all", "--output-dir", str(folder), "--format", "pdf")
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in folder.iterdir())
    assert written == [
        "source-2.sources.pdf",
        "source.sources.pdf",
        "summary.csv",
        "thesis.sources.pdf",
        "unrelated.sources.pdf",
    ]
    assert all(
        (folder / n).read_bytes().startswith(b"%PDF-") for n in written if n != "summary.csv"
    )
    if any(Path(f).is_file() and has_cff_han(Path(f)) for f in CFF_HAN):
        # Where the Chinese font must be cut and converted, every report embeds its glyphs.
        assert all(
            b"/FontFile2" in (folder / n).read_bytes() for n in written if n != "summary.csv"
        )
    # An existing report is replaced whole or not at all: a folder in the way refuses it.
    in_the_way = tmp_path / "taken.pdf"
    in_the_way.mkdir()
    done = run(
        "sources", str(saved), str(files["thesis"]), "--format", "pdf", "-o", str(in_the_way)
    )
    assert done.returncode == 2 and "is a folder" in done.stderr
    assert not list(tmp_path.glob("*.part"))


def test_bad_input_is_refused_with_exit_code_2_and_nothing_half_written(
    scanned: tuple[dict[str, Path], Path], tmp_path: Path
) -> None:
    files, saved = scanned
    stranger = tmp_path / "stranger.txt"
    stranger.write_text("never scanned", encoding="utf-8")
    done = run("sources", str(saved), str(stranger))
    assert done.returncode == 2 and "not among the documents" in done.stderr
    missing_folder = tmp_path / "nowhere" / "out.json"
    done = run("sources", str(saved), str(files["thesis"]), "-o", str(missing_folder))
    assert done.returncode == 2 and "does not exist" in done.stderr
    done = run("sources", str(saved), "--all")
    assert done.returncode == 2 and "--output-dir" in done.stderr
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        done = run("sources", str(saved), "--all", "--output-dir", str(locked / "reports"))
        assert done.returncode == 2 and "read-only" in done.stderr
    # A stale report: a source changed since the scan; the message names it.
    copy = files["source_copy"]
    copy.write_text(copy.read_text(encoding="utf-8") + "\n补充一句。", encoding="utf-8")
    out = tmp_path / "stale.json"
    done = run("sources", str(saved), str(files["thesis"]), "--format", "json", "-o", str(out))
    assert done.returncode == 2 and f"{copy} has changed since the scan" in done.stderr
    assert not out.exists() and not list(tmp_path.glob("*.part"))
