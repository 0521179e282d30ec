"""Entry point of the frozen app: the same `main` as the `neardup` console script."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First, before anything else: a pool worker started by the frozen app runs
    # this executable again, and must become a worker, not a second app.
    multiprocessing.freeze_support()
    from neardup.cli import main

    sys.exit(main())
