"""A cache that opens fine but holds damaged rows (bit rot, or rows another build wrote).

Each test damages a real cache with SQL, as a disk or another program would, then scans:
the scan must finish and find what a scan without the cache finds. A damaged analysis,
fingerprint, overlap or scan outcome is a miss, computed again and replaced.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from neardup import ScanSettings, scan
from neardup.core.features import compact_length
from neardup.core.models import PairKind, ScanResult
from neardup.core.report.scan_report import report_dict
from neardup.core.store.analysis_rows import ANALYSIS_COLUMNS, decode_analysis
from neardup.core.store.derived_values import DamagedEntryError, decode_outcome, encode_outcome
from textgen import document, light_edit, paragraphs


def make_corpus(root: Path) -> Path:
    """Duplicates, a near-duplicate, a partial copy and unrelated texts, dated an hour back
    (a file modified within the last seconds is hashed again on every scan)."""
    root.mkdir(parents=True)
    for seed in range(5):
        (root / f"doc{seed}.txt").write_text(document(400 + seed), encoding="utf-8")
    (root / "copy.txt").write_text(document(400), encoding="utf-8")
    (root / "edited.txt").write_text(light_edit(document(401), seed=3), encoding="utf-8")
    pasted = [*paragraphs(500, count=6), *paragraphs(402)[2:5], *paragraphs(501, count=4)]
    (root / "pasted.txt").write_text("\n\n".join(pasted), encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    for path in root.iterdir():
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns - 3600 * 10**9))
    return root


def settings(tmp_path: Path, **changes: Any) -> ScanSettings:
    return ScanSettings(workers=1, cache_path=tmp_path / "cache.sqlite3").replace(**changes)


def outcome(result: ScanResult) -> dict[str, Any]:
    report = report_dict(result)
    return {part: report[part] for part in ("documents", "pairs", "groups", "problems")}


def damage(tmp_path: Path, *statements: str) -> None:
    """Run SQL on the cache; the stored scan outcomes go too (unless a statement is about
    them), so that the rescan reads the damaged rows rather than its earlier outcome."""
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        for sql in statements:
            assert db.execute(sql).rowcount > 0, sql
        if not any("scans" in sql for sql in statements):
            db.execute("DELETE FROM scans")


@pytest.fixture
def corpus(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A folder scanned once with the cache, and what a scan without the cache finds."""
    folder = make_corpus(tmp_path / "docs")
    expected = outcome(scan([folder], settings(tmp_path, use_cache=False)))
    assert {p["kind"] for p in expected["pairs"]} == {k.value for k in PairKind}
    assert outcome(scan([folder], settings(tmp_path))) == expected
    return folder, expected


FINGERPRINTS = "key LIKE 'fingerprint:%'"
OVERLAPS = "key LIKE 'overlap:%'"


@pytest.mark.parametrize(
    "statement",
    [
        f"UPDATE derived SET value = randomblob(40) WHERE {FINGERPRINTS}",
        f"UPDATE derived SET value = x'0102' WHERE {FINGERPRINTS}",
        f"UPDATE derived SET value = 'not a blob' WHERE {FINGERPRINTS}",
        # The right length, but bit rot: only the checksum can tell (8 bytes and 8 of it).
        f"UPDATE derived SET value = randomblob(16) WHERE {FINGERPRINTS}",
        # A good value of another key: sealed for that key, not this one.
        f"UPDATE derived SET value = (SELECT d.value FROM derived AS d WHERE d.{FINGERPRINTS} "
        f"AND d.key != derived.key LIMIT 1) WHERE {FINGERPRINTS}",
        f"UPDATE derived SET value = randomblob(40) WHERE {OVERLAPS}",
        f"UPDATE derived SET value = 'not a blob' WHERE {OVERLAPS}",
        # Valid JSON, but no overlap: a share above 1, a span beyond the texts.
        f"UPDATE derived SET value = CAST('[2, 0.5, [[0, 99999999, 0, 1]]]' AS BLOB) WHERE {OVERLAPS}",
        f"UPDATE derived SET value = CAST('[0.5, 0.5]' AS BLOB) WHERE {OVERLAPS}",
    ],
    ids=[
        "fingerprint-too-long",
        "fingerprint-too-short",
        "fingerprint-text",
        "fingerprint-random-right-length",
        "fingerprint-of-another-document",
        "overlap-random",
        "overlap-text",
        "overlap-out-of-range",
        "overlap-wrong-shape",
    ],
)
def test_a_damaged_fingerprint_or_overlap_is_computed_again_and_replaced(
    tmp_path: Path, corpus: tuple[Path, dict[str, Any]], statement: str
) -> None:
    folder, expected = corpus
    damage(tmp_path, statement)
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == expected
    assert not rescan.notices
    # Replaced by good values: the next scan, reading them, finds the same again.
    damage(tmp_path)
    again = scan([folder], settings(tmp_path))
    assert outcome(again) == expected and not again.notices


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE analyses SET text = 'not a blob'",
        "UPDATE analyses SET tokens = randomblob(64)",
        "UPDATE analyses SET tokens = x''",
        "UPDATE analyses SET kept_hashes = randomblob(64)",
        "UPDATE analyses SET notes = 'not json'",
        "UPDATE analyses SET notes = '5'",
        "UPDATE analyses SET pages = 'many'",
        # Another document's tokens (or kept hashes): every blob decodes, but they do not
        # fit the text.
        "UPDATE analyses SET tokens = (SELECT a.tokens FROM analyses AS a "
        "WHERE length(a.tokens) != length(analyses.tokens) LIMIT 1)",
        "UPDATE analyses SET kept_hashes = "
        "(SELECT kept_hashes FROM analyses ORDER BY length(kept_hashes) DESC LIMIT 1)",
    ],
    ids=[
        "text-not-a-blob",
        "tokens-random",
        "tokens-empty",
        "kept-hashes-random",
        "notes-not-json",
        "notes-not-a-list",
        "pages-not-a-number",
        "tokens-of-another-text",
        "kept-hashes-of-another-text",
    ],
)
def test_a_damaged_analysis_is_read_again_and_replaced(
    tmp_path: Path, corpus: tuple[Path, dict[str, Any]], statement: str
) -> None:
    folder, expected = corpus
    damage(tmp_path, statement)
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == expected and not rescan.notices
    # The damaged rows were dropped and stored anew: every row decodes again.
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        rows = db.execute(f"SELECT {ANALYSIS_COLUMNS} FROM analyses").fetchall()
    assert rows
    for row in rows:
        stored = decode_analysis(row, "doc.txt", 1, 1)
        # What the analysis counted travels with it: read back, it is the text's own.
        assert stored.compact_chars == compact_length(stored.text) > 0
    damage(tmp_path)
    again = scan([folder], settings(tmp_path))
    assert outcome(again) == expected and not again.notices


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE scans SET outcome = randomblob(64)",
        "UPDATE scans SET outcome = 'not a blob'",
        "UPDATE scans SET outcome = 12345",
        "UPDATE scans SET outcome = zeroblob(0)",
    ],
    ids=["random", "text", "number", "empty"],
)
def test_a_damaged_scan_outcome_is_scanned_again(
    tmp_path: Path, corpus: tuple[Path, dict[str, Any]], statement: str
) -> None:
    folder, expected = corpus
    damage(tmp_path, statement)
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == expected
    assert not rescan.notices


def test_a_stored_outcome_whose_pairs_name_no_document_is_scanned_again(
    tmp_path: Path, corpus: tuple[Path, dict[str, Any]]
) -> None:
    """Well-formed, but its pairs and groups point past its documents (a row of another
    build, say)."""
    folder, expected = corpus
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        (stored,) = db.execute("SELECT outcome FROM scans").fetchone()
        broken = dataclasses.replace(decode_outcome(stored), documents=[])
        db.execute("UPDATE scans SET outcome = ?", (encode_outcome(broken),))
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == expected
    assert not rescan.notices


def test_a_stored_outcome_cut_short_or_padded_is_refused(
    tmp_path: Path, corpus: tuple[Path, dict[str, Any]]
) -> None:
    """Outcomes are read a piece at a time: a stream that ends early, or goes on after its
    end, is damage, not a shorter outcome."""
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        (stored,) = db.execute("SELECT outcome FROM scans").fetchone()
    assert decode_outcome(stored).documents  # the good one reads
    for damaged in (stored[: len(stored) // 2], stored[:-4], stored + b"\x00junk"):
        with pytest.raises(DamagedEntryError):
            decode_outcome(damaged)
