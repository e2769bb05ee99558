"""Kendall's τ-b and Spearman's ρ for many resamples or shuffles of one set of pairs, O(n log n) each.

A bootstrap of the pairs changes only how often each pair is drawn, never the pairs themselves, so
everything that depends on the pairs' order (sorting by x, the merge tree over y) is built once and
every resample is a vector of weights (copies per pair) run through it with numpy:

- τ-b: the discordant pairs are the inversions of y once the pairs are sorted by (x, y); a bottom-up
  merge over that sequence counts, for every right-hand item, the weight of left-hand items with a
  larger y (Knight's algorithm, with weights). Pairs tied in x, in y and in both come from group sums.
- ρ: average ranks under weights are the weight below a value plus half its own group, then a weighted
  Pearson correlation.

A shuffle (the permutation test) does change the pairing; it is counted with running tallies over the
side with fewer distinct values (scores on a 1–5 scale: a few columns), or row by row through the merge
tree when both sides are continuous. The figures equal tests/test_correlation's brute force and scipy's
``kendalltau``/``spearmanr`` (bench/meta_eval_speed.py prints both).
"""

from __future__ import annotations

import numpy as np

_ROWS_CELLS = 2_000_000  # weights × positions (or grid cells) handled at once, to bound memory
_FEW_VALUES = 64  # at most this many distinct values on one side: shuffles use running tallies
_GRID = 4096  # at most this many (x value, y value) cells, or _GRID_PER_PAIR per pair: counted on that grid
_GRID_PER_PAIR = 8


def _dense(v: np.ndarray) -> np.ndarray:
    """0-based dense ranks (equal values share one)."""
    return np.unique(v, return_inverse=True)[1].reshape(-1)


def _group_sums(dense: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row, the weight in each group of ``dense`` (0..m−1; every group present), shape (rows, m)."""
    order = np.argsort(dense, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(dense[order]) != 0])
    return np.add.reduceat(weights[:, order], starts, axis=1)


def _pairs_tied(dense: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Σ over groups of W(W−1)/2 per row, W = the weight in the group: pairs that tie."""
    w = _group_sums(dense, weights)
    return (w * (w - 1) / 2).sum(axis=1)


class Pairs:
    """Paired scores prepared for fast τ-b and ρ over weight rows (one row per resample)."""

    def __init__(self, x, y) -> None:
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        if x.shape != y.shape or x.ndim != 1:
            raise ValueError("paired samples must be two sequences of one length")
        self.n = n = x.size
        self.order = np.lexsort((y, x))  # by x, then y: inversions of y are then the discordant pairs
        self.xr = _dense(x)
        self.yr = _dense(y)
        self.mx = int(self.xr.max()) + 1 if n else 0
        self.my = int(self.yr.max()) + 1 if n else 0
        raw_cell = self.xr * max(self.my, 1) + self.yr
        self.cells, self.cell = np.unique(raw_cell, return_inverse=True)  # present cells; each pair's cell
        self.cell = self.cell.reshape(-1)
        # few values on one side (human 1–5 scores) keep the grid small even when the other is continuous
        self.grid = self.mx * self.my <= max(_GRID, _GRID_PER_PAIR * n)
        self._levels = None if self.grid else _merge_levels(self.yr[self.order])

    def _grid(self, c: np.ndarray) -> np.ndarray:
        """Weights summed per (x value, y value) cell: (rows, mx, my)."""
        g = np.zeros((c.shape[0], self.mx * self.my))
        g[:, self.cells] = _group_sums(self.cell, c)
        return g.reshape(c.shape[0], self.mx, self.my)

    # ---- τ-b over weights --------------------------------------------------------------------------
    def tau_b(self, weights: np.ndarray) -> np.ndarray:
        """τ-b of each weight row (copies of each pair in that resample); NaN where a side is constant."""
        c = np.atleast_2d(np.asarray(weights, dtype=float))
        out = np.empty(c.shape[0])
        per = max(1, _ROWS_CELLS // max(self.n, self.mx * self.my if self.grid else 1, 1))
        for s in range(0, c.shape[0], per):
            out[s:s + per] = self._tau_b(c[s:s + per])
        return out

    def _tau_b(self, c: np.ndarray) -> np.ndarray:
        total = c.sum(axis=1)
        n0 = total * (total - 1) / 2
        if self.grid:  # few distinct scores: everything from the cell table
            w = self._grid(c)
            wx, wy = w.sum(axis=2), w.sum(axis=1)
            n1 = (wx * (wx - 1) / 2).sum(axis=1)
            n2 = (wy * (wy - 1) / 2).sum(axis=1)
            n3 = (w * (w - 1) / 2).sum(axis=(1, 2))
            lower_x = np.cumsum(w, axis=1) - w  # weight with a smaller x, per y value
            # of those, the weight with a larger y: the row's total minus the running total up to y
            higher_y = lower_x.sum(axis=2, keepdims=True) - np.cumsum(lower_x, axis=2)
            d = (w * higher_y).sum(axis=(1, 2))  # smaller x and larger y: discordant
        else:
            n1 = _pairs_tied(self.xr, c)
            n2 = _pairs_tied(self.yr, c)
            n3 = _pairs_tied(self.cell, c)
            d = _weighted_inversions(self._levels, c[:, self.order])
        concordant_minus = n0 - n1 - n2 + n3 - 2 * d
        denom = (n0 - n1) * (n0 - n2)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(denom > 0, concordant_minus / np.sqrt(np.where(denom > 0, denom, 1)), np.nan)

    # ---- ρ over weights ----------------------------------------------------------------------------
    def rho(self, weights: np.ndarray) -> np.ndarray:
        c = np.atleast_2d(np.asarray(weights, dtype=float))
        out = np.empty(c.shape[0])
        per = max(1, _ROWS_CELLS // max(self.n, self.mx * self.my if self.grid else 1, 1))
        for s in range(0, c.shape[0], per):
            part = c[s:s + per]
            if self.grid:
                out[s:s + per] = self._grid_rho(part)
                continue
            out[s:s + per] = _weighted_pearson(_weighted_ranks(self.xr, self.mx, part),
                                               _weighted_ranks(self.yr, self.my, part), part)
        return out

    def _grid_rho(self, c: np.ndarray) -> np.ndarray:
        w = self._grid(c)
        wx, wy = w.sum(axis=2), w.sum(axis=1)
        mid = (c.sum(axis=1)[:, None] + 1) / 2  # the mean of average ranks is always (N + 1) / 2
        rx = np.cumsum(wx, axis=1) - wx + (wx + 1) / 2 - mid
        ry = np.cumsum(wy, axis=1) - wy + (wy + 1) / 2 - mid
        cov = np.einsum("kab,ka,kb->k", w, rx, ry)
        den = np.sqrt((wx * rx * rx).sum(axis=1) * (wy * ry * ry).sum(axis=1))
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 1e-12, cov / np.where(den > 1e-12, den, 1), np.nan)

    # ---- shuffles (permutation test) ---------------------------------------------------------------
    def tau_b_shuffled(self, perms: np.ndarray) -> np.ndarray:
        """τ-b of x against y[perm] for each row of ``perms`` (unit weights)."""
        perms = np.atleast_2d(perms)
        n = self.n
        n0 = n * (n - 1) / 2
        ones = np.ones((1, n))
        n1 = float(_pairs_tied(self.xr, ones)[0])
        n2 = float(_pairs_tied(self.yr, ones)[0])
        out = np.empty(perms.shape[0])
        per = max(1, _ROWS_CELLS // max(n * max(1, min(self.mx, self.my)), 1))
        for s in range(0, perms.shape[0], per):
            p = perms[s:s + per]
            if min(self.mx, self.my) <= _FEW_VALUES:
                d, n3 = self._shuffled_tallies(p)
            else:
                d, n3 = self._shuffled_rows(p)
            denom = (n0 - n1) * (n0 - n2)
            out[s:s + per] = (n0 - n1 - n2 + n3 - 2 * d) / np.sqrt(denom) if denom > 0 else np.nan
        return out

    def _shuffled_tallies(self, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Discordant and both-tied pairs with running tallies over the side with fewer values."""
        if self.my <= self.mx:
            key, key_m, val, val_m = self.xr, self.mx, self.yr[perms], self.my  # x fixed, y shuffled
        else:  # x[inverse] against y pairs exactly as x against y[perm]
            inv = np.empty_like(perms)
            inv[np.arange(perms.shape[0])[:, None], perms] = np.arange(perms.shape[1])
            key, key_m, val, val_m = self.yr, self.my, self.xr[inv], self.mx
        k = perms.shape[0]
        # tallies[r, g, v]: items of row r with key < g and value v
        flat = (np.arange(k)[:, None] * key_m + key[None, :]) * val_m + val
        counts = np.bincount(flat.reshape(-1), minlength=k * key_m * val_m).reshape(k, key_m, val_m).astype(float)
        before = np.cumsum(counts, axis=1) - counts
        greater = before.sum(axis=2, keepdims=True) - np.cumsum(before, axis=2)  # value > v
        d = np.take_along_axis(greater.reshape(k, -1), key[None, :] * val_m + val, axis=1).sum(axis=1)
        n3 = (counts * (counts - 1) / 2).sum(axis=(1, 2))
        return d, n3

    def _shuffled_rows(self, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        d = np.empty(perms.shape[0])
        n3 = np.empty(perms.shape[0])
        for i, p in enumerate(perms):
            y = self.yr[p]
            order = np.lexsort((y, self.xr))
            d[i] = _weighted_inversions(_merge_levels(y[order]), np.ones((1, self.n)))[0]
            _, counts = np.unique(self.xr * max(self.my, 1) + y, return_counts=True)
            n3[i] = (counts * (counts - 1) / 2).sum()
        return d, n3

    def rho_shuffled(self, perms: np.ndarray) -> np.ndarray:
        perms = np.atleast_2d(perms)
        ones = np.ones((1, self.n))
        rx = _weighted_ranks(self.xr, self.mx, ones)[0]
        ry = _weighted_ranks(self.yr, self.my, ones)[0]
        rx, ry = rx - rx.mean(), ry - ry.mean()
        den = np.sqrt((rx * rx).sum() * (ry * ry).sum())
        if den == 0:
            return np.full(perms.shape[0], np.nan)
        out = np.empty(perms.shape[0])
        per = max(1, _ROWS_CELLS // max(self.n, self.mx * self.my if self.grid else 1, 1))
        for s in range(0, perms.shape[0], per):
            out[s:s + per] = (rx[None, :] * ry[perms[s:s + per]]).sum(axis=1) / den
        return out


def _merge_levels(seq: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The merge tree over a sequence of dense ranks, built once: per level, the left blocks' positions
    sorted by value, the right blocks' positions, and for each right item how many left items of its
    block are ≤ it."""
    n = seq.size
    size = 1
    while size < n:
        size *= 2
    padded = np.full(size, n, dtype=np.int64)  # pads sit last and above every rank: they never invert
    padded[:n] = seq
    levels = []
    s = 1
    while s < size:
        blocks = size // (2 * s)
        pos = np.arange(size).reshape(blocks, 2, s)
        left, right = pos[:, 0, :], pos[:, 1, :]
        lorder = np.argsort(padded[left], axis=1, kind="stable")
        lsorted = np.take_along_axis(left, lorder, axis=1)
        lvals = padded[lsorted]
        # searchsorted per block: offset each block's values so one global search serves all
        offset = (np.arange(blocks, dtype=np.int64) * (n + 1))[:, None]
        le = np.searchsorted((lvals + offset).reshape(-1), (padded[right] + offset).reshape(-1), side="right")
        le = le.reshape(blocks, s) - (np.arange(blocks) * s)[:, None]
        keep = left[:, 0] < n  # a block made of pads only adds nothing
        levels.append((lsorted[keep], right[keep], le[keep]))
        s *= 2
    return levels


def _weighted_inversions(levels, c: np.ndarray) -> np.ndarray:
    """Σ over i before j of c_i·c_j·[seq_i > seq_j], per weight row (positions past n weigh 0)."""
    k, n = c.shape
    size = 1
    while size < n:
        size *= 2
    w = np.zeros((k, size))
    w[:, :n] = c
    total = np.zeros(k)
    for lsorted, right, le in levels:
        cum = np.cumsum(w[:, lsorted], axis=2)  # (k, blocks, s)
        cum = np.concatenate([np.zeros(cum.shape[:2] + (1,)), cum], axis=2)
        below = np.take_along_axis(cum, np.broadcast_to(le, (k,) + le.shape), axis=2)
        total += (w[:, right] * (cum[:, :, -1:] - below)).sum(axis=(1, 2))
    return total


def _weighted_ranks(dense: np.ndarray, m: int, c: np.ndarray) -> np.ndarray:
    """Average ranks (1-based, ties share the mean) of each item in the multiset given by weights."""
    w = _group_sums(dense, c)
    below = np.cumsum(w, axis=1) - w
    return (below + (w + 1) / 2)[:, dense]


def _weighted_pearson(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    tot = np.maximum(c.sum(axis=1, keepdims=True), 1e-300)  # an empty resample has no coefficient
    am = (a * c).sum(axis=1, keepdims=True) / tot
    bm = (b * c).sum(axis=1, keepdims=True) / tot
    da, db = a - am, b - bm
    cov = (c * da * db).sum(axis=1)
    den = np.sqrt((c * da * da).sum(axis=1) * (c * db * db).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 1e-12, cov / np.where(den > 1e-12, den, 1), np.nan)
