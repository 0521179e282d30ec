"""Where one document's text is found: its sources, from a scan report.

A thesis checker's view of one document: how much of it is found in other documents, in
which, and which passages, in the document's own characters. The passages come from the
report's pairs (spans in the normalised texts); the texts are read again from the files,
which must still be the ones the scan read. Copies of one source count once (with their
alternatives), each character counts for one source (`source_merge`), and a second figure
leaves out what the writer cited (`citations`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neardup.core.report.citations import (
    CitationOptions,
    cited_regions,
    is_short,
    split_at,
)
from neardup.core.report.languages import ENGLISH
from neardup.core.report.original import OriginalText, UnreadableError, read_original
from neardup.core.report.phrasebook import report_words
from neardup.core.report.reviews import is_dismissed
from neardup.core.report.scan_report import document_measured
from neardup.core.report.source_errors import (
    SourceReportError,
    check_unchanged,
    not_in_report,
    reads_otherwise,
    unread_by_the_scan,
    unreadable,
)
from neardup.core.report.source_merge import (
    Match,
    Piece,
    attribute,
    merge_matches,
    source_side,
)
from neardup.core.settings import ScanSettings


@dataclass(frozen=True, slots=True)
class Passage:
    """A passage of the document found in a source, in both texts' own characters.

    ``start``/``end`` index the text `neardup extract` prints for the document, and
    ``text`` is that slice; ``source_*`` the same in the source (in ``source_path``).
    """

    start: int
    end: int
    page: int | None
    text: str
    source_path: str
    source_start: int
    source_end: int
    source_page: int | None
    source_text: str
    cited: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "page": self.page,
            "text": self.text,
            "source_path": self.source_path,
            "source_start": self.source_start,
            "source_end": self.source_end,
            "source_page": self.source_page,
            "source_text": self.source_text,
            "cited": self.cited,
        }


@dataclass(frozen=True, slots=True)
class Source:
    """Another document in which part of this one is found, counted once for its copies."""

    path: str
    alternatives: tuple[str, ...]  # copies of it (same content, maybe another format)
    kind: str  # the pair's kind: partial, near-duplicate or duplicate
    overlap: float  # share of the document found in it, as the scan measured the pair
    share: float  # share attributed to it: characters no source ranked above it holds
    share_excluding_citations: float
    passages: tuple[Passage, ...]
    shared_by: int = 0  # scanned documents holding its most widely shared passage (0: unknown)
    review: dict[str, str] | None = None  # a person's decision on the pair (`reviews`)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "alternatives": list(self.alternatives),
            "kind": self.kind,
            "overlap": self.overlap,
            "share": round(self.share, 4),
            "share_excluding_citations": round(self.share_excluding_citations, 4),
            "passages": [p.to_dict() for p in self.passages],
            "review": self.review,
        }


@dataclass(frozen=True, slots=True)
class SourceReport:
    path: Path
    text: str  # the extracted text the passages index
    similarity: float | None  # share found in any other document; None: not measured
    similarity_excluding_citations: float | None
    sources: tuple[Source, ...]  # best first: see `source_merge`
    citations: CitationOptions = field(default_factory=CitationOptions)
    pages: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)  # the scan's, as its report has them
    dismissed: int = 0  # matches a person dismissed on review: left out of the figures

    def to_dict(self) -> dict[str, Any]:
        """The JSON of `neardup sources --format json` (see DESIGN.md)."""

        def figure(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {
            "document": str(self.path),
            "similarity": figure(self.similarity),
            "similarity_excluding_citations": figure(self.similarity_excluding_citations),
            "excluded": {
                "quotations": self.citations.exclude_quotes,
                "references": self.citations.exclude_references,
                "min_match_words": self.citations.min_match_words,
            },
            "sources": [s.to_dict() for s in self.sources],
            "dismissed": self.dismissed,
        }


class TextReader:
    """Reads documents again for reports, each once (a batch reads a source for many),
    and refuses a file that is not the one the scan read."""

    def __init__(self, report: dict[str, Any]) -> None:
        settings = ScanSettings.from_dict(report.get("settings") or {})
        self._pdf_engine, self._fold = settings.pdf_engine, settings.fold
        self._entries = {str(d.get("path")): d for d in report.get("documents", ())}
        self._read: dict[str, OriginalText] = {}

    def read(self, path: str) -> OriginalText:
        if path not in self._read:
            entry = self._entries.get(path)
            if entry is None:
                raise not_in_report(path)
            check_unchanged(Path(path), entry)
            try:
                self._read[path] = read_original(
                    Path(path), pdf_engine=self._pdf_engine, fold=self._fold
                )
            except UnreadableError as error:
                problem = error.problem
                if problem is None:  # a text that does not map back: a bug, with its traceback
                    raise SourceReportError(str(error)) from error
                raise unreadable(path, problem.reason, problem.code, problem.params) from error
        return self._read[path]


def _entry(report: dict[str, Any], document: Path) -> dict[str, Any]:
    wanted = {os.path.abspath(document), str(document.resolve())}
    entries = report.get("documents", ())
    for entry in entries:
        if entry.get("path") in wanted:
            return dict(entry)
    # The scan may have reached the file through a symlinked folder, or the other way round.
    real = os.path.realpath(document)
    for entry in entries:
        if os.path.realpath(str(entry.get("path"))) == real:
            return dict(entry)
    for problem in report.get("problems", ()):
        if problem.get("path") in wanted:
            raise unread_by_the_scan(document, problem)
    raise not_in_report(document)


@dataclass(slots=True)
class _Found:
    """One other document as the report's pairs give it, before copies are merged."""

    path: str
    kind: str
    overlap: float
    passages: list[tuple[int, int, int, int]]  # normalised: mine, then the other's
    shared_by: int
    whole: bool  # a duplicate: the same text throughout, listed without passages
    review: dict[str, str] | None


_KIND_ORDER = {"partial": 0, "near-duplicate": 1, "duplicate": 2}


def _found(report: dict[str, Any], path: str) -> tuple[list[_Found], int]:
    """The other documents the report pairs with ``path``, and how many matches (pairs or
    passages) a person dismissed on review: those are left out."""
    found: list[_Found] = []
    dismissed = 0
    for pair in report.get("pairs", ()):
        if path not in (pair.get("a"), pair.get("b")) or pair.get("a") == pair.get("b"):
            continue
        if is_dismissed(pair):
            dismissed += 1
            continue
        mine, other = ("a", "b") if pair["a"] == path else ("b", "a")
        passages = [p for p in pair.get("passages") or () if not is_dismissed(p)]
        dismissed += len(pair.get("passages") or ()) - len(passages)
        spans = [
            (int(p[mine][0]), int(p[mine][1]), int(p[other][0]), int(p[other][1])) for p in passages
        ]
        if not spans and pair.get("passages"):
            continue  # every passage dismissed: nothing of it is found there any more
        shared_by = max((int(p.get("documents") or 0) for p in passages), default=0)
        overlap = float(pair.get(f"overlap_{mine}") or 0.0)
        whole = pair["kind"] == "duplicate" and not spans
        review = pair.get("review") if isinstance(pair.get("review"), dict) else None
        found.append(
            _Found(str(pair[other]), pair["kind"], overlap, spans, shared_by, whole, review)
        )
    return found, dismissed


def _copies(report: dict[str, Any], found: list[_Found], reader: TextReader) -> list[list[int]]:
    """Indices of ``found`` grouped into copies of one source: the report calls the two
    duplicates, or their texts are the same but for layout (a library is never compared
    with itself, so its .pdf and .txt of one text have no pair)."""
    index = {f.path: n for n, f in enumerate(found)}
    parent = list(range(len(found)))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for pair in report.get("pairs", ()):
        a, b = index.get(str(pair.get("a"))), index.get(str(pair.get("b")))
        if a is not None and b is not None and pair.get("kind") == "duplicate":
            parent[root(a)] = root(b)
    by_key: dict[str, int] = {}
    for n, item in enumerate(found):
        key = reader.read(item.path).content_key()
        if key in by_key:
            parent[root(n)] = root(by_key[key])
        else:
            by_key[key] = n
    groups: dict[int, list[int]] = {}
    for n in range(len(found)):
        groups.setdefault(root(n), []).append(n)
    # The copy most of the document is found in names the source; the others follow.
    return [
        sorted(members, key=lambda n: (-found[n].overlap, found[n].path))
        for members in groups.values()
    ]


def source_report(
    report: dict[str, Any],
    document: Path,
    *,
    citations: CitationOptions | None = None,
    reader: TextReader | None = None,
) -> SourceReport:
    """The sources of ``document`` according to ``report`` (a scan report dict).

    ``citations`` decides the second figure (by default the report's settings); a batch
    passes one ``reader`` so that each source is read once.
    """
    entry = _entry(report, document)
    path = str(entry["path"])
    reader = reader or TextReader(report)
    if citations is None:
        citations = CitationOptions.of(ScanSettings.from_dict(report.get("settings") or {}))
    mine = reader.read(path)
    found, dismissed = _found(report, path)
    length = len(mine.normalised)
    if any(s[1] > length for item in found for s in item.passages):
        raise reads_otherwise(path)
    groups = _copies(report, found, reader)
    regions = cited_regions(mine.normalised, citations, mine.block_quotes())
    merged_by_group = [_merged(mine, [found[n] for n in members], reader) for members in groups]
    pieces = [
        [piece for match in merged for piece in _pieces(mine.normalised, match, regions, citations)]
        for merged in merged_by_group
    ]
    tiers = [min(_KIND_ORDER.get(found[n].kind, 0) for n in members) for members in groups]
    attribution = attribute(mine.normalised, pieces, tiers)
    sources = []
    for rank in attribution.order:
        members = [found[n] for n in groups[rank]]
        passages = tuple(
            _passage(mine, piece, merged_by_group[rank], members, reader)
            for piece in attribution.runs(rank, mine.normalised)
        )
        sources.append(
            Source(
                members[0].path,
                tuple(m.path for m in members[1:]),
                min((m.kind for m in members), key=lambda k: _KIND_ORDER.get(k, 0)),
                max(m.overlap for m in members),
                attribution.share(rank),
                attribution.share(rank, uncited_only=True),
                passages,
                max(m.shared_by for m in members),
                next((m.review for m in members if m.review), None),
            )
        )
    measured = "similarity" in entry and document_measured(report, entry)
    total = sum(s.share for s in sources) if measured else None
    uncited = sum(s.share_excluding_citations for s in sources) if measured else None
    pages = entry.get("pages") if isinstance(entry.get("pages"), int) else None
    settings = report.get("settings")
    return SourceReport(
        Path(path),
        mine.original,
        total,
        uncited,
        tuple(sources),
        citations,
        pages,
        dict(settings) if isinstance(settings, dict) else {},
        dismissed,
    )


def _merged(mine: OriginalText, members: list[_Found], reader: TextReader) -> list[Match]:
    matches: list[Match] = []
    for number, member in enumerate(members):
        if member.whole:
            other_length = len(reader.read(member.path).normalised)
            matches.append(Match(0, len(mine.normalised), number, 0, other_length))
        matches += [Match(a0, a1, number, b0, b1) for a0, a1, b0, b1 in member.passages]
    return merge_matches(matches, mine.normalised)


def _pieces(
    text: str, match: Match, regions: list[tuple[int, int]], options: CitationOptions
) -> list[Piece]:
    """A merged passage cut at the cited regions; an uncited remnant too short to count as
    copying (under the word threshold) counts as cited."""
    out = []
    for start, end, inside in split_at((match.start, match.end), regions):
        out.append(Piece(start, end, inside or is_short(text[start:end], options)))
    return out


def _passage(
    mine: OriginalText, piece: Piece, merged: list[Match], members: list[_Found], reader: TextReader
) -> Passage:
    # The merged passage holding the piece gives the source side, clipped to the piece.
    match = next(m for m in merged if m.start <= piece.start and piece.end <= m.end)
    source = reader.read(members[match.member].path)
    source_start, source_end = source_side(
        match, piece.start, piece.end, mine.normalised, source.normalised
    )
    start, end = mine.span(piece.start, piece.end)
    low, high = source.span(source_start, source_end)
    return Passage(
        start,
        end,
        mine.page(start),
        mine.original[start:end],
        str(source.path),
        low,
        high,
        source.page(low),
        source.original[low:high],
        piece.cited,
    )


def format_source_report(report: SourceReport, language: str = ENGLISH) -> str:
    """A plain-text summary for the terminal: both figures, the sources, their passages."""
    words = report_words(language)

    def figure(value: float | None) -> str:
        return words.not_measured_by_scan if value is None else f"{value:.1%}"

    described = report.citations.describe(words)
    lines = [
        f"{report.path}",
        words.found_in_others.format(figure=figure(report.similarity)),
        words.excluding_citations_of.format(
            described=described, figure=figure(report.similarity_excluding_citations)
        ),
    ]
    if report.dismissed:
        lines.append(words.dismissed_count.format(count=report.dismissed))
    if not report.sources:
        lines.append(words.no_sources)
    for number, source in enumerate(report.sources, start=1):
        details = [words.passages_of(len(source.passages))]
        if source.shared_by > 2:
            details.append(words.common_text.format(count=source.shared_by))
        share = words.share_excluding.format(
            share=f"{source.share:6.1%}", excluding=f"{source.share_excluding_citations:.1%}"
        )
        lines.append(
            f"  {number:3}. {share}  {words.kind(source.kind):<14} {source.path}"
            f"  {words.bracketed.format(text=words.clause_separator.join(details))}"
        )
        if source.review:
            verdict = words.reviewed(source.review)
            note = source.review.get("note")
            lines.append(
                f"         {words.labelled.format(label=verdict, text=note) if note else verdict}"
            )
        lines += [f"         {words.also.format(name=other)}" for other in source.alternatives]
        for passage in source.passages:
            where = "" if passage.page is None else words.page_short.format(page=passage.page)
            mark = f" {words.cited_tag}" if passage.cited else ""
            lines.append(
                f"         {where + words.comma if where else ''}[{passage.start}:{passage.end}]"
                f"{mark} {_excerpt(passage.text)}"
            )
    return "\n".join(lines)


def _excerpt(text: str, width: int = 70) -> str:
    snippet = " ".join(text.split())
    return snippet if len(snippet) <= width else snippet[: width - 1] + "…"
