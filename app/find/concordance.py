"""A concordance: every occurrence of a word or phrase in the source or one translation, with its context
and the aligned paragraph(s) on the other side, so a reviewer sees at a glance how a term was rendered
each time (or what each rendering translates)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from litlens.app.core.model import Candidate, Text
from litlens.app.find.search import Query, find

CONTEXT = 40  # characters of context on each side


@dataclass(frozen=True)
class ConcordanceLine:
    side: str  # "source" or "target": where the occurrence is
    paragraph: int  # its paragraph in that text
    start: int  # offsets into that text's content
    end: int
    before: str  # context, on one line
    match: str
    after: str
    other: tuple[int, ...]  # aligned paragraphs on the other side
    other_text: str  # their text, joined by a blank line
    other_range: tuple[int, int] | None  # [start, end) of those paragraphs in the other text

    def contains(self, needle: str) -> bool:
        """For a filter box: the needle (any case) in the line's context or its counterpart."""
        n = needle.casefold()
        return any(n in s.casefold() for s in (self.before, self.match, self.after, self.other_text))


def _flat(s: str) -> str:
    """Context on one line: every run of whitespace (line breaks too) as one space."""
    return re.sub(r"\s+", " ", s)


def concordance(source: Text, candidate: Candidate, query: Query, side: str = "source",
                context: int = CONTEXT) -> list[ConcordanceLine]:
    """Each occurrence of ``query`` in ``side`` ("source" or "target") of the pair."""
    if side not in ("source", "target"):
        raise ValueError("side is 'source' or 'target'")
    here, there = (source, candidate.text) if side == "source" else (candidate.text, source)
    counterpart: dict[int, tuple[int, ...]] = {}
    if candidate.alignment is not None:
        for pair in candidate.alignment.pairs:
            mine, theirs = (pair.source, pair.target) if side == "source" else (pair.target, pair.source)
            for i in mine:
                counterpart[i] = theirs
    else:  # not aligned: paragraph i faces paragraph i
        counterpart = {i: (i,) for i in range(min(len(here.paragraphs), len(there.paragraphs)))}
    lines = []
    for m in find(here, query):
        seg = here.paragraphs[m.paragraph]
        other = counterpart.get(m.paragraph, ())
        segs = [there.paragraphs[i] for i in other if i < len(there.paragraphs)]
        lines.append(ConcordanceLine(
            side, m.paragraph, m.start, m.end,
            _flat(here.content[max(seg.start, m.start - context):m.start]), m.text,
            _flat(here.content[m.end:min(seg.end, m.end + context)]), other,
            "\n\n".join(s.text for s in segs), (segs[0].start, segs[-1].end) if segs else None))
    return lines
