"""Fonts of the printable report: Han text in a Chinese font, Latin text in a standard one.

The report must print Chinese on a machine that has no Chinese fonts of its own, so it never
asks the system for one to *draw* with: reportlab carries the metrics of Adobe's standard
Chinese font STSong-Light (a CID font every PDF reader must supply, as it supplies
Helvetica), which lays the text out with nothing installed. When the machine does have a
Chinese font (the ones Windows, macOS and Linux distributions ship, or the file
``NEARDUP_PDF_FONT`` names), its glyphs are embedded instead (only those the report uses),
so the PDF shows the same glyphs in every reader, even one that has no Chinese font. A
TrueType font is registered once; a CFF one (Noto CJK) is cut down to each report's
characters and converted first (``cff_fonts``).
"""

from __future__ import annotations

import hashlib
import io
import itertools
import os
import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib import textsplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.platypus import paragraph

from neardup.core.report.cff_fonts import CFF_HAN, has_cff_han, truetype_subset

LATIN = "Helvetica"
LATIN_BOLD = "Helvetica-Bold"
STANDARD_HAN = "STSong-Light"  # Adobe-GB1, written in the UniGB-UCS2-H encoding
EMBEDDED_HAN = "NearDupHan"
FONT_VARIABLE = "NEARDUP_PDF_FONT"

# Chinese punctuation that never begins a line: the full-width comma, semicolon, colon,
# exclamation and question marks, closing brackets and quotation marks.
_CHINESE_CANNOT_START = "，；：！？）》〉」』】〕”’"


def keep_closing_punctuation_off_line_starts() -> None:
    """Make reportlab's Chinese line breaking hang closing punctuation at the end of a line
    rather than begin the next one with it. Its list of such characters was made for Japanese
    and lacks the full-width comma, so a report's lines could begin with "，". reportlab
    reads the list from its two line-breaking modules' globals, and has no setting for it."""
    for module in (paragraph, textsplit):
        known: str = module.ALL_CANNOT_START
        missing = "".join(c for c in _CHINESE_CANNOT_START if c not in known)
        if missing:
            module.ALL_CANNOT_START = known + missing


keep_closing_punctuation_off_line_starts()

# TrueType outlines only: reportlab embeds glyf fonts, not the CFF ones (Noto CJK's .otf/.ttc).
_TRUETYPE_HAN = (
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/simsun.ttc",
    "C:/Windows/Fonts/simhei.ttf",
    "/System/Library/Fonts/STHeiti Light.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
)

# Symbols the Chinese font may lack (≥, →, ∞: DroidSansFallback has none of them) are
# drawn from a font with many, found on the machine; else from the standard Chinese font,
# whose character collection (Adobe-GB1) holds the common ones and which readers supply.
_TRUETYPE_SYMBOLS = (
    "C:/Windows/Fonts/seguisym.ttf",
    "C:/Windows/Fonts/arial.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  # Debian, Ubuntu
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",  # Fedora
    "/usr/share/fonts/TTF/DejaVuSans.ttf",  # Arch
)
SYMBOLS = "NearDupSymbols"

# What the standard Latin font can show (Windows-1252 less the controls); the rest goes to
# the Han font, whose character collection also holds Greek, Cyrillic and full-width forms.
_LATIN_RUN = re.compile("[\t\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]+")
# What Chinese text sets in its own font (Han, its marks, full-width forms, kana, hangul):
# never drawn from the symbols' font, though one may hold a few of them. (The Yijing
# hexagrams between the two Han blocks are symbols: DejaVu has them, STSong-Light not.)
_CHINESE_SET = re.compile(
    "[\u1100-\u11ff\u2e80-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]"
)
# Spaces and digits between two runs of the standard Chinese font ("第 1 页") are set in it:
# its character collection holds them, and a PDF reader that has no Chinese font drops a
# text of one character in it (pdfium, Chrome's viewer) when the run stands alone.
_SPACES_AND_DIGITS = frozenset(" 0123456789")
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\U00010000-\U0010ffff]")


@dataclass(frozen=True, slots=True)
class ReportFonts:
    """The font names registered with reportlab for one report."""

    han: str
    embedded: bool  # True: the Han glyphs are in the PDF; False: the reader supplies them
    source: str  # the embedded font's file, or the standard font's name
    # The characters the Han font holds (None: all, as the standard font's are taken to
    # be), and the font for the others with the characters it holds.
    covered: frozenset[int] | None = None
    symbols: str = STANDARD_HAN
    symbols_covered: frozenset[int] | None = None

    def font_of(self, character: str) -> str:
        """The font that draws ``character`` (one that is not Latin)."""
        code = ord(character)
        if self.covered is None:
            # The standard font, which the reader supplies: what an embedded font holds
            # (symbols, Greek, Cyrillic) is drawn from it, so that it shows in every reader
            # (beside Chinese, `_symbols_with_standard_han` sets it in the Chinese font).
            held = self.symbols_covered is not None and code in self.symbols_covered
            return self.symbols if held and not _CHINESE_SET.match(character) else self.han
        if code in self.covered:
            return self.han
        if self.symbols_covered is None or code in self.symbols_covered:
            return self.symbols
        return STANDARD_HAN


_lock = threading.Lock()
_chosen: list[ReportFonts] = []  # a TrueType or the standard font, once registered
_cff_font: list[Path | None] = []  # the CFF Chinese font found, once looked for
_subsets: dict[frozenset[str], ReportFonts] = {}  # CFF subsets registered, by what they hold
_symbols: list[frozenset[int] | None] = []  # what the symbols' font holds, once registered
MAX_SUBSETS = 64  # registered subsets kept for reuse


def report_fonts(characters: str = "") -> ReportFonts:
    """The fonts for a report that prints ``characters``: a TrueType Chinese font or the
    standard one, registered once per process; else, when the machine has only a CFF
    Chinese font, that font cut down to ``characters``, or a subset registered earlier that
    holds them all (a batch registers the union of its reports' characters first)."""
    with _lock:
        if not _chosen:
            _chosen.append(_register())
        chosen = _chosen[0]
        if chosen.embedded or not has_han(characters):
            return chosen
        if not _cff_font:
            _cff_font.append(next((p for p in _candidates(CFF_HAN) if has_cff_han(p)), None))
        path = _cff_font[0]
        if path is None:
            return chosen
        wanted = frozenset(printable(characters))
        held = next((fonts for covered, fonts in _subsets.items() if wanted <= covered), None)
        if held is not None:
            return held
        text = "".join(sorted(wanted))
        data = truetype_subset(path, text)
        if data is None:
            return chosen
        digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8)
        name = f"{EMBEDDED_HAN}-{digest.hexdigest()}"
        subset = TTFont(name, io.BytesIO(data))
        # reportlab keeps one TrueType font per face name and hands the first one registered
        # to every later font of that name: each subset of the same font would print with
        # the glyphs of the first, the characters it lacks left out. Each gets its own.
        subset.face.name = name.encode("ascii")
        pdfmetrics.registerFont(subset)
        if len(_subsets) >= MAX_SUBSETS:
            oldest = _subsets.pop(next(iter(_subsets)))
            # reportlab keeps every registered font for the process's life and has no way
            # to unregister one: drop it from its registries, or a long session would grow
            # by a megabyte or two for every report printed.
            getattr(pdfmetrics, "_fonts", {}).pop(oldest.han, None)
            getattr(pdfmetrics, "_dynFaceNames", {}).pop(oldest.han.encode("ascii"), None)
        _subsets[wanted] = _with_symbols(ReportFonts(name, True, str(path), _covered(subset)))
        return _subsets[wanted]


def _candidates(defaults: tuple[str, ...]) -> list[Path]:
    named = os.environ.get(FONT_VARIABLE)
    if named:
        return [Path(named)]  # the person's choice, and only it: no silent substitute
    return [Path(p) for p in defaults]


def _register() -> ReportFonts:
    for path in _candidates(_TRUETYPE_HAN):
        if not path.is_file():
            continue
        try:
            font = TTFont(EMBEDDED_HAN, str(path), subfontIndex=0)
        except (TTFError, OSError, ValueError):
            continue  # CFF outlines (see report_fonts), a damaged file
        if font.face.charToGlyph.get(ord("中")) is None:
            continue  # no Chinese in it
        pdfmetrics.registerFont(font)
        return _with_symbols(ReportFonts(EMBEDDED_HAN, True, str(path), _covered(font)))
    pdfmetrics.registerFont(UnicodeCIDFont(STANDARD_HAN))
    return _with_symbols(ReportFonts(STANDARD_HAN, False, STANDARD_HAN))


def _covered(font: TTFont) -> frozenset[int]:
    return frozenset(font.face.charToGlyph)


def _with_symbols(fonts: ReportFonts) -> ReportFonts:
    """``fonts`` with a font for the characters its embedded Han font lacks: a TrueType
    font with many symbols when the machine has one (registered once), and the standard
    Chinese font for the rest."""
    if not _symbols:
        pdfmetrics.registerFont(UnicodeCIDFont(STANDARD_HAN))  # for what no font here holds
        _symbols.append(None)
        for path in _TRUETYPE_SYMBOLS:
            try:
                font = TTFont(SYMBOLS, path)
            except (TTFError, OSError, ValueError):
                continue  # not on this machine, or damaged
            pdfmetrics.registerFont(font)
            _symbols[0] = _covered(font)
            break
    if _symbols[0] is None:
        return fonts
    return replace(fonts, symbols=SYMBOLS, symbols_covered=_symbols[0])


def printable(text: str) -> str:
    """``text`` without what no font of the report can show: controls, lone surrogates (file
    names that are not UTF-8), characters beyond the Basic Multilingual Plane."""
    return _UNPRINTABLE.sub("?", text)


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def font_runs(text: str, fonts: ReportFonts) -> list[tuple[str, str]]:
    """``text`` (made printable) as (font, run): Latin runs in the standard font, the rest
    each in the font that holds it."""
    text = printable(text)
    runs: list[tuple[str, str]] = []
    position = 0
    for run in _LATIN_RUN.finditer(text):
        if run.start() > position:
            runs += _other_runs(text[position : run.start()], fonts)
        runs.append((LATIN, run.group()))
        position = run.end()
    if position < len(text):
        runs += _other_runs(text[position:], fonts)
    return _quotes_with_their_text(runs, fonts)


def _symbols_with_standard_han(
    runs: list[tuple[str, str]], fonts: ReportFonts
) -> list[tuple[str, str]]:
    """With the standard Chinese font, a run of the symbols' font beside Chinese text is set
    in the Chinese font, as Chinese text sets its quotation marks and symbols (“”, ℃, ①);
    only between other text are they drawn from the embedded symbols' font."""
    if fonts.covered is not None:
        return runs
    for k, (font, run) in enumerate(runs):
        beside = [runs[j][0] for j in (k - 1, k + 1) if 0 <= j < len(runs)]
        if font == fonts.symbols != STANDARD_HAN and STANDARD_HAN in beside:
            runs[k] = (STANDARD_HAN, run)
    return runs


def _numbers_with_standard_han(runs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Spaces and digits between two runs of the standard Chinese font set in it."""
    for k in range(1, len(runs) - 1):
        font, run = runs[k]
        beside = {runs[k - 1][0], runs[k + 1][0]}
        if font == LATIN and beside == {STANDARD_HAN} and set(run) <= _SPACES_AND_DIGITS:
            runs[k] = (STANDARD_HAN, run)
    return runs


# Quotation marks the standard font holds too; beside Chinese they take the Chinese font's
# glyphs, which are set as Chinese text sets them (Helvetica's look like English quotes).
_QUOTES = frozenset("“”‘’")


def _quotes_with_their_text(
    runs: list[tuple[str, str]], fonts: ReportFonts
) -> list[tuple[str, str]]:
    """A run of quotation marks alone next to a run not in the standard font is set in the
    font that holds them beside Chinese; then neighbouring runs of one font are one run."""
    placed: list[tuple[str, str]] = []
    for k, (font, run) in enumerate(runs):
        beside = [runs[j][0] for j in (k - 1, k + 1) if 0 <= j < len(runs)]
        if font == LATIN and set(run) <= _QUOTES and any(f != LATIN for f in beside):
            placed += _other_runs(run, fonts)
        else:
            placed.append((font, run))
    joined: list[tuple[str, str]] = []
    for font, run in _numbers_with_standard_han(_symbols_with_standard_han(placed, fonts)):
        if joined and joined[-1][0] == font:
            joined[-1] = (font, joined[-1][1] + run)
        else:
            joined.append((font, run))
    return joined


def _other_runs(text: str, fonts: ReportFonts) -> list[tuple[str, str]]:
    """Text the Latin font cannot show, as runs of the font that holds each character."""
    return [(font, "".join(run)) for font, run in itertools.groupby(text, fonts.font_of)]


def markup(text: str, fonts: ReportFonts) -> str:
    """Paragraph markup for ``text``: Latin runs in the standard font, the rest in the Han font."""
    return runs_markup(font_runs(text, fonts))


def runs_markup(runs: list[tuple[str, str]]) -> str:
    """Paragraph markup for (font, run) pairs (`font_runs`)."""
    return "".join(
        escape(run) if font == LATIN else f'<font name="{font}">{escape(run)}</font>'
        for font, run in runs
    )


def has_han(text: str) -> bool:
    """Whether the text needs the Han font's line breaking (anywhere between characters)."""
    return bool(_LATIN_RUN.sub("", text).strip())
