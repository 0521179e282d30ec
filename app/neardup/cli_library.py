"""``neardup library``: keep a reference library of earlier documents, and check against it.

``add`` analyses files and folders into a library folder (made when missing), ``remove``
takes documents out, ``info`` says what it holds, and ``check`` writes the scan's report for
the checked documents against it, which ``neardup sources`` reads like any scan report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from neardup.cli_command import CommandParser
from neardup.cli_interrupt import interrupts_cancel
from neardup.cli_options import add_analysis_options, add_file_options
from neardup.cli_output import check_output, counted, skipped_text
from neardup.core.library import LibraryError
from neardup.core.settings import ScanSettings, Weighting

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130  # the shells' code for a program ended by Ctrl-C
EXIT_TERMINATED = 143  # and by SIGTERM
STOPPED = "Stopped; the library keeps the files stored so far."


class LibraryUsageError(Exception):
    """Bad arguments to a library command; the CLI reports it with exit code 2."""


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    add_file_options(parser)
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def add_library_command(
    commands: argparse._SubParsersAction[CommandParser],
    fraction: Callable[[str], float],
) -> None:
    library = commands.add_parser(
        "library",
        help="a reference library of earlier documents: add, remove, info, check",
        description="Keep earlier theses and papers analysed in a library folder, and check "
        "new documents against it: `library add LIBRARY FOLDER`, then `library check LIBRARY "
        "DOC --output report.json` and `sources report.json DOC`.",
    )
    actions = library.add_subparsers(dest="library_action", metavar="ACTION", required=True)

    add = actions.add_parser("add", help="add files and folders (made if missing)")
    add.add_argument("library", type=Path, metavar="LIBRARY")
    add.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    add.add_argument(
        "--rebuild",
        action="store_true",
        help="make the library again from the files it records and PATHs "
        "(for a library made by another version, or a damaged one)",
    )
    add_analysis_options(add, new_library=True)
    add.add_argument(
        "--executor",
        choices=("local", "dask"),
        default="local",
        help="where files are analysed: worker processes here (default), or a "
        "Dask cluster (pip install 'neardup[dask]')",
    )
    add.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="with --executor dask: the scheduler (default: a local cluster)",
    )
    _add_run_options(add)

    remove = actions.add_parser("remove", help="remove documents, or every one in a folder")
    remove.add_argument("library", type=Path, metavar="LIBRARY")
    remove.add_argument("paths", nargs="+", type=Path, metavar="PATH")

    info = actions.add_parser("info", help="what a library holds, and how it was made")
    info.add_argument("library", type=Path, metavar="LIBRARY")
    info.add_argument("--format", choices=("text", "json"), default="text")

    check = actions.add_parser(
        "check",
        help="check documents against a library and write the scan report",
        description="Write the scan report (the same JSON as `scan --format json`) of DOCs "
        "against the library: its documents have the role `library`, and each DOC is paired "
        "with the library documents the index proposes for it (what is found for a DOC does "
        "not depend on the others checked with it) and with the other DOCs, as `scan` pairs "
        "them.",
    )
    check.add_argument("library", type=Path, metavar="LIBRARY")
    check.add_argument("paths", nargs="+", type=Path, metavar="DOC")
    check.add_argument("--format", choices=("json", "text"), default="json")
    check.add_argument(
        "--output",
        "-o",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the report here (default: standard output)",
    )
    check.add_argument(
        "--min-overlap",
        type=fraction,
        default=ScanSettings().min_overlap,
        metavar="F",
        help="minimum share of the smaller document for a partial copy",
    )
    check.add_argument("--no-partial", action="store_true", help="skip partial-copy detection")
    _add_run_options(check)


def _run_settings(args: argparse.Namespace) -> dict[str, Any]:
    if args.workers is not None and args.workers < 1:
        raise LibraryUsageError("--workers must be 1 or more")
    return {
        "workers": args.workers,
        "use_cache": not args.no_cache,
        "cache_path": args.cache_path,
        "exclude": tuple(args.exclude),
        "include": tuple(args.include),
        "include_hidden": args.include_hidden,
    }


def _progress(args: argparse.Namespace) -> Any:
    from neardup.cli_progress import TerminalProgress

    return TerminalProgress(enabled=not args.quiet and sys.stderr.isatty())


def _problems(problems: list[Any]) -> None:
    for problem in problems:
        print(f"neardup: {problem.path}: {problem.reason}", file=sys.stderr)


def _add(args: argparse.Namespace) -> int:
    from neardup.core.library import add_to_library, dask_executor, rebuild_library
    from neardup.core.scan import CancelToken

    if not args.paths and not args.rebuild:
        raise LibraryUsageError("name the files or folders to add: library add LIBRARY PATH...")
    try:
        settings = ScanSettings(
            threshold=args.threshold,
            weighting=Weighting(args.weighting),
            tokenizer=args.tokenizer,
            pdf_engine=args.pdf_engine,
            fold=not args.no_fold,
            min_tokens=args.min_tokens,
            **_run_settings(args),
        )
    except ValueError as error:
        raise LibraryUsageError(str(error)) from None
    bar = _progress(args)
    with ExitStack() as stack:
        executor = None
        if args.executor == "dask":
            executor = dask_executor(args.scheduler, args.workers, stack)
        elif args.scheduler is not None:
            raise LibraryUsageError("--scheduler goes with --executor dask")
        build = rebuild_library if args.rebuild else add_to_library
        cancel = CancelToken()
        # A first Ctrl-C stops the add between files and stores what was analysed; a
        # second rolls back the chunk being written (each chunk is one transaction).
        interrupts = stack.enter_context(
            interrupts_cancel(
                cancel,
                first_ctrl_c="Stopping… (the files analysed so far will be stored; "
                "Ctrl-C again to stop now)",
                on_terminate="Stopping on request; the files analysed so far will be stored.",
                second_ctrl_c=_raise_interrupt,
            )
        )
        try:
            outcome = build(
                args.library,
                args.paths,
                settings,
                executor=executor,
                progress=bar.update,
                cancel=cancel,
            )
        finally:
            bar.close()
    _problems(outcome.problems)
    for notice in outcome.notices:
        print(f"neardup: note: {notice}", file=sys.stderr)
    state = " (stopped: run it again to add the rest)" if outcome.cancelled else ""
    other = skipped_text(outcome.skipped_types)
    print(
        f"{args.library}: {outcome.added} added, {outcome.updated} updated, "
        f"{outcome.unchanged} unchanged, {counted(len(outcome.problems), 'problem')}"
        f"{other}{state}",
        file=sys.stderr,
    )
    if interrupts.ctrl_c or interrupts.terminate:
        # Not done, whatever it stored: a script's next step must not take it for done.
        print(STOPPED, file=sys.stderr)
        return EXIT_INTERRUPTED if interrupts.ctrl_c else EXIT_TERMINATED
    return EXIT_OK


def _raise_interrupt() -> None:
    # Raised where the main thread is, as Python's own Ctrl-C is: in a finalizer it would
    # be dropped, and the add would still stop at the first Ctrl-C's cancel.
    raise KeyboardInterrupt


def _remove(args: argparse.Namespace) -> int:
    from neardup.core.library import remove_from_library

    outcome = remove_from_library(args.library, args.paths)
    for path in outcome.not_found:
        print(f"neardup: {path}: not in the library", file=sys.stderr)
    removed = counted(len(outcome.removed), "document")
    print(f"{args.library}: {removed} removed", file=sys.stderr)
    return EXIT_FAILED if outcome.not_found else EXIT_OK


def _info(args: argparse.Namespace) -> int:
    from neardup.core.library import library_info

    found = library_info(args.library).to_dict()
    if args.format == "json":
        sys.stdout.write(json.dumps(found, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    settings = found["settings"]
    lines = [
        f"Library: {found['folder']}",
        f"Documents: {found['documents']} ({counted(found['problems'], 'file')} could not be used)",
        f"Passage keys: {found['keys']} (one window of {found['key_window']} keys: any shared "
        f"verbatim run of {found['guaranteed_run_chars']} characters is found)",
        f"Terms: {found['terms']}",
        f"Size on disk: {found['bytes_on_disk'] / 1e6:.1f} MB in {found['segments']} index "
        f"segments, generation {found['generation']}",
        f"Made by: NearDup {found['neardup_version']} (library format "
        f"{found['library_format']}, analysis version {found['analysis_version']})",
        "Settings: "
        + ", ".join(
            f"{name} {settings.get(name)}"
            for name in ("threshold", "weighting", "tokenizer", "pdf_engine", "fold", "min_tokens")
        ),
    ]
    print("\n".join(lines))
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from neardup.core.library import check_library
    from neardup.core.report import write_report

    if args.output is not None:
        check_output(args.output)
    if not args.library.is_dir():
        raise LibraryUsageError(f"no library at {args.library}: the folder does not exist")
    missing = [str(p) for p in args.paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise LibraryUsageError("no such file or folder: " + ", ".join(missing))
    settings = ScanSettings(
        min_overlap=args.min_overlap, detect_partial=not args.no_partial, **_run_settings(args)
    )
    bar = _progress(args)
    try:
        result = check_library(args.library, args.paths, settings, progress=bar.update)
    finally:
        bar.close()
    if args.format == "json":
        text = write_report(result, "json", args.output)
    else:
        text = _text_report(result)
        if args.output is not None:
            from neardup.core.report import write_text_atomically

            write_text_atomically(text, args.output)
            text = None
    if text is not None:
        sys.stdout.write(text)
    for notice in result.notices:
        print(f"neardup: note: {notice}", file=sys.stderr)
    if not args.quiet:
        roles = [d.role.value for d in result.documents]
        checked = roles.count("scan")
        with_library = sum(1 for p in result.pairs if "library" in (roles[p.a], roles[p.b]))
        between = len(result.pairs) - with_library
        print(
            f"{counted(checked, 'document')} checked, "
            f"{counted(with_library, 'pair')} with library documents"
            + (f", {counted(between, 'pair')} between checked documents" if between else "")
            + f", {counted(len(result.problems), 'problem')} in {result.elapsed:.1f} s",
            file=sys.stderr,
        )
    return EXIT_OK


def _largest_first(found: list[tuple[float, str, Any]]) -> list[str]:
    """A line for each other document: the share of this one it holds, the kind, its path."""
    return [
        f"  {share:6.1%}  {kind:<14}  {path}"
        for share, kind, path in sorted(found, key=lambda f: -f[0])
    ]


def _text_report(result: Any) -> str:
    """Per checked document: each library document that holds its text, largest first,
    then each other checked document that shares text with it (a check compares the
    documents checked together with each other too, as a scan does)."""
    docs = result.documents
    lines = []
    for index, doc in enumerate(docs):
        if doc.role.value != "scan":
            continue
        found: dict[bool, list[tuple[float, str, Any]]] = {True: [], False: []}
        for pair in result.pairs:
            if index in (pair.a, pair.b):
                other = pair.b if pair.a == index else pair.a
                share = pair.overlap_a if pair.a == index else pair.overlap_b
                in_library = docs[other].role.value == "library"
                found[in_library].append((share or 0.0, pair.kind.value, docs[other].path))
        held = counted(len(found[True]), "library document holds", "library documents hold")
        lines.append(f"{doc.path}: {held} part of it")
        lines += _largest_first(found[True])
        if found[False]:
            lines.append(f"  and {counted(len(found[False]), 'other checked document')}:")
            lines += _largest_first(found[False])
    for problem in result.problems:
        lines.append(f"{problem.path}: problem: {problem.reason}")
    return "\n".join(lines) + "\n"


def run_library(args: argparse.Namespace) -> int:
    """Run a library command; a library that cannot be used is reported, exit code 1."""
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "add": _add,
        "remove": _remove,
        "info": _info,
        "check": _check,
    }
    run = commands[args.library_action]
    try:
        return run(args)
    except LibraryError as error:
        print(f"neardup: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        # Each chunk of an add is one transaction, and a removal is one: what the library
        # holds is whole. A check or an info changes nothing.
        said = {"add": STOPPED, "remove": "Stopped; a removal is all or nothing."}
        print(f"\n{said.get(args.library_action, 'Stopped.')}", file=sys.stderr)
        return EXIT_INTERRUPTED
