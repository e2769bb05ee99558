"""Ranking formulas (seed 004, TransEvalnia): position-bias inconsistency B, majority vote with ties, and
ranking by mean score. Pure functions over labels and numbers; no I/O."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence


def inconsistency_b(best_per_item: Sequence[Iterable[str]]) -> float:
    """B = Σ_i |b_i| / n: the mean, over the n source items, of the number of distinct translations
    chosen as best across the presentation orders (the paper's §6.2).

    ``best_per_item[i]`` holds the winner of each order for item i (repeats allowed; they count once).
    1 means the same winner in every order; the worst value is the number of orders p.
    """
    sizes = [len(set(winners)) for winners in best_per_item]
    sizes = [s for s in sizes if s > 0]
    if not sizes:
        raise ValueError("B needs at least one item with at least one ranked order")
    return sum(sizes) / len(sizes)


def first_place_votes(rankings: Iterable[Sequence[str]]) -> Counter[str]:
    """How often each label came first (labels that never won are absent)."""
    return Counter(r[0] for r in rankings if r)


def majority_winners(winners: Iterable[str]) -> list[str]:
    """The label(s) with the most first-place votes; several labels when the vote is a tie."""
    votes = Counter(winners)
    if not votes:
        return []
    top = max(votes.values())
    return sorted(w for w, n in votes.items() if n == top)


def _tiers(keyed: Mapping[str, tuple[float, ...]]) -> list[list[str]]:
    """Labels grouped into tiers by descending key; equal keys share a tier (a tie)."""
    out: list[list[str]] = []
    last: tuple[float, ...] | None = None
    for label in sorted(keyed, key=lambda lab: (tuple(-k for k in keyed[lab]), lab)):
        if last is not None and keyed[label] == last:
            out[-1].append(label)
        else:
            out.append([label])
        last = keyed[label]
    return out


def majority_ranking(rankings: Sequence[Sequence[str]], labels: Iterable[str] | None = None
                     ) -> list[list[str]]:
    """A ranking from several (full or partial) rankings: first by first-place votes (the majority
    vote the paper proposes over presentation orders), then, between labels with equal votes, by the
    Borda count (n points for first place down to 1 for last, 0 when not ranked) so the places below
    the winner are decided too. Labels equal on both are a tie and share a tier. Best tier first.
    """
    every = list(dict.fromkeys([*(labels or []), *(lab for r in rankings for lab in r)]))
    votes = first_place_votes(rankings)
    borda: Counter[str] = Counter()
    for r in rankings:
        for pos, lab in enumerate(r):
            borda[lab] += len(r) - pos
    return _tiers({lab: (float(votes[lab]), float(borda[lab])) for lab in every})


def score_ranking(means: Mapping[str, float], places: int = 9) -> list[list[str]]:
    """Labels ranked by mean score, best first; means equal to ``places`` decimals are a tie."""
    return _tiers({lab: (round(float(v), places),) for lab, v in means.items()})


def format_tiers(tiers: Sequence[Sequence[str]]) -> str:
    """``A > B = C > D``: '=' joins tied labels."""
    return " > ".join(" = ".join(t) for t in tiers)
