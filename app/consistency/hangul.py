"""Hangul syllables decomposed into jamo, and edit distances for telling spelling variants of one name.

Korean transliterations of one foreign name differ by a vowel or a final consonant (그랜디슨 / 그란디손);
at syllable level those are two of four characters apart, at jamo level two of eleven, which is what
lets a threshold separate "same name, spelt differently" from "different word".
"""

from __future__ import annotations

_BASE, _LAST = 0xAC00, 0xD7A3
_LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_TAILS = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ",
          "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ")


def is_hangul_syllable(ch: str) -> bool:
    return _BASE <= ord(ch) <= _LAST


def has_hangul(text: str) -> bool:
    return any(is_hangul_syllable(ch) for ch in text)


def to_jamo(text: str) -> str:
    """Each precomposed syllable replaced by its lead, vowel and (if any) tail jamo; the rest kept."""
    out: list[str] = []
    for ch in text:
        if is_hangul_syllable(ch):
            code = ord(ch) - _BASE
            lead, rest = divmod(code, 21 * 28)
            vowel, tail = divmod(rest, 28)
            out.append(_LEADS[lead] + _VOWELS[vowel] + _TAILS[tail])
        else:
            out.append(ch)
    return "".join(out)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions all cost 1)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def fold_name(text: str) -> str:
    """Spelling-neutral form of a non-Hangul name: Latin without accents and case (Müller ~ Muller),
    katakana as hiragana without long-vowel marks (ヴェニス ~ ヴェニース), Han in NFKC compatibility form
    (full-width and variant forms unified), so variants differ only where the spelling really does."""
    import unicodedata
    out = []
    for ch in unicodedata.normalize("NFKD", text.casefold()):
        if unicodedata.combining(ch) or ch in "ー・":
            continue
        if "\u30a1" <= ch <= "\u30f6":
            ch = chr(ord(ch) - 0x60)
        out.append(ch)
    return unicodedata.normalize("NFKC", "".join(out))


def name_distance(a: str, b: str) -> float:
    """Normalised distance in [0, 1]: jamo level for Hangul, folded characters otherwise."""
    if has_hangul(a) or has_hangul(b):
        x, y = to_jamo(a), to_jamo(b)
    else:
        x, y = fold_name(a), fold_name(b)
    longest = max(len(x), len(y))
    return edit_distance(x, y) / longest if longest else 0.0


def are_variants(a: str, b: str, threshold: float = 0.3) -> bool:
    """True when ``a`` and ``b`` differ but are close enough to be spellings of one name."""
    if a == b:
        return False
    if has_hangul(a) or has_hangul(b):
        if len(to_jamo(a)) < 4 or len(to_jamo(b)) < 4:  # one-syllable words are too short to judge
            return False
    elif min(len(a), len(b)) < 4:
        return False
    return name_distance(a, b) <= threshold


_R_LEADS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p",
            "h"]
_R_VOWELS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we",
             "wi", "yu", "", "ui", "i"]  # ㅡ left out: transliterations insert it between consonants
_R_TAILS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p",
            "t", "t", "ng", "t", "t", "k", "t", "p", "t"]


def romanize(text: str) -> str:
    """Rough Revised-Romanization spelling, enough to see that 그랜디슨 sounds like Grandison."""
    out: list[str] = []
    for ch in text:
        if is_hangul_syllable(ch):
            lead, rest = divmod(ord(ch) - _BASE, 21 * 28)
            vowel, tail = divmod(rest, 28)
            out.append(_R_LEADS[lead] + _R_VOWELS[vowel] + _R_TAILS[tail])
        else:
            out.append(ch.lower())
    return "".join(out)


def sound_distance(latin: str, hangul: str) -> float:
    """How far a Hangul word's rough romanisation is from a Latin-script name, in [0, 1]."""
    a = "".join(ch for ch in latin.lower() if ch.isalpha()).replace("oo", "u").replace("c", "k")
    b = romanize(hangul).replace("l", "r")
    a = a.replace("l", "r")
    if not a or not b:
        return 1.0
    return edit_distance(a, b) / max(len(a), len(b))


def sounds_like(latin: str, hangul: str, threshold: float = 0.5) -> bool:
    """True when a Hangul word could be a transliteration of a Latin-script name."""
    return sound_distance(latin, hangul) <= threshold
