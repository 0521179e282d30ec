"""Word (.docx) extraction: body, tables, text boxes, headers, footers, footnotes, endnotes."""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.exceptions import PackageNotFoundError
from lxml import etree

from neardup.core.extract.base import Extracted, ExtractionError, ExtractOptions

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"

_P = f"{{{_W}}}p"
_TBL = f"{{{_W}}}tbl"
_TR = f"{{{_W}}}tr"
_TC = f"{{{_W}}}tc"
_TXBX = f"{{{_W}}}txbxContent"
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

_Element = Any  # lxml elements are untyped here (no stubs installed)


def extract_docx(path: Path, options: ExtractOptions) -> Extracted:
    """Read every piece of visible text of a Word document, in reading order."""
    del options  # .docx has no settings
    with path.open("rb") as stream:
        document = _open(stream)
    body = document.element.body
    part = document.part
    blocks = [
        *_unique(_part_blocks(part, _section_refs(body, "headerReference"))),
        *_container_blocks(body),
        *_note_blocks(part, RT.FOOTNOTES, "footnote"),
        *_note_blocks(part, RT.ENDNOTES, "endnote"),
        *_unique(_part_blocks(part, _section_refs(body, "footerReference"))),
    ]
    return Extracted(text="\n\n".join(blocks))


def _open(stream: Any) -> Any:
    try:
        return docx.Document(stream)
    except (zipfile.BadZipFile, PackageNotFoundError, KeyError, ValueError) as exc:
        raise _corrupt(exc) from exc
    except etree.XMLSyntaxError as exc:
        raise _corrupt(exc) from exc


def _corrupt(exc: Exception) -> ExtractionError:
    detail = str(exc) or type(exc).__name__
    return ExtractionError(f"Not a valid .docx file (corrupt or not a Word document): {detail}")


def _container_blocks(container: _Element) -> Iterator[str]:
    """Paragraph and table blocks of a body, cell, text box, header or note, in order."""
    for child in container:
        tag = child.tag
        if tag == _P:
            yield from _paragraph_blocks(child)
        elif tag == _TBL:
            table = _table_text(child)
            if table.strip():
                yield table
        elif isinstance(tag, str) and tag not in _SKIP:
            # Content controls (w:sdt), custom XML and tracked moves wrap ordinary blocks.
            yield from _container_blocks(child)


def _paragraph_blocks(paragraph: _Element) -> Iterator[str]:
    pieces: list[str] = []
    boxes: list[_Element] = []
    _collect_inline(paragraph, pieces, boxes)
    text = "".join(pieces).strip()
    if text:
        yield text
    # Text boxes are anchored in a paragraph; they read best right after it.
    for box in boxes:
        yield from _container_blocks(box)


def _collect_inline(element: _Element, pieces: list[str], boxes: list[_Element]) -> None:
    for child in element:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
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


def _part_blocks(part: Any, rel_ids: Iterable[str]) -> Iterator[str]:
    for rel_id in dict.fromkeys(rel_ids):
        rel = part.rels.get(rel_id)
        if rel is None or rel.is_external:
            continue
        root = _parse_part(rel.target_part)
        text = "\n\n".join(_container_blocks(root))
        if text:
            yield text


def _unique(blocks: Iterable[str]) -> list[str]:
    # Sections usually repeat the same header text through separate parts.
    return list(dict.fromkeys(blocks))


def _note_blocks(part: Any, reltype: str, tag: str) -> Iterator[str]:
    for rel in part.rels.values():
        if rel.reltype != reltype or rel.is_external:
            continue
        root = _parse_part(rel.target_part)
        for note in root.iter(f"{{{_W}}}{tag}"):
            if note.get(f"{{{_W}}}type") in _NOTE_KINDS:
                continue
            text = "\n".join(_container_blocks(note))
            if text:
                yield text


def _parse_part(part: Any) -> _Element:
    # Parts python-docx does not model (footnotes in some versions) only offer their bytes.
    element = getattr(part, "element", None)
    if element is not None:
        return element
    try:
        return etree.fromstring(part.blob, parser=etree.XMLParser(resolve_entities=False))
    except etree.XMLSyntaxError as exc:
        raise _corrupt(exc) from exc
