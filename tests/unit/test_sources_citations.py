"""A teacher's sources report on real theses: original text, merged sources, both figures.

The documents are built here: a Chinese thesis (.docx) that quotes one passage of a source,
pastes another without quotation marks and ends with a 参考文献 list that matches the
source's own references; the source exists as .docx and as a .txt copy; an English paper
does the same with "References". They are scanned, and the reports checked against what
`neardup extract` gives for each document.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docgen import write_docx, write_pdf
from neardup import ScanSettings, scan
from neardup.core.extract import extract
from neardup.core.models import Document
from neardup.core.report import CitationOptions, SourceReport, source_report
from neardup.core.report.scan_report import report_dict
from textgen import paragraphs
from theses import EN_REFERENCES, chinese_theses


@pytest.fixture(scope="module")
def zh_scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Path], dict[str, Any]]:
    files = chinese_theses(tmp_path_factory.mktemp("zh") / "theses")
    report = report_dict(scan([files["thesis"].parent], ScanSettings(workers=1, use_cache=False)))
    return files, report


def _extracted(path: Path) -> str:
    document = extract(path)
    assert isinstance(document, Document)
    return document.text


def _check_slices(found: SourceReport) -> None:
    """Every passage is the slice of what `neardup extract` prints, on both sides."""
    text = _extracted(found.path)
    assert found.text == text
    for source in found.sources:
        source_texts = {p: _extracted(Path(p)) for p in (source.path, *source.alternatives)}
        for passage in source.passages:
            assert passage.text == text[passage.start : passage.end]
            assert passage.text.strip() == passage.text
            assert (
                passage.source_text
                == source_texts[passage.source_path][passage.source_start : passage.source_end]
            )


def test_a_chinese_thesis_has_both_figures_and_one_source_for_two_copies(
    zh_scan: tuple[dict[str, Path], dict[str, Any]],
) -> None:
    files, report = zh_scan
    found = source_report(report, files["thesis"])
    _check_slices(found)
    assert len(found.sources) == 1
    source = found.sources[0]
    assert {source.path, *source.alternatives} == {str(files["source"]), str(files["source_copy"])}
    assert found.similarity is not None and found.similarity_excluding_citations is not None
    assert found.similarity == pytest.approx(sum(s.share for s in found.sources))
    assert found.similarity_excluding_citations < found.similarity
    texts = {p.text: p.cited for p in source.passages}
    thesis_text = _extracted(files["thesis"])
    quotation = thesis_text[thesis_text.index("“") + 1 : thesis_text.index("”")]
    # The pasted paragraphs are one passage, not cited; in the writer's full-width punctuation.
    pasted = [p for p in source.passages if not p.cited]
    assert len(pasted) == 1
    assert pasted[0].text.startswith(thesis_text.split("\n")[7][:20])
    assert "。" in pasted[0].text
    # The quotation and the reference list are found, and cited.
    # (with the marks that close it: the full stop, and here the closing quotation mark)
    assert any(cited and text.removesuffix("”") in quotation for text, cited in texts.items())
    assert any(cited and "清华大学" in text for text, cited in texts.items())


def test_excluding_nothing_gives_the_total_and_a_threshold_drops_short_matches(
    zh_scan: tuple[dict[str, Path], dict[str, Any]],
) -> None:
    files, report = zh_scan
    everything = source_report(
        report,
        files["thesis"],
        citations=CitationOptions(
            exclude_quotes=False, exclude_references=False, min_match_words=0
        ),
    )
    assert everything.similarity_excluding_citations == pytest.approx(everything.similarity)
    assert not any(p.cited for s in everything.sources for p in s.passages)
    strict = source_report(report, files["thesis"], citations=CitationOptions(min_match_words=1000))
    assert strict.similarity == pytest.approx(everything.similarity)
    assert strict.similarity_excluding_citations == 0


def test_the_source_side_reports_its_copies_and_the_unrelated_nothing(
    zh_scan: tuple[dict[str, Path], dict[str, Any]],
) -> None:
    files, report = zh_scan
    found = source_report(report, files["source"])
    _check_slices(found)
    names = [Path(s.path).name for s in found.sources]
    # The thesis that copies from it first; its own .txt copy (all of it) holds the rest,
    # as another version of the document itself: the shares add up to the total.
    assert names == ["thesis.docx", "source.txt"]
    assert found.sources[1].kind == "duplicate" and found.sources[1].share > 0
    assert found.similarity == pytest.approx(sum(s.share for s in found.sources))
    assert found.similarity == pytest.approx(1.0, abs=0.01)
    nothing = source_report(report, files["unrelated"])
    assert nothing.sources == () and nothing.similarity == 0


def test_an_english_paper_with_references_and_pdf_pages(tmp_path: Path) -> None:
    source = paragraphs(51, "en", count=8)
    own = paragraphs(52, "en", count=8)
    folder = tmp_path / "papers"
    folder.mkdir()
    write_pdf(folder / "source.pdf", [" ".join(source[:4]), " ".join(source[4:])])
    write_docx(
        folder / "paper.docx",
        [*own[:4], source[5], *own[4:], "References", *EN_REFERENCES],
    )
    write_docx(
        folder / "cited.docx", [*paragraphs(53, "en", count=8), "References", *EN_REFERENCES]
    )
    report = report_dict(scan([folder], ScanSettings(workers=1, use_cache=False)))
    found = source_report(report, folder / "paper.docx")
    _check_slices(found)
    by_name = {Path(s.path).name: s for s in found.sources}
    assert set(by_name) == {"source.pdf", "cited.docx"}
    assert all(p.cited for p in by_name["cited.docx"].passages)
    assert by_name["cited.docx"].share_excluding_citations == 0
    pasted = by_name["source.pdf"].passages
    assert len(pasted) == 1 and not pasted[0].cited
    assert pasted[0].page is None and pasted[0].source_page == 2  # the .docx has no pages
    assert pasted[0].text[0].isupper()  # the writer's own case, not the normalised text
    assert found.similarity_excluding_citations == pytest.approx(by_name["source.pdf"].share)
    assert found.similarity is not None
    assert found.similarity > found.similarity_excluding_citations


def test_compare_shows_each_documents_own_text(
    zh_scan: tuple[dict[str, Path], dict[str, Any]],
) -> None:
    from neardup.core.report import compare_files, format_comparison
    from neardup.core.report.comparison import comparison_html

    files, _ = zh_scan
    comparison = compare_files(files["thesis"], files["source"])
    text, spans = comparison.shown("a")
    assert text == _extracted(files["thesis"]) and spans
    assert any("。" in text[start:end] for start, end in spans)
    assert "。" in format_comparison(comparison)
    assert "参考文献" in comparison_html(comparison) and "。" in comparison_html(comparison)
