"""Scan settings: threshold slider with the last scan's distances, weighting, partial copies,
and folded-away advanced options."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from neardup.core.report import ThresholdPreviewer
from neardup.core.settings import (
    MAX_MATCH_WORDS,
    MAX_WORKERS,
    PDF_ENGINES,
    TOKENIZER_NAMES,
    ScanSettings,
    Weighting,
)
from neardup.gui.settings.threshold_chart import (
    HistogramChart,
    distance_counts_shown,
    overlap_preview_text,
    threshold_preview_text,
)

WEIGHTING_LABELS = {
    Weighting.TFIDF: "TF-IDF",
    Weighting.TF: "TF",
    Weighting.TEXTRANK: "TextRank",
    Weighting.BINARY: QT_TRANSLATE_NOOP("SettingsPanel", "Binary"),
}
# What each weighting does, for a reader who has not met the terms (translated where shown).
WEIGHTING_HELP = {
    Weighting.TFIDF: QT_TRANSLATE_NOOP(
        "SettingsPanel",
        "Words frequent in this document but rare in the others count most, so a shared "
        "template or common words weigh little. The usual choice.",
    ),
    Weighting.TF: QT_TRANSLATE_NOOP(
        "SettingsPanel",
        "Words count by how often this document uses them, however common they are elsewhere.",
    ),
    Weighting.TEXTRANK: QT_TRANSLATE_NOOP(
        "SettingsPanel",
        "Words central to this document, linked to many others nearby, count most, as its "
        "keywords would.",
    ),
    Weighting.BINARY: QT_TRANSLATE_NOOP(
        "SettingsPanel", "Every distinct word counts once, however often it occurs."
    ),
}
THRESHOLD_HELP = QT_TRANSLATE_NOOP(
    "SettingsPanel",
    "How different two documents may be and still be called near-duplicates. Each document "
    "gets a 64-bit fingerprint of its words; k is how many of those bits may differ. 0 finds "
    "only texts that are nearly the same; 3 (the default) finds light edits; a larger k finds "
    "heavier edits, and more pairs that only look alike, which the scan then checks. The "
    "chart below shows the last scan's documents by distance, and what another k gives.",
)
THRESHOLD_PASSAGES_HELP = QT_TRANSLATE_NOOP(
    "SettingsPanel",
    "With partial copies detected, documents that share at least half of each other's text "
    "are near-duplicates at any distance.",
)
OVERLAP_BINS_SHOWN = 20
# Only these weightings count repeated words, so only they are affected by log TF.
TERM_FREQUENCY_WEIGHTINGS = frozenset({Weighting.TF, Weighting.TFIDF})
MAX_THRESHOLD = 16


class CollapsibleSection(QWidget):
    """A header button that shows or hides its content (folded by default)."""

    def __init__(self, title: str, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toggle = QToolButton()
        self.toggle.setText(title)
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip(self.tr("Show or hide the advanced options."))
        self.toggle.toggled.connect(self.set_expanded)
        self.content = content
        content.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(content)

    def set_expanded(self, expanded: bool) -> None:
        self.toggle.setChecked(expanded)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.content.setVisible(expanded)

    def is_expanded(self) -> bool:
        return self.toggle.isChecked()


class SettingsPanel(QGroupBox):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Settings"), parent)
        threshold_help = self.tr(str(THRESHOLD_HELP)) + " " + self.tr(str(THRESHOLD_PASSAGES_HELP))
        self.threshold_slider = QSlider(Qt.Orientation.Horizontal)
        self.threshold_slider.setRange(0, MAX_THRESHOLD)
        self.threshold_slider.setPageStep(1)
        self.threshold_slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.threshold_label = QLabel()
        self.threshold_label.setMinimumWidth(24)
        self.threshold_slider.setToolTip(threshold_help)
        self.threshold_label.setToolTip(threshold_help)
        self.threshold_slider.valueChanged.connect(self._on_threshold)
        threshold_row = QHBoxLayout()
        threshold_row.addWidget(self.threshold_slider, 1)
        threshold_row.addWidget(self.threshold_label)

        self.weighting_combo = QComboBox()
        labels = {w: self.tr(str(label)) for w, label in WEIGHTING_LABELS.items()}
        helps = {w: self.tr(str(text)) for w, text in WEIGHTING_HELP.items()}
        for n, (weighting, label) in enumerate(labels.items()):
            self.weighting_combo.addItem(label, weighting.value)
            self.weighting_combo.setItemData(n, helps[weighting], Qt.ItemDataRole.ToolTipRole)
        self.weighting_combo.setToolTip(
            self.tr("How much each word counts in a document's fingerprint.")
            + "\n"
            + "\n".join(f"{labels[w]}: {text}" for w, text in helps.items())
        )
        self.partial_check = QCheckBox(self.tr("Detect partial copies"))
        self.partial_check.setToolTip(
            self.tr("Also find documents that copy only some passages of another (slower).")
        )
        self.overlap_spin = QSpinBox()
        self.overlap_spin.setRange(1, 100)
        self.overlap_spin.setSuffix(" %")
        self.overlap_spin.setToolTip(
            self.tr(
                "Share of the smaller document that must be found in the other to report a partial copy."
            )
        )
        self.partial_check.toggled.connect(self.overlap_spin.setEnabled)
        self.previewer: ThresholdPreviewer | None = None
        self.distance_chart = HistogramChart()
        self.distance_chart.setToolTip(
            self.tr(
                "Pairs of documents of the last scan by the distance of their fingerprints (bar "
                "heights on a log scale). Those left of the line are within k."
            )
        )
        self.distance_preview = QLabel(self.tr("Scan once to see how the documents spread over k."))
        self.overlap_chart = HistogramChart()
        self.overlap_chart.within_is_low = False
        self.overlap_chart.setToolTip(
            self.tr(
                "Pairs the last scan found, by the share of the shorter text found in the other "
                "(5 % a bar, log scale). Those right of the line reach the minimum overlap."
            )
        )
        self.overlap_preview = QLabel()
        for preview in (self.distance_preview, self.overlap_preview):
            preview.setWordWrap(True)
            preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.overlap_spin.valueChanged.connect(self._update_previews)
        self.common_spin = QSpinBox()
        self.common_spin.setRange(2, 100_000)  # the minimum reads "Never"
        self.common_spin.setSpecialValueText(self.tr("Never"))
        self.common_spin.setPrefix(self.tr("in "))
        self.common_spin.setSuffix(self.tr(" documents or more"))
        self.common_spin.setToolTip(
            self.tr(
                "Leave out of the shares the text that this many scanned documents hold: a "
                "university's cover page, a licence everybody includes. Such text is still listed "
                "and marked in the Pairs tab; by default it counts, since a text many students "
                "copied is still copied."
            )
        )
        self.partial_check.toggled.connect(self.common_spin.setEnabled)
        self.fold_check = QCheckBox(self.tr("See through disguised copies"))
        self.fold_check.setToolTip(
            self.tr(
                "Read Traditional Chinese as Simplified, and letters that only look alike (a "
                "Cyrillic а for a Latin a) as the same letter, so that a copy disguised that way "
                "is still found. What is shown stays the document's own text."
            )
        )

        self._build_citation_options()
        self.log_tf_check = QCheckBox(self.tr("Dampen repeated words (log TF)"))
        self.log_tf_check.setToolTip(
            self.tr(
                "Count a word seen n times as 1 + ln(n) rather than n, so that repetition does not"
                " dominate the fingerprint; only affects the TF and TF-IDF weightings."
            )
        )
        self.weighting_combo.currentIndexChanged.connect(self._on_weighting)

        self.tokenizer_combo = QComboBox()
        self.tokenizer_combo.addItems(list(TOKENIZER_NAMES))
        self.tokenizer_combo.setToolTip(
            self.tr(
                "Word segmenter for Chinese text: rjieba is fast, jieba is the reference implementation."
            )
        )
        self.pdf_combo = QComboBox()
        self.pdf_combo.addItems(list(PDF_ENGINES))
        self.pdf_combo.setToolTip(
            self.tr("PDF text extractor: pdfium is fast, pdfminer copes with some unusual files.")
        )
        self.min_tokens_spin = QSpinBox()
        self.min_tokens_spin.setRange(1, 100_000)
        self.min_tokens_spin.setToolTip(
            self.tr(
                "Documents with fewer content words are listed but not compared; two copies of "
                "the same text are duplicates whatever their length."
            )
        )
        self.workers_spin = QSpinBox()
        self.workers_spin.setRange(0, MAX_WORKERS)
        self.workers_spin.setSpecialValueText(self.tr("Auto"))
        self.workers_spin.setToolTip(
            self.tr(
                "Processes that extract and tokenise files in parallel (Auto: one per CPU core)."
            )
        )
        self.cache_check = QCheckBox(self.tr("Remember extracted text between scans"))
        self.cache_check.setToolTip(
            self.tr(
                "Keep a cache of extracted text and tokens so that unchanged files are not read again."
            )
        )
        advanced = QWidget()
        advanced_form = QFormLayout(advanced)
        advanced_form.setContentsMargins(12, 0, 0, 0)
        advanced_form.addRow(self.log_tf_check)
        advanced_form.addRow(self.tr("Tokenizer:"), self.tokenizer_combo)
        advanced_form.addRow(self.tr("PDF engine:"), self.pdf_combo)
        advanced_form.addRow(self.tr("Minimum tokens:"), self.min_tokens_spin)
        advanced_form.addRow(self.tr("Worker processes:"), self.workers_spin)
        advanced_form.addRow(self.cache_check)
        self.advanced = CollapsibleSection(self.tr("Advanced options"), advanced)

        form = QFormLayout()
        threshold_label = QLabel(self.tr("Hamming threshold k:"))
        threshold_label.setToolTip(threshold_help)
        form.addRow(threshold_label, threshold_row)
        form.addRow(self.distance_chart)
        form.addRow(self.distance_preview)
        form.addRow(self.tr("Weighting:"), self.weighting_combo)
        form.addRow(self.partial_check)
        form.addRow(self.tr("Minimum overlap:"), self.overlap_spin)
        form.addRow(self.overlap_chart)
        form.addRow(self.overlap_preview)
        form.addRow(self.tr("Ignore common text:"), self.common_spin)
        form.addRow(self.fold_check)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.citations)
        layout.addWidget(self.advanced)

        self.set_settings(ScanSettings())
        self.show_spread(None)
        for signal in (
            self.threshold_slider.valueChanged,
            self.weighting_combo.currentIndexChanged,
            self.log_tf_check.toggled,
            self.partial_check.toggled,
            self.overlap_spin.valueChanged,
            self.common_spin.valueChanged,
            self.fold_check.toggled,
            self.quotes_check.toggled,
            self.references_check.toggled,
            self.short_match_spin.valueChanged,
            self.tokenizer_combo.currentIndexChanged,
            self.pdf_combo.currentIndexChanged,
            self.min_tokens_spin.valueChanged,
            self.workers_spin.valueChanged,
            self.cache_check.toggled,
        ):
            signal.connect(self.changed)

    def _build_citation_options(self) -> None:
        """What the second figure of a sources report ("excluding citations") leaves out."""
        self.quotes_check = QCheckBox(self.tr("Leave quotations out"))
        self.quotes_check.setToolTip(
            self.tr(
                'Text in quotation marks (“…”, 「…」, 『…』, "…") and block quotes (indented or '
                "quote-styled paragraphs) is cited, not copied: the figure excluding citations "
                "leaves it out."
            )
        )
        self.references_check = QCheckBox(self.tr("Leave the reference list out"))
        self.references_check.setToolTip(
            self.tr(
                "From a heading such as 参考文献, References or Bibliography to the next "
                "top-level heading or the end: the same sources cited alike are no copying."
            )
        )
        self.short_match_spin = QSpinBox()
        self.short_match_spin.setRange(0, MAX_MATCH_WORDS)
        self.short_match_spin.setSuffix(self.tr(" words"))
        self.short_match_spin.setToolTip(
            self.tr(
                "Matches shorter than this (13 Chinese characters count as 8 words) are common "
                "phrases: the figure excluding citations leaves them out. 0 keeps every match."
            )
        )
        citations = QWidget()
        citations_form = QFormLayout(citations)
        citations_form.setContentsMargins(12, 0, 0, 0)
        citations_form.addRow(self.quotes_check)
        citations_form.addRow(self.references_check)
        citations_form.addRow(self.tr("Shortest match counted:"), self.short_match_spin)
        self.citations = CollapsibleSection(self.tr("Excluding citations"), citations)

    def _on_threshold(self, value: int) -> None:
        self.threshold_label.setText(str(value))
        self._update_previews()

    def show_spread(self, previewer: ThresholdPreviewer | None) -> None:
        """The last scan's distances and overlaps, on which the thresholds are previewed."""
        self.previewer = previewer
        visible = previewer is not None
        self.distance_chart.setVisible(visible)
        self.overlap_chart.setVisible(previewer is not None and previewer.partial_measured)
        self.overlap_preview.setVisible(visible)
        if previewer is None:
            self.distance_preview.setText(
                self.tr("Scan once to see how the documents spread over k.")
            )
            return
        shown = distance_counts_shown(previewer)
        last = self.tr("{bits}+ bits").format(bits=len(shown) - 1)
        self.distance_chart.set_counts(shown, "0", last)
        self.overlap_chart.set_counts(previewer.overlap_counts, "0 %", "100 %")
        self._update_previews()

    def _update_previews(self) -> None:
        previewer = self.previewer
        if previewer is None:
            return
        k = self.threshold_slider.value()
        self.distance_chart.set_marker(k, f"k = {k}")
        self.distance_preview.setText(threshold_preview_text(previewer, previewer.preview(k)))
        minimum = self.overlap_spin.value() / 100
        self.overlap_chart.set_marker(
            min(OVERLAP_BINS_SHOWN - 1, int(minimum * OVERLAP_BINS_SHOWN))
        )
        self.overlap_preview.setText(
            overlap_preview_text(previewer, previewer.overlap_preview(minimum))
        )

    def _on_weighting(self) -> None:
        weighting = Weighting(self.weighting_combo.currentData())
        self.log_tf_check.setEnabled(weighting in TERM_FREQUENCY_WEIGHTINGS)

    def set_settings(self, settings: ScanSettings) -> None:
        self.threshold_slider.setValue(min(settings.threshold, MAX_THRESHOLD))
        self._on_threshold(self.threshold_slider.value())
        self.weighting_combo.setCurrentIndex(
            max(0, self.weighting_combo.findData(settings.weighting.value))
        )
        self._on_weighting()
        self.log_tf_check.setChecked(settings.log_tf)
        self.partial_check.setChecked(settings.detect_partial)
        self.overlap_spin.setValue(max(1, round(settings.min_overlap * 100)))
        self.overlap_spin.setEnabled(settings.detect_partial)
        self.common_spin.setValue(settings.exclude_common or self.common_spin.minimum())
        self.common_spin.setEnabled(settings.detect_partial)
        self.fold_check.setChecked(settings.fold)
        self.quotes_check.setChecked(settings.exclude_quotes)
        self.references_check.setChecked(settings.exclude_references)
        self.short_match_spin.setValue(settings.min_match_words)
        self.tokenizer_combo.setCurrentText(settings.tokenizer)
        self.pdf_combo.setCurrentText(settings.pdf_engine)
        self.min_tokens_spin.setValue(settings.min_tokens)
        self.workers_spin.setValue(settings.workers or 0)
        self.cache_check.setChecked(settings.use_cache)

    def apply_to(self, base: ScanSettings) -> ScanSettings:
        """`base` with this panel's values; fields the panel does not show are kept."""
        return base.replace(
            threshold=self.threshold_slider.value(),
            weighting=Weighting(self.weighting_combo.currentData()),
            log_tf=self.log_tf_check.isChecked(),
            detect_partial=self.partial_check.isChecked(),
            min_overlap=self.overlap_spin.value() / 100,
            exclude_common=self.common_spin.value()
            if self.common_spin.value() > self.common_spin.minimum()
            else None,
            fold=self.fold_check.isChecked(),
            exclude_quotes=self.quotes_check.isChecked(),
            exclude_references=self.references_check.isChecked(),
            min_match_words=self.short_match_spin.value(),
            tokenizer=self.tokenizer_combo.currentText(),
            pdf_engine=self.pdf_combo.currentText(),
            min_tokens=self.min_tokens_spin.value(),
            workers=self.workers_spin.value() or None,
            use_cache=self.cache_check.isChecked(),
        )
