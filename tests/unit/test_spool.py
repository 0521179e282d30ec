"""A scan's analyses in its spool: every document's text, tokens and kept hashes read back
as they were made, in a scan through worker processes or in this one, and kept in memory
when no temporary file can be written."""

from __future__ import annotations

import gc
import os
import pickle
from pathlib import Path

import numpy as np
import pytest

from neardup.core.features import (
    Analyzed,
    AnalyzeOptions,
    Contents,
    TokenIds,
    analyze_file,
    compact_length,
)
from neardup.core.scan import ScanContext, analysis_stage, analyze_all, scan
from neardup.core.scan import spool as spool_module
from neardup.core.scan.spool import AnalysisSpool, SpooledContents
from neardup.core.settings import ScanSettings
from neardup.core.store import AnalysisCache
from textgen import document


def _corpus(folder: Path, count: int) -> list[Path]:
    for n in range(count):
        language = "zh" if n % 3 == 0 else "en"
        (folder / f"d{n:02d}.txt").write_text(document(n, language, count=5), encoding="utf-8")
    return sorted(folder.glob("*.txt"))


def _same_contents(spooled: Analyzed, fresh: Analyzed) -> None:
    assert spooled.text == fresh.text and spooled.chars == len(fresh.text)
    assert spooled.compact_chars == fresh.compact_chars == compact_length(fresh.text)
    assert spooled.tokens == fresh.tokens and spooled.token_count == len(fresh.tokens)
    assert spooled.kept_hashes.dtype == np.uint64
    assert np.array_equal(spooled.kept_hashes, fresh.kept_hashes)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_scan_reads_back_from_its_spool_what_analysis_made(tmp_path: Path, workers: int) -> None:
    files = _corpus(tmp_path, 30)  # enough for a pool of workers
    settings = ScanSettings(workers=workers, use_cache=False)
    outcome = analyze_all(files, ScanContext(settings, None, None), None, [], None)
    items = {str(item.path): item for item in outcome.items}
    assert len(items) == len(files)
    for path in files:
        spooled = items[str(path)]
        assert isinstance(spooled, Analyzed) and isinstance(spooled.contents, SpooledContents)
        assert isinstance(spooled.tokens, TokenIds)
        fresh = analyze_file(path, AnalyzeOptions.of(settings))
        assert isinstance(fresh, Analyzed)
        _same_contents(spooled, fresh)
    # Another process cannot read the spool: pickled, the contents are the contents.
    copied = pickle.loads(pickle.dumps(outcome.items[0]))
    assert isinstance(copied.contents, Contents) and copied.text == outcome.items[0].text
    assert type(copied.tokens) is tuple


def test_a_spool_that_cannot_write_keeps_contents_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _corpus(tmp_path, 3)
    options = AnalyzeOptions()
    analyses = [analyze_file(path, options) for path in files]
    spool = AnalysisSpool()
    first = spool.keep(analyses[0].contents)  # type: ignore[union-attr]
    assert isinstance(first, SpooledContents)

    def disk_full(*args: object, **kwargs: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(spool_module.AnalysisSpool, "_write", disk_full)
    later = [spool.keep(a.contents) for a in analyses[1:]]  # type: ignore[union-attr]
    assert all(isinstance(c, Contents) for c in later)
    assert spool.problem is not None and "No space left on device" in spool.problem
    assert all(isinstance(c.tokens, TokenIds) for c in later), "numbered all the same"
    # What was written before stays readable.
    assert first.text == analyses[0].text  # type: ignore[union-attr]
    for contents, analysis in zip(later, analyses[1:], strict=True):
        assert contents.text == analysis.text  # type: ignore[union-attr]


def test_a_scan_with_and_without_the_spool_reports_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _corpus(tmp_path, 12)
    # A partial copy and a near-duplicate, so that every stage reads contents.
    text = files[1].read_text(encoding="utf-8")
    copied = text[: len(text) // 2] + "\n\n" + text[: len(text) // 3]
    (tmp_path / "copy.txt").write_text(copied, encoding="utf-8")
    (tmp_path / "edited.txt").write_text(text.replace("the", "a", 3), encoding="utf-8")
    settings = ScanSettings(workers=1, use_cache=False)
    spooled = scan([tmp_path], settings)

    def in_memory(self: AnalysisSpool, contents: Contents) -> Contents:
        tokens = self.vocabulary.encode(contents.tokens)
        return Contents(contents.text, tokens, contents.kept_hashes, contents.compact_chars)

    monkeypatch.setattr(spool_module.AnalysisSpool, "keep", in_memory)
    held = scan([tmp_path], settings)
    assert len(spooled.pairs) >= 2
    assert [(p.a, p.b, p.kind, p.overlap_a, p.overlap_b) for p in spooled.pairs] == [
        (p.a, p.b, p.kind, p.overlap_a, p.overlap_b) for p in held.pairs
    ]
    assert [(d.simhash, d.tokens, d.chars) for d in spooled.documents] == [
        (d.simhash, d.tokens, d.chars) for d in held.documents
    ]


def test_analyses_read_from_the_cache_are_spooled_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    files = _corpus(folder, 6)
    settings = ScanSettings(workers=1, cache_path=tmp_path / "cache.sqlite")
    ctx = ScanContext(settings, None, None)
    cache = AnalysisCache(settings.cache_path)
    try:
        first = analyze_all(files, ctx, None, [], cache)

        def not_again(path: Path, options: AnalyzeOptions) -> Analyzed:
            raise AssertionError(f"{path} analysed again, not read from the cache")

        monkeypatch.setattr(analysis_stage, "analyze_file", not_again)
        again = analyze_all(files, ctx, None, [], cache)
    finally:
        cache.close()
    by_path = {str(item.path): item for item in first.items}
    for item in again.items:
        assert isinstance(item, Analyzed) and isinstance(item.contents, SpooledContents)
        earlier = by_path[str(item.path)]
        assert isinstance(earlier, Analyzed)
        _same_contents(item, earlier)


def test_a_scan_lets_its_documents_and_spool_go_without_the_garbage_collector(
    tmp_path: Path,
) -> None:
    """Nothing a scan made holds its documents in a reference cycle: they, and the spool's
    file, go as ``scan`` returns, not at some later collection (a cycle through the
    features' caches once held a scan's analyses until then)."""
    files = _corpus(tmp_path, 8)
    text = files[0].read_text(encoding="utf-8")
    (tmp_path / "edited.txt").write_text(text.replace("the", "a", 3), encoding="utf-8")

    def analyses() -> int:
        return sum(isinstance(o, (Analyzed, AnalysisSpool)) for o in gc.get_objects())

    gc.collect()
    before = analyses()
    gc.disable()
    try:
        result = scan([tmp_path], ScanSettings(workers=1, use_cache=False))
        assert analyses() == before
    finally:
        gc.enable()
    assert result.pairs, "the scan went through every stage"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads where a file is from /proc")
def test_the_spool_is_written_in_the_apps_cache_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not the system's temporary folder, which is memory on many Linux systems."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    analysis = analyze_file(_corpus(tmp_path, 1)[0], AnalyzeOptions())
    assert isinstance(analysis, Analyzed)
    spool = AnalysisSpool()
    spooled = spool.keep(analysis.contents)
    assert isinstance(spooled, SpooledContents) and spooled.text == analysis.text
    where = Path(os.readlink(f"/proc/self/fd/{spool._file.fileno()}"))  # type: ignore[union-attr]
    assert where.parent == tmp_path / "cache" / "neardup"
    assert not list(where.parent.iterdir()), "an unnamed file: nothing left behind"
