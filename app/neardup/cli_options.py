"""Command-line options that several commands share (``scan``, ``library add`` and
``library check``): one definition, so their names, defaults and help never drift apart."""

from __future__ import annotations

import argparse
from pathlib import Path


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
