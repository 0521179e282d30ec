"""Where the quality corpus's text comes from: Debian packages, their prose, base documents.

Role: benchmark tooling, one part of ``corpus.py``'s build. It knows which Debian documentation
packages feed each source (and installs or locates them), turns their HTML into prose paragraphs,
and cuts those into distinct base documents. It also holds the text units every other part of
the corpus shares: the CJK character classes and ``nonws_len``, the unit of every overlap figure
in the labels.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

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

# Base document size in characters, per language: a Chinese character carries about as much as
# an English word, and the Chinese sources are too small for hundreds of 1.5k-8k documents.
DOC_CHARS = {"zh": (1000, 5000), "en": (1500, 8000)}

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_PUNCT = "\u3000-\u303f\uff00-\uffef"
CJK_RE = re.compile(f"[{CJK}]")
SPACE_BETWEEN_CJK = re.compile(f"(?<=[{CJK}{CJK_PUNCT}])\\s+(?=[{CJK}{CJK_PUNCT}])")
WS_RE = re.compile(r"\s+")
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
