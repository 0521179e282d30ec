"""Plain-text extraction: detects the encoding (BOMs, UTF-8, legacy Chinese code pages, others)."""

from __future__ import annotations

import codecs
import contextlib
import functools
import re
import unicodedata
from pathlib import Path

import charset_normalizer

from neardup.core.extract.base import Extracted, ExtractionError, ExtractOptions

# UTF-32 LE must be tried before UTF-16 LE: its BOM starts with the UTF-16 LE BOM.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Files that are commonly renamed to .txt by mistake; naming them makes the reason actionable.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive or an Office document such as .docx"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Office document such as .doc"),
    (b"\x7fELF", "a program"),
)

# GB2312 and GBK are strict subsets of GB18030, so decoding with the superset never loses text.
_SUPERSETS = {"gb2312": "gb18030", "gbk": "gb18030", "euc_cn": "gb18030"}
_CJK_PREFERRED: tuple[str, ...] = ("gb18030", "big5", "cp950")
# BOM-less UTF-16/32 without NUL bytes is vanishingly rare, yet it "decodes" any even-length
# GBK text into Hangul; it is handled by the NUL-byte path instead.
_NEVER_GUESS = ("utf-16", "utf-32")
# Some of the most frequent characters of modern Chinese, simplified and traditional forms.
# They break ties between decodings that all yield valid common characters (short texts).
_FREQUENT_HAN = frozenset(
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之"
    "年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样"
    "理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两"
    "高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化"
    "老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打"
    "女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队"
    "形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据"
    "程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组"
    "每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算"
    "质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写"
    "称企八功吗包片史委乎查轻易早曾除农找装广显吧李标谈吃图念六引历首医局突专费号尽另周较注语仅"
    "考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敢今天气公园散步软件帮助检查论抄袭"
    "這個們來為國時對說會過發後裡從實軍無與長機現當動還進樣點兩問開間並應戰頭體見麼經種寫學於"
    "產認條記聽則達權難讓識帶導爭運飛風辦議傳師觀術論處義總氣極亞請際約複視選號醫歷專費盡較語僅"
    "隨紅響雖勢參構劃東車親員馬門區資錢誰讀歲園灣臺軟幫檢襲處環裝測試"
)
_SAMPLE_CHARS = 20_000
# A later candidate must beat an earlier one by this much: a tie keeps the preferred order.
_MARGIN = 0.01
_MIN_SCORE = 0.6
_MAX_CONTROL_FRACTION = 0.02


# A scan holds each document's text, tokens and windows, ~40 bytes a byte of text: a
# 64 MB file would take gigabytes. No thesis comes near it; a log or a data dump might.
MAX_TEXT_FILE_BYTES = 64 * 2**20


def extract_txt(path: Path, options: ExtractOptions) -> Extracted:
    """Read a text file whose encoding is unknown."""
    del options  # plain text has no settings
    size = path.stat().st_size
    if size > MAX_TEXT_FILE_BYTES:
        raise ExtractionError.of(
            "txt-too-large", size=f"{size / 2**20:.0f}", limit=MAX_TEXT_FILE_BYTES // 2**20
        )
    text, encoding, notes = decode_text(path.read_bytes())
    return Extracted(text=text, encoding=encoding, notes=notes)


def decode_text(data: bytes) -> tuple[str, str, tuple[str, ...]]:
    """Decode bytes of unknown encoding; return (text, encoding name, notes)."""
    kind = _magic_kind(data)
    if kind is not None:
        raise ExtractionError.of("binary-kind", kind=kind)
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = _strict(data[len(bom) :], encoding.removesuffix("-sig"))
            if text is not None:
                return _checked(text), encoding, ()
            break
    if b"\x00" in data:
        return _decode_with_nuls(data)
    text = _strict(data, "utf-8")
    if text is not None and not _could_be_legacy(text):
        return _checked(text), "utf-8", ()
    return _decode_legacy(data, utf8_text=text)


def _magic_kind(data: bytes) -> str | None:
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    return None


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _checked(text: str) -> str:
    if _looks_binary(text):
        raise ExtractionError.of("binary")
    return text


# C0 and C1 controls other than tab, line breaks, form feed and the DOS end-of-file
# mark, and lone surrogates: one regex scan instead of a Python loop per character.
_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f\ud800-\udfff]")


def _looks_binary(text: str) -> bool:
    sample = _sample(text)
    if not sample:
        return False
    if "\x00" in sample:
        return True
    return len(_CONTROL_CHARS.findall(sample)) / len(sample) > _MAX_CONTROL_FRACTION


# A few NUL bytes in valid UTF-8 text are markers (Texinfo puts one before its index), not
# binary data: up to this share of the characters, they are dropped and the text kept.
_MAX_NUL_SHARE = 0.001


def _decode_with_nuls(data: bytes) -> tuple[str, str, tuple[str, ...]]:
    # NUL bytes mean binary data unless the file is UTF-16 saved without a BOM, or UTF-8
    # text with a rare marker byte.
    for encoding in ("utf-16-le", "utf-16-be"):
        text = _strict(data, encoding) if len(data) % 2 == 0 else None
        if text is not None and not _looks_binary(text) and _text_score(text) >= 0.9:
            return text, encoding, ()
    text = _strict(data, "utf-8")
    if text is not None:
        nuls = text.count("\x00")
        kept = text.replace("\x00", "")
        if nuls <= max(3, _MAX_NUL_SHARE * len(text)) and kept and not _looks_binary(kept):
            plural = "byte" if nuls == 1 else "bytes"
            return kept, "utf-8", (f"{nuls} NUL {plural} (markers, not text) left out",)
    raise ExtractionError.of("binary")


def _could_be_legacy(utf8_text: str) -> bool:
    """Whether valid UTF-8 might still be a short GBK/Big5 text in disguise.

    UTF-8 puts Chinese in three-byte sequences, but a handful of GBK characters can
    happen to form valid two-byte sequences (GBK "学习" is UTF-8 "ѧϰ"). Long texts
    cannot keep that up, so only short ones without any three-byte sequence are rechecked.
    """
    if utf8_text.isascii() or _THREE_BYTE_UTF8.search(utf8_text):
        return False
    return len(_NON_ASCII.findall(utf8_text)) <= 64


_NON_ASCII = re.compile("[^\x00-\x7f]")
_THREE_BYTE_UTF8 = re.compile("[^\x00-\u07ff]")


def _decode_legacy(data: bytes, utf8_text: str | None = None) -> tuple[str, str, tuple[str, ...]]:
    best: tuple[float, str, str] | None = None
    if utf8_text is not None:
        best = (_text_score(utf8_text), "utf-8", utf8_text)
    for encoding in _candidate_encodings(data):
        text = _strict(data, encoding)
        if text is None:
            continue
        score = _text_score(text)
        if best is None or score > best[0] + _MARGIN:
            best = (score, encoding, text)
    lenient = data.decode("utf-8", errors="replace")
    lenient_score = _text_score(lenient)
    notes: tuple[str, ...] = ()
    if best is None or lenient_score > best[0] + _MARGIN:
        bad = lenient.count("\ufffd")
        best = (lenient_score, "utf-8", lenient)
        notes = (f"{bad} invalid UTF-8 sequence(s) replaced with U+FFFD",)
    score, encoding, text = best
    if _looks_binary(text):
        raise ExtractionError.of("binary")
    if score < _MIN_SCORE:
        raise ExtractionError.of("unknown-encoding")
    return text, encoding, notes


def _candidate_encodings(data: bytes) -> list[str]:
    """Encodings to try, most trusted first.

    charset-normalizer is unreliable on short CJK text (a few GBK characters are often
    reported as Korean cp949), so when it proposes any CJK multi-byte codec the Chinese code
    pages go first and the scores decide; a clearly better score still wins.
    """
    matches = charset_normalizer.from_bytes(data)
    best = matches.best()
    head = _normalise(best.encoding) if best is not None else None
    if head is not None and head.startswith(_NEVER_GUESS):
        head = None
    ordered: list[str] = []
    # Trust the detector's own pick first unless it is a non-Chinese CJK codec.
    if head is not None and (head in _CJK_PREFERRED or not _is_cjk_codec(head)):
        ordered.append(head)
    ordered.extend(_CJK_PREFERRED)
    if head is not None:
        ordered.append(head)
    # Runners-up are only worth trying outside the CJK family, whose codecs all accept
    # almost any byte pairs and would just add look-alike decodings.
    for match in matches:
        name = _normalise(match.encoding)
        if not name.startswith(_NEVER_GUESS) and not _is_cjk_codec(name):
            ordered.append(name)
    return list(dict.fromkeys(ordered))


def _normalise(name: str) -> str:
    try:
        canonical = codecs.lookup(name).name
    except LookupError:
        return name.lower()
    return _SUPERSETS.get(canonical.replace("-", "_"), canonical)


def _is_cjk_codec(name: str) -> bool:
    key = name.replace("-", "_")
    prefixes = ("gb", "big5", "cp9", "euc_", "shift_jis", "iso2022", "johab", "hz", "cp932")
    return key.startswith(prefixes)


def _sample(text: str) -> str:
    if len(text) <= _SAMPLE_CHARS:
        return text
    third = _SAMPLE_CHARS // 3
    middle = len(text) // 2
    return text[:third] + text[middle : middle + third] + text[-third:]


def _text_score(text: str) -> float:
    """Fraction of non-space characters that look like real text (0..1).

    A wrong multi-byte decoding produces rare ideographs, private-use characters, stray
    kana or Hangul glued to Han characters, or runs of Latin-1 letters (mojibake);
    a right one produces common characters and ordinary punctuation.
    """
    total = 0
    good = 0.0
    previous = ""
    before_space = ""
    western_run = 0  # Western non-ASCII characters just before this piece
    # Runs of printable ASCII weigh 1 a character and are taken whole: most of any text.
    for piece in _SCORE_PIECES.findall(_sample(text)):
        if piece[0].isspace():
            if previous:
                before_space = previous
            previous = ""
            western_run = 0
            continue
        if len(piece) > 1 or (piece.isascii() and piece.isprintable()):
            printable = _graphic(piece)
            total += printable
            good += printable
            before_space = ""
            previous = piece[-1]
            western_run = 0
            continue
        if not previous and before_space and _is_han(before_space) and _is_han(piece):
            # Chinese does not put spaces between characters; Korean misread as GBK does.
            total += 1
        before_space = ""
        total += 1
        western = _is_western_high(piece)
        # European words mix accented letters with plain ones, and their punctuation sits
        # between words; three such characters in a row are Chinese bytes read through a
        # European code page (cp1250, cp1257, mac_latin2...).
        if not (western and western_run >= 2):
            good += _char_weight(piece, previous)
        western_run = western_run + 1 if western else 0
        previous = piece
    return good / total if total else 1.0


# What `_text_score` takes at a time: a run of printable ASCII words with the whitespace
# between them, a run of whitespace, or one other character. A run of words reads as its
# words one by one would (each weighs 1 a character; the whitespace between them leaves
# nothing behind that a later character looks at), in one step: most of any text.
_SCORE_PIECES = re.compile(r"[!-~]+(?:\s+[!-~]+)*|\s+|.", re.DOTALL)


def _graphic(words: str) -> int:
    """How many characters of a run of ASCII words are not whitespace."""
    return sum(map(len, words.split()))


def _char_weight(ch: str, previous: str) -> float:
    code = ord(ch)
    if 0x20 < code < 0x7F:
        return 1.0
    if _is_han(ch):
        if previous and _is_hangul(previous):
            return 0.0
        if ch in _FREQUENT_HAN:
            return 1.0
        return 0.85 if ch in _common_han() else 0.0
    if _is_hangul(ch):
        return 0.0 if previous and _is_han(previous) else 0.9
    if 0x3040 <= code <= 0x30FF:
        return 0.9
    if 0xFF61 <= code <= 0xFF9F or 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF:
        # Half-width katakana and Arabic presentation forms are archaic in files, but they
        # are what Chinese bytes turn into under Shift_JIS or DOS Arabic code pages.
        return 0.3
    if 0x3100 <= code <= 0x312F or 0xFE30 <= code <= 0xFE4F:
        # Bopomofo and vertical forms are what GBK punctuation turns into when read as Big5.
        return 0.0
    if 0xA0 <= code <= 0xFF:
        return _latin1_weight(ch, previous)
    if 0x370 <= code < 0x2000:
        # Greek, Cyrillic, Hebrew, Arabic, Thai...: a word never switches script mid-way.
        if ch.isalpha() and previous.isalpha() and _script(ch) != _script(previous):
            return 0.0
        # Single-byte code pages turn any bytes into such letters, so a Chinese reading made
        # of frequent characters must be able to outscore them.
        return 0.9
    category = unicodedata.category(ch)
    if category in ("Co", "Cn", "Cc", "Cs") or ch == "\ufffd":
        return 0.0
    return 1.0


def _latin1_weight(ch: str, previous: str) -> float:
    # Accented letters sit among ASCII in real Western text; mojibake pairs them up.
    if not ch.isalpha():
        return 0.0 if ch not in "\xa0\xb7\xab\xbb\xb0" else 1.0
    if previous and 0x80 <= ord(previous) <= 0xFF:
        return 0.0
    return 1.0


def _is_western_high(ch: str) -> bool:
    # What European code pages put above ASCII: Latin-1, Latin Extended-A/B, spacing
    # accents, and punctuation and symbols (U+2000..U+2BFF); not Greek or Cyrillic, whose
    # words are all non-ASCII.
    code = ord(ch)
    return 0x80 <= code <= 0x2FF or 0x2000 <= code <= 0x2BFF


def _script(ch: str) -> str:
    return unicodedata.name(ch, "UNKNOWN").split(" ", 1)[0]


def _is_han(ch: str) -> bool:
    code = ord(ch)
    return 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF


def _is_hangul(ch: str) -> bool:
    return 0xAC00 <= ord(ch) <= 0xD7A3


@functools.cache
def _common_han() -> frozenset[str]:
    """Han characters in everyday use: all of GB2312 plus Big5's frequently-used level 1."""
    chars: set[str] = set()
    for lead in range(0xB0, 0xF8):
        for trail in range(0xA1, 0xFF):
            _add_decoded(chars, bytes((lead, trail)), "gb2312")
    for lead in range(0xA4, 0xC7):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            if (lead, trail) <= (0xC6, 0x7E):
                _add_decoded(chars, bytes((lead, trail)), "big5")
    return frozenset(ch for ch in chars if _is_han(ch))


def _add_decoded(chars: set[str], raw: bytes, encoding: str) -> None:
    with contextlib.suppress(UnicodeDecodeError):
        chars.add(raw.decode(encoding))
