"""How stable a judge's findings are when it is asked several times: findings of different samples that
overlap on the same side of the same row and share the top-level MQM category are one problem, and each
problem is "found in k of N" (N: the samples that judged its row). A judge's stability is the mean share
over its problems, with uncertainty.mean_interval's t-interval over rows (each row's mean share weighted by
its problems). Pure
functions; which samples to compare is the caller's business."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from litlens.app.metrics.spans_meta import EvalSpan, overlap, top
from litlens.app.metrics.uncertainty import Interval, mean_interval

Item = tuple[str, int]  # (candidate, aligned row)


@dataclass(frozen=True)
class Problem:
    """One problem as the samples saw it: the first sample's span stands for it."""

    item: Item
    span: EvalSpan
    samples: tuple[int, ...]  # which samples found it
    asked: int  # how many samples judged its row

    @property
    def found(self) -> int:
        return len(self.samples)

    @property
    def share(self) -> float:
        return self.found / self.asked if self.asked else 0.0

    def label(self) -> str:
        return f"found in {self.found} of {self.asked}"


def _same(a: EvalSpan, b: EvalSpan) -> bool:
    return overlap(a, b) > 0 and top(a.category) == top(b.category)


def _root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def problems(samples: Sequence[Mapping[Item, Sequence[EvalSpan]]], covered: Sequence[set[Item]]) -> list[Problem]:
    """The problems of N samples (``samples[k]``: sample k's findings by item; ``covered[k]``: the items
    sample k judged), in item and text order."""
    pooled: dict[Item, list[tuple[int, EvalSpan]]] = defaultdict(list)
    for k, by_item in enumerate(samples):
        for item, spans in by_item.items():
            pooled[item] += [(k, s) for s in spans]
    out: list[Problem] = []
    for item, found in sorted(pooled.items()):
        parent = list(range(len(found)))
        for i in range(len(found)):
            for j in range(i + 1, len(found)):
                if _same(found[i][1], found[j][1]):
                    parent[_root(parent, i)] = _root(parent, j)
        groups: dict[int, list[tuple[int, EvalSpan]]] = defaultdict(list)
        for i, member in enumerate(found):
            groups[_root(parent, i)].append(member)
        asked = sum(1 for c in covered if item in c)
        for members in groups.values():
            first = min(members, key=lambda m: (m[0], m[1].start))
            out.append(Problem(item, first[1], tuple(sorted({k for k, _ in members})), max(asked, 1)))
    return sorted(out, key=lambda p: (p.item, p.span.side, p.span.start))


@dataclass(frozen=True)
class Stability:
    who: str
    slice: str  # "all" or a top-level category
    mean: Interval | None  # mean share of samples that found a problem
    always: float  # share of problems found by every sample that judged their row
    problems: int
    samples: int


def summary(who: str, found: Sequence[Problem], n_samples: int) -> list[Stability]:
    """Mean stability over all problems and per top-level category, each with its interval over rows."""
    by_slice: dict[str, list[Problem]] = {"all": list(found)}
    for p in found:
        by_slice.setdefault(top(p.span.category) or "(none)", []).append(p)
    out = []
    for name, ps in by_slice.items():
        if not ps:
            continue
        rows: dict[Hashable, list[float]] = defaultdict(list)
        for p in ps:
            rows[p.item[1]].append(p.share)
        iv = mean_interval([sum(v) / len(v) for v in rows.values()], weights=[len(v) for v in rows.values()],
                           bounds=(0.0, 1.0))
        always = sum(1 for p in ps if p.found == p.asked) / len(ps)
        out.append(Stability(who, name, iv, always, len(ps), n_samples))
    return out
