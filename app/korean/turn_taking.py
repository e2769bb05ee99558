"""Who says each line of a scene, read as a whole: the evidence beside each line and the order of the
conversation weighed together, with how sure each answer is.

A scene is a run of lines. Each line has *evidence* for some of the people present (log-odds: how much
more likely they say it than not) and *links* to the line before it: in one paragraph the same speaker
goes on; a new paragraph with nothing but the two speaking between is the other's turn (A, B, A, B),
and a line that calls someone by name is answered by them. The best reading of the whole scene is found
exactly (a second-order Viterbi pass over pairs of neighbouring speakers), and each line's *margin* is how
much worse the best reading that gives the line to anyone else is: one anchored line carries an
alternating run as far as its links are clean, each link adding what breaking it would cost. A small
margin means the scene can be read either way, and the line is left unknown (precision first).
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORBIDDEN = -1e6  # evidence that rules a person out (a line does not call its own speaker by name)
SOMEONE = "?"  # anyone not among the people given (a newcomer, a voice): each line may be theirs


@dataclass
class Link:
    """What the order says about line i given line i-1 (and i-2): bonuses in log-odds."""

    same: float = 0.0  # line i has line i-1's speaker
    other: float = 0.0  # line i has a different speaker from line i-1
    back: float = 0.0  # line i has line i-2's speaker, line i-1 someone else (A, B, A)
    answers: str | None = None  # line i-1 calls this person by name: they answer
    answer: float = 0.0
    answered: str | None = None  # line i calls this person by name: they said line i-1
    answered_bonus: float = 0.0
    newcomer: float = 0.0  # against line i being someone not yet present (nothing between introduces anyone)


@dataclass
class Line:
    evidence: dict[str, float] = field(default_factory=dict)  # log-odds per person
    link: Link = field(default_factory=Link)  # to the line before (ignored for the first line)
    # who may say it (None: everyone of the scene): the people around it; SOMEONE always may. A long
    # scene (a chapter of one conversation) then costs per line what its neighbourhood holds, not the
    # whole cast cubed
    allowed: frozenset[str] | None = None


def _candidates(line: Line, people: list[str]) -> list[str]:
    if line.allowed is None:
        return people
    return [c for c in people if c in line.allowed or c == SOMEONE]


def _pair_score(line: Line, a: str | None, b: str, c: str) -> float:
    """The link score of line i having speaker ``c``, line i-1 ``b`` and line i-2 ``a``."""
    k = line.link
    s = k.same if c == b else k.other
    if c == SOMEONE:
        s -= k.newcomer
    if a is not None and c == a and c != b:
        s += k.back
    if k.answers is not None and c == k.answers and c != b:
        s += k.answer
    if k.answered is not None and b == k.answered and c != b:
        s += k.answered_bonus
    return s


SOMEONE_PRIOR = 1.0  # evidence against a line being a newcomer's when nothing says so


def _emit(line: Line, who: str) -> float:
    if who == SOMEONE:
        return line.evidence.get(who, -SOMEONE_PRIOR)
    return line.evidence.get(who, 0.0)


def _best_two(scores: dict[str, float]) -> list[tuple[float, str]]:
    """The two highest (score, key) of ``scores``, best first (fewer when it holds fewer); of equal scores
    the one met first ranks first."""
    first: tuple[float, str] | None = None
    second: tuple[float, str] | None = None
    for key, v in scores.items():
        if first is None or v > first[0]:
            first, second = (v, key), first
        elif second is None or v > second[0]:
            second = (v, key)
    return [t for t in (first, second) if t is not None]


State = tuple[str | None, str]  # (speaker of line i-1, speaker of line i)


def _link_scores(line: Line, here: list[str]) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """``_pair_score`` of line i having speaker c, taken apart: for each c of ``here``, the score when line
    i-1 has the same speaker, when it has another, and when it has another and line i-2 had c (A, B, A).
    Only "line i-1's speaker is the one line i calls by name" (``answered``) is left to add, last, as
    ``_pair_score`` adds it: the terms are added in ``_pair_score``'s order, so the sums are its own."""
    k = line.link
    same: dict[str, float] = {}
    other: dict[str, float] = {}
    back: dict[str, float] = {}
    for c in here:
        s, o = k.same, k.other
        if c == SOMEONE:
            s -= k.newcomer
            o -= k.newcomer
        b = o + k.back
        if k.answers is not None and c == k.answers:
            o += k.answer
            b += k.answer
        same[c], other[c], back[c] = s, o, b
    return same, other, back


def _forward(line: Line, prev: dict[State, float], here: list[str]) -> dict[State, float]:
    """One step of the forward pass: for each pair (b, c), the best over a of prev[(a, b)] plus the link and
    the evidence of c. The link depends on a only through "c is a and not b" (line i-2's speaker back), so
    the best a is either c itself or the best of the others: the values are exactly those of trying every
    a (the same sums in the same order, floats added monotonically), at a cost per line of the people
    squared instead of cubed."""
    by_b: dict[str, dict[str | None, float]] = {}
    for (a, b), v in prev.items():
        by_b.setdefault(b, {})[a] = v
    emit = {c: _emit(line, c) for c in here}
    same, other, back = _link_scores(line, here)
    answered, bonus = line.link.answered, line.link.answered_bonus
    cur: dict[State, float] = {}
    for b, by_a in by_b.items():
        top = _best_two({"" if a is None else a: v for a, v in by_a.items()})  # "": no line before
        called = answered is not None and b == answered  # line i calls line i-1's speaker by name
        for c in here:
            # ``x if x > best else best`` is ``max(best, x)`` (the same float, the first of equals kept)
            # without a call: this loop runs a million times on a book
            best = -1e18
            if c == b:
                x = top[0][0] + same[c] + emit[c]
                best = x if x > best else best
            else:
                v = top[0][0] if top[0][1] != c else (top[1][0] if len(top) > 1 else None)  # the best of the others
                if v is not None:
                    x = v + (other[c] + bonus if called else other[c]) + emit[c]
                    best = x if x > best else best
            if c != b and c in by_a:
                s = back[c] + bonus if called else back[c]
                x = by_a[c] + s + emit[c]
                best = x if x > best else best
            if best > -1e18:
                cur[(b, c)] = best
    return cur


def _backward(line: Line, states: list[State], after: list[str], nxt: dict[State, float]) -> dict[State, float]:
    """One step of the backward pass, the mirror of ``_forward``: for each pair (a, b), the best over the
    next speaker c of the link, c's evidence and the rest of the scene after (b, c)."""
    emit = {c: _emit(line, c) for c in after}
    same, other, back = _link_scores(line, after)
    answered, bonus = line.link.answered, line.link.answered_bonus
    general: dict[str, list[tuple[float, str]]] = {}
    out: dict[State, float] = {}
    for a, b in states:
        called = answered is not None and b == answered
        if b not in general:
            general[b] = _best_two({c: ((same[c] if c == b else other[c] + bonus if called else other[c])
                                        + emit[c] + nxt[(b, c)]) for c in after if (b, c) in nxt})
        top = general[b]
        best = -1e18
        if a is not None and a != b:
            other_v = next((v for v, key in top if key != a), None)  # the best of the others
        else:
            other_v = top[0][0] if top else None
        if other_v is not None:
            best = other_v if other_v > best else best  # max(best, other_v), as in _forward
        if a is not None and a != b and (b, a) in nxt and a in emit:
            x = (back[a] + bonus if called else back[a]) + emit[a] + nxt[(b, a)]
            best = x if x > best else best
        out[(a, b)] = best
    return out


def decode(lines: list[Line], people: list[str]) -> list[tuple[str | None, float]]:
    """For each line, the speaker of the best reading of the scene and the margin by which that reading
    beats the best one giving the line to someone else (0 when there is nobody to choose from)."""
    if not lines:
        return []
    people = list(dict.fromkeys(list(people) + [SOMEONE]))
    states0 = [(None, c) for c in _candidates(lines[0], people)]
    fwd: list[dict[State, float] | None] = [{s: _emit(lines[0], s[1]) for s in states0}]
    for i in range(1, len(lines)):
        fwd.append(_forward(lines[i], fwd[-1], _candidates(lines[i], people)))  # type: ignore[arg-type]
    # backward, each line read as soon as its backward scores are known and its forward ones let go: a
    # chapter-long conversation holds one pass's scores at a time, not both passes' for every line
    out: list[tuple[str | None, float]] = [(None, 0.0)] * len(lines)
    bwd: dict[State, float] = {}
    for i in range(len(lines) - 1, -1, -1):
        here = fwd[i]
        assert here is not None
        bwd = {s: 0.0 for s in here} if i == len(lines) - 1 else \
            _backward(lines[i + 1], list(here), _candidates(lines[i + 1], people), bwd)
        fwd[i] = None
        out[i] = _reading(here, bwd)
    return out


def _reading(fwd: dict[State, float], bwd: dict[State, float]) -> tuple[str | None, float]:
    """One line's speaker and margin from its forward and backward scores."""
    per: dict[str, float] = {}
    for (a, b), v in fwd.items():
        per[b] = max(per.get(b, -1e18), v + bwd[(a, b)])
    ranked = sorted(per.items(), key=lambda kv: -kv[1])
    if ranked[0][1] <= FORBIDDEN / 2:
        return None, 0.0
    margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 0.0
    return None if ranked[0][0] == SOMEONE else ranked[0][0], margin
