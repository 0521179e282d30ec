"""Generate a small labelled corpus of original Chinese/English text documents for GUI tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

_ZH_SUBJECTS = [
    "研究团队",
    "这位老师",
    "我们的系统",
    "城市图书馆",
    "实验小组",
    "年轻的工程师",
    "地方政府",
    "这家公司",
    "学生们",
    "观察者",
]
_ZH_VERBS = [
    "认真分析了",
    "重新设计了",
    "记录下",
    "比较了",
    "讨论了",
    "逐步改进了",
    "整理了",
    "测量了",
    "解释了",
    "评估了",
]
_ZH_OBJECTS = [
    "河流的水质变化",
    "山区的交通条件",
    "古代文献的版本",
    "农作物的生长周期",
    "夜间的噪声水平",
    "网络服务的响应时间",
    "传统手工艺的传承",
    "社区居民的阅读习惯",
    "海岸线的侵蚀速度",
    "课堂教学的组织方式",
]
_ZH_TAILS = [
    "并写出了详细的报告。",
    "结果令人十分意外。",
    "为后续工作打下了基础。",
    "引起了广泛的关注。",
    "但仍有许多问题没有解决。",
    "这一过程持续了三个月。",
    "数据来自多个独立的来源。",
    "方法简单而且可靠。",
]

_EN_SUBJECTS = [
    "The committee",
    "A curious student",
    "Our volunteer crew",
    "The harbour office",
    "An old librarian",
    "The night shift",
    "A small bakery",
    "The survey team",
    "My neighbour",
    "The orchestra",
]
_EN_VERBS = [
    "carefully examined",
    "quietly rebuilt",
    "argued about",
    "photographed",
    "catalogued",
    "measured",
    "restored",
    "translated",
    "mapped",
    "reviewed",
]
_EN_OBJECTS = [
    "the flooded meadow",
    "a forgotten railway timetable",
    "the copper weather vane",
    "seven dusty ledgers",
    "the lighthouse stairs",
    "a crate of winter apples",
    "the broken organ pipes",
    "the village boundary stones",
    "an atlas of tidal charts",
    "the greenhouse heating pipes",
]
_EN_TAILS = [
    "before the autumn fair began.",
    "and wrote a long memo about it.",
    "while the rain kept falling.",
    "with surprising patience.",
    "although nobody had asked them to.",
    "and found several odd mistakes.",
    "during a remarkably windy week.",
    "to settle an ancient dispute.",
]


_SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ren",
    "tas",
    "vu",
    "bel",
    "dor",
    "quin",
    "sha",
    "te",
    "zor",
    "pim",
    "gal",
    "ny",
]
_HANZI = "春夏秋冬东南西北山水林木花草风雨云雷金银铜铁红黄蓝绿白黑天地日月星辰江河湖海桥路车船书画琴棋诗酒茶米"


# Names and places vary enough, and stand between the phrases, so that two unrelated
# documents never share a long run of text by chance (the phrase lists are short, and
# the scan reports any shared run it finds).
def _name(rng: random.Random) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(4)).capitalize()


def _place(rng: random.Random) -> str:
    return "".join(rng.choice(_HANZI) for _ in range(3)) + rng.choice(["村", "镇", "县", "湾"])


def _zh_sentence(rng: random.Random) -> str:
    return (
        rng.choice(_ZH_SUBJECTS)
        + "在"
        + _place(rng)
        + rng.choice(_ZH_VERBS)
        + rng.choice(_ZH_OBJECTS)
        + "，"
        + rng.choice(_ZH_TAILS)
    )


def _en_sentence(rng: random.Random) -> str:
    return " ".join(
        [
            rng.choice(_EN_SUBJECTS),
            "of",
            _name(rng),
            rng.choice(_EN_VERBS),
            _name(rng).lower() + "'s",
            rng.choice(_EN_OBJECTS),
            "near",
            _name(rng),
            rng.choice(_EN_TAILS),
        ]
    )


def document(seed: int, chars: int = 1800) -> list[str]:
    """Sentences (mixed Chinese and English) totalling at least ``chars`` characters."""
    rng = random.Random(seed)
    sentences: list[str] = []
    total = 0
    while total < chars:
        sentence = _zh_sentence(rng) if rng.random() < 0.6 else _en_sentence(rng)
        sentences.append(sentence)
        total += len(sentence)
    return sentences


def join(sentences: list[str]) -> str:
    paragraphs = [" ".join(sentences[i : i + 5]) for i in range(0, len(sentences), 5)]
    return "\n\n".join(paragraphs) + "\n"


@dataclass(frozen=True)
class Corpus:
    folder: Path
    originals: list[Path]
    exact_copy: tuple[Path, Path]
    near_copy: tuple[Path, Path]
    partial: tuple[Path, Path]
    broken: Path


def build_corpus(folder: Path) -> Corpus:
    """Five originals, an exact copy, a lightly edited copy, a 30% partial copy and an empty file."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = {n: document(1000 + n) for n in range(5)}
    originals = []
    for n, sentences in texts.items():
        path = folder / f"original_{n}.txt"
        path.write_text(join(sentences), encoding="utf-8")
        originals.append(path)
    exact = folder / "copy_of_0.txt"
    exact.write_text(join(texts[0]), encoding="utf-8")
    edited = list(texts[1])
    rng = random.Random(7)
    for index in rng.sample(range(len(edited)), max(1, len(edited) // 30)):
        edited[index] = edited[index].replace("，", "，另外", 1).replace(" the ", " that ", 1)
    near = folder / "edited_1.txt"
    near.write_text(join(edited), encoding="utf-8")
    # 30% of original_2 pasted into the middle of a new, unrelated text.
    source = texts[2]
    pasted = source[: int(len(source) * 0.3)]
    host = document(2000)
    middle = len(host) // 2
    partial = folder / "thesis_with_quote.txt"
    partial.write_text(join(host[:middle] + pasted + host[middle:]), encoding="utf-8")
    broken = folder / "empty.txt"
    broken.write_bytes(b"")
    return Corpus(
        folder,
        originals,
        (originals[0], exact),
        (originals[1], near),
        (originals[2], partial),
        broken,
    )


def build_many(folder: Path, count: int) -> list[Path]:
    """Many small distinct documents, for a scan long enough to cancel."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in range(count):
        path = folder / f"note_{n:04d}.txt"
        path.write_text(join(document(5000 + n, chars=400)), encoding="utf-8")
        paths.append(path)
    return paths
