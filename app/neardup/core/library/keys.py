"""The passage keys a reference library keeps of a document: sparse, with a stated guarantee.

A scan keeps about one winnowing key in five compact characters (``core.features.shingles``:
keys of ``KEY_CHARS`` characters, windows of ``WINNOW`` keys). At a million documents of
100,000 characters that would be twenty billion keys. A library winnows the very same key
hashes with a larger window, ``LIBRARY_WINNOW`` keys, and keeps each distinct key once per
document: about one key in ``(LIBRARY_WINNOW + 1) / 2`` characters, some 1,500 for a
100,000-character thesis.

The guarantee is winnowing's own, with the larger window. Any run of ``LIBRARY_WINNOW``
consecutive keys holds the same smallest key (the leftmost of ties) in every text that holds
the run, and a verbatim run of ``RUN_GUARANTEE = LIBRARY_WINNOW + KEY_CHARS - 1`` compact
characters holds ``LIBRARY_WINNOW`` whole keys. So, for text (keys made only of layout,
a table rule or punctuation, are never evidence, as in a scan), **a checked document that shares a
verbatim run of at least ``RUN_GUARANTEE`` (159) compact characters with a library
document keeps a key the library document also keeps**, and that document becomes a
candidate. The check applies the same selection to the checked document.

Shorter shared runs may go unseen: a copy stitched only from runs shorter than that (every
sentence edited) is found through the document fingerprints (``near-duplicate`` within the
Hamming threshold) or not at all, where a scan of the same files, with its denser keys, may
still find it. Candidates are only proposals: the scan's verification decides every pair
and its figures (``core.library.checking``).
"""

from __future__ import annotations

import numpy as np

from neardup.core.features import (
    KEY_CHARS,
    NO_HASH,
    HashArray,
    Shingles,
    sorted_distinct,
    winnowing_keys,
)

LIBRARY_WINNOW = 128  # keys per library winnowing window
RUN_GUARANTEE = LIBRARY_WINNOW + KEY_CHARS - 1  # a shared verbatim run this long is found


def library_keys(text: str) -> HashArray:
    """The distinct keys a library keeps of a normalised text, sorted."""
    shingled = Shingles.of(text)
    usable = winnowing_keys(shingled.hashes, shingled.tainted)
    if not len(usable):
        return np.zeros(0, dtype=np.uint64)
    if len(usable) <= LIBRARY_WINNOW:
        # A text shorter than one window: its smallest key stands for all of it (a copy of
        # the whole text shares it); the guarantee needs longer runs anyway.
        chosen = usable[[int(np.argmin(usable))]]
    else:
        # Each window's smallest key. Only its value is kept, not where it stands, so a
        # minimum does it: numpy reduces a strided view fast, and argmin over one took
        # half a second for a 100,000-character thesis.
        chosen = np.lib.stride_tricks.sliding_window_view(usable, LIBRARY_WINNOW).min(axis=1)
    kept: HashArray = sorted_distinct(chosen[chosen != NO_HASH])
    return kept
