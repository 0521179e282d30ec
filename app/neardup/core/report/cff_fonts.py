"""Chinese fonts with CFF outlines made embeddable in the printable report.

The Chinese fonts Linux distributions ship (Noto Sans CJK, Noto Serif CJK: ``.ttc`` and
``.otf`` files) draw their glyphs with CFF (cubic) outlines, and reportlab embeds only
TrueType (quadratic, ``glyf``) ones. So for each report the font is cut down to the
characters it prints (fontTools' subsetter: a few hundred glyphs of 65,000, in about a
second), and those glyphs' outlines are converted to quadratic curves (``cu2qu``, within a
thousandth of the em). The result is a small TrueType font that reportlab embeds as any other.
"""

from __future__ import annotations

import io
from pathlib import Path

# The CFF Chinese fonts of common Linux distributions, Simplified Chinese faces first.
CFF_HAN = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf",
    "/usr/share/fonts/OTF/NotoSansCJK-Regular.ttc",
)
# Converting cubic curves to quadratic ones: the largest error allowed, in font units per
# unit of the em (1/1000 of the em, invisible at any print size).
_MAX_ERROR = 1.0


def has_cff_han(path: Path) -> bool:
    """Whether the file is a font with CFF outlines and Chinese characters in it."""
    return _face_number(path) is not None


def truetype_subset(path: Path, characters: str) -> bytes | None:
    """The font at ``path``, cut down to ``characters`` and with TrueType outlines; None when
    it is no CFF font with Chinese characters, or cannot be read."""
    number = _face_number(path)
    if number is None:
        return None
    try:
        return _converted(path, number, characters)
    except Exception:  # fontTools raises many kinds on damaged fonts: the caller falls back
        return None


def _face_number(path: Path) -> int | None:
    """The face to use: in a collection, the Simplified Chinese one, else the first with 中."""
    from fontTools.ttLib import TTCollection, TTFont, TTLibError

    try:
        with path.open("rb") as file:
            collection = file.read(4) == b"ttcf"
        faces = TTCollection(str(path), lazy=True).fonts if collection else [TTFont(str(path))]
        usable = [
            n
            for n, face in enumerate(faces)
            if "CFF " in face and ord("中") in (face.getBestCmap() or {})
        ]
        names = {n: str(faces[n]["name"].getDebugName(4) or "") for n in usable}
    except (OSError, TTLibError, KeyError, AssertionError, ValueError):
        return None
    simplified = [n for n in usable if " SC" in names[n]]
    chosen = simplified or usable
    return chosen[0] if chosen else None


def _converted(path: Path, number: int, characters: str) -> bytes:
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(str(path), fontNumber=number, lazy=True)
    options = subset.Options()
    options.layout_features = []  # no shaping tables: reportlab lays out by cmap alone
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        # TrueType contours run the other way round from PostScript ones.
        glyphs[name].draw(Cu2QuPen(pen, _MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for table in ("CFF ", "VORG"):
        if table in font:
            del font[table]
    font.sfntVersion = "\x00\x01\x00\x00"
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
