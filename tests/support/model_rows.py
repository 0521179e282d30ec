"""Synthetic rows for the item models, shared by the GUI tests and benchmarks/bench_models.py.

Every value is a formula of the row's index, so a test can say which rows a filter keeps and in
what order a sort puts them without reading the rows back:

- ``pair_rows``: row ``i`` is A ``/data/folder{i % 97}/doc{i}.txt``, B
  ``/data/other{i % 89}/copy{i}.txt``, kind ``KINDS[i % 3]``, distance ``i % 7``, similarity
  ``(i % 1000) / 1000``, overlaps ``(i * 7 % 100) / 100`` and ``(i * 13 % 100) / 100``, A
  modified ``i`` minutes after ``PAIRS_EPOCH`` (ns) and B an hour after A.
- ``group_rows``: group ``g`` (id ``g + 1``) has ``size`` members ``/d/g{g}/m{m}.txt`` of
  ``1000 + g * 10 + m`` bytes, member 0 the reference, the others at distance ``m``.
- ``document_rows``: document ``i`` is ``/data/folder{i % 97}/doc{i}.txt``, ``1000 + i`` bytes,
  ``i % 1000`` tokens, a reference-library document when ``i % 5 == 0``, with no similarity
  figure when ``i % 11 == 0`` and otherwise ``i % 4`` sources, the largest
  ``round(0.9 * (i % 7) / 7, 3)``, modified ``i`` minutes after ``PAIRS_EPOCH`` (unknown
  when ``i % 13 == 0``).
"""

from __future__ import annotations

from neardup.gui.report_data import DocumentRow, GroupRow, MemberRow, PairRow, SourceShare

KINDS = ("duplicate", "near-duplicate", "partial")
PAIRS_EPOCH = 1_600_000_000 * 10**9  # September 2020, in ns
MINUTE = 60 * 10**9


def pair_modified(i: int) -> tuple[int, int]:
    """When pair_rows' row i's A and B were modified."""
    return PAIRS_EPOCH + i * MINUTE, PAIRS_EPOCH + (i + 60) * MINUTE


def pair_rows(count: int) -> list[PairRow]:
    return [
        PairRow(
            f"/data/folder{i % 97}/doc{i}.txt",
            f"/data/other{i % 89}/copy{i}.txt",
            KINDS[i % 3],
            i % 7,
            (i % 1000) / 1000,
            (i * 7 % 100) / 100,
            (i * 13 % 100) / 100,
            (),
            i % 5,
            *pair_modified(i),
        )
        for i in range(count)
    ]


def group_rows(count: int, size: int = 3) -> list[GroupRow]:
    groups = []
    for g in range(count):
        members = tuple(
            MemberRow(
                DocumentRow(f"/d/g{g}/m{m}.txt", 1000 + g * 10 + m, "txt", 10**18 + g, "scan", 50),
                m,
                None if m == 0 else 0.5 + m / 10,
                m == 0,
            )
            for m in range(size)
        )
        groups.append(GroupRow(g + 1, members[0].document.path, members))
    return groups


def document_modified(i: int) -> int | None:
    """When document_rows' document i was modified: unknown for every 13th."""
    return None if i % 13 == 0 else PAIRS_EPOCH + i * MINUTE


def document_rows(count: int) -> list[DocumentRow]:
    rows = []
    for i in range(count):
        known = i % 11 != 0
        sources = tuple(
            SourceShare(f"/lib/s{(i + k) % 503}.txt", round(0.9 / (k + 1) * (i % 7) / 7, 3))
            for k in range(i % 4)
        )
        rows.append(
            DocumentRow(
                f"/data/folder{i % 97}/doc{i}.txt",
                1000 + i,
                "txt" if i % 2 else "pdf",
                document_modified(i),
                "library" if i % 5 == 0 else "scan",
                i % 1000,
                (max((s.overlap for s in sources), default=0.0) if known else None),
                sources if known else (),
            )
        )
    return rows
