"""What can be wrong with a reference library, each with a message a person can act on."""

from __future__ import annotations

from pathlib import Path


def rebuild_hint(folder: Path) -> str:
    return (
        f"Rebuild it from its files with: neardup library add {folder} --rebuild "
        "(add the folders it was built from if they are not all recorded in it)"
    )


class LibraryError(Exception):
    """A library that cannot be used as asked; the message says why and what to do."""


class LibraryVersionError(LibraryError):
    """Made by a NearDup whose analysis or library format differs from this one's."""


class LibraryReadOnlyError(LibraryError):
    """An add or remove on a library that cannot be written."""


class LibraryDamagedError(LibraryError):
    """A library file that cannot be read: the SQLite file or an index file."""

    def __init__(self, path: Path, detail: str) -> None:
        self.file = path
        folder = path.parent.parent if path.parent.name == "index" else path.parent
        super().__init__(f"the library file {path} is damaged ({detail}). {rebuild_hint(folder)}")
