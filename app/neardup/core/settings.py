"""The settings of one scan: a frozen, typed record shared by the CLI, GUI and API."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import xxhash

from neardup._version import __version__
from neardup.core.versions import ANALYSIS_VERSION

__all__ = ["DEFAULT_SUFFIXES", "PDF_ENGINES", "ScanSettings"]

DEFAULT_SUFFIXES = (".txt", ".docx", ".pdf")
# More worker processes than this only add memory: each holds a document's analysis.
MAX_WORKERS = 64
PDF_ENGINES: tuple[str, ...] = ("pdfium", "pdfminer")
MAX_MATCH_WORDS = 1000  # a "short match" longer than a page would exclude real copying


class ReferenceRule(str, Enum):
    """Which member of a group is the one to keep."""

    OLDEST = "oldest"
    NEWEST = "newest"
    LARGEST = "largest"
    SHORTEST_PATH = "shortest-path"


DEFAULT_REFERENCE_RULE = ReferenceRule.OLDEST


DEFAULT_REFERENCE_RULE = ReferenceRule.OLDEST

# Segmentation backends (tokenize.py): the Rust port by default, the reference jieba by choice.
TOKENIZER_NAMES = ("rjieba", "jieba")
DEFAULT_TOKENIZER = "rjieba"


class Weighting(str, Enum):
    """The user's choice of feature weights (implemented in weighting.py)."""

    TFIDF = "tfidf"
    TF = "tf"
    TEXTRANK = "textrank"
    BINARY = "binary"


DEFAULT_WEIGHTING = Weighting.TFIDF


@dataclass(frozen=True, slots=True)
class ScanSettings:
    """Everything that changes what a scan finds.

    ``threshold`` is the Hamming distance k; ``min_resemblance`` is the precision
    guard (weighted Jaccard of the two documents' features) a candidate within k
    must also pass; ``min_overlap`` is the share of the smaller document that
    must be found in the other for a partial copy. ``exclude_common``, when set, leaves
    out of a pair's figures the passages that this many scanned documents or more hold
    (a template or a licence everybody includes), as a checker excludes a known source.
    """

    threshold: int = 3
    weighting: Weighting = DEFAULT_WEIGHTING
    tokenizer: str = DEFAULT_TOKENIZER
    pdf_engine: str = "pdfium"
    top_n: int | None = None
    log_tf: bool = True  # 1 + ln(count) for tf and tfidf, so repeated words do not dominate
    min_tokens: int = 30
    min_resemblance: float = 0.5
    detect_partial: bool = True
    min_overlap: float = 0.05
    exclude_common: int | None = None
    fold: bool = True  # fold disguises: Traditional script, look-alike letters (folding.py)
    reference_rule: ReferenceRule = DEFAULT_REFERENCE_RULE
    suffixes: tuple[str, ...] = DEFAULT_SUFFIXES
    exclude: tuple[str, ...] = ()
    include: tuple[str, ...] = ()  # when given, only files matching one of these are read
    include_hidden: bool = False
    user_dict: Path | None = None
    workers: int | None = None
    use_cache: bool = True
    cache_path: Path | None = None
    against: tuple[Path, ...] = field(default=())
    # The sources report's second figure, "excluding citations", leaves out quotations, the
    # reference list and matches under this many words (a Chinese character counts 8/13 of
    # a word). They never change what a scan finds.
    exclude_quotes: bool = True
    exclude_references: bool = True
    min_match_words: int = 8

    def __post_init__(self) -> None:
        if not 0 <= self.threshold <= 32:
            raise ValueError(f"threshold must be between 0 and 32, got {self.threshold}")
        if self.tokenizer not in TOKENIZER_NAMES:
            raise ValueError(
                f"unknown tokenizer {self.tokenizer!r}; choose {' or '.join(TOKENIZER_NAMES)}"
            )
        if self.pdf_engine not in PDF_ENGINES:
            raise ValueError(
                f"unknown PDF engine {self.pdf_engine!r}; choose {' or '.join(PDF_ENGINES)}"
            )
        if not 0.0 <= self.min_overlap <= 1.0:
            raise ValueError("min_overlap must be a fraction between 0 and 1")
        if self.exclude_common is not None and self.exclude_common < 3:
            raise ValueError("exclude_common counts documents: at least 3 (a pair and one more)")
        if self.top_n is not None and self.top_n < 1:
            raise ValueError("top_n must be a positive number of features")
        if self.workers is not None and not 1 <= self.workers <= MAX_WORKERS:
            raise ValueError(f"workers must be between 1 and {MAX_WORKERS}")
        if self.min_tokens < 0:
            raise ValueError("min_tokens must be 0 or more")
        if not 0 <= self.min_match_words <= MAX_MATCH_WORDS:
            raise ValueError(f"min_match_words must be between 0 and {MAX_MATCH_WORDS}")
        if not 0.0 <= self.min_resemblance <= 1.0:
            raise ValueError("min_resemblance must be a fraction between 0 and 1")
        # Accept plain strings from API callers and saved settings.
        for name in ("cache_path", "user_dict"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Path):
                object.__setattr__(self, name, Path(value))
        object.__setattr__(self, "against", tuple(Path(p) for p in self.against))
        object.__setattr__(self, "suffixes", tuple(s.lower() for s in self.suffixes))
        object.__setattr__(self, "exclude", tuple(self.exclude))
        object.__setattr__(self, "include", tuple(self.include))
        object.__setattr__(self, "weighting", Weighting(self.weighting))
        object.__setattr__(self, "reference_rule", ReferenceRule(self.reference_rule))

    def replace(self, **changes: Any) -> ScanSettings:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form, for reports."""
        out: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if isinstance(value, Path):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(v) for v in value]
            elif hasattr(value, "value"):
                value = value.value
            out[item.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScanSettings:
        """The settings a report was made with (`to_dict`); fields that do not parse keep
        their defaults, and paths that may not exist here (cache, library) are dropped."""
        settings = cls()
        names = {item.name for item in dataclasses.fields(cls)}
        for name, value in data.items():
            if name not in names or name in {"cache_path", "user_dict", "against"}:
                continue
            parsed = value
            if name in {"suffixes", "exclude", "include"} and isinstance(value, list):
                parsed = tuple(str(v) for v in value)
            try:
                settings = settings.replace(**{name: parsed})
            except (TypeError, ValueError):
                continue
        # A report is untrusted: its settings never name a file to load (a user dictionary).
        return settings

    def analysis_key(self) -> str:
        """A hash of the settings that decide a document's text and tokens (for the cache)."""
        user_dict = ""
        if self.user_dict is not None and self.user_dict.exists():
            user_dict = xxhash.xxh64_hexdigest(self.user_dict.read_bytes())
        parts = [
            __version__,
            ANALYSIS_VERSION,
            self.pdf_engine,
            self.tokenizer,
            user_dict,
            self.fold,
        ]
        return xxhash.xxh64_hexdigest(json.dumps(parts).encode())
