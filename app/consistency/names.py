"""Names and key terms rendered differently across one translation.

Each source name is anchored to the aligned rows it occurs in; its main rendering is the translation
proper noun that co-occurs with it most specifically (Dice coefficient over rows), and its variants are words
in those rows that are spelling variants of the main rendering (jamo-level edit distance for Hangul).
The rows tie a rendering to a term, the edit distance tells a misspelling from an unrelated word.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from litlens.app.consistency.findings import Finding
from litlens.app.consistency.hangul import are_variants, has_hangul, sound_distance, sounds_like
from litlens.app.consistency.tokens import TextTokens, Word
from litlens.app.core.model import Candidate, Text
from litlens.app.explanations import explained, why as why_of
from litlens.app.texts.terms import Term

CATEGORY = "terminology/inconsistent"
MIN_DICE = 0.5


def _row_of_source(source: Text, candidate: Candidate) -> dict[int, int]:
    assert candidate.alignment is not None
    out: dict[int, int] = {}
    for r, pair in enumerate(candidate.alignment.pairs):
        for s in pair.source:
            out[s] = r
    return out


def _paragraph_at(text: Text, starts: list[int], offset: int) -> int | None:
    """Index of the paragraph holding ``offset``; ``starts`` are the paragraphs' starts (bisection,
    because a scan per term occurrence made long books quadratic)."""
    i = bisect_right(starts, offset) - 1
    if i >= 0 and text.paragraphs[i].start <= offset < text.paragraphs[i].end:
        return text.paragraphs[i].index
    return None


def _stems_by_row(words_in_row: list[list[Word]], key: Callable[[str], str]
                  ) -> tuple[dict[str, set[int]], set[str], set[str]]:
    """The rows each stem occurs in, the stems Kiwi tagged a proper noun, and those it read as a noun at
    least once (a name's rendering must be one: not 하나 the number, 한 the determiner, 않 of a verb)."""
    rows_of_word: dict[str, set[int]] = defaultdict(set)
    proper: set[str] = set()
    nouns: set[str] = set()
    for r, words in enumerate(words_in_row):
        for w in words:
            rows_of_word[key(w.stem)].add(r)
            if w.proper:
                proper.add(key(w.stem))
            if w.noun:
                nouns.add(key(w.stem))
    return rows_of_word, proper, nouns


def track_terms(source: Text, candidate: Candidate, terms: list[Term], tokens: TextTokens,
                case_sensitive: bool = False) -> tuple[dict[str, Any], list[Finding]]:
    """Term table ``{term: {"kind", "renderings": [{"text", "count", "offsets"}], "consistent"}}`` and
    one finding per occurrence of a minority spelling."""
    assert candidate.alignment is not None
    row_of_src = _row_of_source(source, candidate)
    starts = [seg.start for seg in source.paragraphs]
    words_in_row: list[list[Word]] = []
    for pair in candidate.alignment.pairs:
        words_in_row.append([w for t in pair.target for w in tokens.words[t]])
    key = (lambda s: s) if tokens.korean or case_sensitive else (lambda s: s.casefold())
    rows_of_word, proper, nouns = _stems_by_row(words_in_row, key)

    table: dict[str, Any] = {}
    findings: list[Finding] = []
    for term in terms:
        if term.kind == "motif":  # common nouns are legitimately varied; names are not
            continue
        term_rows = {row_of_src[p] for s, _ in term.offsets
                     if (p := _paragraph_at(source, starts, s)) is not None and p in row_of_src}
        if len(term_rows) < 1:
            continue
        transliterated = tokens.korean and not has_hangul(term.text)
        best, best_dice, best_rank = None, 0.0, (0.0, 0.0)
        for stem, rows in rows_of_word.items():
            closeness = 0.0
            if transliterated:  # Latin name into Hangul: the rendering must sound like the name
                # and be read as a noun somewhere: "Han" is not "하나" (one) of "사내 하나가", nor 않
                if stem not in nouns or not sounds_like(term.text.split()[-1], stem):
                    continue
                closeness = 1.0 - sound_distance(term.text.split()[-1], stem)
            elif stem not in proper:
                continue
            co = len(rows & term_rows)
            # two shared paragraphs make a link; a name that occurs in one paragraph only needs that one
            if co < min(2, len(term_rows)):
                continue
            dice = 2 * co / (len(rows) + len(term_rows))
            if (dice, closeness) > best_rank:  # equally linked words: the one that sounds closer wins
                best, best_dice, best_rank = stem, dice, (dice, closeness)
        if best is None or best_dice < MIN_DICE:
            continue
        forms = {best}
        for stem, rows in rows_of_word.items():
            if stem != best and rows & term_rows and len(rows - term_rows) <= len(rows & term_rows) \
                    and are_variants(stem, best):
                forms.add(stem)
        occurrences: dict[str, list[Word]] = defaultdict(list)
        for r in sorted(term_rows):
            for w in words_in_row[r]:
                if key(w.stem) in forms:
                    occurrences[w.stem].append(w)
        renderings = sorted(({"text": f, "count": len(ws), "offsets": [[w.start, w.end] for w in ws]}
                             for f, ws in occurrences.items()), key=lambda d: (-d["count"], d["text"]))
        if not renderings:
            continue
        table[term.text] = {"kind": term.kind, "source_count": term.count, "renderings": renderings,
                            "consistent": len(renderings) == 1}
        if len(renderings) > 1:
            main = renderings[0]["text"]
            for other in renderings[1:]:
                for w in occurrences[other["text"]]:
                    n = renderings[0]["count"]
                    times = why_of("terms/once") if n == 1 else why_of("terms/times", count=n)
                    text, why = explained("terms/variant", term=term.text, rendering=w.stem, main=main,
                                          times=times)
                    findings.append(Finding(
                        check="terms", category=CATEGORY, severity="minor", start=w.start, end=w.end,
                        quote=w.stem, suggestion=main, explanation=text, why=why,
                        data={"term": term.text, "rendering": w.stem, "main": main,
                              "candidate_paragraph": w.paragraph}))
    return table, findings
