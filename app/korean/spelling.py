"""Korean spelling and spacing (띄어쓰기) findings with a correction each, read offline with Kiwi.

Four sources, each kept only where measurements on the tuning split said it is right far more often than
not (bench/spelling_accuracy.py prints them per rule):
- ``lexicon``: misspellings that are wrong wherever they stand (app.korean.spelling_lexicon);
- ``context``: confusions that need the words around them (로서/로써 after a person, 안/않, 되/돼 at a
  sentence end, 든지/던지, a few verbs known by their object), read from Kiwi's tokens or the next word;
- ``spacing``: Kiwi's spacing model (``Kiwi.space``) proposes; only the changes whose morphemes on either
  side make them a rule of Korean spacing are kept — a bound noun after an adnominal ending (할 수, 갈 줄),
  a counter after a native numeral (세 마리), a particle or the copula split from its noun (편지를, 편이었다),
  '-고 있다'/'-지 않다' run together — and compounds written apart (그날, 어젯밤, 스물한);
- never inside a sentence that Kiwi's spacing model reads as badly broken (dialect, onomatopoeia, names it
  does not know): a sentence where it would re-space two or more words in ways no rule above explains
  gets no spacing finding at all.
Everything is at exact character offsets into the analysed text: the span is the whole word (or words)
and ``right`` is what replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean.dialogue import find_quotes
from litlens.app.korean.spelling_context import context_findings
from litlens.app.korean.spelling_lexicon import find_misspellings
from litlens.app.korean.spelling_reading import Reading, read
from litlens.app.korean.spelling_spacing import spacing_findings
from litlens.app.korean.spelling_typos import typo_findings
from litlens.app.korean.spelling_words import HANGUL, SPELLING, SpellingFinding, word_at


@dataclass
class SpellingReport:
    findings: list[SpellingFinding]
    sentences: int = 0
    skipped: int = 0  # sentences whose spacing was not judged (Kiwi could not read them confidently)


def analyse_spelling(content: str, paragraphs: list | None = None) -> SpellingReport:
    """Spelling and spacing findings in ``content``; ``paragraphs`` are Segments or (start, end) pairs."""
    bounds = [(p.start, p.end) if hasattr(p, "start") else (p[0], p[1]) for p in (paragraphs or [])]
    bounds = bounds or [(0, len(content))]
    report = SpellingReport([])
    placed = [(pi, ps + a, content[ps + a:ps + b]) for pi, (ps, pe) in enumerate(bounds)
              for a, b in _kiwi.split_sentences(content[ps:pe]) if HANGUL.search(content[ps + a:ps + b])]
    readings = read([s for _, _, s in placed])
    quotes = [(q.inner_start, q.inner_end) for q in find_quotes(content, bounds)]
    for (pi, at, sentence), reading in zip(placed, readings):
        end = at + len(sentence)
        quoted = [(max(a, at) - at, min(b, end) - at) for a, b in quotes if a < end and at < b]
        found, skipped = check_sentence(sentence, reading, quoted)
        report.sentences += 1
        report.skipped += skipped
        report.findings.extend(f.moved(at, pi) for f in found)
    report.findings.extend(_across_sentence_ends(content, bounds, report.findings))
    report.findings.sort(key=lambda f: f.start)
    return report


def _across_sentence_ends(content: str, bounds: list[tuple[int, int]],
                          found: list[SpellingFinding]) -> list[SpellingFinding]:
    """Misspellings Kiwi's sentence split hid: a wrong form can read as a sentence end ("여쭈어도 돼" |
    "겠습니까?"), and a table entry whose pattern reaches past that end is never matched sentence by
    sentence. The table is read again over each paragraph; a hit no finding covers yet is added."""
    extra: list[SpellingFinding] = []
    for pi, (ps, pe) in enumerate(bounds):
        paragraph = content[ps:pe]
        for hit in find_misspellings(paragraph):
            a, b = ps + hit.start, ps + hit.end
            if not any(f.start < b and a < f.end for f in (*found, *extra)):
                extra.append(_lexical(paragraph, hit).moved(ps, pi))
    return extra


def check_sentence(sentence: str, reading: Reading | None = None,
                   quoted: list[tuple[int, int]] | None = None) -> tuple[list[SpellingFinding], bool]:
    """The findings of one sentence (offsets into it) and whether its spacing was left unjudged;
    ``reading`` is Kiwi's reading of it when already asked for (app.korean.spelling_reading), ``quoted``
    the stretches of it inside quotation marks (speech, where dialect and spoken endings are written)."""
    reading = reading or read([sentence])[0]
    found = [_lexical(sentence, h) for h in find_misspellings(sentence)]
    found += context_findings(sentence, reading.tokens)
    spaced, skipped = spacing_findings(sentence, reading)
    found += spaced
    found += typo_findings(sentence, reading.typo_tokens, quoted or [])
    return _without_overlaps(found), skipped


def _lexical(sentence: str, hit: Any) -> SpellingFinding:
    a, b = word_at(sentence, hit.start, hit.end)
    right = sentence[a:hit.start] + hit.right + sentence[hit.end:b]
    return SpellingFinding(SPELLING, f"lexicon:{hit.rule}", a, b, sentence[a:b], right, hit.note)


def _without_overlaps(found: list[SpellingFinding]) -> list[SpellingFinding]:
    """Left to right; of two findings on the same characters the first found (lexicon, then context, then
    spacing) is kept: one correction per word, so applying one never breaks another."""
    kept: list[SpellingFinding] = []
    for f in found:
        if f.quote == f.right:
            continue
        if any(f.start < k.end and k.start < f.end for k in kept):
            continue
        kept.append(f)
    return sorted(kept, key=lambda f: f.start)


