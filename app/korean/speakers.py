"""Who says each quote, and to whom: attribution from narration, grouping of quotes into turns."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from litlens.app.korean.dialogue import NarrationFacts, Quote, vocative


@dataclass
class Turn:
    """Consecutive quotes of one speaker in one paragraph."""

    paragraph: int
    quotes: list[Quote] = field(default_factory=list)
    speaker: str | None = None
    listener: str | None = None
    how: str = ""
    listener_how: str = ""

    @property
    def start(self) -> int:
        return self.quotes[0].start


def _resolve(facts: list[NarrationFacts], k: int) -> str | None:
    """The subject of facts[k]; a pronoun (그, 그녀) is read as the last named subject before it."""
    f = facts[k]
    if f.subject is None:
        return None
    if not f.pronoun:
        return f.subject
    for prev in reversed(facts[max(0, k - 6):k]):
        if prev.subject and not prev.pronoun:
            return prev.subject
    return None


class _Nearby:
    """Narration sentences by paragraph, for finding the ones nearest a quote without scanning them all.

    Looking only ``NEAR`` sentences either way keeps attribution linear in a paragraph as long as a
    book; no reader links a quote to narration dozens of sentences away anyway.
    """

    NEAR = 40

    def __init__(self, quotes: list[Quote], facts: list[NarrationFacts]) -> None:
        self.facts = facts
        self.by_paragraph: dict[int, list[int]] = {}
        for k, f in enumerate(facts):
            self.by_paragraph.setdefault(f.paragraph, []).append(k)
        self.starts = {p: [facts[k].start for k in ks] for p, ks in self.by_paragraph.items()}
        self.ends = {p: [facts[k].end for k in ks] for p, ks in self.by_paragraph.items()}
        self.quote_starts = sorted(q.start for q in quotes)

    def around(self, paragraph: int, start: int, end: int) -> tuple[list[int], list[int]]:
        """Fact indices before ``start`` (nearest first) and from ``end`` on, in this paragraph."""
        ks = self.by_paragraph.get(paragraph, [])
        if not ks:
            return [], []
        i = bisect_right(self.ends[paragraph], start)
        j = bisect_left(self.starts[paragraph], end)
        return ks[max(0, i - self.NEAR):i][::-1], ks[j:j + self.NEAR]

    def by_distance(self, paragraph: int, pos: int) -> list[NarrationFacts]:
        """Nearby facts of the paragraph ordered by the distance of their start from ``pos``."""
        ks = self.by_paragraph.get(paragraph, [])
        if not ks:
            return []
        i = bisect_left(self.starts[paragraph], pos)
        near = ks[max(0, i - self.NEAR):i + self.NEAR]
        return sorted((self.facts[k] for k in near), key=lambda f: abs(f.start - pos))

    def quote_between(self, a: int, b: int) -> bool:
        i = bisect_left(self.quote_starts, a)
        return i < len(self.quote_starts) and self.quote_starts[i] < b


def attribute(text: str, quotes: list[Quote], facts: list[NarrationFacts]) -> None:
    """Fill ``speaker``/``listener``/``how`` on each quote, in place."""
    nearby = _Nearby(quotes, facts)
    # Pass 1: a speech verb right next to the quote names the speaker.
    for q in quotes:
        before, after = nearby.around(q.paragraph, q.start, q.end)
        if after and not nearby.quote_between(q.end, facts[after[0]].start) and facts[after[0]].speech_verb:
            k = after[0]
            q.speaker, q.listener = _resolve(facts, k), facts[k].listener
            q.how = "named with a speech verb after the quote"
        elif before and not nearby.quote_between(facts[before[0]].end, q.start) and (
                facts[before[0]].speech_verb or text[facts[before[0]].end - 1:q.start].strip().startswith(":")):
            k = before[0]
            q.speaker, q.listener = _resolve(facts, k), facts[k].listener
            q.how = "named with a speech verb before the quote"
    known = {q.speaker for q in quotes if q.speaker}
    # Pass 2: quotes without a speech verb nearby — continue the turn, or take a known speaker nearby.
    for n, q in enumerate(quotes):
        if q.speaker:
            continue
        prev = quotes[n - 1] if n > 0 else None
        before, after = nearby.around(q.paragraph, q.start, q.end)
        if prev and prev.paragraph == q.paragraph and prev.speaker:
            between = [_resolve(facts, k) for k in before if facts[k].start >= prev.end]
            if all(s in (None, prev.speaker) or s not in known for s in between):
                q.speaker, q.how = prev.speaker, "continues the same speaker's turn"
                continue
        for k in before + after:
            who = _resolve(facts, k)
            if who in known:
                q.speaker, q.how = who, "the known speaker named in the narration around it"
                if facts[k].listener and facts[k].listener != who:
                    q.listener = facts[k].listener
                break


def build_turns(text: str, quotes: list[Quote], facts: list[NarrationFacts]) -> list[Turn]:
    """Group quotes into turns and work out each turn's listener."""
    turns: list[Turn] = []
    for q in quotes:
        if q.kind == "thought":
            continue  # inner speech addresses nobody
        last = turns[-1] if turns else None
        if last and last.paragraph == q.paragraph and last.speaker == q.speaker:
            last.quotes.append(q)
        else:
            turns.append(Turn(q.paragraph, [q], q.speaker, how=q.how))
    known = {t.speaker for t in turns if t.speaker}
    nearby = _Nearby(quotes, facts)
    for n, t in enumerate(turns):
        _find_listener(text, n, turns, nearby, known)
    return turns


def _find_listener(text: str, n: int, turns: list[Turn], nearby: _Nearby, known: set[str]) -> None:
    t = turns[n]
    explicit = next((q.listener for q in t.quotes if q.listener), None)
    if explicit:
        t.listener, t.listener_how = explicit, "named with 에게/께/한테 in the narration"
        return
    for q in t.quotes:
        voc = vocative(text, q.inner_start, q.inner_end)
        if voc and voc != t.speaker:
            t.listener, t.listener_how = voc, "addressed by name in the quote"
            return
    if t.speaker is None:
        return
    for f in nearby.by_distance(t.paragraph, t.start):
        for person in f.people:
            if person in known and person != t.speaker:
                t.listener, t.listener_how = person, "the other speaker present in this paragraph"
                return
    for m in (n - 1, n + 1):
        if 0 <= m < len(turns):
            other = turns[m]
            if other.speaker and other.speaker != t.speaker and abs(other.paragraph - t.paragraph) <= 1:
                t.listener, t.listener_how = other.speaker, "the other side of the exchange"
                return
