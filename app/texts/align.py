"""Pair the paragraphs of a translation with those of its source, and say plainly where they differ."""

from __future__ import annotations

import math

from litlens.app.core.model import AlignedPair, Alignment, Text

# Gale & Church (1993) move priors: 1-1, 1-0/0-1, 2-1/1-2, 2-2.
_PRIORS = {(1, 1): 0.89, (1, 0): 0.0099 / 2, (0, 1): 0.0099 / 2, (2, 1): 0.089 / 2, (1, 2): 0.089 / 2,
           (2, 2): 0.011}
_MOVE_COST = {m: -math.log(p) for m, p in _PRIORS.items()}
# Variance of target length per unit of source length, from the same paper (in characters)...
_VARIANCE = 6.8
# ...plus a relative spread: literary translators expand and condense paragraphs far more than the
# parliamentary sentences Gale & Church measured.
_RELATIVE_SPREAD = 0.15
# Half-width of the search band around the length-proportional diagonal, in paragraphs.
BAND = 40
# Notes beyond this many are summarised in one line; every row stays in ``pairs``.
MAX_NOTES = 60


def align_paragraphs(source: Text, target: Text, *, label: str = "the translation") -> Alignment:
    """Align ``target``'s paragraphs to ``source``'s.

    Equal counts give 1:1 rows ("one-to-one"). Otherwise a Gale–Church style dynamic programme on
    paragraph lengths ("length-based") allows 1:1, 1:0, 0:1, 2:1, 1:2 and 2:2 rows, and ``notes`` spell
    out every row that is not 1:1. ``label`` names the translation in those notes.
    """
    n, m = len(source.paragraphs), len(target.paragraphs)
    who = label if label.startswith("the ") else f"'{label}'"
    if n == m:
        pairs = [AlignedPair((i,), (i,)) for i in range(n)]
        notes = [] if n else ["Both texts are empty; there is nothing to align."]
        notes += _length_warnings(source, target, who)
        return Alignment(pairs, "one-to-one", n, m, notes)
    src = [len(p.text) for p in source.paragraphs]
    tgt = [len(p.text) for p in target.paragraphs]
    pairs = _dp_align(src, tgt)
    notes = [f"The source has {_count(n)}, {who} has {_count(m)}; paragraphs were paired by length, "
             "so check the rows marked as merged, split or missing."]
    notes += _describe(pairs, who)
    return Alignment(pairs, "length-based", n, m, notes)


def _count(k: int) -> str:
    return f"{k} paragraph" + ("" if k == 1 else "s")


def _span(indices: tuple[int, ...]) -> str:
    nums = [i + 1 for i in indices]
    return f"paragraphs {nums[0]}–{nums[-1]}" if len(nums) > 1 else f"paragraph {nums[0]}"


def _theirs(who: str, indices: tuple[int, ...]) -> str:
    """"'Draft' paragraph 4" for a label, "paragraph 4 of the reference" for a description."""
    return f"{who} {_span(indices)}" if who.startswith("'") else f"{_span(indices)} of {who}"


def _group_gaps(pairs: list[AlignedPair]) -> list[AlignedPair]:
    """Join runs of consecutive unmatched paragraphs on the same side into one row, for the notes only."""
    out: list[AlignedPair] = []
    for p in pairs:
        last = out[-1] if out else None
        if last is not None and not p.target and not last.target and last.source and p.source:
            out[-1] = AlignedPair(last.source + p.source, ())
        elif last is not None and not p.source and not last.source and last.target and p.target:
            out[-1] = AlignedPair((), last.target + p.target)
        else:
            out.append(p)
    return out


def _describe(pairs: list[AlignedPair], who: str) -> list[str]:
    notes: list[str] = []
    odd = [p for p in _group_gaps(pairs) if not p.is_one_to_one]
    for p in odd[:MAX_NOTES]:
        s, t = p.source, p.target
        if not t:
            verb = "have" if len(s) > 1 else "has"
            notes.append(f"Source {_span(s)} {verb} no counterpart in {who} (omitted?).")
        elif not s:
            added = _theirs(who, t)
            verb = "have" if len(t) > 1 else "has"
            notes.append(f"{added[0].upper() + added[1:]} {verb} no counterpart in the source (added?).")
        elif len(s) > 1 and len(t) == 1:
            notes.append(f"Source {_span(s)} were merged against {_theirs(who, t)} "
                         "(joined in the translation, or one of them is missing).")
        elif len(s) == 1:
            notes.append(f"Source {_span(s)} was split into {_theirs(who, t)} "
                         "(divided in the translation, or one of them was added).")
        else:
            notes.append(f"Source {_span(s)} and {_theirs(who, t)} were aligned as one block "
                         "(their paragraph breaks differ).")
    if len(odd) > MAX_NOTES:
        notes.append(f"…and {len(odd) - MAX_NOTES} more places where the paragraphs do not match one to one.")
    return notes


def _length_warnings(source: Text, target: Text, who: str) -> list[str]:
    """Equal counts are trusted, but rows whose lengths disagree wildly hint at a shifted alignment."""
    src = [len(p.text) for p in source.paragraphs]
    tgt = [len(p.text) for p in target.paragraphs]
    if not src or not sum(src) or not sum(tgt):
        return []
    ratio = sum(tgt) / sum(src)
    odd = [i + 1 for i, (a, b) in enumerate(zip(src, tgt))
           if max(a * ratio, b) >= 80 and not (1 / 3 <= b / max(a * ratio, 1e-9) <= 3)]
    if not odd:
        return []
    shown = ", ".join(str(i) for i in odd[:20]) + (" …" if len(odd) > 20 else "")
    return [f"The paragraph counts match, but the lengths of paragraph(s) {shown} differ a lot between "
            f"the source and {who}; check that the paragraphs really correspond."]


def _dp_align(src: list[int], tgt: list[int]) -> list[AlignedPair]:
    n, m = len(src), len(tgt)
    if n == 0 or m == 0:
        return [AlignedPair((i,), ()) for i in range(n)] + [AlignedPair((), (j,)) for j in range(m)]
    ratio = sum(tgt) / sum(src)
    pairs = _align_with_ratio(src, tgt, ratio)
    # The totals include any added or omitted paragraphs, which skews the length ratio between the
    # languages; re-estimate it from the rows that came out 1:1 and align again if it moved noticeably.
    one = [p for p in pairs if p.is_one_to_one]
    if one:
        better = sum(tgt[p.target[0]] for p in one) / max(sum(src[p.source[0]] for p in one), 1)
        if abs(better / ratio - 1) > 0.05:
            pairs = _align_with_ratio(src, tgt, better)
    return pairs


def _align_with_ratio(src: list[int], tgt: list[int], ratio: float) -> list[AlignedPair]:
    # Bring the source into target units so the expected ratio is 1 whatever the languages, and keep
    # the scale of an average character so the variance constants mean what they say.
    scale = math.sqrt(ratio)
    a = [x * scale for x in src]
    b = [y / scale for y in tgt]
    # A long run of omitted or added paragraphs pulls the path off the diagonal by up to the count
    # difference, so the band grows with it.
    pairs = _run_dp(a, b, BAND + abs(len(a) - len(b)))
    if pairs is None:  # the band missed every path (should not happen): search the whole table
        pairs = _run_dp(a, b, len(a) + len(b))
    assert pairs is not None  # the full table always reaches (n, m) through 1:0 and 0:1 moves
    return pairs


def _run_dp(a: list[float], b: list[float], width: int) -> list[AlignedPair] | None:
    n, m = len(a), len(b)
    band = _band(a, b, width)
    # Prefix sums make the length of any 1- or 2-paragraph group one subtraction.
    pa, pb = [0.0], [0.0]
    for x in a:
        pa.append(pa[-1] + x)
    for y in b:
        pb.append(pb[-1] + y)
    skip_a = [_skip_cost(x) for x in a]
    skip_b = [_skip_cost(y) for y in b]
    moves = tuple((di, dj, prior) for (di, dj), prior in _MOVE_COST.items())
    length_cost = _length_cost
    cost: list[dict[int, float]] = [{} for _ in range(n + 1)]
    back: list[dict[int, tuple[int, int]]] = [{} for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(n + 1):
        lo, hi = band[i]
        row, row_back = cost[i], back[i]
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                continue
            best, move = math.inf, (0, 0)
            for di, dj, prior in moves:
                pi, pj = i - di, j - dj
                if pi < 0 or pj < 0:
                    continue
                prev = cost[pi].get(pj)
                if prev is None:
                    continue
                if di and dj:
                    c = prev + prior + length_cost(pa[i] - pa[pi], pb[j] - pb[pj])
                else:
                    c = prev + prior + (skip_a[pi] if di else skip_b[pj])
                if c < best:
                    best, move = c, (di, dj)
            if best < math.inf:
                row[j] = best
                row_back[j] = move
    if m not in cost[n]:
        return None
    pairs: list[AlignedPair] = []
    i, j = n, m
    while i or j:
        di, dj = back[i][j]
        pairs.append(AlignedPair(tuple(range(i - di, i)), tuple(range(j - dj, j))))
        i, j = i - di, j - dj
    pairs.reverse()
    return pairs


def _length_cost(la: float, lb: float) -> float:
    mean = (la + lb) / 2
    if mean == 0:
        return 0.0
    delta = (lb - la) / math.sqrt(_VARIANCE * mean + (_RELATIVE_SPREAD * mean) ** 2)
    # Two-tailed probability of a difference at least this large under the normal model.
    p = math.erfc(abs(delta) / math.sqrt(2))
    return -math.log(max(p, 1e-300))


def _skip_cost(length: float) -> float:
    # A paragraph with no counterpart is priced mostly by its prior, growing slowly with its length. The
    # normal length model would make long omissions look impossible, so they would be hidden in merges.
    return 0.5 * math.log1p(length / 100)


def _band(a: list[float], b: list[float], width: int = BAND) -> list[tuple[int, int]]:
    """For each source row i, the target columns worth searching: around where the cumulative length
    share of the target reaches that of the source, widened to join the neighbouring rows."""
    n, m = len(a), len(b)
    centre = [0] * (n + 1)
    j, acc_b, acc_a = 0, 0.0, 0.0
    for i in range(1, n + 1):
        acc_a += a[i - 1]
        while j < m and acc_b + b[j] / 2 <= acc_a:
            acc_b += b[j]
            j += 1
        centre[i] = j
    centre[n] = m
    spans = []
    for i in range(n + 1):
        near = centre[max(i - 1, 0): i + 2]
        spans.append((max(0, min(near) - width), min(m, max(near) + width)))
    spans[0] = (0, min(m, spans[0][1]))
    return spans
