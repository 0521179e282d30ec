"""The map from the normalised text back to the extracted one: exact, whatever the text."""

from __future__ import annotations

import random

import pytest

from neardup.core.features import mapped_text
from neardup.core.features.folding import fold
from neardup.core.features.text import normalize
from textgen import document

# Characters that each step of normalising and folding rewrites: line ends, full-width
# forms, compatibility characters, combining marks, invisible ones, casing that changes
# length (İ) or depends on context (final sigma), Traditional script, look-alike letters.
ALPHABET = "aB zZ\n\r\t\f\u3000，。“”「」İΣσ\u0301é臺灣中文-\u200b\u00a0ｈ㎏…ﬁ\ufe0fаΟ"


@pytest.mark.parametrize("folded", [False, True])
def test_the_mapped_text_is_the_engines_and_every_character_maps_to_its_origin(
    folded: bool,
) -> None:
    rng = random.Random(7)
    samples = [document(seed, lang) for seed in range(3) for lang in ("zh", "en")]
    samples += [
        "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 60))) for _ in range(800)
    ]
    for original in samples:
        mapped = mapped_text(original, fold=folded)
        expected = fold(normalize(original)) if folded else normalize(original)
        assert mapped.text == expected
        offsets = mapped.offsets
        assert len(offsets.starts) == len(mapped.text)
        for index, character in enumerate(mapped.text):
            start, end = offsets.starts[index], offsets.ends[index]
            assert 0 <= start <= end <= len(original)
            # A letter, digit or ideograph comes from characters that normalise to it.
            if character.isalnum():
                from_piece = normalize(original[start:end])
                # (casefold: a final sigma is a σ that ends a word)
                found = f"{from_piece}{fold(from_piece)}".casefold()
                assert character.casefold() in found


def test_spans_map_to_the_writers_own_characters() -> None:
    original = "Ｔｈｅ  QUICK\r\nfox，跳過了。"
    mapped = mapped_text(original, fold=True)
    assert mapped.text == "the quick\nfox,跳过了."  # 。 reads as the full stop it is
    start = mapped.text.index("quick")
    assert original[slice(*mapped.offsets.span(start, start + 5))] == "QUICK"
    jump = mapped.text.index("fox")
    assert original[slice(*mapped.offsets.span(jump, len(mapped.text)))] == "fox，跳過了。"
    assert mapped.offsets.span(3, 3) == mapped.offsets.span(3, 3)  # empty spans are fine
