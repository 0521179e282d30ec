"""What identifies an input file to the cache: its (path, size, mtime) key from one stat,
and the hash of its bytes, read only from a regular file."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import xxhash

_READ_CHUNK = 1 << 20

# Opening a FIFO for reading waits for a writer; without blocking, it opens at once.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def content_hash(path: Path) -> str:
    """xxh3_128 of the file's bytes, read in chunks.

    Only a regular file is read: a FIFO or a device (one swapped in since the file was
    stat'ed, say) would never end, and raises OSError instead.
    """
    digest = xxhash.xxh3_128()
    descriptor = os.open(path, _OPEN_FLAGS)
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise OSError(f"not a regular file: {path}")
        while chunk := handle.read(_READ_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class FileKey:
    path: str
    size: int
    mtime_ns: int


def file_keys(paths: Iterable[Path]) -> dict[str, FileKey]:
    """(path, size, mtime_ns) of every regular file that can be stat'ed, by path.

    The rest (missing, unreadable, a folder, a FIFO or a device, or a link to one) have
    no key: they are never hashed, and extraction reports them.
    """
    keys: dict[str, FileKey] = {}
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            keys[str(path)] = FileKey(str(path), info.st_size, info.st_mtime_ns)
    return keys
