"""`library add --executor dask` on a real Dask LocalCluster of two worker processes: the
library it builds holds the same documents, analyses, fingerprints, keys and term counts,
document for document, as one built by local worker processes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from library_corpus import make_library_files
from neardup.cli import main
from neardup.core.library import DaskExecutor
from textgen import document

distributed = pytest.importorskip(
    "distributed", reason="Dask is not installed: pip install 'neardup[dask]' (make test does)"
)

DOCUMENT_COLUMNS = (
    "path, content_hash, size, mtime_ns, simhash, keys, format, pages, encoding, notes, "
    "content_key, text, tokens, token_offsets, kept_hashes"
)


def library_content(
    folder: Path,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], dict]:
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


def test_a_library_built_on_a_dask_cluster_is_the_one_built_here(tmp_path: Path) -> None:
    files = make_library_files(tmp_path)
    # More files than one batch holds, so that both workers get some.
    for n in range(40):
        (files / f"essay{n:02d}.txt").write_text(document(600 + n, "en", count=2), "utf-8")
    here, there = tmp_path / "here", tmp_path / "there"
    options = ["--no-cache", "--quiet"]
    assert main(["library", "add", str(here), str(files), "--workers", "2", *options]) == 0
    on_dask = ["--executor", "dask", "--workers", "2", *options]
    assert main(["library", "add", str(there), str(files), *on_dask]) == 0
    built_here, built_there = library_content(here), library_content(there)
    assert len(built_here[0]) == 50
    assert built_there == built_here


def test_the_executor_runs_each_batch_as_a_task_on_the_cluster(tmp_path: Path) -> None:
    from neardup.core.library import add_to_library, library_info
    from neardup.core.settings import ScanSettings

    for n in range(40):
        (tmp_path / f"essay{n:02d}.txt").write_text(document(700 + n, "zh", count=2), "utf-8")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        distributed.get_task_stream(client) as tasks,
    ):
        outcome = add_to_library(
            tmp_path / "library",
            [tmp_path],
            ScanSettings(use_cache=False),
            executor=DaskExecutor(client),
        )
    # Three batches of at most 16 files, each a task, spread over both idle workers.
    assert [task["key"].startswith("analyze_batch") for task in tasks.data] == [True] * 3
    assert len({task["worker"] for task in tasks.data}) == 2
    assert outcome.added == 40 and not outcome.problems
    assert library_info(tmp_path / "library").documents == 40
