"""A reference library's files and the documents checked against it, written by tests,
a report's pairs with every figure, to compare a library check with a scan, and a library's
whole content, to compare two libraries document for document."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np

from docgen import write_docx, write_pdf
from neardup.core.settings import ScanSettings
from textgen import document, light_edit, paragraphs

SETTINGS = ScanSettings(use_cache=False, workers=1)


def make_library_files(root: Path) -> Path:
    """Library files: unrelated theses (Chinese, English, a .docx and a .pdf), a source
    that a checked document copies part of, one that a checked document edits, and a file
    that cannot be used."""
    files = root / "library-files"
    (files / "older").mkdir(parents=True)
    for n in range(5):
        (files / f"thesis{n}.txt").write_text(document(100 + n, "zh", count=8), encoding="utf-8")
    (files / "older" / "paper.txt").write_text(document(7, "en", count=6), encoding="utf-8")
    write_docx(files / "older" / "report.docx", paragraphs(8, "zh", count=8))
    write_pdf(files / "older" / "notes.pdf", [document(9, "en", count=3)])
    (files / "source.txt").write_text("\n\n".join(paragraphs(200, "zh", 10)), encoding="utf-8")
    (files / "original.txt").write_text(document(300, "zh", count=10), encoding="utf-8")
    (files / "broken.pdf").write_bytes(b"%PDF-1.4 not really a pdf")
    return files


def make_submissions(root: Path, files: Path) -> Path:
    """Checked documents: a partial copy, a whole copy, an edited copy, an unrelated one."""
    docs = root / "submissions"
    docs.mkdir()
    host = paragraphs(400, "zh", count=10)
    source = paragraphs(200, "zh", 10)
    (docs / "host.txt").write_text("\n\n".join([*host[:5], *source[2:5], *host[5:]]), "utf-8")
    shutil.copy(files / "thesis1.txt", docs / "copy.txt")
    original = (files / "original.txt").read_text(encoding="utf-8")
    (docs / "edited.txt").write_text(light_edit(original, seed=3, changes=4), encoding="utf-8")
    (docs / "own.txt").write_text(document(500, "zh", count=8), encoding="utf-8")
    return docs


def pair_figures(report: dict[str, Any]) -> dict[frozenset[str], tuple[Any, ...]]:
    """Each pair by its two paths: every figure the report gives, passages included."""
    return {
        frozenset((p["a"], p["b"])): (
            p["a"],
            p["kind"],
            p["distance"],
            p["similarity"],
            p["overlap_a"],
            p["overlap_b"],
            p["passages"],
        )
        for p in report["pairs"]
    }


DOCUMENT_COLUMNS = (
    "path, content_hash, size, mtime_ns, simhash, keys, format, pages, encoding, notes, "
    "content_key, text, tokens, kept_hashes"
)


def library_content(
    folder: Path,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], dict[str, list[int]]]:
    """Every document's row (its id aside), the term counts, and each document's index keys."""
    with sqlite3.connect(folder / "library.sqlite") as db:
        documents = list(db.execute(f"SELECT {DOCUMENT_COLUMNS} FROM documents ORDER BY path"))
        terms = list(db.execute("SELECT term, df FROM terms ORDER BY term"))
        path_of = dict(db.execute("SELECT id, path FROM documents"))
        segments = [row[0] for row in db.execute("SELECT name FROM segments")]
    keys: dict[str, list[int]] = {}
    for name in segments:
        values = np.load(folder / "index" / f"{name}.keys.npy")
        owners = np.load(folder / "index" / f"{name}.key-docs.npy")
        for value, owner in zip(values.tolist(), owners.tolist(), strict=True):
            if owner in path_of:
                keys.setdefault(path_of[owner], []).append(value)
    return documents, terms, {path: sorted(found) for path, found in keys.items()}
