"""Typed access to the app's persistent settings (QSettings, INI format, injectable path)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from neardup.core.settings import ScanSettings


class FolderRole(str, Enum):
    SCAN = "scan"
    LIBRARY = "library"  # a folder of reference documents, read on every scan
    SAVED_LIBRARY = "saved-library"  # a library made with `neardup library add`


@dataclass(frozen=True, slots=True)
class FolderEntry:
    path: str
    role: FolderRole = FolderRole.SCAN


def _as_bool(value: Any, default: bool) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "on"}
    return default if value is None else bool(value)


class SettingsStore:
    """The only place that knows setting keys. INI values come back as strings, so parse here."""

    def __init__(self, path: Path | None = None) -> None:
        self.own_file = path is not None  # a file of its own (a portable setup, the tests)
        if path is None:
            self._qs = QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, "NearDup", "NearDup"
            )
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)

    @property
    def file_name(self) -> str:
        return self._qs.fileName()

    def sync(self) -> None:
        self._qs.sync()

    # --- folders -----------------------------------------------------------------------------

    def folders(self) -> list[FolderEntry]:
        raw = self._qs.value("folders/entries", "[]")
        try:
            items = json.loads(str(raw))
        except json.JSONDecodeError:
            return []
        out = []
        for item in items if isinstance(items, list) else ():
            try:
                out.append(FolderEntry(str(item["path"]), FolderRole(item.get("role", "scan"))))
            except (KeyError, TypeError, ValueError):
                continue
        return out

    def set_folders(self, folders: list[FolderEntry]) -> None:
        data = [{"path": f.path, "role": f.role.value} for f in folders]
        self._qs.setValue("folders/entries", json.dumps(data, ensure_ascii=False))

    # --- scan settings -----------------------------------------------------------------------

    def scan_settings(self) -> ScanSettings:
        """Saved settings over the defaults; a value that no longer parses keeps its default."""
        defaults = ScanSettings()
        qs = self._qs
        changes: dict[str, Any] = {}
        readers: dict[str, Any] = {
            "threshold": int,
            "weighting": str,
            "tokenizer": str,
            "pdf_engine": str,
            "min_tokens": int,
            "min_overlap": float,
            "detect_partial": lambda v: _as_bool(v, defaults.detect_partial),
            "log_tf": lambda v: _as_bool(v, defaults.log_tf),
            "fold": lambda v: _as_bool(v, defaults.fold),
            "exclude_quotes": lambda v: _as_bool(v, defaults.exclude_quotes),
            "exclude_references": lambda v: _as_bool(v, defaults.exclude_references),
            "min_match_words": int,
            "exclude_common": lambda v: int(v) or None,
            "workers": lambda v: int(v) or None,
            "use_cache": lambda v: _as_bool(v, defaults.use_cache),
            "suffixes": lambda v: tuple(s for s in str(v).split(",") if s),
            "exclude": lambda v: tuple(json.loads(str(v))),
            "include": lambda v: tuple(json.loads(str(v))),
            "include_hidden": lambda v: _as_bool(v, defaults.include_hidden),
        }
        for name, read in readers.items():
            value = qs.value(f"scan/{name}")
            if value is None:
                continue
            try:
                candidate = defaults.replace(**{name: read(value)})
            except (TypeError, ValueError):
                continue
            changes[name] = getattr(candidate, name)
        try:
            return defaults.replace(**changes)
        except (TypeError, ValueError):
            return defaults

    def set_scan_settings(self, settings: ScanSettings) -> None:
        qs = self._qs
        qs.setValue("scan/threshold", settings.threshold)
        qs.setValue("scan/weighting", settings.weighting.value)
        qs.setValue("scan/tokenizer", settings.tokenizer)
        qs.setValue("scan/pdf_engine", settings.pdf_engine)
        qs.setValue("scan/min_tokens", settings.min_tokens)
        qs.setValue("scan/min_overlap", settings.min_overlap)
        qs.setValue("scan/detect_partial", settings.detect_partial)
        qs.setValue("scan/log_tf", settings.log_tf)
        qs.setValue("scan/fold", settings.fold)
        qs.setValue("scan/exclude_quotes", settings.exclude_quotes)
        qs.setValue("scan/exclude_references", settings.exclude_references)
        qs.setValue("scan/min_match_words", settings.min_match_words)
        qs.setValue("scan/exclude_common", settings.exclude_common or 0)
        qs.setValue("scan/workers", settings.workers or 0)
        qs.setValue("scan/use_cache", settings.use_cache)
        qs.setValue("scan/suffixes", ",".join(settings.suffixes))
        qs.setValue("scan/exclude", json.dumps(list(settings.exclude), ensure_ascii=False))
        qs.setValue("scan/include", json.dumps(list(settings.include), ensure_ascii=False))
        qs.setValue("scan/include_hidden", settings.include_hidden)

    # --- window ------------------------------------------------------------------------------

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._qs.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def window_geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def set_window_geometry(self, state: QByteArray) -> None:
        self._qs.setValue("window/geometry", state)

    def splitter_state(self) -> QByteArray | None:
        return self._bytes("window/splitter")

    def set_splitter_state(self, state: QByteArray) -> None:
        self._qs.setValue("window/splitter", state)

    # --- language ----------------------------------------------------------------------------

    def language(self) -> str:
        """The language chosen in the Language menu; "" to follow the system."""
        return str(self._qs.value("interface/language", "") or "")

    def set_language(self, language: str) -> None:
        self._qs.setValue("interface/language", language)

    # --- recent reports ------------------------------------------------------------------------

    def recent_reports(self) -> list[str]:
        """Report files opened or saved, the latest first (File → Open Recent)."""
        try:
            items = json.loads(str(self._qs.value("reports/recent", "[]")))
        except json.JSONDecodeError:
            return []
        return (
            [str(item) for item in items if isinstance(item, str) and item]
            if isinstance(items, list)
            else []
        )

    def set_recent_reports(self, paths: list[str]) -> None:
        self._qs.setValue("reports/recent", json.dumps(paths, ensure_ascii=False))

    # --- folders of the file dialogs -----------------------------------------------------------

    def last_directory(self) -> str:
        return str(self._qs.value("window/last_directory", "") or "")

    def set_last_directory(self, path: str) -> None:
        self._qs.setValue("window/last_directory", path)
