"""Progress a person can trust: no estimate from the first few items, none once a stage is
done, and a passages stage that moves with the pairs it verifies."""

from __future__ import annotations

from pathlib import Path

import pytest

from neardup import ScanSettings, scan
from neardup.core.scan import progress as progress_module
from neardup.core.scan.progress import Progress, Stage, StageTimer
from textgen import document, light_edit


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_time_left_waits_for_enough_work_and_stops_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = _Clock()
    monkeypatch.setattr(progress_module.time, "monotonic", clock)
    seen: list[Progress] = []
    timer = StageTimer(seen.append, Stage.EXTRACTING, 1000)
    clock.now += 0.3  # the first files: the workers are still starting
    timer.report(1, "a.txt", force=True)
    clock.now += 2.0
    timer.report(10, "b.txt", force=True)  # a second of work, but under 2% of the files
    clock.now += 2.0
    timer.report(100, "c.txt", force=True)
    clock.now += 1.0
    timer.report(1000, "d.txt", force=True)
    assert [p.eta_seconds for p in seen[:2]] == [None, None]
    assert seen[2].eta_seconds == pytest.approx(4.3 / 100 * 900)
    assert seen[3].eta_seconds is None  # "done" with no time left to show


def test_the_passages_stage_counts_the_pairs_it_verifies(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for n in range(6):
        text = document(600 + n, "zh", count=4)
        (folder / f"{n}.txt").write_text(text, encoding="utf-8")
        (folder / f"{n}-edit.txt").write_text(light_edit(text, n, 2), encoding="utf-8")
    seen: list[Progress] = []
    result = scan([folder], ScanSettings(use_cache=False, workers=1), progress=seen.append)
    passages = [p for p in seen if p.stage is Stage.PASSAGES]
    assert passages[0].done == 0 and passages[-1].done == passages[-1].total
    assert passages[-1].total >= len(result.pairs) >= 6
    assert [p.done for p in passages] == sorted(p.done for p in passages)
    assert any(0 < p.done < p.total for p in passages)  # it moves, not 0 then done
