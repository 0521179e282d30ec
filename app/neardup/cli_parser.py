"""The command line's grammar: every subcommand, option, default and help text."""

from __future__ import annotations

import argparse
from pathlib import Path

from neardup._version import __version__
from neardup.cli_command import CommandParser
from neardup.cli_library import add_library_command
from neardup.cli_options import add_analysis_options, add_file_options
from neardup.cli_review import add_review_command, add_reviews_option
from neardup.core.report import REPORT_LANGUAGES, report_language
from neardup.core.settings import (
    MAX_MATCH_WORDS,
    PDF_ENGINES,
    ReferenceRule,
    ScanSettings,
)


def _fraction(text: str) -> float:
    expected = "expected a fraction 0..1 or a percentage like 5%"
    try:
        value = float(text.rstrip("%")) / (100 if text.endswith("%") else 1)
    except ValueError:  # argparse would name the function: "invalid _fraction value"
        raise argparse.ArgumentTypeError(f"{expected}, not {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(expected)
    return value


def _document_count(text: str) -> int:
    """A number of documents for --exclude-common: 3 or more (a pair and one other)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 3:
        raise argparse.ArgumentTypeError(
            "at least 3: a passage in two documents is their pair's own"
        )
    return value


def _add_scan_options(parser: argparse.ArgumentParser) -> None:
    add_analysis_options(parser)
    parser.add_argument(
        "--top-n",
        type=int,
        default=None,
        metavar="N",
        help="keep only the N heaviest features per document",
    )
    parser.add_argument(
        "--raw-tf",
        action="store_true",
        help="weigh raw term counts instead of 1 + ln(count) (tf and tfidf)",
    )
    parser.add_argument(
        "--user-dict",
        type=Path,
        default=None,
        metavar="FILE",
        help="jieba user dictionary (one 'word [freq] [tag]' per line)",
    )


def _word_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MAX_MATCH_WORDS:
        raise argparse.ArgumentTypeError(f"expected 0 to {MAX_MATCH_WORDS} words")
    return value


def _language(text: str) -> str:
    try:
        return report_language(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_sources_command(commands: argparse._SubParsersAction[CommandParser]) -> None:
    sources = commands.add_parser(
        "sources",
        help="where a document's text is found, from a scan report",
        description="Report where DOCUMENT's text is found: the share found elsewhere, the "
        "share excluding citations, and every source with its passages in the document's "
        "own text. With --all, one report per scanned document in --output-dir, and a "
        "summary.csv. --format pdf writes the printable report a teacher can hand out.",
    )
    sources.add_argument("report", type=Path, metavar="REPORT", help="a JSON report of `scan`")
    add_reviews_option(sources)
    sources.add_argument("document", type=Path, nargs="?", metavar="DOCUMENT")
    sources.add_argument(
        "--format",
        choices=("text", "json", "html", "pdf"),
        default="text",
        help="(default text; pdf: a printable report, written with --output or --all)",
    )
    sources.add_argument(
        "--output",
        "-o",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the report here (default: standard output)",
    )
    sources.add_argument(
        "--html",
        type=Path,
        default=None,
        metavar="OUT",
        help="also write the HTML page, each source's passages highlighted",
    )
    sources.add_argument(
        "--all",
        action="store_true",
        help="report on every scanned document (with --output-dir)",
    )
    sources.add_argument(
        "--output-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="with --all: the folder for the reports and summary.csv (made if missing)",
    )
    sources.add_argument(
        "--min-similarity",
        type=_fraction,
        default=0.0,
        metavar="F",
        help="with --all: only documents with at least this share found elsewhere (0.2 or 20%%)",
    )
    sources.add_argument(
        "--include-quotes",
        action="store_true",
        default=None,
        help="count quotations in the figure excluding citations",
    )
    sources.add_argument(
        "--include-references",
        action="store_true",
        default=None,
        help="count the reference list in the figure excluding citations",
    )
    sources.add_argument(
        "--min-match",
        type=_word_count,
        default=None,
        metavar="WORDS",
        help="the figure excluding citations leaves out matches under this many words "
        "(13 Chinese characters count as 8 words; default 8, 0 keeps every match)",
    )
    sources.add_argument(
        "--language",
        type=_language,
        default=REPORT_LANGUAGES[0],
        metavar="{en,zh_CN}",
        help="the language of the text, HTML and PDF reports: en (English, the default) or "
        "zh_CN (Simplified Chinese); JSON and summary.csv are the same in both",
    )
    sources.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="neardup",
        description="Find near-duplicate and partly copied documents (.txt, .docx, .pdf).",
    )
    parser.add_argument("--version", action="version", version=f"neardup {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    gui = commands.add_parser("gui", help="open the desktop app (the default)")
    gui.add_argument("report", nargs="?", type=Path, help="a saved JSON report to open")

    scan = commands.add_parser("scan", help="scan files and folders and write a report")
    scan.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    scan.add_argument(
        "--against",
        nargs="+",
        type=Path,
        default=[],
        metavar="LIBRARY",
        help="reference library: compared with PATHs, never with itself",
    )
    _add_scan_options(scan)
    defaults = ScanSettings()
    scan.add_argument("--no-partial", action="store_true", help="skip partial-copy detection")
    scan.add_argument(
        "--min-overlap",
        type=_fraction,
        default=defaults.min_overlap,
        metavar="F",
        help="minimum share of the smaller document for a partial copy",
    )
    scan.add_argument(
        "--exclude-common",
        type=_document_count,
        default=None,
        metavar="N",
        help="leave out of the figures passages held by N or more scanned documents "
        "(a template or licence everybody includes); by default they count, marked as common",
    )
    scan.add_argument(
        "--reference",
        choices=[r.value for r in ReferenceRule],
        default=defaults.reference_rule.value,
        help="which group member is kept",
    )
    add_file_options(scan)
    scan.add_argument("--format", choices=("json", "csv"), default="json")
    add_reviews_option(scan)
    scan.add_argument(
        "--output",
        "-o",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the report here (default: standard output)",
    )
    scan.add_argument("--quiet", "-q", action="store_true", help="no progress bar")

    compare = commands.add_parser("compare", help="compare two documents in detail")
    compare.add_argument("a", type=Path)
    compare.add_argument("b", type=Path)
    _add_scan_options(compare)
    compare.add_argument(
        "--html", type=Path, default=None, metavar="OUT", help="write a side-by-side HTML page"
    )

    _add_sources_command(commands)
    add_review_command(commands)
    add_library_command(commands, _fraction)

    cache = commands.add_parser("cache", help="show the cache's size, or clear it")
    cache.add_argument("action", choices=("info", "clear"))
    cache.add_argument("--cache-path", type=Path, default=None, metavar="FILE")

    extract = commands.add_parser("extract", help="print the text extracted from files")
    extract.add_argument("paths", nargs="+", type=Path, metavar="FILE")
    extract.add_argument("--pdf-engine", choices=PDF_ENGINES, default="pdfium")
    return parser
