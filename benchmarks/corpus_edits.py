"""Derived cases of the quality corpus: edited, reordered and partially copied documents.

Role: benchmark tooling, one part of ``corpus.py``'s build. From a base document it makes the
text of a light or heavy edit, a paragraph reorder or a partial copy pasted into a host, together
with the overlaps the labels expect (in non-whitespace characters). Nothing here writes files.
"""

from __future__ import annotations

import difflib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from corpus_sources import CJK, CJK_RE, BaseDoc, join_paragraphs, nonws_len, strip_ws

EDIT_RATE = {"light-edit": 0.03, "heavy-edit": 0.12, "edit-25": 0.25}

# Short original words inserted or substituted by the edit operations.
FILLERS = {
    "zh": ["通常", "其实", "大致", "也", "一般来说", "实际上", "基本", "有时", "相应地", "可以"],
    "en": ["usually", "really", "also", "quite", "in practice", "often", "simply", "then", "now"],
}

SENTENCE_END = re.compile(r"[。！？；]+[”」』）)]*\s*|[.!?]+[\"”')\]]*(?:\s+|$)")


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
