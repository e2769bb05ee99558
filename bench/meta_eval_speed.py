"""Meta-evaluation speed: τ-b and ρ with 95% intervals (1,000 bootstrap resamples over paragraphs) and
permutation p-values (1,000 shuffles) at 1,000 and 5,000 pairs, beside scipy's figures for the same pairs.

The pairs are 5 candidates per paragraph, human 1–5 scores and a model's 1–5 scores of the same latent
quality (the usual meta-evaluation), and a second set whose model scores are continuous. scipy is not a
LitLens dependency: point SCIPY_PATH at a folder where it is installed (pip install --target DIR scipy)
to print its values and its time for the same 1,000 resamples.

    SCIPY_PATH=/tmp/scipy_bench .venv/bin/python bench/meta_eval_speed.py [--sizes 1000,5000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from litlens.app.metrics.meta_eval import Pair, evaluate

SIZES = (1000, 5000)
RESAMPLES = 1000


def make_pairs(n: int, continuous: bool, seed: int = 7) -> list[Pair]:
    rng = np.random.default_rng(seed)
    para = np.arange(n) // 5
    quality = rng.normal(0, 1, n // 5 + 1)[para] + rng.normal(0, 0.7, n)
    human = np.clip(np.rint(3 + 0.9 * quality + rng.normal(0, 0.5, n)), 1, 5)
    model = 3.3 + 0.6 * quality + rng.normal(0, 0.7, n)
    if not continuous:
        model = np.clip(np.rint(model), 1, 5)
    return [Pair("Content Accuracy", f"c{i % 5}", int(p) + 1, float(h), float(m))
            for i, (p, h, m) in enumerate(zip(para, human, model))]


def scipy_figures(pairs: list[Pair]) -> str:
    path = os.environ.get("SCIPY_PATH")
    if path:
        sys.path.insert(0, path)
    try:
        from scipy import stats
    except ImportError:
        return "scipy: not installed (set SCIPY_PATH)"
    h = np.array([p.human for p in pairs])
    m = np.array([p.model for p in pairs])
    tau, rho = stats.kendalltau(h, m).statistic, stats.spearmanr(h, m).statistic
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    for _ in range(RESAMPLES):
        i = rng.integers(0, h.size, h.size)
        stats.kendalltau(h[i], m[i])
        stats.spearmanr(h[i], m[i])
    took = time.perf_counter() - start
    return f"scipy τ-b {tau:.6f} ρ {rho:.6f}; scipy kendalltau+spearmanr × {RESAMPLES} resamples {took:.2f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)), help="numbers of pairs, comma-separated")
    sizes = [int(n) for n in ap.parse_args(argv).sizes.split(",")]
    print(f"meta-eval of one criterion: τ-b and ρ, {RESAMPLES} bootstrap resamples over paragraphs and "
          f"{RESAMPLES} permutations each")
    for continuous in (False, True):
        for n in sizes:
            pairs = make_pairs(n, continuous)
            start = time.perf_counter()
            report = evaluate(pairs)
            took = time.perf_counter() - start
            s = report.criteria[0]
            kind = "model continuous" if continuous else "model 1–5"
            print(f"{n:>5} pairs ({kind}): {took:5.2f} s  LitLens τ-b {s.tau:.6f} [{s.tau_ci[0]:.3f}, "
                  f"{s.tau_ci[1]:.3f}] ρ {s.rho:.6f} [{s.rho_ci[0]:.3f}, {s.rho_ci[1]:.3f}]")
            print(f"      {scipy_figures(pairs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
