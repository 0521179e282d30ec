"""The sources reports in the language of the person who hands them out: English or Chinese.

A Chinese thesis and its source are written and scanned here (tests/support/theses.py); its
text, HTML and PDF reports are made in each language and read back (the PDF through PDFium).
"""

from __future__ import annotations

import copy
import re
import string
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from neardup import ScanSettings, scan
from neardup.core.report import (
    REPORT_LANGUAGES,
    CitationOptions,
    SourceReport,
    format_source_report,
    report_words,
    source_report,
    source_report_html,
    source_report_pdf,
    write_all_sources,
)
from neardup.core.report.phrasebook import CHINESE_WORDS, ENGLISH_WORDS, ReportWords
from neardup.core.report.scan_report import report_dict
from pdf_text import page_texts
from theses import chinese_theses

# English words of the report that must not be left in a Chinese one.
ENGLISH_LABELS = (
    "Similarity report",
    "Total similarity",
    "Excluding citations",
    "Sources",
    "Full text",
    "Passages beside their sources",
    "Found in other documents",
    "partial",
    "near-duplicate",
    "page ",
    "on review",
    "also:",
    "cited",
    "Scan settings",
    "dismissed",
    "confirmed",
)


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_fills_the_same_placeholders_and_leaves_no_phrase_empty() -> None:
    for words in (report_words(language) for language in REPORT_LANGUAGES):
        for field in fields(ReportWords):
            english, other = getattr(ENGLISH_WORDS, field.name), getattr(words, field.name)
            assert _placeholders(english) == _placeholders(other), field.name
            assert other.strip() or field.name == "sentence_gap", field.name


def test_a_language_is_named_as_the_window_and_the_command_name_it() -> None:
    assert REPORT_LANGUAGES == ("en", "zh_CN")
    assert report_words() is ENGLISH_WORDS
    assert report_words("zh_CN") is report_words("zh-CN") is report_words("zh") is CHINESE_WORDS
    with pytest.raises(ValueError, match="unknown report language 'fr'; choose en or zh_CN"):
        report_words("fr")


def test_what_excluding_citations_leaves_out_reads_in_each_language() -> None:
    options = CitationOptions(exclude_quotes=True, exclude_references=True, min_match_words=8)
    assert options.describe() == (
        "quotations, the reference list, matches under 8 words (13 Chinese characters)"
    )
    assert options.describe(CHINESE_WORDS) == "引文、参考文献、少于 8 个词（13 个汉字）的匹配"
    assert CitationOptions(False, False, 0).describe(CHINESE_WORDS) == "无"


@pytest.fixture(scope="module")
def thesis(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], SourceReport]:
    root = tmp_path_factory.mktemp("language")
    files = chinese_theses(root / "theses")
    report: dict[str, Any] = report_dict(
        scan([files["thesis"].parent], ScanSettings(workers=1, use_cache=False))
    )
    return report, source_report(report, files["thesis"])


def test_the_text_report_in_chinese(thesis: tuple[dict[str, Any], SourceReport]) -> None:
    _, found = thesis
    [source] = found.sources
    english = format_source_report(found)
    chinese = format_source_report(found, "zh_CN")
    assert "Found in other documents:" in english and source.kind in english
    assert chinese.startswith(str(found.path))
    assert f"在其他文档中找到：{found.similarity:.1%}" in chinese
    assert "去除引用（引文、参考文献、少于 8 个词（13 个汉字）的匹配）：" in chinese
    assert CHINESE_WORDS.kind(source.kind) in chinese
    assert f"{len(source.passages)} 个段落" in chinese
    assert all(label not in chinese for label in ENGLISH_LABELS)
    # the same figures and passages in both: only the words differ
    numbers = re.compile(r"\d+(?:\.\d+)?%|\[\d+:\d+\]")
    assert numbers.findall(english) == numbers.findall(chinese)


def test_a_reviewed_source_reads_in_chinese_with_chinese_punctuation(
    thesis: tuple[dict[str, Any], SourceReport],
) -> None:
    report, found = thesis
    [source] = found.sources
    reviewed = copy.deepcopy(report)
    for pair in reviewed["pairs"]:
        if str(found.path) in (pair["a"], pair["b"]):
            pair["review"] = {"verdict": "confirmed", "note": "已与学生面谈"}
    again = source_report(reviewed, found.path)
    text = format_source_report(again, "zh_CN")
    assert "审阅：已确认：已与学生面谈" in text
    assert f"（{len(source.passages)} 个段落）" in text
    assert all(label not in text for label in ENGLISH_LABELS)
    page = source_report_html(again, "zh_CN")
    assert "<b>审阅：已确认</b>：已与学生面谈" in page
    assert "另见：" in page and "段落 1" in page
    english = format_source_report(again)
    assert "confirmed on review: 已与学生面谈" in english
    assert f"({len(source.passages)} passages)" in english
    pdf = re.sub(r"\s+", "", _pdf_text(source_report_pdf(again, language="zh_CN")))
    assert "审阅：已确认：已与学生面谈" in pdf and "另见：" in pdf
    assert all(re.sub(r"\s+", "", label) not in pdf for label in ENGLISH_LABELS)


def test_the_html_page_in_chinese(thesis: tuple[dict[str, Any], SourceReport]) -> None:
    _, found = thesis
    page = source_report_html(found, "zh_CN")
    assert '<html lang="zh-CN">' in page
    assert f"<title>NearDup：{found.path.name} 的来源</title>" in page
    assert "<th>来源</th><th>比例</th><th>去除引用</th><th>类型</th><th>段落</th>" in page
    assert f"本文档有 <b>{found.similarity:.1%}</b> 的文本在 1 个其他文档中找到" in page
    assert '<html lang="en">' in source_report_html(found)
    header = page.split("</style>")[1].split("<main>")[0]
    titles = re.findall(r'<mark[^>]* title="([^"]*)"', page)  # each passage's tooltip
    assert titles and all("段落" in title for title in titles)
    visible = re.sub(r"<[^>]+>", "", header) + "".join(titles)
    assert all(label not in visible for label in ENGLISH_LABELS)


def _pdf_text(data: bytes) -> str:
    return "".join(page_texts(data))


def test_the_pdf_report_in_chinese(thesis: tuple[dict[str, Any], SourceReport]) -> None:
    _, found = thesis
    text = _pdf_text(source_report_pdf(found, language="zh_CN"))
    squeezed = re.sub(r"\s+", "", text)
    for label in ("相似度报告", "总相似度", "去除引用", "来源", "全文", "段落与来源对照"):
        assert label in squeezed, label
    assert "NearDup相似度报告·" in squeezed and "第1页" in squeezed  # the footer
    assert CHINESE_WORDS.kind(found.sources[0].kind) in squeezed
    assert all(re.sub(r"\s+", "", label) not in squeezed for label in ENGLISH_LABELS)
    english = _pdf_text(source_report_pdf(found))
    assert "Similarity report" in english and "相似度报告" not in english


def test_a_batch_writes_every_report_in_the_language_asked_and_its_summary_as_data(
    thesis: tuple[dict[str, Any], SourceReport], tmp_path: Path
) -> None:
    report, found = thesis
    outcome = write_all_sources(report, tmp_path / "reports", "html", language="zh_CN")
    assert outcome.written and not outcome.problems
    for page in outcome.written:
        assert '<html lang="zh-CN">' in page.read_text(encoding="utf-8")
    assert outcome.summary is not None
    assert outcome.summary.read_text(encoding="utf-8").startswith("document,similarity,")
    with pytest.raises(ValueError, match="unknown report language"):
        write_all_sources(report, tmp_path / "none", "html", language="fr")
    assert not (tmp_path / "none" / "summary.csv").exists()
    assert (tmp_path / "reports" / f"{found.path.stem}.sources.html").exists()
