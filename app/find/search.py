"""Find and replace in one text, paragraph by paragraph: a match never spans two paragraphs, so every change
is an edit of one paragraph, and a replace-all stored as a revision carries the findings with their words
(app.run.revisions) as a hand edit does.

A replacement is planned first (every change listed with its paragraph, old and new words) and applied
only as planned: the window shows the plan as the preview and the user may untick changes.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from litlens.app.core.edits import clean_paragraph
from litlens.app.core.model import Segment, Text

MAX_MATCHES = 100_000  # a pattern that matches everywhere (".") stops here rather than filling memory


class QueryError(ValueError):
    """A search the user typed that cannot run (an invalid regular expression, an empty pattern)."""


@dataclass(frozen=True)
class Query:
    pattern: str
    regex: bool = False
    case: bool = False  # match case
    whole_word: bool = False

    def compiled(self) -> re.Pattern[str]:
        if not self.pattern:
            raise QueryError("type something to find")
        body = self.pattern if self.regex else re.escape(self.pattern)
        if self.whole_word:
            body = rf"(?<!\w)(?:{body})(?!\w)"
        try:
            pat = re.compile(body, 0 if self.case else re.IGNORECASE)
        except re.error as exc:
            raise QueryError(f"not a valid regular expression: {exc}") from None
        if pat.fullmatch(""):
            raise QueryError("the pattern matches empty text; it would match between every two characters")
        return pat


@dataclass(frozen=True)
class Match:
    paragraph: int  # index of the paragraph in its text
    start: int  # offsets into the whole text's content
    end: int
    text: str


@dataclass(frozen=True)
class Change:
    paragraph: int
    start: int  # offsets into the whole text's content before any change
    end: int
    old: str
    new: str


def _matches(text: Text, pat: re.Pattern[str]):
    count = 0
    for seg in text.paragraphs:
        for m in pat.finditer(text.content, seg.start, seg.end):
            yield seg.index, m
            count += 1
            if count >= MAX_MATCHES:
                return


def find(text: Text, query: Query) -> list[Match]:
    pat = query.compiled()
    return [Match(p, m.start(), m.end(), m.group(0)) for p, m in _matches(text, pat)]


def plan_replace(text: Text, query: Query, replacement: str) -> list[Change]:
    """Every change replacing all matches would make. With a regular expression, ``\\1`` and ``\\g<name>``
    in ``replacement`` insert the groups; otherwise it is inserted as typed."""
    pat = query.compiled()
    changes = []
    for p, m in _matches(text, pat):
        try:
            new = m.expand(replacement) if query.regex else replacement
        except (re.error, IndexError) as exc:
            raise QueryError(f"the replacement cannot be used: {exc}") from None
        if new != m.group(0):
            changes.append(Change(p, m.start(), m.end(), m.group(0), new))
    return changes


def paragraph_texts(text: Text, changes: list[Change]) -> dict[int, str]:
    """The new text of each paragraph the changes touch (blank lines a replacement brings are made single,
    as an edit's are: a paragraph stays one paragraph)."""
    by_par: dict[int, list[Change]] = {}
    for c in changes:
        by_par.setdefault(c.paragraph, []).append(c)
    out = {}
    for p, cs in by_par.items():
        seg = text.paragraphs[p]
        pieces, at = [], seg.start
        for c in sorted(cs, key=lambda c: c.start):
            if c.start < at or c.end > seg.end or text.content[c.start:c.end] != c.old:
                raise QueryError("the text changed since the replacement was planned; search again")
            pieces += [text.content[at:c.start], c.new]
            at = c.end
        pieces.append(text.content[at:seg.end])
        out[p] = clean_paragraph("".join(pieces))
    return out


def apply_changes(text: Text, changes: list[Change]) -> Text:
    """``text`` with ``changes`` made, in one pass over its paragraphs (a replace-all touching every
    paragraph of a book must not cost a copy of the book per paragraph)."""
    new_paragraphs = paragraph_texts(text, changes)
    pieces: list[str] = []
    segments: list[Segment] = []
    at = shift = 0
    for seg in text.paragraphs:
        new = new_paragraphs.get(seg.index)
        if new is None:
            segments.append(Segment(seg.kind, seg.index, seg.start + shift, seg.end + shift, seg.text)
                            if shift else seg)
            continue
        pieces += [text.content[at:seg.start], new]
        at = seg.end
        segments.append(Segment(seg.kind, seg.index, seg.start + shift, seg.start + shift + len(new), new))
        shift += len(new) - (seg.end - seg.start)
    pieces.append(text.content[at:])
    return dataclasses.replace(text, content="".join(pieces), paragraphs=segments)
