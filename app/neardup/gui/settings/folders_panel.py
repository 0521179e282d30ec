"""The folders to scan or compare against, their roles, file types, include and exclude patterns."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from neardup.core.library import is_library
from neardup.gui.settings.settings_store import FolderEntry, FolderRole

ROLE_LABELS = {
    FolderRole.SCAN: QT_TRANSLATE_NOOP("FoldersPanel", "Scan"),
    FolderRole.LIBRARY: QT_TRANSLATE_NOOP("FoldersPanel", "Reference library"),
    FolderRole.SAVED_LIBRARY: QT_TRANSLATE_NOOP("FoldersPanel", "Saved library"),
}
FILE_TYPES = (".txt", ".docx", ".pdf")


class FoldersPanel(QGroupBox):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Folders"), parent)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Folder"), self.tr("Role")])
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setToolTip(
            self.tr(
                "Folders to scan; a reference library is compared with the scanned folders only."
            )
        )
        self.tree.setMinimumHeight(110)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.add_button = QPushButton(self.tr("Add folder…"))
        self.add_button.setToolTip(self.tr("Add a folder of documents to scan (Ctrl+O)."))
        self.add_button.clicked.connect(self.choose_folder)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove the selected folders from the list."))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)

        self.type_boxes: dict[str, QCheckBox] = {}
        types = QHBoxLayout()
        for suffix in FILE_TYPES:
            box = QCheckBox(suffix.lstrip("."))
            box.setChecked(True)
            box.setToolTip(
                self.tr("Read {suffix} files found in the folders.").format(suffix=suffix)
            )
            box.toggled.connect(self.changed)
            self.type_boxes[suffix] = box
            types.addWidget(box)
        types.addStretch(1)
        self.exclude_edit = QLineEdit()
        self.exclude_edit.setPlaceholderText(self.tr("e.g. *~draft*; */old/*"))
        self.exclude_edit.setToolTip(
            self.tr("Glob patterns, separated by semicolons, for files or paths to leave out.")
        )
        self.exclude_edit.editingFinished.connect(self.changed)
        self.include_edit = QLineEdit()
        self.include_edit.setPlaceholderText(self.tr("e.g. *thesis*; */2024/*"))
        self.include_edit.setToolTip(
            self.tr(
                "Glob patterns, separated by semicolons: read only files or paths matching one of them"
                " (empty: every file of the chosen types)."
            )
        )
        self.include_edit.editingFinished.connect(self.changed)
        self.hidden_box = QCheckBox(self.tr("Hidden files and folders too"))
        self.hidden_box.setToolTip(
            self.tr(
                "Also read files and folders whose names start with a dot, which the folders "
                "hide (settings, backups, a program's own copies)."
            )
        )
        self.hidden_box.toggled.connect(self.changed)
        form = QFormLayout()
        form.addRow(self.tr("File types:"), types)
        form.addRow("", self.hidden_box)
        form.addRow(self.tr("Include:"), self.include_edit)
        form.addRow(self.tr("Exclude:"), self.exclude_edit)

        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addLayout(buttons)
        layout.addLayout(form)
        self._start_directory = ""

    # --- folders -----------------------------------------------------------------------------

    def start_directory(self) -> str:
        """Where a folder dialog opens: the folder last chosen, else the last one listed,
        else the home folder (not the program's working folder)."""
        listed = self.folders()
        return self._start_directory or (listed[-1].path if listed else str(Path.home()))

    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Add folder"), self.start_directory()
        )
        if folder:
            self._start_directory = folder
            self.add_folder(folder)

    def add_folder(self, path: str | Path, role: FolderRole = FolderRole.SCAN) -> bool:
        """Add a folder unless it is already listed; returns whether it was added."""
        text = str(Path(path))
        if any(entry.path == text for entry in self.folders()):
            return False
        item = QTreeWidgetItem([text, ""])
        item.setToolTip(0, text)
        self.tree.addTopLevelItem(item)
        combo = QComboBox()
        for value, label in ROLE_LABELS.items():
            combo.addItem(self.tr(str(label)), value.value)
        combo.setCurrentIndex(combo.findData(role.value))
        combo.setToolTip(
            self.tr(
                "Scan: compared with everything. Reference library: a folder of documents "
                "compared only with the scanned ones. Saved library: a library made with "
                "“neardup library add”, checked against without reading its files again; it "
                "finds text copied in runs of about 160 Chinese characters or 30 English words "
                "and more (a reference library folder finds shorter ones too)."
            )
        )
        combo.currentIndexChanged.connect(self.changed)
        self.tree.setItemWidget(item, 1, combo)
        self.changed.emit()
        return True

    def _combo(self, row: int) -> QComboBox:
        item = self.tree.topLevelItem(row)
        assert item is not None
        widget = self.tree.itemWidget(item, 1)
        assert isinstance(widget, QComboBox)
        return widget

    def set_role(self, row: int, role: FolderRole) -> None:
        combo = self._combo(row)
        combo.setCurrentIndex(combo.findData(role.value))

    def remove_selected(self) -> None:
        for item in self.tree.selectedItems():
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(item))
        self.changed.emit()

    def folders(self) -> list[FolderEntry]:
        out = []
        for row in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(row)
            assert item is not None
            role = FolderRole(self._combo(row).currentData())
            out.append(FolderEntry(item.text(0), role))
        return out

    def set_folders(self, folders: list[FolderEntry]) -> None:
        self.tree.clear()
        for entry in folders:
            self.add_folder(entry.path, entry.role)

    def scan_paths(self) -> list[Path]:
        return [Path(f.path) for f in self.folders() if f.role is FolderRole.SCAN]

    def library_paths(self) -> tuple[Path, ...]:
        return tuple(Path(f.path) for f in self.folders() if f.role is FolderRole.LIBRARY)

    def saved_libraries(self) -> tuple[Path, ...]:
        return tuple(Path(f.path) for f in self.folders() if f.role is FolderRole.SAVED_LIBRARY)

    def saved_library_problem(self) -> str | None:
        """Why the folders' roles cannot be scanned as they are, if a saved library is among
        them: a check is against one saved library, and reads no other reference folder."""
        saved = self.saved_libraries()
        if len(saved) > 1:
            return self.tr("Choose one saved library: a scan checks against one at a time.")
        if saved and self.library_paths():
            return self.tr(
                "A saved library cannot be combined with reference-library folders yet: "
                "add those folders to the library (neardup library add), or scan without it."
            )
        if saved and not is_library(saved[0]):
            return self.tr(
                "{folder} is not a saved library: make one with “neardup library add "
                "LIBRARY FILES…”, or give the folder the role Reference library."
            ).format(folder=saved[0])
        return None

    # --- filters -----------------------------------------------------------------------------

    def suffixes(self) -> tuple[str, ...]:
        return tuple(s for s, box in self.type_boxes.items() if box.isChecked())

    def exclude(self) -> tuple[str, ...]:
        return _patterns(self.exclude_edit.text())

    def include(self) -> tuple[str, ...]:
        return _patterns(self.include_edit.text())

    def include_hidden(self) -> bool:
        return self.hidden_box.isChecked()

    def set_filters(
        self,
        suffixes: tuple[str, ...],
        exclude: tuple[str, ...],
        include: tuple[str, ...],
        include_hidden: bool = False,
    ) -> None:
        for suffix, box in self.type_boxes.items():
            box.setChecked(suffix in suffixes)
        self.exclude_edit.setText("; ".join(exclude))
        self.include_edit.setText("; ".join(include))
        self.hidden_box.setChecked(include_hidden)


def _patterns(text: str) -> tuple[str, ...]:
    """The glob patterns typed in a filter field, split on semicolons (or pasted newlines)."""
    return tuple(p.strip() for p in re.split(r"[;\n]", text) if p.strip())
