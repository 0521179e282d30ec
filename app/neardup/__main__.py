"""Entry point for ``python -m neardup``."""

if __name__ == "__main__":
    # Imported here: a scan's spawn workers import this module again (as __mp_main__)
    # and need none of the command line.
    from neardup.cli import run

    run()
