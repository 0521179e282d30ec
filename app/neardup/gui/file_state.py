"""Whether a file on disk is still the one a report describes (size and modification time),
and if not, why, in the GUI's language."""

from __future__ import annotations

import os
import stat

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from neardup.gui.formatting import human_size, modified_text
from neardup.gui.report_data import DocumentRow

# Reasons that other messages build on (English source; `state_text` translates them).
NO_LONGER_THERE = QT_TRANSLATE_NOOP("FileState", "no longer there")
CHANGED = QT_TRANSLATE_NOOP("FileState", "changed since the scan")
PERMISSION_DENIED = QT_TRANSLATE_NOOP("FileState", "permission denied")
translate = QCoreApplication.translate


def state_text(reason: object) -> str:
    """One of the reasons above in the GUI's language."""
    return translate("FileState", str(reason))


def changed_since_scan(document: DocumentRow) -> str | None:
    """Why the file on disk is not the one the report describes, or None if it still is."""
    try:
        info = os.stat(document.path)
    except FileNotFoundError:
        return state_text(NO_LONGER_THERE)
    except PermissionError:
        return translate("FileState", "{denied}: cannot read its details").format(
            denied=state_text(PERMISSION_DENIED)
        )
    except OSError as error:
        return translate("FileState", "cannot read its details ({error})").format(
            error=error.strerror or error
        )
    if not stat.S_ISREG(info.st_mode):
        return translate("FileState", "{gone} as a regular file").format(
            gone=state_text(NO_LONGER_THERE)
        )
    if info.st_size != document.size:
        return translate("FileState", "{changed}: its size is now {now}, was {was}").format(
            changed=state_text(CHANGED),
            now=human_size(info.st_size),
            was=human_size(document.size),
        )
    if document.modified_ns is not None and info.st_mtime_ns != document.modified_ns:
        return translate("FileState", "{changed}: modified at {time}").format(
            changed=state_text(CHANGED), time=modified_text(info.st_mtime_ns)
        )
    return None
