"""Checking documents against a reference library: the scan's result, for these documents.

The checked documents are analysed by the scan's own stage. The library's index then
proposes candidates, and only those are read from SQLite:

- library documents that share a library key with a checked document (``core.library.keys``:
  every shared verbatim run of ``RUN_GUARANTEE`` characters leaves one), keys held by more
  than ``MAX_KEY_HOLDERS`` library documents aside (a template every thesis holds);
- library documents whose stored fingerprint lies within the threshold plus
  ``FINGERPRINT_SLACK`` bits of a checked document's (stored fingerprints were weighed by the
  library as it was when they were added: the slack covers that drift);
- library documents with the same normalised text.

The candidates and the checked documents then go through the scan's pairs stage
(``core.scan.find_pairs``) with the IDF of the whole library plus the checked documents, as
``scan DOC --against LIBRARY-FILES`` weighs them: verification decides every pair and its
figures, and library documents are never paired with each other. A passage's count of the
documents holding it counts the checked documents and the candidates.

The whole check reads one snapshot of the library (one SQLite read transaction, and the
index segments it lists), so an ``add`` running meanwhile changes nothing it sees.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from neardup.core.features import Analyzed
from neardup.core.library.building import run_settings
from neardup.core.library.database import LibraryDatabase
from neardup.core.library.errors import LibraryError
from neardup.core.library.keys import library_keys
from neardup.core.library.segments import Segment, open_segments
from neardup.core.library.weights import library_idf
from neardup.core.match import FeatureWeights
from neardup.core.models import Problem, Role, ScanResult
from neardup.core.scan import (
    AnalysisOutcome,
    CancelFlag,
    Progress,
    ProgressCallback,
    ScanContext,
    Stage,
    analyze_all,
    find_pairs,
    load_verification_in_background,
    walk,
)
from neardup.core.settings import ScanSettings
from neardup.core.store import AnalysisCache, decode_analysis

MAX_KEY_HOLDERS = 1000
FINGERPRINT_SLACK = 4
_SNAPSHOT_ATTEMPTS = 5


def check_library(
    folder: Path,
    paths: Sequence[Path | str],
    settings: ScanSettings | None = None,
    *,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> ScanResult:
    """The scan result of ``paths`` against the library in ``folder``.

    ``settings`` give this run's workers, cache and files to walk, and the figures a pair
    needs (``min_overlap``, ``detect_partial``, ``exclude_common``); the library's own decide
    the analysis and the fingerprints. Raises LibraryError when the library cannot be used.
    """
    started = time.monotonic()
    given = settings or ScanSettings()
    if not folder.is_dir():
        raise LibraryError(f"no library at {folder}: the folder does not exist")
    with LibraryDatabase.open(folder, create=False).session() as db:
        chosen = run_settings(db.settings(), given).replace(
            min_overlap=given.min_overlap,
            detect_partial=given.detect_partial,
            exclude_common=given.exclude_common,
            against=(folder,),
        )
        ctx = ScanContext(chosen, progress, cancel)
        found = walk(paths, chosen.suffixes, chosen.exclude, chosen.include_hidden, chosen.include)
        notices: list[str] = []
        cache = AnalysisCache(chosen.cache_path) if chosen.use_cache else None
        # Verification's compiled loops load while the checked files are analysed and the
        # library's index is read: they are most of a small check's fixed cost.
        load = load_verification_in_background if chosen.detect_partial else (lambda: None)
        try:
            analysis = analyze_all(found.files, ctx, executor, notices, cache, started=load)
        finally:
            if cache is not None:
                cache.close()
        result = _against_snapshot(db, found.files, analysis, ctx)
    result.problems = sorted(found.problems + result.problems, key=lambda p: str(p.path))
    result.skipped_types = found.skipped_types
    result.notices = notices
    result.inputs = tuple(os.path.abspath(p) for p in paths)
    result.elapsed = time.monotonic() - started
    return result


def _against_snapshot(
    db: LibraryDatabase, files: Sequence[Path], analysis: AnalysisOutcome[Any], ctx: ScanContext
) -> ScanResult:
    """Candidates and pairs, all read from one generation of the library."""
    for _ in range(_SNAPSHOT_ATTEMPTS):
        with db.snapshot():
            try:
                segments = open_segments(db.folder, db.segments())
            except FileNotFoundError:
                continue  # merged away by an add since the list was read: read the new one
            return _pairs(db, segments, files, analysis, ctx)
    raise LibraryError(
        f"the library {db.folder} kept changing while it was read; check again when the "
        "adds to it are done"
    )


def _pairs(
    db: LibraryDatabase,
    segments: Sequence[Segment],
    files: Sequence[Path],
    analysis: AnalysisOutcome[Any],
    ctx: ScanContext,
) -> ScanResult:
    settings = ctx.settings
    checked = [item for item in analysis.items if isinstance(item, Analyzed)]
    # A checked file that is also in the library is checked, as `scan --against` does.
    shadowed = set(db.ids_at([str(d.path) for d in checked]).values())
    shadowed_terms = [dict.fromkeys(d.tokens) for d in _load(db, sorted(shadowed)).values()]
    checked_terms = [dict.fromkeys(d.tokens) for d in checked]
    first_idf = library_idf(db, checked_terms, shadowed_terms)
    weights = FeatureWeights([d.tokens for d in checked], settings, first_idf)
    # Each checked document's own candidates: it is paired with those alone, so what a
    # check finds for it does not depend on what else is checked with it (a library
    # document another one proposes is verified against it by the scan's rules, which
    # look deeper than the library's keys).
    proposed_for: list[set[int]] = []
    for n, doc in enumerate(checked):
        if ctx.progress is not None:
            ctx.progress(Progress(Stage.LOOKING_UP, n, len(checked), doc.path.name))
        proposed = set(db.with_content([doc.content_key]))
        query = library_keys(doc.text)
        reach = settings.threshold + FINGERPRINT_SLACK
        for segment in segments:
            holders, _ = segment.holders(query, MAX_KEY_HOLDERS)
            proposed.update(holders.tolist())
            proposed.update(segment.near(weights.fingerprint(n), reach).tolist())
        proposed_for.append(proposed)
    candidate_ids = sorted(db.live(sorted(set().union(*proposed_for))) - shadowed)
    loaded = _load(db, candidate_ids)
    candidates = list(loaded.values())
    allowed = {
        (str(doc.path), str(loaded[i].path))
        for doc, proposed in zip(checked, proposed_for, strict=True)
        for i in proposed
        if i in loaded
    }
    # The IDF again, now that the candidates' terms are known: each term its own value.
    idf = library_idf(db, checked_terms, shadowed_terms, {t for d in candidates for t in d.tokens})
    role_of = {str(d.path): Role.SCAN for d in checked}
    role_of.update((str(d.path), Role.LIBRARY) for d in candidates)
    items: list[Analyzed | Problem] = [*analysis.items, *candidates]
    everything: AnalysisOutcome[None] = AnalysisOutcome(items, analysis.finished, {})
    all_files = [*files, *(d.path for d in candidates)]
    outcome = find_pairs(
        all_files,
        role_of,
        everything,
        ctx,
        None,
        idf,
        may_pair=lambda a, b: role_of[a] is role_of[b] or (a, b) in allowed or (b, a) in allowed,
    )
    return ScanResult(
        documents=outcome.documents,
        pairs=outcome.pairs,
        groups=outcome.groups,
        problems=outcome.problems,
        settings=settings,
        cancelled=not analysis.finished or ctx.cancelled(),
    )


def _load(db: LibraryDatabase, ids: Sequence[int]) -> dict[int, Analyzed]:
    """The stored analyses of these library documents, by id."""
    found = {}
    for number, path, size, mtime_ns, row in db.stored_rows(ids):
        try:
            found[number] = decode_analysis(row, path, size, mtime_ns)
        except Exception as error:
            raise LibraryError(
                f"the library's record of {path} is damaged ({error}); add the file again "
                f"with: neardup library add {db.folder} {path}"
            ) from None
    return found
