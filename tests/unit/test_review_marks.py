"""Review marks: a person confirms or dismisses a match, and the decision follows the files'
contents through moves and rescans; dismissed matches leave the figures of `sources`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from neardup.cli import main
from neardup.core.store import (
    WHOLE_PAIR,
    DocumentKey,
    ReviewMarks,
    ReviewMarksError,
    Verdict,
    content_hash,
)
from textgen import document, paragraphs


def _key(path: Path) -> DocumentKey:
    return DocumentKey(content_hash(path), path.stat().st_size)


def _folder(root: Path) -> Path:
    """A thesis with a section copied from a source and a stock paragraph another
    document also holds."""
    docs = root / "docs"
    docs.mkdir(parents=True)
    source = document(11, "en", count=8)
    stock = paragraphs(12, "en", count=1)[0]
    (docs / "thesis.txt").write_text(
        f"{document(13, 'en', count=6)}\n\n{source[:1500]}\n\n{stock}", encoding="utf-8"
    )
    (docs / "source.txt").write_text(source, encoding="utf-8")
    (docs / "other.txt").write_text(f"{document(14, 'en', count=6)}\n\n{stock}", encoding="utf-8")
    return docs


def _sources(report: Path, doc: Path, marks: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert (
        main(["sources", str(report), str(doc), "--format", "json", "--reviews", str(marks)]) == 0
    )
    return json.loads(capsys.readouterr().out)


def test_marks_are_kept_in_either_order_and_across_openings(tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    thesis, source, other = (_key(docs / n) for n in ("thesis.txt", "source.txt", "other.txt"))
    path = tmp_path / "state" / "reviews.sqlite3"
    marks = ReviewMarks(path)
    marks.mark(source, thesis, Verdict.CONFIRMED, "copied section 2")
    marks.mark(thesis, other, Verdict.DISMISSED, "first try")
    marks.mark(other, thesis, Verdict.DISMISSED, "a stock paragraph")  # replaces it
    first = min(thesis, other)
    marks.mark(first, max(thesis, other), Verdict.DISMISSED, "", passage=(10, 80))
    with pytest.raises(ValueError, match="first document"):
        marks.mark(max(thesis, other), first, Verdict.DISMISSED, passage=(10, 80))
    marks.close()

    reopened = ReviewMarks(path)
    assert len(reopened) == 3
    between = reopened.between(thesis, other)
    assert [m.passage for m in between] == [WHOLE_PAIR, (10, 80)]
    assert between[0].note == "a stock paragraph" and between[0].verdict is Verdict.DISMISSED
    assert reopened.between(thesis, source)[0].verdict is Verdict.CONFIRMED
    assert reopened.clear(other, thesis) == 2
    assert len(reopened) == 1
    reopened.close()


def test_a_file_that_is_not_a_marks_file_is_refused_not_changed(tmp_path: Path) -> None:
    essay = tmp_path / "essay.txt"
    essay.write_text("my essay, not a database", encoding="utf-8")
    with pytest.raises(ReviewMarksError, match=r"essay\.txt"):
        ReviewMarks(essay)
    assert essay.read_text(encoding="utf-8") == "my essay, not a database"


def test_a_dismissed_pair_leaves_the_figures_and_follows_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = _folder(tmp_path)
    marks, report = tmp_path / "reviews.sqlite3", tmp_path / "report.json"
    assert main(["scan", str(docs), "-o", str(report), "-q", "--no-cache"]) == 0
    before = _sources(report, docs / "thesis.txt", marks, capsys)
    assert not marks.exists()  # reading reports makes no marks file
    assert {Path(s["path"]).name for s in before["sources"]} == {"source.txt", "other.txt"}
    stock_share = next(s["share"] for s in before["sources"] if s["path"].endswith("other.txt"))

    thesis, other, source = (str(docs / n) for n in ("thesis.txt", "other.txt", "source.txt"))
    args = ["--reviews", str(marks)]
    assert main(["review", "dismiss", thesis, other, "--note", "a stock paragraph", *args]) == 0
    assert main(["review", "confirm", source, thesis, "--note", "copied section 2", *args]) == 0
    after = _sources(report, docs / "thesis.txt", marks, capsys)
    assert after["dismissed"] == 1
    assert [Path(s["path"]).name for s in after["sources"]] == ["source.txt"]
    assert after["sources"][0]["review"]["verdict"] == "confirmed"
    assert after["sources"][0]["review"]["note"] == "copied section 2"
    assert after["similarity"] == pytest.approx(before["similarity"] - stock_share, abs=0.002)

    # Moved and scanned again: the marks follow the contents, into the scan's JSON too.
    moved = tmp_path / "moved"
    shutil.copytree(docs, moved)
    shutil.rmtree(docs)
    again = tmp_path / "again.json"
    assert main(["scan", str(moved), "-o", str(again), "-q", "--no-cache", *args]) == 0
    data = json.loads(again.read_text(encoding="utf-8"))
    assert data["review"] == {"confirmed": 1, "dismissed": 1}
    verdicts = {
        frozenset(Path(p[s]).name for s in "ab"): p["review"]["verdict"]
        for p in data["pairs"]
        if "review" in p
    }
    assert verdicts == {
        frozenset({"thesis.txt", "other.txt"}): "dismissed",
        frozenset({"thesis.txt", "source.txt"}): "confirmed",
    }

    # An edited thesis is another document: its old marks no longer apply.
    edited = moved / "thesis.txt"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n\nA new closing line.", "utf-8")
    assert main(["scan", str(moved), "-o", str(again), "-q", "--no-cache", *args]) == 0
    assert json.loads(again.read_text(encoding="utf-8"))["review"] == {
        "confirmed": 0,
        "dismissed": 0,
    }


def test_a_dismissed_passage_leaves_only_its_own_text_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = _folder(tmp_path)
    marks, report = tmp_path / "reviews.sqlite3", tmp_path / "report.json"
    assert main(["scan", str(docs), "-o", str(report), "-q", "--no-cache"]) == 0
    thesis, source = str(docs / "thesis.txt"), str(docs / "source.txt")
    args = ["--reviews", str(marks), "--report", str(report)]
    assert main(["review", "dismiss", source, thesis, "--passage", "1", *args]) == 0
    after = _sources(report, docs / "thesis.txt", marks, capsys)
    assert after["dismissed"] == 1
    assert [Path(s["path"]).name for s in after["sources"]] == ["other.txt"]
    assert main(["review", "list", "--format", "json", "--reviews", str(marks)]) == 0
    (mark,) = json.loads(capsys.readouterr().out)
    assert mark["verdict"] == "dismissed" and len(mark["passage"]) == 2
    # `show` numbers the passages as --passage counts them, with the document's own text.
    assert main(["review", "show", thesis, source, *args]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].startswith("partial: ") and shown[0].endswith("not reviewed")
    assert shown[1].lstrip().startswith("1. [dismissed] ")
    assert shown[1].split("] ", 1)[1][:20] in (docs / "source.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--passage", "1"], "needs --report"),
        (["--passage", "9", "--report", "REPORT"], "--passage goes from 1 to"),
    ],
)
def test_a_passage_mark_that_cannot_be_placed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], reason: str
) -> None:
    docs = _folder(tmp_path)
    report = tmp_path / "report.json"
    assert main(["scan", str(docs), "-o", str(report), "-q", "--no-cache"]) == 0
    extra = [str(report) if e == "REPORT" else e for e in extra]
    thesis, source = str(docs / "thesis.txt"), str(docs / "source.txt")
    marks = ["--reviews", str(tmp_path / "m.sqlite3")]
    capsys.readouterr()
    assert main(["review", "dismiss", thesis, source, *extra, *marks]) == 2
    assert reason in capsys.readouterr().err


def test_marking_a_document_with_itself_or_a_missing_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = _folder(tmp_path)
    thesis = str(docs / "thesis.txt")
    marks = ["--reviews", str(tmp_path / "m.sqlite3")]
    assert main(["review", "confirm", thesis, thesis, *marks]) == 2
    assert "same content" in capsys.readouterr().err
    assert main(["review", "confirm", thesis, str(docs / "gone.txt"), *marks]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["review", "confirm", thesis, *marks]) == 2
    assert "two documents" in capsys.readouterr().err
