"""A library add analyses a chunk ahead of its writing, with the keys and rows made by the
workers and one pool of them for the whole add (#18). The library is the same, document
for document, however the analysis runs; a stopped add leaves whole chunks; an error on
either side is raised once, and nothing is left running."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from library_corpus import library_content, make_library_files
from neardup.cli import main
from neardup.core.features import Analyzed
from neardup.core.library import (
    LibraryReadOnlyError,
    add_to_library,
    building,
    library_info,
    library_keys,
)
from neardup.core.library import analysis_feed as feed_module
from neardup.core.library.database import LibraryDatabase
from neardup.core.library.worker import analyze_for_library
from neardup.core.scan import (
    CancelToken,
    ScanContext,
    WorkerPool,
    analyze_all,
    analyze_files,
    walk,
)
from neardup.core.scan import analysis_stage as analysis_stage_module
from neardup.core.settings import ScanSettings
from neardup.core.store import encode_analysis
from textgen import document

CHUNK = 8
IN_PROCESS = ScanSettings(use_cache=False, workers=1)
TWO_WORKERS = ScanSettings(use_cache=False, workers=2)
FEED_THREAD = "neardup-library-analysis"


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """41 files in chunks of 8 (one cannot be used): more than a pool is started for."""
    monkeypatch.setattr(building, "CHUNK_FILES", CHUNK)
    folder = make_library_files(tmp_path)
    for n in range(30):
        language = "zh" if n % 3 else "en"
        (folder / f"essay{n:02d}.txt").write_text(document(900 + n, language, count=2), "utf-8")
    return folder


def chunks_of(folder: Path) -> list[list[Path]]:
    """The files of each chunk of an add of ``folder``, in the order the add takes them."""
    settings = ScanSettings()
    found = walk([folder], settings.suffixes, settings.exclude, False, settings.include)
    return [found.files[n : n + CHUNK] for n in range(0, len(found.files), CHUNK)]


def stored_paths(library: Path) -> set[str]:
    with sqlite3.connect(library / "library.sqlite") as db:
        return {row[0] for row in db.execute("SELECT path FROM documents")}


def usable(paths: list[Path]) -> set[str]:
    return {str(p) for p in paths if p.name != "broken.pdf"}


def written_chunks(kept: set[str], chunks: list[list[Path]]) -> tuple[int, int]:
    """How many chunks ``kept`` holds whole, and how many files of the next one; it must
    hold the first chunks whole, then part of one at most, then nothing."""
    whole = 0
    while whole < len(chunks) and usable(chunks[whole]) <= kept:
        whole += 1
    rest = kept - usable([path for chunk in chunks[:whole] for path in chunk])
    assert rest <= (usable(chunks[whole]) if whole < len(chunks) else set())
    return whole, len(rest)


def nothing_left_running() -> bool:
    """No analysis thread outlives its add, and the pool's workers exit soon after."""
    if any(t.name == FEED_THREAD for t in threading.enumerate()):
        return False
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not multiprocessing.active_children()


def consistent(library: Path) -> None:
    """Every stored document is indexed, and the count kept is the count of rows."""
    documents, _, keys = library_content(library)
    assert set(keys) == {row[0] for row in documents}
    assert library_info(library).documents == len(documents)


def test_the_library_is_the_same_however_its_files_are_analysed(
    files: Path, tmp_path: Path
) -> None:
    # The reference: one add per chunk, so that no analysis runs ahead of a write.
    reference = tmp_path / "one-chunk-at-a-time"
    for chunk in chunks_of(files):
        add_to_library(reference, chunk, IN_PROCESS)
    expected = library_content(reference)
    assert len(expected[0]) == 40
    cache = tmp_path / "cache.sqlite"
    builds: dict[str, ScanSettings] = {
        "in-process": IN_PROCESS,
        "pool": TWO_WORKERS,
        "pool, cache filled": TWO_WORKERS.replace(use_cache=True, cache_path=cache),
        "from the cache": IN_PROCESS.replace(use_cache=True, cache_path=cache),
    }
    for name, settings in builds.items():
        outcome = add_to_library(tmp_path / name, [files], settings)
        assert (outcome.added, len(outcome.problems), outcome.cancelled) == (40, 1, False)
        assert library_content(tmp_path / name) == expected, name
    assert nothing_left_running()


def test_the_workers_hand_back_each_documents_row_and_keys(files: Path) -> None:
    paths = [path for chunk in chunks_of(files) for path in chunk]
    ctx = ScanContext(TWO_WORKERS, None, None)
    pool = WorkerPool(2)
    try:
        there = analyze_files(analyze_for_library, paths, ctx, pool, [], None, encode=True)
    finally:
        pool.close(finished=True)
    analysed = [item for item in there.items if isinstance(item, Analyzed)]
    assert len(analysed) == 40
    for item in analysed:
        assert there.encoded[str(item.path)] == encode_analysis(item)
        assert there.derived[str(item.path)].tolist() == library_keys(item.text).tolist()
    # Read in this process (too few files for a pool), they come without: the add makes them.
    here = analyze_files(analyze_for_library, paths[:5], ctx, None, [], None, encode=True)
    assert here.encoded == {} and here.derived == {}
    # The scan's own analysis derives nothing, and encodes only for a cache.
    scan = analyze_all(paths, ScanContext(TWO_WORKERS, None, None), None, [], None)
    assert scan.encoded == {} and scan.derived == {}
    assert nothing_left_running()


POOLS_MADE: list[WorkerPool] = []


class CountedPool(WorkerPool):
    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        POOLS_MADE.append(self)


def test_one_pool_serves_the_whole_add_and_a_small_add_none(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    POOLS_MADE.clear()
    monkeypatch.setattr(feed_module, "WorkerPool", CountedPool)
    monkeypatch.setattr(analysis_stage_module, "WorkerPool", CountedPool)
    # Chunks of 24 files, each as many as a scan starts a pool of its own for.
    monkeypatch.setattr(building, "CHUNK_FILES", analysis_stage_module.MIN_FILES_FOR_POOL)
    assert add_to_library(tmp_path / "lib", [files], TWO_WORKERS).added == 40
    assert len(POOLS_MADE) == 1
    small = sorted(files.glob("essay*.txt"))[: analysis_stage_module.MIN_FILES_FOR_POOL - 1]
    assert add_to_library(tmp_path / "small", small, TWO_WORKERS).added == len(small)
    assert len(POOLS_MADE) == 1  # read in this process
    assert nothing_left_running()


def test_the_next_chunk_is_analysed_while_one_is_written_and_no_further_ahead(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_analysis = feed_module.analyze_files
    real_store = building._store_chunk
    analyses: list[int] = []
    seen_while_writing: list[tuple[int, int]] = []

    def counted_analysis(*args: Any, **kwargs: Any) -> Any:
        analyses.append(1)
        return real_analysis(*args, **kwargs)

    def store_once_the_next_is_under_way(*args: Any) -> None:
        written = len(seen_while_writing)
        last = written == len(chunks_of(files)) - 1
        deadline = time.monotonic() + 60
        # Waits for the analysis of the next chunk to start: without overlap it never would.
        while not last and len(analyses) < written + 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        real_store(*args)
        seen_while_writing.append((written, len(analyses)))

    monkeypatch.setattr(feed_module, "analyze_files", counted_analysis)
    monkeypatch.setattr(building, "_store_chunk", store_once_the_next_is_under_way)
    assert add_to_library(tmp_path / "lib", [files], IN_PROCESS).added == 40
    chunks = len(chunks_of(files))
    assert seen_while_writing == [(n, min(n + 2, chunks)) for n in range(chunks)]


def test_a_pool_that_breaks_is_said_once_and_the_rest_read_here_to_the_same_library(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = tmp_path / "reference"
    add_to_library(reference, [files], IN_PROCESS)
    real_analysis = feed_module.analyze_files
    calls: list[int] = []

    def workers_killed_before_the_second(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:  # the add's pool served the first chunk: its workers are killed
            workers = multiprocessing.active_children()
            assert workers
            for worker in workers:
                os.kill(worker.pid or 0, signal.SIGKILL)
                worker.join(30)
        return real_analysis(*args, **kwargs)

    monkeypatch.setattr(feed_module, "analyze_files", workers_killed_before_the_second)
    outcome = add_to_library(tmp_path / "lib", [files], TWO_WORKERS)
    assert (outcome.added, outcome.cancelled) == (40, False)
    assert [n for n in outcome.notices if "worker processes stopped" in n] == outcome.notices
    assert len(outcome.notices) == 1
    assert library_content(tmp_path / "lib") == library_content(reference)
    assert nothing_left_running()


def test_a_cancelled_add_keeps_what_it_finished_and_the_next_add_completes_it(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = CancelToken()
    real_store = building._store_chunk
    stored: list[int] = []

    def store_then_cancel(*args: Any) -> None:
        real_store(*args)
        stored.append(1)
        if len(stored) == 2:
            token.cancel()  # while the analysis runs a chunk ahead

    monkeypatch.setattr(building, "_store_chunk", store_then_cancel)
    library = tmp_path / "lib"
    first = add_to_library(library, [files], IN_PROCESS, cancel=token)
    assert first.cancelled
    assert nothing_left_running()
    chunks = chunks_of(files)
    kept = stored_paths(library)
    # The two chunks written before the cancel, any analysed meanwhile and waiting whole,
    # and of the chunk being analysed, the files read before the cancel.
    whole, _ = written_chunks(kept, chunks)
    assert 2 <= whole <= 4
    assert first.added == len(kept)
    consistent(library)
    monkeypatch.setattr(building, "_store_chunk", real_store)
    second = add_to_library(library, [files], IN_PROCESS)
    assert (second.added, second.unchanged, second.cancelled) == (40 - len(kept), len(kept), False)
    reference = tmp_path / "whole"
    add_to_library(reference, [files], IN_PROCESS)
    # The same documents, analyses and keys; fingerprints depend on the term counts of the
    # documents stored before each chunk, so on where the chunks fell.
    without_fingerprints = [row[:4] + row[5:] for row in library_content(library)[0]]
    assert without_fingerprints == [row[:4] + row[5:] for row in library_content(reference)[0]]
    assert library_content(library)[1:] == library_content(reference)[1:]


def test_ctrl_c_during_an_add_stores_what_was_analysed_and_stops(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_analysis = feed_module.analyze_files
    calls: list[int] = []

    def interrupted_at_the_third(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            # A Ctrl-C, as the terminal sends it to this process: it lands in the main
            # thread, writing an earlier chunk or waiting for the next one.
            os.kill(os.getpid(), signal.SIGINT)
        return real_analysis(*args, **kwargs)

    monkeypatch.setattr(feed_module, "analyze_files", interrupted_at_the_third)
    library = tmp_path / "lib"
    code = main(["library", "add", str(library), str(files), "--workers", "2", "-q", "--no-cache"])
    assert code == 130
    err = capsys.readouterr().err
    assert "(stopped: run it again to add the rest)" in err
    assert "Stopped; the library keeps the files stored so far." in err
    assert nothing_left_running()
    chunks = chunks_of(files)
    # Whole chunks, then the files of the third analysed before the stop; nothing after.
    whole, part = written_chunks(stored_paths(library), chunks)
    assert whole + (part > 0) <= 3 < len(chunks)
    consistent(library)
    # Run again, the add stores the rest.
    assert main(["library", "add", str(library), str(files), "-q", "--no-cache"]) == 0
    assert stored_paths(library) == usable([path for chunk in chunks for path in chunk])


def test_sigterm_during_an_add_stops_it_with_its_own_exit_code(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_analysis = feed_module.analyze_files
    calls: list[int] = []

    def terminated_at_the_second(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)  # a logout, a service manager, kill
        return real_analysis(*args, **kwargs)

    monkeypatch.setattr(feed_module, "analyze_files", terminated_at_the_second)
    library = tmp_path / "lib"
    code = main(["library", "add", str(library), str(files), "--workers", "2", "-q", "--no-cache"])
    assert code == 143  # not 0: a script's next step must not take the library as built
    err = capsys.readouterr().err
    assert "Stopping on request" in err and "(stopped: run it again to add the rest)" in err
    assert nothing_left_running()
    whole, part = written_chunks(stored_paths(library), chunks_of(files))
    assert whole + (part > 0) <= 2
    consistent(library)


def test_a_second_ctrl_c_rolls_back_the_chunk_being_written(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_insert = LibraryDatabase.insert_document
    inserted: list[int] = []

    def interrupted_in_the_second_chunk(self: LibraryDatabase, *args: Any) -> int:
        inserted.append(1)
        if len(inserted) == CHUNK + 3:
            raise KeyboardInterrupt  # as the second Ctrl-C's handler raises it
        return real_insert(self, *args)

    monkeypatch.setattr(LibraryDatabase, "insert_document", interrupted_in_the_second_chunk)
    library = tmp_path / "lib"
    code = main(["library", "add", str(library), str(files), "--workers", "2", "-q", "--no-cache"])
    assert code == 130
    assert "Stopped; the library keeps the files stored so far." in capsys.readouterr().err
    assert nothing_left_running()
    assert written_chunks(stored_paths(library), chunks_of(files)) == (1, 0)
    consistent(library)


def test_an_error_while_writing_is_raised_once_with_the_chunks_before_it_kept(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_insert = LibraryDatabase.insert_document
    inserted: list[int] = []

    def insert_until_the_disk_refuses(self: LibraryDatabase, *args: Any) -> int:
        inserted.append(1)
        if len(inserted) > 8:  # in the second chunk
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real_insert(self, *args)

    monkeypatch.setattr(LibraryDatabase, "insert_document", insert_until_the_disk_refuses)
    unhandled: list[object] = []
    monkeypatch.setattr(threading, "excepthook", unhandled.append)
    library = tmp_path / "lib"
    with pytest.raises(LibraryReadOnlyError, match="it is read-only"):
        add_to_library(library, [files], TWO_WORKERS)
    assert nothing_left_running()
    assert unhandled == []
    assert stored_paths(library) == usable(chunks_of(files)[0])
    consistent(library)


def test_an_error_in_the_analysis_is_raised_once_with_the_chunks_before_it_kept(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_analysis = feed_module.analyze_files
    calls: list[int] = []

    def failing_third(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise MemoryError("no memory for the third chunk")
        return real_analysis(*args, **kwargs)

    monkeypatch.setattr(feed_module, "analyze_files", failing_third)
    unhandled: list[object] = []
    monkeypatch.setattr(threading, "excepthook", unhandled.append)
    library = tmp_path / "lib"
    with pytest.raises(MemoryError, match="third chunk"):
        add_to_library(library, [files], TWO_WORKERS)
    assert nothing_left_running()
    assert unhandled == []
    chunks = chunks_of(files)
    assert stored_paths(library) == usable(chunks[0] + chunks[1])
    consistent(library)


@contextmanager
def unwritable(*folders: Path) -> Iterator[None]:
    """No file can be made in these folders, even by root (immutable there)."""
    if os.geteuid() == 0:
        flag = subprocess.run(
            ["chattr", "+i", *map(str, folders)], capture_output=True, check=False
        )
        if flag.returncode != 0:
            pytest.skip("root writes anywhere, and this file system has no immutable flag")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", *map(str, folders)], check=True)
        return
    for folder in folders:
        folder.chmod(0o555)
    try:
        yield
    finally:
        for folder in folders:
            folder.chmod(0o755)


def test_a_library_folder_made_read_only_during_an_add_stops_it_as_before(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = tmp_path / "lib"
    real_store = building._store_chunk
    stored: list[int] = []
    with contextlib.ExitStack() as stack:

        def store_then_freeze(*args: Any) -> None:
            real_store(*args)
            stored.append(1)
            if len(stored) == 1:  # its index segments can no longer be written
                stack.enter_context(unwritable(library, library / "index"))

        monkeypatch.setattr(building, "_store_chunk", store_then_freeze)
        # The error the writing of a segment meets, as it was when analysis and writing
        # took turns: the person is told which file could not be written.
        with pytest.raises(PermissionError, match="index"):
            add_to_library(library, [files], TWO_WORKERS)
    assert nothing_left_running()
    assert stored_paths(library) == usable(chunks_of(files)[0])
    consistent(library)
