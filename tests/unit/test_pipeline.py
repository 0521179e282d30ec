"""The scan pipeline: cache, progress, cancel, folder handling and bad input."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import process as futures_process
from pathlib import Path

import pytest

from neardup import CancelToken, Progress, ScanSettings, Stage, scan
from neardup.core.features.analyze import AnalyzeOptions
from neardup.core.scan import walk
from neardup.core.scan import worker as analysis_worker
from neardup.core.store.cache import AnalysisCache
from textgen import document


def make_folder(root: Path, count: int = 6) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        (root / f"doc{i}.txt").write_text(document(100 + i), encoding="utf-8")
    (root / "copy.txt").write_text(document(100), encoding="utf-8")
    return root


def settings(tmp_path: Path, **changes: object) -> ScanSettings:
    return ScanSettings(workers=1, cache_path=tmp_path / "cache.sqlite3").replace(**changes)


def test_second_scan_comes_from_the_cache_and_finds_the_same(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    first = scan([folder], settings(tmp_path))
    # copy.txt has the bytes of doc0.txt: one analysis serves both.
    assert AnalysisCache(tmp_path / "cache.sqlite3").info()["documents"] == 6
    # Renaming keeps the content hash: still served from the cache, still paired.
    (folder / "copy.txt").rename(folder / "renamed.txt")
    seen: list[Progress] = []
    second = scan([folder], settings(tmp_path), progress=seen.append)
    assert [(p.kind, p.distance) for p in first.pairs] == [
        (p.kind, p.distance) for p in second.pairs
    ]
    assert any(d.path.name == "renamed.txt" for d in second.documents)
    extracting = [p for p in seen if p.stage is Stage.EXTRACTING]
    assert extracting[1].done == 7  # all seven came from the cache before any extraction


def test_a_corrupt_cache_never_breaks_a_scan(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    bad = tmp_path / "cache.sqlite3"
    bad.write_bytes(b"this is not sqlite" * 100)
    result = scan([folder], settings(tmp_path))
    assert len(result.documents) == 7 and result.pairs
    # Not an SQLite file: it may be anything, so it is left as it is, and said so.
    assert result.notices and "is not a NearDup cache" in result.notices[0]
    assert bad.read_bytes() == b"this is not sqlite" * 100


def test_a_cache_locked_by_another_program_never_breaks_a_scan(tmp_path: Path) -> None:
    """Another process (a second NearDup, a backup tool) holds the cache's write lock: the
    scan waits briefly, then goes on without the cache and says so."""
    folder = make_folder(tmp_path / "docs")
    expected = scan([folder], settings(tmp_path, use_cache=False))
    scan([tmp_path / "nothing-yet"], settings(tmp_path))  # creates the cache file
    holder = sqlite3.connect(tmp_path / "cache.sqlite3", isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        result = scan([folder], settings(tmp_path))
    finally:
        holder.close()
    assert [(p.a, p.b, p.kind) for p in result.pairs] == [
        (p.a, p.b, p.kind) for p in expected.pairs
    ]
    assert len(result.documents) == 7
    assert result.notices and "could not be used" in result.notices[0]
    # Clearing would pull the cache from under the other scan: not what the notice advises.
    assert "another scan is using it" in result.notices[0]
    assert "cache clear" not in result.notices[0]
    # Released, the cache works again on the next scan.
    again = scan([folder], settings(tmp_path))
    assert not again.notices and len(again.documents) == 7


def test_progress_reports_every_stage_with_totals(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    seen: list[Progress] = []
    scan([folder], settings(tmp_path, use_cache=False), progress=seen.append)
    stages = [p.stage for p in seen]
    for stage in (
        Stage.WALKING,
        Stage.EXTRACTING,
        Stage.FINGERPRINTING,
        Stage.MATCHING,
        Stage.PASSAGES,
        Stage.DONE,
    ):
        assert stage in stages
    last_extract = [p for p in seen if p.stage is Stage.EXTRACTING][-1]
    assert (last_extract.done, last_extract.total) == (7, 7)


def test_cancel_keeps_what_was_finished(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=40)
    token = CancelToken()

    def cancel_after_some(progress: Progress) -> None:
        if progress.stage is Stage.EXTRACTING and progress.done >= 1:
            token.cancel()

    result = scan(
        [folder], settings(tmp_path, use_cache=False), progress=cancel_after_some, cancel=token
    )
    assert result.cancelled
    assert 1 <= len(result.documents) < 41
    unread = [p for p in result.problems if p.reason.startswith("Not read")]
    assert len(result.documents) + len(unread) == 41


def test_a_cancelled_pooled_scan_stops_its_workers_cleanly(tmp_path: Path) -> None:
    # Big files: each batch keeps a worker busy, and many batches are still queued.
    folder = tmp_path / "docs"
    folder.mkdir()
    for i in range(96):
        text = document(200 + i, "zh", count=50)
        (folder / f"big{i:02d}.txt").write_text(text, encoding="utf-8")
    token = CancelToken()
    workers: list[multiprocessing.process.BaseProcess] = []

    def cancel_after_the_first_batch(progress: Progress) -> None:
        if progress.stage is Stage.EXTRACTING and progress.done >= 1 and not token.is_set():
            workers.extend(multiprocessing.active_children())
            token.cancel()

    result = scan(
        [folder],
        settings(tmp_path, use_cache=False, workers=2),
        progress=cancel_after_the_first_batch,
        cancel=token,
    )
    assert result.cancelled
    assert len(result.documents) < 96
    assert len(workers) == 2, workers
    # The pool's manager thread polls and joins these workers as it shuts them down, and
    # the fork server's Popen.poll is not thread-safe (CPython gh-130895): a second reader
    # finds the status pipe drained and records 255. Read the codes once that thread ends.
    for thread in threading.enumerate():
        if isinstance(thread, futures_process._ExecutorManagerThread):
            thread.join(timeout=60)
    # They stop between files and exit normally: nothing killed mid-result.
    assert [worker.exitcode for worker in workers] == [0, 0], workers


def test_a_worker_batch_stops_between_files_once_the_scan_is_cancelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = make_folder(tmp_path / "docs", count=3)
    paths = sorted(folder.iterdir())
    flag = threading.Event()
    monkeypatch.setattr(analysis_worker._WORKER, "cancel", flag)
    options = AnalyzeOptions()
    assert len(analysis_worker.analyze_batch(paths, options, encode=False)) == len(paths)
    flag.set()
    assert analysis_worker.analyze_batch(paths, options, encode=False) == []


def test_a_plugged_in_executor_is_used(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    used: list[str] = []
    with ThreadPoolExecutor(2) as pool:
        original_submit = pool.submit

        def submit(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
            used.append(threading.current_thread().name)
            return original_submit(fn, *args, **kwargs)

        pool.submit = submit  # type: ignore[method-assign]
        result = scan([folder], settings(tmp_path, use_cache=False), executor=pool)
    assert used and len(result.documents) == 7


def test_process_pool_gives_the_same_result(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=30)
    serial = scan([folder], settings(tmp_path, use_cache=False))
    parallel = scan([folder], settings(tmp_path, use_cache=False, workers=2))
    assert [d.simhash for d in serial.documents] == [d.simhash for d in parallel.documents]
    assert [(p.a, p.b, p.kind) for p in serial.pairs] == [
        (p.a, p.b, p.kind) for p in parallel.pairs
    ]


def test_a_folder_reached_twice_through_a_symlink_is_read_once(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=3)
    link = tmp_path / "alias"
    link.symlink_to(folder, target_is_directory=True)
    library_link = tmp_path / "library"
    library_link.symlink_to(folder, target_is_directory=True)
    result = scan(
        [folder, link],
        settings(tmp_path, use_cache=False, against=(library_link,)),
    )
    # Each file once, as scanned: never a duplicate of itself, never also a library document.
    assert sorted(d.path.name for d in result.documents) == sorted(p.name for p in folder.iterdir())
    assert {d.role.value for d in result.documents} == {"scan"}
    assert [
        (p.kind.value, {result.documents[p.a].path.name, result.documents[p.b].path.name})
        for p in result.pairs
    ] == [("duplicate", {"doc0.txt", "copy.txt"})]


def test_a_file_is_listed_where_it_is_not_through_a_link_to_its_folder(tmp_path: Path) -> None:
    """ "Desktop backup/Work (shortcut)" links to "Documents/Work" and sorts first: the files
    were listed through the link, and tidying that "copy" moved the real file. Real folders
    are walked first; a link to a folder outside is still followed."""
    root = tmp_path / "mess"
    work = root / "Documents" / "Work"
    work.mkdir(parents=True)
    (work / "budget.txt").write_text(document(3), encoding="utf-8")
    (root / "Desktop backup").mkdir()
    (root / "Desktop backup" / "Work (shortcut)").symlink_to(work, target_is_directory=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.txt").write_text(document(4), encoding="utf-8")
    (root / "Desktop backup" / "elsewhere").symlink_to(outside, target_is_directory=True)
    (work / "up").symlink_to(root, target_is_directory=True)  # a loop, walked once
    found = walk([root], (".txt",))
    assert found.files == [work / "budget.txt", root / "Desktop backup" / "elsewhere" / "notes.txt"]
    assert not found.problems
    # the link's folder named first, the real one after it: still the real path
    both = walk([root / "Desktop backup", root / "Documents"], (".txt",))
    assert sorted(both.files) == sorted(found.files)


def test_a_link_to_a_file_is_the_file_listed_once_at_its_own_path(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    real = folder / "report.txt"
    real.write_text(document(5), encoding="utf-8")
    (folder / "a shortcut.txt").symlink_to(real.name)  # sorts first
    (folder / "dangling.txt").symlink_to(tmp_path / "gone.txt")
    found = walk([folder], (".txt",))
    assert found.files == [real, folder / "dangling.txt"]  # a broken link is still reported
    assert walk([folder / "a shortcut.txt"], (".txt",)).files == [folder / "a shortcut.txt"]
    both = walk([folder / "a shortcut.txt", folder], (".txt",))
    assert both.files[0] == real  # named first as the link, listed at the file's own path


def test_folder_handling_hidden_exclude_and_symlink_loops(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=2)
    (folder / ".secret.txt").write_text(document(1), encoding="utf-8")
    (folder / "draft-1.txt").write_text(document(2), encoding="utf-8")
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    result = scan([folder], settings(tmp_path, exclude=("draft-*",)))
    names = sorted(d.path.name for d in result.documents)
    assert names == ["copy.txt", "doc0.txt", "doc1.txt"]
    with_hidden = scan([folder], settings(tmp_path, include_hidden=True))
    assert ".secret.txt" in {d.path.name for d in with_hidden.documents}


def test_short_documents_are_listed_with_a_note_and_only_their_copies_paired(
    tmp_path: Path,
) -> None:
    """Too short for a fingerprint or passages to say anything, a short note is compared
    with nothing, but the same text twice is a duplicate at any length: a person tidying a
    folder expected two copies of a four-word note to be found."""
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("短文本。", encoding="utf-8")
    (folder / "b.txt").write_text("短文本。", encoding="utf-8")
    (folder / "c.txt").write_text("另一段短文本。", encoding="utf-8")
    (folder / "d.txt").write_text("Buy milk and bread", encoding="utf-8")
    (folder / "e.txt").write_text("Buy milk and eggs", encoding="utf-8")  # an edit: not a copy
    result = scan([folder], settings(tmp_path))
    assert len(result.documents) == 5
    assert all("Too short" in " ".join(d.notes) for d in result.documents)
    names = [d.path.name for d in result.documents]
    assert [(names[p.a], names[p.b], p.kind.value) for p in result.pairs] == [
        ("a.txt", "b.txt", "duplicate")
    ]
    assert [sorted(names[m] for m, _ in g.members) for g in result.groups] == [["a.txt", "b.txt"]]


def test_every_file_is_accounted_for_even_when_broken(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=2)
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (folder / "gbk.txt").write_bytes(document(7).encode("gbk"))
    (folder / "bad.docx").write_bytes(b"PK\x03\x04 truncated")
    missing = tmp_path / "missing-folder"
    result = scan([folder, missing], settings(tmp_path))
    listed = {d.path.name for d in result.documents} | {p.path.name for p in result.problems}
    assert listed == {
        "doc0.txt",
        "doc1.txt",
        "copy.txt",
        "empty.txt",
        "binary.txt",
        "gbk.txt",
        "bad.docx",
        "missing-folder",
    }
    assert {p.path.name for p in result.problems} == {
        "empty.txt",
        "binary.txt",
        "bad.docx",
        "missing-folder",
    }


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files regardless of permissions")
def test_unreadable_file_is_a_problem(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=1)
    (folder / "doc0.txt").chmod(0)
    result = scan([folder], settings(tmp_path))
    assert any("ermission" in p.reason for p in result.problems)


class _BrokenPool(ThreadPoolExecutor):
    """An executor whose workers have died, as a killed process pool reports it."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        future: Future[object] = Future()
        future.set_exception(BrokenProcessPool("a worker was killed"))
        return future


def test_a_broken_pool_falls_back_to_this_process(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    with _BrokenPool(1) as pool:
        result = scan([folder], settings(tmp_path, use_cache=False), executor=pool)
    assert len(result.documents) == 7 and not result.cancelled
    assert any("worker processes stopped" in n for n in result.notices)


def test_settings_accept_plain_strings(tmp_path: Path) -> None:
    chosen = ScanSettings(cache_path=str(tmp_path / "c.db"), against=[str(tmp_path)])  # type: ignore[arg-type]
    assert chosen.cache_path == tmp_path / "c.db" and chosen.against == (tmp_path,)


def test_include_patterns_limit_what_folders_yield(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs", count=3)
    result = scan([folder], settings(tmp_path, include=("doc*",)))
    assert sorted(d.path.name for d in result.documents) == ["doc0.txt", "doc1.txt", "doc2.txt"]


def test_raw_term_counts_change_tf_fingerprints(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text(document(1) + "系统 " * 200, encoding="utf-8")
    logged = scan([folder], settings(tmp_path, weighting="tf"))
    raw = scan([folder], settings(tmp_path, weighting="tf", log_tf=False))
    assert logged.documents[0].simhash != raw.documents[0].simhash


def test_warm_scan_reports_exactly_what_the_cold_scan_did(tmp_path: Path) -> None:
    from docgen import write_docx
    from neardup.core.report.scan_report import report_dict
    from textgen import paragraphs

    folder = make_folder(tmp_path / "docs", count=4)
    parts = paragraphs(300, "en", count=8)
    # The same words with other line breaks: equal content keys, different positions.
    (folder / "wrapped.txt").write_text("\n".join(parts), encoding="utf-8")
    write_docx(folder / "copy.docx", parts)
    (folder / "host.txt").write_text(
        "\n\n".join([*paragraphs(301, "en", count=6), *parts[2:5]]), encoding="utf-8"
    )
    reports = []
    for _ in range(2):
        data = report_dict(scan([folder], settings(tmp_path)))
        data.pop("summary")
        reports.append(data)
    assert reports[0]["pairs"] and any(p["kind"] == "partial" for p in reports[0]["pairs"])
    assert reports[0] == reports[1]


def test_the_process_waits_for_the_compiled_loops_to_load_before_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A scan loads numba's loops in a thread while it reads the files. A three-file scan
    that never needed them ended while the thread was still loading, and under load the
    process crashed at exit (SIGSEGV, about one run in four): the thread is not a daemon,
    so the interpreter waits for it."""
    import threading

    from neardup.core import passages
    from neardup.core.scan.pipeline import load_verification_in_background

    release = threading.Event()
    monkeypatch.setattr(passages, "warm_up", lambda: release.wait(10))
    load_verification_in_background()
    try:
        [loading] = [t for t in threading.enumerate() if t.name == "neardup-warm-up"]
        assert loading.is_alive() and not loading.daemon
    finally:
        release.set()
    loading.join(10)
    assert not loading.is_alive()
