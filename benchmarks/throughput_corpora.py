"""Corpora of the throughput benchmark: the mixed-format corpus and the scaling corpora.

Role: benchmark tooling, one part of ``bench_throughput.py``. It collects the real prose
paragraphs of the Debian sources, trains the bigram model that generates documents from them,
and builds (or reuses) the throughput corpus (``corpus.py``'s labelled corpora plus generated
txt/docx/PDF documents) and the generated .txt scaling corpora with planted copies.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import corpus
import corpus_edits
import corpus_files
import corpus_sources

THROUGHPUT_SOURCES = ("zh", "en")


@dataclass(frozen=True)
class MixedShape:
    """The generated documents of the throughput corpus: size in UTF-8 bytes, format shares."""

    low_bytes: int = 2_000
    high_bytes: int = 6_000
    pdf_share: float = 0.2
    docx_share: float = 0.2


# Scaling documents: size in UTF-8 bytes; paragraphs longer than this are not used whole.
SCALE_BYTES = (2_000, 6_000)
PLANTED_SHARE = 0.005  # of the scaling documents, each for near-duplicates and partial copies


# --------------------------------------------------------------------------------------------
# Real paragraphs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    text: str
    lang: str
    size: int  # UTF-8 bytes


def paragraph_pool(sources: Sequence[str]) -> list[Paragraph]:
    """Every distinct prose paragraph of the sources' packages, in a stable order."""
    seen: set[str] = set()
    pool: list[Paragraph] = []
    for source in sources:
        for package in corpus_sources.SOURCES[source]:
            for path in corpus_sources.package_html_files(package):
                for text in corpus_sources.html_paragraphs(path, package.lang):
                    key = corpus_sources.strip_ws(text).lower()
                    if key not in seen:
                        seen.add(key)
                        pool.append(Paragraph(text, package.lang, len(text.encode("utf-8"))))
    return pool


def by_language(
    pool: Sequence[Paragraph], max_bytes: int | None = None
) -> dict[str, list[Paragraph]]:
    out: dict[str, list[Paragraph]] = {}
    for p in pool:
        if max_bytes is None or p.size <= max_bytes:
            out.setdefault(p.lang, []).append(p)
    return out


# --------------------------------------------------------------------------------------------
# Corpora
# --------------------------------------------------------------------------------------------


def _marker_matches(root: Path, params: dict[str, Any]) -> bool:
    marker = root / "params.json"
    return marker.is_file() and json.loads(marker.read_text()) == params


def build_throughput_corpus(
    root: Path,
    pool: Sequence[Paragraph],
    extra_docs: int,
    seed: int,
    *,
    reuse: bool,
    shape: MixedShape = MixedShape(),
) -> dict[str, Any]:
    """zh and en labelled corpora plus ``extra_docs`` generated txt/docx/pdf documents."""
    params: dict[str, Any] = {
        "kind": "throughput-bigrams-runs",
        "extra_docs": extra_docs,
        "seed": seed,
    }
    if shape != MixedShape():  # the default shape keeps the marker corpora built before had
        params["shape"] = dataclasses.asdict(shape)
    if reuse and _marker_matches(root, params):
        return {"built": False, "seconds": 0.0}
    started = time.perf_counter()
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for source in THROUGHPUT_SOURCES:
        # n_docs above what the sources hold: take every distinct base document.
        corpus.build(source, root / source, seed=seed, n_docs=1000, pdf_docs=40, install=False)
    rng = random.Random(seed)
    # Generated from real text (see Bigrams), so that the extra documents do not copy
    # passages from the labelled corpora or from each other.
    models = {lang: Bigrams(ps, lang) for lang, ps in by_language(pool).items()}
    mixed = root / "mixed"
    mixed.mkdir()
    staging = root / "staging"
    staging.mkdir()
    pdf_jobs: list[tuple[Path, list[str]]] = []
    for n in range(extra_docs):
        lang = rng.choice(sorted(models))
        paragraphs = models[lang].document(rng, (shape.low_bytes, shape.high_bytes))
        roll = rng.random()
        if roll < shape.pdf_share:
            docx_path = staging / f"m{n:04d}.docx"
            corpus_files.write_docx(paragraphs, docx_path)
            pdf_jobs.append((docx_path, paragraphs))
        elif roll < shape.pdf_share + shape.docx_share:
            corpus_files.write_docx(paragraphs, mixed / f"m{n:04d}.docx")
        else:
            (mixed / f"m{n:04d}.txt").write_text(
                corpus_sources.join_paragraphs(paragraphs), encoding="utf-8"
            )
    produced = corpus_files.convert_with_libreoffice([d for d, _ in pdf_jobs], staging)
    for docx_path, paragraphs in pdf_jobs:
        pdf = staging / f"{docx_path.stem}.pdf"
        if pdf in produced:
            pdf.rename(mixed / pdf.name)
        else:  # LibreOffice missing or failed on this file
            lang = "zh" if any(corpus_sources.CJK_RE.search(p) for p in paragraphs) else "en"
            corpus_files.write_pdf_reportlab(paragraphs, mixed / pdf.name, lang)
        docx_path.unlink()
    staging.rmdir()
    (root / "params.json").write_text(json.dumps(params))
    return {
        "built": True,
        "seconds": time.perf_counter() - started,
        "pdf_engine": "libreoffice" if produced else "reportlab",
    }


class Bigrams:
    """A bigram model of one language's paragraphs: characters for Chinese, words for English.

    A bigram model trained on a small text copies it: a character that follows only one other
    in the training text continues the same run, so generated documents shared verbatim runs
    of 40 characters and more with each other (real partial copies, half the candidate pairs
    of the scaling corpus). The model therefore walks the training text by position: each
    step takes a random place where the current unit occurs and moves on from it, and after
    ``MAX_RUN`` units taken in a row from one place it leaves for another place of the same
    unit (or, where there is none, for a paragraph's start). Generated documents then share
    no run longer than ``MAX_RUN`` units beyond chance: shorter than the 40 characters a
    candidate pair needs.
    """

    MAX_RUN: ClassVar[dict[str, int]] = {"zh": 16, "en": 4}  # characters, words

    def __init__(self, paragraphs: Sequence[Paragraph], lang: str) -> None:
        self.lang = lang
        self.units: list[str] = []
        self.starts: list[int] = []  # where each paragraph begins in ``units``
        self.places: dict[str, list[int]] = {}  # where a unit occurs with one after it
        for p in paragraphs:
            units = self._units(p.text)
            if not units:
                continue
            self.starts.append(len(self.units))
            for unit in units[:-1]:
                self.places.setdefault(unit, []).append(len(self.units))
                self.units.append(unit)
            self.units.append(units[-1])
        self.max_run = self.MAX_RUN[lang]

    def _units(self, text: str) -> list[str]:
        return [c for c in text if not c.isspace()] if self.lang == "zh" else text.split()

    def _ends_sentence(self, unit: str) -> bool:
        return unit[-1] in "。！？.!?"

    def paragraph(self, rng: random.Random, sentences: int) -> str:
        out: list[str] = []
        at = rng.choice(self.starts)
        run = 1  # units taken in a row from one place of the training text
        while sentences > 0 and len(out) < 2000:
            unit = self.units[at]
            out.append(unit)
            if self._ends_sentence(unit):
                sentences -= 1
            places = self.places.get(unit, [])
            if run >= self.max_run:  # leave this place of the text
                places = [p for p in places if p != at]
            if places:
                place = rng.choice(places)
                run = run + 1 if place == at else 1
                at = place + 1
            else:
                at, run = rng.choice(self.starts), 1
        return ("" if self.lang == "zh" else " ").join(out)

    def document(self, rng: random.Random, size_range: tuple[int, int]) -> list[str]:
        target = rng.uniform(*size_range)
        paragraphs: list[str] = []
        while sum(len(p.encode("utf-8")) for p in paragraphs) < target:
            paragraphs.append(self.paragraph(rng, rng.randint(2, 5)))
        return paragraphs


def build_scaling_corpus(
    root: Path, pool: Sequence[Paragraph], n_docs: int, seed: int, *, reuse: bool
) -> dict[str, Any]:
    """``n_docs`` generated .txt files (see ``Bigrams``), a few of them planted copies.

    Planted near-duplicates are light edits (3% of sentences) of a generated document; planted
    partial copies paste about 30% of one generated document into another new one.
    """
    n_planted = max(5, round(PLANTED_SHARE * n_docs))
    params = {"kind": "scaling-bigrams-runs", "docs": n_docs, "seed": seed, "planted": n_planted}
    info: dict[str, Any] = {"planted_near": n_planted, "planted_partial": n_planted}
    if reuse and _marker_matches(root, params):
        return {**json.loads((root / "info.json").read_text()), "built": False, "seconds": 0.0}
    started = time.perf_counter()
    if root.exists():
        shutil.rmtree(root)
    docs_dir = root / "docs"
    docs_dir.mkdir(parents=True)
    rng = random.Random(seed * 7919 + n_docs)
    models = {lang: Bigrams(ps, lang) for lang, ps in by_language(pool).items()}
    plain = n_docs - 2 * n_planted
    bases: list[corpus_sources.BaseDoc] = []
    for n in range(plain):
        lang = rng.choice(sorted(models))
        paragraphs = models[lang].document(rng, SCALE_BYTES)
        bases.append(corpus_sources.BaseDoc(paragraphs, lang, f"g{n}"))
        (docs_dir / f"g{n:05d}.txt").write_text(corpus_sources.join_paragraphs(paragraphs), "utf-8")
    for n in range(n_planted):
        src = bases[rng.randrange(plain)]
        edited, _ = corpus_edits.edit_document(src, corpus_edits.EDIT_RATE["light-edit"], rng)
        (docs_dir / f"near{n:04d}.txt").write_text(corpus_sources.join_paragraphs(edited), "utf-8")
    for n in range(n_planted):
        src = bases[rng.randrange(plain)]
        host = corpus_sources.BaseDoc(models[src.lang].document(rng, SCALE_BYTES), src.lang, "host")
        while len(host.paragraphs) < 2:
            host = corpus_sources.BaseDoc(
                models[src.lang].document(rng, SCALE_BYTES), src.lang, "host"
            )
        item = corpus_edits.make_partial("partial-30", 0, src, host, rng)
        (docs_dir / f"part{n:04d}.txt").write_text(
            corpus_sources.join_paragraphs(item.paragraphs), "utf-8"
        )
    (root / "info.json").write_text(json.dumps(info))
    (root / "params.json").write_text(json.dumps(params))
    return {**info, "built": True, "seconds": time.perf_counter() - started}
