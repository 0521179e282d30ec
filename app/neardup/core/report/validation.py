"""Check a report read from disk before anything acts on it: the CLI and the GUI share it.

A report is untrusted input: hand-made, damaged, or from another version. Every field an
action or a view reads is checked for its type and range here, so a malformed report is
refused with one message that says where it is wrong, never a traceback later on.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neardup.core.report.passage_rows import PassageRows

KINDS = frozenset({"duplicate", "near-duplicate", "partial"})


class ExplainedError(ValueError):
    """An error a person can act on: the message in English, and ``code`` with ``params``
    to say it again in a window's own language (``gui.error_text``)."""

    default_code = ""

    def __init__(self, message: str, code: str | None = None, **params: str) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.params = params


class ReportError(ExplainedError):
    """The file is not a report NearDup can use; the message says where and why."""

    default_code = "report-shape"


def parse_report_text(text: str, source: Path, *, compact: bool = False) -> dict[str, Any]:
    """The report in ``text`` (read from ``source``), checked; raises ReportError.
    ``compact``: each pair's passages as ``PassageRows`` (`scan_report.report_dict`)."""
    try:
        hook = _compact_pair if compact else None
        data = json.loads(text, parse_constant=_no_constant, object_hook=hook)
    except RecursionError:
        # The C decoder stops at Python's recursion limit, well past any report's four
        # levels, so the depth costs no scan of its own here.
        raise ReportError(
            f"{source} is not a NearDup scan report (nested too deeply)", path=str(source)
        ) from None
    except (json.JSONDecodeError, ValueError) as error:
        raise ReportError(
            f"{source} is not a NearDup scan report: it is not JSON ({error})",
            "report-not-json",
            path=str(source),
        ) from None
    check_report(data, source)
    return data  # type: ignore[no-any-return]


def _compact_pair(item: dict[str, Any]) -> dict[str, Any]:
    """Each record as the decoder makes it; a pair's passages, once checked, kept as rows
    (`PassageRows`) at once: the dicts of millions of passages are never all held, and
    the decoder's collector passes have that many fewer objects to walk (a report of
    242,000 pairs loads in a quarter of the time)."""
    if "passages" in item and "kind" in item and _pair_fault(item) is None:
        item["passages"] = PassageRows.compacted(item["passages"])
    return item


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a report may hold")


def check_report(data: object, source: Path) -> None:
    """Raise ReportError unless ``data`` has the shape of a NearDup scan report."""
    where = f"{source} is not a NearDup scan report"
    if not isinstance(data, dict):
        raise ReportError(where, path=str(source))
    for part in ("documents", "pairs", "groups", "problems"):
        items = data.get(part)
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise ReportError(f"{where}: '{part}' is not a list of records", path=str(source))
    for name in ("settings", "summary"):
        if name in data and not isinstance(data[name], dict):
            raise ReportError(f"{where}: '{name}' is not a record", path=str(source))
    inputs = data.get("inputs", [])
    if not isinstance(inputs, list) or not all(isinstance(p, str) and p for p in inputs):
        raise ReportError(f"{where}: 'inputs' is not a list of paths", path=str(source))
    checks: dict[str, Callable[[dict[str, Any]], str | None]] = {
        "documents": _document_fault,
        "pairs": _pair_fault,
        "groups": _group_fault,
        "problems": _problem_fault,
    }
    for part, fault_of in checks.items():
        for number, item in enumerate(data[part], start=1):
            fault = fault_of(item)
            if fault is not None:
                raise ReportError(f"{where}: {part} entry {number} {fault}", path=str(source))


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _share(value: object, *, optional: bool = True) -> bool:
    if value is None:
        return optional
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0.0 <= value <= 1.0
    )


def _document_fault(item: dict[str, Any]) -> str | None:
    if not _text(item.get("path")):
        return "has no path"
    if not _count(item.get("size")):
        return "has no size in bytes"
    for name in ("tokens", "modified_ns", "chars", "pages"):
        if item.get(name) is not None and not _count(item[name]):
            return f"has a {name} that is not a count"
    similarity = item.get("similarity")
    if similarity is None:
        return None
    if not isinstance(similarity, dict) or not _share(similarity.get("total")):
        return "has a similarity that is not a share"
    sources = similarity.get("sources", [])
    if not isinstance(sources, list) or not all(
        isinstance(s, dict) and _text(s.get("path")) and _share(s.get("overlap"), optional=False)
        for s in sources
    ):
        return "has sources that are not paths with shares"
    return None


def _pair_fault(item: dict[str, Any]) -> str | None:
    if not (_text(item.get("a")) and _text(item.get("b"))):
        return "does not name two documents"
    if not isinstance(item.get("kind"), str) or item["kind"] not in KINDS:
        return f"has a kind that is none of {', '.join(sorted(KINDS))}"
    if item.get("distance") is not None and not _count(item["distance"]):
        return "has a distance that is not a count"
    for name in ("overlap_a", "overlap_b", "similarity"):
        if not _share(item.get(name)):
            return f"has an {name} that is not a share between 0 and 1"
    passages = item.get("passages", [])
    if isinstance(passages, PassageRows):  # checked as it was read
        return None
    if not isinstance(passages, list) or not all(_passage(p) for p in passages):
        return "has passages that are not pairs of [start, end] ranges"
    return None


def _passage(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    ranges = [value.get("a"), value.get("b")]
    return all(
        isinstance(r, list) and len(r) == 2 and all(_count(x) for x in r) and r[0] <= r[1]
        for r in ranges
    ) and (value.get("documents") is None or _count(value["documents"]))


def _group_fault(item: dict[str, Any]) -> str | None:
    if not _count(item.get("id")) or not _text(item.get("reference")):
        return "has no id or reference"
    members = item.get("members")
    if not isinstance(members, list) or not all(
        isinstance(m, dict) and _text(m.get("path")) and _count(m.get("distance")) for m in members
    ):
        return "has members that are not paths with distances"
    return None


def _problem_fault(item: dict[str, Any]) -> str | None:
    if not (_text(item.get("path")) and isinstance(item.get("reason"), str)):
        return "has no path and reason"
    if item.get("code") is not None and not isinstance(item["code"], str):
        return "has a reason code that is not text"
    if item.get("params") is not None and not isinstance(item["params"], dict):
        return "has reason details that are not an object"
    return None
