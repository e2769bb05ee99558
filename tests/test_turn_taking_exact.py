"""The scene reading's fast passes (app.korean.turn_taking.decode) give exactly what trying every speaker of
the line two back gives: the same speakers and the same margins, float for float, on random scenes with
every kind of link, evidence that rules people out, and lines limited to the people around them."""

from __future__ import annotations

import random

from litlens.app.korean.turn_taking import FORBIDDEN, SOMEONE, Line, Link, _candidates, _emit, _pair_score, decode


def _cubic(lines: list[Line], people: list[str]) -> list[tuple[str | None, float]]:
    """The reading by brute force: every (line i-2, line i-1, line i) speaker triple, as the scene reading
    was first written."""
    if not lines:
        return []
    people = list(dict.fromkeys(list(people) + [SOMEONE]))
    fwd = [{(None, c): _emit(lines[0], c) for c in _candidates(lines[0], people)}]
    for i in range(1, len(lines)):
        cur: dict = {}
        for (a, b), v in fwd[-1].items():
            for c in _candidates(lines[i], people):
                score = v + _pair_score(lines[i], a, b, c) + _emit(lines[i], c)
                if score > cur.get((b, c), -1e18):
                    cur[(b, c)] = score
        fwd.append(cur)
    bwd: list[dict] = [{} for _ in lines]
    bwd[-1] = {s: 0.0 for s in fwd[-1]}
    for i in range(len(lines) - 2, -1, -1):
        for (a, b) in fwd[i]:
            best = -1e18
            for c in _candidates(lines[i + 1], people):
                nxt = bwd[i + 1].get((b, c))
                if nxt is not None:
                    best = max(best, _pair_score(lines[i + 1], a, b, c) + _emit(lines[i + 1], c) + nxt)
            bwd[i][(a, b)] = best
    out: list[tuple[str | None, float]] = []
    for i in range(len(lines)):
        per: dict[str, float] = {}
        for (a, b), v in fwd[i].items():
            per[b] = max(per.get(b, -1e18), v + bwd[i][(a, b)])
        ranked = sorted(per.items(), key=lambda kv: -kv[1])
        if ranked[0][1] <= FORBIDDEN / 2:
            out.append((None, 0.0))
            continue
        margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 0.0
        out.append((None if ranked[0][0] == SOMEONE else ranked[0][0], margin))
    return out


def _scene(rng: random.Random) -> tuple[list[Line], list[str]]:
    people = ["민호", "수진", "지훈", "은서", "태경"][:rng.randint(0, 5)]
    lines = []
    for _ in range(rng.randint(1, 10)):
        evidence = {p: rng.choice([0.0, 0.1, 1.5, -2.0, 3.25, FORBIDDEN]) for p in people + [SOMEONE]
                    if rng.random() < 0.4}
        link = Link(same=rng.choice([0.0, 2.0, -1.0]), other=rng.choice([0.0, 0.5, 1.0]),
                    back=rng.choice([0.0, 1.2, -0.7]), answers=rng.choice([None, SOMEONE, *people]),
                    answer=rng.choice([0.0, 2.5]), answered=rng.choice([None, *people]),
                    answered_bonus=rng.choice([0.0, 2.5]), newcomer=rng.choice([0.0, 1.0]))
        allowed = None if rng.random() < 0.6 else frozenset(rng.sample(people, rng.randint(0, len(people))))
        lines.append(Line(evidence, link, allowed))
    return lines, people


def test_the_fast_reading_is_the_brute_force_reading_exactly():
    rng = random.Random(31)
    for _ in range(2_000):
        lines, people = _scene(rng)
        assert decode(lines, people) == _cubic(lines, people)


def test_a_speaker_coming_back_after_one_line_is_weighed():
    # A, B, then a line with no evidence of its own: only the link back to A (line i-2) decides it
    back = Link(other=1.0, back=2.0)
    lines = [Line({"A": 5.0}), Line({"B": 5.0}, Link(other=1.0)), Line({}, back)]
    assert decode(lines, ["A", "B", "C"]) == _cubic(lines, ["A", "B", "C"])
    assert decode(lines, ["A", "B", "C"])[2][0] == "A"
