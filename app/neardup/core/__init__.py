"""NearDup's Qt-free core: one subpackage per stage, in the order data flows.

``extract`` (file → text) → ``features`` (normalised text, tokens, weights, SimHash,
passage windows) → ``match`` (block index, near-duplicate pairs, groups) → ``passages``
(partial-copy candidates, exact verification, alignment) → ``store`` (the SQLite cache)
→ ``report`` (writers, sources, two-document comparison) → ``scan`` (walk, workers,
stages, pipeline). ``models`` and ``settings`` are the plain records every stage shares.

A stage imports another only through that stage's package (its public face), and only
downwards in that order; the import-linter contract in ``pyproject.toml`` enforces it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_face(
    package: str, exports: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for a stage's package: its public names, each
    loaded from its module on first use.

    Importing a stage loads none of its modules, so a warm rescan (a walk and a cache
    read) never pays for the code of the methods whose results it reads back.
    ``exports`` maps module names inside ``package`` to the names they contribute.
    """
    homes = {name: f"{package}.{module}" for module, names in exports.items() for name in names}
    clashes = set(homes) & set(exports)
    if clashes:  # importing the module would replace the name with the module object
        raise ValueError(f"{package}: names that are also module names: {sorted(clashes)}")

    def attribute(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return attribute, names
