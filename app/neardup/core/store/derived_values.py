"""Cache keys and encodings for what a scan derives from documents: fingerprints,
overlaps, and the outcome of a whole scan.

A key names everything its value depends on, so a stale value can never be found.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import xxhash

from neardup.core.models import (
    DocumentRecord,
    Group,
    MatchedSpan,
    Pair,
    PairKind,
    Problem,
    Role,
    SimilaritySummary,
    Source,
)
from neardup.core.settings import ScanSettings, Weighting
from neardup.core.versions import FINGERPRINT_VERSION, OVERLAP_VERSION, SCAN_VERSION

if TYPE_CHECKING:
    pass

OVERLAP_METHOD = f"diagonal-chains-{OVERLAP_VERSION}"

# A derived value's key starts with its kind, so that the cache can refuse a stored value
# that cannot be one of that kind (see `fits`).
FINGERPRINT_PREFIX = "fingerprint:"
OVERLAP_PREFIX = "overlap:"
FINGERPRINT_BYTES = 8  # a 64-bit SimHash, little-endian


class DamagedEntryError(ValueError):
    """A stored value that cannot be what its key names (bit rot, or another build's row):
    a miss, computed again."""


# Settings that change how a scan runs, never what it finds.
# Settings that change how a run goes or how its findings are reported, never what it finds.
_RUN_ONLY_SETTINGS = frozenset(
    {
        "workers",
        "use_cache",
        "cache_path",
        "exclude_quotes",
        "exclude_references",
        "min_match_words",
    }
)


def _key(*parts: object) -> str:
    return xxhash.xxh3_128_hexdigest(json.dumps(parts, separators=(",", ":")).encode())


_OVERLAP_KEY_START = f"overlap\x00{OVERLAP_METHOD}\x00"


def text_key(normalized: str) -> str:
    """Names one exact normalised text. (A document's content key ignores whitespace,
    which tokens and character positions do not.)"""
    return xxhash.xxh3_128_hexdigest(normalized.encode("utf-8"))


def corpus_signature(settings: ScanSettings, text_keys: Iterable[str]) -> str:
    """What the IDF table depends on: the set of documents, for TF-IDF over the scan."""
    # Only fingerprinting needs this, and it has the weighting code loaded already.
    from neardup.core.features import MIN_DOCUMENTS_FOR_CORPUS_IDF

    keys = sorted(text_keys)
    if settings.weighting is not Weighting.TFIDF:
        return ""
    if len(keys) < MIN_DOCUMENTS_FOR_CORPUS_IDF:
        return "jieba-idf"
    return _key(keys)


def fingerprint_key(settings: ScanSettings, signature: str, text: str) -> str:
    return FINGERPRINT_PREFIX + _key(
        "fingerprint",
        FINGERPRINT_VERSION,
        settings.analysis_key(),
        settings.weighting.value,
        settings.top_n,
        settings.log_tf,
        signature,
        text,
    )


def overlap_key(text_a: str, text_b: str) -> str:
    """The key of two texts' verified overlap: it depends on the two texts alone.

    Text keys are hexadecimal, so joining them with NULs is unambiguous, and a scan of real
    text makes tens of thousands of these keys (no JSON round)."""
    joined = f"{_OVERLAP_KEY_START}{text_a}\x00{text_b}"
    return OVERLAP_PREFIX + xxhash.xxh3_128_hexdigest(joined.encode())


def encode_overlap(
    shares: tuple[float, float], covers: tuple[float, float], spans: Sequence[Sequence[int]]
) -> bytes:
    """A verified overlap as stored: its two shares, the two shares its passages cover and
    its passages as rows (a_start, a_end, b_start, b_end)."""
    return json.dumps([*shares, spans, *covers], separators=(",", ":")).encode()


CHECKSUM_BYTES = 8


def checksum(*parts: object) -> bytes:
    """A digest of a stored row's parts (bytes as they are, anything else by its repr), kept
    with the row so that damage, or a value moved from another row, is seen on reading."""
    digest = xxhash.xxh3_64()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else repr(part).encode("utf-8"))
        digest.update(b"\x00")
    return digest.digest()


def seal(key: str, value: bytes) -> bytes:
    """A value as stored: followed by a checksum of its key and itself, so that a damaged
    value (or one moved under another key) is never served as good."""
    return value + checksum(key, value)


def unseal(key: str, stored: object) -> bytes | None:
    """The value of a stored row, or None where it is damaged (a miss, computed again)."""
    if not isinstance(stored, bytes) or len(stored) < CHECKSUM_BYTES:
        return None
    value, sealed = stored[:-CHECKSUM_BYTES], stored[-CHECKSUM_BYTES:]
    return value if sealed == checksum(key, value) and fits(key, value) else None


def fits(key: str, value: object) -> bool:
    """Whether a stored value can be the derived value its key names: bytes, and for a
    fingerprint exactly FINGERPRINT_BYTES of them. (An overlap is checked as it is decoded.)"""
    if not isinstance(value, bytes):
        return False
    return not key.startswith(FINGERPRINT_PREFIX) or len(value) == FINGERPRINT_BYTES


def _share(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise DamagedEntryError(f"not a share: {value!r}")
    return float(value)


def _span(value: object, length_a: int, length_b: int) -> list[int]:
    if not isinstance(value, list) or len(value) != 4:
        raise DamagedEntryError(f"not a span: {value!r}")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        raise DamagedEntryError(f"not a span: {value!r}")
    a_start, a_end, b_start, b_end = value
    if not (0 <= a_start <= a_end <= length_a and 0 <= b_start <= b_end <= length_b):
        raise DamagedEntryError(f"a span beyond its texts: {value!r}")
    return value


def decode_overlap(
    data: object, length_a: int, length_b: int
) -> tuple[tuple[float, float], tuple[float, float], list[list[int]]]:
    """The shares, covered shares and passage rows of a stored overlap, for texts of these
    lengths; DamagedEntryError if it cannot be one."""
    if not isinstance(data, bytes):
        raise DamagedEntryError(f"an overlap stored as {type(data).__name__}")
    try:
        decoded = json.loads(data)
    except ValueError as error:  # not UTF-8, or not JSON
        raise DamagedEntryError(f"an overlap that is not JSON ({error})") from error
    if not isinstance(decoded, list) or len(decoded) != 5 or not isinstance(decoded[2], list):
        raise DamagedEntryError("an overlap of the wrong shape")
    overlap_a, overlap_b, spans, cover_a, cover_b = decoded
    return (
        (_share(overlap_a), _share(overlap_b)),
        (_share(cover_a), _share(cover_b)),
        [_span(s, length_a, length_b) for s in spans],
    )


@dataclass(frozen=True, slots=True)
class ScanInput:
    """One input file of a scan, as far as its outcome depends on it."""

    path: str
    role: Role
    size: int
    mtime_ns: int  # records show it and the reference rules look at it
    content_hash: str


def scan_keys(settings: ScanSettings, inputs: Iterable[ScanInput]) -> tuple[str, str]:
    """Keys of a scan's stored outcome: the file set (settings, and every file's path and
    role) and the inputs (the file set, and every file's size, mtime and content hash).

    The store keeps one outcome per file set (so rescanning an edited folder replaces it),
    and only the most recent few file sets.
    """
    outcome_settings = {
        name: value for name, value in settings.to_dict().items() if name not in _RUN_ONLY_SETTINGS
    }
    ordered = sorted(inputs, key=lambda item: item.path)
    file_set = _key(
        "scan",
        SCAN_VERSION,
        FINGERPRINT_VERSION,
        OVERLAP_METHOD,
        settings.analysis_key(),
        outcome_settings,
        [[item.path, item.role.value] for item in ordered],
    )
    inputs_key = _key(file_set, [[item.size, item.mtime_ns, item.content_hash] for item in ordered])
    return file_set, inputs_key


@dataclass(frozen=True, slots=True)
class ScanOutcome:
    """What a scan found in its input files (the walk's own problems are found again)."""

    documents: list[DocumentRecord]
    pairs: list[Pair]
    groups: list[Group]
    problems: list[Problem]


def _encode_document(record: DocumentRecord) -> list[object]:
    summary = record.similarity
    return [
        str(record.path),
        record.size,
        record.format,
        record.tokens,
        record.simhash,
        record.mtime_ns,
        record.pages,
        record.encoding,
        record.role.value,
        list(record.notes),
        record.chars,
        record.hidden_chars,
        None
        if summary is None
        else [
            summary.total,
            summary.max_source,
            summary.max_overlap,
            [[s.document, s.overlap] for s in summary.sources],
        ],
    ]


def _decode_document(row: Sequence[Any]) -> DocumentRecord:
    (
        path,
        size,
        fmt,
        tokens,
        simhash,
        mtime_ns,
        pages,
        encoding,
        role,
        notes,
        chars,
        hidden,
        summary,
    ) = row
    similarity = None
    if summary is not None:
        total, max_source, max_overlap, sources = summary
        similarity = SimilaritySummary(
            total, max_source, max_overlap, tuple(Source(d, o) for d, o in sources)
        )
    return DocumentRecord(
        path=Path(path),
        size=size,
        format=fmt,
        tokens=tokens,
        simhash=simhash,
        mtime_ns=mtime_ns,
        pages=pages,
        encoding=encoding,
        role=Role(role),
        notes=tuple(notes),
        hidden_chars=hidden,
        chars=chars,
        similarity=similarity,
    )


# Records per line of an encoded outcome. One json call over a whole large scan holds
# the GIL for 100 ms and more, which freezes a GUI scanning in a thread; lines of a few
# hundred records each let other threads in between.
_RECORDS_PER_LINE = 256
_SECTIONS = ("documents", "pairs", "groups", "problems")


def encode_outcome(outcome: ScanOutcome) -> bytes:
    sections: dict[str, list[Any]] = {
        "documents": [_encode_document(d) for d in outcome.documents],
        "pairs": [
            [
                p.a,
                p.b,
                p.kind.value,
                p.distance,
                p.similarity,
                p.overlap_a,
                p.overlap_b,
                [[s.a_start, s.a_end, s.b_start, s.b_end, s.documents] for s in p.spans],
            ]
            for p in outcome.pairs
        ],
        "groups": [[g.id, g.reference, [list(m) for m in g.members]] for g in outcome.groups],
        "problems": [[str(p.path), p.reason, p.code, p.params] for p in outcome.problems],
    }
    # Compressed a line at a time: joining and encoding the text of 100,000 pairs at once
    # are single calls that hold the GIL for 100 ms and more (zlib itself lets go of it).
    lines = (
        # ASCII escapes carry file names that are not valid UTF-8 (surrogate escapes) intact.
        json.dumps([name, rows[start : start + _RECORDS_PER_LINE]], separators=(",", ":"))
        for name, rows in sections.items()
        for start in range(0, max(len(rows), 1), _RECORDS_PER_LINE)
    )
    compressor = zlib.compressobj(1)
    pieces = [
        compressor.compress(b"\n" * bool(number) + line.encode("ascii"))
        for number, line in enumerate(lines)
    ]
    pieces.append(compressor.flush())
    return b"".join(pieces)


_DECOMPRESS_CHUNK = 1 << 16


def _outcome_lines(blob: bytes) -> Iterator[str]:
    """The lines of a stored outcome, decompressed a piece at a time (as it was written)."""
    decompressor = zlib.decompressobj()
    pending = b""
    for start in range(0, len(blob), _DECOMPRESS_CHUNK):
        pending += decompressor.decompress(blob[start : start + _DECOMPRESS_CHUNK])
        *complete, pending = pending.split(b"\n")
        yield from (line.decode("ascii") for line in complete)
    pending += decompressor.flush()
    if not decompressor.eof or decompressor.unused_data:
        raise zlib.error("a truncated or padded stream")
    yield from (line.decode("ascii") for line in pending.split(b"\n"))


def decode_outcome(blob: bytes) -> ScanOutcome:
    """The outcome of a stored scan; DamagedEntryError (a ValueError) if the blob cannot be
    one, whatever is wrong with it."""
    try:
        outcome = _decode_outcome(blob)
    except Exception as error:
        raise DamagedEntryError(f"a damaged scan outcome: {error!r}") from error
    count = len(outcome.documents)
    indices = [n for p in outcome.pairs for n in (p.a, p.b)]
    indices += [g.reference for g in outcome.groups]
    indices += [member for g in outcome.groups for member, _ in g.members]
    if not all(isinstance(n, int) and 0 <= n < count for n in indices):
        raise DamagedEntryError("a damaged scan outcome: a pair or group of no document")
    return outcome


def _decode_outcome(blob: bytes) -> ScanOutcome:
    data: dict[str, list[Any]] = {name: [] for name in _SECTIONS}
    for line in _outcome_lines(blob):
        name, rows = json.loads(line)
        data[name].extend(rows)
    return ScanOutcome(
        documents=[_decode_document(row) for row in data["documents"]],
        pairs=[
            Pair(
                a,
                b,
                PairKind(kind),
                distance,
                similarity,
                overlap_a,
                overlap_b,
                tuple(MatchedSpan(*s) for s in spans),
            )
            for a, b, kind, distance, similarity, overlap_a, overlap_b, spans in data["pairs"]
        ],
        groups=[
            Group(group_id, reference, tuple((m, d) for m, d in members))
            for group_id, reference, members in data["groups"]
        ],
        # Only outcomes whose problems all last are stored.
        problems=[_decode_problem(item) for item in data["problems"]],
    )


def _decode_problem(item: list[Any]) -> Problem:
    """[path, reason, code, params]; code and params are missing from older outcomes."""
    path, reason, *known = item
    code, params = [*known, "", {}][:2]
    return Problem(Path(path), reason, True, str(code), dict(params))
