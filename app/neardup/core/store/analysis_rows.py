"""The cache's row format for an analysed document: encode and decode, with checks.

Encoding compresses the text, tokens and kept hashes, which is real work; scan workers
do it next to the analysis (``core.scan.worker``) to keep it off the main process. The
kept-hashes blob starts with a checksum of the whole row, so a damaged row, or a blob of
another row's, is read as damaged and the file analysed again, never served.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from neardup.core.features import Analyzed, Contents, HashArray
from neardup.core.store.derived_values import CHECKSUM_BYTES, DamagedEntryError, checksum

# format, pages, encoding, notes, content key, text, tokens, kept hashes
StoredAnalysis = tuple[str, int | None, str | None, str, str, bytes, bytes, bytes]
# Their columns, as the cache and a reference library name them.
ANALYSIS_COLUMNS = "format, pages, encoding, notes, content_key, text, tokens, kept_hashes"


_TOKEN_SEPARATOR = "\x1f"
_LEVEL = 1  # fast: the cache is local, and a scan writes it once per new file
# Kept hashes are random 64-bit keys: zlib's fastest level saved 0-5% of them (real README
# files; the throughput corpus) in ten times the time of storing them as they are, and
# stored blocks (level 0) read back through the same ``zlib.decompress``.
_HASHES_LEVEL = 0


def encode_analysis(item: Analyzed) -> StoredAnalysis:
    fields = (
        item.format,
        item.pages,
        item.encoding,
        json.dumps(
            {"notes": list(item.notes), "hidden": item.hidden_chars, "compact": item.compact_chars},
            ensure_ascii=False,
        ),
        item.content_key,
        zlib.compress(item.text.encode("utf-8"), _LEVEL),
        zlib.compress(_TOKEN_SEPARATOR.join(item.tokens).encode("utf-8"), _LEVEL),
    )
    hashes = zlib.compress(item.kept_hashes.astype("<u8").tobytes(), _HASHES_LEVEL)
    return (*fields, checksum(*fields, hashes) + hashes)


def decode_analysis(row: Sequence[object], path: str, size: int, mtime_ns: int) -> Analyzed:
    """The analysis of a stored row, for the file now at ``path`` with that size and mtime.

    Raises DamagedEntryError for a row that cannot be an analysis (bit rot, or a row written by
    another build), whatever is wrong with it.
    """
    try:
        return _decode_analysis(row, path, size, mtime_ns)
    except DamagedEntryError:
        raise
    except Exception as error:
        raise DamagedEntryError(f"a damaged analysis: {error or type(error).__name__}") from error


def _blob(value: object, name: str) -> bytes:
    if not isinstance(value, bytes):
        raise DamagedEntryError(
            f"a damaged analysis: its {name} is {type(value).__name__}, not a blob"
        )
    return value


def _decode_analysis(row: Sequence[object], path: str, size: int, mtime_ns: int) -> Analyzed:
    fmt, pages, encoding, notes, content_key, text, tokens, stored_hashes = row
    stored = _blob(stored_hashes, "kept hashes")
    if stored[:CHECKSUM_BYTES] != checksum(*row[:7], stored[CHECKSUM_BYTES:]):
        raise DamagedEntryError("a damaged analysis: its checksum does not match")
    if not (isinstance(fmt, str) and isinstance(content_key, str) and isinstance(notes, str)):
        raise DamagedEntryError(
            "a damaged analysis: a format, content key or notes that is not text"
        )
    if not (pages is None or (isinstance(pages, int) and pages >= 0)):
        raise DamagedEntryError(f"a damaged analysis: {pages!r} pages")
    if not (encoding is None or isinstance(encoding, str)):
        raise DamagedEntryError("a damaged analysis: an encoding that is not text")
    stored_notes = json.loads(notes)
    note_list = stored_notes.get("notes") if isinstance(stored_notes, dict) else None
    hidden = stored_notes.get("hidden") if isinstance(stored_notes, dict) else None
    compact = stored_notes.get("compact") if isinstance(stored_notes, dict) else None
    if not isinstance(note_list, list) or not all(isinstance(n, str) for n in note_list):
        raise DamagedEntryError("a damaged analysis: notes that are not a list of text")
    if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 0:
        raise DamagedEntryError("a damaged analysis: a count of hidden characters that is not one")
    if not isinstance(compact, int) or isinstance(compact, bool) or compact < 0:
        raise DamagedEntryError(
            "a damaged analysis: a count of compared characters that is not one"
        )
    plain = zlib.decompress(_blob(text, "text")).decode("utf-8")
    token_text = zlib.decompress(_blob(tokens, "tokens")).decode("utf-8")
    words = tuple(token_text.split(_TOKEN_SEPARATOR)) if token_text else ()
    kept_hashes = _decode_hashes(stored[CHECKSUM_BYTES:])
    return Analyzed(
        path=Path(path),
        format=fmt,
        size=size,
        mtime_ns=mtime_ns,
        pages=pages,
        encoding=encoding,
        notes=tuple(note_list),
        contents=Contents(plain, words, kept_hashes, compact),
        content_key=content_key,
        hidden_chars=hidden,
    )


def _decode_hashes(blob: bytes) -> HashArray:
    hashes = np.frombuffer(zlib.decompress(blob), dtype="<u8").astype(np.uint64)
    if len(hashes) > 1 and not bool(np.all(hashes[1:] >= hashes[:-1])):
        raise DamagedEntryError("a damaged analysis: kept hashes out of order")
    return hashes
