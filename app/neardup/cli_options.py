"""Command-line options that several commands share (``scan``, ``library add`` and
``library check``): one definition, so their names, defaults and help never drift apart."""

from __future__ import annotations

import argparse
from pathlib import Path

from neardup.core.settings import PDF_ENGINES, TOKENIZER_NAMES, ScanSettings, Weighting


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """Which files are read (patterns, hidden files) and how (workers, the cache)."""
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes for extraction (default: one per CPU)",
    )
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    parser.add_argument(
        "--cache-path",
        type=Path,
        default=None,
        metavar="FILE",
        help="cache database (default: in the user cache folder)",
    )
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="skip files matching this pattern (repeatable)",
    )
    parser.add_argument(
        "--include",
        action="append",
        default=[],
        metavar="GLOB",
        help="inside folders, read only files matching this pattern (repeatable)",
    )
    parser.add_argument("--include-hidden", action="store_true", help="also read hidden files")


def add_analysis_options(parser: argparse.ArgumentParser, *, new_library: bool = False) -> None:
    """How texts are read and compared: distance k, weights, tokenizer, PDF engine, folding
    and the smallest document. For ``library add`` (``new_library``) they are the settings
    a new library is made with; an existing library keeps its own."""
    defaults = ScanSettings()

    def described(text: str) -> str:
        return f"{text}; a new library's (an existing one keeps its own)" if new_library else text

    parser.add_argument(
        "--threshold",
        "-k",
        type=int,
        default=defaults.threshold,
        help=described("Hamming distance k for near-duplicates (default %(default)s)"),
    )
    parser.add_argument(
        "--weighting",
        choices=[w.value for w in Weighting],
        default=defaults.weighting.value,
        help=described("feature weights (default %(default)s)"),
    )
    parser.add_argument(
        "--tokenizer",
        choices=TOKENIZER_NAMES,
        default=defaults.tokenizer,
        help=described("tokenizer backend (default %(default)s)"),
    )
    parser.add_argument(
        "--pdf-engine",
        choices=PDF_ENGINES,
        default=defaults.pdf_engine,
        help=described("PDF text extractor (default %(default)s)"),
    )
    parser.add_argument(
        "--no-fold",
        action="store_true",
        help=described(
            "compare texts as written: do not fold Traditional Chinese to Simplified or "
            "look-alike letters (Cyrillic а for Latin a) to one form"
        ),
    )
    parser.add_argument(
        "--min-tokens",
        type=int,
        default=defaults.min_tokens,
        metavar="N",
        help=described(
            "documents with fewer content tokens are listed but not compared "
            "(copies of the same text are duplicates at any length)"
        ),
    )
