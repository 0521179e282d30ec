"""Any bytes named .txt become a document or a problem with a reason, never an exception:
repetitive text, NUL bytes, mixed scripts, invisible characters, broken encodings."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from neardup.core.features.analyze import Analyzed, AnalyzeOptions, analyze_file
from neardup.core.models import Problem

PIECES = st.sampled_from(
    [
        "论文", "測試", "thesis ", "тезис ", "\u200b", "\u00ad", "\ufe0f", "ﬁ", "１２",
        "\x00", "\n", "\r\n", "。", "───┼───", "a" * 40, "\ud7ff", "😀", " ",
    ]
)  # fmt: skip
TEXTS = st.lists(PIECES, max_size=400).map("".join)
ENCODINGS = st.sampled_from(["utf-8", "utf-16", "gb18030", "big5", "latin-1"])


@settings(max_examples=150, deadline=None)
@given(text=TEXTS, encoding=ENCODINGS, repeat=st.integers(1, 50), junk=st.binary(max_size=64))
def test_any_text_file_is_a_document_or_a_problem(
    text: str, encoding: str, repeat: int, junk: bytes
) -> None:
    data = (text * repeat).encode(encoding, errors="replace") + junk
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.txt"
        path.write_bytes(data)
        found = analyze_file(path, AnalyzeOptions())
    assert isinstance(found, (Analyzed, Problem))
    if isinstance(found, Problem):
        # A reason a person can act on, not a failure of NearDup's own.
        assert found.reason
        assert not found.reason.startswith(("Could not analyse", "Could not read the file: "))
    else:
        assert "\x00" not in found.text
