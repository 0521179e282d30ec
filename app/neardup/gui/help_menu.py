"""The Help menu: how to read the results (the kinds of pair, the two percentages, k) and
About NearDup (its version, what it does, its licence). Both open without blocking the window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from neardup import __version__

# The licence NearDup is published under, as pyproject.toml declares it (a test compares them).
LICENCE = "MIT"


class ResultsGuide(QDialog):
    """A short page on what the results say, in the GUI's language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("How to read the results"))
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setHtml(self.page())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.resize(620, 560)

    def page(self) -> str:
        """The guide as HTML: one heading and its paragraphs per subject."""
        sections = (
            (
                self.tr("Kinds of pair"),
                (
                    self.tr(
                        "<b>Duplicate</b>: the same text, an exact copy. The files may still "
                        "differ in format or layout (line breaks, spacing)."
                    ),
                    self.tr(
                        "<b>Near-duplicate</b>: an edited version. At least half of each text is "
                        "found in the other, with words changed, added or removed."
                    ),
                    self.tr(
                        "<b>Partial</b>: one document contains passages of the other (a copied "
                        "chapter, a long quotation), but the two are different documents."
                    ),
                ),
            ),
            (
                self.tr("The two percentages"),
                (
                    self.tr(
                        "<b>Overlap A→B</b> is the share of A's text found in B; <b>Overlap "
                        "B→A</b> the share of B's text found in A. They differ when the texts "
                        "differ in length: a chapter copied whole into a thesis is 100% of the "
                        "chapter but perhaps 10% of the thesis."
                    ),
                    self.tr(
                        "In the Documents tab, <b>Found elsewhere</b> is the share of a "
                        "document's text found in any other document, each passage counted once. "
                        "A blank share was not measured (the scan was cancelled, partial-copy "
                        "detection was off, or the document is too short to compare); it is not "
                        "0%."
                    ),
                ),
            ),
            (
                self.tr("The threshold k"),
                (
                    self.tr(
                        "Every document gets a fingerprint of 64 bits made from its words. The "
                        "<b>distance</b> of two documents counts the bits in which their "
                        "fingerprints differ: 0 for the same words, about 32 for unrelated texts."
                    ),
                    self.tr(
                        "Pairs of documents at a distance of at most <b>k</b> are checked as "
                        "near-duplicates. A larger k finds more heavily edited copies, and more "
                        "pairs that turn out to be different; 3 suits most collections. After a "
                        "scan, the chart under the slider shows how many pairs each k gives."
                    ),
                    self.tr(
                        "With partial copies detected, two documents that share most of their "
                        "text (at least half of each) are near-duplicates at any distance: their "
                        "passages are compared, not only their fingerprints. So a pair at a "
                        "distance well over k can be listed as a near-duplicate, and a smaller k "
                        "keeps such pairs."
                    ),
                ),
            ),
        )
        html = []
        for title, paragraphs in sections:
            html.append(f"<h3>{title}</h3>")
            html += [f"<p>{paragraph}</p>" for paragraph in paragraphs]
        return "".join(html)


class HelpMenu(QMenu):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(self.tr("&Help"), parent)
        self._window = parent
        self.guide_action = QAction(self.tr("&How to read the results"), self)
        self.guide_action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
        self.guide_action.setStatusTip(
            self.tr("What duplicate, near-duplicate and partial mean, the two percentages, and k.")
        )
        self.guide_action.triggered.connect(self.show_guide)
        self.about_action = QAction(self.tr("&About NearDup"), self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        self.addAction(self.guide_action)
        self.addSeparator()
        self.addAction(self.about_action)
        parent.addAction(self.guide_action)  # F1 wherever the focus is in the window
        self.guide: ResultsGuide | None = None
        self.about_box: QMessageBox | None = None

    def show_guide(self) -> ResultsGuide:
        """The guide beside the window (one at a time), so the results stay in reach."""
        if self.guide is None:
            self.guide = ResultsGuide(self._window)
            self.guide.setWindowFlag(Qt.WindowType.Window)
        self.guide.show()
        self.guide.raise_()
        return self.guide

    def show_about(self) -> QMessageBox:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("About NearDup"),
            self.tr("NearDup {version}").format(version=__version__),
            QMessageBox.StandardButton.Ok,
            self._window,
        )
        box.setInformativeText(
            self.tr(
                "Finds near-duplicate and partly copied documents (.txt, .docx, .pdf), in "
                "Chinese and English."
            )
            + "\n\n"
            + self.tr("Free software under the {licence} licence.").format(licence=LICENCE)
        )
        box.setWindowIcon(self._window.windowIcon())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.about_box = box
        return box
