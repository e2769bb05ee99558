"""Untranslated text when source and translation share a script (German→English, English→French…).

The script test of ``surface.untranslated`` cannot see "the Heimgesuchte" in an English translation of
German, because both are Latin script. Here each word is weighed by how common it is in the source
language against the target language (wordfreq's Zipf scale, shipped inside its wheel, so no download):

* a word leans to the source when it is at least one Zipf point more common there ("nicht", "Blicke");
* a *run* of three or more source-leaning words, with no target-leaning word inside, is an untranslated
  phrase or sentence when a language identifier (lingua, models inside its wheel) also reads the run as
  the source language — the two signals fail in different ways, so each guards the other;
* a single word outside runs is reported only when the target language barely knows it (Zipf < 2.5)
  and the source knows it 1.5 points better: common words of both languages ("die", "so", "Gustav")
  stay silent, and so do names the source uses as proper nouns (passed in as ``protected``).

Thresholds were set on the Death in Venice translations (seed 002) and then checked, unchanged, on
held-out pairs; bench/consistency_pairs.py prints both.
"""

from __future__ import annotations

import re
from functools import lru_cache

from litlens.app.consistency.findings import Finding
from litlens.app.core.model import Segment
from litlens.app.explanations import explained

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_SENTENCE_END = re.compile(r"[.!?…;:]")
LEAN = 1.0  # Zipf points by which a word must be commoner in one language to lean to it
RUN_WORDS = 3  # source-leaning words that make a run
WORD_TARGET_MAX = 2.5  # a lone word is flagged only when the target language knows it this little...
WORD_MARGIN = 1.5  # ...and the source language knows it this much better


@lru_cache(maxsize=None)
def supported(language: str) -> bool:
    """True when word frequencies exist for ``language``."""
    try:
        from wordfreq import available_languages, zipf_frequency
    except ImportError:
        return False
    if language not in available_languages():
        return False
    try:
        # Korean and Japanese need MeCab and Chinese needs jieba to tokenise: without them wordfreq
        # raises on the first lookup, so a language counts only when a lookup of its own script works
        zipf_frequency(_PROBES.get(language, "the"), language)
    except Exception:  # noqa: BLE001 - any failure here means "no frequencies for this language"
        return False
    return True


_PROBES = {"ko": "사람", "ja": "人", "zh": "人"}


@lru_cache(maxsize=200_000)
def zipf(word: str, language: str) -> float:
    from wordfreq import zipf_frequency
    return zipf_frequency(word, language)


@lru_cache(maxsize=None)
def _detector(source: str, target: str):
    try:
        from lingua import IsoCode639_1, LanguageDetectorBuilder
        codes = [getattr(IsoCode639_1, lang.upper()) for lang in (source, target)]
        return LanguageDetectorBuilder.from_iso_codes_639_1(*codes).build()
    except (ImportError, AttributeError, ValueError):
        return None  # language not covered: the frequency test alone decides


def reads_as(text: str, source: str, target: str) -> float:
    """Confidence (0–1) that ``text`` is in ``source`` rather than ``target``; 0.5 when unknown."""
    det = _detector(source, target)
    if det is None:
        return 0.5
    from lingua import IsoCode639_1
    want = getattr(IsoCode639_1, source.upper())
    for value in det.compute_language_confidence_values(text):
        if value.language.iso_code_639_1 == want:
            return float(value.value)
    return 0.0


def untranslated_same_script(segment: Segment, source: str, target: str, source_row: str,
                             paragraph: int | None, protected: frozenset[str] = frozenset()
                             ) -> list[Finding]:
    """Source-language runs and words left in a translation written in the same script."""
    words = [(m.start(), m.end(), m.group(0).rstrip("'’-")) for m in _WORD.finditer(segment.text)]
    lean: list[float] = []
    for _, _, w in words:
        if w.casefold() in protected or len(w) < 2:
            lean.append(0.0)
        else:
            lean.append(zipf(w, source) - zipf(w, target))
    folded = source_row.casefold()
    out: list[Finding] = []
    covered: set[int] = set()
    i = 0
    while i < len(words):  # groups between target-leaning words
        if lean[i] <= -LEAN:
            i += 1
            continue
        j = i + 1
        # a run stops at a target-leaning word and at a sentence end: each sentence is judged alone
        while j < len(words) and lean[j] > -LEAN and not _SENTENCE_END.search(
                segment.text[words[j - 1][1]:words[j][0]]):
            j += 1
        src = [k for k in range(i, j) if lean[k] >= LEAN]
        if len(src) >= RUN_WORDS and len(src) >= 0.6 * (src[-1] - src[0] + 1):
            a, b = words[src[0]][0], words[src[-1]][1]
            quote = segment.text[a:b]
            if reads_as(quote, source, target) >= 0.5:
                covered.update(range(src[0], src[-1] + 1))
                out.append(_finding(segment, a, b, quote, "major", paragraph, quote.casefold() in folded,
                                    "run"))
        i = j
    for k, (a, b, w) in enumerate(words):
        if k in covered or lean[k] < WORD_MARGIN or len(w) < 3:
            continue
        if zipf(w, target) < WORD_TARGET_MAX:
            copied = w.casefold() in folded
            out.append(_finding(segment, a, a + len(w), w, "major" if copied else "minor", paragraph,
                                copied, "word"))
    out.sort(key=lambda f: f.start)
    return out


def _finding(segment: Segment, a: int, b: int, quote: str, severity: str, paragraph: int | None,
             copied: bool, kind: str) -> Finding:
    text, why = explained("untranslated/copied" if copied else "untranslated/left", quote=quote)
    return Finding("untranslated", "accuracy/untranslated", severity, segment.start + a, segment.start + b,
                   quote, text, paragraph,
                   data={"copied_from_source": copied, "unit": kind}, why=why)
