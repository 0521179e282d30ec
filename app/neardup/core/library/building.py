"""Adding documents to a reference library, and removing them.

``add`` walks files and folders with the scan's walker and analyses them with the scan's
own stage (its worker pool, its cache, any ``Executor`` given), a chunk ahead of the writing
(``core.library.analysis_feed``); the workers also make each document's stored row and keys
(``core.library.worker``), so this process only writes. A document is stored by its path with its content hash (xxh3_128, as the cache names files),
size, mtime, format, stored analysis (the cache's row format, so the normalised text is
there for verification), document fingerprint and library keys. A path already stored with
the same content hash is skipped; one whose content changed is analysed and replaced; a file
that cannot be used is a problem, reported as a scan reports it and recorded.

Files are stored in chunks, each in one transaction with its index segment, so an add that
stops half way leaves a library with the chunks it finished, and a ``check`` that runs
meanwhile sees whole chunks only.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from neardup.core.features import Analyzed, HashArray
from neardup.core.library.analysis_feed import AnalysedChunk, AnalysisFeed
from neardup.core.library.database import LibraryDatabase
from neardup.core.library.errors import LibraryError, LibraryReadOnlyError
from neardup.core.library.keys import library_keys
from neardup.core.library.segments import (
    Segment,
    delete_segment_files,
    merged,
    open_segments,
    write_segment,
)
from neardup.core.library.weights import library_idf
from neardup.core.match import FeatureWeights
from neardup.core.models import Problem
from neardup.core.scan import CancelFlag, ProgressCallback, walk
from neardup.core.settings import ScanSettings
from neardup.core.store import content_hash, decode_analysis, encode_analysis, file_keys

CHUNK_FILES = 256  # files stored per transaction (and per index segment)
# Settings a library keeps from when it was made: they decide what its analyses and
# fingerprints are. The others (workers, cache, which files to walk) are each add's own.
RUN_SETTINGS = ("workers", "use_cache", "cache_path", "exclude", "include", "include_hidden")


@dataclass(slots=True)
class AddOutcome:
    """What an add did, file by file counted."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    # Files of other types inside the folders, by suffix, the commonest first (as a scan's).
    skipped_types: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    cancelled: bool = False

    @property
    def skipped_files(self) -> int:
        return sum(self.skipped_types.values())


def run_settings(library: ScanSettings, given: ScanSettings) -> ScanSettings:
    """The library's own settings, with this run's choice of workers, cache and files."""
    return library.replace(**{name: getattr(given, name) for name in RUN_SETTINGS})


def add_to_library(
    folder: Path,
    paths: Sequence[Path | str],
    settings: ScanSettings | None = None,
    *,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> AddOutcome:
    """Add files and folders to the library in ``folder`` (made with ``settings`` when
    there is none). Raises LibraryError when the library cannot be used."""
    given = settings or ScanSettings()
    if given.user_dict is not None:
        raise LibraryError(
            "a library cannot use a user dictionary yet: its checks would tokenise without it"
        )
    # What a new library keeps: the settings that decide its analyses, not this run's.
    kept = given.replace(**{name: getattr(ScanSettings(), name) for name in RUN_SETTINGS})
    with LibraryDatabase.open(folder, create=True, settings=kept).session() as db:
        return _add(db, paths, run_settings(db.settings(), given), executor, progress, cancel)


def _add(
    db: LibraryDatabase,
    paths: Sequence[Path | str],
    settings: ScanSettings,
    executor: Executor | None,
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> AddOutcome:
    found = walk(
        paths, settings.suffixes, settings.exclude, settings.include_hidden, settings.include
    )
    outcome = AddOutcome(skipped_types=dict(found.skipped_types), problems=list(found.problems))
    known = db.hashes_at([str(path) for path in found.files])
    # Stat'ed before they are hashed, so that a file changed in between is seen to have
    # changed while it was read; the analysis takes both, and reads no file twice.
    keys = file_keys(found.files)
    todo: list[tuple[Path, str | None]] = []
    for path in found.files:
        digest: str | None = None  # the analysis reports why a file cannot be read
        if str(path) in keys:
            with contextlib.suppress(OSError):
                digest = content_hash(path)
        if digest is not None and known.get(str(path)) == digest:
            outcome.unchanged += 1
        else:
            todo.append((path, digest))
    with AnalysisFeed(
        todo, keys, CHUNK_FILES, settings, executor, progress, cancel, outcome.notices
    ) as chunks:
        for chunk in chunks:
            _store_chunk(db, chunk, settings, outcome)
    outcome.cancelled = chunks.cancelled
    outcome.problems.sort(key=lambda p: str(p.path))
    return outcome


def _store_chunk(
    db: LibraryDatabase, chunk: AnalysedChunk, settings: ScanSettings, outcome: AddOutcome
) -> None:
    """Store one chunk's documents and problems with their index segment, in one
    transaction; a path stored before is replaced."""
    digests = chunk.digests
    docs = sorted(
        (
            item
            for item in chunk.items
            if isinstance(item, Analyzed) and digests.get(str(item.path))
        ),
        key=lambda d: str(d.path),
    )
    problems = [item for item in chunk.items if isinstance(item, Problem)]
    problems += [
        Problem.of(item.path, "vanished")
        for item in chunk.items
        if isinstance(item, Analyzed) and not digests.get(str(item.path))
    ]
    outcome.problems += problems
    # The workers made the rows and keys; those of analyses read from the cache or in this
    # process are made here, before the write lock.
    stored = [chunk.rows.get(str(d.path)) or encode_analysis(d) for d in docs]
    keys = [_keys_of(d, chunk.keys) for d in docs]
    terms = [dict.fromkeys(d.tokens) for d in docs]
    with db.writing():
        replaced = _forget(db, [str(d.path) for d in docs] + [str(p.path) for p in problems])
        idf = library_idf(db, terms, [])
        features = FeatureWeights([d.tokens for d in docs], settings, idf)
        ids = []
        fingerprints = []
        for n, d in enumerate(docs):
            fingerprint = features.fingerprint(n)
            digest = digests[str(d.path)]
            assert digest is not None
            ids.append(
                db.insert_document(
                    str(d.path), digest, d.size, d.mtime_ns, fingerprint, len(keys[n]), stored[n]
                )
            )
            fingerprints.append(fingerprint)
            if str(d.path) in replaced:
                outcome.updated += 1
            else:
                outcome.added += 1
        db.count_terms(Counter(term for t in terms for term in t), 1)
        for problem in problems:
            db.record_problem(str(problem.path), problem.code, problem.reason)
        if docs:
            key_docs = np.repeat(np.asarray(ids, dtype=np.int64), [len(k) for k in keys])
            all_keys = np.concatenate(keys) if keys else np.zeros(0, dtype=np.uint64)
            fingerprint_array = np.asarray(fingerprints, dtype=np.uint64)
            _add_segment(db, all_keys, key_docs, fingerprint_array, np.asarray(ids, np.int64))


def _keys_of(doc: Analyzed, made: dict[str, HashArray]) -> HashArray:
    found = made.get(str(doc.path))
    return found if found is not None else library_keys(doc.text)


def _forget(db: LibraryDatabase, paths: Sequence[str]) -> set[str]:
    """Remove the documents stored at these paths (their terms no longer counted);
    returns the paths that were stored."""
    known = db.ids_at(paths)
    ids = [(path, known[path]) for path in dict.fromkeys(paths) if path in known]
    if not ids:
        return set()
    removed: Counter[str] = Counter()
    for _, path, size, mtime_ns, row in db.stored_rows([i for _, i in ids]):
        with contextlib.suppress(Exception):  # a damaged row: its terms are lost either way
            removed.update(set(decode_analysis(row, path, size, mtime_ns).tokens))
    db.delete_documents([i for _, i in ids])
    db.count_terms(removed, -1)
    return {path for path, _ in ids}


def _add_segment(
    db: LibraryDatabase,
    keys: np.ndarray,
    key_docs: np.ndarray,
    fingerprints: np.ndarray,
    fingerprint_docs: np.ndarray,
) -> None:
    """Write a segment for new documents and make it part of the next generation, then
    merge the newest segments while the newest is at least half the size of the one
    before it (inside the caller's transaction)."""
    generation = db.generation() + 1
    names = iter(f"seg-{generation:09d}-{n:03d}" for n in range(1000))
    current = db.segment_sizes()
    name = next(names)
    count = write_segment(db.folder, name, keys, key_docs, fingerprints, fingerprint_docs)
    current.append((name, count))
    added = [(name, len(fingerprint_docs), count)]
    removed: list[str] = []
    while len(current) >= 2 and current[-1][1] * 2 >= current[-2][1]:
        parts: list[Segment] = open_segments(db.folder, [current[-2][0], current[-1][0]])
        name = next(names)

        def live(ids: np.ndarray) -> np.ndarray:
            alive = np.fromiter(db.live(np.unique(ids).tolist()), dtype=np.int64)
            return np.isin(ids, alive)

        count = merged(db.folder, name, parts, live)
        documents = len(np.unique(np.concatenate([np.asarray(p.fingerprint_docs) for p in parts])))
        for old, _ in current[-2:]:
            if any(old == n for n, _, _ in added):
                added = [a for a in added if a[0] != old]
            else:
                removed.append(old)
        current[-2:] = [(name, count)]
        added.append((name, documents, count))
    db.replace_segments(removed, added)
    delete_segment_files(db.folder, [n for n, _ in current])


@dataclass(slots=True)
class RemoveOutcome:
    removed: list[str] = field(default_factory=list)
    not_found: list[str] = field(default_factory=list)


def remove_from_library(folder: Path, paths: Sequence[Path | str]) -> RemoveOutcome:
    """Remove the documents at these paths, or inside these folders, from the library."""
    outcome = RemoveOutcome()
    with LibraryDatabase.open(folder, create=False).session() as db:
        if not os.access(folder, os.W_OK):
            raise LibraryReadOnlyError(f"cannot remove from {folder}: the folder is read-only")
        with db.writing():
            for raw in paths:
                found = db.paths_under(os.path.abspath(raw))
                if not found:
                    outcome.not_found.append(str(raw))
                    continue
                _forget(db, [path for _, path in found])
                outcome.removed += [path for _, path in found]
            db.replace_segments([], [])
    return outcome
