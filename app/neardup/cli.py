"""Command-line front end: ``neardup [gui] | scan | compare | extract | sources | review |
library | cache``.

A thin layer over the core pipeline: it parses arguments, shows progress on a
terminal and writes reports. Exit codes: 0 when the command ran (even if some
files had problems), 2 for bad usage, 1 for a failure of the command itself.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from neardup.cli_command import command_parser
from neardup.cli_interrupt import interrupts_cancel
from neardup.cli_output import (
    UsageError,
    check_output,
    check_output_dir,
    counted,
    skipped_text,
)
from neardup.cli_parser import build_parser
from neardup.core.scan import one_blas_thread
from neardup.core.settings import (
    ReferenceRule,
    ScanSettings,
    Weighting,
)

if TYPE_CHECKING:
    from neardup.core.report import CitationOptions

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shells' code for a program ended by Ctrl-C
EXIT_BROKEN_PIPE = 141  # and by a closed pipe (SIGPIPE)


def _settings_from(args: argparse.Namespace) -> ScanSettings:
    common = {
        "threshold": args.threshold,
        "weighting": Weighting(args.weighting),
        "tokenizer": args.tokenizer,
        "pdf_engine": args.pdf_engine,
        "top_n": args.top_n,
        "log_tf": not args.raw_tf,
        "min_tokens": args.min_tokens,
        "user_dict": args.user_dict,
        "fold": not args.no_fold,
    }
    if args.user_dict is not None and not args.user_dict.is_file():
        raise UsageError(f"user dictionary not found: {args.user_dict}")
    if args.command == "scan":
        if args.cache_path is not None and not args.no_cache:
            _check_cache_path(args.cache_path)
        common.update(
            detect_partial=not args.no_partial,
            min_overlap=args.min_overlap,
            exclude_common=args.exclude_common,
            reference_rule=ReferenceRule(args.reference),
            exclude=tuple(args.exclude),
            include=tuple(args.include),
            include_hidden=args.include_hidden,
            workers=args.workers,
            against=tuple(args.against),
            use_cache=not args.no_cache,
            cache_path=args.cache_path,
        )
    try:
        return ScanSettings(**common)
    except ValueError as error:
        raise UsageError(str(error)) from error


def _check_cache_path(path: Path) -> None:
    """Refuse, before anything runs, a cache path that holds a file NearDup did not make."""
    from neardup.core.store import ForeignFileError, check_ours

    try:
        check_ours(path)
    except ForeignFileError as error:
        raise UsageError(error.reason) from None


def _run_scan(args: argparse.Namespace) -> int:
    from neardup.cli_progress import TerminalProgress
    from neardup.core.report import write_json, write_report
    from neardup.core.scan import CancelToken, scan

    # lexists: a broken link named on the command line is reported as a problem, not refused.
    missing = [str(p) for p in [*args.paths, *args.against] if not os.path.lexists(p)]
    if missing:
        raise UsageError("no such file or folder: " + ", ".join(missing))
    settings = _settings_from(args)
    if args.output is not None:
        check_output(args.output)
    cancel = CancelToken()
    bar = TerminalProgress(enabled=not args.quiet and sys.stderr.isatty())
    outcome: dict[str, object] = {}
    finished = threading.Event()

    def work() -> None:
        try:
            outcome["result"] = scan(args.paths, settings, progress=bar.update, cancel=cancel)
        except BaseException as error:  # re-raised in the main thread
            outcome["error"] = error
        finally:
            finished.set()

    def stop_now() -> None:
        print("\nStopped; no report written.", file=sys.stderr)
        os._exit(EXIT_INTERRUPTED)

    # The scan runs in a thread, and Ctrl-C or SIGTERM (a logout, a service manager, kill)
    # only cancels it (KeyboardInterrupt can leave Thread.join unreliable), so the scan
    # stops between files and the partial result is still written.
    worker = threading.Thread(target=work, name="neardup-scan", daemon=True)
    with interrupts_cancel(
        cancel,
        first_ctrl_c="Cancelling… (partial results will be written; Ctrl-C again to stop now)",
        on_terminate="Stopping on request; partial results will be written.",
        second_ctrl_c=stop_now,
    ):
        worker.start()
        while not finished.wait(0.2):
            pass
        bar.close()
        if "error" in outcome:
            raise outcome["error"]  # type: ignore[misc]
        from neardup.core.models import ScanResult

        result = outcome["result"]
        assert isinstance(result, ScanResult)
        # Still under the handlers: a Ctrl-C while a large report is written (seconds for
        # hundreds of MB) lets it finish, as promised, rather than stop it half-way.
        if args.format == "json" and args.output is None:
            write_json(result, sys.stdout, _marks_amendment(args))  # a line at a time
        else:
            text = write_report(result, args.format, args.output, _marks_amendment(args))
            if text is not None:
                sys.stdout.write(text)
    for notice in result.notices:
        print(f"neardup: note: {notice}", file=sys.stderr)
    if not args.quiet:
        state = " (cancelled: partial results)" if result.cancelled else ""
        other = skipped_text(result.skipped_types)
        print(
            f"{counted(len(result.documents), 'document')}, {counted(len(result.pairs), 'pair')}, "
            f"{counted(len(result.groups), 'group')}, "
            f"{counted(len(result.problems), 'problem')}{other} in {result.elapsed:.1f} s{state}",
            file=sys.stderr,
        )
    return EXIT_OK


def _run_extract(args: argparse.Namespace) -> int:
    from neardup.core.extract import extract
    from neardup.core.models import Problem
    from neardup.core.scan import walk
    from neardup.core.settings import DEFAULT_SUFFIXES

    found = walk(args.paths, DEFAULT_SUFFIXES)
    for problem in found.problems:
        print(f"== {problem.path}\n   problem: {problem.reason}\n")
    for path in found.files:
        item = extract(path, pdf_engine=args.pdf_engine)
        if isinstance(item, Problem):
            print(f"== {item.path}\n   problem: {item.reason}\n")
            continue
        details = [f"format: {item.format}"]
        if item.encoding:
            details.append(f"encoding: {item.encoding}")
        if item.pages is not None:
            details.append(f"pages: {item.pages}")
        if item.engine:
            details.append(f"engine: {item.engine}")
        details += list(item.notes)
        print(f"== {item.path}\n   {', '.join(details)}\n{item.text}\n")
    return EXIT_OK


def _run_compare(args: argparse.Namespace) -> int:
    from neardup.core.report import compare_files, format_comparison, write_html

    for path in (args.a, args.b):
        if not path.exists():
            raise UsageError(f"no such file: {path}")
    comparison = compare_files(args.a, args.b, _settings_from(args))
    if comparison.problems:  # a file that could not be read: nothing was compared
        print(format_comparison(comparison), file=sys.stderr)
        return EXIT_FAILED
    print(format_comparison(comparison))
    if args.html is not None:
        write_html(comparison, args.html)
        print(f"Side-by-side view written to {args.html}")
    return EXIT_OK


def _citation_options(args: argparse.Namespace, report: dict[str, object]) -> CitationOptions:
    """The report's own choices (its settings), changed by the command line's."""
    from neardup.core.report import CitationOptions

    settings = report.get("settings")
    options = CitationOptions.of(
        ScanSettings.from_dict(settings if isinstance(settings, dict) else {})
    )
    return CitationOptions(
        exclude_quotes=options.exclude_quotes and not args.include_quotes,
        exclude_references=options.exclude_references and not args.include_references,
        min_match_words=options.min_match_words if args.min_match is None else args.min_match,
    )


def _run_sources(args: argparse.Namespace) -> int:
    from neardup.core.report import (
        SourceReportError,
        read_report,
        render,
        source_report,
        write_source_report,
    )

    if args.all:
        if args.document is not None or args.output is not None:
            raise UsageError(
                "--all writes every document's report to --output-dir; "
                "give no DOCUMENT and no --output"
            )
        if args.output_dir is None:
            raise UsageError("--all needs --output-dir DIR")
    elif args.document is None:
        raise UsageError("name the DOCUMENT to report on, or use --all --output-dir DIR")
    elif args.output_dir is not None:
        raise UsageError("--output-dir goes with --all; for one document use --output FILE")
    elif args.format == "pdf" and args.output is None:
        raise UsageError("a PDF report is written to a file: add --output FILE")
    for output in (args.output, args.html):
        if output is not None:
            check_output(output)
    try:
        report = read_report(args.report, compact=True)
    except ValueError as error:  # not a report
        raise UsageError(str(error)) from error
    citations = _citation_options(args, report)
    amend = _marks_amendment(args)
    if amend is not None:
        amend(report)
    if args.all:
        return _run_all_sources(args, report, citations)
    document: Path | None = args.document
    if document is None:
        raise UsageError("name the DOCUMENT to report on, or use --all --output-dir DIR")
    try:
        found = source_report(report, document, citations=citations)
    except SourceReportError as error:
        raise UsageError(str(error)) from None
    try:
        if args.output is None:
            sys.stdout.write(render(found, args.format, args.language))
        else:
            write_source_report(found, args.output, args.format, args.language)
            print(f"Report written to {args.output}", file=sys.stderr)
    except SourceReportError as error:  # a PDF that cannot be laid out: nothing written
        raise UsageError(str(error)) from None
    if args.html is not None:
        write_source_report(found, args.html, "html", args.language)
        print(f"Page written to {args.html}", file=sys.stderr)
    return EXIT_OK


def _marks_amendment(args: argparse.Namespace) -> Callable[[dict[str, Any]], object] | None:
    """What puts the review marks into a report, if there are any to put."""
    from neardup.cli_review import ReviewUsageError, open_marks

    try:
        marks = open_marks(args, create=False)
    except ReviewUsageError as error:
        raise UsageError(str(error)) from None
    if marks is None:
        return None
    from neardup.core.report import annotate

    return lambda data: annotate(data, marks)


def _run_all_sources(
    args: argparse.Namespace, report: dict[str, object], citations: CitationOptions
) -> int:
    from neardup.cli_progress import BatchProgress
    from neardup.core.report import write_all_sources

    check_output_dir(args.output_dir)
    bar = BatchProgress(enabled=not args.quiet and sys.stderr.isatty())
    try:
        outcome = write_all_sources(
            report,
            args.output_dir,
            args.format,
            min_similarity=args.min_similarity,
            citations=citations,
            progress=bar.update,
            language=args.language,
        )
    finally:
        bar.close()
    for document, reason in outcome.problems:
        print(f"neardup: {document}: {reason}", file=sys.stderr)
    print(
        f"{len(outcome.written)} reports and summary.csv written to {args.output_dir}"
        + (
            f"; {len(outcome.problems)} documents could not be reported" if outcome.problems else ""
        ),
        file=sys.stderr,
    )
    return EXIT_USAGE if outcome.problems else EXIT_OK


def _run_cache(args: argparse.Namespace) -> int:
    from neardup.core.store import AnalysisCache

    if args.cache_path is not None and args.cache_path.is_dir():
        raise UsageError(f"--cache-path is a folder, not a cache file: {args.cache_path}")
    if args.cache_path is not None:
        _check_cache_path(args.cache_path)
    cache = AnalysisCache(args.cache_path)
    try:
        if args.action == "clear":
            before = cache.info()
            cache.clear()
            print(f"Cleared {before['documents']} cached documents from {cache.path}")
        else:
            info = cache.info()
            print(f"Cache: {info['path']}")
            print(f"Size: {int(str(info['bytes'])) / 1e6:.1f} MB, {info['documents']} documents")
        if cache.problem:
            print(cache.problem, file=sys.stderr)
    finally:
        cache.close()
    return EXIT_OK


def _run_review(args: argparse.Namespace) -> int:
    from neardup.cli_review import ReviewUsageError, run_review

    try:
        return run_review(args)
    except ReviewUsageError as error:
        raise UsageError(str(error)) from None


def _run_library(args: argparse.Namespace) -> int:
    from neardup.cli_library import LibraryUsageError, run_library

    try:
        return run_library(args)
    except LibraryUsageError as error:
        raise UsageError(str(error)) from None


def run() -> NoReturn:
    """The program's entry point (the ``neardup`` script, ``python -m neardup``, the frozen
    app): `main`, then exit with its status."""
    status = main()
    # Exiting ends with a full collection over every object left (numba's compiler and
    # type tables alone: 0.1 s of a 2 s scan). With the output flushed and the files
    # closed, nothing is left that collecting could matter to: the collector leaves them.
    gc.freeze()
    sys.exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    one_blas_thread()  # before numpy loads, here and in the scan's workers
    if getattr(sys, "frozen", False):
        # A pool worker of a frozen app runs the executable again; this makes it a
        # worker. (An interpreter never needs it, and skips importing multiprocessing.)
        import multiprocessing

        multiprocessing.freeze_support()
    arguments = list(sys.argv[1:] if argv is None else argv)
    # `neardup report.json` opens a saved report in the app.
    if len(arguments) == 1 and arguments[0].endswith(".json") and Path(arguments[0]).is_file():
        arguments = ["gui", arguments[0]]
    parser = build_parser()
    args = parser.parse_args(arguments)
    try:
        if args.command == "scan":
            return _run_scan(args)
        if args.command == "extract":
            return _run_extract(args)
        if args.command == "compare":
            return _run_compare(args)
        if args.command == "sources":
            return _run_sources(args)
        if args.command == "cache":
            return _run_cache(args)
        if args.command == "review":
            return _run_review(args)
        if args.command == "library":
            return _run_library(args)
        from neardup.desktop import open_desktop_app

        return open_desktop_app(getattr(args, "report", None))
    except UsageError as error:
        command = command_parser(args, parser)
        command.print_usage(sys.stderr)
        print(f"{command.prog}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (`neardup extract ... | head`): nothing to say, and nothing
        # more to write, not even the flush at exit (a windowed app has no stdout at all).
        with contextlib.suppress(AttributeError, OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as error:
        print(f"neardup: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        # Ctrl-C in a command that keeps nothing to write back (compare, extract, sources):
        # a word, not a traceback. A scan and a library add turn it into a cancel instead.
        print("\nStopped.", file=sys.stderr)
        return EXIT_INTERRUPTED
