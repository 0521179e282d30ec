"""A reference library's index: segments of numpy arrays, opened memory-mapped.

Each ``add`` writes one segment for the documents it stored (in ``index/`` beside the SQLite
file): their keys (``core.library.keys``), sorted, with each key's document id, and their
document fingerprints with one sorted table per 8-bit block of the 64 bits. A check opens
every segment with ``np.load(mmap_mode="r")`` and binary-searches it, so it reads only the
pages its keys and fingerprints fall on, whatever the size of the library.

Files are written under temporary names and renamed, and a segment belongs to the library
only once SQLite lists it, in the same transaction that stores its documents: a crash leaves
at most unlisted files, which the next ``add`` deletes. Removed and replaced documents leave
their ids in older segments; a check drops ids SQLite no longer holds, and merging segments
(newest first, whenever the newest is at least half as large as the one before, so that a
library keeps about log2 of its size in segments) leaves them out for good.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from neardup.core.library.errors import LibraryDamagedError

INDEX_FOLDER = "index"
BLOCKS = 8  # 8-bit blocks: two fingerprints within 7 bits agree on one of them
BLOCK_BITS = 64 // BLOCKS
MAX_BLOCK_DISTANCE = BLOCKS - 1
_PARTS = ("keys", "key-docs", "fingerprints", "fingerprint-docs", "blocks", "block-rows")

IdArray = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


def _file(folder: Path, name: str, part: str) -> Path:
    return folder / INDEX_FOLDER / f"{name}.{part}.npy"


def _save(path: Path, array: npt.NDArray[np.generic]) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as out:
        np.save(out, array, allow_pickle=False)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def _blocks(fingerprints: U64Array) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """Per 8-bit block, the block's values sorted and the rows in that order."""
    values = (
        np.stack(
            [(fingerprints >> np.uint64(BLOCK_BITS * b)).astype(np.uint8) for b in range(BLOCKS)]
        )
        if len(fingerprints)
        else np.zeros((BLOCKS, 0), dtype=np.uint8)
    )
    rows = np.argsort(values, axis=1, kind="stable").astype(np.int32)
    return np.take_along_axis(values, rows, axis=1), rows


def write_segment(
    folder: Path,
    name: str,
    keys: U64Array,
    key_docs: IdArray,
    fingerprints: U64Array,
    fingerprint_docs: IdArray,
) -> int:
    """Write one segment's files; returns how many (key, document) entries it holds."""
    (folder / INDEX_FOLDER).mkdir(exist_ok=True)
    order = np.lexsort((key_docs, keys))
    block_values, block_rows = _blocks(fingerprints)
    arrays: tuple[npt.NDArray[Any], ...] = (
        keys[order].astype(np.uint64),
        key_docs[order].astype(np.int64),
        fingerprints.astype(np.uint64),
        fingerprint_docs.astype(np.int64),
        block_values,
        block_rows,
    )
    for part, array in zip(_PARTS, arrays, strict=True):
        _save(_file(folder, name, part), array)
    return len(keys)


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment's arrays, memory-mapped."""

    name: str
    keys: U64Array
    key_docs: IdArray
    fingerprints: U64Array
    fingerprint_docs: IdArray
    blocks: npt.NDArray[np.uint8]
    block_rows: npt.NDArray[np.int32]

    @classmethod
    def open(cls, folder: Path, name: str) -> Segment:
        """Raises FileNotFoundError when a file is gone (merged away since the caller read
        the list), LibraryDamagedError when one cannot be a segment's."""
        arrays = []
        for part, dtype in zip(_PARTS, ("<u8", "<i8", "<u8", "<i8", "u1", "<i4"), strict=True):
            path = _file(folder, name, part)
            try:
                array = np.load(path, mmap_mode="r", allow_pickle=False)
            except FileNotFoundError:
                raise
            except (OSError, ValueError, EOFError) as error:
                raise LibraryDamagedError(path, str(error) or type(error).__name__) from None
            if array.dtype != np.dtype(dtype):
                raise LibraryDamagedError(path, f"holds {array.dtype}, not {np.dtype(dtype)}")
            arrays.append(array)
        keys, key_docs, fingerprints, fingerprint_docs, blocks, rows = arrays
        shapes_fit = (
            keys.shape == key_docs.shape
            and fingerprints.shape == fingerprint_docs.shape
            and blocks.shape == rows.shape == (BLOCKS, len(fingerprints))
        )
        if not shapes_fit:
            raise LibraryDamagedError(_file(folder, name, "keys"), "its arrays do not fit together")
        return cls(name, keys, key_docs, fingerprints, fingerprint_docs, blocks, rows)

    def holders(self, query: U64Array, max_holders: int) -> tuple[IdArray, IdArray]:
        """For the sorted distinct keys ``query``: the ids of the documents that hold each
        (keys held by more than ``max_holders`` documents left out), and which query key."""
        starts = np.searchsorted(self.keys, query, side="left")
        ends = np.searchsorted(self.keys, query, side="right")
        counts = ends - starts
        counts[counts > max_holders] = 0
        total = int(counts.sum())
        if not total:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        which = np.repeat(np.arange(len(query)), counts)
        offsets = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
        return np.asarray(self.key_docs[starts[which] + offsets], dtype=np.int64), which

    def key_counts(self, query: U64Array) -> IdArray:
        """How many entries of this segment hold each sorted distinct query key."""
        ends = np.searchsorted(self.keys, query, side="right")
        counted: IdArray = (ends - np.searchsorted(self.keys, query, side="left")).astype(np.int64)
        return counted

    def near(self, fingerprint: int, max_distance: int) -> IdArray:
        """Ids of the documents whose fingerprint is within ``max_distance`` bits."""
        value = np.uint64(fingerprint)
        if max_distance > MAX_BLOCK_DISTANCE:  # pigeonhole needs a block more: look at all
            rows = np.arange(len(self.fingerprints))
        else:
            found = []
            for block in range(BLOCKS):
                part = np.uint8((fingerprint >> (BLOCK_BITS * block)) & 0xFF)
                lo = int(np.searchsorted(self.blocks[block], part, side="left"))
                hi = int(np.searchsorted(self.blocks[block], part, side="right"))
                found.append(np.asarray(self.block_rows[block, lo:hi]))
            rows = np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int64)
        distances = np.bitwise_count(np.asarray(self.fingerprints[rows]) ^ value)
        return np.asarray(self.fingerprint_docs[rows[distances <= max_distance]], dtype=np.int64)


def open_segments(folder: Path, names: Sequence[str]) -> list[Segment]:
    return [Segment.open(folder, name) for name in names]


def merged(
    folder: Path,
    name: str,
    parts: Sequence[Segment],
    live: Callable[[IdArray], npt.NDArray[np.bool_]],
) -> int:
    """Write one segment holding the live entries of ``parts``; returns its key count."""
    keys = np.concatenate([np.asarray(s.keys) for s in parts])
    key_docs = np.concatenate([np.asarray(s.key_docs) for s in parts])
    fingerprints = np.concatenate([np.asarray(s.fingerprints) for s in parts])
    fingerprint_docs = np.concatenate([np.asarray(s.fingerprint_docs) for s in parts])
    keep_keys, keep_docs = live(key_docs), live(fingerprint_docs)
    return write_segment(
        folder,
        name,
        keys[keep_keys],
        key_docs[keep_keys],
        fingerprints[keep_docs],
        fingerprint_docs[keep_docs],
    )


def delete_segment_files(folder: Path, keep: Sequence[str]) -> None:
    """Delete index files of segments not in ``keep`` (merged away, or left by a crash).

    A check that opened them before keeps reading them (a memory map outlives the name);
    one that is about to open them finds them gone and reads the new generation instead.
    Where a mapped file cannot be deleted (Windows), it is left for the next add.
    """
    index = folder / INDEX_FOLDER
    if not index.is_dir():
        return
    wanted = set(keep)
    for path in index.iterdir():
        if path.name.split(".", 1)[0] not in wanted:
            with contextlib.suppress(OSError):
                path.unlink()
