"""Draw NearDup's app icon with Qt's QPainter: resources/neardup.png and resources/neardup.ico.

Run by hand after changing the drawing (the generated files are committed, so
builds need neither this script nor a display):

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icon.py

The picture: two overlapping sheets of paper on a rounded tile, the lines they
share drawn in the accent colour, that is, two documents and the text they have in common.
The ICO file holds PNG-compressed images at the usual Windows sizes; its small
container format is written here directly so no image library beyond Qt is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QLinearGradient, QPainter, QPen

ROOT = Path(__file__).resolve().parents[1]
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

TILE_TOP = QColor("#1f6f8b")
TILE_BOTTOM = QColor("#134b5f")
PAPER = QColor("#fbfbf8")
PAPER_EDGE = QColor("#9fb7c0")
TEXT_LINE = QColor("#b8c4c9")
SHARED_LINE = QColor("#f2a541")


def draw(size: int) -> QImage:
    """The icon at size×size pixels, drawn on a 256-unit canvas and scaled."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 256, size / 256)

    gradient = QLinearGradient(QPointF(0, 0), QPointF(0, 256))
    gradient.setColorAt(0, TILE_TOP)
    gradient.setColorAt(1, TILE_BOTTOM)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gradient)
    painter.drawRoundedRect(QRectF(8, 8, 240, 240), 44, 44)

    # Small sizes get thicker strokes and fewer lines so the shapes stay legible.
    small = size <= 32
    line_width = 12.0 if small else 8.0
    rows = (0, 1, 2) if small else (0, 1, 2, 3, 4)
    step = 26.0 if small else 18.0
    for x, y, shared in ((40.0, 36.0, (1, 2)), (100.0, 84.0, (0, 1))):
        painter.setPen(QPen(PAPER_EDGE, 3))
        painter.setBrush(PAPER)
        painter.drawRoundedRect(QRectF(x, y, 116, 140), 12, 12)
        for row in rows:
            colour = SHARED_LINE if row in shared else TEXT_LINE
            painter.setPen(QPen(colour, line_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            top = y + 30 + row * step
            end = x + (92 if row != rows[-1] else 64)
            painter.drawLine(QPointF(x + 22, top), QPointF(end, top))
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not encode a PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(images: list[bytes], sizes: tuple[int, ...]) -> bytes:
    """An ICO container (ICONDIR + ICONDIRENTRY per image) holding PNG payloads."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, payload = b"", b""
    for size, data in zip(sizes, images, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in ICO entries
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    out = ROOT / "resources"
    out.mkdir(exist_ok=True)
    (out / "neardup.png").write_bytes(png_bytes(draw(256)))
    (out / "neardup.ico").write_bytes(
        ico_bytes([png_bytes(draw(size)) for size in ICO_SIZES], ICO_SIZES)
    )
    print(f"wrote {out / 'neardup.png'} and {out / 'neardup.ico'}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
