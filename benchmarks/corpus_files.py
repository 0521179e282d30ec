"""Files of the quality corpus: txt, docx and PDF copies, broken files, LibreOffice.

Role: benchmark tooling, one part of ``corpus.py``'s build. It writes documents in the formats
and encodings the copy cases need (re-encoded .txt, .docx, PDF through one batch LibreOffice
conversion or reportlab when that fails) and the deliberately broken files.
"""

from __future__ import annotations

import io
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from corpus_edits import Derived
from corpus_sources import CJK_RE, BaseDoc, ensure_packages, join_paragraphs

LIBREOFFICE_PACKAGES = ("libreoffice-writer-nogui",)
CJK_FONT_PACKAGES = ("fonts-noto-cjk",)


# --------------------------------------------------------------------------------------------
# Writing files
# --------------------------------------------------------------------------------------------


def write_docx(paragraphs: Sequence[str], path: Path) -> None:
    import docx

    document = docx.Document()
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    document.save(str(path))


def docx_bytes(paragraphs: Sequence[str]) -> bytes:
    import docx

    document = docx.Document()
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def write_pdf_reportlab(paragraphs: Sequence[str], path: Path, lang: str) -> None:
    """Fallback PDF writer: reportlab with the built-in STSong-Light CID font."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    style = ParagraphStyle(
        "body",
        fontName="STSong-Light",
        fontSize=11,
        leading=16,
        spaceAfter=8,
        wordWrap="CJK" if lang == "zh" else None,
    )
    story = [Paragraph(escape_xml(p), style) for p in paragraphs]
    SimpleDocTemplate(str(path), pagesize=A4).build(story)


def escape_xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def convert_with_libreoffice(docx_files: Sequence[Path], outdir: Path) -> set[Path]:
    """Convert docx files to PDF in one LibreOffice call; returns the PDFs that were produced."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice or not docx_files:
        return set()
    with tempfile.TemporaryDirectory(prefix="neardup-lo-") as profile:
        cmd = [
            soffice,
            f"-env:UserInstallation={Path(profile).as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            "pdf",
            "--outdir",
            str(outdir),
            *map(str, docx_files),
        ]
        try:
            subprocess.run(cmd, capture_output=True, timeout=600, check=False)
        except subprocess.TimeoutExpired:
            print("corpus: LibreOffice timed out", file=sys.stderr)
    produced = {outdir / (f.stem + ".pdf") for f in docx_files}
    return {p for p in produced if p.is_file() and p.stat().st_size > 0}


def txt_encoding(lang: str, n: int) -> str:
    choices = (
        ("gb18030", "utf-16", "utf-8-sig") if lang == "zh" else ("utf-16", "cp1252", "utf-8-sig")
    )
    return choices[n % len(choices)]


def write_txt_copy(paragraphs: Sequence[str], path: Path, encoding: str) -> str:
    text = join_paragraphs(paragraphs)
    if encoding in ("gb18030", "cp1252"):
        text = text.replace("\n", "\r\n")  # the Windows habits that come with these encodings
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        encoding = "utf-16"
        data = text.encode(encoding)
    path.write_bytes(data)
    return encoding


def write_broken(out: Path, docs: Sequence[BaseDoc], rng: random.Random) -> list[str]:
    broken = out / "docs" / "broken"
    broken.mkdir(parents=True, exist_ok=True)
    sample = docs[0].paragraphs
    (broken / "empty.txt").write_bytes(b"")
    data = docx_bytes(sample)
    (broken / "truncated.docx").write_bytes(data[: len(data) // 2])
    (broken / "not-a-zip.docx").write_bytes(b"PK\x03\x04" + rng.randbytes(3000))
    (broken / "corrupt.pdf").write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + rng.randbytes(20000))
    (broken / "binary.txt").write_bytes(bytes(rng.randrange(256) for _ in range(8192)) + b"\0" * 64)
    names = ["empty.txt", "truncated.docx", "not-a-zip.docx", "corrupt.pdf", "binary.txt"]
    try:
        from reportlab.lib.pdfencrypt import StandardEncryption
        from reportlab.pdfgen import canvas

        enc = StandardEncryption("user-secret", ownerPassword="owner-secret", strength=128)
        pdf = canvas.Canvas(str(broken / "encrypted.pdf"), encrypt=enc)
        pdf.drawString(72, 720, "This PDF needs a password to open.")
        pdf.save()
        names.append("encrypted.pdf")
    except Exception as exc:  # reportlab missing or too old: skip the encrypted case
        print(f"corpus: no encrypted PDF ({exc})", file=sys.stderr)
    return [f"docs/broken/{name}" for name in names]


def write_pdfs(
    jobs: Sequence[tuple[Path, Derived, str]], out: Path, tmp: Path, *, install: bool
) -> str:
    """Write the copy-pdf cases, with LibreOffice when possible, else reportlab."""
    if not jobs:
        return "none"
    has_lo = bool(shutil.which("soffice"))
    if not has_lo and install:
        has_lo = ensure_packages(LIBREOFFICE_PACKAGES, required=False)
    if has_lo and install:
        ensure_packages(CJK_FONT_PACKAGES, required=False)
    produced: set[Path] = set()
    if has_lo:
        pdf_dir = tmp / "pdf"
        pdf_dir.mkdir()
        produced = convert_with_libreoffice([docx for docx, _, _ in jobs], pdf_dir)
    engines: set[str] = set()
    for docx_path, item, rel in jobs:
        pdf = tmp / "pdf" / f"{docx_path.stem}.pdf"
        if pdf in produced:
            shutil.move(pdf, out / rel)
            engines.add("libreoffice")
        else:
            lang = "zh" if any(CJK_RE.search(p) for p in item.paragraphs) else "en"
            write_pdf_reportlab(item.paragraphs, out / rel, lang)
            engines.add("reportlab")
    return "+".join(sorted(engines))
