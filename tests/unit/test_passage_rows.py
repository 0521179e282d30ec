"""A report's passages kept as rows read, compare and write exactly as the dicts they
stand for, on a real scan's report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from neardup import ScanSettings, scan
from neardup.core.report import (
    PassageRows,
    PassageSpans,
    annotate,
    read_report,
    report_dict,
    write_report,
    write_report_data,
)
from neardup.core.report.passage_rows import editable_passages
from neardup.core.store import DocumentKey, ReviewMarks, content_hash
from neardup.core.store.review_marks import Verdict, ordered
from textgen import document, light_edit, paragraphs


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A folder with near-duplicates and partial copies, and its report as `scan` writes it."""
    folder = tmp_path_factory.mktemp("docs")
    for seed in range(4):
        text = document(seed, "en")
        (folder / f"doc{seed}.txt").write_text(text, encoding="utf-8")
        (folder / f"edit{seed}.txt").write_text(light_edit(text, seed), encoding="utf-8")
        taken = paragraphs(seed, "en")  # two paragraphs, far apart: two passages
        host = "\n\n".join([taken[0], *paragraphs(100 + seed, "en", count=14), taken[5]])
        (folder / f"host{seed}.txt").write_text(host, encoding="utf-8")
    report = folder.parent / "report.json"
    result = scan([folder], ScanSettings(workers=1, use_cache=False))
    write_report(result, "json", report)
    return folder, report


def test_rows_read_as_the_reports_dicts_and_write_the_same_report(
    scanned: tuple[Path, Path], tmp_path: Path
) -> None:
    _, report = scanned
    plain = read_report(report)
    compact = read_report(report, compact=True)
    kept = [pair["passages"] for pair in compact["pairs"]]
    assert kept and all(isinstance(passages, PassageRows) for passages in kept)
    assert any(len(passages) > 1 for passages in kept)
    assert compact == plain  # every passage the same dict, compared as the list
    for rows, pair in zip(kept, plain["pairs"], strict=True):
        assert list(rows) == pair["passages"] and rows[0] == pair["passages"][0]
        assert rows[-1:] == pair["passages"][-1:]
    written = tmp_path / "again.json"
    write_report_data(compact, written)
    assert written.read_bytes() == report.read_bytes()
    # A plain report stays plain: what the Python API hands out goes through json.dumps.
    assert json.loads(json.dumps(plain)) == plain


def test_a_scans_report_dict_keeps_verifications_rows(scanned: tuple[Path, Path]) -> None:
    folder, report = scanned
    result = scan([folder], ScanSettings(workers=1, use_cache=False))
    compact = report_dict(result, compact=True)
    assert all(isinstance(pair["passages"], PassageRows) for pair in compact["pairs"])
    assert compact["pairs"] == report_dict(result)["pairs"] == read_report(report)["pairs"]


def test_passages_with_anything_else_in_them_stay_a_list() -> None:
    marked = [{"a": [0, 50], "b": [10, 60], "review": {"verdict": "dismissed"}}]
    uncounted = [{"a": [0, 50], "b": [10, 60], "documents": None}]
    zero = [{"a": [0, 50], "b": [10, 60], "documents": 0}]
    for passages in (marked, uncounted, zero, []):
        assert PassageRows.compacted(passages) is passages
    plain = [{"a": [0, 50], "b": [10, 60]}, {"a": [70, 90], "b": [0, 20], "documents": 3}]
    rows = PassageRows.compacted(plain)
    assert isinstance(rows, PassageRows) and rows == plain and rows.to_list() == plain


def test_a_review_mark_written_into_a_passage_stays(
    scanned: tuple[Path, Path], tmp_path: Path
) -> None:
    _, report = scanned
    data = read_report(report, compact=True)
    pair = next(p for p in data["pairs"] if p["kind"] == "partial")
    first = pair["passages"][0]
    a, b = (DocumentKey(content_hash(Path(pair[s])), Path(pair[s]).stat().st_size) for s in "ab")
    first_key, second_key, _ = ordered(a, b)
    side = "a" if a <= b else "b"  # the first document's side of the pair
    marks = ReviewMarks(tmp_path / "marks.sqlite3")
    try:
        marks.mark(first_key, second_key, Verdict.DISMISSED, passage=tuple(first[side]))
        counts = annotate(data, marks)
    finally:
        marks.close()
    assert counts.dismissed == 1
    assert isinstance(pair["passages"], list)  # made plain to keep the mark
    assert pair["passages"][0]["review"]["verdict"] == "dismissed"
    assert editable_passages(pair) is pair["passages"]


def test_spans_read_as_tuples_seen_from_either_side() -> None:
    spans = PassageSpans.of([(0, 50, 10, 60), (70, 90, 0, 20)])
    assert spans == ((0, 50, 10, 60), (70, 90, 0, 20)) and len(spans) == 2
    assert list(spans.swapped()) == [(10, 60, 0, 50), (0, 20, 70, 90)]
    assert hash(spans) == hash(((0, 50, 10, 60), (70, 90, 0, 20)))
    assert spans[1] == (70, 90, 0, 20) and spans[:1] == [(0, 50, 10, 60)]


def test_a_report_written_line_by_line_is_the_report_as_text(
    scanned: tuple[Path, Path], tmp_path: Path
) -> None:
    folder, _ = scanned
    result = scan([folder], ScanSettings(workers=1, use_cache=False))
    text = write_report(result, "json", None)
    written = tmp_path / "streamed.json"
    assert write_report(result, "json", written) is None
    assert text is not None and written.read_text(encoding="utf-8") == text
    assert json.loads(text) == report_dict(result)
    assert text.startswith('{\n  "version": ') and text.endswith(',\n  "problems": []\n}\n')
    assert not (tmp_path / "streamed.json.part").exists()


def test_a_report_that_fails_half_written_leaves_the_old_one_and_no_part_file(
    tmp_path: Path,
) -> None:
    destination = tmp_path / "report.json"
    destination.write_text("the report before", encoding="utf-8")
    data = {"version": "1", "pairs": [{"a": "x.txt", "b": "y.txt"}, object()]}
    with pytest.raises(TypeError):  # the second pair cannot be written
        write_report_data(data, destination)
    assert destination.read_text(encoding="utf-8") == "the report before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_count_past_64_bits_in_a_report_is_read_as_written(
    scanned: tuple[Path, Path], tmp_path: Path
) -> None:
    _, report = scanned
    data = read_report(report)
    data["pairs"][0]["passages"][0]["a"] = [0, 2**70]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    compact = read_report(edited, compact=True)  # no OverflowError, no traceback
    assert compact["pairs"][0]["passages"] == data["pairs"][0]["passages"]
    assert isinstance(compact["pairs"][1]["passages"], PassageRows)
