"""How often a "95%" interval covers the truth: method × paragraphs × coverage on simulated scores.

Two kinds of data, both with a paragraph effect (a paragraph's translation lifts or sinks every score
given to it):
  likert  one 1–5 score per paragraph (SQM, GEMBA, TransEvalnia, DA-MQM per criterion);
  verse   6–14 VERSE questions per paragraph, each answered 1–3 (the radar's percentages);
  mqm     a paragraph MQM score −(5·major + minor)/sentences, error counts Poisson with a paragraph
          effect on the error rate (GEMBA-MQM's means: skewed, most paragraphs near 0).
Methods: the Student t-interval over paragraph means (LitLens's for likert and verse), the percentile
bootstrap and BCa over paragraphs, the studentized bootstrap (LitLens's for mqm; app/metrics/uncertainty.py)
and (verse only) the percentile bootstrap over questions that treated a paragraph's questions as
independent.

Then τ-b and ρ against human scores (meta-eval): 3 candidates per paragraph, human and model 1–5 scores
of one latent quality with a paragraph effect; the percentile bootstrap over paragraphs (LitLens) and
over pairs (as if a paragraph's candidates were independent).

    .venv/bin/python bench/interval_coverage.py [--reps 2000] [--resamples 1000]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from litlens.app.metrics.uncertainty import mean_interval

SIZES = (5, 8, 20, 50)


# ---- simulated data ------------------------------------------------------------------------------------

def likert(rng: np.random.Generator, n: int) -> list[list[float]]:
    """n paragraphs, one 1–5 score each: a paragraph quality plus rater noise, rounded and clipped."""
    q = rng.normal(0.0, 1.0, n)
    return [[v] for v in np.clip(np.rint(3.4 + 0.9 * q + rng.normal(0.0, 0.5, n)), 1, 5)]


def verse(rng: np.random.Generator, n: int) -> list[list[float]]:
    """n paragraphs of 6–14 questions, each answered 1 (not met), 2 (partly) or 3 (met), as a % of 3."""
    out = []
    for q in rng.normal(0.0, 1.0, n):
        latent = 0.6 + 0.8 * q + rng.normal(0.0, 0.8, int(rng.integers(6, 15)))
        answers = np.where(latent < 0, 1, np.where(latent < 1, 2, 3))
        out.append(list(100.0 * answers / 3))
    return out


def mqm(rng: np.random.Generator, n: int) -> list[list[float]]:
    rate = np.exp(rng.normal(-0.5, 0.8, n))
    sentences = rng.integers(2, 8, n)
    scores = -(5 * rng.poisson(rate * sentences * 0.3) + rng.poisson(rate * sentences * 0.6)) / sentences
    return [[float(v)] for v in scores]


def truth(kind: str) -> float:
    """The population mean (per score; per question for verse), by a large seeded simulation."""
    rng = np.random.default_rng(1)
    if kind == "mqm":
        return float(np.mean([g[0] for g in mqm(rng, 2_000_000)]))
    if kind == "likert":
        q = rng.normal(0.0, 1.0, 4_000_000)
        return float(np.clip(np.rint(3.4 + 0.9 * q + rng.normal(0.0, 0.5, q.size)), 1, 5).mean())
    q = rng.normal(0.0, 1.0, 4_000_000)  # question counts do not depend on quality: per-question mean
    latent = 0.6 + 0.8 * q + rng.normal(0.0, 0.8, q.size)
    return float((100.0 * np.where(latent < 0, 1, np.where(latent < 1, 2, 3)) / 3).mean())


KINDS = {"likert": likert, "verse": verse, "mqm": mqm}


# ---- the methods compared ------------------------------------------------------------------------------

def t_interval(groups, rng, resamples):
    iv = mean_interval([sum(g) / len(g) for g in groups], weights=[len(g) for g in groups])
    return (iv.low, iv.high) if iv is not None and iv.available else None


def studentized(groups, rng, resamples):
    iv = mean_interval([sum(g) / len(g) for g in groups], weights=[len(g) for g in groups], skewed=True,
                       min_units=2, resamples=resamples, seed=int(rng.integers(1 << 30)))
    return (iv.low, iv.high) if iv is not None and iv.available else None


def _boot_means(means, weights, rng, resamples):
    idx = rng.integers(0, means.size, size=(resamples, means.size))
    return (means[idx] * weights[idx]).sum(axis=1) / weights[idx].sum(axis=1)


def percentile_paragraphs(groups, rng, resamples):
    m = np.array([sum(g) / len(g) for g in groups])
    w = np.array([len(g) for g in groups], dtype=float)
    stats = _boot_means(m, w, rng, resamples)
    return tuple(np.percentile(stats, [2.5, 97.5]))


def bca_paragraphs(groups, rng, resamples):
    from statistics import NormalDist
    nd = NormalDist()
    m = np.array([sum(g) / len(g) for g in groups])
    w = np.array([len(g) for g in groups], dtype=float)
    est = (m * w).sum() / w.sum()
    stats = _boot_means(m, w, rng, resamples)
    below = (stats < est).mean() + 0.5 * (stats == est).mean()
    if below <= 0 or below >= 1:
        return (est, est)
    z0 = nd.inv_cdf(float(below))
    jack = np.array([np.delete(m * w, i).sum() / np.delete(w, i).sum() for i in range(m.size)])
    d = jack.mean() - jack
    den = 6 * (d * d).sum() ** 1.5
    a = (d ** 3).sum() / den if den > 0 else 0.0
    qs = []
    for alpha in (0.025, 0.975):
        z = z0 + nd.inv_cdf(alpha)
        qs.append(100 * nd.cdf(z0 + z / (1 - a * z)))
    return tuple(np.percentile(stats, qs))


def percentile_questions(groups, rng, resamples):
    """The old VERSE interval: every question resampled as if independent of its paragraph."""
    x = np.array([v for g in groups for v in g])
    idx = rng.integers(0, x.size, size=(resamples, x.size))
    return tuple(np.percentile(x[idx].mean(axis=1), [2.5, 97.5]))


METHODS = {"t over paragraphs": t_interval, "percentile bootstrap, paragraphs": percentile_paragraphs,
           "BCa bootstrap, paragraphs": bca_paragraphs, "studentized bootstrap, paragraphs": studentized,
           "percentile bootstrap, questions": percentile_questions}


def coverage(kind: str, method: str, n: int, reps: int, resamples: int) -> tuple[float, float]:
    """(share of intervals covering the truth, share with no interval) over ``reps`` seeded texts.
    A text with no interval counts as not covered: an unavailable interval must be rare, not a dodge."""
    rng = np.random.default_rng(1000 + n)
    mu = TRUTH[kind]
    hit = missing = 0
    for _ in range(reps):
        iv = METHODS[method](KINDS[kind](rng, n), rng, resamples)
        if iv is None:
            missing += 1
        else:
            hit += iv[0] <= mu <= iv[1]
    return hit / reps, missing / reps


TRUTH: dict[str, float] = {}


def clustered_pairs(rng: np.random.Generator, m: int, cands: int = 3):
    q = np.repeat(rng.normal(0, 1, m), cands)
    quality = q + rng.normal(0, 0.7, m * cands)
    human = np.clip(np.rint(3 + 0.9 * quality + rng.normal(0, 0.5, q.size)), 1, 5)
    model = np.clip(np.rint(3.3 + 0.6 * quality + rng.normal(0, 0.7, q.size)), 1, 5)
    return human, model, np.repeat(np.arange(m), cands)


def agreement_table(reps: int, resamples: int) -> None:
    from litlens.app.metrics.rank_fast import Pairs
    from litlens.app.metrics.uncertainty import agreement
    h, m, _ = clustered_pairs(np.random.default_rng(5), 20000)
    whole = Pairs(h, m)
    truth = {"tau": whole.tau_b(np.ones((1, h.size)))[0], "rho": whole.rho(np.ones((1, h.size)))[0]}
    print(f"\nτ-b and ρ intervals ({reps} simulated texts per cell, 3 candidates per paragraph, {resamples} "
          "resamples; n = paragraphs)")
    print(f"{'coef':8} {'method':42} " + " ".join(f"{'n=' + str(n):>7}" for n in SIZES))
    for coef in ("tau", "rho"):
        for label, by_paragraph, expand in (("expanded percentile, paragraphs (LitLens)", True, True),
                                            ("percentile, paragraphs", True, False),
                                            ("percentile, pairs", False, False)):
            cells = []
            for n in SIZES:
                rng, hits = np.random.default_rng(100 + n), 0
                for r in range(reps):
                    human, model, units = clustered_pairs(rng, n)
                    a = agreement(human, model, coef, units=units if by_paragraph else None,
                                  resamples=resamples, permutations=1, seed=r, min_units=2, expand=expand)
                    hits += a.low is not None and a.low <= truth[coef] <= a.high
                cells.append(f"{100 * hits / reps:6.1f}% ")
            print(f"{coef:8} {label:42} " + " ".join(cells))
    print("LitLens shows no τ/ρ interval below 8 paragraphs (MIN_AGREEMENT_UNITS)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=2000, help="simulated texts per cell")
    ap.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples per interval")
    ap.add_argument("--kinds", default=",".join(KINDS), help="which simulated data, comma-separated")
    ap.add_argument("--no-agreement", action="store_true", help="leave out the τ-b/ρ table")
    args = ap.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    for kind in KINDS:
        TRUTH[kind] = truth(kind)
    start = time.perf_counter()
    print(f"Coverage of nominal 95% intervals ({args.reps} simulated texts per cell, "
          f"{args.resamples} bootstrap resamples)")
    print(f"{'data':8} {'method':36} " + " ".join(f"{'n=' + str(n):>7}" for n in SIZES))
    for kind in kinds:
        for method in METHODS:
            if method.endswith("questions") and kind != "verse":
                continue
            if method.startswith("studentized") and kind != "mqm":
                continue
            cells = []
            for n in SIZES:
                cov, miss = coverage(kind, method, n, args.reps, args.resamples)
                cells.append("   none " if miss == 1.0 else f"{100 * cov:6.1f}%" + ("*" if miss else " "))
            print(f"{kind:8} {method:36} " + " ".join(cells))
    print("* some texts had no interval (all paragraphs equal); they count as not covered; "
          "none: no interval at that size")
    if not args.no_agreement:
        agreement_table(max(100, args.reps // 4), max(200, args.resamples // 2))
    print("LitLens uses: t for likert and verse (none below 5 paragraphs); studentized for mqm "
          "(GEMBA-MQM means; none below 8)")
    print(f"truth: likert {TRUTH['likert']:.4f}, verse {TRUTH['verse']:.3f}%, mqm {TRUTH['mqm']:.4f}; "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
