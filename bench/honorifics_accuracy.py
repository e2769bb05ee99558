"""Prints the speech-level classifier's accuracy on the labelled set: overall, per level, and confusions.

Run: /work/venv/bin/python bench/honorifics_accuracy.py [path/to/labelled.tsv]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from litlens.app.korean.labelled import load_labelled, score
from litlens.app.korean.levels import LEVELS

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "data" / "honorifics" / "labelled.tsv"
TARGET = 0.90


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT
    rows = load_labelled(path)
    t0 = time.perf_counter()
    acc = score(rows)
    elapsed = time.perf_counter() - t0
    print(f"Labelled set: {path} ({acc.total} sentences)")
    print(f"Overall accuracy: {acc.overall:.1%} ({acc.correct}/{acc.total}); target {TARGET:.0%}")
    print("Per level:")
    for level in LEVELS:
        if level in acc.per_level:
            c, t = acc.per_level[level]
            print(f"  {level:<6} {c / t:6.1%}  ({c}/{t})")
    if acc.confusion:
        print("Confusions (gold -> predicted: count):")
        for (gold, got), n in acc.confusion.most_common():
            print(f"  {gold} -> {got}: {n}")
        print("Misclassified:")
        for row, got in acc.misses:
            print(f"  line {row.line}: {row.sentence}  gold {row.level}, got {got or 'none'}")
    print(f"Time: {elapsed:.2f} s including Kiwi start-up ({elapsed / max(acc.total, 1) * 1000:.1f} ms/sentence)")
    return 0 if acc.overall >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
