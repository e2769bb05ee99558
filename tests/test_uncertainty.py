"""Intervals, win rates and permutation p-values checked on data whose answer is known, and the coverage
of every kind of interval LitLens shows, measured on seeded simulated texts (bench/interval_coverage.py
prints the full method × paragraphs table)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from litlens.app.metrics import uncertainty as u
from litlens.app.metrics.correlation import kendall_tau_b, spearman_rho

SIZES = (5, 8, 20, 50)


def test_t_quantiles_match_the_tables():
    # Student t two-sided 95% critical values for df 1, 4, 7, 19, 49 and 99% for df 10
    for df, want in ((1, 12.7062), (4, 2.7764), (7, 2.3646), (19, 2.0930), (49, 2.0096)):
        assert u.t_quantile(0.95, df) == pytest.approx(want, abs=1e-4)
    assert u.t_quantile(0.99, 10) == pytest.approx(3.1693, abs=1e-4)


def test_interval_is_the_t_interval_of_the_unit_means():
    data = [1.3, 2.9, 3.1, 4.7, 5.2, 2.2, 3.3, 4.05]
    iv = u.mean_interval(data)
    m = sum(data) / len(data)
    se = (sum((x - m) ** 2 for x in data) / (len(data) - 1) / len(data)) ** 0.5
    assert iv.estimate == pytest.approx(m)
    assert iv.low == pytest.approx(m - 2.3646 * se, abs=1e-3) and iv.high == pytest.approx(m + 2.3646 * se, abs=1e-3)
    assert iv.format() == f"{m:.2f} [{iv.low:.2f}, {iv.high:.2f}]"
    clipped = u.mean_interval([5, 5, 5, 4, 5, 5], bounds=(1, 5))
    assert clipped.high == 5 and clipped.low < clipped.estimate


def test_too_few_units_or_no_spread_give_no_interval_never_a_narrow_one():
    assert u.mean_interval([]) is None
    few = u.mean_interval([4.5, 3.0, 5.0, 2.0])
    assert few is not None and not few.available and few.as_list() is None and few.estimate == 3.625
    assert few.format() == "3.62 (no interval: n=4 < 5)"
    same = u.mean_interval([3.0] * 40)
    assert same is not None and not same.available and same.format() == "3.00 (no interval: n=40, no spread)"
    assert u.mean_interval([1, 2, 3, 4, 5]).available


def test_cluster_mean_weights_paragraphs_by_their_values():
    groups = {0: [3, 3, 3, 3], 1: [1], 2: [2, 2], 3: [3, 1], 4: [2, 3, 3]}
    iv = u.cluster_mean(groups)
    flat = [v for g in groups.values() for v in g]
    assert iv.estimate == pytest.approx(sum(flat) / len(flat)) and iv.n == 5
    with pytest.raises(ValueError):
        u.mean_interval([1.0], weights=[-1])


# ---- coverage on simulated texts with a paragraph effect -----------------------------------------------

def _likert(rng, n):
    q = rng.normal(0.0, 1.0, n)
    return np.clip(np.rint(3.4 + 0.9 * q + rng.normal(0.0, 0.5, n)), 1, 5)


def _verse(rng, n):
    out = {}
    for p, q in enumerate(rng.normal(0.0, 1.0, n)):
        latent = 0.6 + 0.8 * q + rng.normal(0.0, 0.8, int(rng.integers(6, 15)))
        out[p] = list(100.0 * np.where(latent < 0, 1, np.where(latent < 1, 2, 3)) / 3)
    return out


def _truth(kind):
    rng = np.random.default_rng(1)
    if kind == "likert":
        return float(_likert(rng, 2_000_000).mean())
    latent = 0.6 + 0.8 * rng.normal(0.0, 1.0, 2_000_000) + rng.normal(0.0, 0.8, 2_000_000)
    return float((100.0 * np.where(latent < 0, 1, np.where(latent < 1, 2, 3)) / 3).mean())


def _coverage(kind, n, reps=800):
    rng = np.random.default_rng(77 + n)
    mu, hits = _truth(kind), 0
    for _ in range(reps):
        iv = u.mean_interval(_likert(rng, n), bounds=(1, 5)) if kind == "likert" else \
            u.cluster_mean(_verse(rng, n), bounds=(0, 100))
        hits += bool(iv.available and iv.low <= mu <= iv.high)  # no interval counts as a miss
    return hits / reps


@pytest.mark.parametrize("kind", ["likert", "verse"])
def test_95_percent_intervals_cover_93_to_97_percent(kind):
    """One 1–5 score per paragraph (SQM, GEMBA, TransEvalnia, DA-MQM per criterion) and VERSE's 1–3
    answers clustered in paragraphs: at 5, 8, 20 and 50 paragraphs the "95%" interval must cover the
    simulated truth 93–97% of the time (800 seeded texts per size)."""
    got = {n: _coverage(kind, n) for n in SIZES}
    assert all(0.93 <= c <= 0.97 for c in got.values()), got


def test_paragraph_win_rates():
    # A wins every paragraph: no resample changes that
    assert u.paragraph_win_rates([["A"]] * 10, ["A", "B"]) == {"A": 1.0, "B": 0.0}
    # evenly split: both win about half of the resamples, and the shares sum to 1
    rates = u.paragraph_win_rates([["A"], ["B"]] * 10, ["A", "B"])
    assert sum(rates.values()) == pytest.approx(1.0)
    assert 0.3 < rates["A"] < 0.7


def test_order_win_rates():
    paras = [{0: "A", 1: "A"}, {0: "A", 1: "B"}, {0: "A", 1: "A"}]  # B wins once, A still leads
    assert u.order_win_rates(paras, ["A", "B", "C"]) == {"A": 1.0, "B": 0.0, "C": 0.0}
    flips = [{0: "A", 1: "B"}, {0: "A", 1: "B"}]
    assert u.order_win_rates(flips) == {"A": 0.5, "B": 0.5}
    assert u.fmt_rates({"A": 0.82, "B": 0.18, "C": 0}) == "A 82%, B 18%"


def test_agreement_matches_plain_coefficients_and_p_values():
    rng = random.Random(3)
    human = [rng.randint(1, 5) for _ in range(40)]
    noisy = [h + rng.choice([-1, 0, 0, 1]) for h in human]
    tau = u.agreement(human, noisy, "tau", resamples=300, permutations=300)
    rho = u.agreement(human, noisy, "rho", resamples=300, permutations=300)
    assert tau.value == pytest.approx(kendall_tau_b(human, noisy))
    assert rho.value == pytest.approx(spearman_rho(human, noisy))
    assert tau.low <= tau.value <= tau.high and rho.low <= rho.value <= rho.high
    perfect = u.agreement(list(range(30)), list(range(30)), "tau", permutations=500)
    assert perfect.value == pytest.approx(1.0) and perfect.p_value < 0.01
    independent_y = [rng.random() for _ in range(30)]
    indep = u.agreement([rng.random() for _ in range(30)], independent_y, "rho", permutations=500)
    assert indep.p_value > 0.05
    assert u.agreement([1, 1, 1], [1, 2, 3]).value is None


def test_fmt_interval():
    assert u.fmt_interval(None, None) == "-"
    assert u.fmt_interval(3.8, None, 1) == "3.8"
    assert u.fmt_interval(3.8, [3.5, 4.1], 1) == "3.8 [3.5, 4.1]"


def _mqm(rng, n):
    """Paragraph MQM scores −(5·major + minor)/sentences: error rates vary by paragraph, most near 0."""
    rate = np.exp(rng.normal(-0.5, 0.8, n))
    sentences = rng.integers(2, 8, n)
    return -(5 * rng.poisson(rate * sentences * 0.3) + rng.poisson(rate * sentences * 0.6)) / sentences


def test_skewed_mqm_means_get_a_studentized_interval_that_covers():
    """GEMBA-MQM's means are skewed: the t-interval covered 88–92% there; the studentized bootstrap
    must cover 93–97% at 8, 20 and 50 paragraphs (1,000 seeded texts each) and show none below 8."""
    truth = float(_mqm(np.random.default_rng(1), 2_000_000).mean())
    got = {}
    for n in (8, 20, 50):
        rng, hits = np.random.default_rng(77 + n), 0
        for r in range(1000):
            iv = u.mean_interval(_mqm(rng, n), skewed=True, seed=r, resamples=1000)
            hits += bool(iv.available and iv.low <= truth <= iv.high)
        got[n] = hits / 1000
    assert all(0.93 <= c <= 0.97 for c in got.values()), got
    few = u.mean_interval(_mqm(np.random.default_rng(2), 7), skewed=True)
    assert few is not None and not few.available and "n=7 < 8" in few.format()


# ---- τ-b and ρ: fast figures equal the brute force, intervals over paragraphs that cover ---------------

def _clustered_pairs(rng, m, cands=3):
    """m paragraphs × cands candidates: a paragraph effect shared by its candidates, human and model
    1–5 scores of the same latent quality."""
    q = np.repeat(rng.normal(0, 1, m), cands)
    quality = q + rng.normal(0, 0.7, m * cands)
    human = np.clip(np.rint(3 + 0.9 * quality + rng.normal(0, 0.5, q.size)), 1, 5)
    model = np.clip(np.rint(3.3 + 0.6 * quality + rng.normal(0, 0.7, q.size)), 1, 5)
    return human, model, np.repeat(np.arange(m), cands)


@pytest.mark.parametrize("coefficient", ["tau", "rho"])
def test_agreement_intervals_over_paragraphs_cover(coefficient):
    from litlens.app.metrics.rank_fast import Pairs
    h, m, _ = _clustered_pairs(np.random.default_rng(5), 20000)
    whole = Pairs(h, m)
    truth = (whole.tau_b if coefficient == "tau" else whole.rho)(np.ones((1, h.size)))[0]
    got = {}
    for n in (8, 20, 50):
        rng, hits, reps = np.random.default_rng(100 + n), 0, 300
        for r in range(reps):
            human, model, units = _clustered_pairs(rng, n)
            a = u.agreement(human, model, coefficient, units=units, resamples=400, permutations=1, seed=r)
            hits += a.low is not None and a.low <= truth <= a.high
        got[n] = hits / reps
    assert all(0.93 <= c <= 0.97 for c in got.values()), got
    few = u.agreement(*_clustered_pairs(np.random.default_rng(1), 5)[:2], coefficient,
                      units=_clustered_pairs(np.random.default_rng(1), 5)[2])
    assert few.value is not None and few.low is None  # 5 paragraphs: no interval


def test_the_expanded_percentile_level_widens_most_for_few_paragraphs():
    assert u.expanded_level(0.95, 8) == pytest.approx(0.9639, abs=2e-4)
    assert u.expanded_level(0.95, 50) == pytest.approx(0.9523, abs=2e-4)
    assert u.expanded_level(0.95, 1) == 0.95
    levels = [u.expanded_level(0.95, m) for m in (3, 5, 8, 20, 50, 1000)]
    assert levels == sorted(levels, reverse=True) and levels[-1] == pytest.approx(0.95, abs=5e-4)
    h, m, units = _clustered_pairs(np.random.default_rng(3), 8)
    wide = u.agreement(h, m, "tau", units=units, permutations=10, seed=4)
    plain = u.agreement(h, m, "tau", units=units, permutations=10, seed=4, expand=False)
    assert wide.value == plain.value and wide.low < plain.low and wide.high >= plain.high


def test_agreement_resamples_paragraphs_not_pairs():
    """Pairs from one paragraph are drawn together: duplicating every pair inside its paragraph leaves
    the paragraph count, and so the interval's width, unchanged, while per-pair resampling narrows."""
    h, m, units = _clustered_pairs(np.random.default_rng(3), 12)
    one = u.agreement(h, m, "tau", units=units, permutations=10)
    twice = u.agreement(np.r_[h, h], np.r_[m, m], "tau", units=np.r_[units, units], permutations=10)
    pairs = u.agreement(np.r_[h, h], np.r_[m, m], "tau", permutations=10)
    assert twice.units == one.units == 12 and pairs.units == 72
    assert (twice.high - twice.low) > 0.8 * (one.high - one.low)
    assert (pairs.high - pairs.low) < 0.8 * (twice.high - twice.low)
