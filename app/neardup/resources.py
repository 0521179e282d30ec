"""Where NearDup finds its bundled files and where it may write, in a checkout or a frozen app.

PyInstaller unpacks a one-folder build next to the executable and sets
``sys._MEIPASS``; nothing may be written there, so caches go to the user's
cache folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

_CHECKOUT_ROOT = Path(__file__).resolve().parents[2]


def bundle_root() -> Path:
    """The folder that holds ``resources/``: the bundle when frozen, else the checkout."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    return Path(frozen_root) if frozen_root else _CHECKOUT_ROOT


def resource_path(relative: str) -> Path:
    """A file under ``resources/`` (icons and other non-code assets)."""
    return bundle_root() / "resources" / relative


def user_cache_dir() -> Path:
    """NearDup's per-user cache folder (created on demand by its users)."""
    return Path(platformdirs.user_cache_dir("neardup", appauthor=False))


def review_marks_path() -> Path:
    """Where a person's review marks live by default: the user's data folder, not the cache
    (clearing the cache must not take decisions with it)."""
    return Path(platformdirs.user_data_dir("neardup", appauthor=False)) / "reviews.sqlite3"
