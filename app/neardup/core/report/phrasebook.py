"""The words of a sources report, in each language a report is written in.

Role: the sources reports' phrasebook. The text, HTML and PDF reports take every label and
sentence from a `ReportWords`, so that the report a teacher hands to a student reads in the
language of the window that made it (the GUI passes its own; the CLI takes ``--language``).
The phrases are plain data here, so the core needs none of Qt's translation machinery; a test
checks that every language fills the same placeholders. JSON reports and the batch's
``summary.csv`` are data, not prose: their keys stay as they are in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from neardup.core.report.languages import CHINESE, ENGLISH, report_language


@dataclass(frozen=True, slots=True)
class ReportWords:
    """One language's phrases; ``{name}`` fields are filled with `str.format`."""

    language: str  # as the HTML page declares it
    list_separator: str
    clause_separator: str
    comma: str  # between a place and what follows it
    bracketed: str  # {text}
    labelled: str  # {label} {text}: a label, then what it says
    sentence_gap: str  # between two sentences
    sentence_end: str
    aside: str  # {text} {note}: a remark in brackets after a text
    # Kinds of pair and verdicts of a review, as the report's data names them.
    kind_duplicate: str
    kind_near_duplicate: str
    kind_partial: str
    verdict_confirmed: str
    verdict_dismissed: str
    # What "excluding citations" leaves out.
    cites_quotations: str
    cites_references: str
    cites_short_matches: str  # {words} {chars}
    cites_nothing: str
    # Figures and the sources.
    not_measured: str
    not_measured_by_scan: str
    found_in_others: str  # {figure}
    excluding_citations_of: str  # {described} {figure}
    dismissed_count: str  # {count}
    dismissed_sentence: str  # {count}
    no_sources: str
    no_text_found: str
    share_excluding: str  # {share} {excluding}
    passage_one: str
    passage_count: str  # {count}
    common_text: str  # {count}
    on_review: str  # {verdict}
    also: str  # {name}
    page_short: str  # {page}
    cited_tag: str
    cited: str
    # The HTML page.
    page_title: str  # {name}
    found_in_count: str  # {count}
    found_in_one: str  # {count}: the same, of one other document
    found_share_sentence: str  # {similarity} {count} {excluding}
    found_share_one: str  # {similarity} {count} {excluding}: the same, of one
    outlined_in_text: str
    passage_title: str  # {name} {share} {number}
    on_page: str  # {page}
    # Column heads.
    head_source: str
    head_share: str
    head_excluding: str
    head_kind: str
    head_passages: str
    head_number: str
    head_in_document: str
    head_in_source: str
    # The PDF.
    similarity_report: str
    report_made: str  # {made}
    pages: str  # {count}
    total_similarity: str
    excluding_citations: str
    leaves_out: str  # {described}
    sources: str
    full_text: str
    highlighting_note: str
    beside_sources: str
    more_characters: str  # {count}
    footer: str  # {date}
    footer_page: str  # {page}
    document_title: str  # {name}
    # The scan's settings.
    settings_unknown: str
    settings_line: str  # {parts}
    weights: str  # {weighting}
    tokenizer: str  # {tokenizer}
    partial_from: str  # {share}
    not_folded: str
    common_left_out: str  # {count}

    def kind(self, kind: str) -> str:
        """A pair's kind (``duplicate``, ``near-duplicate``, ``partial``) in these words."""
        names = {
            "duplicate": self.kind_duplicate,
            "near-duplicate": self.kind_near_duplicate,
            "partial": self.kind_partial,
        }
        return names.get(kind, kind)

    @property
    def column_heads(self) -> tuple[str, ...]:
        """The sources table's column heads, after the column of the source's colour."""
        return (
            self.head_source,
            self.head_share,
            self.head_excluding,
            self.head_kind,
            self.head_passages,
        )

    def reviewed(self, review: dict[str, Any]) -> str:
        """A source's review mark ("confirmed on review") in these words, its note apart."""
        return self.on_review.format(verdict=self.verdict(str(review["verdict"])))

    def verdict(self, verdict: str) -> str:
        names = {"confirmed": self.verdict_confirmed, "dismissed": self.verdict_dismissed}
        return names.get(verdict, verdict)

    def passages_of(self, count: int) -> str:
        return self.passage_one if count == 1 else self.passage_count.format(count=count)

    def percent(self, value: float | None) -> str:
        return self.not_measured if value is None else f"{value:.1%}"

    def citations(self, quotes: bool, references: bool, min_words: int, min_chars: int) -> str:
        """What "excluding citations" leaves out (`CitationOptions.describe`)."""
        parts = []
        if quotes:
            parts.append(self.cites_quotations)
        if references:
            parts.append(self.cites_references)
        if min_words:
            parts.append(self.cites_short_matches.format(words=min_words, chars=min_chars))
        return self.list_separator.join(parts) if parts else self.cites_nothing

    def scan_settings(self, settings: dict[str, Any]) -> str:
        """One line of the settings the scan ran with, as the report recorded them."""
        if not settings:
            return self.settings_unknown
        parts = [f"NearDup {settings.get('version', '?')}"]
        if "threshold" in settings:
            parts.append(f"k = {settings['threshold']}")
        if "weighting" in settings:
            parts.append(self.weights.format(weighting=settings["weighting"]))
        if "tokenizer" in settings:
            parts.append(self.tokenizer.format(tokenizer=settings["tokenizer"]))
        if settings.get("detect_partial", True) and isinstance(settings.get("min_overlap"), float):
            parts.append(self.partial_from.format(share=f"{settings['min_overlap']:.0%}"))
        if settings.get("fold") is False:
            parts.append(self.not_folded)
        common = settings.get("exclude_common")
        if common:
            parts.append(self.common_left_out.format(count=common))
        return self.settings_line.format(parts=self.list_separator.join(parts))

    def every_character(self) -> str:
        """Every character of these words (a PDF's font, cut down to what it prints)."""
        return "".join(str(getattr(self, f.name)) for f in fields(self))


ENGLISH_WORDS = ReportWords(
    language="en",
    list_separator=", ",
    clause_separator="; ",
    comma=", ",
    bracketed="({text})",
    labelled="{label}: {text}",
    sentence_gap=" ",
    sentence_end=".",
    aside="{text} ({note})",
    kind_duplicate="duplicate",
    kind_near_duplicate="near-duplicate",
    kind_partial="partial",
    verdict_confirmed="confirmed",
    verdict_dismissed="dismissed",
    cites_quotations="quotations",
    cites_references="the reference list",
    cites_short_matches="matches under {words} words ({chars} Chinese characters)",
    cites_nothing="nothing",
    not_measured="not measured",
    not_measured_by_scan="not measured by this scan",
    found_in_others="Found in other documents: {figure}",
    excluding_citations_of="Excluding citations ({described}): {figure}",
    dismissed_count="Dismissed on review, left out of the figures: {count}",
    dismissed_sentence="{count} match(es) dismissed on review are left out of both figures.",
    no_sources="No sources.",
    no_text_found="No text of this document was found in another scanned document.",
    share_excluding="{share} ({excluding} excluding citations)",
    passage_one="1 passage",
    passage_count="{count} passages",
    common_text="{count} documents hold this text",
    on_review="{verdict} on review",
    also="also: {name}",
    page_short="p. {page}",
    cited_tag="[cited]",
    cited="cited",
    page_title="NearDup: sources of {name}",
    found_in_count="Found in {count} other documents (similarity not measured by this scan).",
    found_in_one="Found in {count} other document (similarity not measured by this scan).",
    found_share_sentence=(
        "{similarity} of this document is found in {count} other documents; "
        "{excluding} excluding citations"
    ),
    found_share_one=(
        "{similarity} of this document is found in {count} other document; "
        "{excluding} excluding citations"
    ),
    outlined_in_text="outlined in the text",
    passage_title="{name} ({share}), passage {number}",
    on_page="page {page}",
    head_source="Source",
    head_share="Share",
    head_excluding="Excluding citations",
    head_kind="Kind",
    head_passages="Passages",
    head_number="No.",
    head_in_document="In this document",
    head_in_source="In the source",
    similarity_report="Similarity report",
    report_made="Report made {made}",
    pages="{count} pages",
    total_similarity="Total similarity",
    excluding_citations="Excluding citations",
    leaves_out="Excluding citations leaves out {described}; cited passages are underlined in "
    "the text.",
    sources="Sources",
    full_text="Full text",
    highlighting_note=(
        "Each source's passages are highlighted in its colour and numbered source.passage; "
        "cited passages are underlined, not filled."
    ),
    beside_sources="Passages beside their sources",
    more_characters="({count} more characters)",
    footer="NearDup similarity report · {date}",
    footer_page="page {page}",
    document_title="Similarity report: {name}",
    settings_unknown="Scan settings: not recorded in the report.",
    settings_line="Scan settings: {parts}.",
    weights="{weighting} weights",
    tokenizer="{tokenizer} tokenizer",
    partial_from="partial copies from {share} of a document",
    not_folded="texts compared as written (no folding)",
    common_left_out="passages in {count} or more documents left out",
)

CHINESE_WORDS = ReportWords(
    language="zh-CN",
    list_separator="、",
    clause_separator="；",
    comma="，",
    bracketed="（{text}）",
    labelled="{label}：{text}",
    sentence_gap="",
    sentence_end="。",
    aside="{text}（{note}）",
    kind_duplicate="完全重复",
    kind_near_duplicate="近似重复",
    kind_partial="部分抄袭",
    verdict_confirmed="已确认",
    verdict_dismissed="已排除",
    cites_quotations="引文",
    cites_references="参考文献",
    cites_short_matches="少于 {words} 个词（{chars} 个汉字）的匹配",
    cites_nothing="无",
    not_measured="未测量",
    not_measured_by_scan="本次扫描未测量",
    found_in_others="在其他文档中找到：{figure}",
    excluding_citations_of="去除引用（{described}）：{figure}",
    dismissed_count="审阅时排除、不计入比例的匹配：{count}",
    dismissed_sentence="审阅时排除的 {count} 处匹配不计入两项比例。",
    no_sources="没有来源。",
    no_text_found="在其他扫描的文档中没有找到本文档的文本。",
    share_excluding="{share}（去除引用 {excluding}）",
    passage_one="1 个段落",
    passage_count="{count} 个段落",
    common_text="{count} 个文档中都有这段文本",
    on_review="审阅：{verdict}",
    also="另见：{name}",
    page_short="第 {page} 页",
    cited_tag="［引用］",
    cited="引用",
    page_title="NearDup：{name} 的来源",
    found_in_count="在 {count} 个其他文档中找到（本次扫描未测量相似度）。",
    found_in_one="在 {count} 个其他文档中找到（本次扫描未测量相似度）。",
    found_share_sentence=(
        "本文档有 {similarity} 的文本在 {count} 个其他文档中找到；去除引用为 {excluding}"
    ),
    found_share_one=(
        "本文档有 {similarity} 的文本在 {count} 个其他文档中找到；去除引用为 {excluding}"
    ),
    outlined_in_text="在正文中加框标出",
    passage_title="{name}（{share}），段落 {number}",
    on_page="第 {page} 页",
    head_source="来源",
    head_share="比例",
    head_excluding="去除引用",
    head_kind="类型",
    head_passages="段落",
    head_number="编号",
    head_in_document="本文档中",
    head_in_source="来源中",
    similarity_report="相似度报告",
    report_made="报告生成于 {made}",
    pages="{count} 页",
    total_similarity="总相似度",
    excluding_citations="去除引用",
    leaves_out="去除引用时不计：{described}；引用的段落在正文中加下划线。",
    sources="来源",
    full_text="全文",
    highlighting_note="每个来源的段落以其颜色标出，编号为“来源.段落”；引用的段落加下划线，不填色。",
    beside_sources="段落与来源对照",
    more_characters="（另有 {count} 个字符）",
    footer="NearDup 相似度报告 · {date}",
    footer_page="第 {page} 页",
    document_title="相似度报告：{name}",
    settings_unknown="扫描设置：报告中没有记录。",
    settings_line="扫描设置：{parts}。",
    weights="加权方式 {weighting}",
    tokenizer="分词器 {tokenizer}",
    partial_from="文档的 {share} 以上算部分抄袭",
    not_folded="按原文比较（未将繁体视为简体、形似字母视为同一字母）",
    common_left_out="不计 {count} 个或更多文档都有的段落",
)

_BY_LANGUAGE = {ENGLISH: ENGLISH_WORDS, CHINESE: CHINESE_WORDS}


def report_words(language: str = ENGLISH) -> ReportWords:
    """The words of ``language`` (as `report_language` reads it)."""
    return _BY_LANGUAGE[report_language(language)]
