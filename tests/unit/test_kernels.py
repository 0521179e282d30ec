"""Verification's compiled loops agree with the rule they implement, written plainly.

The reference below pairs each shingle of a with the k-th occurrence (mod count) of its
hash in b, and cuts the seeds of each diagonal into chains wherever two seeds lie more
than a shingle apart; the compiled kernel must find exactly these chains, whichever of the
two texts is the longer, and however much they repeat.
"""

from __future__ import annotations

import random
import re

import numpy as np

from neardup.core.features import SHINGLE, Shingles, kept_places, normalize
from neardup.core.passages import kernel_types, rejection, seeds
from neardup.core.passages.overlap import (
    MAX_GAP,
    CompactText,
    measure_overlap,
    measure_passages,
    sorted_lookup,
    verify,
)
from textgen import light_edit, paragraphs


def reference_chains(a: CompactText, b: CompactText) -> set[tuple[int, int, int]]:
    """(start, end, diagonal) of every chain, by the rule, without the kernel."""
    return chains_by_the_rule(a.shingles, ~a.tainted, b.shingles, ~b.tainted)


def chains_by_the_rule(
    a_hashes: np.ndarray, a_usable: np.ndarray, b_hashes: np.ndarray, b_usable: np.ndarray
) -> set[tuple[int, int, int]]:
    in_b: dict[int, list[int]] = {}
    for j in np.flatnonzero(b_usable).tolist():
        in_b.setdefault(int(b_hashes[j]), []).append(j)  # in text order
    seeds: dict[int, list[int]] = {}
    seen_in_a: dict[int, int] = {}
    for i in np.flatnonzero(a_usable).tolist():
        value = int(a_hashes[i])
        rank = seen_in_a.get(value, 0)  # occurrences of the hash in a before this one
        seen_in_a[value] = rank + 1
        if value in in_b:
            j = in_b[value][rank % len(in_b[value])]
            seeds.setdefault(j - i, []).append(i)
    chains = set()
    for diagonal, positions in seeds.items():
        positions.sort()
        start = previous = positions[0]
        for i in positions[1:]:
            if i - previous > SHINGLE:
                chains.add((start, previous + SHINGLE, diagonal))
                start = i
            previous = i
        chains.add((start, previous + SHINGLE, diagonal))
    return chains


def chains_of_the_kernel(
    a_hashes: np.ndarray, a_usable: np.ndarray, b_hashes: np.ndarray, b_usable: np.ndarray
) -> set[tuple[int, int, int]]:
    starts, ends, diagonals = seeds.seed_chains(
        (a_hashes, *sorted_lookup(a_hashes, a_usable)),
        (b_hashes, *sorted_lookup(b_hashes, b_usable)),
        SHINGLE,
    )
    return set(zip(starts.tolist(), ends.tolist(), diagonals.tolist(), strict=True))


def test_chains_match_the_rule_where_hashes_share_their_top_bits() -> None:
    """Look-ups compare the top 32 bits first: hashes equal there but not below must
    neither match nor hide the hash beside them, in short and long lookups alike."""
    rng = np.random.default_rng(3)
    tops = rng.integers(0, 2**32, size=6, dtype=np.uint64) << np.uint64(32)
    pool = (tops[:, None] | rng.integers(0, 4, size=(6, 3), dtype=np.uint64)).ravel()
    for a_length, b_length in ((40, 40), (30, 3000), (3000, 30), (500, 700)):
        a_hashes = rng.choice(pool, size=a_length)
        b_hashes = rng.choice(pool, size=b_length)
        a_usable = rng.random(a_length) < 0.9
        b_usable = rng.random(b_length) < 0.9
        assert chains_of_the_kernel(a_hashes, a_usable, b_hashes, b_usable) == (
            chains_by_the_rule(a_hashes, a_usable, b_hashes, b_usable)
        )


def test_the_lookup_is_the_usable_places_sorted_by_hash_then_place() -> None:
    """Bucketed and sorted bucket by bucket, it is what one stable sort of every usable
    hash gives, where buckets hold a few places and where a repeated text fills one."""
    rng = np.random.default_rng(5)
    spread = rng.integers(0, 2**63, size=5000, dtype=np.uint64) * np.uint64(2)
    few = rng.choice(spread[:7], size=5000)  # seven hashes over and over, like a log
    close = (spread[0] & ~np.uint64(0xFFFF)) | rng.integers(0, 50, 5000, dtype=np.uint64)
    for hashes in (spread, few, close, spread[:3], spread[:0]):
        usable = rng.random(len(hashes)) < 0.8
        order, keys, buckets = sorted_lookup(hashes, usable)
        places = np.flatnonzero(usable)
        expected = places[np.argsort(hashes[places], kind="stable")]
        assert order.tolist() == expected.tolist()
        assert keys.tolist() == (hashes[expected] >> np.uint64(32)).tolist()
        bits = int(np.log2(len(buckets) - 1))
        starts = np.searchsorted(keys >> np.uint32(32 - bits), np.arange(2**bits + 1))
        assert buckets.tolist() == starts.tolist()


def found_chains(a: CompactText, b: CompactText) -> set[tuple[int, int, int]]:
    starts, ends, diagonals = seeds.seed_chains(a.verifiable[:4], b.verifiable[:4], SHINGLE)
    return set(zip(starts.tolist(), ends.tolist(), diagonals.tolist(), strict=True))


def test_chains_match_the_rule_for_copies_edits_and_repeats_in_both_directions() -> None:
    rng = random.Random(7)
    for lang in ("en", "zh"):
        source = "\n\n".join(paragraphs(3, lang, count=8))
        short = light_edit(source[: len(source) // 3], seed=4, changes=3)
        repeated = (short + "\n") * 4  # one passage over and over, like a log
        long_host = "\n\n".join(paragraphs(5, lang, count=30)) + source
        texts = [source, short, repeated, long_host, "unrelated words only " * 5, ""]
        for _ in range(4):
            texts.append(light_edit(rng.choice(texts[:4]), seed=rng.randrange(100), changes=6))
        compact = [CompactText.of(text) for text in texts]
        for a in compact:
            for b in compact:
                assert found_chains(a, b) == reference_chains(a, b)


def test_bridged_length_is_the_union_with_small_gaps_closed() -> None:
    starts = np.array([50, 0, 10, 200, 120], dtype=np.int64)
    ends = np.array([60, 20, 15, 210, 130], dtype=np.int64)
    # [0, 20) and [50, 60) are 30 apart (more than MAX_GAP): two runs; [10, 15) is inside.
    assert MAX_GAP < 30
    each = np.arange(300, dtype=np.float64)  # every character counts one
    assert seeds.bridged_length(starts, ends, MAX_GAP, each) == 20 + 10 + 10 + 10
    assert seeds.bridged_length(starts, ends, 100, each) == 210  # every gap bridged
    assert seeds.bridged_length(starts[:0], ends[:0], MAX_GAP, each) == 0
    # Marks left out of a compact text count with the character before them.
    marks = each + (np.arange(300) > 55)  # one mark after character 55
    assert seeds.bridged_length(starts, ends, MAX_GAP, marks) == 20 + 10 + 10 + 10 + 1


def test_the_measure_is_symmetric_in_what_it_finds() -> None:
    source = "\n\n".join(paragraphs(9, "en", count=6))
    copy = light_edit(source, seed=2, changes=4)
    host = "\n\n".join(paragraphs(10, "en", count=12)) + "\n\n" + source
    a, b = CompactText.of(copy), CompactText.of(host)
    forward, backward = measure_overlap(a, b), measure_overlap(b, a)
    assert forward.overlap_a > 0.9
    assert abs(forward.overlap_a - backward.overlap_b) < 0.02
    assert abs(forward.overlap_b - backward.overlap_a) < 0.02


def test_a_pair_is_left_unmeasured_only_where_it_cannot_reach_the_share_needed() -> None:
    """The bound that skips a pair never skips one whose measured share reaches it."""
    rng = random.Random(11)
    source = "\n\n".join(paragraphs(12, "en", count=10))
    texts = [source, "\n\n".join(paragraphs(13, "en", count=10))]
    for cut in (8, 4, 2):
        part = source[: len(source) // cut]
        texts.append(light_edit(part, seed=rng.randrange(100), changes=5))
        texts.append("\n\n".join(paragraphs(rng.randrange(100), "en", count=6)) + part)
    compact = [CompactText.of(text) for text in texts]
    skipped = 0
    for a in compact:
        for b in compact:
            measured = measure_passages(a, b)
            for needed in (0.1, 0.3, 0.6, 0.9):
                found = verify(a, b, needed, 0.0)
                if found is None:
                    skipped += 1
                    assert measured.overlap_a < needed
                else:
                    assert found.overlap() == measured.overlap()
                if verify(a, b, 0.0, needed) is None:
                    assert measured.overlap_b < needed
    assert skipped  # the bound did skip pairs here


def test_a_pair_is_left_unmeasured_for_a_light_run_only_where_no_passage_counts() -> None:
    """A passage counts only in a run of passages that weighs ``MIN_MATCH`` (a Latin letter
    a third of a Chinese character): two texts that share a path or a short phrase, however
    much of a short text it is, cannot hold one, and the bound tells so without seeding.
    It must never skip a pair that holds a passage."""
    rng = random.Random(17)
    shared = [
        "see /usr/share/doc/base-passwd/users-and-groups.html for the details",
        'QUERY_STRING="var1=val1&var2=val2&var3=val3" is what the server passes on',
        "用户和组的说明见于系统的文档目录中的这个文件里面",
    ]
    texts = []
    for n, phrase in enumerate(shared * 2):
        lang = "zh" if re.search("[\u4e00-\u9fff]", phrase) else "en"
        body = "\n\n".join(paragraphs(200 + n, lang, count=1 + n % 3))
        texts.append(f"{body[: len(body) // 2]} {phrase} {body[len(body) // 2 :]}")
    source = "\n\n".join(paragraphs(31, "en", count=4))
    for changes in (3, 30):  # whole copies edited lightly and throughout: passages to keep
        texts.append(light_edit(source, seed=rng.randrange(100), changes=changes))
    texts.append(source)
    compact = [CompactText.of(text) for text in texts]
    for_weight = 0
    for a in compact:
        for b in compact:
            if a is b:
                continue
            measured = measure_passages(a, b)
            needed = 0.01  # a reach most of these pairs have: the weight decides
            if verify(a, b, needed, 0.0) is None:
                assert not len(measured.spans) or measured.overlap_a < needed
                count = a.weight[:, kernel_types.COUNTED]
                reach = rejection.reach_bound(a.shingles, count, b.verifiable, SHINGLE, MAX_GAP)
                if reach / count[-1] >= needed:
                    for_weight += 1
                    assert not len(measured.spans)
    assert for_weight  # the weight did skip pairs here


def test_a_line_repeated_in_both_texts_is_weighed_once_a_shingle() -> None:
    """A log line that both texts repeat thousands of times: the places of b that hold a's
    matched shingles are read once a shingle, not once for each repeat in a (that made
    a 20,000 by 256 pair hold 118 million places), and a light line is still told light."""
    line = "[INFO] org.apache.hadoop.mapreduce.Job: "
    words = paragraphs(43, "en", count=2)[0].split()
    a_text = "\n".join(f"{line}{' '.join(words[n % 20 : n % 20 + 7])}" for n in range(2000))
    b_text = "\n".join(f"{line}{' '.join(words[n % 9 + 20 : n % 9 + 27])}" for n in range(200))
    a, b = CompactText.of(normalize(a_text)), CompactText.of(normalize(b_text))
    places, entries = rejection._matched_places(a.shingles, b.verifiable)
    held = rejection._held_at(entries, b.verifiable)
    assert len(places) > len(held) and len(held) <= len(b.lookup_positions)
    assert np.array_equal(held, np.unique(held))
    measured = measure_passages(a, b)
    assert verify(a, b, 0.01, 0.0) is not None or not len(measured.spans)


def test_the_reach_bound_is_what_the_chains_reach() -> None:
    """``rejection.reach_bound`` rejects a pair without seeding it: it must be what the
    seeds' chains, bridged, cover (never less, or a pair verification accepts would be
    lost; not more, or it would reject nothing)."""
    rng = random.Random(5)
    for lang in ("en", "zh"):
        source = "\n\n".join(paragraphs(21, lang, count=8))
        texts = [source, "\n\n".join(paragraphs(22, lang, count=8)), (source[:300] + "\n") * 3]
        for changes in (2, 10, 40):  # edits every few words break runs into short chains
            part = source[: len(source) // rng.choice((2, 3, 5))]
            texts.append(light_edit(part, seed=rng.randrange(100), changes=changes))
            texts.append("\n\n".join(paragraphs(rng.randrange(100), lang, count=5)) + part)
        compact = [CompactText.of(text) for text in texts]
        for a in compact:
            for b in compact:
                starts, ends, _ = seeds.seed_chains(a.verifiable[:4], b.verifiable[:4], SHINGLE)
                count = a.weight[:, kernel_types.COUNTED]
                reach = seeds.bridged_length(starts, ends, MAX_GAP, count)
                bound = rejection.reach_bound(a.shingles, count, b.verifiable, SHINGLE, MAX_GAP)
                assert bound == reach


def test_shingles_that_differ_only_at_their_end_are_told_apart_by_their_whole_hash() -> None:
    """A log line repeated with its last character changed, every letter in turn: the
    shingles that end there share one 32-bit key and differ in their whole hash, so a
    look-up must search past the others for its own. The reach bound, which searches them
    by halves, must still be exactly what the chains reach; the places whose keys match,
    which the rejection bounds first, hold them and the others."""
    line = "the same line of a log, repeated"
    words = paragraphs(44, "en", count=2)[0].split()
    variants = "\n".join(f"{line[:-1]}{letter}" for letter in "abcdefghijklmnopqrstuvwxyz")
    a = CompactText.of(normalize("\n".join([variants] * 20)))
    b = CompactText.of(
        normalize("\n".join(f"{line} {' '.join(words[n % 30 : n % 30 + 8])}" for n in range(40)))
    )
    for x, y in ((a, b), (b, a)):
        starts, ends, _ = seeds.seed_chains(x.verifiable[:4], y.verifiable[:4], SHINGLE)
        count = x.weight[:, kernel_types.COUNTED]
        reach = seeds.bridged_length(starts, ends, MAX_GAP, count)
        assert reach > 0
        assert rejection.reach_bound(x.shingles, count, y.verifiable, SHINGLE, MAX_GAP) == reach
        keyed, _ = rejection._key_places(x.shingles, y.verifiable)
        whole, _ = rejection._matched_places(x.shingles, y.verifiable)
        assert set(whole.tolist()) <= set(keyed.tolist())
        assert len(keyed) > len(whole) or x is b


def test_an_empty_text_that_needs_a_share_is_rejected_not_divided_by() -> None:
    empty, text = CompactText.of(""), CompactText.of("words enough to be a text here " * 5)
    assert verify(empty, text, 0.1, 0.0) is None
    assert verify(text, empty, 0.0, 0.1) is None
    assert measure_passages(empty, text).overlap_a == 0.0


def test_a_pair_reads_the_same_whichever_text_is_named_first() -> None:
    """A thesis that names its source's title in its own words and in its reference list,
    and copies paragraphs that begin with those words: pairing the k-th occurrence of a
    shingle with the k-th is no symmetric rule, and the pair once read 28.9% / 38.1% one
    way and 39.5% / 29.9% the other (a passage more: the title). Now the same, swapped."""
    for seed in range(6):
        lang = "en" if seed % 2 else "zh"
        title = paragraphs(700 + seed, lang, count=1, sentences=1)[0]
        source = [title, *paragraphs(710 + seed, lang, count=6)]
        own = paragraphs(720 + seed, lang, count=4)
        thesis = [
            own[0] + title,  # its own words name the title
            own[1],
            title[: len(title) // 2] + source[2],  # a copied paragraph after the title's words
            own[2],
            source[4],
            own[3],
            title,  # the reference list
        ]
        a = CompactText.of(normalize("\n\n".join(thesis)))
        b = CompactText.of(normalize("\n\n".join(source)))
        forward, backward = measure_passages(a, b), measure_passages(b, a)
        assert (forward.overlap_a, forward.overlap_b) == (backward.overlap_b, backward.overlap_a)
        assert forward.spans.tolist() == sorted(
            [[c, d, x, y] for x, y, c, d in backward.spans.tolist()]
        )
        assert forward.overlap_a > 0


def test_a_copied_paragraph_that_begins_with_words_used_before_is_found_from_its_first_letter() -> (
    None
):
    """The thesis names its source's topic before it pastes a paragraph that opens with the
    same words: pairing the k-th occurrence of the opening shingle with the k-th paired it
    with the earlier words, and the passage began one letter into the paragraph ("rban
    heat islands", in the CLI, the JSON and the printed report)."""
    for seed in range(4):
        opening = "urban heat islands form when built surfaces"
        paragraph = opening + " " + " ".join(paragraphs(740 + seed, "en", count=1, sentences=4))
        source = "\n\n".join(["Introduction", paragraph, *paragraphs(750 + seed, "en", count=3)])
        own = paragraphs(760 + seed, "en", count=3)
        thesis = "\n\n".join([own[0] + " " + opening + ".", own[1], paragraph, own[2]])
        a, b = normalize(thesis), normalize(source)
        found = measure_passages(CompactText.of(a), CompactText.of(b))
        starts = [start for start, *_ in found.spans.tolist()]
        assert a.index(normalize(paragraph)) in starts, (seed, starts)


def test_a_copy_edited_on_both_sides_of_a_short_shared_phrase_is_one_passage_both_ways() -> None:
    """A pasted paragraph loses a word, and gains a word on each side of a phrase shorter
    than a shingle: the gap between its two halves is 15 characters in the source and 31
    in the copy. Each half alone is too short to count; read from the copy, the longer
    text, a run of passages measured its gaps in the text read first alone, and the copy
    was lost where read from the source it was found. Found now whichever is read first."""
    first = "Hosted virtual machines provide full system emulation by the assisted hardware."
    second = "and amd64 hosts with or without the assisted hardware or the kernel modules."
    source_paragraph = f"{first} Sandbox provides whole system emulation on i386 {second}"
    copied = f"{first} provides whole system simply emulation on i386 in practice {second}"
    for seed in range(3):
        own = paragraphs(780 + seed, "en", count=6)
        other = paragraphs(790 + seed, "en", count=4)
        thesis = normalize("\n\n".join([*own[:3], copied, *own[3:]]))
        source = normalize("\n\n".join([*other[:2], source_paragraph, *other[2:]]))
        a, b = CompactText.of(thesis), CompactText.of(source)
        assert len(a.positions) > len(b.positions)  # read from the copy
        forward, backward = measure_passages(a, b), measure_passages(b, a)
        assert (forward.overlap_a, forward.overlap_b) == (backward.overlap_b, backward.overlap_a)
        spans = forward.spans.tolist()
        assert len(spans) == 2, (seed, spans)  # the halves, each with what it takes of the middle
        assert thesis[spans[0][0] : spans[1][1]] == normalize(copied)
        assert source[spans[0][2] : spans[1][3]] == normalize(source_paragraph)


def test_a_pasted_paragraph_starts_at_its_first_word_not_in_the_word_before() -> None:
    """The paragraph before the pasted one ends "…the next town." in the thesis and "…two
    thousand fourteen." in the source: "n." is shared by chance, and the passage began
    there ("tow|n. Managed retreat…", the passage number printed inside the word). It starts
    at the paragraph's first word now, whichever text is read first; Chinese, written
    without spaces, keeps every shared character."""
    for seed in range(3):
        pasted = " ".join(paragraphs(830 + seed, "en", count=1, sentences=5))
        own, other = paragraphs(840 + seed, "en", count=3), paragraphs(850 + seed, "en", count=3)
        thesis = normalize(
            "\n\n".join([own[0], own[1] + " the flood reached the next town.", pasted, own[2]])
        )
        source = normalize(
            "\n\n".join([other[0], other[1] + " in two thousand fourteen.", pasted, other[2]])
        )
        for a, b in ((thesis, source), (source, thesis)):
            found = measure_passages(CompactText.of(a), CompactText.of(b))
            starts = [start for start, *_ in found.spans.tolist()]
            assert a.index(normalize(pasted)) in starts, (seed, starts)
        # A Chinese paragraph whose second word is English: its first characters stay in it.
        pasted = "使用 Debian " + "".join(paragraphs(860 + seed, "zh", count=1, sentences=4))
        own, other = paragraphs(870 + seed, "zh", count=2), paragraphs(880 + seed, "zh", count=2)
        thesis = normalize("\n\n".join([own[0], pasted, own[1]]))
        source = normalize("\n\n".join([other[0], pasted, other[1]]))
        found = measure_passages(CompactText.of(thesis), CompactText.of(source))
        assert thesis.index(normalize(pasted)) in [start for start, *_ in found.spans.tolist()]


def test_sentences_moved_in_a_reordered_copy_count_as_copied() -> None:
    """A Chinese sentence is often shorter than the two shingles a passage needs alone: a
    copy with its sentences shuffled measured 0.15-0.21 of its source. Inside a run that
    weighs thrice what a copy needs, a moved sentence counts from a shingle and a quarter."""
    for seed in (0, 1):
        text = "\n\n".join(paragraphs(90 + seed, "zh", count=6))
        sentences = [s for s in re.split(r"(?<=[。！？!?])\s*", text) if s]
        random.Random(seed).shuffle(sentences)
        a, b = CompactText.of(normalize(text)), CompactText.of(normalize("".join(sentences)))
        found = measure_passages(a, b)
        assert min(found.overlap_a, found.overlap_b) > 0.7, (seed, found.overlap_a)


def test_a_compact_text_is_built_as_the_numpy_rules_build_it() -> None:
    """``CompactText.of`` builds a text in one compiled call; every array must be what the
    whole-array rules of ``core.features.shingles`` give, bit for bit: Chinese with its
    marks left out, English, whitespace, a repeated line, rare Han and emoji (past the
    Basic Multilingual Plane, which numpy's rules classify), and no text at all."""
    rng = random.Random(7)
    alphabet = list(
        "的一是在不了有和人这中大，。、；：？！“”（）《》abc XYZ 123\t\n\u3000.,;:!?-—…"
    )
    texts = [
        paragraphs(45, "zh", count=1)[0],
        paragraphs(46, "en", count=1)[0],
        "====\n" * 30 + "the same line again and again\n" * 40,
        "中文，𠀀𠀁字。😀 and more text here，又一句。" * 5,
        "",
        "，，，",
        *("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 400))) for _ in range(60)),
    ]
    for text in map(normalize, texts):
        built = CompactText.of(text)
        rules = Shingles.of(text)
        for name in ("positions", "codes", "marks", "tainted"):
            assert np.array_equal(getattr(built, name), getattr(rules, name)), name
        assert np.array_equal(built.shingles, rules.hashes)
        weight = np.where(rules.codes >= 0x2E80, 1.0, 1 / 3) * rules.word
        assert np.array_equal(built.weight[1:, kernel_types.WEIGHT], np.cumsum(weight))
        counted = np.arange(len(rules.codes)) + np.searchsorted(rules.marks, rules.positions)
        assert np.array_equal(built.weight[:-1, kernel_types.COUNTED], counted)
        assert built.weight[-1, kernel_types.COUNTED] == len(rules.codes) + len(rules.marks)
        keys, places = kept_places(rules.hashes, rules.tainted)
        assert np.array_equal(built.kept_keys, keys)
        assert np.array_equal(built.kept_positions, places)
        order, lookup_keys, buckets = sorted_lookup(rules.hashes, ~rules.tainted)
        assert np.array_equal(built.lookup_positions, order)
        assert np.array_equal(built.lookup_keys, lookup_keys)
        assert np.array_equal(built.lookup_buckets, buckets)
