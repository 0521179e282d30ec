"""Thesis-like documents for the sources report: quotations, pasted text, reference lists.

`chinese_theses` writes a Chinese thesis (.docx) that quotes one passage of a source,
pastes two paragraphs of it without quotation marks and ends with a 参考文献 list matching
the source's own; the source as .docx and as a .txt copy; and an unrelated thesis.
"""

from __future__ import annotations

from pathlib import Path

from docgen import write_docx
from textgen import paragraphs

ZH_REFERENCES = [
    f"[{n}] {author}. {title}[D]. {place}: {school}, {year}."
    for n, (author, title, place, school, year) in enumerate(
        [
            ("张伟", "基于深度学习的中文文本相似度计算方法研究", "北京", "清华大学", 2019),
            ("李娜", "面向学位论文的抄袭检测关键技术与系统实现", "上海", "复旦大学", 2020),
            ("王强", "大规模文档近似重复检测中的指纹索引方法", "南京", "南京大学", 2018),
            ("刘洋", "跨格式文档文本抽取与规范化处理技术研究", "武汉", "武汉大学", 2021),
            ("陈静", "中文分词与关键词权重对文本指纹的影响分析", "广州", "中山大学", 2017),
        ],
        start=1,
    )
]
EN_REFERENCES = [
    "[1] Charikar, M. S. Similarity estimation techniques from rounding algorithms. "
    "Proceedings of the thiry-fourth annual ACM symposium on Theory of computing, 2002.",
    "[2] Manku, G. S., Jain, A., Das Sarma, A. Detecting near-duplicates for web crawling. "
    "Proceedings of the 16th international conference on World Wide Web, 2007.",
    "[3] Schleimer, S., Wilkerson, D. S., Aiken, A. Winnowing: local algorithms for document "
    "fingerprinting. Proceedings of the ACM SIGMOD international conference, 2003.",
]


def chinese_theses(root: Path) -> dict[str, Path]:
    source = paragraphs(41, "zh", count=10)
    own = paragraphs(42, "zh", count=10)
    quoted = source[1][: source[1].index("。", 60) + 1]
    root.mkdir()
    source_doc = [*source, "参考文献", *ZH_REFERENCES]
    files = {
        "source": write_docx(root / "source.docx", source_doc),
        "thesis": write_docx(
            root / "thesis.docx",
            [
                "第一章 绪论",
                *own[:3],
                f"正如前人所说：“{quoted}”这一点很重要。",
                *own[3:6],
                source[5],
                source[6],
                *own[6:],
                "参考文献",
                *ZH_REFERENCES,
                "致谢",
                "感谢导师的悉心指导。",
            ],
        ),
        "unrelated": write_docx(root / "unrelated.docx", paragraphs(43, "zh", count=8)),
    }
    # The same source as plain text: a copy in another format counts once.
    (root / "source.txt").write_text("\n".join(source_doc), encoding="utf-8")
    files["source_copy"] = root / "source.txt"
    return files
