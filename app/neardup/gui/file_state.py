"""Whether a file on disk is still the one a report describes (size and modification time)."""

from __future__ import annotations

import os
import stat

from neardup.gui.formatting import human_size, modified_text
from neardup.gui.report_data import DocumentRow

NO_LONGER_THERE = "no longer there"
CHANGED = "changed since the scan"
PERMISSION_DENIED = "permission denied"


def changed_since_scan(document: DocumentRow) -> str | None:
    """Why the file on disk is not the one the report describes, or None if it still is."""
    try:
        info = os.stat(document.path)
    except FileNotFoundError:
        return NO_LONGER_THERE
    except PermissionError:
        return f"{PERMISSION_DENIED}: cannot read its details"
    except OSError as error:
        return f"cannot read its details ({error.strerror or error})"
    if not stat.S_ISREG(info.st_mode):
        return f"{NO_LONGER_THERE} as a regular file"
    if info.st_size != document.size:
        return (
            f"{CHANGED}: its size is now {human_size(info.st_size)}, "
            f"was {human_size(document.size)}"
        )
    if document.modified_ns is not None and info.st_mtime_ns != document.modified_ns:
        return f"{CHANGED}: modified at {modified_text(info.st_mtime_ns)}"
    return None
