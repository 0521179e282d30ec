"""A scan's analyses kept on disk until a stage reads them: the spool.

The scan holds every document until its pairs are verified, and a document's contents
(normalised text, tokens, kept hashes: about 9 KB for a 3,000-character text) were most
of the scan's memory: 0.9 GB at 50,000 documents. They are written, as they arrive, to an
unnamed temporary file, and read back when a stage asks for them: fingerprinting reads
each document's tokens, candidates its kept hashes, verification its text. What stays in
memory is what is known of the file and where its contents are.

A read is one positional read of the operating system's cache (``os.pread``; where there
is none, a seek and a read under a lock), a few microseconds. The file lies in the app's
cache folder, on disk: the system's temporary folder is memory on many Linux systems
(tmpfs), where a spool would save nothing. Where no file can be written (a full disk),
contents stay in memory as before, the scan goes on, and ``problem`` says why.
"""

from __future__ import annotations

import os
import tempfile
import threading
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO, TypeVar, overload

import numpy as np

from neardup.core.features import (
    Contents,
    DocumentContents,
    HashArray,
    TokenIds,
    Vocabulary,
)
from neardup.resources import user_cache_dir

T = TypeVar("T")

_TOKEN = np.dtype(np.int32)
_HASH = np.dtype(np.uint64)


class AnalysisSpool:
    """Where one scan's document contents are written, and read back from. Its words
    (the tokens' ``Vocabulary``) stay in memory; the file goes when the last document
    that refers to it does. One thread writes (the scan's); any may read."""

    def __init__(self, folder: Path | None = None) -> None:
        self.vocabulary = Vocabulary()
        self.problem: str | None = None  # why contents are kept in memory, if they are
        self._folder = folder
        self._file: BinaryIO | None = None
        self._end = 0
        self._lock = threading.Lock()  # a seek and a write (or read, without pread)

    def keep(self, contents: DocumentContents) -> DocumentContents:
        """The contents, their tokens numbered, written to the spool: what reads them back."""
        tokens = self.vocabulary.encode(contents.tokens)
        ids = np.ascontiguousarray(tokens.ids, dtype=_TOKEN)
        hashes = np.ascontiguousarray(contents.kept_hashes, dtype=_HASH)
        if self.problem is None:
            text = contents.text.encode("utf-8")
            try:
                offset = self._write(text + ids.tobytes() + hashes.tobytes())
            except OSError as error:  # no room for it: kept in memory from now on
                self.problem = (
                    f"The scan could not write its working file ({error.strerror or error}); "
                    "it kept the documents in memory instead. Free some disk space for "
                    "large scans."
                )
            else:
                counts = (contents.chars, contents.compact_chars, len(ids), len(hashes))
                return SpooledContents(self, offset, len(text), *counts)
        return Contents(contents.text, tokens, hashes, contents.compact_chars)

    def _write(self, data: bytes) -> int:
        if self._file is None:
            self._file = _unnamed_file(self._folder)
            weakref.finalize(self, self._file.close)
        offset = self._end
        with self._lock:
            self._file.seek(offset)
            written = self._file.write(data)
        if written != len(data):
            raise OSError(f"the scan's working file took {written} of {len(data)} bytes")
        self._end += len(data)  # one writer: the scan's thread
        return offset

    def read(self, offset: int, size: int) -> bytes:
        """``size`` bytes written at ``offset``."""
        if self._file is None or not size:
            return b""
        if hasattr(os, "pread"):
            data = os.pread(self._file.fileno(), size, offset)
        else:
            with self._lock:
                self._file.seek(offset)
                data = self._file.read(size)
        if len(data) != size:
            raise OSError(f"the scan's working file gave {len(data)} of {size} bytes")
        return data


def _unnamed_file(folder: Path | None) -> BinaryIO:
    """An unnamed, unbuffered temporary file (a read sees every write without a flush) in
    ``folder``, else the app's cache folder, else the system's temporary folder."""
    folders = [folder] if folder is not None else []
    for where in (*folders, user_cache_dir(), None):
        try:
            if where is not None:
                where.mkdir(parents=True, exist_ok=True)
            return tempfile.TemporaryFile(prefix="neardup-spool-", dir=where, buffering=0)
        except OSError:
            if where is None:
                raise
    raise AssertionError("unreachable")  # the last folder raises or returns


class SpooledContents:
    """A document's contents in a spool: read each time they are asked for."""

    __slots__ = (
        "_chars",
        "_compact_chars",
        "_hash_count",
        "_offset",
        "_spool",
        "_text_bytes",
        "_token_count",
    )

    def __init__(
        self,
        spool: AnalysisSpool,
        offset: int,
        text_bytes: int,
        chars: int,
        compact_chars: int,
        token_count: int,
        hash_count: int,
    ) -> None:
        self._spool, self._offset, self._text_bytes = spool, offset, text_bytes
        self._chars, self._compact_chars = chars, compact_chars
        self._token_count, self._hash_count = token_count, hash_count

    @property
    def text(self) -> str:
        return self._spool.read(self._offset, self._text_bytes).decode("utf-8")

    @property
    def tokens(self) -> TokenIds:
        start = self._offset + self._text_bytes
        data = self._spool.read(start, self._token_count * _TOKEN.itemsize)
        return TokenIds(np.frombuffer(data, dtype=_TOKEN), self._spool.vocabulary.words)

    @property
    def kept_hashes(self) -> HashArray:
        start = self._offset + self._text_bytes + self._token_count * _TOKEN.itemsize
        data = self._spool.read(start, self._hash_count * _HASH.itemsize)
        return np.frombuffer(data, dtype=_HASH)

    @property
    def chars(self) -> int:
        return self._chars

    @property
    def compact_chars(self) -> int:
        return self._compact_chars

    @property
    def token_count(self) -> int:
        return self._token_count

    def __reduce__(self) -> tuple[type[Contents], tuple[str, tuple[str, ...], HashArray, int]]:
        # Another process cannot read this one's spool: there, the contents themselves.
        return Contents, (self.text, tuple(self.tokens), self.kept_hashes, self._compact_chars)


class ReadOnDemand(Sequence[T]):
    """``read(key)`` for each key, made when an item is asked for and not kept: a list of
    every document's tokens or hashes would hold what the spool keeps out of memory."""

    __slots__ = ("_keys", "_read")

    def __init__(self, keys: Sequence[int], read: Callable[[int], T]) -> None:
        self._keys, self._read = keys, read

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> ReadOnDemand[T]: ...

    def __getitem__(self, index: int | slice) -> T | ReadOnDemand[T]:
        if isinstance(index, slice):
            return ReadOnDemand(self._keys[index], self._read)
        return self._read(self._keys[index])
