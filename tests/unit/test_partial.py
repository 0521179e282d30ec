"""Partial copies: passages find them, overlap measures them, boilerplate does not pair."""

import random
from pathlib import Path

import numpy as np

from neardup.core.features.analyze import Analyzed, AnalyzeOptions
from neardup.core.features.text import normalize
from neardup.core.features.weighting import jieba_idf
from neardup.core.features.windows import Passages, passage_fingerprints
from neardup.core.models import Document
from neardup.core.passages.candidates import match_passages
from neardup.core.passages.overlap import CompactText, measure_overlap
from textgen import document, light_edit, paragraphs


def analyzed(text: str, name: str) -> Analyzed:
    doc = Document(Path(f"/t/{name}"), "txt", text, len(text), 0)
    return Analyzed.from_document(doc, AnalyzeOptions())


def nonspace(text: str) -> int:
    return len("".join(normalize(text).split()))


def pasted(host_seed: int, source_seed: int, share: float, lang: str) -> tuple[str, str, str]:
    """A host with a lightly edited run of the source's paragraphs pasted in the middle."""
    source_paragraphs = paragraphs(source_seed, lang, count=10)
    source = "\n\n".join(source_paragraphs)
    need = share * nonspace(source)
    run: list[str] = []
    start = 3
    while nonspace("".join(run)) < need:
        run.append(source_paragraphs[start + len(run)])
    copied = light_edit("\n\n".join(run), seed=host_seed, changes=2)
    host = paragraphs(host_seed, lang, count=9)
    text = "\n\n".join([*host[:4], copied, *host[4:]])
    return text, source, copied


def test_ten_and_thirty_percent_pastes_are_measured_within_five_points() -> None:
    for share in (0.1, 0.3):
        for lang in ("zh", "en"):
            host, source, copied = pasted(11, 12, share, lang)
            found = measure_overlap(
                CompactText.of(normalize(host)), CompactText.of(normalize(source))
            )
            expected_a = nonspace(copied) / nonspace(host)
            expected_b = nonspace(copied) / nonspace(source)
            assert abs(found.overlap_a - expected_a) <= 0.05, (share, lang)
            assert abs(found.overlap_b - expected_b) <= 0.05, (share, lang)
            assert len(found.spans) == 1  # the light edits do not split the match


def test_spans_point_at_the_same_text_in_both_documents() -> None:
    host, source, _ = pasted(21, 22, 0.3, "zh")
    a, b = normalize(host), normalize(source)
    (span,) = measure_overlap(CompactText.of(a), CompactText.of(b)).spans
    left = "".join(a[span.a_start : span.a_end].split())
    right = "".join(b[span.b_start : span.b_end].split())
    same = sum(x == y for x, y in zip(left, right, strict=False))
    assert same / max(len(left), len(right)) > 0.9


def test_unrelated_documents_have_no_overlap() -> None:
    a, b = normalize(document(31)), normalize(document(32))
    assert measure_overlap(CompactText.of(a), CompactText.of(b)).overlap_a == 0


def test_passages_find_the_pasted_pair_and_ignore_shared_boilerplate() -> None:
    header = "本资料仅供内部课程讨论使用，未经编写小组书面同意请勿转载摘编或者对外发布。如有错误请联系维护人员，我们会在下一版本中更正这些内容。"
    host, source, _ = pasted(41, 42, 0.1, "zh")
    texts = [header + "\n\n" + document(50 + i) for i in range(6)]
    texts += [header + "\n\n" + host, header + "\n\n" + source]
    docs = [analyzed(t, f"d{i}.txt") for i, t in enumerate(texts)]
    windows = [passage_fingerprints(d.text, d.tokens, d.token_offsets, jieba_idf()) for d in docs]
    matches = match_passages(windows, list(range(len(docs))))
    assert set(matches.candidates) == {(6, 7)}
    assert all(matches.boilerplate[i] for i in range(len(docs)))


def test_window_fingerprints_of_a_copy_are_identical() -> None:
    text = document(61)
    one, two = analyzed(text, "a.txt"), analyzed(text, "b.txt")
    p1 = passage_fingerprints(one.text, one.tokens, one.token_offsets, jieba_idf())
    p2 = passage_fingerprints(two.text, two.tokens, two.token_offsets, jieba_idf())
    assert len(p1.fingerprints) > 10
    assert (p1.fingerprints == p2.fingerprints).all()
    random.seed(0)


def test_a_lone_common_phrase_makes_no_candidate_but_two_shared_windows_do() -> None:
    """In a large collection a phrase found in many documents (not yet boilerplate) pairs
    nobody on its own; a rarer one does, and so do two widely shared windows together."""
    rng = np.random.default_rng(7)

    def unique() -> int:
        return int(rng.integers(0, 2**63, dtype=np.uint64))

    def windows(first: int, second: int) -> Passages:
        # Two mid-document windows of a 1,000-token text and one at each edge (where
        # shared windows would be taken for headers and footers).
        starts = np.array([0, 300, 600, 990], dtype=np.int64)
        ends = np.array([8, 308, 608, 1000], dtype=np.int64)
        values = np.array([unique(), first, second, unique()], dtype=np.uint64)
        return Passages(starts, ends, values)

    phrase, other_phrase, rare = unique(), unique(), unique()
    docs = [windows(unique(), unique()) for _ in range(400)]  # boilerplate limit: 8 families
    for d in range(7):  # one phrase in seven documents: each reaches six others
        docs[d] = windows(phrase, unique())
    for d in (20, 21, 22, 23, 24):  # another phrase in seven documents, 0 and 1 among them
        docs[d] = windows(unique(), other_phrase)
    docs[0], docs[1] = windows(phrase, other_phrase), windows(phrase, other_phrase)
    docs[10], docs[11] = windows(rare, unique()), windows(unique(), rare)
    matches = match_passages(docs, list(range(len(docs))))
    assert not any(matches.boilerplate)
    assert set(matches.candidates) == {(0, 1), (10, 11)}
