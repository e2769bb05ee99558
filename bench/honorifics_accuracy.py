"""Prints the speech-level classifier's accuracy on the labelled sets: overall, per level, and confusions.

Three sets: the original ``labelled.tsv`` (written together with the rules), and the literary set written
for issue 18 before its rule changes, split into a tuning part and a held-out part. Misclassified
sentences are listed for the sets rules may be tuned on; the held-out part prints only its figures, so
nobody writing rules reads its errors (``--show-held-out`` lists them, for after the work is done).

Run: /work/venv/bin/python bench/honorifics_accuracy.py [--show-held-out] [--smoke] [path/to/extra.tsv ...]
(``--smoke``: the first few sentences of each set, to check the script runs; its figures judge nothing.)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from litlens.app.korean.labelled import Accuracy, load_labelled, score
from litlens.app.korean.levels import LEVELS

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "honorifics"
SETS = (("original (written with the rules)", DATA / "labelled.tsv", True),
        ("literary, tuning split", DATA / "literary_tune.tsv", True),
        ("literary, held-out split", DATA / "literary_heldout.tsv", False))
TARGET = 0.97  # issue 18: held-out accuracy
SMOKE_SENTENCES = 12


def _print(name: str, path: Path, acc: Accuracy, show_misses: bool) -> None:
    print(f"\n== {name}: {path.name} ({acc.total} sentences)")
    print(f"Accuracy: {acc.overall:.1%} ({acc.correct}/{acc.total})")
    print("Per level: " + "  ".join(f"{lv} {c}/{t}" for lv in LEVELS if lv in acc.per_level
                                     for c, t in [acc.per_level[lv]]))
    if not show_misses:
        if acc.misses:
            print(f"({len(acc.misses)} errors not listed: held out)")
        return
    for (gold, got), n in acc.confusion.most_common():
        print(f"  {gold} -> {got}: {n}")
    for row, got in acc.misses:
        print(f"  line {row.line}: {row.sentence}  gold {row.level}, got {got or 'none'}")


def main(argv: list[str]) -> int:
    show_held = "--show-held-out" in argv
    smoke = "--smoke" in argv
    extra = [Path(a) for a in argv[1:] if not a.startswith("--")]
    sets = list(SETS) + [(f"extra {p.name}", p, True) for p in extra]
    t0 = time.perf_counter()
    held = None
    for name, path, tunable in sets:
        rows = load_labelled(path)
        acc = score(rows[:SMOKE_SENTENCES] if smoke else rows)
        _print(name, path, acc, tunable or show_held)
        if not tunable:
            held = acc
    print(f"\nTime: {time.perf_counter() - t0:.2f} s including Kiwi start-up")
    if held is None or smoke:
        return 0
    print(f"Held-out accuracy {held.overall:.1%}; target {TARGET:.0%}")
    return 0 if held.overall >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
