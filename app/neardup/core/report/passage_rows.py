"""A pair's passages as a report holds them, kept in one array rather than as dicts.

A report's pair lists its passages as ``{"a": [start, end], "b": [start, end],
"documents": n}``. A scan of real text (2,700 Debian documentation files, which share
licences) has 242,000 pairs and 4.3 million passages: as dicts of lists of ints that is
about 1.9 GB, held by the window for as long as it shows the results, and freed one object
at a time when it closes. ``PassageRows`` keeps the same passages as one array of five
integers each (40 bytes a passage) and reads as the same list of dicts: made on demand,
written into a report as they were, compared equal to the list they stand for.

A dict is made afresh each time it is read, so a change to one is lost: code that writes
into a pair's passages (review marks) first makes them a plain list (`editable_passages`).
Passages with anything else in them (a review mark, an unknown field) stay a plain list.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:  # numpy is imported where rows are made: a rescan served from the cache,
    # which writes its report without them, loads none of it
    import numpy as np
    import numpy.typing as npt

    Rows = npt.NDArray[np.int64]


class PassageRows(Sequence[dict[str, Any]]):
    """Passages as rows (a_start, a_end, b_start, b_end, documents); documents 0 where
    the report gives no count."""

    __slots__ = ("rows",)

    def __init__(self, rows: Rows) -> None:
        self.rows = rows

    @classmethod
    def of_rows(cls, rows: npt.ArrayLike) -> PassageRows:
        """From any five numbers a passage, as verification's span tables hold them (an
        array of them is shared, not copied)."""
        import numpy as np

        return cls(np.asarray(rows, dtype=np.int64).reshape(-1, 5))

    @classmethod
    def compacted(cls, passages: object) -> object:
        """``passages`` (a checked report's list) as rows when each is exactly a passage
        with its ranges and an optional count of documents; anything else unchanged."""
        if not isinstance(passages, list) or not passages:
            return passages
        # Checked already: each has "a" and "b", two counts each, and "documents" is none
        # or a count. So two keys are just the ranges, and three with a count of at least
        # one are the ranges and that count (0 or null would not be written back).
        if not all(
            type(p) is dict and (len(p) == 2 or (len(p) == 3 and p.get("documents")))
            for p in passages
        ):
            return passages
        try:
            return cls.of_rows([(*p["a"], *p["b"], p.get("documents", 0)) for p in passages])
        except OverflowError:  # a count past 64 bits, in a report made by hand: kept as read
            return passages

    @property
    def spans(self) -> Rows:
        """(a_start, a_end, b_start, b_end) of each passage: a view, not a copy."""
        return self.rows[:, :4]

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> PassageRows: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | PassageRows:
        if isinstance(index, slice):
            return PassageRows(self.rows[index])
        return _passage(self.rows[index].tolist())

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return map(_passage, self.rows.tolist())

    def to_list(self) -> list[dict[str, Any]]:
        """The passages as the report writes them."""
        return list(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassageRows):
            return self.rows.shape == other.rows.shape and bool((self.rows == other.rows).all())
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return self.to_list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as the list it stands for

    def __repr__(self) -> str:
        return f"PassageRows({self.to_list()!r})"


def _passage(row: list[int]) -> dict[str, Any]:
    a_start, a_end, b_start, b_end, documents = row
    if documents:
        return {"a": [a_start, a_end], "b": [b_start, b_end], "documents": documents}
    return {"a": [a_start, a_end], "b": [b_start, b_end]}


def editable_passages(pair: dict[str, Any]) -> list[dict[str, Any]]:
    """A report pair's passages as a plain list of dicts, stored back in the pair, so
    that what is written into them stays."""
    passages = pair.get("passages")
    if isinstance(passages, PassageRows):
        pair["passages"] = passages = passages.to_list()
    return passages if isinstance(passages, list) else []


def written_as_json(value: object) -> list[dict[str, Any]]:
    """The JSON encoders' hook (``default=``) for passages kept as rows."""
    if isinstance(value, PassageRows):
        return value.to_list()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


class PassageSpans(Sequence[tuple[int, int, int, int]]):
    """A pair's passages as (a_start, a_end, b_start, b_end) tuples, over an array of
    them: what the window's rows hold, sharing the report's ``PassageRows``."""

    __slots__ = ("spans",)

    def __init__(self, spans: Rows) -> None:
        self.spans = spans

    @classmethod
    def of(cls, spans: Sequence[Sequence[int]]) -> PassageSpans:
        import numpy as np

        return cls(np.asarray(spans, dtype=np.int64).reshape(-1, 4))

    def swapped(self) -> PassageSpans:
        """The same passages seen from b: (b_start, b_end, a_start, a_end)."""
        return PassageSpans(self.spans[:, [2, 3, 0, 1]])

    def __len__(self) -> int:
        return len(self.spans)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int, int, int]: ...

    @overload
    def __getitem__(self, index: slice) -> PassageSpans: ...

    def __getitem__(self, index: int | slice) -> tuple[int, int, int, int] | PassageSpans:
        if isinstance(index, slice):
            return PassageSpans(self.spans[index])
        a_start, a_end, b_start, b_end = self.spans[index].tolist()
        return a_start, a_end, b_start, b_end

    def __iter__(self) -> Iterator[tuple[int, int, int, int]]:
        return map(tuple, self.spans.tolist())  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassageSpans):
            return self.spans.shape == other.spans.shape and bool((self.spans == other.spans).all())
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return tuple(self) == tuple(tuple(span) for span in other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))  # as the tuple of tuples it stands for

    def __repr__(self) -> str:
        return f"PassageSpans({tuple(self)!r})"


def passage_spans(passages: object) -> Sequence[tuple[int, int, int, int]]:
    """The (a_start, a_end, b_start, b_end) of a report pair's passages: its rows shared
    where it keeps them as rows; from a list, each well-formed one."""
    if isinstance(passages, PassageRows):
        return PassageSpans(passages.spans)
    spans = []
    for passage in passages if isinstance(passages, list) else ():
        try:
            (a0, a1), (b0, b1) = passage["a"], passage["b"]
            spans.append((int(a0), int(a1), int(b0), int(b1)))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(spans)


def most_documents(passages: object) -> int:
    """How many scanned documents hold the most widely held of a pair's passages (0: not
    counted, as in a report from before the count)."""
    if isinstance(passages, PassageRows):
        return int(passages.rows[:, 4].max(initial=0))
    listed = passages if isinstance(passages, list) else ()
    counts = [
        p["documents"]
        for p in listed
        if isinstance(p, dict) and isinstance(p.get("documents"), int)
    ]
    return max(counts, default=0)
