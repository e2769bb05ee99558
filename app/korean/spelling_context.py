"""Korean confusions that are errors only in their context: the word before or after, or Kiwi's reading.

Each rule names the context that makes the spelling wrong, and stays silent without it (a standalone
'안아요' is a hug; after '하지' it is a misspelt '않아요').
"""

from __future__ import annotations

import re
from typing import Any

from litlens.app.korean.spelling_words import SPELLING, SpellingFinding, fix, words

# Nouns for people, roles and kin: after them the particle of capacity is 로서 ("as"), not 로써 ("by").
PERSONS = ("아버지", "어머니", "엄마", "아빠", "부모", "자식", "아들", "딸", "형", "누나", "오빠", "언니",
           "동생", "남편", "아내", "친구", "사람", "인간", "선생", "선생님", "스승", "학생", "제자", "작가",
           "군인", "의사", "남자", "여자", "어른", "손님", "주인", "임금", "신하", "가장", "장남", "맏이",
           "국민", "시민", "동료", "사내", "여인", "교사", "목사", "기자", "배우", "시인", "화가", "장군",
           "병사", "형사", "대표", "책임자", "증인", "당사자", "며느리", "사위", "할아버지", "할머니", "맏형",
           "종", "하인", "머슴", "상전", "주인공", "어미", "아비", "지아비", "지어미", "남의 자식")
_PERSON_RO = re.compile("^(" + "|".join(sorted(PERSONS, key=len, reverse=True)) + ")(으)?로써")
_MEANS = re.compile(r"^(이것으로|이로)서(?=[가-힣]*$)")
# Words that, as the object just before them, fix what a verb must be.
_OBJECT_VERBS: tuple[tuple[re.Pattern[str], re.Pattern[str], str, str], ...] = (
    (re.compile(r"^(담배|곰방대|파이프|궐련|시가)[를을]$"), re.compile(r"^피(?=었|어|고|는|던|며|다)"), "피우*",
     "Smoking is '피우다' ('담배를 피웠다'); '피다' is what a flower does."),
    (re.compile(r"^(우표|딱지|스티커|벽보)[를을]$"), re.compile(r"^부치(?=[고어었며는다])"), "붙이",
     "Sticking something on is '붙이다'; '부치다' is sending or fanning."),
    (re.compile(r"^(모습|정체|본색|속내|본심|실체|민낯|이빨|발톱|맨살|속살)[을를]$"),
     re.compile(r"^들어내(?=[고어었며는다]|$)|^들어냈"), "",
     "Showing something is '드러내다'; '들어내다' is lifting something out."),
    (re.compile(r"^(편지|소포|짐|택배|원고|엽서)[를을]$"), re.compile(r"^붙이(?=러)"), "부치",
     "Sending something by post is '부치다'; '붙이다' is sticking it on (벽에 편지를 붙여 두다)."),
    (re.compile(r"^(입맛|식욕|구미|흥|흥미|호기심|부아|화)[를을]$"), re.compile(r"^돋구"), "돋우",
     "Whetting or stirring something up is '돋우다'; '돋구다' is raising the strength of glasses."),
    (re.compile(r"^(날|날씨|하늘)[이가은는]$"), re.compile(r"^개였"), "개었",
     "Clearing up, of the weather, is '개다': '날이 개었다'."),
    (re.compile(r"^(과녁|표적|정답|수수께끼)[를을]$"), re.compile(r"^맞추|^맞춰|^맞췄"), "맞히*",
     "Hitting a target or guessing right is '맞히다'; '맞추다' is fitting or comparing."),
)
_RESPELT = {"맞히*": {"맞추": "맞히", "맞춰": "맞혀", "맞췄": "맞혔"}}
# a syllable ending in ㅆ (었, 았, 웠, 했...) then 든지: the past recalled, which takes 던지
_SSANG = "".join(chr(0xAC00 + i) for i in range(11172) if i % 28 == 20)
_PAST_DEONJI = re.compile("[" + _SSANG + "]든지$")
_NOMINAL = ("NNG", "NNP", "NNB", "NP", "NR", "JKG", "XSN", "SN", "SL")


def context_findings(sentence: str, tokens: list[Any]) -> list[SpellingFinding]:
    """Every context rule's findings in one sentence (offsets into it)."""
    ws = words(sentence)
    found: list[SpellingFinding] = []
    for i, (a, b) in enumerate(ws):
        w = sentence[a:b]
        prev = sentence[ws[i - 1][0]:ws[i - 1][1]] if i else ""
        nxt = sentence[ws[i + 1][0]:ws[i + 1][1]] if i + 1 < len(ws) else ""
        for rule in _RULES:
            f = rule(sentence, a, b, w, prev, nxt, tokens)
            if f is not None:
                found.append(f)
                break
    return found


def _doe_at_end(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """'되' closing a sentence (가도 되. / 안 되!) is '돼' (되어): 되 never ends a sentence alone."""
    if w != "되" or nxt or not re.match(r"^[\s\"'”’」』)]*[.!?…]", sentence[b:] or "."):
        return None
    if not (prev in ("안", "못", "잘") or re.search(r"(도|면|야|서)$", prev)):
        return None  # 쌀 한 되: the measure
    return fix(sentence, a, b, "돼", SPELLING, "context:되/돼", "A sentence cannot end on the bare stem 되; "
               "'돼' contracts '되어'.")


def _an_alone(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """'않' standing alone before a verb is the adverb '안' (않 is a stem and needs an ending)."""
    if w != "않" or not nxt:
        return None
    return fix(sentence, a, b, "안", SPELLING, "context:안/않", "The negative adverb before a verb is '안'; "
               "'않' is the stem of 않다 and never stands alone.")


def _anh_after_ji(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """'-지 안아요' is '-지 않아요': after a verb's -지 the negative auxiliary is 않다."""
    if not re.match(r"^안(아|았|는|을|고|으|겠|기)", w) or not prev.endswith("지"):
        return None
    before = [t for t in tokens if t.start + t.len <= a and t.start >= a - len(prev) - 1]
    if not before or before[-1].tag != "EC" or before[-1].form != "지":
        return None  # 나뭇가지 안아: a noun ending in 지
    return fix(sentence, a, a + 1, "않", SPELLING, "context:안/않", "After a verb's '-지' the negative is "
               "'않다' (하지 않아요); '안다' is to hug.")


def _roseo_rosseo(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """A person followed by (으)로써 means 'as' and takes 로서; '이로서'/'이것으로서' mean 'by this': 로써."""
    m = _PERSON_RO.match(w)
    if m:
        at = a + m.end() - 1
        return fix(sentence, at, at + 1, "서", SPELLING, "context:로서/로써", "After a person or role, "
                   "'as' is '(으)로서'; '(으)로써' means 'by means of'.")
    m = _MEANS.match(w)
    if m:
        at = a + m.end() - 1
        return fix(sentence, at, at + 1, "써", SPELLING, "context:로서/로써", "'By this' is '이로써' / "
                   "'이것으로써'; '(으)로서' means 'as'.")
    return None


def _deonji_deunji(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """Past recollection (얼마나 울었던지) takes 던지; a choice (오든지 말든지) takes 든지."""
    if _PAST_DEONJI.search(w) and "얼마나" in sentence[:a]:
        at = a + w.rindex("든지")
        return fix(sentence, at, at + 2, "던지", SPELLING, "context:든지/던지", "Recalling the past "
                   "('얼마나 울었던지') takes '-던지'; '-든지' offers a choice.")
    second = w.startswith("말던지") and prev.endswith(("든지", "던지"))  # 가든지 말던지
    if w.endswith("던지") and re.match(r"^말[든던]지", nxt) or second:
        at = a + w.rindex("던지")
        return fix(sentence, at, at + 2, "든지", SPELLING, "context:든지/던지", "A choice ('오든지 말든지') "
                   "takes '-든지'; '-던지' recalls the past.")
    return None


def _su_itda(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """After the bound noun '수' the verb is 있다/없다: '수 잇겠어' is a misspelt '있겠어'."""
    if prev != "수" or not re.match(r"^잇(겠|다|어|었|을|는|지|고|니|나|습)", w):
        return None
    return fix(sentence, a, a + 1, "있", SPELLING, "context:수 있다", "'할 수 있다' is spelt with 있 (ㅆ).")


def _object_verb(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    for obj, verb, right, note in _OBJECT_VERBS:
        m = verb.match(w) if obj.match(prev) else None
        if m is None:
            continue
        if right == "피우*":  # 피었다 → 피웠다, 피어 → 피워, 피고 → 피우고
            two = w[:2]
            fixed, end = {"피었": ("피웠", 2), "피어": ("피워", 2)}.get(two, ("피우", 1))
            return fix(sentence, a, a + end, fixed, SPELLING, "context:object", note)
        if right in _RESPELT:
            return fix(sentence, a, a + m.end(), _RESPELT[right][m.group(0)], SPELLING, "context:object", note)
        if right:
            return fix(sentence, a, a + m.end(), right, SPELLING, "context:object", note)
        fixed = "드러냈" if m.group(0) == "들어냈" else "드러내"
        return fix(sentence, a, a + m.end(), fixed, SPELLING, "context:object", note)
    return None


def _ilbureo(sentence: str, a: int, b: int, w: str, prev: str, nxt: str, tokens: list[Any]):
    """'일부러' (on purpose) misspelt '일부로' — unless it is 일부 + 로 ('재산의 일부로': part of)."""
    if w != "일부로" or not nxt:
        return None
    before = [t for t in tokens if t.start + t.len <= a]
    if before and (before[-1].tag in _NOMINAL or before[-1].tag.startswith("N")):
        return None
    return fix(sentence, a, b, "일부러", SPELLING, "context:일부러", "'On purpose' is '일부러'.")


_RULES = (_doe_at_end, _an_alone, _anh_after_ji, _roseo_rosseo, _deonji_deunji, _su_itda, _object_verb, _ilbureo)
