"""How often the span figures' 95% intervals (percentile bootstrap over paragraphs) cover the truth.

Simulated judges: each paragraph has its own hit rate (Beta around 0.6, so paragraphs differ, as real
texts do), the judge reports a Poisson number of spans of which that share are right, and people mark the
right ones plus some the judge missed (recall around 0.7). The micro precision and recall of the whole
population are known (0.6 and 0.7 by construction of the expectations); each simulated text of N
paragraphs gets an interval, and the share of intervals that contain the truth is printed: LitLens's
(t-intervals over paragraphs; F1's from its linearisation), and beside them a percentile bootstrap that
draws whole paragraphs (1,000 resamples), the method they replaced.

    .venv/bin/python bench/span_interval_coverage.py [--sims 300] [--paragraphs 5,10,20,50]
"""

from __future__ import annotations

import argparse

import numpy as np

from litlens.app.metrics import spans_meta as sm

PRECISION, RECALL = 0.6, 0.7
F1 = 2 * PRECISION * RECALL / (PRECISION + RECALL)


def simulate(paragraphs: int, rng: np.random.Generator) -> list[sm.Unit]:
    units = []
    for row in range(paragraphs):
        hit = rng.beta(6 * PRECISION, 6 * (1 - PRECISION))
        found = int(rng.poisson(2.5))
        right = int(rng.binomial(found, hit))
        # people mark the right ones and, to make recall RECALL in expectation, missed ones
        missed = int(rng.poisson(2.5 * PRECISION * (1 - RECALL) / RECALL))
        predicted = [sm.EvalSpan("target", 10 * k, 10 * k + 5) for k in range(found)]
        human = [sm.EvalSpan("target", 10 * k, 10 * k + 5) for k in range(right)]
        human += [sm.EvalSpan("target", 1000 + 10 * k, 1000 + 10 * k + 5) for k in range(missed)]
        units.append(sm.Unit(row, predicted, human))
    return units


def bootstrap(units: list[sm.Unit], seed: int, resamples: int = 1000) -> list[tuple[float, float] | None]:
    """Percentile intervals of micro P, R and F1 from resampling whole paragraphs."""
    counts = [sm.count(u.predicted, u.human, sm.EXACT) for u in units]
    sums = sm.cluster_sums(np.array([[c.credit_p, c.n_p, c.credit_r, c.n_r] for c in counts], dtype=float),
                           [u.cluster for u in units])
    m = len(sums)
    if m < 5:
        return [None, None, None]
    rng = np.random.default_rng(seed)
    copies = np.stack([np.bincount(row, minlength=m) for row in rng.integers(0, m, size=(resamples, m))])
    s = copies @ sums
    with np.errstate(invalid="ignore", divide="ignore"):
        p, r = s[:, 0] / s[:, 1], s[:, 2] / s[:, 3]
        f = 2 * p * r / (p + r)
    out: list[tuple[float, float] | None] = []
    for x in (p, r, f):
        x = x[~np.isnan(x)]
        out.append((float(np.percentile(x, 2.5)), float(np.percentile(x, 97.5))) if x.size else None)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sims", type=int, default=300)
    ap.add_argument("--paragraphs", default="5,10,20,50")
    args = ap.parse_args()
    rng = np.random.default_rng(3)
    for n in (int(x) for x in args.paragraphs.split(",")):
        covered = {k: [0, 0] for k in ("P", "R", "F1", "boot P", "boot R", "boot F1")}  # [shown, covering]
        for s in range(args.sims):
            units = simulate(n, rng)
            f = sm.figures(units, sm.EXACT)
            ours = [None if iv is None or iv.low is None or iv.high is None else (iv.low, iv.high)
                    for iv in (f.micro_p, f.micro_r, f.micro_f1)]
            for name, bounds, truth in zip(covered, [*ours, *bootstrap(units, s)], (PRECISION, RECALL, F1) * 2):
                if bounds is not None:
                    covered[name][0] += 1
                    covered[name][1] += bounds[0] <= truth <= bounds[1]
        print(f"{n} paragraphs: " + "; ".join(
            f"{name} {c / s:.1%} of {s}" if s else f"{name} -" for name, (s, c) in covered.items()))


if __name__ == "__main__":
    main()
