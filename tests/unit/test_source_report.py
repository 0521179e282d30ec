"""One document's sources from a scan report: shares, passages, the page, and refusals."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from neardup import ScanSettings, scan
from neardup.core.report.scan_report import report_dict
from neardup.core.report.sources import (
    PALETTE,
    Source,
    SourceReport,
    SourceReportError,
    _segments,
    _sources,
    format_source_report,
    source_report,
    source_report_html,
)
from textgen import document, paragraphs


def _thesis_folder(root: Path) -> Path:
    """A thesis pasting a third of one source and a sixth of another, and an unrelated text."""
    first = paragraphs(31, "en", count=12)
    second = paragraphs(32, "en", count=12)
    own = paragraphs(33, "en", count=12)
    root.mkdir()
    (root / "first.txt").write_text("\n\n".join(first), encoding="utf-8")
    (root / "second.txt").write_text("\n\n".join(second), encoding="utf-8")
    thesis = [*own[:4], *first[2:6], *own[4:8], *second[5:7], *own[8:]]
    (root / "thesis.txt").write_text("\n\n".join(thesis), encoding="utf-8")
    (root / "other.txt").write_text(document(34, "en"), encoding="utf-8")
    (root / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    return root


@pytest.fixture
def scanned(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    folder = _thesis_folder(tmp_path / "theses")
    return folder, report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))


def _pair(report: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    for pair in report["pairs"]:
        if {Path(pair["a"]).name, Path(pair["b"]).name} == {a, b}:
            return dict(pair)
    raise AssertionError(f"no pair {a} / {b}")


def test_the_sources_of_a_thesis_come_with_their_shares_and_passages(
    scanned: tuple[Path, dict[str, Any]],
) -> None:
    folder, report = scanned
    found = source_report(report, folder / "thesis.txt")
    assert [Path(s.path).name for s in found.sources] == ["first.txt", "second.txt"]
    for source in found.sources:
        pair = _pair(report, "thesis.txt", Path(source.path).name)
        side = "a" if Path(pair["a"]).name == "thesis.txt" else "b"
        assert source.overlap == pair[f"overlap_{side}"]
        assert source.kind == pair["kind"] == "partial"
        assert source.spans
        # Each passage is text of the source: pasted whole, so found there word for word.
        source_text = " ".join(Path(source.path).read_text(encoding="utf-8").lower().split())
        for start, end in source.spans:
            assert " ".join(found.text[start:end].split()) in source_text
    entry = next(d for d in report["documents"] if d["path"].endswith("thesis.txt"))
    assert found.total == entry["similarity"]["total"]
    assert found.total is not None and found.total >= found.sources[0].overlap
    text = format_source_report(found)
    assert f"{found.sources[0].overlap:.1%}" in text and "first.txt" in text


def test_the_page_highlights_each_source_in_its_own_colour(
    scanned: tuple[Path, dict[str, Any]],
) -> None:
    folder, report = scanned
    found = source_report(report, folder / "thesis.txt")
    page = source_report_html(found)
    assert page.count(f"background:{PALETTE[0]}") >= len(found.sources[0].spans) + 1  # + legend
    assert page.count(f"background:{PALETTE[1]}") >= len(found.sources[1].spans) + 1
    assert f"<b>{found.total:.1%}</b>" in page
    assert "<script" not in page


def test_a_document_without_sources_reads_as_such(scanned: tuple[Path, dict[str, Any]]) -> None:
    folder, report = scanned
    found = source_report(report, folder / "other.txt")
    assert found.sources == ()
    assert "No sources." in format_source_report(found)
    assert "<mark" not in source_report_html(found)


def test_a_changed_file_a_problem_file_and_a_stranger_are_refused(
    scanned: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, report = scanned
    thesis = folder / "thesis.txt"
    with pytest.raises(SourceReportError, match="could not be read by the scan"):
        source_report(report, folder / "broken.pdf")
    stranger = tmp_path / "stranger.txt"
    stranger.write_text("not scanned", encoding="utf-8")
    with pytest.raises(SourceReportError, match="not among the documents"):
        source_report(report, stranger)
    info = thesis.stat()
    thesis.write_text(thesis.read_text(encoding="utf-8") + " more", encoding="utf-8")
    with pytest.raises(SourceReportError, match="changed since the scan"):
        source_report(report, thesis)
    # Same size, another modification time: a rewrite the report cannot vouch for either.
    thesis.write_text("x" * info.st_size, encoding="utf-8")
    os.utime(thesis, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    with pytest.raises(SourceReportError, match="changed since the scan"):
        source_report(report, thesis)


def test_segments_name_every_source_covering_a_stretch() -> None:
    sources = [
        Source("a.txt", 0.5, "partial", ((2, 6), (10, 12))),
        Source("b.txt", 0.2, "partial", ((4, 8),)),
    ]
    assert _segments(14, sources) == [
        (0, 2, []),
        (2, 4, [0]),
        (4, 6, [0, 1]),
        (6, 8, [1]),
        (8, 10, []),
        (10, 12, [0]),
        (12, 14, []),
    ]
    page = source_report_html(SourceReport(Path("t.txt"), "x" * 14, None, tuple(sources)))
    assert 'title="a.txt (50%); b.txt (20%)"' in page  # the overlap names both


def test_a_share_the_scan_did_not_measure_is_not_reported_as_zero(tmp_path: Path) -> None:
    folder = _thesis_folder(tmp_path / "theses")
    settings = ScanSettings(workers=1, use_cache=False, detect_partial=False)
    report = report_dict(scan([folder], settings))
    found = source_report(report, folder / "other.txt")
    assert found.total is None
    assert "not measured" in format_source_report(found)


def test_a_document_reached_through_a_symlinked_folder_is_found(tmp_path: Path) -> None:
    folder = _thesis_folder(tmp_path / "theses")
    link = tmp_path / "link"
    link.symlink_to(folder, target_is_directory=True)
    report = report_dict(scan([link], ScanSettings(workers=1, use_cache=False)))
    assert source_report(report, folder / "thesis.txt").sources
    assert source_report(report, link / "thesis.txt").sources


def test_copied_passages_take_the_colours_before_other_versions_of_the_document() -> None:
    sources = (
        Source("draft.txt", 1.0, "duplicate", ()),
        Source("final.txt", 0.9, "near-duplicate", ((0, 10),)),
        Source("book.txt", 0.2, "partial", ((2, 6),)),
    )
    found = SourceReport(Path("thesis.txt"), "x" * 12, 1.0, sources)
    report = {
        "settings": {},
        "summary": {},
        "pairs": [
            {
                "a": "thesis.txt",
                "b": s.path,
                "kind": s.kind,
                "overlap_a": s.overlap,
                "passages": [{"a": list(span), "b": list(span)} for span in s.spans],
            }
            for s in sources
        ],
    }
    ordered = [s.path for s in _sources(report, "thesis.txt")]
    assert ordered == ["book.txt", "final.txt", "draft.txt"]
    page = source_report_html(
        SourceReport(
            found.path,
            found.text,
            1.0,
            tuple(next(s for s in sources if s.path == p) for p in ordered),
        )
    )
    assert f'<mark style="background:{PALETTE[0]}" title="book.txt (20%); final.txt (90%)">' in page
    assert "the whole text" in page


def test_a_damaged_report_is_refused_as_not_a_report(tmp_path: Path) -> None:
    from neardup.core.report.scan_report import read_report

    for damaged in (
        '{"documents": "x", "pairs": [], "groups": [], "problems": []}',
        '{"documents": [1], "pairs": [], "groups": [], "problems": []}',
        "[]",
    ):
        path = tmp_path / "r.json"
        path.write_text(damaged, encoding="utf-8")
        with pytest.raises(ValueError, match="not a NearDup scan report"):
            read_report(path)


def test_a_source_whose_text_many_documents_hold_is_marked_common(tmp_path: Path) -> None:
    licence = "\n\n".join(paragraphs(900, "en", count=6))
    for n in range(4):
        own = document(940 + n, "en", count=2)
        (tmp_path / f"package-{n}.txt").write_text(f"{own}\n\n{licence}", encoding="utf-8")
    report = report_dict(scan([tmp_path], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, tmp_path / "package-0.txt")
    assert len(found.sources) == 3 and all(s.shared_by == 4 for s in found.sources)
    assert "common text, held by 4 documents" in format_source_report(found)
