"""The histograms beside the thresholds: moving k previews the pairs and groups a rescan at
that k then finds, and the settings explain k and the weightings in plain words."""

from __future__ import annotations

import re
from pathlib import Path

from gui_corpus import Corpus
from gui_helpers import answer_discard, scan_folder
from pytestqt.qtbot import QtBot

from docgen import write_txt
from neardup.core.settings import Weighting
from neardup.gui.main_window import MainWindow
from neardup.gui.settings.settings_panel import WEIGHTING_HELP
from textgen import document, light_edit

PREVIEW = re.compile(r"At k = (\d+): (\d+) duplicate or near-duplicate pairs? in (\d+) groups?")


def _edited_family(folder: Path) -> Path:
    """Copies of two originals, each edited a little more than the last: pairs at many
    distances, and unrelated documents besides."""
    folder.mkdir()
    for family in range(2):
        original = document(40 + family, "en", count=10)
        write_txt(folder / f"f{family}_original.txt", original)
        for changes in (2, 8, 20, 45):
            write_txt(
                folder / f"f{family}_edit{changes}.txt", light_edit(original, changes, changes)
            )
    for seed in range(4):
        write_txt(folder / f"unrelated_{seed}.txt", document(seed, "en", count=6))
    return folder


def _preview(window: MainWindow) -> tuple[int, int, int]:
    found = PREVIEW.search(window.settings_panel.distance_preview.text())
    assert found is not None, window.settings_panel.distance_preview.text()
    k, pairs, groups = (int(x) for x in found.groups())
    return k, pairs, groups


def _rescan(qtbot: QtBot, window: MainWindow, folder: Path) -> None:
    with qtbot.waitSignal(window.scan_finished, timeout=60_000):
        window.scan_button.click()
        answer_discard(window)


def test_moving_k_previews_the_pairs_and_groups_a_rescan_finds(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = _edited_family(tmp_path / "docs")
    panel = window.settings_panel
    panel.partial_check.setChecked(False)  # near-duplicates by fingerprint alone
    panel.threshold_slider.setValue(12)
    scan_folder(qtbot, window, folder)
    qtbot.waitUntil(lambda: panel.previewer is not None, timeout=30_000)
    assert panel.distance_chart.isVisible()
    assert panel.distance_chart.marker == 12
    assert _preview(window)[0] == 12

    for k in (6, 2):
        panel.threshold_slider.setValue(k)
        assert panel.distance_chart.marker == k  # the line follows the slider
        previewed = _preview(window)
        assert previewed[0] == k
        _rescan(qtbot, window, folder)
        assert window.report is not None
        summary = window.report.summary
        assert (k, summary.pairs, summary.groups) == previewed
        qtbot.waitUntil(lambda k=k: panel.previewer.scan_threshold == k, timeout=30_000)  # type: ignore[union-attr]

    # beyond the scan's k the report can only count the pairs a rescan would check
    panel.threshold_slider.setValue(16)
    text = panel.distance_preview.text()
    assert "the last scan used k = 2" in text
    previewer = panel.previewer
    assert previewer is not None
    within = sum(previewer.distance_counts[3:17])
    if within:
        assert "a rescan checks whether they share enough words" in text


def test_the_overlap_chart_previews_partial_copies(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    panel = window.settings_panel
    qtbot.waitUntil(lambda: panel.previewer is not None, timeout=30_000)
    assert window.report is not None
    partial = sum(p.kind == "partial" for p in window.report.pairs)
    assert partial >= 1
    minimum = panel.overlap_spin.value()
    assert panel.overlap_preview.text().startswith(
        f"At {minimum}%: {partial} partial cop{'y' if partial == 1 else 'ies'}."
    )
    panel.overlap_spin.setValue(100)
    assert panel.overlap_preview.text().startswith("At 100%: 0 partial copies.")
    assert panel.overlap_chart.marker == 19
    panel.overlap_spin.setValue(1)
    assert "kept none below its" in panel.overlap_preview.text()


def test_k_and_each_weighting_are_explained_in_plain_words(window: MainWindow) -> None:
    panel = window.settings_panel
    assert "how many of those bits may differ" in panel.threshold_slider.toolTip()
    combo = panel.weighting_combo
    for n in range(combo.count()):
        weighting = Weighting(combo.itemData(n))
        tip = combo.itemData(n, role=3)  # Qt.ItemDataRole.ToolTipRole
        assert tip == WEIGHTING_HELP[weighting] and len(tip) > 40
    # before any scan there is nothing to chart, and the panel says so
    assert not panel.distance_chart.isVisible()
    assert "Scan once" in panel.distance_preview.text()
