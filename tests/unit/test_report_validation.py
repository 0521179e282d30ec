"""Reports read from disk are untrusted: any malformed one is refused with a ReportError
that says why, never a traceback, by the reader the CLI and the GUI share."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from neardup import ScanSettings, scan
from neardup.cli import main
from neardup.core.report import read_report, report_dict
from neardup.core.report.validation import ReportError
from neardup.gui.report_data import parse_report
from textgen import document, light_edit

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def real_report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("docs")
    original = document(70, "en", count=10)
    (folder / "a.txt").write_text(original, encoding="utf-8")
    (folder / "b.txt").write_text(light_edit(original, seed=1), encoding="utf-8")
    (folder / "c.txt").write_text(document(71, "en"), encoding="utf-8")
    (folder / "empty.txt").write_text("", encoding="utf-8")
    data = report_dict(scan([folder], ScanSettings(use_cache=False, workers=1)))
    assert data["pairs"] and data["groups"] and data["problems"]
    return data


def _paths_into(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a report's tree where a value could be swapped."""
    places = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            places += _paths_into(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            places += _paths_into(value, (*prefix, index))
    return places


def _replaced(data: Any, place: tuple[Any, ...], value: Any) -> Any:
    if not place:
        return value
    changed = copy.deepcopy(data)
    target = changed
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = value
    return changed


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(choice=st.integers(min_value=0), value=JSON_VALUES)
def test_a_damaged_report_is_refused_or_read_never_a_traceback(
    real_report: dict[str, Any], tmp_path: Path, choice: int, value: Any
) -> None:
    places = _paths_into(real_report)
    damaged = _replaced(real_report, places[choice % len(places)], value)
    path = tmp_path / "report.json"
    path.write_text(json.dumps(damaged), encoding="utf-8")
    try:
        data = read_report(path)
    except ReportError as error:
        assert str(error)
        return
    parse_report(data)  # what the desktop app builds from it


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"documents": [], "pairs": [], "groups": [], "problems": [], "x": NaN}', "NaN"),
        (
            '{"documents": [], "pairs": [{"a": "x", "b": "y"}], "groups": [], "problems": []}',
            "kind",
        ),
        (
            '{"documents": [], "pairs": [], "groups": [], "problems": [], "settings": "s"}',
            "settings",
        ),
        (
            '{"documents": [{"path": "/d", "size": 3, "similarity": {"total": 1e999}}], '
            '"pairs": [], "groups": [], "problems": []}',
            "Infinity",
        ),
        (
            '{"documents": [], "pairs": [], "groups": [], '
            '"problems": [{"path": "/d", "reason": "r", "params": 1}]}',
            "reason details",
        ),
    ],
)
def test_malformed_reports_get_a_reason_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, reason: str
) -> None:
    path = tmp_path / "report.json"
    path.write_text(text, encoding="utf-8")
    document_path = tmp_path / "doc.txt"
    document_path.write_text("text", encoding="utf-8")
    assert main(["sources", str(path), str(document_path)]) == 2
    err = capsys.readouterr().err
    assert "not a NearDup scan report" in err or "Cannot read report" in err
    assert reason in err or reason == "Infinity"
