"""The Language menu: English or 中文, stored in the settings and applied at the next start."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from neardup.gui.i18n import CHINESE, ENGLISH, LANGUAGES, effective_language
from neardup.gui.settings.settings_store import SettingsStore

# The notice in the language chosen, beside the one shown now.
RESTART_NOTICE = {
    ENGLISH: "The new language applies when NearDup starts again.",
    CHINESE: "新的界面语言将在 NearDup 重新启动后生效。",
}


class LanguageMenu(QMenu):
    def __init__(self, store: SettingsStore, parent: QWidget) -> None:
        super().__init__(self.tr("&Language"), parent)
        self._store = store
        self._window = parent
        self.notice: QMessageBox | None = None
        group = QActionGroup(self)
        group.setExclusive(True)
        current = effective_language(store.language())
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES:
            action = QAction(name, self)  # each language in its own words
            action.setCheckable(True)
            action.setChecked(code == current)
            action.triggered.connect(lambda _checked=False, code=code: self.choose(code))
            group.addAction(action)
            self.addAction(action)
            self.language_actions[code] = action
        self.setToolTip(self.tr("The language of NearDup's windows; it applies at the next start."))

    def choose(self, language: str) -> None:
        """Store the choice and say that a restart applies it (in both languages: the
        person may not read the one shown now)."""
        if language == self._store.language():
            return
        self._store.set_language(language)
        self._store.sync()
        shown = self.tr("The new language applies when NearDup starts again.")
        chosen = RESTART_NOTICE[language]
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Language"),
            shown if shown == chosen else f"{shown}\n\n{chosen}",
            parent=self._window,
        )
        box.open()
        self.notice = box
