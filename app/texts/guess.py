"""A quick guess at the language of a text written in Latin, Cyrillic or another alphabet, from its script
and its commonest short words, for texts whose language nobody gave.

Scripts tell Korean, Japanese and Chinese apart (app/texts/segment.py), but German, French and English
share one alphabet: reading every text without a declared language as English sent a German source to
English pipelines and hid its untranslated words. Here the words that make up a large share of any
running text in a language (articles, pronouns, prepositions, conjunctions) are counted; a language wins
when enough of them are seen and it clearly leads the next one. No model is loaded, so this is cheap
enough for every file opened (lingua, in app/texts/detect.py, is the careful second opinion).
"""

from __future__ import annotations

import re
from collections import Counter

# Very frequent function words per language. Words shared by close languages (Spanish and Portuguese
# "de", "que") count for both; the words only one of them uses decide.
_COMMON: dict[str, frozenset[str]] = {lang: frozenset(words.split()) for lang, words in {
    "en": "the and of to a in that is was he she it for with as his her on be at by had not but from "
          "they have this which you were are would there their been what said when",
    "de": "der die das und ist nicht ein eine zu den von mit sich des auf für im dem er sie es war "
          "auch als an wie noch nach wenn aber hatte ich",
    "fr": "le la les et est des une un du dans que qui pour pas sur au avec il elle ne se ce son sa "
          "était mais comme nous vous je",
    "es": "el la los las y de que en un una es por con para del se no lo su al como pero más era "
          "estaba muy le",
    "it": "il la di che e è un una per non del della sono con si lo gli le da nel al ma come più era "
          "anche questo",
    "pt": "o a os as de que e do da em um uma não para com se no na por mais ao dos das como mas era "
          "ele ela",
    "nl": "de het een en van is dat niet in op te zijn met voor die was hij ze er maar als ook aan "
          "bij dan naar",
    "sv": "och att det som en är av för på med den till inte har de jag var om så ett men han hon "
          "hade sig",
    "da": "og at det som en er af for på med den til ikke har de jeg var om så et men han hun havde "
          "sig hvad",
    "pl": "i w nie na się z że do jest to jak ale co po od za tak był była jego jej już przez dla "
          "tylko",
}.items()}
_CYRILLIC_UK = set("іїєґ")
_WORD = re.compile(r"[^\W\d_]+")
SAMPLE = 20_000  # characters read
ENOUGH = 8  # function words seen before any verdict
LEAD = 1.3  # the winner must have this many times the runner-up's count


def guess_alphabetic(content: str) -> str | None:
    """ISO 639-1 code of ``content``'s language when its script or function words say so clearly;
    None when they do not (too short, or no language clearly ahead)."""
    sample = content[:SAMPLE]
    letters = Counter(_script(ch) for ch in sample if ch.isalpha())
    letters.pop(None, None)
    if letters:
        script, count = letters.most_common(1)[0]
        if script != "latin" and count >= 0.5 * sum(letters.values()):
            if script == "cyrillic":
                return "uk" if any(ch in _CYRILLIC_UK for ch in sample.lower()) else "ru"
            return script
    words = [w.lower() for w in _WORD.findall(sample)]
    scores = Counter({lang: sum(1 for w in words if w in common) for lang, common in _COMMON.items()})
    ranked = scores.most_common(2)
    best, n = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if n >= ENOUGH and n >= LEAD * second:
        return best
    return None


def _script(ch: str) -> str | None:
    o = ord(ch)
    if o < 0x250 or 0x1E00 <= o <= 0x1EFF:
        return "latin"
    if 0x400 <= o <= 0x4FF:
        return "cyrillic"
    if 0x370 <= o <= 0x3FF:
        return "el"
    if 0x590 <= o <= 0x5FF:
        return "he"
    if 0x600 <= o <= 0x6FF:
        return "ar"
    if 0x900 <= o <= 0x97F:
        return "hi"
    if 0xE00 <= o <= 0xE7F:
        return "th"
    return None
