"""One document's sources from a scan report: shares, passages, the page, and refusals."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any

import pytest

from neardup import ScanSettings, scan
from neardup.core.features.folding import fold_punctuation
from neardup.core.report.scan_report import report_dict
from neardup.core.report.source_errors import SourceReportError
from neardup.core.report.source_merge import Match, Piece, attribute, merge_matches, source_side
from neardup.core.report.sources import format_source_report, source_report
from neardup.core.report.sources_html import PALETTE, source_report_html
from neardup.core.report.sources_output import write_all_sources
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
        # Pasted as whole paragraphs in one stretch: one passage, in the writer's own case.
        assert len(source.passages) == 1
        passage = source.passages[0]
        assert passage.text == found.text[passage.start : passage.end]
        # (a passage may begin with the end of the sentence before it, where that sentence
        # ends as one in the source does: "…example!" and "…sample." read alike once folded)
        assert any(c.isupper() for c in passage.text[:12])
        # the two sides' own marks, one of a kind for the other
        assert fold_punctuation(passage.source_text) == fold_punctuation(passage.text)
        assert source.share == pytest.approx(source.overlap, abs=0.02)
    entry = next(d for d in report["documents"] if d["path"].endswith("thesis.txt"))
    assert found.similarity == pytest.approx(entry["similarity"]["total"], abs=0.02)
    assert found.similarity == pytest.approx(sum(s.share for s in found.sources))
    text = format_source_report(found)
    assert f"{found.sources[0].share:.1%}" in text and "first.txt" in text


def test_the_page_highlights_each_source_in_its_own_colour(
    scanned: tuple[Path, dict[str, Any]],
) -> None:
    folder, report = scanned
    found = source_report(report, folder / "thesis.txt")
    page = source_report_html(found)
    assert page.count(f"background:{PALETTE[0]}") >= len(found.sources[0].passages) + 1  # legend
    assert page.count(f"background:{PALETTE[1]}") >= len(found.sources[1].passages) + 1
    assert f"<b>{found.similarity:.1%}</b>" in page
    assert "<script" not in page
    assert "found in 2 other documents;" in page
    one = source_report(report, folder / "first.txt")  # only the thesis took from it
    assert len(one.sources) == 1 and "found in 1 other document;" in source_report_html(one)


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
    with pytest.raises(SourceReportError, match="could not be read by the scan") as refused:
        source_report(report, folder / "broken.pdf")
    # Codes beside the English, the reading problem's own among them, for a window's language.
    assert refused.value.code == "scan-problem"
    assert refused.value.reason_code == "pdf-invalid"
    stranger = tmp_path / "stranger.txt"
    stranger.write_text("not scanned", encoding="utf-8")
    with pytest.raises(SourceReportError, match="not among the documents"):
        source_report(report, stranger)
    info = thesis.stat()
    # Blanked to the same size and time: it passes for the file scanned, then cannot be read.
    original = thesis.read_bytes()
    thesis.write_bytes(b" " * len(original))
    os.utime(thesis, ns=(info.st_atime_ns, info.st_mtime_ns))
    with pytest.raises(SourceReportError, match="Cannot read") as refused:
        source_report(report, thesis)
    assert (refused.value.code, refused.value.reason_code) == ("source-unreadable", "no-text")
    assert refused.value.params["path"] == str(thesis)
    thesis.write_bytes(original)
    thesis.write_text(thesis.read_text(encoding="utf-8") + " more", encoding="utf-8")
    with pytest.raises(SourceReportError, match="changed since the scan"):
        source_report(report, thesis)
    # Same size, another modification time: a rewrite the report cannot vouch for either.
    thesis.write_text("x" * info.st_size, encoding="utf-8")
    os.utime(thesis, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    with pytest.raises(SourceReportError, match="changed since the scan"):
        source_report(report, thesis)


def test_touching_and_overlapping_matches_of_one_source_are_one_passage() -> None:
    text = "alpha beta gamma. delta epsilon, zeta eta theta iota"
    gamma, delta = text.index("gamma"), text.index("delta")
    matches = [
        Match(0, gamma + 5, 0, 100, 100 + gamma + 5),
        Match(delta, delta + 13, 0, 100 + delta, 100 + delta + 13),  # only ". " between
        Match(3, 10, 0, 900, 907),  # a phrase paired with another occurrence in the source
        Match(text.index("theta"), len(text), 0, 500, 510),  # a word away: its own passage
    ]
    merged = merge_matches(matches, text)
    assert [(m.start, m.end) for m in merged] == [
        (0, delta + 13),
        (text.index("theta"), len(text)),
    ]
    # The source side follows the diagonal of the longest match, not the stray phrase.
    assert (merged[0].source_start, merged[0].source_end) == (100, 100 + delta + 13)


def test_a_share_the_scan_did_not_measure_is_not_reported_as_zero(tmp_path: Path) -> None:
    folder = _thesis_folder(tmp_path / "theses")
    settings = ScanSettings(workers=1, use_cache=False, detect_partial=False)
    report = report_dict(scan([folder], settings))
    found = source_report(report, folder / "other.txt")
    assert found.similarity is None and found.similarity_excluding_citations is None
    assert "not measured" in format_source_report(found)


def test_a_document_reached_through_a_symlinked_folder_is_found(tmp_path: Path) -> None:
    folder = _thesis_folder(tmp_path / "theses")
    link = tmp_path / "link"
    link.symlink_to(folder, target_is_directory=True)
    report = report_dict(scan([link], ScanSettings(workers=1, use_cache=False)))
    assert source_report(report, folder / "thesis.txt").sources
    assert source_report(report, link / "thesis.txt").sources


def test_sources_the_document_copies_from_come_before_other_versions_of_it() -> None:
    text = "word " * 40
    whole, part = [Piece(0, len(text), False)], [Piece(20, 60, False)]
    # A duplicate and a near-duplicate of the document cover all of it, a source a part.
    attribution = attribute(text, [whole, whole, part], tiers=[2, 1, 0])
    assert attribution.order == [2, 1, 0]
    assert attribution.share(2) == pytest.approx(32 / 160)
    assert attribution.share(1) == pytest.approx(1 - 32 / 160)
    assert attribution.share(0) == 0
    # Within a tier, the source that covers most of what is left comes first.
    small, large = [Piece(0, 40, False)], [Piece(20, 120, True)]
    ranked = attribute(text, [small, large], tiers=[0, 0])
    assert ranked.order == [1, 0]
    assert ranked.share(1, uncited_only=True) == 0
    # An uncited match wins its characters over a cited one ranked before it.
    assert ranked.share(0) == pytest.approx(32 / 160)  # words 1-8
    assert ranked.share(0) + ranked.share(1) == pytest.approx(96 / 160)  # words 1-24


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
    assert "4 documents hold this text" in format_source_report(found)
    assert "4 个文档中都有这段文本" in format_source_report(found, "zh_CN")


def test_each_piece_of_an_edited_copy_shows_its_own_text_in_the_source(tmp_path: Path) -> None:
    """A copy cut into pieces at its quotations: each piece's text in the source is the same
    text, where the copy's edits elsewhere moved it (each piece's source side was measured
    from the merged passage's ends, and gained the characters the copy had dropped)."""
    body = paragraphs(51, "zh", count=6)
    # two quotations, so that a piece lies between them, and an edit after both
    quoted = f"{body[1][:40]}“{body[2][:30]}”{body[1][40:]}“{body[2][30:60]}”{body[4][:50]}"
    original = [body[0], quoted, *body[3:]]
    edited = [body[0], quoted, body[3].replace(body[3][20:26], "", 1), *body[4:]]
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "original.txt").write_text("\n\n".join(original), encoding="utf-8")
    (folder / "edited.txt").write_text("\n\n".join(edited), encoding="utf-8")
    report = report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, folder / "edited.txt")
    [source] = found.sources
    assert len(source.passages) >= 5  # cut at the quotations' marks
    whole_source = (folder / "original.txt").read_text(encoding="utf-8")
    verbatim = [p for p in source.passages if p.text in whole_source]
    assert len(verbatim) >= 4
    for passage in verbatim:
        assert passage.source_text == passage.text, (passage.text[:20], passage.source_text[:20])


def test_a_piece_finds_its_edges_in_the_source_near_where_the_passage_puts_them() -> None:
    text = "abc 0123456789 said: “quoted words here” and the rest of it"
    source = "abc 0123456789 said: “quoted words here” and the rest of it, longer"
    match = Match(0, len(text), 0, 0, len(source))
    quote = text.index("“"), text.index("”") + 1
    assert source_side(match, *quote, text, source) == quote  # not shifted by the tail
    head = (0, text.index("“"))
    assert source_side(match, *head, text, source) == head
    # an edge whose text the source does not hold keeps where the passage puts it
    assert source_side(Match(0, 12, 0, 10, 22), 2, 8, "z" * 12, "x" * 30) == (12, 18)
    # the merged passage's own edges are kept as verification found them, though a few
    # characters beside them recur nearby ("the ")
    mine = "the old report says the river floods the valley in spring"
    theirs = "a new report says the river floods the valley in spring"
    whole = Match(0, len(mine), 0, 0, len(theirs))
    assert source_side(whole, 0, len(mine), mine, theirs) == (0, len(theirs))


def test_the_summary_names_the_source_with_the_largest_share_as_the_window_does(
    tmp_path: Path,
) -> None:
    """The report lists an edited copy of the document after the sources it draws on; the
    summary's largest source is still the one holding the most of it (the edited copy),
    as the window's "largest source" column says."""
    body = paragraphs(61, "zh", count=8)
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "original.txt").write_text("\n\n".join(body), encoding="utf-8")
    edited = [*body[:3], body[3].replace(body[3][10:14], "", 1), *body[4:]]
    (folder / "edited.txt").write_text("\n\n".join(edited), encoding="utf-8")
    own = paragraphs(62, "zh", count=8)
    (folder / "borrower.txt").write_text("\n\n".join([*own, *body[2:4]]), encoding="utf-8")
    report = report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, folder / "original.txt")
    names = [Path(s.path).name for s in found.sources]
    assert names == ["borrower.txt", "edited.txt"]  # the edited copy, another version, last
    outcome = write_all_sources(report, tmp_path / "out", "json", documents=[str(found.path)])
    with (tmp_path / "out" / "summary.csv").open(encoding="utf-8") as summary:
        [row] = list(csv.DictReader(summary))
    assert outcome.summary is not None and Path(row["largest_source"]).name == "edited.txt"
    assert float(row["largest_share"]) == pytest.approx(found.sources[1].share, abs=1e-4)
