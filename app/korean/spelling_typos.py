"""Typos Kiwi's own typo model corrects (``Kiwi.tokenize(..., typos="basic")``), kept where they are safe.

Kiwi weighs each sentence with and without its known character confusions (ㅐ/ㅔ, ㅆ/ㅅ, 받침 slips) and
marks the morphemes it read through a correction with a ``typo_cost``. The corrected word is rebuilt with
``Kiwi.join`` from the word's morphemes. Kept unless it is one of the confusions it makes in good prose:
a verb read as 돼 where the text has 대 or 데 (귀에 대 보았다 is 대다, not 되다), a word or name that differs
only by ㅐ/ㅔ (네/내, 태오/테오), or a verb read through an irregular stem it made up.
"""

from __future__ import annotations

from typing import Any

from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean.spelling_words import SPELLING, SpellingFinding, words

_SKIP_FROM = ("대", "데", "돼")  # Kiwi's ㅐ/ㅔ confusions around 되다 that good prose is full of


def typo_findings(sentence: str, tokens: list[Any]) -> list[SpellingFinding]:
    """Findings from ``tokens``, Kiwi's analysis of ``sentence`` with typo correction."""
    if not any(t.typo_cost > 0 for t in tokens):
        return []
    kiwi = _kiwi.get_kiwi()
    with _kiwi.kiwi_lock:  # Kiwi.join below runs on the shared analyser too
        found = []
        for a, b in words(sentence):
            mine = [t for t in tokens if a <= t.start < b]
            if not any(t.typo_cost > 0 for t in mine):
                continue
            first = next(t for t in mine if t.typo_cost > 0)
            if any(t.typo_cost > 0 and t.tag.endswith("-R") for t in mine):
                continue  # a verb read through an irregular stem it made up (쳐다았다 → 쳐다앗다)
            tail = [t for t in mine if t.start >= first.start]
            right = sentence[a:first.start] + kiwi.join([(t.form, t.tag) for t in tail]).replace(" ", "")
            right += sentence[max(t.start + t.len for t in mine):b]
            f = _kept(sentence, a, b, right)
            if f is not None:
                found.append(f)
    return found


def _kept(sentence: str, a: int, b: int, right: str) -> SpellingFinding | None:
    old = sentence[a:b]
    if right == old or any(ch in old for ch in _SKIP_FROM):
        return None
    if len(right) != len(old):
        return None  # 베어 → 배, 배던 → 배이든: Kiwi's re-joined morphemes, not the word with its slip mended
    if len(old) == len(right) and all(x == y or _vowel_swap(x, y) for x, y in zip(old, right)):
        return None  # ㅐ/ㅔ: 네/내, 태오/테오 — in good prose these are words and names, not slips
    return SpellingFinding(SPELLING, "kiwi:typo", a, b, old, right,
                           "Kiwi's typo model reads this word as a misspelling of the suggested one.")


_SWAPS = ({1, 5}, {3, 7}, {10, 15, 11})  # medials ㅐ/ㅔ, ㅒ/ㅖ, ㅙ/ㅞ/ㅚ


def _vowel_swap(x: str, y: str) -> bool:
    """Two Hangul syllables differing only in an ㅐ/ㅔ-like medial vowel."""
    a, b = ord(x) - 0xAC00, ord(y) - 0xAC00
    if not (0 <= a < 11172 and 0 <= b < 11172) or a // 588 != b // 588 or a % 28 != b % 28:
        return False
    return any({a // 28 % 21, b // 28 % 21} <= pair for pair in _SWAPS)
