"""Word (.docx) extraction: body, tables, text boxes, headers, footers, footnotes, endnotes.

Only the parts that hold text are read. Opening the whole package with python-docx
would also decompress and parse its styles, themes and settings (800 KB of XML in
python-docx's own template), which made a .docx five times slower to read. Part
names are resolved with python-docx's OPC helpers, so relative and absolute
relationship targets behave as in python-docx.
"""

from __future__ import annotations

import itertools
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PACKAGE_URI, PackURI
from lxml import etree

from neardup.core.extract.base import Extracted, ExtractionError, ExtractOptions, TextBudget

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"

_BODY = f"{{{_W}}}body"
_P = f"{{{_W}}}p"
_TBL = f"{{{_W}}}tbl"
_TR = f"{{{_W}}}tr"
_TC = f"{{{_W}}}tc"
_TXBX = f"{{{_W}}}txbxContent"
_RUN = f"{{{_W}}}r"
_RUN_PROPERTIES = f"{{{_W}}}rPr"
_TEXT = f"{{{_W}}}t"
_VAL = f"{{{_W}}}val"
_FILL = f"{{{_W}}}fill"
# Runs a reader does not see, yet a checker would read: hidden text, white text on the
# page, and text under 2 points (w:sz counts half-points). A known way to stuff a copy
# with words that break up its matches; left out, counted and reported.
_MIN_VISIBLE_HALF_POINTS = 4
_WHITE = {"FFFFFF", "WHITE"}
_FALLBACK = f"{{{_MC}}}Fallback"
_INLINE_TEXT = {
    f"{{{_W}}}t": None,
    f"{{{_W}}}tab": "\t",
    f"{{{_W}}}br": "\n",
    f"{{{_W}}}cr": "\n",
    f"{{{_W}}}noBreakHyphen": "-",
}
# Subtrees that hold no visible text of their own (or duplicate it: mc:Fallback repeats the
# mc:Choice content for old readers, so reading both would double every text box).
_SKIP = {
    _FALLBACK,
    f"{{{_W}}}pPr",
    f"{{{_W}}}rPr",
    f"{{{_W}}}sectPr",
    f"{{{_W}}}tblPr",
    f"{{{_W}}}tblGrid",
    f"{{{_W}}}trPr",
    f"{{{_W}}}tcPr",
}
_NOTE_KINDS = ("separator", "continuationSeparator", "continuationNotice")
# A paragraph indented this far on the left (twentieths of a point: 1 cm) is set off from the
# body text; Word's own styles for quotations, by style id, count whatever their indent.
_QUOTE_INDENT = 567
_QUOTE_STYLES = {"quote", "intensequote", "blocktext", "quotation", "blockquote"}
# Word documents are untrusted input: no entities, no network.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)

_Element = Any  # lxml elements are untyped here (no stubs installed)
# A 1,000-page thesis has a document part of a few MB; this is far beyond any real one,
# and its parsed tree (about 15 bytes of memory a byte of XML) still fits in memory.
MAX_PART_BYTES = 32 * 2**20


class _Package:
    """The main document part of a .docx and the parts it links to, read on demand."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self._archive = archive
        main = next(
            (
                name
                for reltype, name in self._relationships(PACKAGE_URI).values()
                if reltype == RT.OFFICE_DOCUMENT
            ),
            None,
        )
        if main is None:
            raise ExtractionError.of("docx-invalid", detail="it has no main document part")
        self.document = self.parse(main)
        self.links = self._relationships(main)

    def _relationships(self, source: PackURI) -> dict[str, tuple[str, PackURI]]:
        """rId -> (relationship type, part name) of a part's internal relationships."""
        try:
            blob = self._archive.read(source.rels_uri.membername)
        except KeyError:
            return {}
        links: dict[str, tuple[str, PackURI]] = {}
        for rel in _parse(blob).iter(f"{{{_PKG_RELS}}}Relationship"):
            rel_id, reltype, target = rel.get("Id"), rel.get("Type"), rel.get("Target")
            if rel.get("TargetMode") == "External" or None in (rel_id, reltype, target):
                continue
            links[rel_id] = (reltype, PackURI.from_rel_ref(source.baseURI, target))
        return links

    def parse(self, name: PackURI) -> _Element:
        # A parsed XML tree takes ~15x its text in memory: a few MB of zip can unpack to
        # gigabytes (a "zip bomb") and take the whole machine with it. The size in the zip's
        # header may lie, so the part is unpacked no further than the limit.
        size = self._archive.getinfo(name.membername).file_size
        if size <= MAX_PART_BYTES:
            with self._archive.open(name.membername) as member:
                blob = member.read(MAX_PART_BYTES + 1)
            size = max(size, len(blob))
        if size > MAX_PART_BYTES:
            raise ExtractionError.of(
                "docx-part-too-large", part=name.membername, limit=MAX_PART_BYTES // 2**20
            )
        return _parse(blob)

    def linked(self, rel_id: str) -> _Element | None:
        link = self.links.get(rel_id)
        return None if link is None else self.parse(link[1])


def _parse(blob: bytes) -> _Element:
    return etree.fromstring(blob, parser=_PARSER)


def extract_docx(path: Path, options: ExtractOptions) -> Extracted:
    """Read every piece of visible text of a Word document, in reading order."""
    del options  # .docx has no settings
    try:
        with zipfile.ZipFile(path) as archive:
            package = _Package(archive)
            body = package.document.find(_BODY)
            if body is None:
                body = package.document
            budget = TextBudget()
            quoted: list[str] = []
            headers = _unique(_part_blocks(package, _section_refs(body, "headerReference")))
            main_blocks = list(_container_blocks(body, quoted))
            blocks = [
                budget.take(block)
                for block in itertools.chain(
                    headers,
                    main_blocks,
                    _note_blocks(package, RT.FOOTNOTES, "footnote"),
                    _note_blocks(package, RT.ENDNOTES, "endnote"),
                    _unique(_part_blocks(package, _section_refs(body, "footerReference"))),
                )
            ]
            quotes = _quote_spans(blocks, len(headers), len(main_blocks), quoted)
            hidden = hidden_characters(body)
    except (zipfile.BadZipFile, KeyError, ValueError, EOFError, etree.XMLSyntaxError) as exc:
        raise _corrupt(exc) from exc
    notes = (
        (
            f"{hidden} characters of hidden text left out (hidden, white or tiny): "
            "a way to defeat plagiarism checkers",
        )
        if hidden
        else ()
    )
    return Extracted(text="\n\n".join(blocks), notes=notes, hidden_chars=hidden, quote_spans=quotes)


def _corrupt(exc: Exception) -> ExtractionError:
    detail = str(exc) or type(exc).__name__
    return ExtractionError.of("docx-invalid", detail=detail)


def _container_blocks(container: _Element, quoted: list[str] | None = None) -> Iterator[str]:
    """Paragraph and table blocks of a body, cell, text box, header or note, in order; the
    body's block quotes are also added to ``quoted``, when given."""
    for child in container:
        tag = child.tag
        if tag == _P:
            yield from _paragraph_blocks(child, quoted)
        elif tag == _TBL:
            table = _table_text(child)
            if table.strip():
                yield table
        elif isinstance(tag, str) and tag not in _SKIP:
            # Content controls (w:sdt), custom XML and tracked moves wrap ordinary blocks.
            yield from _container_blocks(child, quoted)


def _paragraph_blocks(paragraph: _Element, quoted: list[str] | None = None) -> Iterator[str]:
    pieces: list[str] = []
    boxes: list[_Element] = []
    _collect_inline(paragraph, pieces, boxes)
    text = "".join(pieces).strip()
    if text:
        if quoted is not None and is_block_quote(paragraph):
            quoted.append(text)
        yield text
    # Text boxes are anchored in a paragraph; they read best right after it.
    for box in boxes:
        yield from _container_blocks(box)


def is_block_quote(paragraph: _Element) -> bool:
    """A paragraph set off as a quotation: styled as one (Word's Quote, Intense Quote and
    Block Text styles), or indented on the left by at least ``_QUOTE_INDENT`` (or two
    characters) and not a list item. A first-line indent, as Chinese body text has, is not."""
    properties = paragraph.find(f"{{{_W}}}pPr")
    if properties is None:
        return False
    style = properties.find(f"{{{_W}}}pStyle")
    if style is not None and (style.get(_VAL) or "").lower() in _QUOTE_STYLES:
        return True
    if properties.find(f"{{{_W}}}numPr") is not None:
        return False
    indent = properties.find(f"{{{_W}}}ind")
    if indent is None:
        return False
    for name, limit in (("left", _QUOTE_INDENT), ("start", _QUOTE_INDENT), ("leftChars", 200)):
        value = indent.get(f"{{{_W}}}{name}") or ""
        if value.lstrip("-").isdigit() and int(value) >= limit:
            return True
    return False


def _quote_spans(
    blocks: list[str], first: int, count: int, quoted: list[str]
) -> tuple[tuple[int, int], ...]:
    """Offsets in the joined text of the body blocks ``blocks[first:first + count]`` that
    are block quotes (``quoted``, in order)."""
    spans: list[tuple[int, int]] = []
    offset = sum(len(block) + 2 for block in blocks[:first])
    waiting = iter(quoted)
    wanted = next(waiting, None)
    for block in blocks[first : first + count]:
        if wanted is not None and block == wanted:
            spans.append((offset, offset + len(block)))
            wanted = next(waiting, None)
        offset += len(block) + 2
    return tuple(spans)


def _switched_on(toggle: _Element | None) -> bool:
    return toggle is not None and toggle.get(_VAL, "true").lower() not in {"0", "false", "off"}


def _hidden_run(run: _Element) -> bool:
    """Whether a run's own properties hide it: vanished, white without a coloured
    background, or smaller than 2 points."""
    properties = run.find(_RUN_PROPERTIES)
    if properties is None:
        return False
    if _switched_on(properties.find(f"{{{_W}}}vanish")) or _switched_on(
        properties.find(f"{{{_W}}}specVanish")
    ):
        return True
    size = properties.find(f"{{{_W}}}sz")
    half_points = "" if size is None else size.get(_VAL) or ""
    if half_points.isdigit() and int(half_points) < _MIN_VISIBLE_HALF_POINTS:
        return True
    color = properties.find(f"{{{_W}}}color")
    if color is None or (color.get(_VAL) or "").upper() not in _WHITE:
        return False
    highlight = properties.find(f"{{{_W}}}highlight")
    shading = properties.find(f"{{{_W}}}shd")
    coloured_background = (highlight is not None and highlight.get(_VAL) not in {None, "none"}) or (
        shading is not None and (shading.get(_FILL) or "auto").upper() not in {"AUTO", *_WHITE}
    )
    return not coloured_background


def hidden_characters(root: _Element) -> int:
    """How many characters of text hidden runs hold under ``root``."""
    return sum(
        len(text.text or "")
        for run in root.iter(_RUN)
        if _hidden_run(run)
        for text in run.iter(_TEXT)
    )


def _collect_inline(element: _Element, pieces: list[str], boxes: list[_Element]) -> None:
    for child in element:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
            continue
        if tag == _RUN and _hidden_run(child):
            continue
        if tag in _INLINE_TEXT:
            fixed = _INLINE_TEXT[tag]
            pieces.append((child.text or "") if fixed is None else fixed)
        elif tag == _TXBX:
            boxes.append(child)
        else:
            _collect_inline(child, pieces, boxes)


def _table_text(table: _Element) -> str:
    rows = []
    for row in table.iter(_TR):
        if _nearest_table(row) is not table:
            continue  # rows of nested tables are read inside their cell
        cells = [_cell_text(cell) for cell in row if cell.tag == _TC]
        if any(cells):
            rows.append("\t".join(cells))
    return "\n".join(rows)


def _nearest_table(element: _Element) -> _Element:
    parent = element.getparent()
    while parent is not None and parent.tag != _TBL:
        parent = parent.getparent()
    return parent


def _cell_text(cell: _Element) -> str:
    # A cell is one field of its row, so its paragraphs and nested tables are flattened.
    text = " ".join(_container_blocks(cell))
    return " ".join(text.split())


def _section_refs(body: _Element, kind: str) -> list[str]:
    """Relationship ids of the headers or footers of every section, in section order."""
    return [
        ref.get(f"{{{_R}}}id")
        for ref in body.iter(f"{{{_W}}}{kind}")
        if ref.get(f"{{{_R}}}id") is not None
    ]


def _part_blocks(package: _Package, rel_ids: Iterable[str]) -> Iterator[str]:
    for rel_id in dict.fromkeys(rel_ids):
        root = package.linked(rel_id)
        if root is None:
            continue
        text = "\n\n".join(_container_blocks(root))
        if text:
            yield text


def _unique(blocks: Iterable[str]) -> list[str]:
    # Sections usually repeat the same header text through separate parts.
    return list(dict.fromkeys(blocks))


def _note_blocks(package: _Package, reltype: str, tag: str) -> Iterator[str]:
    for kind, name in package.links.values():
        if kind != reltype:
            continue
        for note in package.parse(name).iter(f"{{{_W}}}{tag}"):
            if note.get(f"{{{_W}}}type") in _NOTE_KINDS:
                continue
            text = "\n".join(_container_blocks(note))
            if text:
                yield text
