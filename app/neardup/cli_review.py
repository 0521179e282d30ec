"""``neardup review``: confirm or dismiss a match, with a note, and see what was decided.

Marks live in a small SQLite file (by default in the user's data folder, ``--reviews FILE``
to choose), keyed by the two documents' contents, so they survive moving and rescanning.
``scan`` writes them into its JSON report and ``sources`` leaves dismissed matches out of
its figures (`core.report.reviews`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from neardup.cli_command import CommandParser
from neardup.resources import review_marks_path

if TYPE_CHECKING:  # the store is imported where marks are read: a scan's command line
    # is parsed by this module's options, and should not pay for SQLite's review tables.
    from neardup.core.store import DocumentKey, ReviewMarks


class ReviewUsageError(Exception):
    """Bad arguments to a review command; the CLI reports it with exit code 2."""


def marks_file(args: argparse.Namespace) -> Path:
    chosen: Path | None = getattr(args, "reviews", None)
    return chosen if chosen is not None else review_marks_path()


def open_marks(args: argparse.Namespace, *, create: bool) -> ReviewMarks | None:
    """The review marks, or None when there are none yet and ``create`` is false (reading
    a report must not leave an empty file behind)."""
    from neardup.core.store import ReviewMarks, ReviewMarksError

    path = marks_file(args)
    if not create and not path.exists():
        return None
    try:
        return ReviewMarks(path)
    except ReviewMarksError as error:
        raise ReviewUsageError(str(error)) from None


def _key(path: Path) -> DocumentKey:
    from neardup.core.store import DocumentKey

    try:
        return DocumentKey.of(path)
    except OSError as error:
        raise ReviewUsageError(f"cannot read {path}: {error.strerror or error}") from None


def _read(report_path: Path) -> dict[str, Any]:
    from neardup.core.report import read_report

    try:
        return read_report(report_path)
    except ValueError as error:
        raise ReviewUsageError(str(error)) from None


def _pair_passages(
    report: dict[str, Any], report_path: Path, a: Path, b: Path
) -> tuple[dict[str, Any], str]:
    """The report's pair of a and b, and which side of it a is."""
    wanted = {str(a.resolve()), str(b.resolve())}
    for pair in report.get("pairs", ()):
        if {str(Path(pair["a"]).resolve()), str(Path(pair["b"]).resolve())} == wanted:
            side = "a" if Path(pair["a"]).resolve() == a.resolve() else "b"
            return pair, side
    raise ReviewUsageError(f"{report_path} has no pair of {a} and {b}")


def run_review(args: argparse.Namespace) -> int:
    from neardup.core.store import WHOLE_PAIR, ReviewMarksError, Verdict

    if args.action == "list":
        return _list(args)
    a, b = args.a, args.b
    if a is None or b is None:
        raise ReviewUsageError(f"review {args.action} needs two documents: A B")
    if args.action == "show":
        return _show(args, a, b)
    key_a, key_b = _key(a), _key(b)
    if key_a == key_b:
        raise ReviewUsageError(f"{a} and {b} have the same content: that pair is a duplicate")
    marks = open_marks(args, create=True)
    assert marks is not None
    try:
        if args.action == "clear":
            count = marks.clear(key_a, key_b)
            print(f"{count} mark{'' if count == 1 else 's'} removed", file=sys.stderr)
            return 0
        passage = WHOLE_PAIR
        first_is_a = key_a <= key_b
        if args.passage is not None:
            if args.report is None:
                raise ReviewUsageError("--passage N needs --report REPORT, the scan it is in")
            pair, side_of_a = _pair_passages(_read(args.report), args.report, a, b)
            passages = pair.get("passages") or []
            if not 1 <= args.passage <= len(passages):
                raise ReviewUsageError(
                    f"the pair has {len(passages)} passage(s) in {args.report}; "
                    f"--passage goes from 1 to {len(passages)}"
                )
            side = side_of_a if first_is_a else ("b" if side_of_a == "a" else "a")
            start, end = passages[args.passage - 1][side]
            passage = (int(start), int(end))
        first, second = (key_a, key_b) if first_is_a else (key_b, key_a)
        verdict = Verdict.CONFIRMED if args.action == "confirm" else Verdict.DISMISSED
        mark = marks.mark(first, second, verdict, args.note or "", passage)
    except ReviewMarksError as error:
        raise ReviewUsageError(str(error)) from None
    finally:
        marks.close()
    what = "the pair" if mark.whole_pair else f"passage {args.passage}"
    print(f"{what} {mark.verdict.value}; marks in {marks.path}", file=sys.stderr)
    return 0


def _show(args: argparse.Namespace, a: Path, b: Path) -> int:
    """The pair's figures and its passages, numbered as --passage counts them, each with
    A's own text and its mark, if any."""
    from neardup.core.report import SourceReportError, TextReader, annotate

    if args.report is None:
        raise ReviewUsageError("review show needs --report REPORT, the scan the pair is in")
    report = _read(args.report)
    marks = open_marks(args, create=False)
    if marks is not None:
        annotate(report, marks)  # in place: the pair below carries its marks
        marks.close()
    pair, side = _pair_passages(report, args.report, a, b)
    try:
        text = TextReader(report).read(str(pair[side]))
    except SourceReportError as error:
        raise ReviewUsageError(str(error)) from None
    other = "b" if side == "a" else "a"
    verdict = pair.get("review", {}).get("verdict", "not reviewed")
    print(
        f"{pair['kind']}: {pair[f'overlap_{side}']:.1%} of {a} found in {b}, "
        f"{pair[f'overlap_{other}']:.1%} the other way; {verdict}"
    )
    for number, passage in enumerate(pair.get("passages") or [], start=1):
        start, end = passage[side]
        mark = passage.get("review", {}).get("verdict")
        excerpt = " ".join(text.excerpt(int(start), int(end)).split())
        excerpt = excerpt if len(excerpt) <= 70 else excerpt[:69] + "…"
        print(f"  {number:3}.{f' [{mark}]' if mark else ''} {excerpt}")
    return 0


def _list(args: argparse.Namespace) -> int:
    marks = open_marks(args, create=False)
    rows = [] if marks is None else list(marks)
    if args.format == "json":
        data = [
            {
                "first": {"content_hash": m.first.content_hash, "size": m.first.size},
                "second": {"content_hash": m.second.content_hash, "size": m.second.size},
                "passage": None if m.whole_pair else list(m.passage),
                **m.to_dict(),
            }
            for m in rows
        ]
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    if not rows:
        print(f"No review marks in {marks_file(args)}.")
    for m in rows:
        what = "whole pair" if m.whole_pair else f"passage {m.passage[0]}:{m.passage[1]}"
        note = f"  {m.note}" if m.note else ""
        print(
            f"{m.marked_at}  {m.verdict.value:<9}  {m.first.content_hash[:12]} "
            f"{m.second.content_hash[:12]}  {what}{note}"
        )
    return 0


def add_review_command(commands: argparse._SubParsersAction[CommandParser]) -> None:
    review = commands.add_parser(
        "review",
        help="confirm or dismiss a match, and list the marks",
        description="Record a decision about two documents: confirm a copy, or dismiss a "
        "match (a common phrase, a form, the writer's own earlier work) so that it leaves "
        "the figures of `sources`. Marks follow the files' contents, so they survive "
        "moving and rescanning. With --passage N (and --report), the mark is on the N-th "
        "passage of the pair in that scan report; `review show A B --report REPORT` "
        "lists the pair's passages with their numbers.",
    )
    review.add_argument("action", choices=("confirm", "dismiss", "clear", "show", "list"))
    review.add_argument("a", type=Path, nargs="?", metavar="A")
    review.add_argument("b", type=Path, nargs="?", metavar="B")
    review.add_argument("--note", default=None, help="why (shown in the reports)")
    review.add_argument("--passage", type=int, default=None, metavar="N")
    review.add_argument("--report", type=Path, default=None, metavar="REPORT")
    review.add_argument("--format", choices=("text", "json"), default="text")
    add_reviews_option(review)


def add_reviews_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reviews",
        type=Path,
        default=None,
        metavar="FILE",
        help="the review marks file (default: reviews.sqlite3 in the user's data folder)",
    )
