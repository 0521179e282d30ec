"""Partial copies: overlap measures them, and its passages point at the same text."""

import os
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from candidate_rows import shared_of_rows
from neardup.core.features.analyze import Analyzed, AnalyzeOptions
from neardup.core.features.text import normalize
from neardup.core.models import Document
from neardup.core.passages.overlap import CompactText, measure_overlap
from neardup.core.scan import partial_stage
from neardup.core.scan.partial_stage import _groups
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


def test_packs_close_at_their_count_or_their_memory() -> None:
    """A pack closes at PACK_REPRESENTATIVES representatives or PACK_BYTES of texts, a
    block of packs at BLOCK_BYTES, so a block and a pack stay within verification's
    memory however long the texts are."""
    size = partial_stage.PACK_BYTES
    packs, blocks = partial_stage._packs_and_blocks(np.ones(130))
    assert packs.tolist() == [0] * 64 + [1] * 64 + [2] * 2 and blocks.tolist() == [0, 0, 0]
    sizes = np.array([0.4, 0.4, 0.4, 3, 0.0, 0.1, 0.8, 0.8, 0.8, 3, 3]) * size
    packs, blocks = partial_stage._packs_and_blocks(sizes)
    assert packs.tolist() == [0, 0, 1, 2, 3, 3, 3, 4, 5, 6, 7]
    # Packs of 0.8, 0.4, 3, 0.9, 0.8, 0.8, 3, 3 PACK_BYTES; a block holds seven.
    assert 7 * size == partial_stage.BLOCK_BYTES
    assert blocks.tolist() == [0, 0, 0, 0, 0, 0, 1, 1]
    # Representatives without a candidate are never built: they do not fill a pack.
    sparse = np.array([size * 0.001 if rank % 4 == 0 else 0.0 for rank in range(512)])
    packs, _ = partial_stage._packs_and_blocks(sparse)
    built = np.bincount(packs, weights=sparse > 0)
    assert built[built > 0].tolist() == [64, 64]
    empty = partial_stage._packs_and_blocks(np.zeros(0))
    assert empty[0].tolist() == [] and empty[1].tolist() == []


def test_a_call_takes_at_most_its_count_of_pairs_and_about_its_characters() -> None:
    """Pairs of long texts go a few to a call, so a cancel waits for little; every pair
    comes once, in order."""
    lengths = np.array([10, 10, 10, 5_000_000, 1_200_000])
    group = np.array([[0, 1]] * 600 + [[0, 3], [1, 2], [2, 4], [1, 4], [0, 4], [0, 1]])
    calls = partial_stage._calls(group, lengths)
    assert np.concatenate(calls).tolist() == group.tolist()
    # 256 short pairs a call; the 5M-character pair alone; then the rest, three pairs of
    # 1.2M characters and two short ones, within the 4M a call.
    assert [len(call) for call in calls] == [256, 256, 88, 1, 5]
    assert partial_stage.CHARACTERS_A_CALL == 4_000_000
    short = np.array([[0, 1], [1, 2]] * 300)
    assert [len(call) for call in partial_stage._calls(short, lengths)] == [256, 256, 88]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own priority")
def test_verifying_threads_run_below_the_scans_priority() -> None:
    """Relative to the scan's thread, whatever that is, and never above it."""
    seen: list[tuple[int, int]] = []

    def verify_like_a_pool_thread() -> None:
        before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        partial_stage._yielding_to_the_window()
        seen.append((before, os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))

    thread = threading.Thread(target=verify_like_a_pool_thread)
    thread.start()
    thread.join()
    [(before, after)] = seen
    assert after == min(before + partial_stage.VERIFYING_NICENESS, 19)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before


def test_candidates_come_in_blocks_each_once_for_every_pair_of_copies() -> None:
    """Verification takes candidates a pack against a pack, the second packs streaming
    past a block of first ones (so the packs it keeps are reused); every candidate still
    comes once, for every pair of the two representatives' copies, whatever the block."""
    rng = np.random.default_rng(7)
    representatives = list(range(0, 40, 2))  # documents 0, 2, ..., 38; odd ones are copies
    copies = {r: [r] if r % 4 else [r, r + 1] for r in representatives}
    pairs = np.array(
        sorted(
            {tuple(sorted(rng.choice(len(representatives), 2, replace=False))) for _ in range(120)}
        ),
        dtype=np.int64,
    )
    expected = sorted(
        (min(x, y), max(x, y))
        for i, j in pairs.tolist()
        for x in copies[representatives[i]]
        for y in copies[representatives[j]]
    )
    packs = np.arange(len(representatives)) // 2  # 10 packs of 2 representatives
    for packs_a_block in (1, 3, 1000):
        blocks = np.arange(10) // packs_a_block
        shared = shared_of_rows(pairs, len(representatives))
        groups = list(_groups(shared, representatives, copies, packs, blocks))
        found = [tuple(pair) for _, _, group in groups for pair in group.tolist()]
        assert sorted(found) == expected
        # Each group is one pack against one, and every pair in it belongs there.
        assert len({(p, q) for p, q, _ in groups}) == len(groups)
        assert all(
            {min(x, y) // 4, max(x, y) // 4} <= {p, q}
            for p, q, group in groups
            for x, y in group.tolist()
        )
        # The first packs come a block at a time, and past each block every second pack
        # streams once: its groups with the block's packs come one after another.
        first_blocks = [blocks[p] for p, _, _ in groups]
        assert first_blocks == sorted(first_blocks)
        streamed = [(blocks[p], q) for p, q, _ in groups]
        runs = [key for k, key in enumerate(streamed) if k == 0 or streamed[k - 1] != key]
        assert len(runs) == len(set(runs))
        assert len(set(first_blocks)) > (1 if packs_a_block < 10 else 0)
