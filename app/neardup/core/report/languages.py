"""The languages a sources report is written in, and how a person may name them.

Apart from the phrasebook's words, so that a command line can check ``--language`` without
building them.
"""

from __future__ import annotations

ENGLISH = "en"
CHINESE = "zh_CN"
REPORT_LANGUAGES = (ENGLISH, CHINESE)


def report_language(name: str) -> str:
    """The language code `report_words` knows ``name`` by: ``en`` or ``zh_CN``, whatever the
    case, with ``-`` for ``_``, and ``zh`` for Chinese; ValueError for any other."""
    key = name.strip().lower().replace("-", "_")
    codes = {code.lower(): code for code in REPORT_LANGUAGES} | {"zh": CHINESE}
    if key not in codes:
        raise ValueError(
            f"unknown report language {name!r}; choose {' or '.join(REPORT_LANGUAGES)}"
        )
    return codes[key]
