"""Typos Kiwi's own typo model corrects (``Kiwi.tokenize(..., typos="basic")``), kept where they are safe.

Kiwi weighs each sentence with and without its known character confusions (ㅐ/ㅔ, ㅆ/ㅅ, 받침 slips) and
marks the morphemes it read through a correction with a ``typo_cost``. The corrected word is rebuilt with
``Kiwi.join`` from all of the word's morphemes (so the endings agree with the mended stem: 닫앗다 → 닫았다).
Kept unless it is one of the readings it makes of good prose: a word or name that differs only by ㅐ/ㅔ
(네/내, 태오/테오); a particle read as another (정성이 → 정성의, 야경꾼이 → 야경꾼의: the sentence's
grammar, not a slip of the pen); a word it can only read as a verb stem followed by something that is no
ending (되믄 → 되 + 문 'door': dialect, not a slip); in speech, an ending it would mend (들어온나 →
들어올라: spoken forms are written as they sound); a verb read as 돼 where the text has 대 or 데 (귀에 대
보았다 is 대다, not 되다); a verb read through an irregular stem it made up; a rebuilt word of another length.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean.spelling_words import SPELLING, SpellingFinding, words

_SKIP_FROM = ("대", "데", "돼")  # Kiwi's ㅐ/ㅔ confusions around 되다 that good prose is full of


def typo_findings(sentence: str, tokens: list[Any],
                  quoted: list[tuple[int, int]] | None = None) -> list[SpellingFinding]:
    """Findings from ``tokens``, Kiwi's analysis of ``sentence`` with typo correction; ``quoted`` are the
    stretches inside quotation marks, where an ending or particle it would mend is left as written."""
    if not any(t.typo_cost > 0 for t in tokens):
        return []
    kiwi = _kiwi.get_kiwi()
    with _kiwi.kiwi_lock:  # Kiwi.join below runs on the shared analyser too
        found = []
        for a, b in words(sentence):
            mine = [t for t in tokens if a <= t.start < b]
            if not any(t.typo_cost > 0 for t in mine):
                continue
            if any(t.typo_cost > 0 and t.tag.endswith("-R") for t in mine):
                continue  # a verb read through an irregular stem it made up (쳐다았다 → 쳐다앗다)
            if _spoken(mine, a, b, quoted or []) or _regrammared(mine):
                continue
            start = min(t.start for t in mine)
            right = sentence[a:start] + kiwi.join([(t.form, t.tag) for t in mine]).replace(" ", "")
            right += sentence[max(t.start + t.len for t in mine):b]
            f = _kept(sentence, a, b, right)
            if f is not None:
                found.append(f)
    return found


def _spoken(mine: list[Any], a: int, b: int, quoted: list[tuple[int, int]]) -> bool:
    """In speech, only endings and particles read through a correction: dialect and spoken forms are
    written as they sound there (들어온나, 했심더), so such a word is not a slip."""
    inside = any(qa <= a and b <= qb for qa, qb in quoted)
    return inside and all(t.tag.startswith(("E", "J")) for t in mine if t.typo_cost > 0)


def _regrammared(mine: list[Any]) -> bool:
    """The correction reads another particle, or a verb stem followed by what is no ending."""
    if any(t.typo_cost > 0 and t.tag.startswith("J") for t in mine):
        return True
    return any(t.tag.startswith(("VV", "VA", "VX")) and not n.tag.startswith(("E", "VX"))
               for t, n in pairwise(mine))


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
