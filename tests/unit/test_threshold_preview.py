"""The threshold preview reads every pair's distance from a real report's fingerprints."""

from __future__ import annotations

import itertools

import pytest

from docgen import write_txt
from neardup.core.report import ThresholdPreviewer, report_dict
from neardup.core.report import threshold_preview as preview_module
from neardup.core.scan import scan
from neardup.core.settings import ScanSettings
from textgen import document, light_edit


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("docs")
    library = tmp_path_factory.mktemp("library")
    original = document(3, "zh", count=6)
    write_txt(folder / "original.txt", original)
    write_txt(folder / "edited.txt", light_edit(original, 1, 4))
    for seed in range(4):
        write_txt(folder / f"other_{seed}.txt", document(10 + seed, "zh", count=5))
    for seed in range(3):
        write_txt(library / f"book_{seed}.txt", document(20 + seed, "zh", count=5))
    settings = ScanSettings(workers=1, use_cache=False, against=(library,))
    return report_dict(scan([folder], settings))


def _brute_force(report: dict[str, object]) -> list[int]:
    documents = report["documents"]
    assert isinstance(documents, list)
    counts = [0] * 65
    for a, b in itertools.combinations(documents, 2):
        if a["role"] == b["role"] == "library":
            continue  # never compared
        counts[(int(a["simhash"], 16) ^ int(b["simhash"], 16)).bit_count()] += 1
    return counts


def test_every_compared_pair_of_documents_is_counted_once(report: dict[str, object]) -> None:
    previewer = ThresholdPreviewer(report)
    assert previewer.distance_counts == _brute_force(report)
    assert not previewer.sampled
    # 6 scanned and 3 library documents: 36 pairs less the 3 between library documents
    assert sum(previewer.distance_counts) == 33


def test_at_the_scans_own_k_the_preview_is_the_report(report: dict[str, object]) -> None:
    previewer = ThresholdPreviewer(report)
    preview = previewer.preview(previewer.scan_threshold)
    pairs = report["pairs"]
    assert isinstance(pairs, list)
    assert preview.pairs == sum(p["kind"] != "partial" for p in pairs)
    assert preview.groups == len(report["groups"])  # type: ignore[arg-type]
    assert preview.unchecked == 0 and not preview.beyond_scan


def test_a_large_collection_is_measured_on_a_sample(
    report: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(preview_module, "MAX_DOCUMENTS_MEASURED", 4)
    previewer = ThresholdPreviewer(report)
    assert previewer.sampled and previewer.measured_documents == 4
    assert previewer.eligible_documents == 9
    # beyond the scan's k, a sample cannot count the pairs left to check
    assert previewer.preview(previewer.scan_threshold + 5).unchecked is None


def test_a_report_without_fingerprints_charts_its_pairs_only(report: dict[str, object]) -> None:
    documents = report["documents"]
    pairs = report["pairs"]
    assert isinstance(documents, list) and isinstance(pairs, list) and pairs
    stripped = {**report, "documents": [{**d, "simhash": None} for d in documents]}
    previewer = ThresholdPreviewer(stripped)
    assert previewer.pairs_only
    assert sum(previewer.distance_counts) == len(pairs)
    assert previewer.preview(previewer.scan_threshold + 4).unchecked is None
