"""The sources page of one document: its own text, each source's passages in its colour.

A standalone HTML page (no scripts, no external files) that `neardup sources --format html`
and the GUI write: both figures, the table of sources with their copies, and the full
text with every passage highlighted and numbered; cited passages are outlined, not filled.
"""

from __future__ import annotations

import html
from pathlib import Path

from neardup.core.report.languages import ENGLISH
from neardup.core.report.phrasebook import ReportWords, report_words
from neardup.core.report.sources import Passage, SourceReport

# Light backgrounds that stay readable behind black text; later sources share the last one.
PALETTE = ("#ffe58a", "#a8e6a1", "#9fd3ff", "#ffb8c6", "#d7b8ff", "#ffc98a", "#b8f0ef", "#dddddd")


def colour(index: int) -> str:
    return PALETTE[min(index, len(PALETTE) - 1)]


_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 0; }}
header {{ padding: .8em 1em; background: #f3f3f3; border-bottom: 1px solid #ccc; }}
h1 {{ font-size: 1.1em; margin: 0 0 .3em; word-break: break-all; }}
table {{ border-collapse: collapse; margin-top: .6em; }}
td, th {{ padding: .15em .6em; text-align: left; vertical-align: top; }}
td.share {{ text-align: right; }}
span.swatch {{ display: inline-block; width: 1.2em; height: .9em; vertical-align: middle; }}
small {{ color: #555; }}
main {{ padding: 1em; white-space: pre-wrap; line-height: 1.6; }}
mark {{ color: inherit; }}
mark.cited {{ background: none !important; outline: 2px dashed #999; }}
sup {{ font-size: .7em; color: #555; }}
</style></head><body>
<header><h1>{path}</h1>{summary}
<table><tr><th></th>{heads}</tr>{rows}</table></header>
<main>{text}</main>
</body></html>
"""


def _summary(report: SourceReport, words: ReportWords) -> str:
    count = len(report.sources)
    if report.similarity is None or report.similarity_excluding_citations is None:
        found_in = words.found_in_one if count == 1 else words.found_in_count
        return f"<p>{html.escape(found_in.format(count=count))}</p>"
    dismissed = (
        words.sentence_gap + words.dismissed_sentence.format(count=report.dismissed)
        if report.dismissed
        else ""
    )
    sentence = words.found_share_one if count == 1 else words.found_share_sentence
    found = html.escape(sentence).format(
        similarity=f"<b>{report.similarity:.1%}</b>",
        count=count,
        excluding=f"<b>{report.similarity_excluding_citations:.1%}</b>",
    )
    described = words.clause_separator.join(
        (report.citations.describe(words), words.outlined_in_text)
    )
    note = f"<small>{html.escape(described)}</small>"
    found = html.escape(words.aside).format(text=found, note=note)
    return f"<p>{found}{words.sentence_end}{html.escape(dismissed)}</p>"


def _row(index: int, report: SourceReport, words: ReportWords) -> str:
    source = report.sources[index]
    copies = "".join(
        f"<br><small>{html.escape(words.also.format(name=Path(a).name))}</small>"
        for a in source.alternatives
    )
    if source.review:
        note = source.review.get("note", "")
        verdict = words.reviewed(source.review)
        shown = f"<b>{html.escape(verdict)}</b>"
        if note:
            shown = html.escape(words.labelled).format(label=shown, text=html.escape(note))
        copies += f"<br><small>{shown}</small>"
    return (
        f'<tr><td><span class="swatch" style="background:{colour(index)}"></span> {index + 1}</td>'
        f'<td title="{html.escape(source.path)}">{html.escape(Path(source.path).name)}{copies}</td>'
        f'<td class="share">{source.share:.1%}</td>'
        f'<td class="share">{source.share_excluding_citations:.1%}</td>'
        f"<td>{html.escape(words.kind(source.kind))}</td>"
        f'<td class="share">{len(source.passages)}</td></tr>'
    )


def _marked_text(report: SourceReport, words: ReportWords) -> str:
    """The text with each passage marked; passages never overlap (one source a character)."""
    marks: list[tuple[int, int, int, Passage]] = sorted(
        (passage.start, number, index, passage)
        for index, source in enumerate(report.sources)
        for number, passage in enumerate(source.passages, start=1)
    )
    out: list[str] = []
    position = 0
    for start, number, index, passage in marks:
        if start < position:
            continue
        source = report.sources[index]
        out.append(html.escape(report.text[position:start]))
        title = words.passage_title.format(
            name=Path(source.path).name, share=f"{source.share:.1%}", number=number
        )
        if passage.source_page:
            title += words.comma + words.on_page.format(page=passage.source_page)
        if passage.cited:
            title += f" — {words.cited}"
        css = ' class="cited"' if passage.cited else ""
        out.append(
            f'<mark{css} style="background:{colour(index)}" title="{html.escape(title)}">'
            f"<sup>{index + 1}.{number}</sup>{html.escape(report.text[start : passage.end])}</mark>"
        )
        position = passage.end
    out.append(html.escape(report.text[position:]))
    return "".join(out)


def source_report_html(report: SourceReport, language: str = ENGLISH) -> str:
    """A standalone page in ``language``; works offline (no scripts, no external files)."""
    words = report_words(language)
    return _PAGE.format(
        lang=words.language,
        title=html.escape(words.page_title.format(name=report.path.name)),
        path=html.escape(str(report.path)),
        summary=_summary(report, words),
        heads="".join(f"<th>{html.escape(head)}</th>" for head in words.column_heads),
        rows="".join(_row(i, report, words) for i in range(len(report.sources))),
        text=_marked_text(report, words),
    )
