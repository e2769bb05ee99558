"""How sure a number is: intervals for means over the units a judge scored independently, how often each
candidate wins a ranking over resampled paragraphs and over presentation orders, and bootstrap intervals
with permutation p-values for τ-b and ρ against human scores.

The unit of every interval is the one that is independent: the paragraph (a document, when several are
pooled). Values scored inside one paragraph (DA-MQM's four criteria, VERSE's questions) share its
translation, so they are averaged within the paragraph first and never treated as separate draws.

Means use a Student t-interval over paragraph means (a ratio estimate when paragraphs weigh differently,
e.g. VERSE paragraphs with more questions): bench/interval_coverage.py measured it against the
percentile bootstrap and BCa on simulated 1–5 and VERSE 1–3 scores with a paragraph effect, and it is
the one that covers close to 95% from 5 paragraphs up. Fewer than MIN_UNITS paragraphs, or paragraphs
that show no spread at all, give no interval ("unavailable"), never a narrow one.

Everything is seeded, so the same stored results always print the same interval (a report regenerated
tomorrow must not disagree with today's). Pure functions over numbers and labels; no I/O.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported where a number is computed: the window's start does not wait for it
    import numpy as np

RESAMPLES = 2000  # for win rates over resampled paragraphs
PERMUTATIONS = 1000  # shuffles for a p-value of τ-b or ρ
LEVEL = 0.95
SEED = 20240917
# Below this many independent units an interval is not shown: its coverage is not measured there
# (bench/interval_coverage.py starts at 5) and a t-interval on 2–4 discrete scores is mostly luck.
MIN_UNITS = 5
# τ-b and ρ intervals (percentile bootstrap over paragraphs) covered 89% at 5 paragraphs and 93–96% from
# 8 up in bench/interval_coverage.py, so below 8 paragraphs they are not shown.
MIN_AGREEMENT_UNITS = 8
# MQM scores are skewed (most paragraphs near 0, a few far below): there the t-interval covered 88–92%
# and a studentized bootstrap (``skewed=True``) 92–95% from 8 paragraphs (bench/interval_coverage.py);
# below 8 neither covers 93%, so such a mean shows no interval.
MIN_SKEWED_UNITS = 8
_CHUNK = 2_000_000  # index-matrix cells drawn at once, to bound memory for long texts


@dataclass(frozen=True)
class Interval:
    """``estimate`` with its ``level`` interval [low, high] over ``n`` independent units (paragraphs).

    ``low``/``high`` are None when the interval is unavailable (``why`` says so: too few units, or no
    spread among them); the estimate itself is still the number to show."""

    estimate: float
    low: float | None
    high: float | None
    n: int
    level: float = LEVEL
    method: str = "t"
    why: str = ""

    @property
    def available(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def width(self) -> float | None:
        return None if self.low is None or self.high is None else self.high - self.low

    def as_list(self) -> list[float] | None:
        return None if self.low is None or self.high is None else [self.low, self.high]

    def format(self, digits: int = 2) -> str:
        if not self.available:
            return f"{self.estimate:.{digits}f} (no interval: {self.why})"
        return fmt_interval(self.estimate, self.as_list(), digits)


def fmt_interval(estimate: float | None, bounds: Sequence[float] | None, digits: int = 2) -> str:
    """``3.80 [3.50, 4.10]``; the bare estimate when there is no interval, "-" when there is no value."""
    if estimate is None:
        return "-"
    if not bounds:
        return f"{estimate:.{digits}f}"
    return f"{estimate:.{digits}f} [{bounds[0]:.{digits}f}, {bounds[1]:.{digits}f}]"


def _indices(n: int, resamples: int, rng: np.random.Generator):
    """Resample index rows in chunks: ``(k, n)`` arrays of draws with replacement."""
    per = max(1, _CHUNK // max(n, 1))
    left = resamples
    while left > 0:
        k = min(per, left)
        yield rng.integers(0, n, size=(k, n))
        left -= k


def expanded_level(level: float, units: int) -> float:
    """The percentile level of an expanded percentile bootstrap over ``units`` independent units. The
    bootstrap takes the sample of ``units`` for the population, so its spread is too narrow by about
    sqrt((m-1)/m); the percentiles taken are those whose normal quantile is sqrt(m/(m-1)) times the
    nominal one (0.964 instead of 0.95 at m = 8, 0.952 at m = 50). Chosen by measured coverage
    (bench/interval_coverage.py: 95% at 8, 20 and 50 paragraphs where the plain percentiles covered
    92.8% at 8; a Student-t expansion on top covered 98%, too wide)."""
    if units < 2:
        return level
    z = math.sqrt(units / (units - 1)) * _normal_quantile(level)
    return math.erf(z / math.sqrt(2))


def _normal_quantile(level: float) -> float:
    """The two-sided ``level`` critical value of the standard normal (1.96 for 95%), by bisection."""
    lo, hi = 0.0, 10.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if math.erf(mid / math.sqrt(2)) < level else (lo, mid)
    return (lo + hi) / 2


def _bounds(stats: np.ndarray, level: float) -> tuple[float, float]:
    import numpy as np
    tail = (1.0 - level) / 2 * 100
    lo, hi = np.percentile(stats, [tail, 100 - tail])
    return float(lo), float(hi)


# ---- Student t quantiles (integer degrees of freedom; no SciPy) -----------------------------------------

def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom (Abramowitz & Stegun 26.7.3–4, exact for
    integer df)."""
    theta = math.atan(t / math.sqrt(df))
    s, c = math.sin(theta), math.cos(theta)
    if df == 1:
        return 2 * theta / math.pi
    c2 = c * c
    if df % 2:  # odd: (2/π)(θ + sinθ(cosθ + 2/3 cos³θ + … ))
        term, acc = c, c
        for k in range(3, df - 1, 2):
            term *= c2 * (k - 1) / k
            acc += term
        return 2 / math.pi * (theta + s * acc)
    term, acc = 1.0, 1.0  # even: sinθ(1 + ½cos²θ + ¾·½cos⁴θ + …)
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        acc += term
    return s * acc


@lru_cache(maxsize=512)
def t_quantile(level: float, df: int) -> float:
    """The two-sided ``level`` critical value of Student's t (2.776 for 95% and df 4)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    lo, hi = 0.0, 1.0
    while _t_central(hi, df) < level:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if _t_central(mid, df) < level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ---- means over independent units ------------------------------------------------------------------------

def mean_interval(values: Sequence[float], *, weights: Sequence[float] | None = None,
                  bounds: tuple[float, float] | None = None, level: float = LEVEL,
                  min_units: int = MIN_UNITS, skewed: bool = False, resamples: int = RESAMPLES,
                  seed: int = SEED) -> Interval | None:
    """The (optionally weighted) mean of one value per independent unit with its Student t-interval.

    With weights (how many answers, or how much text, a unit holds) the estimate is the pooled ratio
    Σwᵢmᵢ / Σwᵢ and its standard error the linearised one, Σ(wᵢ(mᵢ − R))² / (w̄² n(n − 1)), with n − 1
    degrees of freedom. ``bounds`` (the scale's ends) clip the interval: the truth cannot lie outside
    them. ``skewed`` (MQM scores): a studentized bootstrap of the same statistic instead of Student's t,
    from MIN_SKEWED_UNITS units. None for no units; an Interval without bounds when too few units or
    none differ."""
    import numpy as np
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return None
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != x.shape or (w < 0).any() or w.sum() <= 0:
        raise ValueError("weights must be non-negative, one per value, and not all zero")
    keep = w > 0
    x, w = x[keep], w[keep]
    n = int(x.size)
    estimate = float((x * w).sum() / w.sum())
    if skewed:
        min_units = max(min_units, MIN_SKEWED_UNITS)
    if n < min_units:
        return Interval(estimate, None, None, n, level, "t", f"n={n} < {min_units}")
    z = w * (x - estimate) / w.mean()
    se = math.sqrt(float((z * z).sum()) / (n * (n - 1)))
    if se <= 1e-12 * max(1.0, abs(estimate)):
        return Interval(estimate, None, None, n, level, "t", f"n={n}, no spread")
    if skewed:
        low, high = _studentized(x, w, estimate, se, level, resamples, seed)
    else:
        half = t_quantile(level, n - 1) * se
        low, high = estimate - half, estimate + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Interval(estimate, low, high, n, level, "bootstrap-t" if skewed else "t")


def _studentized(x: np.ndarray, w: np.ndarray, estimate: float, se: float, level: float, resamples: int,
                 seed: int) -> tuple[float, float]:
    """Bootstrap-t bounds: the resampled (ratio − estimate) / its own standard error, read off at the
    tails and scaled by the sample's standard error (a skew in the scores skews the interval with it)."""
    import numpy as np
    n = x.size
    idx = np.random.default_rng(seed).integers(0, n, size=(resamples, n))
    xs, ws = x[idx], w[idx]
    r = (xs * ws).sum(axis=1) / ws.sum(axis=1)
    z = ws * (xs - r[:, None]) / ws.mean(axis=1, keepdims=True)
    s = np.sqrt((z * z).sum(axis=1) / (n * (n - 1)))
    # a resample of identical units has no spread: its t is 0 at the estimate, else beyond any tail
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(s > 0, (r - estimate) / np.where(s > 0, s, 1), np.sign(r - estimate) * 1e12)
    lo_q, hi_q = _bounds(t, level)
    return estimate - hi_q * se, estimate - lo_q * se


def cluster_mean(groups: Mapping[Hashable, Sequence[float]], *, bounds: tuple[float, float] | None = None,
                 level: float = LEVEL, min_units: int = MIN_UNITS) -> Interval | None:
    """The pooled mean of values grouped by their independent unit (questions or criteria by paragraph),
    with the interval over the units: each unit's mean, weighted by how many values it holds."""
    kept = [(sum(v) / len(v), len(v)) for v in groups.values() if v]
    if not kept:
        return None
    return mean_interval([m for m, _ in kept], weights=[k for _, k in kept], bounds=bounds, level=level,
                         min_units=min_units)



# ---- rankings -----------------------------------------------------------------------------------------

def _top_share(tally: Mapping[str, float], shares: Counter[str]) -> None:
    """Credit the leader(s) of one tally; a tie splits the credit so shares still sum to 1."""
    if not tally:
        return
    best = max(tally.values())
    leaders = [c for c, v in tally.items() if v == best]
    for c in leaders:
        shares[c] += 1 / len(leaders)


def _paragraph_tally(winners: Sequence[Sequence[str]], rows: Sequence[int]) -> dict[str, float]:
    tally: dict[str, float] = {}
    for i in rows:
        got = winners[i]
        for w in got:  # several winners in one paragraph (orders disagreed, or a tie) share its vote
            tally[w] = tally.get(w, 0.0) + 1 / len(got)
    return tally


def paragraph_win_rates(winners: Sequence[Sequence[str]], candidates: Sequence[str] = (), *,
                        resamples: int = RESAMPLES, seed: int = SEED) -> dict[str, float]:
    """How often each candidate comes out on top (most paragraph wins) when the paragraphs are resampled.

    ``winners[i]`` are the winners of paragraph i (one per presentation order, or the tied best); each
    paragraph carries one vote, split among them. A result of 1.0 means no resample of the paragraphs
    would change the overall winner; 0.5/0.5 means the text cannot tell the two apart."""
    import numpy as np
    rows = [list(w) for w in winners if w]
    shares: Counter[str] = Counter({c: 0.0 for c in candidates})
    if not rows:
        return dict(shares)
    rng = np.random.default_rng(seed)
    for idx in _indices(len(rows), resamples, rng):
        for row in idx:
            _top_share(_paragraph_tally(rows, row), shares)
    return {c: shares[c] / resamples for c in shares}


def mean_win_rates(scores: Mapping[str, Mapping[int, float]], *, resamples: int = RESAMPLES,
                   seed: int = SEED) -> dict[str, float]:
    """For a ranking by mean score: how often each candidate has the highest mean when the paragraphs are
    resampled (a candidate's mean uses the resampled paragraphs it was scored on; ties split)."""
    import numpy as np
    candidates = list(scores)
    paragraphs = sorted({p for by_p in scores.values() for p in by_p})
    shares: Counter[str] = Counter({c: 0.0 for c in candidates})
    if not paragraphs:
        return dict(shares)
    table = np.array([[scores[c].get(p, np.nan) for p in paragraphs] for c in candidates], dtype=float)
    have = ~np.isnan(table)
    values = np.nan_to_num(table)
    rng = np.random.default_rng(seed)
    for idx in _indices(len(paragraphs), resamples, rng):
        sums = values[:, idx].sum(axis=2)  # (candidates, k)
        counts = have[:, idx].sum(axis=2)
        with np.errstate(invalid="ignore", divide="ignore"):
            means = np.where(counts > 0, sums / np.maximum(counts, 1), -np.inf)
        best = means.max(axis=0)
        leaders = np.isclose(means, best[None, :], rtol=0, atol=1e-12) & np.isfinite(means)
        share = leaders / np.maximum(leaders.sum(axis=0, keepdims=True), 1)
        for i, c in enumerate(candidates):
            shares[c] += float(share[i].sum())
    return {c: shares[c] / resamples for c in candidates}


def order_win_rates(winners_by_order: Sequence[Mapping[int, str]], candidates: Sequence[str] = ()
                    ) -> dict[str, float]:
    """The share of presentation orders under which each candidate would be the overall winner, if only
    that order had been asked: one number per order, so a ranking that flips with the order shows it."""
    orders = sorted({o for para in winners_by_order for o in para})
    shares: Counter[str] = Counter({c: 0.0 for c in candidates})
    for o in orders:
        tally: dict[str, float] = {}
        for para in winners_by_order:
            if o in para:
                tally[para[o]] = tally.get(para[o], 0.0) + 1
        _top_share(tally, shares)
    return {c: shares[c] / len(orders) for c in shares} if orders else dict(shares)


def fmt_rates(rates: Mapping[str, float]) -> str:
    """``A 82%, B 18%`` best first, leaving out candidates that never win."""
    ranked = sorted(((v, c) for c, v in rates.items() if v > 0), key=lambda t: (-t[0], t[1]))
    return ", ".join(f"{c} {v:.0%}" for v, c in ranked) or "-"


# ---- agreement with human scores ----------------------------------------------------------------------

@dataclass(frozen=True)
class Agreement:
    """One coefficient against human scores: its value, bootstrap interval and permutation p-value."""

    coefficient: str  # "tau" or "rho"
    value: float | None
    low: float | None
    high: float | None
    p_value: float | None
    n: int
    resamples: int
    permutations: int
    units: int = 0  # independent units resampled (paragraphs); n when every pair is its own unit

    def format(self, digits: int = 3) -> str:
        if self.value is None:
            return "—"
        bounds = None if self.low is None or self.high is None else [self.low, self.high]
        return fmt_interval(self.value, bounds, digits)


def agreement(human: Sequence[float], model: Sequence[float], coefficient: str = "tau", *,
              units: Sequence[Hashable] | None = None, resamples: int = 1000,
              permutations: int = PERMUTATIONS, level: float = LEVEL, seed: int = SEED,
              min_units: int = MIN_AGREEMENT_UNITS, expand: bool = True) -> Agreement:
    """τ-b or ρ between paired scores, an expanded percentile-bootstrap interval (``expanded_level``;
    ``expand=False``: the plain percentiles, which cover too little with few units) and a two-sided
    permutation p-value (shuffling the model's scores against the human ones; (1 + hits) / (1 + N), never 0).

    ``units`` names each pair's independent unit (its paragraph: several candidates' pairs on one
    paragraph share it); the bootstrap draws whole units. Without it every pair is its own unit. Each
    resample costs O(n log n) (app/metrics/rank_fast.py); no interval below ``min_units`` units."""
    import numpy as np

    from litlens.app.metrics.rank_fast import Pairs

    if len(human) != len(model):
        raise ValueError(f"paired samples differ in length ({len(human)} and {len(model)})")
    if coefficient not in ("tau", "rho"):
        raise ValueError(f"unknown coefficient {coefficient!r}")
    n = len(human)
    if units is not None and len(units) != n:
        raise ValueError("one unit per pair")
    if n < 2:
        return Agreement(coefficient, None, None, None, None, n, 0, 0, n)
    pairs = Pairs(human, model)
    on_weights = pairs.tau_b if coefficient == "tau" else pairs.rho
    value = float(on_weights(np.ones((1, n)))[0])
    if np.isnan(value):
        return Agreement(coefficient, None, None, None, None, n, 0, 0, n)
    unit_of = np.arange(n) if units is None else np.unique(np.asarray([str(u) for u in units]),
                                                           return_inverse=True)[1].reshape(-1)
    m = int(unit_of.max()) + 1
    rng = np.random.default_rng(seed)
    lo = hi = None
    if m >= min_units and resamples > 0:
        boot = []
        per = max(1, _CHUNK // max(n, m))
        for start in range(0, resamples, per):
            k = min(per, resamples - start)
            drawn = rng.integers(0, m, size=(k, m))
            flat = (np.arange(k)[:, None] * m + drawn).reshape(-1)
            copies = np.bincount(flat, minlength=k * m).reshape(k, m)  # draws of each unit
            boot.append(on_weights(copies[:, unit_of]))
        stats = np.concatenate(boot)
        stats = stats[~np.isnan(stats)]  # a resample with one side constant has no coefficient
        if stats.size:
            lo, hi = _bounds(stats, expanded_level(level, m) if expand else level)
    perm = rng.permuted(np.broadcast_to(np.arange(n), (permutations, n)), axis=1)  # O(n) per row
    null = pairs.tau_b_shuffled(perm) if coefficient == "tau" else pairs.rho_shuffled(perm)
    null = np.nan_to_num(null, nan=0.0)
    p = (1 + int((np.abs(null) >= abs(value) - 1e-12).sum())) / (1 + permutations)
    return Agreement(coefficient, value, lo, hi, p, n, resamples if lo is not None else 0, permutations, m)
