"""Passage windows of one document and their fingerprints (the per-file half of partial-copy search).

A document is cut into windows of whole sentences holding at least
``PASSAGE_TOKENS`` content tokens, one window starting at each sentence. Each
window gets a 64-bit SimHash of its token occurrences (term frequency). That
does not depend on the other documents, so windows are fingerprinted once, in
the worker that reads the file, and cached with its text. (IDF weights, from
jieba's table, measured no better on the quality corpora and cost every worker
process 0.4 s to load.) Because a window's bit votes are the sum of its
tokens' votes, all windows of a document come from one cumulative sum.

Matching windows across documents is the passages stage's job (``core.passages``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from neardup.core.features.simhash import UInt64Array, term_hashes
from neardup.core.features.text import sentence_boundaries
from neardup.core.features.weighting import IdfTable

# Chosen by measurement on the quality corpus (benchmarks/README.md): shorter
# windows make SimHash noisy, longer ones miss copies of a few sentences.
PASSAGE_TOKENS = 8
LONG_SENTENCE_FACTOR = 2


@dataclass(frozen=True, slots=True)
class Passages:
    """The windows of one document: token ranges and their fingerprints."""

    token_starts: npt.NDArray[np.int64]
    token_ends: npt.NDArray[np.int64]
    fingerprints: UInt64Array


def _window_token_ranges(
    text: str, token_offsets: Sequence[int], size: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    offsets = np.asarray(token_offsets, dtype=np.int64)
    n_tokens = len(offsets)
    sentence_starts = np.array(sentence_boundaries(text), dtype=np.int64)
    # First token of each sentence; sentences without tokens collapse together.
    first = np.searchsorted(offsets, sentence_starts, side="left")  # non-decreasing
    first = first[np.flatnonzero(np.diff(first, prepend=-1))]
    first = first[first < n_tokens]
    if len(first) == 0 or n_tokens < size // 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    # Each window ends at the first sentence boundary holding at least `size` tokens.
    boundaries = np.append(first, n_tokens)
    wanted_end = first + size
    end_index = np.searchsorted(boundaries, wanted_end, side="left")
    ends = boundaries[np.minimum(end_index, len(boundaries) - 1)]
    # Windows cut short by the end of the text only repeat the last full one.
    full = (ends - first) >= size
    if not full.any():
        return first[:1], np.array([n_tokens], dtype=np.int64)
    starts, ends = first[full], ends[full]
    # Long sentences (or text with few sentence marks at all) also get windows of
    # exactly `size` tokens along them, so a copy that starts or ends mid-sentence,
    # or is edited late in a long sentence, still shares a window with its source.
    lengths = np.diff(boundaries)
    long_sentences = np.flatnonzero(lengths >= LONG_SENTENCE_FACTOR * size)
    if len(long_sentences):
        inner = np.concatenate(
            [np.arange(first[i], first[i] + lengths[i] - size + 1, size) for i in long_sentences]
        )
        starts = np.concatenate((starts, inner))
        ends = np.concatenate((ends, inner + size))
        order = np.lexsort((ends, starts))
        starts, ends = starts[order], ends[order]
        keep = np.ones(len(starts), dtype=bool)
        keep[1:] = (starts[1:] != starts[:-1]) | (ends[1:] != ends[:-1])
        starts, ends = starts[keep], ends[keep]
    return starts, ends


# Tokens per block when summing votes: bounds memory for huge documents
# (a block of running sums is 64 x CHUNK_TOKENS x 4 bytes, 16 MB).
CHUNK_TOKENS = 1 << 16


_Votes = TypeVar("_Votes", np.int32, np.float32)


def _prefix_sums_at(
    votes: npt.NDArray[_Votes],
    token_ids: npt.NDArray[np.int64],
    positions: npt.NDArray[np.int64],
) -> npt.NDArray[_Votes]:
    """Sums of the tokens' bit votes over tokens [0, p), for each position p (0..n).

    ``votes`` holds one row of 64 per vocabulary entry. The running sums are taken
    along rows of a transposed block (bit x token), which numpy does several times
    faster than down the columns of a token x bit block; blocks bound the memory
    however long the text is.
    """
    out = np.zeros((len(positions), 64), dtype=votes.dtype)
    carry = np.zeros(64, dtype=votes.dtype)
    for block_start in range(0, len(token_ids), CHUNK_TOKENS):
        block_ids = token_ids[block_start : block_start + CHUNK_TOKENS]
        running = np.cumsum(votes[block_ids].T, axis=1, dtype=votes.dtype)
        running += carry[:, None]
        block_end = block_start + len(block_ids)
        # Position p in (block_start, block_end] is column p - 1 - block_start.
        inside = np.flatnonzero((positions > block_start) & (positions <= block_end))
        out[inside] = running[:, positions[inside] - 1 - block_start].T
        carry = running[:, -1].copy()
    return out


def passage_fingerprints(
    text: str,
    tokens: Sequence[str],
    token_offsets: Sequence[int],
    idf: IdfTable | None = None,
    size: int | None = None,
) -> Passages:
    """Fingerprints of every window of a document.

    Without ``idf`` (as scans run) every token occurrence votes +1 or -1 on each bit,
    so a bit is set where more than half of the window's tokens have it set: integer
    counts, exact and cheaper than float sums. ``idf`` weights the votes instead (no
    better on the quality corpora, see above; tests still use it).
    """
    starts, ends = _window_token_ranges(text, token_offsets, size or PASSAGE_TOKENS)
    if len(starts) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Passages(empty, empty, np.zeros(0, dtype=np.uint64))
    vocabulary = list(dict.fromkeys(tokens))
    position = dict(zip(vocabulary, range(len(vocabulary)), strict=True))
    token_ids = np.fromiter(map(position.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    hashes = term_hashes(vocabulary).astype("<u8").view(np.uint8).reshape(-1, 8)
    bits = np.unpackbits(hashes, axis=1, bitorder="little")
    edges = np.concatenate((starts, ends))
    if idf is None:
        counts = _prefix_sums_at(bits.astype(np.int32), token_ids, edges)
        set_in_window = counts[len(starts) :] - counts[: len(starts)]
        positive = 2 * set_in_window > (ends - starts)[:, None]
    else:
        signs = bits.astype(np.float32) * 2 - 1
        weighted = signs * idf.values(vocabulary).astype(np.float32)[:, None]
        sums = _prefix_sums_at(weighted, token_ids, edges)
        positive = (sums[len(starts) :] - sums[: len(starts)]) > 0
    packed = np.packbits(positive, axis=1, bitorder="little")
    return Passages(starts, ends, packed.view("<u8").reshape(-1).astype(np.uint64))
