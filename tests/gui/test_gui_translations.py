"""The Chinese interface: every string of the GUI goes through Qt Linguist and has a finished
translation, the real window speaks Chinese with the zh_CN translator (menus, results, progress,
tidying, the compare view, Help), and the Language menu stores the choice."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_corpus import Corpus
from gui_helpers import scan_folder, throw_results_away
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from neardup.core.models import REASONS
from neardup.core.scan import Progress, Stage
from neardup.gui.file_state import changed_since_scan
from neardup.gui.formatting import progress_text
from neardup.gui.i18n import (
    CHINESE,
    ENGLISH,
    install_translators,
    remove_translators,
    shown_language,
    system_language,
    translations_dir,
)
from neardup.gui.main_window import MainWindow
from neardup.gui.problem_text import TEXTS
from neardup.gui.report_data import ProblemRow
from neardup.gui.results.pairs_model import PairsModel
from neardup.gui.settings.settings_store import SettingsStore
from neardup.gui.tidy.messages import confirmation
from pdf_text import page_texts

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


def test_results_help_progress_and_tidying_speak_chinese(
    qtbot: QtBot, chinese: None, tmp_path: Path, gui_corpus: Corpus
) -> None:
    window = MainWindow(settings_store=SettingsStore(tmp_path / "neardup.ini"))
    qtbot.addWidget(window, before_close_func=throw_results_away)
    window.settings_panel.workers_spin.setValue(1)
    window.settings_panel.cache_check.setChecked(False)
    window.show()
    assert [a.text() for a in window.menuBar().actions()][-1] == "帮助(&H)"
    assert window.results.drop_hint.label.text() == "将文件夹或文件拖到这里，或选择“添加文件夹”"
    assert window.files.recent_menu.title() == "最近打开(&R)"
    progress = Progress(Stage.EXTRACTING, 3, 10, "论文.txt", 5.0)
    assert progress_text(progress) == "第 1 步（共 4 步）：读取 3/10 · 论文.txt · 约剩 5 秒"

    scan_folder(qtbot, window, gui_corpus.folder)
    results = window.results
    summary = results.summary_label.text()
    assert summary.startswith("已扫描 8 篇文档") and "2 个分组" in summary and "1 个问题" in summary
    pairs = results.pairs_model
    assert {pairs.index(r, 2).data() for r in range(pairs.rowCount())} == {
        "完全重复",
        "近似重复",
        "部分抄袭",
    }
    assert pairs.headerData(PairsModel.MODIFIED_A_COLUMN, Qt.Orientation.Horizontal) == (
        "A 修改时间"
    )
    groups = results.groups_proxy
    assert all(str(groups.index(g, 0).data()).startswith("分组 ") for g in range(groups.rowCount()))
    assert next(a.text() for a in window.marks.menu.actions() if a.text()) == (
        "标记除保留副本外的所有文件"
    )
    # the confirmation before tidying, and why a file would be skipped
    results.groups_view.selectAll()
    plan = results.trash_plan(results.selected_group_rows())
    message = confirmation(plan, "Ctrl+Z")
    assert message.title == "移到回收站" and message.text.startswith(
        "将 1 个文件"
    )  # the exact copy
    assert "编辑 → 撤销（Ctrl+Z）" in message.informative
    gone = next(iter(window.report.documents.values()))
    Path(gone.path).rename(tmp_path / "moved away.txt")
    try:
        assert changed_since_scan(gone) == "已不存在"
    finally:
        (tmp_path / "moved away.txt").rename(gone.path)
    # what another k would give, under the slider
    panel = window.settings_panel
    qtbot.waitUntil(lambda: panel.previewer is not None)
    assert panel.distance_preview.text().startswith("k = 3 时：")
    # the compare view's header of figures
    pair = next(p for p in window.report.pairs if p.kind == "near-duplicate")
    dialog = window.open_compare(pair)
    qtbot.waitUntil(lambda: dialog.comparison is not None and not dialog.job.is_running())
    assert "汉明距离" in dialog.info.text() and "与“文档对”标签页相同" in dialog.info.text()
    dialog.close()
    # About, in Chinese
    window.help_menu.about_action.trigger()
    box = window.help_menu.about_box
    assert box is not None and box.windowTitle() == "关于 NearDup"
    assert "MIT 许可证" in box.informativeText()
    box.close()


# Literals of the GUI that are no text a person reads: log lines, markup, programmers'
# errors, file-system names, enum values, and the language names shown in their own words.
NOT_SHOWN = {
    ("app.py", "main window shown: "),
    ("compare/compare_dialog.py", '<span style="background:'),
    ("compare/compare_dialog.py", "a pair or two paths to compare"),
    ("i18n.py", "English"),
    ("language_menu.py", "The new language applies when NearDup starts again."),
    ("main_window.py", "Esc"),
    ("tidy/marks.py", "the rule needs a folder"),
    ("tidy/plan.py", "exact copies only"),
    ("tidy/plan.py", "all, edited versions too"),
    ("tidy/trash_folder.py", "Trash"),
    ("worker.py", "Worker"),
}
TRANSLATING_CALLS = {"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"}
PROSE = re.compile(r"[A-Za-z]{2,}.*\s.*[A-Za-z]|^[A-Z][a-z]+$")


def _untranslated_prose(path: Path) -> list[str]:
    """String literals of ``path`` that read as English and are not marked for Qt Linguist
    (docstrings aside). A helper such as ``_tr("…")`` counts as unmarked: lupdate finds only
    the calls named above."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {
        node.body[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if node in docstrings or not PROSE.search(node.value):
            continue
        parent = parents.get(node)
        while parent is not None:
            if isinstance(parent, ast.Call):
                func = parent.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in TRANSLATING_CALLS:
                    break
            parent = parents.get(parent)
        if parent is None:
            found.append(node.value)
    return found


def test_every_english_text_of_the_gui_goes_through_qt_linguist() -> None:
    gui = ROOT / "app" / "neardup" / "gui"
    untranslated = [
        f"{path.relative_to(gui).as_posix()}: {text!r}"
        for path in sorted(gui.rglob("*.py"))
        for text in _untranslated_prose(path)
        if (path.relative_to(gui).as_posix(), text) not in NOT_SHOWN
    ]
    assert not untranslated, "wrap these in tr() or translate():\n" + "\n".join(untranslated)


def test_the_chinese_window_writes_its_reports_in_chinese(
    qtbot: QtBot, chinese: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PDF report and the sources page a teacher saves from the Chinese window read in
    Chinese (the English ones: tests/gui/test_gui_pdf_reports.py)."""
    from PySide6.QtWidgets import QFileDialog

    from theses import chinese_theses

    assert shown_language() == CHINESE
    files = chinese_theses(tmp_path / "theses")
    window = MainWindow(settings_store=SettingsStore(tmp_path / "neardup.ini"))
    qtbot.addWidget(window, before_close_func=throw_results_away)
    window.settings_panel.workers_spin.setValue(1)
    window.settings_panel.cache_check.setChecked(False)
    window.show()
    scan_folder(qtbot, window, files["thesis"].parent)
    table = window.results.documents_model
    row = next(
        r for r in range(table.rowCount()) if table.index(r, 0).data() == files["thesis"].name
    )
    window.results.documents_view.selectRow(row)
    pdf, page = tmp_path / "thesis.pdf", tmp_path / "thesis.html"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(pdf), ""))
    )
    with qtbot.waitSignal(window.pdf_reports.saved, timeout=60_000):
        window.pdf_reports.action.trigger()
    first = page_texts(pdf)[0]
    assert "相似度报告" in first and "Similarity report" not in first
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(page), ""))
    )
    (save,) = [
        a
        for a in window.results.documents_page.context_menu(table.index(row, 0)).actions()
        if a.text() == "保存来源页面…"
    ]
    with qtbot.waitSignal(window.sources_pages.saved, timeout=30_000):
        save.trigger()
    assert '<html lang="zh-CN">' in page.read_text(encoding="utf-8")
    window.close()


def test_the_language_shown_is_the_one_installed_and_english_once_removed(qtbot: QtBot) -> None:
    del qtbot  # only for its QApplication
    app = QApplication.instance()
    assert isinstance(app, QApplication) and shown_language() == ENGLISH
    translators = install_translators(app, CHINESE)
    assert shown_language() == CHINESE
    remove_translators(app, translators)
    assert shown_language() == ENGLISH


def test_a_file_that_is_no_report_is_said_in_chinese_without_a_traceback(
    qtbot: QtBot, chinese: None, tmp_path: Path
) -> None:
    """A .docx or a file of garbage opened as a report: the reason in the window's language,
    and no Python traceback behind "Show Details" for a mistake a person can correct."""
    window = MainWindow(settings_store=SettingsStore(tmp_path / "neardup.ini"))
    qtbot.addWidget(window)
    for name, data in (("thesis.docx", b"PK\x03\x04\xad\xff binary"), ("garbage.json", b"hello")):
        target = tmp_path / name
        target.write_bytes(data)
        window.error_box = None
        window.open_report(target)
        qtbot.waitUntil(lambda: window.error_box is not None and window.error_box.isVisible())
        box = window.error_box
        assert box is not None and "不是 NearDup 报告" in box.text() and str(target) in box.text()
        assert not box.detailedText()
        box.close()
        qtbot.waitUntil(lambda: window.load_job is not None and not window.load_job.is_running())


def test_a_source_that_cannot_be_read_again_is_said_in_chinese_with_its_reason(
    qtbot: QtBot, chinese: None, tmp_path: Path
) -> None:
    """A report's document blanked since the scan, or one the scan could not read: both the
    error and the reading problem behind it in the window's language, not the engine's
    English."""
    from neardup.core.report.source_errors import unread_by_the_scan, unreadable
    from neardup.gui.error_text import explained

    del qtbot  # only for its QApplication
    path = tmp_path / "thesis.txt"
    blanked = explained(unreadable(path, "No text found in the document", "no-text", {}))
    assert blanked == f"无法读取 {path}：文档中没有找到文本"
    problem = {"reason": "File is empty (0 bytes)", "code": "empty", "params": {}}
    assert (
        explained(unread_by_the_scan(path, problem)) == f"扫描时未能读取 {path}：文件为空（0 字节）"
    )
    # A reason without a code of its own stays as the engine wrote it.
    assert explained(unreadable(path, "odd mapping")) == f"无法读取 {path}：odd mapping"
