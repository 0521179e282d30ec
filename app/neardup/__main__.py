"""Entry point for ``python -m neardup``."""

from neardup.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
