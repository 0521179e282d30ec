"""Entry point of the frozen app: the same `run` as the `neardup` console script."""

import multiprocessing

if __name__ == "__main__":
    # First, before anything else: a pool worker started by the frozen app runs
    # this executable again, and must become a worker, not a second app.
    multiprocessing.freeze_support()
    from neardup.cli import run

    run()
