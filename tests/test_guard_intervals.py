"""The intervals the Scores dock and meta-eval print (app/metrics/uncertainty.py), each rule by the case it
encodes: Student t quantiles against the printed tables, the t-interval of a mean and of a weighted (ratio)
mean worked by hand, the units below which no interval is shown, clipping to the scale, win rates that
split ties, and τ-b/ρ with their permutation p-value. Small resample counts keep it fast."""

from __future__ import annotations

import math

import pytest

from litlens.app.metrics import uncertainty as u


# ---- quantiles -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("df, expected", [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571),
                                          (9, 2.262), (30, 2.042)])
def test_t_quantile_matches_the_printed_table(df, expected):
    assert u.t_quantile(0.95, df) == pytest.approx(expected, abs=5e-4)


def test_t_quantile_at_90_percent_and_its_refusal_of_zero_df():
    assert u.t_quantile(0.90, 4) == pytest.approx(2.132, abs=5e-4)
    assert u.t_quantile(0.99, 7) == pytest.approx(3.499, abs=5e-4)
    with pytest.raises(ValueError):
        u.t_quantile(0.95, 0)


def test_expanded_level_widens_the_percentiles_with_few_units():
    assert u.expanded_level(0.95, 8) == pytest.approx(0.9637, abs=5e-4)
    assert u.expanded_level(0.95, 50) == pytest.approx(0.9521, abs=5e-4)
    assert u.expanded_level(0.95, 2) == pytest.approx(0.9944, abs=5e-4)
    assert u.expanded_level(0.95, 1) == 0.95  # one unit: nothing to expand
    assert u.expanded_level(0.90, 1) == 0.90


# ---- means -----------------------------------------------------------------------------------------------
def test_mean_interval_of_five_paragraphs_is_the_students_t_interval():
    got = u.mean_interval([1, 2, 3, 4, 5])
    # mean 3, sd sqrt(2.5), se sqrt(2.5/5) = 0.7071, t(0.95, 4) = 2.7764: half-width 1.9632
    assert got.estimate == 3.0 and got.n == 5 and got.method == "t" and got.available
    assert got.low == pytest.approx(3 - 1.963243, abs=1e-5)
    assert got.high == pytest.approx(3 + 1.963243, abs=1e-5)
    assert got.width == pytest.approx(2 * 1.963243, abs=1e-5)
    assert got.as_list() == [got.low, got.high]


def test_weighted_mean_is_the_ratio_estimate_with_its_linearised_error_and_clipped_to_the_scale():
    got = u.mean_interval([1, 2, 3, 4, 5], weights=[1, 1, 1, 1, 4], bounds=(1, 5))
    # R = 30/8 = 3.75; se = sqrt(sum((w(x-R)/mean w)^2) / (n(n-1))) = 0.841432; half = 2.7764 * se = 2.33619
    assert got.estimate == 3.75
    assert got.low == pytest.approx(1.413810, abs=1e-5)
    assert got.high == 5  # 6.086 clipped to the scale's top
    unclipped = u.mean_interval([1, 2, 3, 4, 5], weights=[1, 1, 1, 1, 4])
    assert unclipped.high == pytest.approx(6.086190, abs=1e-5)
    low_clip = u.mean_interval([1, 2, 3, 4, 5], bounds=(2, 10))
    assert low_clip.low == 2 and low_clip.high == pytest.approx(4.963243, abs=1e-5)


def test_zero_weights_drop_their_units_and_bad_weights_are_refused():
    got = u.mean_interval([1, 2, 3, 4, 5, 100], weights=[1, 1, 1, 1, 1, 0])
    assert got.n == 5 and got.estimate == 3.0
    for bad in ([1, 1], [1, 1, 1, 1, 1, -1], [0, 0, 0, 0, 0, 0]):
        with pytest.raises(ValueError):
            u.mean_interval([1, 2, 3, 4, 5, 6], weights=bad)
    assert u.mean_interval([]) is None


def test_too_few_units_or_no_spread_give_no_interval_but_the_estimate():
    four = u.mean_interval([1, 2, 3, 5])
    assert four.estimate == 2.75 and four.low is None and four.high is None and not four.available
    assert four.why == "n=4 < 5" and four.width is None and four.as_list() is None
    assert four.format() == "2.75 (no interval: n=4 < 5)"
    five = u.mean_interval([1, 2, 3, 5, 9])
    assert five.available  # exactly MIN_UNITS is enough
    assert u.mean_interval([1, 2, 3], min_units=3).available
    flat = u.mean_interval([4, 4, 4, 4, 4, 4])
    assert not flat.available and flat.why == "n=6, no spread" and flat.estimate == 4.0
    # a spread that is small but real is an interval
    assert u.mean_interval([4, 4, 4, 4, 4, 4.01]).available


def test_skewed_scores_need_eight_units_and_use_the_studentized_bootstrap():
    scores = [0, 0, 0, -1, 0, -5, 0, -25]
    seven = u.mean_interval(scores[:7], skewed=True, resamples=200)
    assert not seven.available and seven.why == "n=7 < 8"
    got = u.mean_interval(scores, skewed=True, resamples=400)
    assert got.method == "bootstrap-t" and got.estimate == pytest.approx(-31 / 8)
    assert got.low < got.estimate < got.high
    t = u.mean_interval(scores)
    assert t.method == "t"
    # skew below zero stretches the studentized interval further down than the symmetric t-interval
    assert got.estimate - got.low > t.estimate - t.low
    assert (got.estimate - got.low) > (got.high - got.estimate)
    assert u.mean_interval(scores, skewed=True, resamples=400) == got  # seeded: the same every time


def test_cluster_mean_averages_within_a_paragraph_first():
    groups = {1: [5, 5, 5, 5], 2: [1], 3: [2, 4], 4: [3], 5: [], 6: [4, 4]}
    got = u.cluster_mean(groups, bounds=(1, 5), min_units=5)
    # paragraph means 5, 1, 3, 3, 4 weighted 4, 1, 2, 1, 2: (20 + 1 + 6 + 3 + 8) / 10
    assert got.estimate == pytest.approx(3.8) and got.n == 5
    assert u.cluster_mean({1: [], 2: []}) is None
    assert not u.cluster_mean(groups).available or u.cluster_mean(groups).n == 5


def test_format_of_an_interval_and_of_bare_values():
    got = u.Interval(3.8, 3.5, 4.1, 6)
    assert got.format() == "3.80 [3.50, 4.10]"
    assert got.format(1) == "3.8 [3.5, 4.1]"
    assert u.fmt_interval(None, [1, 2]) == "-"
    assert u.fmt_interval(2.0, None) == "2.00"
    assert u.fmt_interval(2.0, []) == "2.00"
    assert u.fmt_interval(2.0, [1.0, 3.0], 1) == "2.0 [1.0, 3.0]"
    assert not u.Interval(1.0, 0.5, None, 9).available and not u.Interval(1.0, None, 0.5, 9).available


# ---- rankings --------------------------------------------------------------------------------------------
def test_a_paragraph_tie_splits_its_vote_and_an_overall_tie_splits_the_win():
    assert u.paragraph_win_rates([["A"], ["A"], ["A"]], ["A", "B"], resamples=50) == {"A": 1.0, "B": 0.0}
    rates = u.paragraph_win_rates([["A", "B"]], ["A", "B", "C"], resamples=40)
    assert rates == {"A": 0.5, "B": 0.5, "C": 0.0}
    mixed = u.paragraph_win_rates([["A"], ["B"], ["A"], ["A"], ["B"]], resamples=300)
    assert sum(mixed.values()) == pytest.approx(1.0)
    assert 0.5 < mixed["A"] < 0.95 and 0.05 < mixed["B"] < 0.5
    assert u.paragraph_win_rates([[], []], ["A"]) == {"A": 0.0}


def test_mean_win_rates_uses_only_the_paragraphs_each_candidate_was_scored_on():
    clear = u.mean_win_rates({"A": {1: 5, 2: 5, 3: 4}, "B": {1: 2, 2: 3, 3: 1}}, resamples=60)
    assert clear == {"A": 1.0, "B": 0.0}
    # B has no score on paragraph 3: where a resample drew paragraph 3 alone (1 in 27) A wins outright,
    # elsewhere the equal means tie and split the win: A 1/27 + 26/54 = 14/27
    tied = u.mean_win_rates({"A": {1: 4, 2: 4, 3: 4}, "B": {1: 4, 2: 4}}, resamples=300)
    assert tied["A"] > tied["B"] and sum(tied.values()) == pytest.approx(1.0)
    assert tied["A"] == pytest.approx(14 / 27, abs=0.03)
    assert u.mean_win_rates({"A": {}, "B": {}}) == {"A": 0.0, "B": 0.0}


def test_order_win_rates_counts_each_presentation_order_once():
    by_para = [{0: "A", 1: "B"}, {0: "A", 1: "B"}, {0: "B", 1: "B"}]
    assert u.order_win_rates(by_para, ["A", "B", "C"]) == {"A": 0.5, "B": 0.5, "C": 0.0}
    assert u.order_win_rates([{0: "A"}, {0: "B"}]) == {"A": 0.5, "B": 0.5}
    assert u.order_win_rates([], ["A"]) == {"A": 0.0}


def test_fmt_rates_puts_the_best_first_and_drops_those_that_never_win():
    assert u.fmt_rates({"B": 0.18, "A": 0.82, "C": 0.0}) == "A 82%, B 18%"
    assert u.fmt_rates({"B": 0.5, "A": 0.5}) == "A 50%, B 50%"
    assert u.fmt_rates({"A": 0.0}) == "-"


# ---- agreement -------------------------------------------------------------------------------------------
def test_agreement_tau_and_rho_with_their_permutation_p_value():
    human = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    model = [1, 3, 2, 4, 5, 6, 7, 8, 10, 9]
    tau = u.agreement(human, model, "tau", resamples=200, permutations=200)
    assert tau.value == pytest.approx(41 / 45)  # 2 discordant pairs of 45
    assert tau.low is not None and tau.low < tau.value <= tau.high <= 1.0
    assert tau.p_value == pytest.approx(1 / 201)  # no shuffle of 10 reaches 0.91
    assert tau.n == 10 and tau.units == 10 and tau.resamples == 200 and tau.permutations == 200
    rho = u.agreement(human, model, "rho", resamples=0, permutations=50)
    assert rho.value == pytest.approx(1 - 6 * 4 / (10 * 99))  # d = ±1 at four ranks
    assert rho.low is None and rho.resamples == 0 and rho.format() == f"{rho.value:.3f}"
    reverse = u.agreement(human, human[::-1], "tau", resamples=0, permutations=50)
    assert reverse.value == pytest.approx(-1.0) and reverse.p_value == pytest.approx(1 / 51)


def test_agreement_refuses_bad_input_and_has_no_value_for_too_little():
    with pytest.raises(ValueError):
        u.agreement([1, 2], [1], "tau")
    with pytest.raises(ValueError):
        u.agreement([1, 2], [1, 2], "kendall")
    with pytest.raises(ValueError):
        u.agreement([1, 2, 3], [1, 2, 3], units=["a", "b"])
    one = u.agreement([1], [1])
    assert one.value is None and one.format() == "—" and one.n == 1
    flat = u.agreement([1, 1, 1], [1, 2, 3])
    assert flat.value is None


def test_agreement_resamples_whole_units_and_shows_no_interval_below_eight():
    human = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    model = [2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12]
    units = ["p1", "p1", "p2", "p2", "p3", "p3", "p4", "p4", "p5", "p5", "p6", "p6"]
    by_unit = u.agreement(human, model, units=units, resamples=100, permutations=20)
    assert by_unit.units == 6 and by_unit.low is None and by_unit.resamples == 0
    by_pair = u.agreement(human, model, resamples=100, permutations=20)
    assert by_pair.units == 12 and by_pair.low is not None
    plain = u.agreement(human, model, resamples=300, permutations=20, expand=False)
    wide = u.agreement(human, model, resamples=300, permutations=20)
    assert wide.high - wide.low >= plain.high - plain.low
    assert math.isclose(wide.value, plain.value)


@pytest.mark.parametrize("chunk", [1, 5, 25, 84])
def test_resamples_drawn_in_small_chunks_give_the_same_figures(monkeypatch, chunk):
    """Long texts draw their resamples a bounded block at a time; the block size never changes a figure
    (with fewer cells than one row, one row at a time; 84 cells are blocks of 7 rows of 12 pairs, so the last
    block of the 300 resamples is a short one)."""
    human = list(range(12))
    model = [2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12]
    winners = [["A"], ["B"], ["A"], ["A"], ["B"]]
    whole = u.agreement(human, model, resamples=300, permutations=50)
    rates = u.paragraph_win_rates(winners, resamples=300)
    means = u.mean_win_rates({"A": {1: 3, 2: 5, 3: 4}, "B": {1: 4, 2: 4, 3: 4}}, resamples=300)
    monkeypatch.setattr(u, "_CHUNK", chunk)
    assert u.agreement(human, model, resamples=300, permutations=50) == whole
    assert u.paragraph_win_rates(winners, resamples=300) == rates
    assert u.mean_win_rates({"A": {1: 3, 2: 5, 3: 4}, "B": {1: 4, 2: 4, 3: 4}}, resamples=300) == means


def test_agreement_draws_a_thousand_resamples_unless_told():
    """README's meta-eval timing is for 1,000 resamples and 1,000 permutations, the defaults."""
    got = u.agreement(list(range(10)), [1, 0, 2, 3, 4, 5, 6, 7, 9, 8])
    assert got.resamples == 1000 and got.permutations == 1000 == u.PERMUTATIONS


def test_percentile_bounds_cut_half_the_rest_from_each_tail():
    import numpy as np
    assert u._bounds(np.arange(101, dtype=float), 0.90) == pytest.approx((5.0, 95.0))
    assert u._bounds(np.arange(101, dtype=float), 0.50) == pytest.approx((25.0, 75.0))


def test_too_few_units_still_say_the_method_and_one_resample_is_an_interval():
    assert u.mean_interval([1, 2, 3]).method == "t"
    one = u.agreement(list(range(10)), [1, 0, 2, 3, 4, 5, 6, 7, 9, 8], resamples=1, permutations=5)
    assert one.resamples == 1 and one.low is not None and one.low == one.high


def test_agreement_expands_its_percentiles_unless_told_not_to():
    human = list(range(12))
    model = [2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12]
    default = u.agreement(human, model, resamples=400, permutations=20)
    expanded = u.agreement(human, model, resamples=400, permutations=20, expand=True)
    plain = u.agreement(human, model, resamples=400, permutations=20, expand=False)
    assert (default.low, default.high) == (expanded.low, expanded.high)
    # the same resamples, further out in each tail: strictly wider at 12 units (0.953 instead of 0.95)
    assert default.low < plain.low and default.high >= plain.high
    assert default.high - default.low > plain.high - plain.low


def test_two_pairs_already_have_an_agreement():
    assert u.agreement([1, 2], [3, 4], "tau", resamples=0, permutations=0).value == pytest.approx(1.0)
    assert u.agreement([1, 2], [4, 3], "tau", resamples=0, permutations=0).value == pytest.approx(-1.0)
    assert u.agreement([1, 2], [4, 3], "rho", resamples=0, permutations=0).value == pytest.approx(-1.0)
    assert u.agreement([], [], "tau").value is None


def test_a_shuffle_as_extreme_as_the_observed_value_counts_against_it():
    # two pairs: every shuffle gives tau = +1 or -1, each as far from 0 as the observed 1, so p = 1
    two = u.agreement([1, 2], [3, 4], "tau", resamples=0, permutations=30)
    assert two.p_value == pytest.approx(1.0)
    # rho of three pairs in order is 1; of the six orders, the two reversed or kept ones reach |1|
    three = u.agreement([1, 2, 3], [1, 2, 3], "rho", resamples=0, permutations=600)
    assert 0.25 < three.p_value < 0.42  # about 1/3 of the shuffles (and never 1/601)


def test_resamples_with_one_side_constant_are_left_out_of_the_interval():
    # seven of eight human scores equal: many resamples draw only those, and have no coefficient
    human = [1, 1, 1, 1, 1, 1, 1, 2]
    model = [0, 1, 2, 3, 4, 5, 6, 7]
    got = u.agreement(human, model, "tau", resamples=300, permutations=20)
    assert got.low is not None and got.high is not None
    assert math.isfinite(got.low) and math.isfinite(got.high) and -1 <= got.low <= got.high <= 1


def test_an_interval_given_no_method_is_a_t_interval_at_the_usual_level():
    iv = u.Interval(0.5, 0.4, 0.6, 12)
    assert (iv.method, iv.level, iv.why) == ("t", 0.95, "") and iv.available and iv.as_list() == [0.4, 0.6]


def test_importing_the_intervals_does_not_import_numpy():
    # the window's start imports this module; numpy is imported only where a figure is computed
    import subprocess
    import sys
    code = "import sys, litlens.app.metrics.uncertainty as u; print('numpy' in sys.modules, u.MIN_UNITS)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "5"]


def test_resamples_without_spread_lie_beyond_any_tail_of_the_studentized_bootstrap():
    # seven clean paragraphs and one with a critical error: about a third of the resamples draw only clean
    # ones and have no spread at all; their t is beyond any tail, so the interval reaches as far as the scale
    scores = [0.0] * 7 + [-25.0]
    free = u.mean_interval(scores, skewed=True, resamples=400)
    assert free.estimate == pytest.approx(-3.125) and free.low < -1e9 and 0 < free.high < 5
    bounded = u.mean_interval(scores, skewed=True, resamples=400, bounds=(-25.0, 0.0))
    assert (bounded.low, bounded.high) == (-25.0, 0.0)


def test_win_rates_and_the_studentized_bootstrap_draw_two_thousand_resamples_unless_told():
    """The Scores dock's win rates and skewed-score intervals are figures of 2,000 resamples by default."""
    winners = [["A"], ["B"], ["A"], ["A"], ["B"], ["A"]]
    assert u.paragraph_win_rates(winners) == u.paragraph_win_rates(winners, resamples=2000)
    scores = {"A": {1: 3, 2: 5, 3: 4, 4: 2}, "B": {1: 4, 2: 4, 3: 4, 4: 3}}
    assert u.mean_win_rates(scores) == u.mean_win_rates(scores, resamples=2000)
    mqm = [0, 0, -1, 0, -5, 0, -25, -2, 0]
    assert u.mean_interval(mqm, skewed=True) == u.mean_interval(mqm, skewed=True, resamples=2000)


def test_agreement_shows_its_interval_from_eight_paragraphs_not_seven():
    human = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    model = [2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12, 14, 13]
    seven = u.agreement(human, model, units=[i // 2 for i in range(14)], resamples=100, permutations=20)
    assert seven.units == 7 and seven.low is None and seven.resamples == 0
    eight = u.agreement(human[:8], model[:8], resamples=100, permutations=20)
    assert eight.units == 8 and eight.low is not None and eight.resamples == 100


def _exact_permutation_p(human, model, coefficient):
    """The two-sided p-value over every order of the model's scores, counted pair by pair (no ranks)."""
    import itertools

    def tau(a, b):  # no ties in these samples: (concordant - discordant) / pairs
        signs = [(a[i] - a[j]) * (b[i] - b[j]) for i in range(len(a)) for j in range(i + 1, len(a))]
        return (sum(s > 0 for s in signs) - sum(s < 0 for s in signs)) / len(signs)

    def rho(a, b):  # ranks 1..n already: 1 - 6 Σd² / (n(n² - 1))
        n = len(a)
        return 1 - 6 * sum((x - y) ** 2 for x, y in zip(a, b)) / (n * (n * n - 1))

    f = tau if coefficient == "tau" else rho
    observed = abs(f(human, model))
    orders = list(itertools.permutations(model))
    return sum(abs(f(human, list(o))) >= observed - 1e-12 for o in orders) / len(orders)


@pytest.mark.parametrize("coefficient", ["tau", "rho"])
def test_the_p_value_shuffles_against_the_coefficients_own_null(coefficient):
    # six paragraphs, neighbours swapped: τ-b 0.6 (p 0.136 over all 720 orders), ρ 0.83 (p 0.058); a p-value
    # read off the other coefficient's shuffles would be 0.24 and about 0.02
    human, model = [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5]
    got = u.agreement(human, model, coefficient, resamples=0, permutations=3000)
    assert got.p_value == pytest.approx(_exact_permutation_p(human, model, coefficient), abs=0.02)


def test_a_candidate_scored_on_none_of_the_drawn_paragraphs_cannot_win_even_below_zero():
    # MQM means are negative: a resample that draws only paragraph 3, which B was not scored on, must not
    # give B a mean of 0 that beats A's -1 (B has no mean there at all)
    rates = u.mean_win_rates({"A": {1: -2, 2: -2, 3: -1}, "B": {1: -3, 2: -3}}, resamples=300)
    assert rates == {"A": 1.0, "B": 0.0}


def test_no_candidates_scored_yet_give_no_win_rates_rather_than_an_error():
    # a ranking opened before any judge has scored anything: nothing to resample, nobody to credit
    assert u.mean_win_rates({}) == {}
    assert u.paragraph_win_rates([]) == {}
    assert u.cluster_mean({}) is None


def test_unequal_samples_are_refused_with_both_lengths_named():
    # a judge that skipped a paragraph: the caller is told the two lengths, not a numpy shape error
    with pytest.raises(ValueError, match=r"paired samples differ in length \(6 and 5\)"):
        u.agreement([1, 2, 3, 4, 5, 6], [2, 1, 3, 5, 4], "rho")


def test_only_the_relative_weights_of_the_paragraphs_matter_to_a_skewed_interval():
    # weights say how much a paragraph holds relative to the others: counting every paragraph's sentences
    # twice over leaves the estimate and the studentized interval where they were
    scores = [0.0, -1.0, 0.0, -5.0, 0.0, -2.0, -25.0, 0.0, -1.0]
    weights = [3, 1, 2, 4, 1, 2, 1, 3, 2]
    once = u.mean_interval(scores, weights=weights, skewed=True, resamples=400)
    twice = u.mean_interval(scores, weights=[2 * w for w in weights], skewed=True, resamples=400)
    assert once.available and once.method == "bootstrap-t"
    assert twice.estimate == pytest.approx(once.estimate)
    assert (twice.low, twice.high) == (pytest.approx(once.low), pytest.approx(once.high))


def test_an_agreement_recorded_without_its_units_counts_none():
    # the unit count is 0 (not recorded) unless the agreement was computed with it
    assert u.Agreement("tau", 0.5, None, None, 0.2, 10, 0, 100).units == 0


def test_an_interval_is_a_value_that_cannot_change_once_computed():
    import dataclasses
    got = u.mean_interval([1, 2, 3, 4, 5])
    assert len({got, u.mean_interval([1, 2, 3, 4, 5])}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.low = 0.0


def test_an_agreement_is_a_value_that_cannot_change_once_computed():
    import dataclasses
    got = u.agreement([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 3, 4, 6, 5, 7, 8], resamples=50, permutations=20)
    assert len({got, u.agreement([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 3, 4, 6, 5, 7, 8], resamples=50,
                                 permutations=20)}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.p_value = 0.001


def test_a_t_quantile_asked_for_no_degrees_of_freedom_says_what_is_missing():
    with pytest.raises(ValueError, match="at least one degree of freedom"):
        u.t_quantile(0.95, 0)


def test_equal_scores_on_a_large_scale_have_no_spread_whatever_their_sum_rounds_to():
    # ten paragraphs with the same penalty total: adding ten copies of -137.1 rounds off in the last digit,
    # so each paragraph sits 3e-14 from the computed mean; that rounding is not a spread to show an interval for
    same = u.mean_interval([-137.1] * 10)
    assert same.estimate == pytest.approx(-137.1) and not same.available and same.why == "n=10, no spread"
    assert not u.mean_interval([250.3] * 6).available
    # while a spread of a hundredth on that scale is one
    assert u.mean_interval([-137.1] * 9 + [-137.11]).available


def test_an_interval_not_shown_still_names_its_method():
    flat = u.mean_interval([4, 4, 4, 4, 4, 4])
    assert not flat.available and flat.method == "t" and flat.level == 0.95


def test_an_interval_missing_either_end_is_no_interval():
    # available means both ends: an interval with one end only has no width, no bounds and prints none
    for one_end in (u.Interval(3.0, None, 4.0, 6, why="no lower end"),
                    u.Interval(3.0, 2.0, None, 6, why="no upper end")):
        assert not one_end.available
        assert one_end.width is None and one_end.as_list() is None
        assert one_end.format() == f"3.00 (no interval: {one_end.why})"


def test_a_skewed_interval_is_in_the_units_of_the_scores():
    # the studentized bootstrap reads its bounds off in standard errors: scores counted on a doubled scale
    # give a doubled interval, and scores shifted down by 3 give the interval shifted down by 3
    scores = [0.0, -1.0, 0.0, -5.0, 0.0, -2.0, 0.0, 0.0, -1.0, -25.0]
    got = u.mean_interval(scores, skewed=True, resamples=400)
    doubled = u.mean_interval([2 * s for s in scores], skewed=True, resamples=400)
    shifted = u.mean_interval([s - 3 for s in scores], skewed=True, resamples=400)
    assert got.available and got.low < got.estimate < got.high
    assert (doubled.low, doubled.high) == (pytest.approx(2 * got.low), pytest.approx(2 * got.high))
    assert (shifted.low, shifted.high) == (pytest.approx(got.low - 3), pytest.approx(got.high - 3))


def test_a_skewed_interval_does_not_depend_on_the_order_of_the_paragraphs():
    # every paragraph is drawn as often as any other: the paragraph with the critical error gives the same
    # interval (up to the noise of 2,000 resamples, a few percent of its width at the far tail) whether it
    # comes first, last or in the middle
    scores = [0.0, -1.0, 0.0, -5.0, 0.0, -2.0, 0.0, 0.0, -1.0, -25.0]
    orders = [scores, scores[-1:] + scores[:-1], scores[::-1], scores[:5] + scores[-1:] + scores[5:-1]]
    got = [u.mean_interval(o, skewed=True) for o in orders]
    width = got[0].high - got[0].low
    for iv in got:
        assert iv.estimate == pytest.approx(-3.4) and iv.low < iv.estimate < iv.high
        assert iv.low == pytest.approx(got[0].low, abs=0.1 * width)
        assert iv.high == pytest.approx(got[0].high, abs=0.1 * width)


def test_an_agreement_of_one_pair_has_drawn_nothing_and_counts_its_one_unit():
    one = u.agreement([3.5], [4.0], "rho")
    assert one.value is None and one.low is None and one.p_value is None
    assert (one.n, one.resamples, one.permutations, one.units) == (1, 0, 0, 1)
    none = u.agreement([], [], "tau")
    assert none.value is None and (none.n, none.resamples, none.permutations, none.units) == (0, 0, 0, 0)


def test_units_that_do_not_pair_up_are_refused_by_saying_so():
    with pytest.raises(ValueError, match="one unit per pair"):
        u.agreement([1, 2, 3], [2, 1, 3], units=["p1", "p1"])


def test_an_agreement_prints_its_interval_only_when_it_has_both_ends():
    assert u.Agreement("tau", 0.5, 0.1, 0.8, 0.02, 10, 100, 100, 10).format() == "0.500 [0.100, 0.800]"
    assert u.Agreement("rho", 0.5, None, 0.8, 0.02, 10, 100, 100, 10).format() == "0.500"
    assert u.Agreement("rho", 0.5, 0.1, None, 0.02, 10, 100, 100, 10).format() == "0.500"


def test_an_agreement_with_one_side_constant_has_no_value_and_has_drawn_nothing():
    flat = u.agreement([2, 2, 2, 2], [1, 2, 3, 4], "tau")
    assert flat.value is None and flat.low is None and flat.p_value is None
    assert (flat.n, flat.resamples, flat.permutations, flat.units) == (4, 0, 0, 4)


def test_an_unknown_coefficient_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown coefficient 'kendall'"):
        u.agreement([1, 2, 3], [1, 2, 3], "kendall")


def test_the_agreement_bootstrap_draws_every_paragraph_wherever_it_stands():
    # one paragraph the judge scores far off the human ranking pulls the interval's lower end down from 1,
    # the same (up to resampling noise) whether it is the first paragraph or the last
    human = list(range(1, 11))
    model = [20] + list(range(2, 11))
    first = u.agreement(human, model, resamples=500, permutations=20)
    last = u.agreement(human[1:] + human[:1], model[1:] + model[:1], resamples=500, permutations=20)
    assert first.value == pytest.approx(last.value) == pytest.approx(0.6)
    assert first.high == last.high == 1.0
    assert first.low < 0.3 and last.low < 0.3
    assert first.low == pytest.approx(last.low, abs=0.1)


def test_a_tied_paragraph_gives_each_of_its_winners_part_of_one_vote():
    # three paragraphs won by A outweigh two tied between B and C (half a vote each): A is the usual winner
    rates = u.paragraph_win_rates([["A"], ["A"], ["B", "C"], ["A"], ["B", "C"]])
    assert rates["A"] > 0.8 and rates["B"] == rates["C"] < 0.1
    assert sum(rates.values()) == pytest.approx(1.0)


def test_a_resample_of_paragraphs_nobody_was_scored_on_credits_nobody():
    # paragraph 2 has no score from either candidate (missing, NaN); the resamples that draw only it (about a
    # quarter) have no leader, and they take nothing from A's wins on the rest
    rates = u.mean_win_rates({"A": {1: 4.0, 2: math.nan}, "B": {1: 3.0, 2: math.nan}}, resamples=400)
    assert math.isfinite(rates["A"]) and rates["A"] == pytest.approx(0.75, abs=0.06) and rates["B"] == 0.0


def test_each_resample_of_a_skewed_interval_is_studentized_by_its_own_standard_error():
    """The bootstrap-t rule worked one resample at a time: each resample's ratio and its linearised standard
    error from its own paragraphs and weights (its own mean weight, n(n - 1)), as for the sample; bounds are
    the estimate minus the 97.5th and 2.5th percentiles of (ratio - estimate) / that error, times the sample's
    error. Paragraphs of different lengths (weights) and a scale where errors are below 1."""
    import numpy as np
    x = np.array([0.0, -0.5, -1.0, -4.0, -0.25, -2.0, -0.75, -9.0, -1.5, -0.1])
    w = np.array([3.0, 1.0, 2.0, 1.0, 6.0, 2.0, 1.0, 1.0, 4.0, 2.0])
    n = len(x)

    def ratio_and_error(xs, ws):
        r = float((xs * ws).sum() / ws.sum())
        z = ws * (xs - r) / ws.mean()
        return r, math.sqrt(float((z * z).sum()) / (n * (n - 1)))

    estimate, se = ratio_and_error(x, w)
    ts = []
    for row in np.random.default_rng(u.SEED).integers(0, n, size=(500, n)):
        r, s = ratio_and_error(x[row], w[row])
        ts.append((r - estimate) / s)  # every value differs, so no resample of two or more paragraphs is flat
    lo_t, hi_t = np.percentile(ts, [2.5, 97.5])
    got = u.mean_interval(list(x), weights=list(w), skewed=True, resamples=500)
    assert se < 1 and got.estimate == pytest.approx(estimate)
    assert got.low == pytest.approx(estimate - hi_t * se, rel=1e-9)
    assert got.high == pytest.approx(estimate - lo_t * se, rel=1e-9)


def test_means_that_differ_only_by_float_rounding_are_a_tie():
    # both candidates scored 3.0 and 0.3 on the two paragraphs; A's 0.3 was summed from criteria (0.1 + 0.2) and
    # carries the float rounding of that sum: no resample can tell them apart, so they split every win
    rates = u.mean_win_rates({"A": {1: 3.0, 2: 0.1 + 0.2}, "B": {1: 3.0, 2: 0.3}}, resamples=200)
    assert rates == {"A": pytest.approx(0.5), "B": pytest.approx(0.5)}


def test_weights_given_as_shares_that_sum_to_one_are_weights_like_any_other():
    # five paragraphs weighing a fifth of the text each: the same interval as the plain mean
    shares = u.mean_interval([1, 2, 3, 4, 5], weights=[0.2] * 5)
    plain = u.mean_interval([1, 2, 3, 4, 5])
    assert shares.estimate == pytest.approx(3.0)
    assert (shares.low, shares.high) == (pytest.approx(plain.low), pytest.approx(plain.high))


def test_bad_weights_are_refused_by_saying_what_weights_must_be():
    with pytest.raises(ValueError, match="non-negative, one per value, and not all zero"):
        u.mean_interval([1, 2, 3, 4, 5], weights=[1, 1, -1, 1, 1])
