"""Ranking machinery any ranking judge can use: presentation orders, neutral labels, reading a model's
ranking back to real labels, and the position-bias report (winners per order, B, majority vote).

Position bias (seed 004, §5.2 and §6.2): an LLM asked to rank candidates tends to favour one position.
Running the same ranking over several presentation orders and counting distinct winners exposes it.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from litlens.app.metrics.ranking import inconsistency_b, majority_ranking, majority_winners

ALL_PERMUTATIONS_UP_TO = 4  # 4! = 24 orders; beyond that, rotations of one seeded random order
LABEL_PREFIX = "Translation"


class RankingError(ValueError):
    """A model's ranking that cannot be used (unknown label, a candidate left out, a repeat)."""


def _rotations(order: Sequence[str]) -> list[tuple[str, ...]]:
    return [tuple(order[i:]) + tuple(order[:i]) for i in range(len(order))]


def paper_order_count(n: int) -> int:
    """TransEvalnia's p (seed 004, §6.2): two permutations where there were two translations, three
    for the corpora with more (Generic, Haiku), so B here is on the paper's scale (1 best, p worst)."""
    return 2 if n == 2 else 3


def latin_square(labels: Sequence[str]) -> list[tuple[str, ...]]:
    """n orders of n labels in which every label takes every position exactly once.

    A Williams design: row r is the base sequence 0, 1, n−1, 2, n−2, … shifted by r (mod n). Beyond the
    Latin property, for an even n every label directly follows every other label exactly once, so a
    judge's habit of favouring the translation right after a weak one cannot favour one candidate. For
    n = 2 and 3 it is the plain rotations of ``labels``, starting with ``labels`` as given.
    """
    n = len(labels)
    base, lo, hi = [0], 1, n - 1
    while len(base) < n:
        base.append(lo)
        lo += 1
        if len(base) < n:
            base.append(hi)
            hi -= 1
    return [tuple(labels[(b + r) % n] for b in base) for r in range(n)]


def williams_design(labels: Sequence[str]) -> list[tuple[str, ...]]:
    """Orders balanced for position and for carry-over: every label in every position equally often and
    every label directly after every other equally often. For an even n that is the n rows of
    ``latin_square``; an odd n has no such square, so its n rows are followed by the same rows reversed
    (2n orders: each position twice, each ordered neighbour pair twice)."""
    square = latin_square(labels)
    if len(labels) % 2 == 0:
        return square
    return square + [tuple(reversed(row)) for row in square]


def presentation_orders(labels: Sequence[str], count: int | None = None, seed: int = 0
                        ) -> list[tuple[str, ...]]:
    """The orders in which to present ``labels``.

    Default (``count`` None): every permutation for up to four candidates; for more, one random order
    (seeded by ``seed`` and the labels, so the same every time) and its cyclic rotations, which put
    every candidate in every position once, as the paper did. ``count`` caps the number of orders
    (or, beyond the default set, adds further seeded random permutations up to n!). The first order is
    always ``labels`` as given for up to four candidates.
    """
    labels = list(labels)
    if len(labels) < 2:
        raise ValueError("ranking needs at least two candidates")
    if len(set(labels)) != len(labels):
        raise ValueError("candidate labels must be distinct")
    if count is not None and count < 1:
        raise ValueError("the number of orders must be at least 1")
    n = len(labels)
    rng = random.Random(f"{seed}\x00" + "\x00".join(labels))
    if n <= ALL_PERMUTATIONS_UP_TO:
        # rotations first: any prefix of n orders is balanced over positions
        rotations = _rotations(labels)
        rest = [p for p in itertools.permutations(labels) if p not in rotations]
        base = rotations + rest
    else:
        start = labels[:]
        rng.shuffle(start)
        base = _rotations(start)
    if count is None or count == len(base):
        return base
    if count < len(base):
        return base[:count]
    wanted = min(count, math.factorial(n))
    seen = set(base)
    out = list(base)
    if wanted - len(out) > 0 and n <= 8:
        extra = [p for p in itertools.permutations(labels) if p not in seen]
        rng.shuffle(extra)
        out += extra[: wanted - len(out)]
    while len(out) < wanted:  # large n: sampling hits a repeat almost never
        p = labels[:]
        rng.shuffle(p)
        if tuple(p) not in seen:
            seen.add(tuple(p))
            out.append(tuple(p))
    return out


def neutral_labels(presented: Sequence[str]) -> dict[str, str]:
    """``{"Translation 1": real label, ...}`` by presented position, so names never sway the judge."""
    return {f"{LABEL_PREFIX} {i + 1}": lab for i, lab in enumerate(presented)}


_NAME = re.compile(rf"^\s*(?:{LABEL_PREFIX}\s*)?#?\s*(\d+)\s*[.:]?\s*$", re.IGNORECASE)
_MENTION = re.compile(rf"\b{LABEL_PREFIX}\s+(\d+)\b", re.IGNORECASE)


def read_ranking(answer: Iterable[object], presented: Sequence[str]) -> list[str]:
    """The model's ranking (neutral names such as "Translation 2", or bare numbers) as real labels,
    best first. Raises RankingError unless it names every presented candidate exactly once."""
    real: list[str] = []
    for item in answer:
        m = _NAME.match(str(item))
        k = int(m.group(1)) if m else 0
        if not 1 <= k <= len(presented):
            raise RankingError(f"the ranking names {item!r}, which is not one of the "
                               f"{len(presented)} translations shown")
        lab = presented[k - 1]
        if lab in real:
            raise RankingError(f"the ranking lists {item!r} twice")
        real.append(lab)
    missing = [f"{LABEL_PREFIX} {i + 1}" for i, lab in enumerate(presented) if lab not in real]
    if missing:
        raise RankingError(f"the ranking leaves out {', '.join(missing)}")
    return real


def read_best(answer: object, presented: Sequence[str]) -> list[str]:
    """The model's choice of the best translation (a neutral name or a bare number) as ``[label]``:
    a partial ranking of one. Raises RankingError unless it names one of the translations shown."""
    m = _NAME.match(str(answer or ""))
    k = int(m.group(1)) if m else 0
    if not 1 <= k <= len(presented):
        raise RankingError(f"the answer names {answer!r}, which is not one of the {len(presented)} "
                           "translations shown")
    return [presented[k - 1]]


def relabel(text: str, presented: Sequence[str]) -> str:
    """Replace neutral names in a rationale with "Translation k [real label]" for readers."""
    def sub(m: re.Match[str]) -> str:
        k = int(m.group(1))
        return f"{m.group(0)} [{presented[k - 1]}]" if 1 <= k <= len(presented) else m.group(0)
    return _MENTION.sub(sub, text)


@dataclass(frozen=True)
class RankedOrder:
    """One successful ranking of one item (paragraph) in one presentation order."""

    item: int
    order_index: int
    presented: tuple[str, ...]
    ranking: tuple[str, ...]  # real labels, best first

    @property
    def best(self) -> str:
        return self.ranking[0]


@dataclass
class PositionBias:
    """Winners per item and order, B, and the majority ranking (tiers: labels in one tier are tied)."""

    winners: dict[int, dict[int, str]]  # item -> order index -> winner
    per_item_majority: dict[int, list[str]]  # item -> label(s) with most wins (ties kept)
    b: float | None
    orders: int  # p: the most orders any item was ranked in
    ranking: list[list[str]]
    failed: int = 0
    labels: list[str] = field(default_factory=list)

    @property
    def b_max(self) -> int:
        """The worst B possible here: p orders, but never more winners than there are candidates."""
        return min(self.orders, len(self.labels)) if self.labels else self.orders


def position_bias(results: Sequence[RankedOrder], labels: Iterable[str] | None = None, failed: int = 0
                  ) -> PositionBias:
    """Everything the paper reports about position bias, from the successful rankings."""
    winners: dict[int, dict[int, str]] = {}
    for r in sorted(results, key=lambda r: (r.item, r.order_index)):
        winners.setdefault(r.item, {})[r.order_index] = r.best
    b = inconsistency_b([list(w.values()) for w in winners.values()]) if winners else None
    every = list(dict.fromkeys([*(labels or []), *(lab for r in results for lab in r.ranking)]))
    return PositionBias(
        winners=winners,
        per_item_majority={i: majority_winners(w.values()) for i, w in winners.items()},
        b=b, orders=max((len(w) for w in winners.values()), default=0),
        ranking=majority_ranking([r.ranking for r in results], every), failed=failed, labels=every)


def explain_b(b: float | None, orders: int, worst: int | None = None) -> str:
    """What B means, in plain words (``worst``: the largest B possible, default ``orders``)."""
    worst = orders if worst is None else worst
    if b is None:
        return "B is not available: no ranking succeeded."
    if orders <= 1:
        return f"B = {b:.2f} from a single presentation order: run more orders to measure position bias."
    if b <= 1.0 + 1e-9:
        return (f"B = {b:.2f}: the same winner in every order — the verdict does not depend on "
                "presentation order.")
    if b >= worst - 1e-9:
        return (f"B = {b:.2f}, the worst possible here ({worst}): the winner changes with presentation "
                "order — the verdict follows the order, not the translations.")
    return (f"B = {b:.2f} (1 = consistent, {worst} = worst possible here): on average {b:.2f} different "
            f"translations won across the {orders} orders, so presentation order swayed some verdicts.")
