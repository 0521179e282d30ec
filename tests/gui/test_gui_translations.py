"""The Chinese interface: every string of the GUI has a finished translation, the real window
speaks Chinese with the zh_CN translator, and the Language menu stores the choice."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from neardup.core.models import REASONS
from neardup.gui.i18n import (
    CHINESE,
    ENGLISH,
    install_translators,
    remove_translators,
    system_language,
    translations_dir,
)
from neardup.gui.main_window import MainWindow
from neardup.gui.problem_text import TEXTS
from neardup.gui.report_data import ProblemRow
from neardup.gui.settings.settings_store import SettingsStore

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "neardup_zh_CN.ts"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _lupdate() -> Path:
    found = shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent))
    assert found, "pyside6-lupdate comes with PySide6; reinstall it"
    return Path(found)


def test_lupdate_finds_no_string_without_a_translation(tmp_path: Path) -> None:
    current = tmp_path / "current.ts"
    shutil.copy(TS, current)  # the committed translations, merged with today's sources
    gui = ROOT / "app" / "neardup" / "gui"
    subprocess.run(
        [str(_lupdate()), "-extensions", "py", str(gui), "-no-obsolete", "-ts", str(current)],
        check=True,
        capture_output=True,
    )
    messages = list(ET.parse(current).getroot().iter("message"))
    assert len(messages) > 200  # the scan found the GUI's strings
    untranslated = []
    for message in messages:
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        text = translation.text or ""
        if translation.get("type") == "unfinished" or not text.strip():
            untranslated.append(source)
        # a translation keeps every placeholder it uses from the source
        assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(source)), source
    assert not untranslated, "run `make translations` and translate:\n" + "\n".join(untranslated)


def test_the_gui_knows_every_problem_code_of_the_core() -> None:
    assert TEXTS == REASONS  # same English: the CLI's and the GUI's reasons agree


def test_the_system_locale_chooses_the_language() -> None:
    assert system_language(QLocale("zh_CN")) == CHINESE
    assert system_language(QLocale("zh_TW")) == CHINESE
    assert system_language(QLocale("en_GB")) == ENGLISH
    assert system_language(QLocale("de_DE")) == ENGLISH


@pytest.fixture
def chinese(qtbot: QtBot) -> Iterator[None]:
    del qtbot  # only for its QApplication
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert (translations_dir() / "neardup_zh_CN.qm").is_file(), "run make (it builds the .qm)"
    translators = install_translators(app, CHINESE)
    yield
    remove_translators(app, translators)


def test_the_main_window_speaks_chinese_with_the_zh_cn_translator(
    qtbot: QtBot, chinese: None, tmp_path: Path
) -> None:
    window = MainWindow(settings_store=SettingsStore(tmp_path / "neardup.ini"))
    qtbot.addWidget(window)
    window.show()
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus[:3] == ["文件(&F)", "编辑(&E)", "标记(&M)"]
    assert "扫描(&S)" in menus and "语言(&L)" in menus
    tabs = window.results.tabs
    assert [tabs.tabText(n) for n in range(tabs.count())] == ["文档", "分组", "文档对", "问题"]
    assert window.scan_button.text() == "扫描"
    file_menu = window.menuBar().actions()[0].menu()
    assert "比较两个文件(&C)…" in [action.text() for action in file_menu.actions()]
    # a problem from the core, said in Chinese with its parameters
    row = ProblemRow("/x/notes.odt", REASONS["unsupported-type"], "unsupported-type")
    assert row.text() == row.reason  # no parameters given: the core's words, never a gap
    row = ProblemRow("/x/notes.odt", "…", "unsupported-type", {"suffix": ".odt"})
    assert row.text() == "不支持的文件类型“.odt”；NearDup 可读取 .txt、.docx 和 .pdf 文件"
    header = window.results.problems_model.headerData(
        1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole
    )
    assert header == "原因"
    window.close()


def test_the_language_menu_stores_the_choice_for_the_next_start(
    qtbot: QtBot, window: MainWindow
) -> None:
    menu = window.language_menu
    assert [a.text() for a in menu.actions()] == ["English", "中文"]
    menu.language_actions[CHINESE].trigger()
    assert window.store.language() == CHINESE
    notice = menu.notice
    assert notice is not None
    # said in the language shown now and in the one chosen
    assert "starts again" in notice.text() and "重新启动" in notice.text()
    notice.close()
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"  # nothing changed yet
