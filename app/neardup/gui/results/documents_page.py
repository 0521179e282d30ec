"""The Documents tab: every document ranked by how much of it is found elsewhere, with filters,
a compare with its largest source on double-click and one per source in the context menu."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from neardup.gui.formatting import percent
from neardup.gui.report_data import LIBRARY_ROLE, DocumentRow, PairRow, SourceShare
from neardup.gui.results.documents_model import DocumentsModel
from neardup.gui.results.file_actions import add_file_actions
from neardup.gui.results.models import keep_whole_selection
from neardup.gui.results.table_layout import DATE_SAMPLE, make_readable

# More compare entries than this make the menu taller than a screen; the Pairs tab has the rest.
MAX_SOURCE_ACTIONS = 10
# First widths in characters (a person can drag them): names and folders get the most.
_COLUMN_CHARS: dict[int, int | str] = {
    0: 28,
    1: 24,
    2: 13,
    3: 28,
    4: 8,
    5: 8,
    6: 7,
    7: 14,
    8: DATE_SAMPLE,
}


class DocumentsPage(QWidget):
    compare_requested = Signal(object)  # PairRow, oriented with the document as A
    sources_page_requested = Signal(object)  # DocumentRow
    pdf_reports_requested = Signal(object)  # list of DocumentRow: the selected ones
    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = DocumentsModel(self)  # sorts and filters itself, at 100k rows
        self.view = QTableView()
        self.view.setModel(self.model)
        keep_whole_selection(self.view)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSortingEnabled(True)
        # The question this tab answers first: which documents are most copied.
        self.view.sortByColumn(DocumentsModel.FOUND_ELSEWHERE_COLUMN, Qt.SortOrder.DescendingOrder)
        make_readable(self.view, _COLUMN_CHARS)
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.setToolTip(
            self.tr(
                "Double-click a document to compare it with its largest source; "
                "right-click for its other sources."
            )
        )

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by name or folder…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(self.tr("Show only documents whose path contains this text."))
        self.filter_edit.textChanged.connect(self.model.set_text)
        self.min_found_spin = QDoubleSpinBox()
        self.min_found_spin.setRange(0, 100)
        self.min_found_spin.setDecimals(0)
        self.min_found_spin.setSuffix(" %")
        self.min_found_spin.setPrefix("≥ ")
        self.min_found_spin.setToolTip(
            self.tr("Show only documents with at least this share of their text found elsewhere.")
        )
        self.min_found_spin.valueChanged.connect(
            lambda value: self.model.set_min_found(value / 100)
        )
        self.show_library_check = QCheckBox(self.tr("Show reference library"))
        self.show_library_check.setToolTip(
            self.tr(
                "Also list the reference-library documents, with how much of each the scanned "
                "documents contain."
            )
        )
        self.show_library_check.toggled.connect(self._update_library_filter)
        self.show_library_check.hide()  # only meaningful when the report has a library
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.show_library_check)
        filters.addWidget(QLabel(self.tr("Found elsewhere:")))
        filters.addWidget(self.min_found_spin)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.view)
        self._pair_of: Mapping[tuple[str, str], PairRow] = {}
        self._has_library = False

    def show_documents(
        self, documents: Sequence[DocumentRow], pair_of: Mapping[tuple[str, str], PairRow]
    ) -> None:
        """`pair_of` finds the report's pair for two paths, in either order."""
        self._pair_of = pair_of
        self._has_library = any(d.role == LIBRARY_ROLE for d in documents)
        self.show_library_check.setVisible(self._has_library)
        self._update_library_filter()
        self.model.set_rows(documents)

    def _update_library_filter(self) -> None:
        self.model.set_hide_library(self._has_library and not self.show_library_check.isChecked())

    def document_at(self, index: QModelIndex) -> DocumentRow:
        return self.model.document(index.row())

    def selected_documents(self) -> list[DocumentRow]:
        """The selected rows' documents, in the order the table shows them."""
        rows = sorted(self.view.selectionModel().selectedRows(), key=lambda i: i.row())
        return [self.document_at(index) for index in rows]

    # --- compare -------------------------------------------------------------------------------

    def compare(self, document: DocumentRow, source: SourceShare | None) -> None:
        """Ask for the side-by-side view of a document and one of its sources, if the report
        has their pair; otherwise say why nothing opens."""
        if source is None:
            if document.found_elsewhere is None:
                text = self.tr("This report does not say where {name} is found; see the Pairs tab.")
            else:
                text = self.tr("No text of {name} was found in another document.")
            self.status_message.emit(text.format(name=document.name))
            return
        pair = self._pair_of.get((document.path, source.path))
        if pair is None:
            self.status_message.emit(
                self.tr("The report has no pair of {name} and {name2} to compare.").format(
                    name=document.name, name2=source.name
                )
            )
            return
        self.compare_requested.emit(pair.seen_from(document.path))

    def _double_clicked(self, index: QModelIndex) -> None:
        document = self.document_at(index)
        self.compare(document, document.largest_source)

    def context_menu(self, index: QModelIndex) -> QMenu | None:
        """Compare with each source (largest first), save the sources page, then the file
        actions; None outside rows."""
        if not index.isValid():
            return None
        document = self.document_at(index)
        menu = QMenu(self)
        for source in document.sources[:MAX_SOURCE_ACTIONS]:
            action = menu.addAction(
                self.tr("Compare with {name} ({overlap})").format(
                    name=source.name, overlap=percent(source.overlap)
                )
            )
            action.setToolTip(source.path)
            if (document.path, source.path) in self._pair_of:
                action.triggered.connect(lambda _checked=False, s=source: self.compare(document, s))
            else:
                action.setEnabled(False)  # a hand-edited or partial report: nothing to open
        hidden = len(document.sources) - MAX_SOURCE_ACTIONS
        if hidden > 0:
            menu.addAction(
                self.tr("{hidden} more sources: see the Pairs tab").format(hidden=hidden)
            ).setEnabled(False)
        if document.sources:
            save = menu.addAction(self.tr("Save sources page…"))
            save.setToolTip(
                self.tr(
                    "A web page of this document's text with each source's passages highlighted."
                )
            )
            save.triggered.connect(lambda: self.sources_page_requested.emit(document))
        chosen = self.selected_documents()
        if document.path not in {d.path for d in chosen}:
            chosen = [document]  # right-clicked outside the selection: that row alone
        export = menu.addAction(self.tr("Export report (PDF)…"))
        export.triggered.connect(lambda: self.pdf_reports_requested.emit(chosen))
        menu.addSeparator()
        add_file_actions(menu, document.path)
        return menu
