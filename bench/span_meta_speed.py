"""Span meta-evaluation speed: the whole table (all spans, each top-level category, each severity; exact
and partial credit; micro and macro; each with its interval over paragraphs) for one judge against
two raters, at a chapter's and at a WMT test set's size, plus the raters' ceiling.

Synthetic data: each aligned row has 2 candidates; each rater marks 0-4 spans per candidate paragraph
(people agree on most, not all); the judge finds most of them with shifted ends and adds false alarms.

    .venv/bin/python bench/span_meta_speed.py [--rows 200,2000]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from litlens.app.metrics import spans_meta as sm

CATEGORIES = ("accuracy/mistranslation", "accuracy/omission", "fluency/grammar", "style/awkwardness",
              "terminology/mistranslation")
SEVERITIES = ("major", "minor")


def make_units(rows: int, seed: int = 11) -> tuple[list[sm.Unit], list[sm.Unit]]:
    rng = np.random.default_rng(seed)
    judge, ceiling = [], []
    for row in range(rows):
        for _cand in range(2):
            truth = []
            for _ in range(int(rng.integers(0, 5))):
                start = int(rng.integers(0, 300))
                truth.append(sm.EvalSpan("target", start, start + int(rng.integers(2, 25)),
                                         CATEGORIES[int(rng.integers(0, 5))], SEVERITIES[int(rng.integers(0, 2))]))
            raters = [[s for s in truth if rng.random() < 0.8] for _ in range(2)]
            found = [sm.EvalSpan(s.side, max(0, s.start + int(rng.integers(-3, 4))), s.end + int(rng.integers(-2, 5)),
                                 s.category, s.severity) for s in truth if rng.random() < 0.6]
            for _ in range(int(rng.integers(0, 2))):
                start = int(rng.integers(0, 300))
                found.append(sm.EvalSpan("target", start, start + 6, CATEGORIES[0], "minor"))
            judge += [sm.Unit(row, found, r) for r in raters]
            ceiling += [sm.Unit(row, raters[0], raters[1]), sm.Unit(row, raters[1], raters[0])]
    return judge, ceiling


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", default="200,2000", help="comma-separated numbers of aligned rows")
    args = ap.parse_args()
    for rows in (int(x) for x in args.rows.split(",")):
        judge, ceiling = make_units(rows)
        spans = sum(len(u.human) for u in judge)
        t0 = time.perf_counter()
        table = sm.table("judge", judge)
        t1 = time.perf_counter()
        sm.table("raters", ceiling)
        t2 = time.perf_counter()
        overall = next(r.figures for r in table if r.slice == "all" and r.figures.mode == sm.PARTIAL)
        print(f"{rows} rows, {len(judge)} judge units, {spans} human spans: judge table {t1 - t0:.2f} s "
              f"({len(table)} lines), ceiling {t2 - t1:.2f} s; partial micro F1 {overall.micro_f1.format()}")


if __name__ == "__main__":
    main()
