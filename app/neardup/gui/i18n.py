"""The GUI's language: English (the source text) or Simplified Chinese, from Qt Linguist files.

The translations live in resources/translations/neardup_zh_CN.ts (kept current by
`make translations`); the install step compiles them into the package
(neardup/data/translations/*.qm), so a wheel and the frozen build carry them. The system
locale decides by default; the Language menu stores a choice, applied at the next start
(every string is set when its widget is built).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

ENGLISH = "en"
CHINESE = "zh_CN"
# Each language named in itself, so a person can find their own in any interface.
LANGUAGES: tuple[tuple[str, str], ...] = ((ENGLISH, "English"), (CHINESE, "中文"))
SYSTEM = ""  # no choice stored: follow the system locale
# The language the windows show: the one installed at start (a new choice waits for the next).
_shown = [ENGLISH]


def shown_language() -> str:
    """The language NearDup's windows are in now; the reports they write use it too."""
    return _shown[0]


def translations_dir() -> Path:
    """Where the compiled .qm files are, in a checkout, an installed wheel or a frozen build."""
    return Path(__file__).resolve().parents[1] / "data" / "translations"


def system_language(locale: QLocale | None = None) -> str:
    """Chinese for any Chinese locale (Simplified is read in Taiwan and Hong Kong too, better
    than English), else English."""
    locale = locale or QLocale.system()
    return CHINESE if locale.language() == QLocale.Language.Chinese else ENGLISH


def effective_language(chosen: str) -> str:
    return chosen if chosen in dict(LANGUAGES) else system_language()


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Load NearDup's and Qt's own translations (the standard buttons, the file dialogs)
    for ``language``; English needs none. Returns the installed translators, which must be
    kept alive as long as they are used."""
    _shown[0] = ENGLISH
    if language == ENGLISH:
        return []
    installed = []
    own = QTranslator(app)
    if own.load(f"neardup_{language}", str(translations_dir())):
        app.installTranslator(own)
        installed.append(own)
        _shown[0] = language  # the windows speak it: so do the reports they write
    qt = QTranslator(app)
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        installed.append(qt)
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    for translator in translators:
        app.removeTranslator(translator)
    _shown[0] = ENGLISH
