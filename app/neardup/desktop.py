"""Open the desktop app from the command line, after checking that it can open here:
a display, and the system libraries Qt's xcb platform plugin loads."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _no_display() -> bool:
    """On Linux, Qt aborts without a display; say so instead."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# System libraries Qt's xcb platform plugin loads that minimal Debian/Ubuntu
# installs lack, with the package to install for each.
_XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-xkb": "libxcb-xkb1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}


def _missing_xcb_packages() -> list[str]:
    """Debian packages Qt's xcb plugin needs but cannot find (Linux, X11, not frozen)."""
    uses_xcb = os.environ.get("QT_QPA_PLATFORM", "xcb").startswith("xcb") and not (
        os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY")
    )
    if not sys.platform.startswith("linux") or getattr(sys, "frozen", False) or not uses_xcb:
        return []
    from ctypes.util import find_library

    return [package for name, package in _XCB_LIBRARIES.items() if find_library(name) is None]


def open_desktop_app(report: Path | None) -> int:
    """Open the main window (with a saved report, if given); 1 when it cannot open here."""
    missing = _missing_xcb_packages()
    if missing and not _no_display():
        print(
            "neardup: the desktop app needs system libraries that are not installed. "
            "On Debian or Ubuntu:\n  sudo apt-get install " + " ".join(missing),
            file=sys.stderr,
        )
        return 1
    if _no_display():
        print(
            "neardup: no display found (DISPLAY and WAYLAND_DISPLAY are not set), so the desktop "
            "app cannot open.\nUse the command line instead, for example "
            "'neardup scan FOLDER -o report.json'; see 'neardup --help'.",
            file=sys.stderr,
        )
        return 1
    from neardup.gui.app import run_gui

    status: int = run_gui(report)
    return status
