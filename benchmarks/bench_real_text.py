"""Real text nobody here wrote: Debian's licence texts against the copyright files that
embed them, scored against ground truth computed without the engine.

``/usr/share/common-licenses`` holds the licences; ``/usr/share/doc/*/copyright`` the
packages' copyright files, many of which paste a whole licence (the BSD licence in
hundreds of them). Ground truth is word-level: a word of one text counts as found in the
other when it lies in a run of ``TRUTH_WORDS`` consecutive words that the other text
also holds, after lower-casing and dropping punctuation. A "licence copy" is a copyright
file that holds at least ``COPY_SHARE`` of a licence that way.

Reports: licence copies found, the error of both overlap figures against the truth,
the time of the scan, and whether each sampled pair reads the same when scanned alone
as among all the files (the figures must depend on the two texts only).

    python benchmarks/bench_real_text.py [--limit 600] [--sample 12] [--seed 1] [--peers]

The peers (``--peers``) are sim_text (Debian's ``similarity-tester``) and copydetect
(PyPI), each on the same folder; a licence copy counts as found by a peer when it
reports any share for the pair.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from neardup import ScanSettings, scan
from neardup.core.models import NEAR_DUPLICATE_SHARE, PairKind

LICENCES = Path("/usr/share/common-licenses")
DOCS = Path("/usr/share/doc")
TRUTH_WORDS = 8
COPY_SHARE = 0.8
_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def found_share(mine: list[str], other_grams: set[tuple[str, ...]]) -> float:
    """Share of ``mine``'s characters (of words) inside a run the other text holds."""
    if not mine:
        return 0.0
    covered = [False] * len(mine)
    for start in range(len(mine) - TRUTH_WORDS + 1):
        if tuple(mine[start : start + TRUTH_WORDS]) in other_grams:
            for k in range(start, start + TRUTH_WORDS):
                covered[k] = True
    total = sum(len(w) for w in mine)
    return sum(len(w) for w, c in zip(mine, covered, strict=True) if c) / total


def grams(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + TRUTH_WORDS]) for i in range(len(tokens) - TRUTH_WORDS + 1)}


def collect(limit: int, rng: random.Random, folder: Path) -> dict[str, Path]:
    """Copy the licences and up to ``limit`` copyright files into ``folder``."""
    named: dict[str, Path] = {}
    for licence in sorted(LICENCES.iterdir()):
        if licence.is_file() and not licence.is_symlink():
            target = folder / f"licence-{licence.name}.txt"
            shutil.copyfile(licence, target)
            named[target.name] = target
    copyrights = sorted(p for p in DOCS.glob("*/copyright") if p.is_file())
    for source in rng.sample(copyrights, min(limit, len(copyrights))):
        target = folder / f"copyright-{source.parent.name}.txt"
        shutil.copyfile(source, target)
        named[target.name] = target
    return named


def truth(named: dict[str, Path]) -> dict[tuple[str, str], tuple[float, float]]:
    """(licence, copyright file) -> (share of the licence found, share of the file found)."""
    texts = {
        name: words(path.read_text(encoding="utf-8", errors="replace"))
        for name, path in named.items()
    }
    licence_names = [n for n in texts if n.startswith("licence-")]
    gram_sets = {name: grams(tokens) for name, tokens in texts.items()}
    out = {}
    for licence in licence_names:
        for name, tokens in texts.items():
            if not name.startswith("copyright-") or not tokens:
                continue
            share = found_share(texts[licence], gram_sets[name])
            if share >= COPY_SHARE:
                out[(licence, name)] = (share, found_share(tokens, gram_sets[licence]))
    return out


def figures(paths: list[Path]) -> tuple[dict[tuple[str, str], tuple[str, float, float]], float]:
    started = time.perf_counter()
    result = scan(paths, ScanSettings(use_cache=False))
    elapsed = time.perf_counter() - started
    names = [d.path.name for d in result.documents]
    out = {}
    for p in result.pairs:
        a, b = names[p.a], names[p.b]
        out[(a, b)] = (p.kind.value, p.overlap_a, p.overlap_b)
        out[(b, a)] = (p.kind.value, p.overlap_b, p.overlap_a)
    return out, elapsed


_SIM_TEXT_LINE = re.compile(r"^(.+?) consists for (\d+) % of (.+?) material$")


def sim_text_figures(folder: Path) -> tuple[dict[tuple[str, str], float], float] | None:
    """sim_text (Debian's similarity-tester): share of each file found in each other."""
    if shutil.which("sim_text") is None:
        return None
    files = sorted(str(p) for p in folder.iterdir())
    started = time.perf_counter()
    done = subprocess.run(
        ["sim_text", "-e", "-p", "-t", "1", *files], capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - started
    shares: dict[tuple[str, str], float] = {}
    for line in done.stdout.splitlines():
        match = _SIM_TEXT_LINE.match(line.strip())
        if match:
            mine, other = Path(match[1]).name, Path(match[3]).name
            shares[(mine, other)] = int(match[2]) / 100
    return shares, elapsed


def copydetect_figures(folder: Path) -> tuple[dict[tuple[str, str], float], float] | None:
    """copydetect: share of each file's fingerprints found in the other."""
    try:
        import copydetect
    except ImportError:
        return None
    started = time.perf_counter()
    # Its filtering of "code" boilerplate drops every pair of these prose files; without it
    # it compares them as text.
    detector = copydetect.CopyDetector(
        test_dirs=[str(folder)],
        extensions=["txt"],
        display_t=0.0,
        autoopen=False,
        silent=True,
        disable_filtering=True,
    )
    detector.run()
    elapsed = time.perf_counter() - started
    shares: dict[tuple[str, str], float] = {}
    for test_sim, ref_sim, test_file, ref_file, *_ in detector.get_copied_code_list():
        a, b = Path(test_file).name, Path(ref_file).name
        shares[(a, b)], shares[(b, a)] = float(test_sim), float(ref_sim)
    return shares, elapsed


def peer_row(
    name: str,
    figures: tuple[dict[tuple[str, str], float], float] | None,
    expected: dict[tuple[str, str], tuple[float, float]],
) -> dict[str, object]:
    if figures is None:
        return {"peer": name, "available": False}
    shares, elapsed = figures
    found = [key for key in expected if key in shares or key[::-1] in shares]
    # Error over the directions the peer reports (sim_text gives one direction a pair).
    errors = [
        abs(shares[side] - truth)
        for key in found
        for side, truth in ((key, expected[key][0]), (key[::-1], expected[key][1]))
        if side in shares
    ]
    return {
        "peer": name,
        "found": round(len(found) / len(expected), 4) if expected else None,
        "overlap_mae": round(sum(errors) / len(errors), 4) if errors else None,
        "seconds": round(elapsed, 1),
    }


def expected_kind(licence_share: float, file_share: float) -> str:
    """The kind the truth's two shares call for, by the engine's own rule."""
    near = min(licence_share, file_share) >= NEAR_DUPLICATE_SHARE
    return PairKind.NEAR_DUPLICATE.value if near else PairKind.PARTIAL.value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=600, help="copyright files to take")
    parser.add_argument("--sample", type=int, default=12, help="pairs to rescan alone")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--peers", action="store_true", help="also run sim_text and copydetect")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="neardup-real-") as tmp:
        folder = Path(tmp) / "all"
        folder.mkdir()
        named = collect(args.limit, rng, folder)
        expected = truth(named)
        found, elapsed = figures(sorted(named.values()))
        hits = [key for key in expected if key in found]
        # A copy counts only with the kind its true shares give: most of each text found in
        # the other is an edited whole copy (near-duplicate), anything less is partial.
        right_kind = [key for key in hits if found[key][0] == expected_kind(*expected[key])]
        errors = [
            abs(found[key][1] - expected[key][0]) + abs(found[key][2] - expected[key][1])
            for key in hits
        ]
        invariant = []
        for key in rng.sample(sorted(found), min(args.sample, len(found))):
            alone_folder = Path(tmp) / f"alone-{len(invariant)}"
            alone_folder.mkdir()
            paths = [shutil.copyfile(named[n], alone_folder / n) for n in key]
            alone, _ = figures([Path(p) for p in paths])
            together = found[key]
            single = alone.get(key, ("none", 0.0, 0.0))
            invariant.append(
                max(abs(single[1] - together[1]), abs(single[2] - together[2]))
                + (0.0 if single[0] == together[0] else 1.0)
            )
        report = {
            "files": len(named),
            "licence_copies": len(expected),
            "found": round(len(hits) / len(expected), 4) if expected else None,
            "found_with_right_kind": (
                round(len(right_kind) / len(expected), 4) if expected else None
            ),
            "wrong_kind": sorted(
                f"{a} / {b}: {found[(a, b)][0]}" for a, b in hits if (a, b) not in right_kind
            )[:20],
            "missed": sorted(f"{a} / {b}" for a, b in expected if (a, b) not in found)[:20],
            "overlap_mae": round(sum(errors) / (2 * len(errors)), 4) if errors else None,
            "scan_seconds": round(elapsed, 2),
            "pairs_reported": len(found) // 2,
            "alone_vs_together_max_difference": round(max(invariant), 4) if invariant else None,
            "pairs_checked_alone": len(invariant),
        }
        if args.peers:
            report["peers"] = [
                peer_row("sim_text", sim_text_figures(folder), expected),
                peer_row("copydetect", copydetect_figures(folder), expected),
            ]
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
