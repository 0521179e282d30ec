"""Verified figures depend only on the two texts, and candidate generation never loses a
pair that verification accepts: checked on real files through `scan`, against exhaustive
verification of every pair."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from neardup import ScanSettings, scan
from neardup.core.features import (
    ANCHOR_CHARS,
    NO_HASH,
    WINNOW,
    Shingles,
    kept_places,
    normalize,
    winnowing_keys,
)
from neardup.core.models import PairKind, kind_of
from neardup.core.passages import CompactText, measure_overlap, rejection, text_kernels
from neardup.core.passages.overlap import ANCHOR_SHINGLES, MAX_KEY_TRIES
from textgen import document, light_edit, paragraphs

SETTINGS = ScanSettings(use_cache=False, workers=1)


def _write(folder: Path, texts: dict[str, str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _figures(result_pairs: list, names: list[str]) -> dict[tuple[str, str], tuple]:
    return {
        (names[p.a], names[p.b]): (
            p.kind,
            p.overlap_a,
            p.overlap_b,
            tuple((s.a_start, s.a_end, s.b_start, s.b_end) for s in p.spans),
        )
        for p in result_pairs
    }


def _scan(paths: list[Path]) -> dict[tuple[str, str], tuple]:
    result = scan(paths, SETTINGS)
    return _figures(result.pairs, [d.path.name for d in result.documents])


def _licence_family(tmp_path: Path) -> dict[str, str]:
    """A licence embedded whole in five files, each with its own few lines around it."""
    licence = "\n\n".join(paragraphs(900, "en", count=6))
    texts = {
        f"copyright-{n}.txt": f"{document(910 + n, 'en', count=1)}\n\n{licence}\n\n"
        f"{document(920 + n, 'en', count=1, sentences=2)}"
        for n in range(5)
    }
    texts["licence.txt"] = licence
    return texts


def test_a_text_copied_into_many_documents_is_found_in_every_pair(tmp_path: Path) -> None:
    texts = _licence_family(tmp_path)
    found = scan(_write(tmp_path, texts), SETTINGS)
    names = [d.path.name for d in found.documents]
    pairs = {(names[p.a], names[p.b]): p for p in found.pairs}
    assert set(pairs) == {tuple(sorted(c)) for c in itertools.combinations(texts, 2)}
    for (a, b), pair in pairs.items():
        assert pair.spans and all(s.documents == 6 for s in pair.spans), (a, b)
        if "licence.txt" in (a, b):
            licence_share = pair.overlap_a if a == "licence.txt" else pair.overlap_b
            assert licence_share > 0.97


def test_a_pair_reads_the_same_alone_and_among_other_files(tmp_path: Path) -> None:
    source = document(700, "zh", count=10)
    edited = light_edit(source, seed=701, changes=6)
    host = "\n\n".join([*paragraphs(702, "zh", count=6), *paragraphs(700, "zh", count=10)[2:5]])
    pair = {"source.txt": source, "edited.txt": edited, "host.txt": host}
    alone = _scan(_write(tmp_path / "alone", pair))
    crowd = {**pair, **_licence_family(tmp_path)}
    # Other files that share text with the pair: copies of its paragraphs elsewhere.
    crowd |= {f"other-{n}.txt": document(750 + n, "zh") for n in range(8)}
    crowd |= {
        f"quotes-{n}.txt": paragraphs(700, "zh", count=10)[n] + "\n\n" + document(760 + n, "zh")
        for n in range(4)
    }
    among = _scan(_write(tmp_path / "among", crowd))
    assert alone
    for key, figures in alone.items():
        assert among[key] == figures, key


def _random_corpus(seed: int, size: int) -> dict[str, str]:
    """Documents that paste runs of each other's text of random lengths, some of them
    around the length verification needs, with small edits or edits every few words,
    in Chinese and English."""
    rng = random.Random(seed)
    texts = [document(seed * 1000 + n, rng.choice(["zh", "en"]), count=3) for n in range(size)]
    for n in range(size):
        for _ in range(rng.randint(0, 2)):
            source = texts[rng.randrange(size)]
            length = rng.choice([15, 25, 40, 60, 120, 400])
            start = rng.randrange(max(1, len(source) - length))
            run = source[start : start + length]
            if rng.random() < 0.3:
                run = light_edit(run, seed=rng.randrange(1000), changes=1)
            elif length >= 120 and rng.random() < 0.5:
                # A patchwork: a change every 20 or so characters leaves mostly runs
                # too short for winnowing to see, joined into one passage.
                run = light_edit(run, seed=rng.randrange(1000), changes=length // 20)
            at = rng.randrange(len(texts[n]))
            texts[n] = texts[n][:at] + run + texts[n][at:]
    return {f"d{n:03d}.txt": text for n, text in enumerate(texts)}


def _exhaustive(texts: dict[str, str], min_overlap: float) -> set[tuple[str, str]]:
    names = sorted(texts)
    compact = {name: CompactText.of(normalize(texts[name])) for name in names}
    accepted = set()
    for a, b in itertools.combinations(names, 2):
        found = measure_overlap(compact[a], compact[b])
        if kind_of(found, len(texts[a]), len(texts[b]), min_overlap) is not None:
            accepted.add((a, b))
    return accepted


def test_scan_reports_exactly_the_pairs_exhaustive_verification_accepts(tmp_path: Path) -> None:
    for seed, size in ((1, 40), (2, 80), (3, 200)):
        texts = _random_corpus(seed, size)
        found = _scan(_write(tmp_path / str(seed), texts))
        partial_or_near = {k for k, v in found.items() if v[0] is not PairKind.DUPLICATE}
        expected = _exhaustive(texts, SETTINGS.min_overlap)
        assert expected, seed  # the corpus does hold copies
        assert partial_or_near == expected, seed


def test_passages_without_words_are_not_copying(tmp_path: Path) -> None:
    rule = "───┼───────┼────────┼──────\n" * 12
    texts = {
        "essay-a.txt": document(801, "en") + "\n\n" + rule + document(802, "en"),
        "essay-b.txt": document(803, "en") + "\n\n" + rule + document(804, "en"),
    }
    assert _scan(_write(tmp_path, texts)) == {}


def test_one_repeated_line_is_read_in_bounded_time_and_memory(tmp_path: Path) -> None:
    line = "2026-11-24 03:14:15 INFO worker 7 heartbeat ok, queue empty\n"
    texts = {"log-a.txt": line * 30_000, "log-b.txt": line * 12_000, "essay.txt": document(5)}
    found = scan(_write(tmp_path, texts), SETTINGS)
    assert {d.path.name for d in found.documents} == set(texts)
    names = [d.path.name for d in found.documents]
    kinds = {(names[p.a], names[p.b]): p.kind for p in found.pairs}
    assert kinds == {("log-a.txt", "log-b.txt"): PairKind.NEAR_DUPLICATE}


def test_a_block_among_repeated_lines_is_matched_where_it_stands(tmp_path: Path) -> None:
    """Two versions of a changelog: every entry ends with the same sign-off line, and the
    newer version adds entries on top. The older text is found whole in the newer."""
    signoff = " -- Debian Maintainer <maintainer@example.org>  Mon, 01 Jan 2024 12:00:00 +0000\n"
    entries = [
        f"package ({n}.0-1) unstable; urgency=medium\n\n  * "
        + " ".join(paragraphs(600 + n, "en", count=1, sentences=2))
        + "\n\n"
        + signoff
        for n in range(12)
    ]
    old = "\n".join(entries[4:])
    new = "\n".join(entries)
    found = measure_overlap(CompactText.of(normalize(old)), CompactText.of(normalize(new)))
    assert found.overlap_a > 0.98
    assert 0.6 < found.overlap_b < 0.75


def test_a_document_found_nowhere_else_reads_zero_not_unknown(tmp_path: Path) -> None:
    texts = {"alone.txt": document(990, "en"), "other.txt": document(991, "en")}
    found = scan(_write(tmp_path, texts), SETTINGS)
    assert [d.similarity.total if d.similarity else None for d in found.documents] == [0.0, 0.0]
    unmeasured = scan(_write(tmp_path, texts), SETTINGS.replace(detect_partial=False))
    assert [d.similarity for d in unmeasured.documents] == [None, None]


def test_copies_that_differ_only_in_layout_marks_are_duplicates(tmp_path: Path) -> None:
    """A PDF rejoins "tab-completion" wrapped after its hyphen, and may place a quotation
    mark elsewhere: the texts are the same but for layout, so the pair is a duplicate,
    even though its tokens (and so its fingerprints) differ."""
    body = "\n\n".join(paragraphs(620, "en", count=6))
    source = f"Use tab-completion and “quoted words” here. {body}"
    pdf_like = f"Use tabcompletion and quoted words“ ”here. {body}"
    found = _scan(_write(tmp_path, {"source.txt": source, "copy.txt": pdf_like}))
    assert {key: value[0] for key, value in found.items()} == {
        ("copy.txt", "source.txt"): PairKind.DUPLICATE
    }


def test_a_list_copied_item_by_item_into_a_short_document_is_found(tmp_path: Path) -> None:
    """A "see also" list copied item by item: one item is a run winnowing must see, the
    others are runs too short for it, joined into one passage across the one-word edits
    between them. The passage is 5.7% of the page, but the page's shared keys stand for
    2.3% of it (48 characters each): a candidate rule that bounds the shared text by the
    kept keys (even at half the share needed) loses the pair. It is a candidate because it
    shares a key."""
    rng = random.Random(7)
    words = [w for w in " ".join(paragraphs(50, "en", count=4)).split() if w.isalpha()]
    items = [" ".join(rng.sample(words, 4))[:18] for _ in range(14)]
    items[6] = " ".join(rng.sample(words, 9))[:48]
    a_list = "\n".join(f"* {item}: {rng.choice(words)}" for item in items)
    b_list = "\n".join(f"* {item}: {rng.choice(words)}" for item in items)
    texts = {
        "manual.txt": f"{document(51, 'en', count=12)}\n\nsee also\n\n{a_list}",
        "page.txt": f"{document(52, 'en', count=13)}\n\nrelated\n\n{b_list}",
    }
    assert _exhaustive(texts, SETTINGS.min_overlap) == {("manual.txt", "page.txt")}
    found = _scan(_write(tmp_path, {**texts, **_random_corpus(4, 30)}))
    assert ("manual.txt", "page.txt") in found


def test_a_cover_page_line_in_every_thesis_adds_no_pair(tmp_path: Path) -> None:
    template = (
        "本论文是作者在导师指导下独立完成的研究成果，除文中已经注明引用的内容外不包含他人成果。"
    )
    bodies = {f"t{n:02d}.txt": document(2000 + n, "zh", count=40) for n in range(30)}
    theses = {
        name: f"{template}\n\n{chr(0x4E00 + 37 * n)}\n\n{body}"
        for n, (name, body) in enumerate(bodies.items())
    }
    alone = _scan(_write(tmp_path / "bodies", bodies))
    assert set(_scan(_write(tmp_path / "theses", theses))) == set(alone)


def may_hold_copy(a: CompactText, b: CompactText) -> bool:
    """The anchor filter verification applies first (``rejection.shares_anchor_run``)."""
    return bool(
        rejection.shares_anchor_run(a.verifiable, b.verifiable, ANCHOR_SHINGLES, MAX_KEY_TRIES)
    )


def test_the_anchor_filter_rejects_only_pairs_without_a_passage() -> None:
    """The anchor filter says no only where verification finds nothing: checked on every
    pair of a random corpus, and it does reject most pairs that share no long run."""
    texts = [normalize(t) for t in _random_corpus(4, 50).values()]
    compact = [CompactText.of(t) for t in texts]
    rejected = 0
    for a, b in itertools.combinations(range(len(texts)), 2):
        if not may_hold_copy(compact[a], compact[b]):
            rejected += 1
            assert not measure_overlap(compact[a], compact[b]).spans, (a, b)
    assert rejected > len(texts) * (len(texts) - 1) // 4


def test_the_anchor_filter_sees_a_run_of_anchor_length_and_not_one_shorter() -> None:
    run = "thequickbrownfoxjumpsoverthelazydogagainandagainandagain"
    a_text, b_text = document(71, "zh", count=2), document(72, "zh", count=2)
    for length, expected in ((ANCHOR_CHARS, True), (ANCHOR_CHARS - 1, False)):
        a = CompactText.of(normalize(f"{a_text}\n\n{run[:length]}\n\n{a_text}"))
        b = CompactText.of(normalize(f"{b_text}\n\n{run[:length]}。{b_text}"))
        assert may_hold_copy(a, b) is expected, length


def test_compiled_winnowing_keeps_the_places_numpy_keeps() -> None:
    rng = random.Random(8)
    for n in range(200):
        text = "".join(rng.choice("ab c中文的") for _ in range(rng.randint(0, 300)))
        if n % 3 == 0:
            text = document(n, rng.choice(["zh", "en"]), count=1)
        shingled = Shingles.of(normalize(text))
        keys, positions = kept_places(shingled.hashes, shingled.tainted)
        usable = winnowing_keys(shingled.hashes, shingled.tainted)
        assert text_kernels.kept_positions(usable, WINNOW, NO_HASH).tolist() == positions.tolist()
        assert CompactText.of(normalize(text)).kept_keys.tolist() == keys.tolist()
