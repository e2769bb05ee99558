"""Kendall τ-b, Spearman ρ, MSE, per-label F1 and confusion matrices against independent computations:
brute-force pair counting, textbook formulas, the statistics module, and SciPy's documented examples."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from litlens.app.metrics.correlation import (accuracy, average_ranks, confusion_matrix, kendall_tau_b, label_scores,
                                     mse, spearman_rho)


def brute_tau_b(x, y):
    """Classify every pair: concordant, discordant, tied only in x, tied only in y (joint ties count in
    neither denominator term)."""
    c = d = tx = ty = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tx += 1
            elif dy == 0:
                ty += 1
            elif dx * dy > 0:
                c += 1
            else:
                d += 1
    return (c - d) / math.sqrt((c + d + tx) * (c + d + ty))


def brute_ranks(values):
    return [1 + sum(v < w for v in values) + (sum(v == w for v in values) - 1) / 2 for w in values]


def test_documented_examples():
    # SciPy's documentation examples for kendalltau and spearmanr
    assert kendall_tau_b([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) == pytest.approx(-0.47140452079103173)
    assert spearman_rho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) == pytest.approx(0.8207826816681233)


def test_perfect_and_reversed_orders():
    x = [1, 2, 3, 4, 5, 6]
    assert kendall_tau_b(x, [v * 10 for v in x]) == pytest.approx(1.0)
    assert kendall_tau_b(x, x[::-1]) == pytest.approx(-1.0)
    assert spearman_rho(x, [v ** 3 for v in x]) == pytest.approx(1.0)


def test_no_ties_spearman_matches_the_d_squared_formula():
    rng = random.Random(7)
    x = rng.sample(range(100), 15)
    y = rng.sample(range(100), 15)
    rx, ry = brute_ranks(x), brute_ranks(y)
    n = len(x)
    expected = 1 - 6 * sum((a - b) ** 2 for a, b in zip(rx, ry)) / (n * (n * n - 1))
    assert spearman_rho(x, y) == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(6))
def test_random_scores_with_ties_match_brute_force(seed):
    rng = random.Random(seed)
    n = rng.randint(5, 40)
    x = [rng.randint(1, 5) for _ in range(n)]
    y = [min(5, max(1, v + rng.choice([-1, 0, 0, 1]))) for v in x]
    assert kendall_tau_b(x, y) == pytest.approx(brute_tau_b(x, y))
    assert spearman_rho(x, y) == pytest.approx(statistics.correlation(brute_ranks(x), brute_ranks(y)))
    assert mse(x, y) == pytest.approx(statistics.fmean((a - b) ** 2 for a, b in zip(x, y)))


def test_average_ranks_share_tied_places():
    assert average_ranks([10, 20, 20, 5]) == [2.0, 3.5, 3.5, 1.0]


def test_undefined_values_are_none_and_lengths_must_match():
    assert kendall_tau_b([3, 3, 3], [1, 2, 3]) is None
    assert spearman_rho([1], [2]) is None
    assert mse([], []) is None
    with pytest.raises(ValueError):
        kendall_tau_b([1, 2], [1])


def test_label_scores_and_confusion():
    gold = [1, 1, 2, 2, 2, 3]
    pred = [1, 2, 2, 2, 3, 3]
    by = {ls.label: ls for ls in label_scores(gold, pred, [1, 2, 3, 4])}
    assert (by[1].support, by[1].precision, by[1].recall) == (2, 1.0, 0.5)
    assert by[1].f1 == pytest.approx(2 / 3)
    assert by[2].precision == pytest.approx(2 / 3) and by[2].recall == pytest.approx(2 / 3)
    assert by[3].precision == 0.5 and by[3].recall == 1.0
    assert by[4].precision is None and by[4].recall is None and by[4].support == 0
    assert confusion_matrix(gold, pred, [1, 2, 3]) == [[1, 1, 0], [0, 2, 1], [0, 0, 1]]
    assert accuracy(gold, pred) == pytest.approx(4 / 6)
