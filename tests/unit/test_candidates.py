"""Candidate pairs are the documents that share a kept key, and a text that many documents
hold still makes every pair it is a copy of a candidate."""

from __future__ import annotations

import itertools

import numpy as np

from neardup.core.features import compact_length, normalize, winnowed
from neardup.core.features.shingles import NO_HASH, Shingles, winnowing_keys
from neardup.core.passages import shared_text
from neardup.core.passages.candidates import BOUND_MARGIN, CHARS_PER_PLACE, MAX_SHARED_BY
from textgen import document, paragraphs

NEEDED = 0.05


def _candidates(texts: list[str]) -> set[tuple[int, int]]:
    normalised = [normalize(t) for t in texts]
    found = shared_text(
        [winnowed(t) for t in normalised], [compact_length(t) for t in normalised], NEEDED
    )
    return {(int(a), int(b)) for a, b in found.rows().tolist()}


def test_a_text_held_by_more_documents_than_a_posting_list_enumerates_pairs_them_all() -> None:
    licence = "\n\n".join(paragraphs(40, "en", count=5))
    count = MAX_SHARED_BY + 20
    texts = [f"{document(1000 + n, 'en', count=1, sentences=2)}\n\n{licence}" for n in range(count)]
    assert _candidates(texts) == set(itertools.combinations(range(count), 2))


def test_a_small_template_shared_by_many_documents_pairs_only_through_its_edges() -> None:
    """A cover page line in every thesis: its common keys stay under the bound for every
    pair, however many theses. The keys at its edges are kept only where they beat the
    keys that run on into each thesis's own text, so by part of the theses: those pair the
    theses that keep the same one (verification rejects them; see
    ``test_shared_text.py``). How many that is depends on the line: a key at its edge kept
    by half the theses pairs a quarter of all pairs."""
    template = (
        "本论文是作者在导师指导下独立完成的研究成果，除文中已经注明引用的内容外不包含他人成果。"
    )
    count = MAX_SHARED_BY + 20
    bodies = [document(2000 + n, "zh", count=100) for n in range(count)]
    length = min(compact_length(normalize(body)) for body in bodies)
    assert CHARS_PER_PLACE * len(winnowed(normalize(template))) / length < NEEDED * BOUND_MARGIN
    # Each cover page goes on with the student's own name, as a real one does.
    theses = [f"{template}\n\n{chr(0x4E00 + 37 * n)}\n\n{body}" for n, body in enumerate(bodies)]
    added = _candidates(theses) - _candidates(bodies)
    keepers: dict[int, set[int]] = {}
    for n, thesis in enumerate(theses):
        for key in winnowed(normalize(thesis)).tolist():
            keepers.setdefault(key, set()).add(n)
    template_keys = set(winnowed(normalize(template)).tolist())
    edge_pairs = {
        pair
        for key, holders in keepers.items()
        if 2 <= len(holders) <= MAX_SHARED_BY and key in _keys_of(template)
        for pair in itertools.combinations(sorted(holders), 2)
    }
    assert added <= edge_pairs
    assert not template_keys & {k for k, h in keepers.items() if 2 <= len(h) <= MAX_SHARED_BY}


def _keys_of(text: str) -> set[int]:
    """Every key of a text, kept or not."""
    shingled = Shingles.of(normalize(text))
    keys = winnowing_keys(shingled.hashes, shingled.tainted)
    return set(keys[keys != NO_HASH].tolist())


def test_a_pasted_passage_makes_a_candidate_whether_its_lists_are_short_or_long() -> None:
    """A pair that shares a rare passage and a common one is a candidate."""
    common = "\n\n".join(paragraphs(60, "zh", count=2))
    rare = paragraphs(61, "zh", count=1)[0]
    texts = [f"{document(3000 + n, 'zh', count=6)}\n\n{common}" for n in range(MAX_SHARED_BY + 5)]
    texts[0] += f"\n\n{rare}"
    texts[1] = f"{rare}\n\n{texts[1]}"
    pairs = _candidates(texts)
    assert (0, 1) in pairs
    # Every document holds the common text: it alone makes each pair a candidate here.
    assert len(pairs) == len(texts) * (len(texts) - 1) // 2


def test_winnowing_keeps_a_place_for_every_window_stretch_of_a_run() -> None:
    """A run of r >= ANCHOR_CHARS characters keeps at least (r - 39) / WINNOW places that any
    text holding the run keeps too, so a place stands for at most CHARS_PER_PLACE."""
    run = normalize("\n\n".join(paragraphs(70, "en", count=4)))
    a = normalize(document(71, "en", count=3)) + run + normalize(document(72, "en", count=2))
    b = normalize(document(73, "zh", count=2)) + run
    kept_a, kept_b = winnowed(a), winnowed(b)
    shared_places = int(np.isin(kept_a, kept_b).sum())
    assert CHARS_PER_PLACE * shared_places >= compact_length(run)


def test_documents_too_short_to_keep_a_hash_give_no_pairs() -> None:
    assert _candidates(["", "短", "a b"]) == set()
