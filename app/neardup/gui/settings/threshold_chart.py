"""Histograms to choose a threshold: the last scan's pairs of documents by fingerprint
distance and by overlap, the threshold drawn on them, and what it would give.

A small QPainter widget: one chart does not need a plotting library.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from neardup.core.report import OverlapPreview, ThresholdPreview, ThresholdPreviewer
from neardup.gui.formatting import count_text

WITHIN = QColor("#3d8ee0")  # bars the threshold takes in
BEYOND = QColor("#b9c2cc")
MARKER = QColor("#d9480f")
DISTANCES_SHOWN = 33  # 0..32: two unrelated texts differ in about 32 of the 64 bits
translate = QCoreApplication.translate


class HistogramChart(QWidget):
    """Bars on a logarithmic scale (a few near copies beside thousands of unrelated pairs),
    those up to the marker in colour, and a line after the marker's bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counts: list[int] = []
        self.marker = 0  # the last bar taken in: bars 0..marker are within the threshold
        self.within_is_low = True  # False: the bars from the marker up are taken in
        self.first_label = self.last_label = self.marker_label = ""
        self.setMinimumHeight(70)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(240, 80)

    def set_counts(self, counts: list[int], first_label: str, last_label: str) -> None:
        self.counts = counts
        self.first_label, self.last_label = first_label, last_label
        self.update()

    def set_marker(self, marker: int, label: str = "") -> None:
        self.marker, self.marker_label = marker, label
        self.update()

    def taken_in(self, bar: int) -> bool:
        return bar <= self.marker if self.within_is_low else bar >= self.marker

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        text_height = self.fontMetrics().height()
        area = QRectF(self.rect()).adjusted(2, 2, -2, -text_height - 2)
        painter.fillRect(area, self.palette().base())
        if not self.counts:
            painter.end()
            return
        top = math.log1p(max(self.counts) or 1)
        width = area.width() / len(self.counts)
        for bar, count in enumerate(self.counts):
            if not count:
                continue
            height = max(2.0, area.height() * math.log1p(count) / top)
            rect = QRectF(area.left() + bar * width, area.bottom() - height, width - 1, height)
            painter.fillRect(rect, WITHIN if self.taken_in(bar) else BEYOND)
        edge = self.marker + 1 if self.within_is_low else self.marker
        x = area.left() + edge * width - 0.5
        painter.setPen(QPen(MARKER, 2))
        painter.drawLine(int(x), int(area.top()), int(x), int(area.bottom()))
        if self.marker_label:  # beside the line, on the side with more room
            label_width = self.fontMetrics().horizontalAdvance(self.marker_label)
            left = x + 4 if x + 4 + label_width <= area.right() else x - 4 - label_width
            painter.drawText(int(left), int(area.top() + text_height), self.marker_label)
        painter.setPen(self.palette().text().color())
        baseline = int(area.bottom() + text_height)
        painter.drawText(int(area.left()), baseline, self.first_label)
        last_width = self.fontMetrics().horizontalAdvance(self.last_label)
        painter.drawText(int(area.right() - last_width), baseline, self.last_label)
        painter.end()


def distance_counts_shown(previewer: ThresholdPreviewer) -> list[int]:
    """Bars 0..32, the last one holding every pair further apart."""
    counts = previewer.distance_counts
    return [*counts[: DISTANCES_SHOWN - 1], sum(counts[DISTANCES_SHOWN - 1 :])]


def threshold_preview_text(previewer: ThresholdPreviewer, preview: ThresholdPreview) -> str:
    """What k would give, in words, and what the report cannot tell."""
    if previewer.eligible_documents < 2 and not previewer.pairs_only:
        return translate(
            "ThresholdChart",
            "The last scan compared fewer than two documents: no distances to show.",
        )
    k, scan_k = preview.threshold, previewer.scan_threshold
    pairs = count_text(
        preview.pairs,
        translate("ThresholdChart", "{count} duplicate or near-duplicate pair"),
        translate("ThresholdChart", "{count} duplicate or near-duplicate pairs"),
    )
    groups = count_text(
        preview.groups,
        translate("ThresholdChart", "{count} group"),
        translate("ThresholdChart", "{count} groups"),
    )
    if k == scan_k:
        line = translate("ThresholdChart", "At k = {k}: {pairs} in {groups} (the last scan's).")
    else:
        line = translate(
            "ThresholdChart", "At k = {k}: {pairs} in {groups} (the last scan used k = {scan_k})."
        )
    line = line.format(k=k, pairs=pairs, groups=groups, scan_k=scan_k)
    notes = []
    if preview.beyond_scan and preview.unchecked:
        notes.append(
            count_text(
                preview.unchecked,
                translate(
                    "ThresholdChart",
                    "Another {count} pair of documents lies within k: a rescan checks whether "
                    "they share enough words.",
                ),
                translate(
                    "ThresholdChart",
                    "Another {count} pairs of documents lie within k: a rescan checks whether "
                    "they share enough words.",
                ),
            )
        )
    elif preview.beyond_scan and preview.unchecked is None:
        notes.append(
            translate(
                "ThresholdChart", "A rescan checks the pairs of documents beyond the last scan's k."
            )
        )
    if k < scan_k and previewer.partial_measured:
        notes.append(
            translate("ThresholdChart", "Pairs that share most of their text are found whatever k.")
        )
    if previewer.pairs_only:
        notes.append(
            translate(
                "ThresholdChart",
                "This report holds no fingerprints: the chart shows only the pairs it found, "
                "not the other pairs of documents.",
            )
        )
    if previewer.sampled:
        notes.append(
            translate(
                "ThresholdChart", "The chart measures {measured} of the {eligible} documents."
            ).format(measured=previewer.measured_documents, eligible=previewer.eligible_documents)
        )
    return " ".join([line, *notes])


def overlap_preview_text(previewer: ThresholdPreviewer, preview: OverlapPreview) -> str:
    if previewer.detect_partial and previewer.cancelled:
        return translate(
            "ThresholdChart",
            "The last scan was cancelled before it measured every overlap: "
            "scan again for the chart.",
        )
    if not previewer.partial_measured:
        return translate(
            "ThresholdChart",
            "The last scan did not measure overlaps (partial-copy detection was off).",
        )
    line = count_text(
        preview.partial_pairs,
        translate("ThresholdChart", "At {minimum}: {count} partial copy."),
        translate("ThresholdChart", "At {minimum}: {count} partial copies."),
        minimum=f"{preview.minimum:.0%}",
    )
    if preview.below_scan:
        line += " " + translate(
            "ThresholdChart", "The last scan kept none below its {minimum}: a rescan may find more."
        ).format(minimum=f"{previewer.scan_min_overlap:.0%}")
    return line
