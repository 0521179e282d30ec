"""The compare dialog opens on double-click and highlights matched passages."""

from __future__ import annotations

from pathlib import Path

from gui_corpus import Corpus
from gui_helpers import scan_folder
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from neardup.core.models import Problem
from neardup.gui.compare.compare_dialog import CompareDialog
from neardup.gui.compare.text_pane import from_utf16, to_utf16, utf16_positions
from neardup.gui.main_window import MainWindow


def test_double_click_partial_pair_opens_highlighted_compare(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    scan_folder(qtbot, window, gui_corpus.folder)
    results = window.results
    results.tabs.setCurrentWidget(results.pairs_page)
    results.kind_combo.setCurrentIndex(results.kind_combo.findData("partial"))
    view = results.pairs_view
    assert view.model().rowCount() == 1
    rect = view.visualRect(view.model().index(0, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert len(window.compare_dialogs) == 1
    dialog = window.compare_dialogs[0]
    assert isinstance(dialog, CompareDialog)
    qtbot.waitUntil(
        lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
    )

    assert dialog.passage_count() >= 1
    assert dialog.left.edit.isReadOnly() and dialog.right.edit.isReadOnly()
    assert len(dialog.left.edit.extraSelections()) >= 1
    assert len(dialog.right.edit.extraSelections()) >= 1
    selection = dialog.right.edit.extraSelections()[0]
    assert selection.cursor.hasSelection()
    info = dialog.info.text()
    assert "Hamming distance" in info and "A→B" in info and "B→A" in info
    dialog.next_button.click()
    assert dialog.position_label.text().startswith("Passage 1 of")
    dialog.close()
    qtbot.waitUntil(lambda: not window.compare_dialogs)


def test_compare_missing_file_reports_problem(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus, tmp_path: object
) -> None:
    from neardup.gui.report_data import PairRow

    pair = PairRow(
        str(gui_corpus.originals[0]), "/nonexistent/gone.txt", "partial", 9, 0.1, 0.2, 0.3, ()
    )
    dialog = window.open_compare(pair)
    qtbot.waitUntil(
        lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
    )
    assert "Cannot compare" in dialog.info.text()
    for pane in (dialog.left, dialog.right):  # the panes stop saying they are reading
        assert pane.edit.placeholderText() == "Not compared: see the reason above."
    dialog.close()


def test_utf16_mapping_for_characters_outside_the_bmp() -> None:
    text = "a😀b𠀀c"
    astral = utf16_positions(text)
    assert astral == [1, 3]
    assert [to_utf16(i, astral) for i in range(len(text) + 1)] == [0, 1, 3, 4, 6, 7]
    assert [from_utf16(p, astral) for p in (0, 1, 3, 4, 6, 7)] == list(range(len(text) + 1))
    assert utf16_positions("纯中文") is None


def test_compare_shows_the_scans_distance_and_similarity(
    qtbot: QtBot, window: MainWindow, gui_corpus: Corpus
) -> None:
    from neardup.gui.report_data import PairRow

    # Two documents alone weigh their words differently from the whole collection: the header
    # gives the figures of the scan the pair comes from.
    source, copy = gui_corpus.partial
    pair = PairRow(str(copy), str(source), "partial", 27, 0.123, 0.2, 0.3, ())
    dialog = window.open_compare(pair)
    qtbot.waitUntil(
        lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
    )
    info = dialog.info.text()
    assert "Hamming distance 27" in info and "similarity 0.123" in info
    # the overlaps too are the pair's, whatever the two texts alone measure
    assert "A→B: 20.0% of A found in B" in info and "B→A: 30.0% of B found in A" in info
    count = dialog.passage_count()
    # the pair carries no passages: those shown are measured here, and say so
    assert f"{count} matched passage{'' if count == 1 else 's'} (measured here)" in info
    dialog.close()
    qtbot.waitUntil(lambda: not window.compare_dialogs)


def test_compare_warns_when_a_document_changed_since_the_scan(
    qtbot: QtBot, window: MainWindow, tmp_path: object
) -> None:
    from pathlib import Path

    from gui_corpus import build_corpus

    assert isinstance(tmp_path, Path)
    corpus = build_corpus(tmp_path / "docs")
    scan_folder(qtbot, window, corpus.folder)
    assert window.report is not None
    source, copy = corpus.partial
    pair = next(p for p in window.report.pairs if {p.a, p.b} == {str(source), str(copy)})

    def info_of_a_compare() -> str:
        dialog = window.open_compare(pair)
        qtbot.waitUntil(
            lambda: dialog.comparison is not None and not dialog.job.is_running(), timeout=30_000
        )
        text = dialog.info.text()
        dialog.close()
        qtbot.waitUntil(lambda: not window.compare_dialogs)
        return text

    assert "Warning" not in info_of_a_compare()
    copy.write_text(copy.read_text(encoding="utf-8") + "\nOne more sentence.", encoding="utf-8")
    info = info_of_a_compare()
    assert f"Warning: {copy.name}: changed since the scan" in info


def test_a_pdf_reads_in_paragraphs_and_its_passages_stay_on_their_words(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A PDF's lines end where its page ended them; in a pane of another width each was
    wrapped again, a ragged half line after every line. The pane joins the lines of a
    paragraph (one character for each break, so every highlight stays on its words), and
    keeps the break after a paragraph's last, short line."""
    from docgen import write_pdf
    from neardup.core.extract import extract
    from neardup.gui.report_data import PairRow
    from textgen import paragraphs

    for lang in ("en", "zh"):
        text = paragraphs(800, lang, count=4, sentences=6)
        pdf = write_pdf(tmp_path / f"thesis-{lang}.pdf", ["\n".join(text)])
        copy = tmp_path / f"copy-{lang}.txt"
        copy.write_text(text[1] + "\n\n" + text[2], encoding="utf-8")
        extracted = extract(pdf)
        assert not isinstance(extracted, Problem)
        dialog = window.open_compare(PairRow(str(pdf), str(copy), "partial", 9, 0.1, 0.5, 1.0, ()))
        qtbot.waitUntil(
            lambda d=dialog: d.comparison is not None and not d.job.is_running(), timeout=30_000
        )
        shown = dialog.left.edit.toPlainText()
        assert len(shown) == len(extracted.text)  # one character for each break
        # Each paragraph's end stays, and most other breaks go (a full line that ends a
        # sentence keeps its own: it may end a paragraph).
        assert len(text) - 1 <= shown.count("\n") < extracted.text.count("\n") / 2
        assert all("\n" + paragraph[:12] in shown for paragraph in text[1:])
        highlighted = [s.cursor.selectedText() for s in dialog.left.edit.extraSelections()]
        joined = "".join(highlighted).replace("\u200b", "").replace(" ", "")
        assert text[1].replace(" ", "")[:40] in joined  # the copied paragraphs, on their words
        dialog.left.edit.selectAll()  # copied as the document has it: no zero-width spaces
        copied = dialog.left.edit.createMimeDataFromSelection().text()
        assert "\u200b" not in copied and copied == shown.replace("\u200b", "")
        dialog.close()
        qtbot.waitUntil(lambda: not window.compare_dialogs)
