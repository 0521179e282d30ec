"""Report writers (JSON, CSV) and the JSON reader, following the contract in DESIGN.md.

The JSON report is public: other programs rely on its field names and types.
Fields beyond the contract (``summary``, ``passages``, ``notes``…) are additions.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO

import orjson

from neardup._version import __version__
from neardup.core.collector import collector_skips_existing_objects
from neardup.core.models import DocumentRecord, MatchedSpan, ScanResult, SpanTable
from neardup.core.report.passage_rows import PassageRows, written_as_json
from neardup.core.report.validation import ReportError, parse_report_text


def _similarity(result: ScanResult, record: DocumentRecord) -> dict[str, Any] | None:
    summary = record.similarity
    if summary is None:
        return None
    docs = result.documents
    return {
        "total": summary.total,
        "max_source": None
        if summary.max_source is None
        else {"path": str(docs[summary.max_source].path), "overlap": summary.max_overlap},
        "sources": [
            {"path": str(docs[s.document].path), "overlap": s.overlap} for s in summary.sources
        ],
    }


def _passages(spans: Sequence[MatchedSpan], compact: bool) -> PassageRows | list[dict[str, Any]]:
    """A pair's matched passages; ``documents`` (how many scanned documents hold its text)
    when the scan counted them, so that text common to many documents can be told apart.
    ``compact``: verification's rows kept as they are, read as the same dicts
    (`PassageRows`: a scan of real text has millions of passages)."""
    if compact and isinstance(spans, SpanTable):
        return PassageRows.of_rows(spans.rows)
    rows = spans.rows.tolist() if isinstance(spans, SpanTable) else spans
    return [
        {"a": [a_start, a_end], "b": [b_start, b_end], "documents": documents}
        if documents
        else {"a": [a_start, a_end], "b": [b_start, b_end]}
        for a_start, a_end, b_start, b_end, documents in rows
    ]


def report_dict(result: ScanResult, *, compact: bool = False) -> dict[str, Any]:
    """The JSON report as a plain dict (built with the collector off the result's objects).
    ``compact``: each pair's passages are ``PassageRows``, which read as the same list of
    dicts in a fraction of the memory, and which the report's writers write as that list
    (`written_as_json`), where a plain ``json.dumps`` cannot."""
    with collector_skips_existing_objects():
        return _report_dict(result, compact)


def _report_dict(result: ScanResult, compact: bool) -> dict[str, Any]:
    docs = result.documents
    path_of = [str(d.path) for d in docs]
    return {
        "version": __version__,
        "settings": {**result.settings.to_dict(), "version": __version__},
        # What was asked to be scanned: a reopened report puts these folders back.
        "inputs": list(result.inputs),
        "summary": {
            "documents": len(docs),
            "pairs": len(result.pairs),
            "groups": len(result.groups),
            "problems": len(result.problems),
            "skipped_files": result.skipped_files,
            "skipped_types": dict(result.skipped_types),
            "elapsed_seconds": round(result.elapsed, 3),
            "cancelled": result.cancelled,
        },
        "documents": [
            {
                "path": str(d.path),
                "size": d.size,
                "format": d.format,
                "tokens": d.tokens,
                "simhash": f"{d.simhash:016x}" if d.simhash is not None else None,
                "pages": d.pages,
                "encoding": d.encoding,
                "modified_ns": d.mtime_ns,
                "role": d.role.value,
                "chars": d.chars,
                "notes": list(d.notes),
                "hidden_chars": d.hidden_chars,
                "similarity": _similarity(result, d),
            }
            for d in docs
        ],
        "pairs": [
            {
                "a": path_of[p.a],
                "b": path_of[p.b],
                "kind": p.kind.value,
                "distance": p.distance,
                "similarity": p.similarity,
                "overlap_a": p.overlap_a,
                "overlap_b": p.overlap_b,
                "passages": _passages(p.spans, compact),
            }
            for p in result.pairs
        ],
        "groups": [
            {
                "id": g.id,
                "reference": path_of[g.reference],
                "members": [{"path": path_of[m], "distance": d} for m, d in g.members],
            }
            for g in result.groups
        ],
        # code and params: the reason for a program (core/models.py REASONS), "" where none
        "problems": [
            {"path": str(p.path), "reason": p.reason, "code": p.code, "params": p.params}
            for p in result.problems
        ],
    }


def _json_chunks(data: dict[str, Any]) -> Iterator[str]:
    """The JSON report, a line at a time: UTF-8 JSON with one line per document, pair,
    group and problem, each written compactly by orjson (``"kind":"partial"``), so that a
    report of 300 MB is never one string. A line orjson refuses (a file name that is not
    valid UTF-8, held as surrogate escapes) is escaped to ASCII by json's C encoder, in the
    same compact form, which round-trips through json.loads and os.fsencode."""

    def dumped(value: Any) -> str:
        try:
            return _utf8_json(value)
        except orjson.JSONEncodeError:
            return _ascii_json(value)

    yield "{"
    for number, (key, value) in enumerate(data.items()):
        yield ",\n  " if number else "\n  "
        if isinstance(value, list) and value:
            yield f"{dumped(key)}: [\n"
            for index, item in enumerate(value):
                yield f",\n    {dumped(item)}" if index else f"    {dumped(item)}"
            yield "\n  ]"
        else:
            yield f"{dumped(key)}: {dumped(value)}"
    yield "\n}\n"


def _utf8_json(value: Any) -> str:
    return orjson.dumps(value, default=written_as_json).decode()


def _ascii_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"), default=written_as_json)


def write_json(
    result: ScanResult, out: IO[str], amend: Callable[[dict[str, Any]], object] | None = None
) -> None:
    """The JSON report; ``amend`` may add to the dict first (review marks, say)."""
    out.writelines(_report_chunks(result, amend))


def _report_chunks(
    result: ScanResult, amend: Callable[[dict[str, Any]], object] | None
) -> Iterator[str]:
    data = report_dict(result, compact=True)
    if amend is not None:
        amend(data)
    return _json_chunks(data)


def _write_atomically(content: str | bytes | Iterable[str], destination: Path) -> None:
    """Write a report where it was asked for.

    A regular file (or a new one) is written beside and renamed over, so a crash never leaves
    half a report; a symlink is followed, so the link stays and its target gets the report.
    Anything else already at that path (a device such as /dev/null, a pipe) is written into,
    as a shell's redirection would: renaming over it would replace a device, even as root.
    """
    if os.path.islink(destination):
        destination = Path(os.path.realpath(destination))
    if os.path.exists(destination) and not destination.is_file():
        if destination.is_dir():
            raise IsADirectoryError(errno.EISDIR, "Is a folder, not a file", str(destination))
        with open(destination, "wb") as out:
            _write_out(content, out)
        return
    temporary = destination.with_name(destination.name + ".part")
    try:
        with open(temporary, "wb") as out:
            _write_out(content, out)
        temporary.replace(destination)
    except BaseException as error:
        # Whatever stopped it (a full disk, a Ctrl-C while a report is made as it is
        # written), no half-written file is left beside the report.
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):  # name the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, str(destination)) from error
        raise


def _write_out(content: str | bytes | Iterable[str], out: BinaryIO) -> None:
    """Text as UTF-8, bytes as they are, or text a piece at a time (a report's lines)."""
    if isinstance(content, bytes):
        out.write(content)
    elif isinstance(content, str):
        out.write(content.encode("utf-8"))
    else:
        out.writelines(piece.encode("utf-8") for piece in content)


def write_text_atomically(text: str, destination: Path) -> None:
    """Write ``text`` (UTF-8) to ``destination`` through a temporary file and a rename."""
    _write_atomically(text, destination)


def write_bytes_atomically(data: bytes, destination: Path) -> None:
    """Write ``data`` (a PDF, say) to ``destination`` through a temporary file and a rename."""
    _write_atomically(data, destination)


def write_report_data(data: dict[str, Any], destination: Path) -> None:
    """Save a report dict (from `report_dict` or `read_report`) as `neardup scan` writes it."""
    _write_atomically(_json_chunks(data), destination)


CSV_COLUMNS = ("a", "b", "kind", "distance", "similarity", "overlap_a", "overlap_b")


def write_csv(result: ScanResult, out: IO[str]) -> None:
    """One row per pair (the JSON report also carries documents, groups and problems)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for pair in report_dict(result, compact=True)["pairs"]:  # passages are not written
        writer.writerow([pair[c] for c in CSV_COLUMNS])


def write_report(
    result: ScanResult,
    fmt: str,
    destination: Path | None,
    amend: Callable[[dict[str, Any]], object] | None = None,
) -> str | None:
    """Write to a file (atomically), or return the text when no destination is given.
    ``amend`` adds to the JSON report's dict before it is written."""
    if fmt == "json" and destination is not None:  # written as it is made
        _write_atomically(_report_chunks(result, amend), destination)
        return None
    buffer = io.StringIO()
    if fmt == "json":
        write_json(result, buffer, amend)
    elif fmt == "csv":
        write_csv(result, buffer)
    else:
        raise ValueError(f"unknown report format {fmt!r}")
    text = buffer.getvalue()
    if fmt == "csv":
        # CSV has no escapes: bytes of a file name that are not UTF-8 become U+FFFD.
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if destination is None:
        return text
    _write_atomically(text, destination)
    return None


def similarity_measured(data: dict[str, Any]) -> bool:
    """Whether a report's per-document `similarity` was measured for every document.

    It is written by partial-copy detection, so a scan without it, or cancelled, leaves
    `similarity` null where it never looked: not the same as "found nowhere else".
    """
    settings = data.get("settings") or {}
    summary = data.get("summary") or {}
    return bool(settings.get("detect_partial", True)) and not summary.get("cancelled", False)


def document_measured(data: dict[str, Any], document: dict[str, Any]) -> bool:
    """Whether one document's `similarity` was measured: where the report's was
    (`similarity_measured`), for a document long enough to be compared (``min_tokens``).
    A shorter one is only ever matched with its exact copies, so nothing found elsewhere
    says nothing of it. A document with sources was measured, whatever its length."""
    similarity = document.get("similarity")
    if isinstance(similarity, dict) and (similarity.get("sources") or similarity.get("max_source")):
        return True
    settings = data.get("settings") or {}
    tokens, least = document.get("tokens"), settings.get("min_tokens")
    # the scan compares documents of max(1, min_tokens) tokens or more
    too_short = isinstance(tokens, int) and isinstance(least, int) and tokens < max(1, least)
    return similarity_measured(data) and not too_short


def read_report(path: Path, *, compact: bool = False) -> dict[str, Any]:
    """Load a JSON report written by `write_json`, checked; a ReportError (a ValueError)
    says why anything else is not one. ``compact`` as for `report_dict`."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ReportError(
            f"{path} is not a NearDup scan report: it is not a text file",
            "report-not-text",
            path=str(path),
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise ReportError(
            f"Cannot read report {path}: {reason}",
            "report-unreadable",
            path=str(path),
            reason=reason,
        ) from error
    return parse_report_text(text, path, compact=compact)
