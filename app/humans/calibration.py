"""How often each judge is right for this reviewer: from the findings the reviewer accepted, corrected
(a real problem, told better: kept) or rejected (not kept), each judge's precision per category with a
Wilson score interval and its n, and a calibrated chance that one of its open findings is right.

A cell is a judge and a category as the judge named it: the whole path (``style/awkwardness``) and its
top-level branch (``style``) both have one, so a leaf the reviewer has decided little on can still be
judged by its branch. The chance a finding is right shrinks the cell's rate towards its branch's and the
branch's towards the judge's overall rate (a Beta prior of weight ``PRIOR`` each time), so three rejections
of a judge that is usually right do not bury it. The opt-in "fade or hide" rule acts only on a cell with at
least ``MIN_N`` decisions whose interval's upper bound is below ``THRESHOLD``: the reviewer rejects that
judge there more often than not, with 95% confidence. Pure functions over (judge, category, kept) facts;
``read`` gathers them from a store (every project: calibration is about the reviewer, not one book)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litlens.app.run.store import Store

Z95 = 1.959963984540054
MIN_N = 10  # decisions on a cell before the fade/hide rule may act on it
THRESHOLD = 0.5  # a cell whose upper bound is below this is one the reviewer keeps rejecting
PRIOR = 2.0  # weight of the parent's rate in a cell's calibrated chance (pseudo-decisions)
KEPT_ACTIONS = ("accept", "edit")


def wilson(kept: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for kept/n (Wilson 1927); (0, 1) when nothing was decided."""
    if n <= 0:
        return 0.0, 1.0
    p = kept / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def top(category: str) -> str:
    return category.split("/", 1)[0] if category else ""


@dataclass(frozen=True)
class Cell:
    """One judge on one category (a whole path or a top-level branch) for this reviewer."""

    judge: str
    category: str
    kept: int
    n: int

    @property
    def precision(self) -> float | None:
        return self.kept / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.kept, self.n)

    def keeps_rejecting(self, min_n: int = MIN_N, threshold: float = THRESHOLD) -> bool:
        """Enough decisions, and the reviewer rejects the judge here more often than not (95%)."""
        return self.n >= min_n and self.interval[1] < threshold


@dataclass(frozen=True)
class Fact:
    """One decided finding: which judge, the category it named, and whether the reviewer kept it."""

    judge: str
    category: str
    kept: bool


class Calibration:
    """Every judge's cells, looked up by a finding's judge and category."""

    def __init__(self, facts: Iterable[Fact]) -> None:
        counts: dict[tuple[str, str], list[int]] = {}
        judges: dict[str, list[int]] = {}
        for f in facts:
            keys = {(f.judge, f.category), (f.judge, top(f.category))}
            for key in keys:
                c = counts.setdefault(key, [0, 0])
                c[0] += int(f.kept)
                c[1] += 1
            j = judges.setdefault(f.judge, [0, 0])
            j[0] += int(f.kept)
            j[1] += 1
        self.cells = {k: Cell(k[0], k[1], v[0], v[1]) for k, v in counts.items()}
        self.judges = {k: Cell(k, "", v[0], v[1]) for k, v in judges.items()}

    def __len__(self) -> int:
        return sum(c.n for c in self.judges.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Calibration) and other.cells == self.cells

    __hash__ = None  # type: ignore[assignment]

    def cell(self, judge: str, category: str, min_n: int = MIN_N) -> Cell | None:
        """The cell that speaks for a finding: its whole category when decided on ``min_n`` times or
        more, else its branch when that has more decisions, else whatever there is (None: nothing)."""
        leaf = self.cells.get((judge, category))
        if leaf is not None and leaf.n >= min_n:
            return leaf
        branch = self.cells.get((judge, top(category)))
        if branch is not None and (leaf is None or branch.n > leaf.n):
            return branch
        return leaf

    def chance(self, judge: str, category: str) -> float | None:
        """The calibrated chance a finding of ``judge`` in ``category`` is right (None: no decisions on
        this judge at all): its leaf's rate shrunk to its branch's, the branch's to the judge's."""
        overall = self.judges.get(judge)
        if overall is None:
            return None
        rate = (overall.kept + 1) / (overall.n + 2)  # Laplace: a judge with two kept is not certain
        keys = [(judge, top(category))] + ([(judge, category)] if category != top(category) else [])
        for key in keys:
            c = self.cells.get(key)
            if c is not None:
                rate = (c.kept + PRIOR * rate) / (c.n + PRIOR)
        return rate

    def keeps_rejecting(self, judge: str, category: str, min_n: int = MIN_N,
                        threshold: float = THRESHOLD) -> bool:
        c = self.cell(judge, category, min_n)
        return c is not None and c.keeps_rejecting(min_n, threshold)

    def rows(self) -> list[Cell]:
        """Every cell, by judge, then category (branches before their leaves)."""
        return sorted(self.cells.values(), key=lambda c: (c.judge, top(c.category), c.category != top(c.category),
                                                          c.category))


def fact(judge: str, span_category: str, action: str) -> Fact | None:
    """A decision as a calibration fact; None for an addition (no judge was asked about it)."""
    if action == "add" or judge in ("", "human"):
        return None
    return Fact(judge, span_category, action in KEPT_ACTIONS)


def read(store: Store) -> Calibration:
    """The reviewer's latest decision on every judged finding in the store, every project, each counted
    under the category the judge gave (a corrected finding is kept under the judge's own category)."""
    rows = store.db.execute(
        "SELECT a.judge, coalesce(s.category, a.category), a.action FROM annotations a "
        "LEFT JOIN spans s ON s.id = a.span_id WHERE a.span_id IS NOT NULL AND a.action != 'add' "
        "AND a.id IN (SELECT max(id) FROM annotations WHERE span_id IS NOT NULL GROUP BY project_id, span_id)"
    ).fetchall()
    return Calibration(f for r in rows if (f := fact(r[0] or "", r[1] or "", r[2])) is not None)
