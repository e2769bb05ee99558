"""τ-b and ρ over weight rows (bootstrap resamples) and shuffles (permutations) equal the brute-force
coefficients of the expanded samples, on the cell-grid path and on the merge-tree path."""

from __future__ import annotations

import numpy as np
import pytest

import litlens.app.metrics.rank_fast as rf
from litlens.app.metrics.correlation import kendall_tau_b, spearman_rho


def _same(want, got):
    return (want is None and np.isnan(got)) or (want is not None and abs(want - got) < 1e-9)


@pytest.mark.parametrize("path", ["grid", "merge"])
def test_weighted_and_shuffled_coefficients_equal_brute_force(path, monkeypatch):
    if path == "merge":
        monkeypatch.setattr(rf, "_GRID", 0)
        monkeypatch.setattr(rf, "_GRID_PER_PAIR", 0)
        monkeypatch.setattr(rf, "_FEW_VALUES", 0)
    rng = np.random.default_rng(0)
    for trial in range(60):
        n = int(rng.integers(2, 30))
        x = rng.integers(1, 6, n).astype(float) if trial % 2 else rng.normal(size=n).round(1)
        y = rng.integers(1, 4, n).astype(float) if trial % 3 else rng.normal(size=n).round(1)
        pairs = rf.Pairs(x, y)
        assert pairs.grid == (path == "grid")
        copies = rng.integers(0, 3, size=(4, n)).astype(float)
        copies[0] = 1
        tau, rho = pairs.tau_b(copies), pairs.rho(copies)
        for i, c in enumerate(copies.astype(int)):
            xx, yy = np.repeat(x, c).tolist(), np.repeat(y, c).tolist()
            assert _same(kendall_tau_b(xx, yy) if len(xx) > 1 else None, tau[i])
            assert _same(spearman_rho(xx, yy) if len(xx) > 1 else None, rho[i])
        perms = np.array([rng.permutation(n) for _ in range(3)])
        ts, rs = pairs.tau_b_shuffled(perms), pairs.rho_shuffled(perms)
        for i, p in enumerate(perms):
            assert _same(kendall_tau_b(x.tolist(), y[p].tolist()), ts[i])
            assert _same(spearman_rho(x.tolist(), y[p].tolist()), rs[i])
