"""The pieces the Korean spelling rules share: a finding, and words located in a sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass

SPACING = "spacing"
SPELLING = "spelling"
HANGUL = re.compile(r"[가-힣]")
_WORD = re.compile(r"\S+")
# marks that may cling to a word without being part of it
_MARKS = "\"'“”‘’「」『』()[]{}<>《》〈〉.,!?…·:;~-—–"


@dataclass(frozen=True)
class SpellingFinding:
    kind: str  # spacing | spelling
    rule: str  # which rule found it (the bench and the window group by it)
    start: int
    end: int
    quote: str  # text[start:end]
    right: str  # what replaces the span
    note: str  # why, in one sentence (English detail of the rule)
    paragraph: int | None = None  # set when found in a whole text (app.korean.spelling.analyse_spelling)

    def moved(self, by: int, paragraph: int | None = None) -> SpellingFinding:
        return SpellingFinding(self.kind, self.rule, self.start + by, self.end + by, self.quote, self.right,
                               self.note, paragraph)


def word_at(text: str, start: int, end: int) -> tuple[int, int]:
    """The Hangul word around ``text[start:end]``: extended over Hangul (and digits) on both sides, so a
    finding quotes a whole word and its correction is the whole word rewritten."""
    while start > 0 and (HANGUL.match(text[start - 1]) or text[start - 1].isdigit()):
        start -= 1
    while end < len(text) and (HANGUL.match(text[end]) or text[end].isdigit()):
        end += 1
    return start, end


def fix(sentence: str, start: int, end: int, right: str, kind: str, rule: str, note: str) -> SpellingFinding:
    """A finding replacing ``sentence[start:end]`` (widened to whole words) by ``right``."""
    a, b = word_at(sentence, start, end)
    new = sentence[a:start] + right + sentence[end:b]
    return SpellingFinding(kind, rule, a, b, sentence[a:b], new, note)


def words(text: str) -> list[tuple[int, int]]:
    """Whitespace-separated words of ``text`` as (start, end), marks at their edges left out."""
    out = []
    for m in _WORD.finditer(text):
        a, b = m.start(), m.end()
        while a < b and text[a] in _MARKS:
            a += 1
        while b > a and text[b - 1] in _MARKS:
            b -= 1
        if b > a:
            out.append((a, b))
    return out
