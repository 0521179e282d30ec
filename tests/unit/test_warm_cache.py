"""Warm scans: what the cache remembers between scans, and that it never changes a result.

Every rescan here is checked against a scan of the same files without the cache.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from neardup import CancelToken, Progress, ScanSettings, Stage, scan
from neardup.core.extract import EXTRACTORS, Extracted, ExtractOptions
from neardup.core.features.analyze import Analyzed, AnalyzeOptions
from neardup.core.models import PairKind, Problem, ScanResult
from neardup.core.report.scan_report import report_dict
from neardup.core.scan import analysis_stage
from neardup.core.store import cache as cache_module
from neardup.core.store import file_identity
from textgen import document, light_edit, paragraphs


def make_corpus(root: Path) -> Path:
    """Duplicates, a near-duplicate, a partial copy, unrelated texts and broken files."""
    root.mkdir(parents=True)
    for seed in range(5):
        (root / f"doc{seed}.txt").write_text(document(200 + seed), encoding="utf-8")
    (root / "copy.txt").write_text(document(200), encoding="utf-8")
    (root / "edited.txt").write_text(light_edit(document(201), seed=1), encoding="utf-8")
    pasted = [*paragraphs(300, count=6), *paragraphs(202)[2:5], *paragraphs(301, count=4)]
    (root / "pasted.txt").write_text("\n\n".join(pasted), encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    (root / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (root / "bad.docx").write_bytes(b"PK\x03\x04 truncated")
    age_files(root)
    return root


def age_files(root: Path, seconds: int = 3600) -> None:
    """Date the files an hour back, as files usually are: one modified within the last
    seconds is hashed again on every scan (see cache.RACY_SECONDS)."""
    for path in root.iterdir():
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns - seconds * 10**9))


def settings(tmp_path: Path, **changes: Any) -> ScanSettings:
    return ScanSettings(workers=1, cache_path=tmp_path / "cache.sqlite3").replace(**changes)


def outcome(result: ScanResult) -> dict[str, Any]:
    """Everything a scan found (not its timing or settings)."""
    report = report_dict(result)
    return {part: report[part] for part in ("documents", "pairs", "groups", "problems")}


def without_cache(folder: Path, tmp_path: Path, **changes: Any) -> dict[str, Any]:
    return outcome(scan([folder], settings(tmp_path, use_cache=False, **changes)))


@pytest.fixture
def extracted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the files a scan reads (workers=1 reads them in this process)."""
    names: list[str] = []
    real: Callable[[Path, AnalyzeOptions], Analyzed | Problem] = analysis_stage.analyze_file

    def counting(path: Path, options: AnalyzeOptions) -> Analyzed | Problem:
        names.append(path.name)
        return real(path, options)

    monkeypatch.setattr(analysis_stage, "analyze_file", counting)
    return names


def test_the_corpus_has_every_kind_of_finding(tmp_path: Path) -> None:
    folder = make_corpus(tmp_path / "docs")
    result = scan([folder], settings(tmp_path, use_cache=False))
    assert {p.kind for p in result.pairs} == set(PairKind)
    assert {p.path.name for p in result.problems} == {"empty.txt", "binary.txt", "bad.docx"}


def test_an_unchanged_rescan_reads_nothing_and_finds_the_same(
    tmp_path: Path, extracted: list[str]
) -> None:
    folder = make_corpus(tmp_path / "docs")
    cold = scan([folder], settings(tmp_path))
    assert len(extracted) == 10  # of 11 files: copy.txt has doc0.txt's bytes, read once
    extracted.clear()
    seen: list[Progress] = []
    warm = scan([folder], settings(tmp_path), progress=seen.append)
    assert extracted == []
    assert outcome(warm) == outcome(cold) == without_cache(folder, tmp_path)
    assert not warm.cancelled and not warm.notices
    assert [p.stage for p in seen][-1] is Stage.DONE


def test_broken_files_are_read_again_only_when_they_change(
    tmp_path: Path, extracted: list[str]
) -> None:
    folder = make_corpus(tmp_path / "docs")
    scan([folder], settings(tmp_path))
    (folder / "doc3.txt").write_text(document(299), encoding="utf-8")
    extracted.clear()
    rescan = scan([folder], settings(tmp_path))
    assert extracted == ["doc3.txt"]
    assert outcome(rescan) == without_cache(folder, tmp_path)
    (folder / "empty.txt").write_text(document(298), encoding="utf-8")
    extracted.clear()
    fixed = scan([folder], settings(tmp_path))
    assert extracted == ["empty.txt"]
    assert "empty.txt" in {d.path.name for d in fixed.documents}
    assert outcome(fixed) == without_cache(folder, tmp_path)


def test_a_problem_that_may_pass_is_not_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extracted: list[str]
) -> None:
    """A read that fails for a passing reason (memory, here) is tried again next time; the
    scan that met it is not stored as the folder's outcome either."""
    folder = make_corpus(tmp_path / "docs")
    real = EXTRACTORS[".txt"]

    def out_of_memory_for_doc1(path: Path, options: ExtractOptions) -> Extracted:
        if path.name == "doc1.txt":
            raise MemoryError
        return real(path, options)

    monkeypatch.setitem(EXTRACTORS, ".txt", out_of_memory_for_doc1)
    first = scan([folder], settings(tmp_path))
    assert "MemoryError" in {p.path.name: p.reason for p in first.problems}["doc1.txt"]
    monkeypatch.setitem(EXTRACTORS, ".txt", real)
    extracted.clear()
    again = scan([folder], settings(tmp_path))
    assert extracted == ["doc1.txt"]
    assert "doc1.txt" in {d.path.name for d in again.documents}
    assert outcome(again) == without_cache(folder, tmp_path)


def _edit(folder: Path) -> None:
    (folder / "doc4.txt").write_text(light_edit(document(203), seed=2), encoding="utf-8")


def _add(folder: Path) -> None:
    (folder / "new.txt").write_text(document(202), encoding="utf-8")


def _remove(folder: Path) -> None:
    (folder / "copy.txt").unlink()


def _rename(folder: Path) -> None:
    (folder / "pasted.txt").rename(folder / "moved.txt")


def _touch(folder: Path) -> None:
    # Same bytes, another mtime: the records and the oldest-file reference rule see it.
    info = (folder / "doc0.txt").stat()
    os.utime(folder / "doc0.txt", ns=(info.st_atime_ns, info.st_mtime_ns - 10**12))


def _break(folder: Path) -> None:
    (folder / "doc2.txt").write_bytes(b"")


@pytest.mark.parametrize("change", [_edit, _add, _remove, _rename, _touch, _break])
def test_a_rescan_after_a_change_finds_what_an_uncached_scan_finds(
    tmp_path: Path, change: Callable[[Path], None]
) -> None:
    folder = make_corpus(tmp_path / "docs")
    scan([folder], settings(tmp_path))
    change(folder)
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == without_cache(folder, tmp_path)
    assert outcome(scan([folder], settings(tmp_path))) == outcome(rescan)


@pytest.mark.parametrize(
    "changes",
    [
        {"threshold": 6},
        {"min_overlap": 0.5},
        {"weighting": "binary"},
        {"reference_rule": "newest"},
        {"detect_partial": False},
    ],
)
def test_other_settings_are_never_served_an_earlier_outcome(
    tmp_path: Path, changes: dict[str, Any]
) -> None:
    folder = make_corpus(tmp_path / "docs")
    scan([folder], settings(tmp_path))
    rescan = scan([folder], settings(tmp_path, **changes))
    assert outcome(rescan) == without_cache(folder, tmp_path, **changes)


def test_the_same_files_as_a_library_are_a_different_scan(tmp_path: Path) -> None:
    folder = make_corpus(tmp_path / "docs")
    library = tmp_path / "library"
    library.mkdir()
    (library / "old.txt").write_text(document(202), encoding="utf-8")
    both = settings(tmp_path)
    scan([folder, library], both)
    against = scan([folder], both.replace(against=(library,)))
    assert outcome(against) == outcome(
        scan([folder], both.replace(against=(library,), use_cache=False))
    )
    assert {d.path.name: d.role.value for d in against.documents}["old.txt"] == "library"


def test_a_cancelled_scan_is_not_remembered(tmp_path: Path) -> None:
    folder = make_corpus(tmp_path / "docs")
    token = CancelToken()

    def cancel_early(progress: Progress) -> None:
        if progress.stage is Stage.EXTRACTING and progress.done >= 1:
            token.cancel()

    first = scan([folder], settings(tmp_path), progress=cancel_early, cancel=token)
    assert first.cancelled
    again = scan([folder], settings(tmp_path))
    assert not again.cancelled
    assert outcome(again) == without_cache(folder, tmp_path)


def test_a_damaged_stored_outcome_is_scanned_again(tmp_path: Path) -> None:
    folder = make_corpus(tmp_path / "docs")
    scan([folder], settings(tmp_path))
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        assert db.execute("UPDATE scans SET outcome = x'00ff'").rowcount == 1
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == without_cache(folder, tmp_path)
    assert not rescan.notices


def test_an_unchanged_rescan_loads_no_matching_code(tmp_path: Path) -> None:
    """A rescan served whole from the cache needs neither numpy nor the workers' code, so
    the CLI answers it at once; a fresh interpreter shows what it loaded."""
    folder = make_corpus(tmp_path / "docs")
    scan([folder], settings(tmp_path))
    probe = (
        "import sys; from pathlib import Path; from neardup import ScanSettings, scan; "
        f"s = ScanSettings(workers=1, cache_path=Path({str(tmp_path / 'cache.sqlite3')!r})); "
        f"r = scan([{str(folder)!r}], s); "
        "heavy = sorted(m for m in ('numpy', 'rjieba', 'jieba', 'neardup.core.features.analyze') "
        "if m in sys.modules); "
        "print(len(r.documents), len(r.pairs), heavy)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    expected = outcome(scan([folder], settings(tmp_path)))
    assert shown == [str(len(expected["documents"])), str(len(expected["pairs"])), "[]"]


def test_only_the_most_recent_scan_outcomes_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extracted: list[str]
) -> None:
    """Each setting tried on a folder stores an outcome; older ones make way."""
    monkeypatch.setattr(cache_module, "MAX_STORED_SCANS", 2)
    folder = make_corpus(tmp_path / "docs")
    for threshold in (1, 2, 3):
        scan([folder], settings(tmp_path, threshold=threshold))
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM scans").fetchone()[0] == 2
    # The newest is still served whole: nothing is read again.
    extracted.clear()
    rescan = scan([folder], settings(tmp_path, threshold=3))
    assert extracted == []
    assert outcome(rescan) == without_cache(folder, tmp_path, threshold=3)


def test_a_file_changed_twice_within_its_timestamp_resolution_is_read_again(
    tmp_path: Path,
) -> None:
    """A file written just before a scan and again after it, with the same size and mtime
    (FAT keeps 2 s timestamps; `rsync -t` copies them), must not be served from the cache."""
    folder = make_corpus(tmp_path / "docs")
    fresh = folder / "fresh.txt"
    fresh.write_text(document(400), encoding="utf-8")
    written = fresh.stat()
    scan([folder], settings(tmp_path))
    rewritten = document(401)[: written.st_size].encode("utf-8", "ignore")
    rewritten += b" " * (written.st_size - len(rewritten))
    fresh.write_bytes(rewritten)
    os.utime(fresh, ns=(written.st_atime_ns, written.st_mtime_ns))
    assert (fresh.stat().st_size, fresh.stat().st_mtime_ns) == (
        written.st_size,
        written.st_mtime_ns,
    )
    rescan = scan([folder], settings(tmp_path))
    assert outcome(rescan) == without_cache(folder, tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_named_like_a_document_is_a_problem_not_a_hang(tmp_path: Path) -> None:
    """The cache names files by their bytes, but reading a FIFO (or a device) would never end:
    only regular files are hashed, the rest go on to extraction, which reports them."""
    folder = make_corpus(tmp_path / "docs")
    pipe = folder / "x.txt"
    os.mkfifo(pipe)
    found: list[ScanResult] = []
    for _ in range(2):  # cold, then warm
        worker = threading.Thread(
            target=lambda: found.append(scan([folder], settings(tmp_path))), daemon=True
        )
        worker.start()
        worker.join(timeout=30)
        if worker.is_alive():
            # Give the blocked reader an end of file, so the scan (and the suite) goes on.
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
            worker.join(timeout=10)
            pytest.fail("a scan with the cache on hung reading a pipe")
    for result in found:
        assert [p.reason for p in result.problems if p.path == pipe] == [
            "Not a regular file (device, pipe or socket); skipped"
        ]
        assert len(result.documents) + len(result.problems) == len(list(folder.iterdir()))
        assert outcome(result) == without_cache(folder, tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_hashing_refuses_a_pipe_at_once(tmp_path: Path) -> None:
    """A file swapped for a FIFO between its stat and its hashing is not waited on."""
    pipe = tmp_path / "x.txt"
    os.mkfifo(pipe)
    assert file_identity.file_keys([pipe, tmp_path]) == {}
    with pytest.raises(OSError):
        file_identity.content_hash(pipe)


def test_an_analysis_serves_only_files_of_its_format(tmp_path: Path, extracted: list[str]) -> None:
    """The bytes of a text file named .docx or .pdf are no Word document or PDF: a problem,
    cold or warm, though the cache holds an analysis of the same bytes as a .txt."""
    folder = tmp_path / "docs"
    folder.mkdir()
    text = document(700).encode("utf-8")
    for name in ("a.txt", "b.docx"):
        (folder / name).write_bytes(text)
    age_files(folder)

    def check(result: ScanResult, **changes: Any) -> None:
        assert [d.path.name for d in result.documents] == ["a.txt"]
        assert [d.format for d in result.documents] == ["txt"]
        assert outcome(result) == without_cache(folder, tmp_path, **changes)

    check(scan([folder], settings(tmp_path)))  # cold
    check(scan([folder], settings(tmp_path, threshold=4)), threshold=4)  # warm, other settings
    check(scan([folder], settings(tmp_path)))  # warm, unchanged
    (folder / "c.pdf").write_bytes(text)  # new, its bytes known
    age_files(folder)
    check(scan([folder], settings(tmp_path, threshold=5)), threshold=5)
    check(scan([folder], settings(tmp_path, threshold=5)), threshold=5)
    assert {p.path.name for p in scan([folder], settings(tmp_path)).problems} == {
        "b.docx",
        "c.pdf",
    }
    # Moved or renamed, a file of the same format is still served from the cache.
    (folder / "a.txt").rename(folder / "renamed.TXT")
    extracted.clear()
    rescan = scan([folder], settings(tmp_path, threshold=6))
    assert extracted == []
    assert [(d.path.name, d.format) for d in rescan.documents] == [("renamed.TXT", "txt")]


def test_a_rescan_takes_verified_overlaps_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.core.scan import verifier

    measured: list[int] = []
    one, many = verifier.verify, verifier.verify_packed

    def counting_one(*args: Any, **kwargs: Any) -> Any:
        measured.append(1)
        return one(*args, **kwargs)

    def counting_many(packs: Any, slots: Any, *args: Any, **kwargs: Any) -> Any:
        measured.extend([1] * len(slots))
        return many(packs, slots, *args, **kwargs)

    monkeypatch.setattr(verifier, "verify", counting_one)
    monkeypatch.setattr(verifier, "verify_packed", counting_many)
    folder = make_corpus(tmp_path / "docs")
    cache = cache_module.AnalysisCache(tmp_path / "cache.sqlite3")
    assert not cache.holds_derived("overlap:")  # a first scan looks nothing up
    first = scan([folder], settings(tmp_path))
    assert measured and cache.holds_derived("overlap:")
    measured.clear()
    # Another file changes the scan (its outcome is not stored), not the pairs verified before.
    (folder / "other.txt").write_text(document(999), encoding="utf-8")
    age_files(folder)
    rescan = scan([folder], settings(tmp_path))
    assert not measured

    def verified(result: ScanResult) -> list[tuple[Any, ...]]:  # not the IDF-weighted parts
        return [
            (p["a"], p["b"], p["kind"], p["overlap_a"], p["overlap_b"], p["passages"])
            for p in outcome(result)["pairs"]
        ]

    assert verified(rescan) == verified(first)
