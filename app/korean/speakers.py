"""Who says each quote, and to whom: attribution from narration, grouping of quotes into turns."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from litlens.app.korean.dialogue import NarrationFacts, Quote

if TYPE_CHECKING:
    from litlens.app.korean.cast import Cast


@dataclass
class Turn:
    """Consecutive quotes of one speaker in one paragraph."""

    paragraph: int
    quotes: list[Quote] = field(default_factory=list)
    speaker: str | None = None
    listener: str | None = None
    how: str = ""
    listener_how: str = ""
    how_why: dict[str, Any] = field(default_factory=dict)  # the two as app.explanations fragments
    listener_how_why: dict[str, Any] = field(default_factory=dict)
    confidence: float = 0.0  # the speaker's (its first quote's); 0 when the speaker is unknown
    evidence: str = ""  # the kind of evidence that decided it, "unknown" for an abstention
    # an abstention's reading set aside as too unsure (never shown as a name; the checks of how a pair
    # speaks may weigh it, saying so: app.korean.slip_rules.heard_pair)
    guess: str | None = None
    guess_listener: str | None = None

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


def attribute(text: str, quotes: list[Quote], facts: list[NarrationFacts], source: str | None = None) -> Cast:
    """Fill ``speaker``/``listener`` and their evidence on each quote, in place (app.korean.attribution);
    returns the text's cast."""
    from litlens.app.korean.attribution import attribute as _attribute
    return _attribute(text, quotes, facts, _Nearby(quotes, facts), source)


def build_turns(text: str, quotes: list[Quote], facts: list[NarrationFacts]) -> list[Turn]:
    """Group quotes into turns: consecutive quotes of one known speaker to one listener in a paragraph.

    Quotes whose speaker is unknown are never merged: two people's lines side by side must not make one
    "mixed" turn.
    """
    turns: list[Turn] = []
    for q in quotes:
        if q.kind == "thought":
            continue  # inner speech addresses nobody
        last = turns[-1] if turns else None
        if last and q.speaker and last.paragraph == q.paragraph and last.speaker == q.speaker and \
                (last.listener == q.listener or q.listener is None):
            last.quotes.append(q)
        else:
            turns.append(Turn(q.paragraph, [q], q.speaker, q.listener, q.how, q.listener_how, q.how_why,
                              q.listener_how_why, q.confidence if q.speaker else 0.0, q.evidence,
                              None if q.speaker else q.guess, None if q.speaker else q.guess_listener))
    return turns
