"""Files with the same bytes are analysed once a scan.

A folder being tidied holds copies (the same PDF saved three times, a licence shipped
with every package), and analysing each again costs as much as the first. Files that
could hold the same bytes (the same kind, by suffix, and the same size) are hashed, and
one of each set of equal hashes is analysed; the others take its outcome under their
own path and stat. Only outcomes that lie in the bytes hashed are shared: an analysis,
or a lasting problem (empty, no text, corrupt), of a file that did not change during the
scan. A problem that may pass (a read error), or a file that changed, says nothing about
the copies, which are then read themselves.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from neardup.core.features import Analyzed
from neardup.core.models import Problem
from neardup.core.store import FileKey, content_hash


@dataclasses.dataclass(frozen=True, slots=True)
class SameBytes:
    """The files to analyse, and for each the other files with its bytes."""

    todo: list[Path]
    copies: dict[str, list[Path]]

    @classmethod
    def of(
        cls, paths: Sequence[Path], keys: Mapping[str, FileKey], hashes: Mapping[str, str]
    ) -> SameBytes:
        """Sets of files with equal bytes among ``paths``, from the hashes known (the
        cache's) and, for files that share their kind and size with another, hashed here.
        Files without a stat or a hash stand alone (extraction reports what is wrong)."""
        by_size: dict[tuple[str, int], list[Path]] = {}
        for path in paths:
            key = keys.get(str(path))
            if key is not None:
                by_size.setdefault((path.suffix.lower(), key.size), []).append(path)
        first_with: dict[tuple[str, str], Path] = {}
        copies: dict[str, list[Path]] = {}
        for (suffix, _), same_size in by_size.items():
            if len(same_size) < 2:
                continue
            for path in same_size:
                digest = hashes.get(str(path))
                if digest is None:
                    with contextlib.suppress(OSError):  # stands alone: extraction reports it
                        digest = content_hash(path)
                if digest is None:
                    continue
                first = first_with.setdefault((suffix, digest), path)
                if first != path:
                    # By absolute path: extraction names what it read so.
                    copies.setdefault(os.path.abspath(first), []).append(path)
        skipped = {str(copy) for group in copies.values() for copy in group}
        return cls([p for p in paths if str(p) not in skipped], copies)

    def outcomes_of_copies(
        self, item: Analyzed | Problem, keys: Mapping[str, FileKey], *, unchanged: bool
    ) -> tuple[list[Analyzed | Problem], list[Path]]:
        """What the copies of an analysed file are (its outcome under their own path and
        stat), and the copies still to read because its outcome may not hold for them: a
        problem that may pass, or a file that changed since it was hashed (``unchanged``
        False), whose outcome describes other bytes."""
        copies = self.copies.get(str(item.path), [])
        if not unchanged or (isinstance(item, Problem) and not item.lasting):
            return [], copies
        shared: list[Analyzed | Problem] = []
        for path in copies:
            if isinstance(item, Problem):
                shared.append(dataclasses.replace(item, path=path))
            else:
                key = keys[str(path)]
                shared.append(
                    dataclasses.replace(item, path=path, size=key.size, mtime_ns=key.mtime_ns)
                )
        return shared, []
