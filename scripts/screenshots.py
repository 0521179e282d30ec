"""The README's screenshots, made from the real window: `make screenshots`.

Builds a small folder of Chinese and English documents (a light edit, a partial copy, a few
unrelated ones, written by the test suite's generators), scans it in the real main window
and saves, in ``docs/screenshots/``:

- ``main-window-en.png`` and ``main-window-zh_CN.png``: the window after the scan;
- ``compare-light-edit.png``: the compare dialog on a lightly edited memo, its edits marked;
- ``histogram.png``: the settings panel's distance histogram with the threshold drawn.

Runs with Qt's offscreen platform (no display needed); Chinese needs a Chinese font on the
machine (Debian: ``fonts-noto-cjk``), or it is drawn as empty boxes: the script refuses then.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication, QWidget

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path[:0] = [str(ROOT / "tests" / "support")]

from docgen import write_txt  # noqa: E402
from neardup.gui.i18n import install_translators, remove_translators  # noqa: E402
from neardup.gui.main_window import MainWindow  # noqa: E402
from neardup.gui.settings.settings_store import SettingsStore  # noqa: E402
from textgen import document, light_edit, paragraphs  # noqa: E402

MEMO = [
    "Meeting notes for the library committee, spring term.",
    "The committee agreed to extend the opening hours of the reading room during exams.",
    "Two new scanners will be bought for the thesis archive before the end of April.",
    "Students may borrow up to twelve books at a time, and renew each of them twice online.",
    "The next meeting is on the first Monday of May, in the small seminar room.",
]


def _corpus(folder: Path) -> None:
    folder.mkdir(parents=True)
    write_txt(folder / "memo.txt", "\n\n".join(MEMO) + "\n")
    edited = [
        MEMO[0],
        MEMO[1].replace("agreed", "decided"),
        MEMO[2].replace("Two new scanners", "A new scanner"),
        MEMO[3],
        MEMO[4].replace("small seminar room", "main hall"),
    ]
    write_txt(folder / "memo (edited).txt", "\n\n".join(edited) + "\n")
    for n in range(3):
        original = document(100 + n, "zh", count=8)
        write_txt(folder / f"论文_{n + 1}.txt", original)
        write_txt(folder / f"论文_{n + 1}_修改稿.txt", light_edit(original, n, 6))
    source = document(200, "zh", count=10)
    write_txt(folder / "参考资料.txt", source)
    pasted = "\n\n".join([document(201, "zh", count=6), source[:1200], document(202, "zh", 3)])
    write_txt(folder / "课程作业.txt", pasted)
    for n in range(4):
        write_txt(folder / f"report_{n + 1}.txt", "\n\n".join(paragraphs(300 + n, "en", 6)))


def _wait(app: QApplication, done: list[int], seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not done:
        if time.monotonic() > deadline:
            raise SystemExit("the scan did not finish in time")
        app.processEvents()
        time.sleep(0.01)


def _save(widget: QWidget, name: str) -> None:
    path = OUT / name
    if not widget.grab().save(str(path)):
        raise SystemExit(f"cannot write {path}")
    print(f"wrote {path.relative_to(ROOT)}")


def _scanned_window(app: QApplication, folder: Path, settings: Path) -> MainWindow:
    window = MainWindow(settings_store=SettingsStore(settings))
    window.settings_panel.cache_check.setChecked(False)
    window.resize(1280, 800)
    window.show()
    window.folders_panel.add_folder(folder)
    done: list[int] = []
    window.scan_finished.connect(lambda: done.append(1))
    window.start_scan()
    _wait(app, done)
    app.processEvents()
    return window


def main() -> int:
    app = QApplication.instance() or QApplication(["neardup"])
    assert isinstance(app, QApplication)
    if not any("CJK" in f or "Hei" in f or "Song" in f for f in QFontDatabase.families()):
        print("No Chinese font on this machine (Debian: apt install fonts-noto-cjk).")
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        tmp = Path(temporary)
        # A plain folder name: the window shows it.
        folder = Path(tempfile.gettempdir()) / "neardup-demo" / "documents"
        shutil.rmtree(folder.parent, ignore_errors=True)
        _corpus(folder)
        for language in ("en", "zh_CN"):
            translators = install_translators(app, language)
            window = _scanned_window(app, folder, tmp / f"settings-{language}.ini")
            _save(window, f"main-window-{language}.png")
            if language == "en":
                _save(window.settings_panel, "histogram.png")
                dialog = window.compare.compare_files(
                    folder / "memo.txt", folder / "memo (edited).txt"
                )
                while dialog.outcome is None:
                    app.processEvents()
                dialog.resize(1100, 600)
                app.processEvents()
                _save(dialog, "compare-light-edit.png")
                dialog.close()
            window.close()
            remove_translators(app, translators)
        shutil.rmtree(folder.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
