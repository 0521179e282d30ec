"""What the results area shows before there are results: where to begin (drop folders or files
on the window, or add a folder), instead of four empty tables."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

# The hint's text, larger than the tables' so it reads as the first thing to do.
HINT_SCALE = 1.4


class DropHint(QWidget):
    add_folder_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self.tr("Drop folders or files here, or choose Add folder"))
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setPointSizeF(font.pointSizeF() * HINT_SCALE)
        self.label.setFont(font)
        self.details = QLabel(
            self.tr(
                "Folders and documents (.txt, .docx, .pdf) are added to scan; a NearDup report "
                "(.json) opens."
            )
        )
        self.details.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details.setWordWrap(True)
        self.add_button = QPushButton(self.tr("Add folder…"))
        self.add_button.clicked.connect(self.add_folder_requested)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.details)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
