"""The reference library on real files: add, info, check, re-add, remove, and the run
guarantee of its sparse keys. A check must report what `scan DOCS --against LIBRARY-FILES`
reports for the same files, figure for figure."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from library_corpus import SETTINGS, make_library_files, make_submissions, pair_figures
from neardup.core.features import NO_HASH, WHITESPACE_CODES, Shingles, normalize, winnowing_keys
from neardup.core.library import (
    LIBRARY_WINNOW,
    RUN_GUARANTEE,
    add_to_library,
    building,
    check_library,
    library_info,
    library_keys,
    remove_from_library,
)
from neardup.core.report import report_dict
from neardup.core.scan import Progress, analysis_stage, same_bytes, scan
from textgen import document


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path, Path]:
    files = make_library_files(tmp_path)
    docs = make_submissions(tmp_path, files)
    library = tmp_path / "library"
    outcome = add_to_library(library, [files], SETTINGS)
    assert outcome.added == 10 and outcome.unchanged == 0
    assert [p.path.name for p in outcome.problems] == ["broken.pdf"]
    return library, files, docs


def test_a_check_reports_what_a_scan_against_the_same_files_reports(
    built: tuple[Path, Path, Path],
) -> None:
    library, files, docs = built
    checked = report_dict(check_library(library, [docs], SETTINGS))
    scanned = report_dict(scan([docs], SETTINGS.replace(against=(files,))))
    found = pair_figures(checked)
    assert found == pair_figures(scanned)
    names = {frozenset(Path(p).name for p in key): value[1] for key, value in found.items()}
    assert names == {
        frozenset({"host.txt", "source.txt"}): "partial",
        frozenset({"copy.txt", "thesis1.txt"}): "duplicate",
        frozenset({"edited.txt", "original.txt"}): "near-duplicate",
    }
    roles = {d["path"]: d["role"] for d in checked["documents"]}
    library_paths = {path for path, role in roles.items() if role == "library"}
    assert {Path(p).name for p, r in roles.items() if r == "scan"} == {
        "host.txt",
        "copy.txt",
        "edited.txt",
        "own.txt",
    }
    for pair in checked["pairs"]:  # never library with library
        assert len({pair["a"], pair["b"]} & library_paths) == 1
    # Each checked document's summary is the scan's, too.
    summaries = {d["path"]: d["similarity"] for d in scanned["documents"] if d["role"] == "scan"}
    assert {d["path"]: d["similarity"] for d in checked["documents"] if d["role"] == "scan"} == (
        summaries
    )
    # Only the candidates were read, not the whole library.
    assert len(library_paths) < 10


def test_info_says_what_the_library_holds(built: tuple[Path, Path, Path]) -> None:
    library, _, _ = built
    info = library_info(library).to_dict()
    assert info["documents"] == 10 and info["problems"] == 1
    assert info["keys"] > 9 and info["terms"] > 100
    assert info["bytes_on_disk"] > 0 and info["segments"] >= 1
    assert info["guaranteed_run_chars"] == RUN_GUARANTEE
    assert info["settings"]["threshold"] == 3 and info["settings"]["workers"] is None


def test_adding_again_skips_unchanged_files_and_replaces_changed_ones(
    built: tuple[Path, Path, Path],
) -> None:
    library, files, docs = built
    again = add_to_library(library, [files], SETTINGS)
    assert (again.added, again.updated, again.unchanged) == (0, 0, 10)
    # thesis1 changes: the checked copy of the old text no longer matches it whole.
    (files / "thesis1.txt").write_text(document(999, "zh", count=8), encoding="utf-8")
    changed = add_to_library(library, [files], SETTINGS)
    assert (changed.added, changed.updated, changed.unchanged) == (0, 1, 9)
    assert library_info(library).documents == 10
    checked = report_dict(check_library(library, [docs / "copy.txt"], SETTINGS))
    assert checked["pairs"] == []
    scanned = report_dict(scan([docs / "copy.txt"], SETTINGS.replace(against=(files,))))
    assert pair_figures(checked) == pair_figures(scanned)
    # A new file is added to what is there.
    (files / "late.txt").write_text((docs / "copy.txt").read_text("utf-8"), encoding="utf-8")
    late = add_to_library(library, [files / "late.txt"], SETTINGS)
    assert (late.added, library_info(library).documents) == (1, 11)
    checked = report_dict(check_library(library, [docs / "copy.txt"], SETTINGS))
    assert [Path(p["a"]).name for p in checked["pairs"]] == ["late.txt"]


def test_removed_documents_are_no_longer_found(built: tuple[Path, Path, Path]) -> None:
    library, files, docs = built
    removed = remove_from_library(library, [files / "source.txt", files / "older", files / "x"])
    assert sorted(Path(p).name for p in removed.removed) == [
        "notes.pdf",
        "paper.txt",
        "report.docx",
        "source.txt",
    ]
    assert removed.not_found == [str(files / "x")]
    assert library_info(library).documents == 6
    checked = report_dict(check_library(library, [docs], SETTINGS))
    names = {frozenset(Path(p).name for p in key) for key in pair_figures(checked)}
    assert frozenset({"host.txt", "source.txt"}) not in names
    assert frozenset({"copy.txt", "thesis1.txt"}) in names
    # The IDF is the remaining library's: the figures are those of a scan against it.
    (files / "source.txt").unlink()
    shutil.rmtree(files / "older")
    scanned = report_dict(scan([docs], SETTINGS.replace(against=(files,))))
    assert pair_figures(checked) == pair_figures(scanned)


def _compact_slice(text: str, start: int, length: int) -> str:
    """The part of ``text`` from ``start`` that holds ``length`` non-space characters."""
    spaces = set(map(chr, WHITESPACE_CODES.tolist()))
    end, count = start, 0
    while count < length:
        count += text[end] not in spaces
        end += 1
    return text[start:end]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_shared_run_of_the_guaranteed_length_always_shares_a_library_key(lang: str) -> None:
    rng = random.Random(lang)
    for seed in range(60):
        library_text = document(seed, lang, count=12)
        other = document(1000 + seed, lang, count=12)
        start = rng.randrange(len(library_text) // 2)
        run = _compact_slice(library_text, start, RUN_GUARANTEE)
        at = rng.randrange(len(other))
        pasted = other[:at] + run + other[at:]
        shared = np.intersect1d(library_keys(library_text), library_keys(pasted))
        assert len(shared), (seed, start, at)
        assert not len(np.intersect1d(library_keys(library_text), library_keys(other)))


def _papers_library(tmp_path: Path, lang: str, count: int) -> tuple[Path, list[str], Path]:
    """``count`` generated papers in a folder, and a library made of them: (folder, texts,
    library)."""
    files = tmp_path / "files"
    files.mkdir()
    texts = [document(seed, lang, count=10) for seed in range(count)]
    for n, text in enumerate(texts):
        (files / f"paper{n}.txt").write_text(text, encoding="utf-8")
    library = tmp_path / "library"
    add_to_library(library, [files], SETTINGS)
    return files, texts, library


def test_a_pasted_run_of_the_guaranteed_length_is_found_by_a_check(tmp_path: Path) -> None:
    files, texts, library = _papers_library(tmp_path, "en", 6)
    # A short essay of its own, with one run of exactly the guaranteed length pasted in.
    run = _compact_slice(texts[3], 500, RUN_GUARANTEE)
    essay = document(77, "en", count=2, sentences=3)
    checked = tmp_path / "essay.txt"
    checked.write_text(essay[:200] + " " + run + " " + essay[200:], encoding="utf-8")
    found = report_dict(check_library(library, [checked], SETTINGS))
    assert [({Path(p["a"]).name, Path(p["b"]).name}, p["kind"]) for p in found["pairs"]] == [
        ({"essay.txt", "paper3.txt"}, "partial")
    ]
    scanned = report_dict(scan([checked], SETTINGS.replace(against=(files,))))
    assert pair_figures(found) == pair_figures(scanned)


def test_what_a_check_finds_for_a_document_does_not_depend_on_the_others_checked(
    tmp_path: Path,
) -> None:
    """A passage shorter than the library's guarantee proposes nothing: checked alone, the
    essay that pasted it is paired with no library document. Checked beside another that
    copies a long run of the same paper (the index proposes the paper for that one), it
    was paired with the paper too: one document's result hung on the batch."""
    files, texts, library = _papers_library(tmp_path, "zh", 4)
    essay = document(78, "en", count=8)  # its fingerprint far from the papers'
    paper_keys = library_keys(normalize(texts[2]))
    for start in range(0, 500, 7):  # a pasted run that happens to share no library key
        short_text = essay[:60] + _compact_slice(texts[2], start, 110) + essay[60:]
        if not len(np.intersect1d(library_keys(normalize(short_text)), paper_keys)):
            break
    short = tmp_path / "short.txt"
    short.write_text(short_text, encoding="utf-8")
    long = tmp_path / "long.txt"
    long.write_text(
        document(79, "zh", count=2) + _compact_slice(texts[2], 300, 3 * RUN_GUARANTEE),
        encoding="utf-8",
    )

    def library_pairs(report: dict[str, Any], name: str) -> dict[str, tuple[Any, ...]]:
        """The kind, overlaps and passages of each of its pairs with a library document:
        distance and similarity weigh terms by the IDF of all the documents there are."""
        return {
            Path(other).name: (figures[1], *figures[4:])
            for key, figures in pair_figures(report).items()
            for mine, other in (sorted(key), sorted(key)[::-1])
            if Path(mine).name == name and Path(other).parent == files
        }

    alone = report_dict(check_library(library, [short], SETTINGS))
    together = report_dict(check_library(library, [short, long], SETTINGS))
    assert library_pairs(alone, "short.txt") == library_pairs(together, "short.txt") == {}
    assert set(library_pairs(together, "long.txt")) == {"paper2.txt"}


def test_a_checked_file_that_is_also_in_the_library_is_checked_as_a_scan_does(
    built: tuple[Path, Path, Path],
) -> None:
    library, files, docs = built
    targets = [files / "source.txt", docs / "host.txt", docs / "copy.txt"]
    checked = report_dict(check_library(library, targets, SETTINGS))
    scanned = report_dict(scan(targets, SETTINGS.replace(against=(files,))))
    assert pair_figures(checked) == pair_figures(scanned)
    roles = {Path(d["path"]).name: d["role"] for d in checked["documents"]}
    assert roles["source.txt"] == "scan"
    assert frozenset({str(files / "source.txt"), str(docs / "host.txt")}) in pair_figures(checked)


def _keys_window_by_window(text: str) -> np.ndarray:
    """The library's keys by winnowing's definition, spelled out: in every window of
    LIBRARY_WINNOW keys, the key at the (leftmost) smallest place."""
    shingled = Shingles.of(text)
    usable = winnowing_keys(shingled.hashes, shingled.tainted)
    places = [
        start + int(np.argmin(usable[start : start + LIBRARY_WINNOW]))
        for start in range(max(1, len(usable) - LIBRARY_WINNOW + 1))
    ]
    chosen = usable[places] if len(usable) else usable
    return np.unique(chosen[chosen != NO_HASH])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_library_keys_are_the_smallest_key_of_every_window(lang: str) -> None:
    # Long texts, short ones, and text that repeats itself (ties between equal keys).
    for seed in range(8):
        text = document(seed, lang, count=4 + 6 * seed)
        for sample in (text, text[:300], text[: len(text) // 3] * 3):
            assert np.array_equal(library_keys(sample), _keys_window_by_window(sample))


def test_a_library_made_before_the_document_count_was_kept_gets_it_at_the_next_add(
    built: tuple[Path, Path, Path],
) -> None:
    library, files, docs = built
    with closing(sqlite3.connect(library / "library.sqlite")) as db, db:
        db.execute("DELETE FROM meta WHERE name = 'documents'")
    assert library_info(library).documents == 10  # counted, as before
    before = report_dict(check_library(library, [docs], SETTINGS))
    (files / "late.txt").write_text(document(600, "en", count=6), encoding="utf-8")
    assert add_to_library(library, [files / "late.txt"], SETTINGS).added == 1
    with closing(sqlite3.connect(library / "library.sqlite")) as db:
        kept = db.execute("SELECT value FROM meta WHERE name = 'documents'").fetchone()
        rows = db.execute("SELECT count(*) FROM documents").fetchone()
    assert kept is not None and int(kept[0]) == rows[0] == 11
    remove_from_library(library, [files / "late.txt"])
    assert library_info(library).documents == 10
    after = report_dict(check_library(library, [docs], SETTINGS))
    assert pair_figures(after) == pair_figures(before)


def test_an_add_reads_each_file_once_to_hash_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The add hashes each file once, to tell what changed; the analysis then finds cached
    analyses and copies of the same bytes by those hashes, rather than hashing again."""
    files = tmp_path / "files"
    files.mkdir()
    for n in range(4):
        (files / f"thesis{n}.txt").write_text(document(n, "en", count=6), encoding="utf-8")
    shutil.copy(files / "thesis0.txt", files / "copy-of-thesis0.txt")  # same bytes, same size
    hashed: list[str] = []
    for module in (building, analysis_stage, same_bytes):
        real: Callable[[Path], str] = module.content_hash

        def counted(path: Path, real: Callable[[Path], str] = real) -> str:
            hashed.append(Path(path).name)
            return real(path)

        monkeypatch.setattr(module, "content_hash", counted)
    settings = SETTINGS.replace(use_cache=True, cache_path=tmp_path / "cache.sqlite")
    outcome = add_to_library(tmp_path / "library", [files], settings)
    assert (outcome.added, outcome.problems) == (5, [])
    assert sorted(hashed) == sorted(p.name for p in files.iterdir())
    # Touched (same bytes, other times, a minute ago: the cache trusts no time too recent
    # to tell an edit apart), the files go into a second library with every analysis from
    # the cache, found by the add's hashes; the cache learns their new times, so a scan
    # with it then reads none of them to hash it.
    for path in files.iterdir():
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns - 60 * 10**9))
    hashed.clear()
    again = add_to_library(tmp_path / "library-two", [files], settings)
    assert again.added == 5
    assert sorted(hashed) == sorted(p.name for p in files.iterdir())
    hashed.clear()
    assert len(scan([files], settings).documents) == 5
    assert hashed == []


def test_a_file_edited_during_a_long_add_is_stored_as_it_is_then(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An add hashes every file first and analyses them a chunk at a time, maybe hours
    later: a file edited in between is analysed and stored as it is then, not reported as
    changed while it was read."""
    monkeypatch.setattr(building, "CHUNK_FILES", 1)
    files = tmp_path / "files"
    files.mkdir()
    for n in range(3):
        (files / f"thesis{n}.txt").write_text(document(n, "en", count=6), encoding="utf-8")
    last = files / "thesis2.txt"
    edited = document(77, "en", count=6)

    def edit_the_last_file(progress: Progress) -> None:
        if progress.done >= 1 and last.read_text("utf-8") != edited:
            last.write_text(edited, encoding="utf-8")
            os.utime(last, ns=(last.stat().st_atime_ns, last.stat().st_mtime_ns + 10**9))

    outcome = add_to_library(tmp_path / "library", [files], SETTINGS, progress=edit_the_last_file)
    assert (outcome.added, outcome.problems) == (3, [])
    assert last.read_text("utf-8") == edited  # the edit did happen during the add
