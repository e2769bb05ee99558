"""Turn a quoted error into offsets: LLMs quote the text they object to well and count characters badly.

``locate`` finds a quote in a document (optionally only inside some regions, e.g. one candidate paragraph)
in three stages, stopping at the first that finds it:

1. exact: the quote as given;
2. normalised: both sides compared after Unicode NFKC (which also folds full-/half-width forms), with
   curly and straight quotes made alike and runs of whitespace collapsed. An index map from every
   normalised character back to the original characters turns a match into exact original offsets;
3. fuzzy: the best window of the normalised text whose difflib similarity to the quote is at least
   ``threshold`` (0.85 by default). A short quote (under ``SHORT_QUOTE`` characters) is compared with
   every window at every start that could reach the threshold (``MIN_FUZZY_LENGTH`` to twice its
   length long), so its edges are exact however many characters were added or lost; a longer
   one with windows of its own length first, the best of them then tightened by up to ``_REFINE``
   characters at each edge, in a text at least ``threshold`` times its length.

When the quote occurs more than once, the caller's ``occurrence`` (1-based) picks one; without it the
quote is ambiguous and is NOT placed: the result is unlocated and lists the alternatives. A quote that
cannot be found is reported as unlocated (start = end = None), never put at a guessed offset.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

FUZZY_THRESHOLD = 0.85
MIN_FUZZY_LENGTH = 4  # below this a "similar" window is mostly chance; only exact/normalised matches count
_REFINE = 12  # how far (characters) a fuzzy window's edges may move when it is tightened
SHORT_QUOTE = 10  # below this every window that can reach the threshold is compared (few: it is cheap)

_QUOTES = {
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2033": '"', "\u301d": '"', "\u301e": '"',
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u2039": "'",
    "\u203a": "'", "`": "'", "\u00b4": "'",
}


@dataclass(frozen=True)
class Location:
    """Where a quote was found: ``[start, end)`` in the document, or None when it was not placed."""

    start: int | None
    end: int | None
    method: str  # "exact" | "normalised" | "fuzzy" | "unlocated"
    score: float = 0.0  # similarity of the located text to the quote (1.0 for exact/normalised)
    note: str = ""
    alternatives: tuple[tuple[int, int], ...] = ()  # every place it matched, when it is ambiguous

    @property
    def located(self) -> bool:
        return self.start is not None and self.end is not None


@dataclass
class Normalised:
    """A normalised string and, for each of its characters, the original ``[start, end)`` it came from."""

    text: str
    starts: list[int]
    ends: list[int]

    def original(self, a: int, b: int) -> tuple[int, int]:
        """Original offsets of the normalised slice ``[a, b)`` (b > a)."""
        return self.starts[a], self.ends[b - 1]


def _continues_cluster(ch: str) -> bool:
    """Characters that NFC may fold into the one before: combining marks, conjoining Hangul vowel and
    final jamo, variation selectors. They are normalised together with their base character."""
    o = ord(ch)
    return (unicodedata.combining(ch) != 0 or 0x1160 <= o <= 0x11FF or 0xD7B0 <= o <= 0xD7FF
            or 0xFE00 <= o <= 0xFE0F)


def normalise(text: str, offset: int = 0) -> Normalised:
    """NFKC + quote folding + whitespace collapsing, keeping the map back to ``text`` (+ ``offset``)."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        while j < n and _continues_cluster(text[j]):
            j += 1
        # quotes are folded before NFKC as well: NFKC would split a double prime into two primes and an
        # acute accent used as an apostrophe into a space and a combining mark, past the table's reach
        cluster = "".join(_QUOTES.get(c, c) for c in text[i:j])
        for ch in unicodedata.normalize("NFKC", cluster):
            ch = _QUOTES.get(ch, ch)
            if ch.isspace():
                if out and out[-1] == " ":
                    ends[-1] = offset + j  # the run of spaces grows; it still maps to one character
                    continue
                ch = " "
            out.append(ch)
            starts.append(offset + i)
            ends.append(offset + j)
        i = j
    return Normalised("".join(out), starts, ends)


def normalise_quote(quote: str) -> str:
    return normalise(quote).text.strip()


def _find_all(hay: str, needle: str) -> list[int]:
    found, pos = [], hay.find(needle)
    while pos != -1:
        found.append(pos)
        pos = hay.find(needle, pos + len(needle))  # non-overlapping, as a reader counts occurrences
    return found


def _exact(content: str, regions: list[tuple[int, int]], quote: str) -> list[tuple[int, int]]:
    out = []
    for a, b in regions:
        out += [(a + p, a + p + len(quote)) for p in _find_all(content[a:b], quote)]
    return out


def _normalised(norms: list[Normalised], q: str) -> list[tuple[int, int]]:
    out = []
    for nm in norms:
        out += [nm.original(p, p + len(q)) for p in _find_all(nm.text, q)]
    return out


def _fuzzy_in(hay: str, q: str, threshold: float) -> list[tuple[float, int, int]]:
    """Windows of ``hay`` at least ``threshold`` similar to ``q``: (ratio, start, end), non-overlapping."""
    n = len(q)
    if n < MIN_FUZZY_LENGTH:
        return []
    if n < SHORT_QUOTE:
        return _fuzzy_short(hay, q, threshold)
    if len(hay) < n * threshold:
        return []
    sm = SequenceMatcher(None, autojunk=False)
    sm.set_seq2(q)
    slack = 0.08  # a window of the quote's length may score a little low before its edges are tightened
    rough: list[tuple[float, int]] = []
    for s in range(max(1, len(hay) - int(n * threshold) + 1)):
        sm.set_seq1(hay[s:s + n])
        if sm.quick_ratio() < threshold - slack:
            continue
        r = sm.ratio()
        if r >= threshold - slack:
            rough.append((r, s))
    # best window of each cluster of overlapping windows
    rough.sort(key=lambda x: (-x[0], x[1]))
    seeds: list[int] = []
    for _, s in rough:
        if all(abs(s - t) >= n for t in seeds):
            seeds.append(s)
    found: list[tuple[float, int, int]] = []
    d = min(_REFINE, n // 5)  # at least 2: shorter quotes than SHORT_QUOTE never come here
    for s in seeds:
        best = (0.0, s, s + n)
        for a in range(max(0, s - d), min(len(hay), s + d) + 1):
            for length in range(n - d, n + d + 1):
                b = min(len(hay), a + length)
                sm.set_seq1(hay[a:b])
                if sm.real_quick_ratio() <= best[0] or sm.quick_ratio() <= best[0]:
                    continue
                r = sm.ratio()
                if r > best[0] or (r == best[0] and b - a < best[2] - best[1]):
                    best = (r, a, b)
        r, a, b = best
        while a < b and hay[a] == " ":
            a += 1
        while b > a and hay[b - 1] == " ":
            b -= 1
        if r >= threshold and b > a and all(b <= fa or a >= fb for _, fa, fb in found):
            found.append((r, a, b))
    return sorted(found, key=lambda x: x[1])


def _fuzzy_short(hay: str, q: str, threshold: float) -> list[tuple[float, int, int]]:
    """A short quote's windows (as ``_fuzzy_in``): every window at least ``MIN_FUZZY_LENGTH`` and at most
    twice the quote's length, of a length that reaches ``threshold`` when it holds as much of the quote as
    it can, neither starting nor ending on a space; the most similar first (of equal ones the earlier,
    then the shorter), each kept unless it overlaps one kept before it."""
    n = len(q)
    lengths = [m for m in range(MIN_FUZZY_LENGTH, 2 * n + 1) if 2.0 * min(n, m) / (n + m) >= threshold]
    sm = SequenceMatcher(None, autojunk=False)
    sm.set_seq2(q)
    windows: list[tuple[float, int, int]] = []
    for a in range(len(hay)):
        for b in (a + m for m in lengths if a + m <= len(hay)):
            if hay[a] == " " or hay[b - 1] == " ":
                continue
            sm.set_seq1(hay[a:b])
            if sm.quick_ratio() >= threshold and (r := sm.ratio()) >= threshold:
                windows.append((r, a, b))
    windows.sort(key=lambda w: -w[0])  # stable: windows were appended by start, then by length
    found: list[tuple[float, int, int]] = []
    for r, a, b in windows:
        if all(b <= fa or a >= fb for _, fa, fb in found):
            found.append((r, a, b))
    return sorted(found, key=lambda x: x[1])


def _fold_case(s: str) -> str:
    """Lower case where that keeps the length (so positions still line up with the index map)."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in s)


def _fuzzy(norms: list[Normalised], q: str, threshold: float) -> tuple[list[tuple[int, int]], list[float]]:
    # Case is ignored here: models often re-capitalise a quote that starts mid-sentence.
    spans, scores = [], []
    q = _fold_case(q)
    for nm in norms:
        for r, a, b in _fuzzy_in(_fold_case(nm.text), q, threshold):
            spans.append(nm.original(a, b))
            scores.append(r)
    return spans, scores


def locate(content: str, quote: str, occurrence: int | None = None, *,
           regions: list[tuple[int, int]] | None = None, threshold: float = FUZZY_THRESHOLD) -> Location:
    """Find ``quote`` in ``content`` (only inside ``regions`` when given); offsets are into ``content``.

    ``occurrence`` (1-based, counted over the regions in order) picks one of several matches.
    """
    regions = sorted(regions) if regions is not None else [(0, len(content))]
    if not quote or not quote.strip():
        return Location(None, None, "unlocated", note="the answer quoted no text")
    if occurrence is not None and occurrence < 1:
        occurrence = None
    q = normalise_quote(quote)
    norms = [normalise(content[a:b], a) for a, b in regions]
    single: Location | None = None
    counts: list[int] = []
    for method in ("exact", "normalised", "fuzzy"):
        scores: list[float] = []
        if method == "exact":
            matches = _exact(content, regions, quote.strip())  # edge whitespace is never the error
        elif method == "normalised":
            matches = _normalised(norms, q)
        else:
            matches, scores = _fuzzy(norms, q, threshold)
        if not matches:
            continue
        counts.append(len(matches))

        def score_of(k: int, scores: list[float] = scores) -> float:
            return scores[k] if scores else 1.0
        if occurrence is None:
            if len(matches) == 1:
                return Location(*matches[0], method, score_of(0))
            return Location(None, None, "unlocated", alternatives=tuple(matches),
                            note=f"the quoted text occurs {len(matches)} times and the answer did not say "
                                 f"which occurrence it meant")
        if occurrence <= len(matches):
            return Location(*matches[occurrence - 1], method, score_of(occurrence - 1))
        if len(matches) == 1 and single is None:
            single = Location(*matches[0], method, score_of(0),
                              note=f"the answer named occurrence {occurrence}, but the text occurs only once")
        # a looser stage may find the further occurrences (e.g. one written with other quote marks)
    if single is not None:
        return single
    if counts:
        return Location(None, None, "unlocated",
                        note=f"the answer named occurrence {occurrence}, but the text occurs only "
                             f"{max(counts)} time(s)")
    return Location(None, None, "unlocated", note="the quoted text was not found")
