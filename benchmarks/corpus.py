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
import json
import random
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# The build is split by job: where the text comes from (corpus_sources), the derived cases
# (corpus_edits) and the files written (corpus_files); this module plans the cases, writes the
# labels, checks them and is the command line.
from corpus_edits import EDIT_RATE, Derived, make_edit, make_partial, make_reorder
from corpus_files import txt_encoding, write_broken, write_docx, write_pdfs, write_txt_copy
from corpus_sources import (
    SOURCES,
    BaseDoc,
    cut_base_docs,
    ensure_packages,
    join_paragraphs,
    nonws_len,
    strip_ws,
)

# --------------------------------------------------------------------------------------------
# Cases and labels
# --------------------------------------------------------------------------------------------

CASES = (
    "copy-txt",
    "copy-docx",
    "copy-pdf",
    "light-edit",
    "heavy-edit",
    "edit-25",
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
    "edit-25": 0.08,
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
    "edit-25": "near-duplicate",
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
    "edit-25": ["near-duplicate"],
    "reorder": ["near-duplicate"],
    "partial-10": ["partial"],
    "partial-30": ["partial"],
}

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
