"""Typos Kiwi's own typo model corrects (``Kiwi.tokenize(..., typos="basic")``), kept where they are safe.

Kiwi weighs each sentence with and without its known character confusions (ㅐ/ㅔ, ㅆ/ㅅ, 받침 slips) and
marks the morphemes it read through a correction with a ``typo_cost``. The corrected word is rebuilt with
``Kiwi.join`` from all of the word's morphemes (so the endings agree with the mended stem: 닫앗다 → 닫았다).
A correction is kept only when it moves consonants and leaves every vowel as written (안았다 → 앉았다,
먹었따 → 먹었다, 우슴을 → 웃음을): where it changes a vowel it is reading dialect or another word (되믄 →
되문, 정성이 → 정성의, 네/내, 태오/테오), not mending a slip. Also left alone: a verb read as 돼 where the
text has 대 or 데 (귀에 대 보았다 is 대다, not 되다), a verb read through an irregular stem it made up, and in
speech an ending or particle it would mend (들어온나 → 들어올라: spoken forms are written as they sound).
"""

from __future__ import annotations

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
            if _spoken(mine, a, b, quoted or []):
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


def _kept(sentence: str, a: int, b: int, right: str) -> SpellingFinding | None:
    old = sentence[a:b]
    if right == old or any(ch in old for ch in _SKIP_FROM):
        return None
    if len(right) != len(old):
        return None  # 베어 → 배, 배던 → 배이든: Kiwi's re-joined morphemes, not the word with its slip mended
    if vowels(right) != vowels(old):
        return None  # a vowel changed (되믄 → 되문, 이 → 의, 네/내): another word or dialect, not a slip mended
    return SpellingFinding(SPELLING, "kiwi:typo", a, b, old, right,
                           "Kiwi's typo model reads this word as a misspelling of the suggested one.")


def vowels(word: str) -> tuple[int, ...]:
    """The medial vowels of the Hangul syllables of ``word``, in order (other characters left out)."""
    return tuple((ord(c) - 0xAC00) // 28 % 21 for c in word if "가" <= c <= "힣")
