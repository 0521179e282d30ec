"""`library add --executor dask` on a real Dask LocalCluster of two worker processes: the
library it builds holds the same documents, analyses, fingerprints, keys and term counts,
document for document, as one built by local worker processes or in one process, in one
chunk or in several analysed ahead of their writing."""

from __future__ import annotations

from pathlib import Path

import pytest

from library_corpus import library_content, make_library_files
from neardup.cli import main
from neardup.core.library import DaskExecutor, building
from textgen import document

distributed = pytest.importorskip(
    "distributed", reason="Dask is not installed: pip install 'neardup[dask]' (make test does)"
)


# One chunk for the whole add, or six: the workers analyse chunk k+1 while chunk k is written.
@pytest.mark.parametrize("chunk_files", [building.CHUNK_FILES, 9])
def test_a_library_built_on_a_dask_cluster_is_the_one_built_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk_files: int
) -> None:
    monkeypatch.setattr(building, "CHUNK_FILES", chunk_files)
    files = make_library_files(tmp_path)
    # More files than one batch holds, so that both workers get some.
    for n in range(40):
        (files / f"essay{n:02d}.txt").write_text(document(600 + n, "en", count=2), "utf-8")
    in_process, here, there = tmp_path / "in-process", tmp_path / "here", tmp_path / "there"
    options = ["--no-cache", "--quiet"]
    assert main(["library", "add", str(in_process), str(files), "--workers", "1", *options]) == 0
    assert main(["library", "add", str(here), str(files), "--workers", "2", *options]) == 0
    on_dask = ["--executor", "dask", "--workers", "2", *options]
    assert main(["library", "add", str(there), str(files), *on_dask]) == 0
    built_here, built_there = library_content(here), library_content(there)
    assert len(built_here[0]) == 50
    assert built_there == built_here
    assert library_content(in_process) == built_here


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
    # Three batches of at most 16 files, each a task of the library's worker entry point
    # (analysis, row and keys), spread over both idle workers.
    assert [task["key"].startswith("analyze_for_library") for task in tasks.data] == [True] * 3
    assert len({task["worker"] for task in tasks.data}) == 2
    assert outcome.added == 40 and not outcome.problems
    assert library_info(tmp_path / "library").documents == 40
