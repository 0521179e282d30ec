"""Build NearDup's labelled quality corpus at run time from Debian documentation.

Role: benchmark tooling (never imported by the app, never run in CI). The text comes from Debian
documentation packages installed on this machine; nothing derived from it is committed. From that
text the builder cuts distinct base documents, derives labelled cases from them (copies in other
formats and encodings, light and heavy edits, reordered paragraphs, partial copies pasted into
unrelated hosts, boilerplate-sharing negatives, broken files) and writes ``labels.json`` next to the
documents, which ``benchmarks/quality.py`` scores NearDup's JSON report against.

Usage::

    python benchmarks/corpus.py --source zh --out OUT [--seed 0] [--docs 200]

Scan ``OUT/docs`` with NearDup; every path in ``labels.json`` is relative to ``OUT``.

Overlaps in the labels are measured in non-whitespace characters: ``overlap_a`` is the fraction
of a's non-whitespace characters that come from b, ``overlap_b`` the reverse.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

# --------------------------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Package:
    """A Debian documentation package and the language of the prose we keep from it."""

    name: str
    lang: str  # "zh" or "en"
    # Only HTML files whose name matches are used (the packages ship several languages/variants).
    name_pattern: str = r".*"


SOURCES: dict[str, tuple[Package, ...]] = {
    "zh": (
        Package("debian-reference-zh-cn", "zh", r".*\.zh-cn\.html$"),
        Package("debian-faq-zh-cn", "zh", r".*\.zh-cn\.html$"),
    ),
    "en": (Package("debian-reference-en", "en", r".*\.en\.html$"),),
    # Held out: never used while tuning NearDup. Mixed Chinese and English.
    "heldout": (
        Package("maint-guide-zh-cn", "zh", r".*\.zh-cn\.html$"),
        Package("debian-edu-doc-zh-cn", "zh", r".*-manual\.html$"),
        Package("debian-faq", "en", r".*\.en\.html$"),
        Package("developers-reference", "en", r".*\.html$"),
    ),
}

LIBREOFFICE_PACKAGES = ("libreoffice-writer-nogui",)
CJK_FONT_PACKAGES = ("fonts-noto-cjk",)

CASES = (
    "copy-txt",
    "copy-docx",
    "copy-pdf",
    "light-edit",
    "heavy-edit",
    "reorder",
    "partial-10",
    "partial-30",
)
# Fraction of the base documents that get each derived case (copy-pdf is capped by --pdf-docs).
CASE_SHARE: dict[str, float] = {
    "copy-txt": 0.08,
    "copy-docx": 0.08,
    "copy-pdf": 0.10,
    "light-edit": 0.12,
    "heavy-edit": 0.12,
    "reorder": 0.08,
    "partial-10": 0.10,
    "partial-30": 0.10,
}
NEGATIVE_SHARE = 0.10
PAIR_KIND = {
    "copy-txt": "duplicate",
    "copy-docx": "duplicate",
    "copy-pdf": "duplicate",
    "light-edit": "near-duplicate",
    "heavy-edit": "near-duplicate",
    "reorder": "near-duplicate",
    "partial-10": "partial",
    "partial-30": "partial",
}
ACCEPT_KINDS = {
    # A format or encoding change can alter whitespace or add page furniture: either is right.
    "copy-txt": ["duplicate", "near-duplicate"],
    "copy-docx": ["duplicate", "near-duplicate"],
    "copy-pdf": ["duplicate", "near-duplicate"],
    "light-edit": ["near-duplicate"],
    "heavy-edit": ["near-duplicate"],
    "reorder": ["near-duplicate"],
    "partial-10": ["partial"],
    "partial-30": ["partial"],
}
EDIT_RATE = {"light-edit": 0.03, "heavy-edit": 0.12}

# Base document size in characters, per language: a Chinese character carries about as much as
# an English word, and the Chinese sources are too small for hundreds of 1.5k-8k documents.
DOC_CHARS = {"zh": (1000, 5000), "en": (1500, 8000)}

# Original boilerplate written for this benchmark (not Debian text): shared headers that make
# unrelated documents look alike on the surface.
BOILERPLATE = {
    "zh": [
        "本文件为内部学习资料，仅供课程讨论使用。未经编写小组书面同意，请勿转载、摘编或以其他方式"
        "对外发布。如发现内容有误，请通过课程邮箱联系维护人员，我们会在下一版中更正。",
        "版权与使用说明：本资料按原样提供，不附带任何明示或默示的担保。使用者应自行判断其中的操作"
        "步骤是否适用于自己的系统，并在修改配置前做好备份。",
    ],
    "en": [
        "This handout is internal course material, provided for discussion in class only. Please "
        "do not redistribute, excerpt or publish it without the written consent of the editorial "
        "group. If you find a mistake, write to the course mailbox and it will be fixed in the "
        "next revision.",
        "Copyright and use: this material is provided as is, without any warranty, express or "
        "implied. Readers must judge for themselves whether the steps apply to their own systems "
        "and should back up their configuration before changing it.",
    ],
}
# Short original words inserted or substituted by the edit operations.
FILLERS = {
    "zh": ["通常", "其实", "大致", "也", "一般来说", "实际上", "基本", "有时", "相应地", "可以"],
    "en": ["usually", "really", "also", "quite", "in practice", "often", "simply", "then", "now"],
}

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_PUNCT = "\u3000-\u303f\uff00-\uffef"
CJK_RE = re.compile(f"[{CJK}]")
SPACE_BETWEEN_CJK = re.compile(f"(?<=[{CJK}{CJK_PUNCT}])\\s+(?=[{CJK}{CJK_PUNCT}])")
WS_RE = re.compile(r"\s+")
SENTENCE_END = re.compile(r"[。！？；]+[”」』）)]*\s*|[.!?]+[\"”')\]]*(?:\s+|$)")
WORD_CHAR = re.compile(rf"[\w{CJK}]")


def nonws_len(text: str) -> int:
    """Number of non-whitespace characters: the unit of every overlap figure in the labels."""
    return len(text) - sum(1 for ch in text if ch.isspace())


def strip_ws(text: str) -> str:
    return WS_RE.sub("", text)


# --------------------------------------------------------------------------------------------
# Installing and locating the Debian packages
# --------------------------------------------------------------------------------------------


def is_installed(package: str) -> bool:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        return False
    return out.returncode == 0 and out.stdout.strip().endswith("installed")


def ensure_packages(packages: Sequence[str], *, required: bool = True) -> bool:
    """Install missing Debian packages when root; otherwise say what to install.

    Returns True when all packages are installed afterwards. When ``required`` is set and they are
    not, exits with a message naming the packages.
    """
    missing = [p for p in packages if not is_installed(p)]
    if not missing:
        return True
    cmd = ["apt-get", "install", "-y", "--no-install-recommends", *missing]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"corpus: installing {' '.join(missing)} ...", file=sys.stderr)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if result.returncode == 0 and all(is_installed(p) for p in missing):
            return True
        print(result.stderr[-2000:], file=sys.stderr)
    message = f"corpus: missing Debian packages; run as root:\n  {' '.join(cmd)}"
    if required:
        raise SystemExit(message)
    print(message, file=sys.stderr)
    return False


def package_html_files(package: Package) -> list[Path]:
    """HTML files of a package (from ``dpkg -L``), one per distinct content, in a stable order."""
    out = subprocess.run(
        ["dpkg", "-L", package.name], capture_output=True, text=True, check=True
    ).stdout
    pattern = re.compile(package.name_pattern)
    seen: set[str] = set()
    files: list[Path] = []
    for line in sorted(out.splitlines()):
        path = Path(line)
        if path.suffix != ".html" or not pattern.match(path.name):
            continue
        # Tables of contents and search pages are navigation, not prose.
        if path.name.startswith(("index", "search", "genindex")) or not path.is_file():
            continue
        digest = hashlib.sha1(path.read_bytes()).hexdigest()
        if digest in seen:  # the FAQ ships name.html and name.en.html with the same content
            continue
        seen.add(digest)
        files.append(path)
    return files


# --------------------------------------------------------------------------------------------
# HTML to prose paragraphs
# --------------------------------------------------------------------------------------------

BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "li",
        "dt",
        "dd",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "br",
        "tr",
        "td",
        "th",
        "ul",
        "ol",
        "dl",
        "title",
        "section",
        "article",
        "aside",
        "figure",
        "figcaption",
        "caption",
        "hr",
    ]
)
SKIP_TAGS = frozenset(
    ["script", "style", "pre", "nav", "head", "code-block", "form", "select", "button"]
)
SKIP_CLASSES = frozenset(
    [
        "navheader",
        "navfooter",
        "toc",
        "list-of-tables",
        "list-of-figures",
        "related",
        "sphinxsidebar",
        "footer",
        "highlight",
        "headerlink",
        "screen",
        "programlisting",
        "literallayout",
        "synopsis",
        "index",
        "breadcrumbs",
    ]
)
# Data tables (package lists and the like); DocBook also lays out admonitions with bare <table>s,
# which hold prose, so only classed tables are dropped.
TABLE_CLASSES = frozenset(["table", "informaltable", "docutils"])
VOID_TAGS = frozenset(
    [
        "br",
        "hr",
        "img",
        "meta",
        "link",
        "input",
        "area",
        "base",
        "col",
        "embed",
        "source",
        "track",
        "wbr",
    ]
)


class ProseParser(HTMLParser):
    """Collects the text of block elements, skipping code, tables and navigation."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self._current: list[str] = []
        self._skip_stack: list[str] = []  # open tags inside a skipped element
        self._skipping = False

    def _flush(self) -> None:
        if self._current:
            self.blocks.append("".join(self._current))
            self._current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._skipping:
            if tag not in VOID_TAGS:
                self._skip_stack.append(tag)
            return
        classes = set((dict(attrs).get("class") or "").split())
        is_table = tag in ("table", "div") and bool(classes & TABLE_CLASSES)
        if tag in SKIP_TAGS or classes & SKIP_CLASSES or is_table:
            self._flush()
            if tag not in VOID_TAGS:
                self._skipping = True
                self._skip_stack = [tag]
            return
        if tag in BLOCK_TAGS:
            self._flush()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._skipping and tag in BLOCK_TAGS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if self._skipping:
            # Pop to the matching open tag; tolerate unclosed children such as <p> or <li>.
            if tag in self._skip_stack:
                while self._skip_stack:
                    if self._skip_stack.pop() == tag:
                        break
            if not self._skip_stack:
                self._skipping = False
            return
        if tag in BLOCK_TAGS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def clean_paragraph(raw: str) -> str:
    text = WS_RE.sub(" ", raw).strip()
    return SPACE_BETWEEN_CJK.sub("", text)


def is_prose(text: str, lang: str) -> bool:
    n = nonws_len(text)
    if n < 20 or n > 4000:
        return False
    letters = sum(1 for ch in text if WORD_CHAR.match(ch))
    if letters < 0.5 * n:  # code, tables of symbols, URLs
        return False
    cjk = len(CJK_RE.findall(text))
    if lang == "zh":
        return cjk >= 0.2 * n
    return cjk == 0 and len(text.split()) >= 6


def html_paragraphs(path: Path, lang: str) -> list[str]:
    parser = ProseParser()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    paragraphs = [clean_paragraph(block) for block in parser.blocks]
    return [p for p in paragraphs if is_prose(p, lang)]


# --------------------------------------------------------------------------------------------
# Base documents
# --------------------------------------------------------------------------------------------


@dataclass
class BaseDoc:
    """A run of consecutive prose paragraphs from one source file."""

    paragraphs: list[str]
    lang: str
    origin: str  # package/file name, for the labels

    @property
    def text(self) -> str:
        return join_paragraphs(self.paragraphs)


def join_paragraphs(paragraphs: Iterable[str]) -> str:
    return "\n\n".join(paragraphs) + "\n"


def shingles(text: str, n: int = 8) -> set[int]:
    s = strip_ws(text)
    return {hash(s[i : i + n]) for i in range(max(1, len(s) - n + 1))}


def cut_base_docs(packages: Sequence[Package], rng: random.Random) -> list[BaseDoc]:
    """Cut every package's prose into distinct base documents of 1.5k-8k characters."""
    seen_paragraphs: set[str] = set()
    seen_shingles: set[int] = set()
    docs: list[BaseDoc] = []
    for package in packages:
        for path in package_html_files(package):
            paragraphs = []
            for p in html_paragraphs(path, package.lang):
                key = strip_ws(p).lower()
                if key not in seen_paragraphs:  # repeated notes, licences, navigation text
                    seen_paragraphs.add(key)
                    paragraphs.append(p)
            n = 8 if package.lang == "zh" else 16  # ~3 English or ~5 Chinese words a shingle
            for chunk in chunk_paragraphs(paragraphs, DOC_CHARS[package.lang], rng):
                # Manuals repeat passages between sections (release notes, warnings): drop
                # paragraphs that mostly repeat text already taken, so that unrelated base
                # documents really share no passage and every shared one is labelled.
                fresh = [
                    p
                    for p in chunk
                    if len(shingles(p, n) & seen_shingles) <= 0.3 * len(shingles(p, n))
                ]
                if not fresh:
                    continue
                chunk = fresh  # noqa: PLW2901
                sh = shingles(join_paragraphs(chunk), n)
                # Skip sections that are close to one already taken, so that base documents are
                # unrelated to each other.
                if len(sh & seen_shingles) > 0.2 * len(sh):
                    continue
                seen_shingles |= sh
                docs.append(BaseDoc(chunk, package.lang, f"{package.name}/{path.name}"))
    return docs


def chunk_paragraphs(
    paragraphs: list[str], size_range: tuple[int, int], rng: random.Random
) -> Iterator[list[str]]:
    min_chars, max_chars = size_range
    i = 0
    while i < len(paragraphs):
        target = rng.uniform(min_chars, max_chars)
        chunk: list[str] = []
        size = 0
        while i < len(paragraphs) and size < target:
            p = paragraphs[i]
            if size + len(p) > max_chars and chunk:
                break
            chunk.append(p)
            size += len(p) + 2
            i += 1
        if min_chars <= size <= max_chars + 2 and len(chunk) >= 2:
            yield chunk


# --------------------------------------------------------------------------------------------
# Sentences and edits
# --------------------------------------------------------------------------------------------


def split_sentences(paragraph: str) -> list[str]:
    """Split into sentences that keep their trailing whitespace, so ''.join() is the input."""
    sentences: list[str] = []
    start = 0
    for m in SENTENCE_END.finditer(paragraph):
        if m.end() > start:
            sentences.append(paragraph[start : m.end()])
            start = m.end()
    if start < len(paragraph):
        sentences.append(paragraph[start:])
    return sentences


def edit_sentence(sentence: str, lang: str, vocab: Sequence[str], rng: random.Random) -> str:
    """Apply one to three word substitutions, deletions or insertions inside a sentence."""
    body = sentence.rstrip()
    tail = sentence[len(body) :]
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(("substitute", "delete", "insert"))
        if lang == "zh" and CJK_RE.search(body):
            positions = [i for i, ch in enumerate(body) if CJK_RE.match(ch)]
            pos = rng.choice(positions)
            span = rng.randint(1, 3)
            if op == "delete" and len(positions) > 6:
                body = body[:pos] + body[pos + span :]
            elif op == "insert":
                body = body[:pos] + rng.choice(FILLERS["zh"]) + body[pos:]
            else:
                body = body[:pos] + rng.choice(vocab) + body[pos + span :]
        else:
            words = body.split(" ")
            pos = rng.randrange(len(words))
            if op == "delete" and len(words) > 4:
                del words[pos]
            elif op == "insert":
                words.insert(pos, rng.choice(FILLERS["en"]))
            else:
                words[pos] = rng.choice(vocab)
            body = " ".join(words)
    if body == sentence.rstrip():
        body = body + (FILLERS["zh"][0] if lang == "zh" else " " + FILLERS["en"][0])
    return body + tail


def vocabulary(text: str, lang: str) -> list[str]:
    pattern = f"[{CJK}]{{2}}" if lang == "zh" else r"[A-Za-z]{3,}"
    return re.findall(pattern, text) or FILLERS[lang]


def matched_chars(original: str, edited: str) -> int:
    """Non-whitespace characters of ``edited`` that still match ``original``."""
    a, b = strip_ws(original), strip_ws(edited)
    blocks = difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return sum(block.size for block in blocks)


@dataclass
class Derived:
    """A derived document before it is written: its text, case and expected overlaps."""

    case: str
    paragraphs: list[str]
    source: int  # index of the base document
    overlap_a: float = 1.0
    overlap_b: float = 1.0
    extra: dict[str, Any] = field(default_factory=dict)


def edit_document(doc: BaseDoc, rate: float, rng: random.Random) -> tuple[list[str], int]:
    """Edit about ``rate`` of the sentences; returns paragraphs and non-ws characters kept."""
    sentences = [split_sentences(p) for p in doc.paragraphs]
    flat = [(i, j) for i, ss in enumerate(sentences) for j, s in enumerate(ss) if nonws_len(s) >= 8]
    n_edit = max(1, round(rate * len(flat)))
    vocab = vocabulary(doc.text, doc.lang)
    kept = sum(nonws_len(s) for ss in sentences for s in ss)
    for i, j in rng.sample(flat, min(n_edit, len(flat))):
        original = sentences[i][j]
        sentences[i][j] = edit_sentence(original, doc.lang, vocab, rng)
        kept -= nonws_len(original) - matched_chars(original, sentences[i][j])
    return ["".join(ss) for ss in sentences], kept


def make_edit(case: str, index: int, doc: BaseDoc, rng: random.Random) -> Derived:
    paragraphs, kept = edit_document(doc, EDIT_RATE[case], rng)
    return Derived(
        case,
        paragraphs,
        index,
        overlap_a=kept / nonws_len(join_paragraphs(paragraphs)),
        overlap_b=kept / nonws_len(doc.text),
    )


def make_reorder(index: int, doc: BaseDoc, rng: random.Random) -> Derived:
    order = list(range(len(doc.paragraphs)))
    while order == sorted(order):
        rng.shuffle(order)
    return Derived("reorder", [doc.paragraphs[i] for i in order], index)


def make_partial(
    case: str, index: int, source: BaseDoc, host: BaseDoc, rng: random.Random
) -> Derived:
    """Paste 1-3 contiguous runs totalling ~10% or ~30% of ``source`` into ``host``."""
    fraction = 0.10 if case == "partial-10" else 0.30
    flat: list[tuple[int, str]] = [
        (i, s) for i, p in enumerate(source.paragraphs) for s in split_sentences(p)
    ]
    total = nonws_len(source.text)
    goal = fraction * total
    n_runs = rng.choice((1, 2, 3)) if goal >= 600 else 1
    per_run = goal / n_runs
    seg_len = len(flat) // n_runs
    runs: list[tuple[int, int]] = []
    for r in range(n_runs):
        lo, hi = r * seg_len, (len(flat) if r == n_runs - 1 else (r + 1) * seg_len)
        # Latest start from which the run can still reach its size inside the segment.
        sizes = [nonws_len(s) for _, s in flat[lo:hi]]
        starts = [k for k in range(len(sizes)) if sum(sizes[k:]) >= per_run * 0.95 or k == 0]
        start = lo + rng.choice(starts)
        end, got = start, 0
        while end < hi and got < per_run:
            got += nonws_len(flat[end][1])
            end += 1
        runs.append((start, end))
    edit_pasted = rng.random() < 0.5
    vocab = vocabulary(source.text, source.lang)
    pasted_blocks: list[list[str]] = []
    matched = 0
    for start, end in runs:
        sentences = [s for _, s in flat[start:end]]
        paras = [i for i, _ in flat[start:end]]
        edited = list(sentences)
        if edit_pasted:
            candidates = [k for k, s in enumerate(sentences) if nonws_len(s) >= 8]
            n_edit = max(1, round(0.05 * len(candidates)))
            for k in rng.sample(candidates, min(n_edit, len(candidates))):
                edited[k] = edit_sentence(sentences[k], source.lang, vocab, rng)
        matched += sum(matched_chars(o, e) for o, e in zip(sentences, edited, strict=True))
        block: list[str] = []
        for k, sentence in enumerate(edited):
            if k == 0 or paras[k] != paras[k - 1]:
                block.append("")
            block[-1] += sentence
        pasted_blocks.append([b.strip() for b in block if b.strip()])
    # Insert the runs, in order, at distinct paragraph boundaries of the host.
    slots = sorted(
        rng.sample(range(1, len(host.paragraphs)), min(n_runs, len(host.paragraphs) - 1))
    )
    while len(slots) < n_runs:
        slots.append(len(host.paragraphs))
    paragraphs: list[str] = []
    prev = 0
    for slot, block in zip(slots, pasted_blocks, strict=True):
        paragraphs.extend(host.paragraphs[prev:slot])
        paragraphs.extend(block)
        prev = slot
    paragraphs.extend(host.paragraphs[prev:])
    derived_len = nonws_len(join_paragraphs(paragraphs))
    return Derived(
        case,
        paragraphs,
        index,
        overlap_a=matched / derived_len,
        overlap_b=matched / total,
        extra={
            "source_sentence_runs": [list(r) for r in runs],
            "pasted_edited": edit_pasted,
        },
    )


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


# --------------------------------------------------------------------------------------------
# The build
# --------------------------------------------------------------------------------------------


MIN_PER_CASE = 10


def plan_cases(n_docs: int, pdf_docs: int) -> dict[str, int]:
    # A floor per case keeps recall figures meaningful when the sources are small; sources may
    # then have several derived documents, which only makes their near-duplicate clusters larger.
    floor = min(MIN_PER_CASE, max(1, n_docs // 7))
    counts = {case: max(floor, round(CASE_SHARE[case] * n_docs)) for case in CASES}
    counts["copy-pdf"] = min(counts["copy-pdf"], pdf_docs)
    return counts


def build(
    source: str,
    out: Path,
    *,
    seed: int = 0,
    n_docs: int = 200,
    pdf_docs: int = 30,
    install: bool = True,
) -> dict[str, Any]:
    """Build the corpus in ``out`` and return the labels (also written to ``out/labels.json``)."""
    started = time.perf_counter()
    packages = SOURCES[source]
    if install:
        ensure_packages([p.name for p in packages])
    rng = random.Random(seed)
    pool = cut_base_docs(packages, rng)
    if len(pool) < n_docs:
        print(
            f"corpus: only {len(pool)} distinct base documents available (asked for {n_docs})",
            file=sys.stderr,
        )
        n_docs = len(pool)
    bases = rng.sample(pool, n_docs)
    counts = plan_cases(n_docs, pdf_docs)
    n_partial = counts["partial-10"] + counts["partial-30"]
    n_negative = max(2, round(NEGATIVE_SHARE * n_docs))
    # Hosts are consumed by partial cases and never written on their own: a host next to its
    # pasted-into version would be one more (unlabelled) near-duplicate.
    order = list(range(n_docs))
    hosts = order[:n_partial]
    negatives = order[n_partial : n_partial + n_negative]
    plain = order[n_partial + n_negative :]

    if out.exists():
        shutil.rmtree(out)
    docs_dir = out / "docs"
    for sub in ("base", "negative", "derived"):
        (docs_dir / sub).mkdir(parents=True)

    documents: list[dict[str, Any]] = []
    base_path: dict[int, str] = {}
    for i in plain:
        rel = f"docs/base/b{i:04d}.txt"
        (out / rel).write_text(bases[i].text, encoding="utf-8")
        base_path[i] = rel
        documents.append(doc_entry(rel, "base", None, None, None, bases[i], encoding="utf-8"))
    for n, i in enumerate(negatives):
        doc = bases[i]
        boiler = BOILERPLATE[doc.lang][: 1 + n % 2]
        rel = f"docs/negative/n{i:04d}.txt"
        (out / rel).write_text(join_paragraphs([*boiler, *doc.paragraphs]), encoding="utf-8")
        entry = doc_entry(rel, "negative", None, None, None, doc, encoding="utf-8")
        entry["boilerplate_paragraphs"] = len(boiler)
        documents.append(entry)

    derived: list[Derived] = []
    for case in CASES:
        for _ in range(counts[case]):
            src = rng.choice(plain)
            doc = bases[src]
            if case in ("copy-txt", "copy-docx", "copy-pdf"):
                derived.append(Derived(case, list(doc.paragraphs), src))
            elif case in EDIT_RATE:
                derived.append(make_edit(case, src, doc, rng))
            elif case == "reorder":
                while len(bases[src].paragraphs) < 3:
                    src = rng.choice(plain)
                derived.append(make_reorder(src, bases[src], rng))
    # Partial cases: pair each source with the free host closest to it in length.
    free_hosts = list(hosts)
    for case in ("partial-10", "partial-30"):
        for _ in range(counts[case]):
            src = rng.choice(plain)
            length = nonws_len(bases[src].text)
            host = min(free_hosts, key=lambda h: abs(nonws_len(bases[h].text) - length))
            free_hosts.remove(host)
            item = make_partial(case, src, bases[src], bases[host], rng)
            item.extra["host_origin"] = bases[host].origin
            derived.append(item)

    pairs: list[dict[str, Any]] = []
    pdf_jobs: list[tuple[Path, Derived, str]] = []
    with tempfile.TemporaryDirectory(prefix="neardup-docx-") as tmp:
        for n, item in enumerate(derived):
            stem = f"d{n:04d}-{item.case}"
            doc = bases[item.source]
            encoding: str | None = None
            if item.case == "copy-docx":
                rel = f"docs/derived/{stem}.docx"
                write_docx(item.paragraphs, out / rel)
            elif item.case == "copy-pdf":
                rel = f"docs/derived/{stem}.pdf"
                docx_path = Path(tmp) / f"{stem}.docx"
                write_docx(item.paragraphs, docx_path)
                pdf_jobs.append((docx_path, item, rel))
            elif item.case == "copy-txt":
                rel = f"docs/derived/{stem}.txt"
                encoding = write_txt_copy(item.paragraphs, out / rel, txt_encoding(doc.lang, n))
            else:
                rel = f"docs/derived/{stem}.txt"
                encoding = "utf-8"
                (out / rel).write_text(join_paragraphs(item.paragraphs), encoding="utf-8")
            entry = doc_entry(
                rel,
                item.case,
                base_path[item.source],
                round(item.overlap_a, 4),
                round(item.overlap_b, 4),
                doc,
                encoding=encoding,
            )
            entry["chars"] = nonws_len(join_paragraphs(item.paragraphs))
            entry.update(item.extra)
            documents.append(entry)
            pairs.append(
                {
                    "a": rel,
                    "b": base_path[item.source],
                    "kind": PAIR_KIND[item.case],
                    "case": item.case,
                    "overlap_a": round(item.overlap_a, 4),
                    "overlap_b": round(item.overlap_b, 4),
                    "accept_kinds": ACCEPT_KINDS[item.case],
                }
            )
        pdf_engine = write_pdfs(pdf_jobs, out, Path(tmp), install=install)

    broken = write_broken(out, bases, rng)
    for rel in broken:
        documents.append(
            {
                "path": rel,
                "kind": "broken",
                "source_doc": None,
                "expected_overlap_a": None,
                "expected_overlap_b": None,
            }
        )
    labels: dict[str, Any] = {
        "source": source,
        "packages": [p.name for p in packages],
        "seed": seed,
        "scan_root": "docs",
        "overlap_unit": "non-whitespace characters",
        "pdf_engine": pdf_engine,
        "counts": {
            "base": len(plain),
            "negative": len(negatives),
            "hosts_consumed": n_partial,
            **{case: counts[case] for case in CASES},
            "broken": len(broken),
            "files": len(documents),
        },
        "documents": documents,
        "pairs": pairs,
        "broken": broken,
    }
    (out / "labels.json").write_text(json.dumps(labels, ensure_ascii=False, indent=1) + "\n")
    labels["build_seconds"] = round(time.perf_counter() - started, 1)
    return labels


def doc_entry(
    rel: str,
    kind: str,
    source_doc: str | None,
    overlap_a: float | None,
    overlap_b: float | None,
    doc: BaseDoc,
    *,
    encoding: str | None,
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "path": rel,
        "kind": kind,
        "source_doc": source_doc,
        "expected_overlap_a": overlap_a,
        "expected_overlap_b": overlap_b,
        "lang": doc.lang,
        "origin": doc.origin,
    }
    if encoding:
        entry["encoding"] = encoding
    return entry


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


# --------------------------------------------------------------------------------------------
# Consistency check
# --------------------------------------------------------------------------------------------


def read_text(root: Path, entry: dict[str, Any]) -> str | None:
    """Text of a labelled .txt or .docx document (None for PDFs and broken files)."""
    path = root / entry["path"]
    if entry["kind"] == "broken":
        return None
    if path.suffix == ".txt":
        return path.read_bytes().decode(entry.get("encoding", "utf-8"))
    if path.suffix == ".docx":
        import docx

        return "\n\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    return None


def coverage(a: str, b: str, n: int = 20) -> float:
    """Fraction of a's non-ws characters covered by n-grams that also occur in b."""
    sa, sb = strip_ws(a), strip_ws(b)
    grams_b = {sb[i : i + n] for i in range(len(sb) - n + 1)}
    covered = bytearray(len(sa))
    for i in range(len(sa) - n + 1):
        if sa[i : i + n] in grams_b:
            covered[i : i + n] = b"\1" * n
    return sum(covered) / max(1, len(sa))


def verify(root: Path) -> dict[str, Any]:
    """Check that every labelled file exists and recompute overlaps independently.

    Overlaps are re-estimated by 20-gram coverage on the files as written (PDFs skipped), which
    is independent of how the builder computed them; the result lists the largest deviation per
    case. The estimate can exceed the label when the source repeats its own phrases (paths,
    command names): the label counts the characters actually copied. Text copies must equal
    their source up to whitespace.
    """
    labels = json.loads((root / "labels.json").read_text())
    by_path = {d["path"]: d for d in labels["documents"]}
    problems: list[str] = [p for p in by_path if not (root / p).is_file()]
    on_disk = {
        str(p.relative_to(root)) for p in (root / labels["scan_root"]).rglob("*") if p.is_file()
    }
    problems += [f"unlabelled file {p}" for p in sorted(on_disk - set(by_path))]
    deviation: dict[str, float] = {}
    for pair in labels["pairs"]:
        text_a = read_text(root, by_path[pair["a"]])
        text_b = read_text(root, by_path[pair["b"]])
        if text_a is None or text_b is None:
            continue
        if pair["case"] in ("copy-txt", "copy-docx") and strip_ws(text_a) != strip_ws(text_b):
            problems.append(f"copy differs from source: {pair['a']}")
        dev = max(
            abs(coverage(text_a, text_b) - pair["overlap_a"]),
            abs(coverage(text_b, text_a) - pair["overlap_b"]),
        )
        deviation[pair["case"]] = max(deviation.get(pair["case"], 0.0), round(dev, 4))
    for rel in labels["broken"]:
        if not (root / rel).is_file():
            problems.append(f"missing broken file {rel}")
    for doc in labels["documents"]:
        if doc["path"].endswith(".docx") and doc["kind"] != "broken":
            with zipfile.ZipFile(root / doc["path"]) as z:
                z.testzip()
    return {"files": len(on_disk), "problems": problems, "max_overlap_deviation": deviation}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", choices=sorted(SOURCES), required=True)
    parser.add_argument("--out", type=Path, required=True, help="output folder (replaced)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--docs",
        type=int,
        default=200,
        help="number of base documents (capped by what the sources hold)",
    )
    parser.add_argument("--pdf-docs", type=int, default=30, help="cap on copy-pdf cases")
    parser.add_argument("--no-install", action="store_true", help="never call apt-get")
    parser.add_argument("--no-verify", action="store_true", help="skip the consistency check")
    args = parser.parse_args(argv)
    labels = build(
        args.source,
        args.out,
        seed=args.seed,
        n_docs=args.docs,
        pdf_docs=args.pdf_docs,
        install=not args.no_install,
    )
    summary = {k: labels[k] for k in ("source", "counts", "pdf_engine", "build_seconds")}
    print(json.dumps(summary, indent=1))
    if not args.no_verify:
        check = verify(args.out)
        print(json.dumps(check, indent=1))
        if check["problems"]:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
