"""Write the SHA-256 of each file that compiled loops take loops or constants from.

Role: a developer's tool. numba checks a cached function against its own file only, so
each module of compiled loops names the content of the files compiled into it
(``COMPILED_FROM``; ``core.passages.kernels`` says why). After editing one of them, run
``python scripts/compiled_digests.py``: it rewrites the digests, those of the files
every other file depends on first, as a changed digest changes its file in turn.
``tests/unit/test_house.py`` fails until they are right.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

PASSAGES = Path(__file__).resolve().parent.parent / "app" / "neardup" / "core" / "passages"
_ENTRY = re.compile(r'"(?P<name>[a-z_]+\.py)": "[0-9a-f]*"')


def digest(path: Path) -> str:
    """The SHA-256 of a file's text, with its line ends as the repository keeps them."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    return hashlib.sha256(text.encode()).hexdigest()


def main() -> None:
    # A file's digests change it, so refresh until nothing moves (dependencies are few
    # and acyclic: a few rounds).
    for _ in range(10):
        changed = False
        for path in sorted(PASSAGES.glob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "COMPILED_FROM" not in text:
                continue
            new = _ENTRY.sub(lambda m: f'"{m["name"]}": "{digest(PASSAGES / m["name"])}"', text)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed = True
        if not changed:
            return
    raise SystemExit("the digests did not settle: do two files name each other?")


if __name__ == "__main__":
    main()
