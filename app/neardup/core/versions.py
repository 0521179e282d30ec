"""Version stamps of the methods whose results the cache keeps.

A cache key carries the stamps of every method its value came from, so a changed
method never serves a stale value. Bump a stamp whenever its method gives different
results for the same input. They live apart from the methods so that reading the
cache (a rescan of unchanged files) needs none of the methods' code.
"""

# Normalisation, folding, tokenisation and winnowed keys (analyze.py and what it calls).
ANALYSIS_VERSION = 16
# Document fingerprints: weighting, SimHash and the IDF table (weighting.py, simhash.py).
FINGERPRINT_VERSION = 1
# Exact verification of a pair (overlap.py, its shingle length included).
OVERLAP_VERSION = 13
# Matching, passages, grouping and per-document summaries: what a scan finds from
# the same analyses (the stored outcome of a whole scan).
SCAN_VERSION = 19
