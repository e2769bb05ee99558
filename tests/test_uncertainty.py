"""Bootstrap intervals, win rates and permutation p-values checked on data whose answer is known."""

from __future__ import annotations

import random

import pytest

from litlens.app.metrics import uncertainty as u
from litlens.app.metrics.correlation import kendall_tau_b, spearman_rho


def test_constant_series_has_zero_width():
    iv = u.bootstrap_mean([3.0] * 40)
    assert iv is not None
    assert iv.estimate == iv.low == iv.high == 3.0
    assert iv.format() == "3.00 [3.00, 3.00]"


def test_single_item_and_empty():
    assert u.bootstrap_mean([]) is None
    iv = u.bootstrap_mean([4.5])
    assert iv is not None and iv.width == 0


def test_seeded_and_repeatable():
    data = [1.3, 2.9, 3.1, 4.7, 5.2, 2.2, 3.3, 4.05]
    assert u.bootstrap_mean(data) == u.bootstrap_mean(data)
    assert u.bootstrap_mean(data, seed=1) != u.bootstrap_mean(data, seed=2)


def test_coverage_of_a_normal_mean_is_near_95_percent():
    """200 seeded normal samples of 40: the true mean 0 should fall inside about 95% of the intervals
    (the percentile bootstrap runs a little narrow for n = 40, hence the 0.90 lower bound)."""
    rng = random.Random(7)
    covered = 0
    reps = 200
    for r in range(reps):
        sample = [rng.gauss(0.0, 1.0) for _ in range(40)]
        iv = u.bootstrap_mean(sample, resamples=1000, seed=r)
        assert iv is not None and iv.low <= iv.estimate <= iv.high
        covered += iv.low <= 0.0 <= iv.high
    assert 0.90 <= covered / reps <= 0.99


def test_weighted_mean_and_proportion():
    iv = u.bootstrap_mean([1.0, 0.0], weights=[3, 1])
    assert iv is not None and iv.estimate == pytest.approx(0.75)
    p = u.bootstrap_proportion([True, True, False, False])
    assert p is not None and p.estimate == 50.0 and 0.0 <= p.low < 50.0 < p.high <= 100.0
    with pytest.raises(ValueError):
        u.bootstrap_mean([1.0], weights=[-1])


def test_bootstrap_statistic_matches_mean():
    vals = [1.0, 2.0, 3.0, 4.0]
    iv = u.bootstrap_statistic(vals, lambda xs: sum(xs) / len(xs), resamples=300)
    assert iv is not None and iv.estimate == 2.5 and iv.low < 2.5 < iv.high


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
