"""Korean particles chosen from the word they follow.

A Korean template cannot know the word its placeholder will hold, so the tables write both forms of a
particle — “{0}”을(를), {who}이(가), {1}(으)로. Once the word is in place the right form is known from its
last syllable: with a final consonant (받침) 을, 이, 은, 과, 으로, 이라고; without one 를, 가, 는, 와, 로,
라고 (and 로 after a final ㄹ). ``settle`` makes that choice in a finished sentence wherever the word
before the pair ends in a Hangul syllable or a digit (read as Korean reads numbers: 1 일, 3 삼, 10 십…),
looking through closing quotes and brackets and a quoted sentence's stop ("“안”을(를)" → "“안”을",
"“앉아요.”을(를)" → "“앉아요.”를"). A word it cannot read (Latin
letters, a file name) keeps both forms, which is still correct Korean.
"""

from __future__ import annotations

import re

# (both forms as the tables write them) -> (after a final consonant, after none)
_PAIRS = {"을(를)": ("을", "를"), "를(을)": ("을", "를"), "이(가)": ("이", "가"), "가(이)": ("이", "가"),
          "은(는)": ("은", "는"), "는(은)": ("은", "는"), "과(와)": ("과", "와"), "와(과)": ("과", "와"),
          "(이)": ("이", "")}
_RIEUL = 8  # index of ㄹ among the final consonants of a precomposed syllable
_CLOSERS = "”’\"')]」』》〉>"
# the final consonant index of each last digit as read in Sino-Korean (0 for none): 영 일 이 삼 사 오 육 칠 팔 구
_DIGIT_FINAL = {"0": 21, "1": _RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": _RIEUL, "8": _RIEUL, "9": 0}
# a number ending in zeros is read by its unit: 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ)
_UNIT_FINAL = {1: 17, 2: 1, 3: 4, 4: 4}
_PATTERN = re.compile(r"\(으\)로|" + "|".join(re.escape(p) for p in _PAIRS))


def final_consonant(text: str) -> int | None:
    """The final-consonant index (0 = none, 8 = ㄹ, …) of how ``text`` ends when read aloud, looking
    through closing quotes and brackets; None when its last word is not Hangul or a number."""
    end = len(text)
    while end and text[end - 1] in _CLOSERS:
        end -= 1
        while end < len(text) and end and text[end - 1] in ".!?…":  # a quoted sentence's own stop
            end -= 1
    if not end:
        return None
    last = text[end - 1]
    if "가" <= last <= "힣":
        return (ord(last) - 0xAC00) % 28
    if last.isascii() and last.isdigit():
        digits = re.search(r"\d+$", text[:end])
        assert digits is not None
        number = digits.group().lstrip("0") or "0"
        zeros = len(number) - len(number.rstrip("0"))
        if number == "0" or not zeros:
            return _DIGIT_FINAL[number[-1]]
        return _UNIT_FINAL.get(zeros, 4) if zeros < 8 else 1  # 만 (ㄴ) up to 천만, then 억 (ㄱ)
    return None


def settle(text: str) -> str:
    """``text`` with every both-forms particle whose word can be read replaced by its one right form."""
    if "(" not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _PATTERN.finditer(text):
        final = final_consonant(text[:m.start()])
        out.append(text[pos:m.start()])
        pair = m.group()
        if final is None:
            out.append(pair)
        elif pair == "(으)로":
            out.append("으로" if final and final != _RIEUL else "로")
        else:
            with_final, without = _PAIRS[pair]
            out.append(with_final if final else without)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)
