"""Command-line front end (placeholder until the subcommands land)."""

from __future__ import annotations

import multiprocessing


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    return 0
