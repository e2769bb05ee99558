"""Korean spacing found by the words themselves, Kiwi's tokens only confirming: compounds written as two
words (그 날 → 그날, 말 없이 → 말없이), endings and particles written apart from their word (받자 마자,
보지 조차, 있는 지, 그날 따라), and bound nouns, counters or nouns run into the word before (네것,
사흘만에, 공책따위, 한번도, 일년, 했단말이오, 하는듯 하다).

Kiwi's spacing model does not propose these (it reads 받자 마자 as 받자 + 마(VX), 사흘만에 as a particle 만),
so each is a pattern over the sentence with the reading that must hold for it (a guard); what the pattern
cannot tell apart (아무 말 없이, 떠난 지 오래다, 오늘 따라 가다) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from litlens.app.korean.spelling_words import SPACING, SpellingFinding, word_at

# what follows 지 when it means 'since': a span of time (만난 지 십 년, 온 지 오래다, 죽은 지 사흘)
DURATION = re.compile(r"년|해|달|날|일|주|시간|분|오래|얼마|몇|어느덧|어언|벌써|이미|되|넘|지나|지났|반|한참|꽤|여러|"
                      r"수십|수년|만에|하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|보름|며칠|석|넉")
_SSANG = "".join(chr(0xAC00 + i) for i in range(11172) if i % 28 == 20)  # syllables ending in ㅆ (했, 갔)
_WITHOUT = ("말", "틀림", "어김", "끊임", "쓸데", "하염", "거침", "아낌", "변함", "여지", "한", "끝", "힘", "어이",
            "속절", "난데", "맥", "두말", "영락", "철", "빈틈", "어처구니", "상관", "관계", "다름", "스스럼",
            "가차", "물샐틈", "사정")
_TENS = "스물|서른|마흔|쉰|예순|일흔|여든|아흔|열"
_UNITS = "한|두|세|네|다섯|여섯|일곱|여덟|아홉"
# what may follow such a noun in the same word: a particle or the copula (so 그 날씨, 그 때문에 are left alone)
_TAIL = (r"(?=(?:이|가|은|는|을|를|에|에는|에도|에야|엔|의|도|만|부터|까지|따라|처럼|으로|로|으로는|에서|이나|나|"
         r"과|와|하고|보다|이었|였|이다|다|이야|야|이라|라)?(?![가-힣]))")
_MODIFIERS = ("MM", "ETM", "JKG")  # what before a noun makes it a modified noun (아무 말, 할 말, 그의 말)
_DAYS = "하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|보름|며칠"
# after 오늘/그날 따라 the next word may make 따라 the verb 'follow' (오늘 따라 가도 돼?)
_MOTION = re.compile(r"\s*(?:가|갈|간|갔|와|올|온|왔|오|나서|나섰|나선|다니|붙|들어|나가|걸|달려|뛰)")

Guard = Callable[[str, "re.Match[str]", list[Any]], bool]


class Pattern(NamedTuple):
    rule: str
    regex: str
    right: str  # the replacement of the match (may use \\1-style groups)
    note: str
    guard: Guard | None = None  # the reading that must hold for the match to be an error


def _token_at(tokens: list[Any], at: int) -> Any | None:
    return next((t for t in tokens if t.start == at), None)


def _before(tokens: list[Any], at: int) -> Any | None:
    """The last token ending at or before ``at``, marks left out."""
    prior = [t for t in tokens if t.start + t.len <= at and not t.tag.startswith("S")]
    return prior[-1] if prior else None


def _phrase(sentence: str, m: re.Match[str], tokens: list[Any]) -> bool:
    """말 없이 is a compound unless the noun is modified (아무 말 없이, 할 말 없이, 그의 말 없이)."""
    before = _before(tokens, m.start())
    return not (before and before.tag in _MODIFIERS)


def _ending_ji(sentence: str, m: re.Match[str], tokens: list[Any]) -> bool:
    """'있는 지' is the ending -는지 after an adnominal ending, unless a span of time follows (떠난 지 오래다)."""
    before = _before(tokens, m.start())
    return bool(before and before.tag == "ETM") and not DURATION.search(sentence, m.end(), m.end() + 16)


def _not_following(sentence: str, m: re.Match[str], tokens: list[Any]) -> bool:
    return not _MOTION.match(sentence, m.end())


def _after_noun(sentence: str, m: re.Match[str], tokens: list[Any]) -> bool:
    """공책따위: Kiwi reads 따위 as the bound noun after a noun."""
    head, before = _token_at(tokens, m.start()), _before(tokens, m.start())
    return bool(head and head.tag == "NNB" and before and before.tag.startswith("N"))


def _modified_deut(sentence: str, m: re.Match[str], tokens: list[Any]) -> bool:
    """하는듯 하다: 듯 follows an adnominal ending (그럴듯하다 is an adjective of its own; in 올 듯 말 듯
    하다 the 하다 stays apart)."""
    before = _before(tokens, m.start())
    word = sentence[word_at(sentence, m.start(), m.start())[0]:m.start()]
    return bool(before and before.tag == "ETM") and word not in ("그럴", "말")


PATTERNS: tuple[Pattern, ...] = (
    # compounds written apart
    Pattern("spacing:compound", r"(?<![가-힣])그 (날|때|동안|만큼|다음|쪽|것|곳|중)" + _TAIL, r"그\1",
            "그날, 그때, 그만큼, 그것: one word."),
    Pattern("spacing:compound", r"(?<![가-힣])이 (만큼|다음|쪽|날|것|곳|번|때)" + _TAIL, r"이\1",
            "이만큼, 이다음, 이쪽, 이것: one word."),
    Pattern("spacing:compound", r"(?<![가-힣])저 (쪽|만큼|것|곳)" + _TAIL, r"저\1", "저쪽, 저만큼, 저것: one word."),
    Pattern("spacing:compound", r"(?<![가-힣])(지난|다음) 번" + _TAIL, r"\1번", "지난번, 다음번: one word."),
    Pattern("spacing:compound", r"(?<![가-힣])(어젯|엊그젯|그젯) (밤|날|저녁)", r"\1\2",
            "'어젯밤' is one word: 어젯 is never a word alone."),
    Pattern("spacing:compound", r"(?<![가-힣])밤 (새(?:도록|워|웠|우|운|는))", r"밤\1",
            "'밤새다' (to stay up all night) is one verb."),
    Pattern("spacing:compound", r"(?<![가-힣])(" + "|".join(_WITHOUT) + r") (없이)(?![가-힣])", r"\1\2",
            "This '-없이' adverb is one word (말없이, 틀림없이, 끊임없이).", _phrase),
    Pattern("spacing:compound", r"(?<![가-힣])(" + _TENS + r") (" + _UNITS + r")(?![가-힣])", r"\1\2",
            "A number in Hangul is written as one word up to 만 (스물한, 열두)."),
    # endings and particles written apart from their word
    Pattern("spacing:ending", r"(?<=[가-힣])자 마자(?![가-힣])", "자마자",
            "'-자마자' is one ending, written with its verb."),
    Pattern("spacing:ending", r"(?<=[가-힣]) 지(?=(?:도|를)?(?![가-힣]))", "지",
            "The ending '-는지' / '-ㄴ지' is written with its verb; only 'since' (떠난 지 오래다) is apart.",
            _ending_ji),
    Pattern("spacing:particle", r"(?<=[가-힣]) 조차(?![가-힣])", "조차",
            "The particle '조차' is written together with the word before it (보지조차, 너조차)."),
    Pattern("spacing:particle", r"(?<![가-힣])(그날|오늘|이날) 따라(?![가-힣])", r"\1따라",
            "'따라' after a day (그날따라, 오늘따라) is a particle, written with it.", _not_following),
    # bound nouns, counters and nouns run into the word before
    Pattern("spacing:bound-noun", r"(?<![가-힣])(내|네|제|니|남의|너의|나의|저의)(것)", r"\1 \2",
            "The bound noun '것' is written apart from the word before it (내 것, 네 것)."),
    Pattern("spacing:bound-noun", r"(?<![가-힣])(" + _DAYS + r")만(?=에(?![가-힣])|이다)", r"\1 만",
            "'만' after a span of time (사흘 만에) is a bound noun, written apart."),
    Pattern("spacing:bound-noun", r"(?<=[가-힣])따위", " 따위",
            "The bound noun '따위' is written apart from the noun before it.", _after_noun),
    Pattern("spacing:bound-noun", r"(?<=[가-힣])듯 (하|했|한|할|합|해)", r" 듯\1",
            "'듯하다' is written apart from the word it follows (하는 듯하다), and as one word itself.",
            _modified_deut),
    Pattern("spacing:counter", r"(?<![가-힣])한번도(?![가-힣])", "한 번도",
            "Counting times ('한 번도 …지 않다'), the counter 번 is written apart."),
    Pattern("spacing:counter", r"(?<![가-힣])(일|삼|사|오|육|칠|팔|구|십)(년)"
            r"(?=(?:이|을|은|도|의|에|만|동안|째|전|후|간)?(?![가-힣]))", r"\1 \2",
            "A counter (년) is written apart from a numeral spelt out in Hangul (일 년, 십 년)."),
    Pattern("spacing:noun", r"(?<=[" + _SSANG + r"없는한])단말(?=이|인|을|야|입|도)", "단 말",
            "In '-단 말이다' the noun 말 is written apart (했단 말이오)."),
    Pattern("spacing:noun", r"(?<=[가-힣]이)란말(?=이|인|을|은|야|입|도)", "란 말",
            "In '-이란 말' the noun 말 is written apart (사랑이란 말)."),
)


def pattern_findings(sentence: str, tokens: list[Any]) -> list[SpellingFinding]:
    """Every pattern's findings in ``sentence``; ``tokens`` are Kiwi's reading of it as written."""
    found = []
    for p in PATTERNS:
        for m in re.finditer(p.regex, sentence):
            if p.guard is not None and not p.guard(sentence, m, tokens):
                continue
            ws, we = word_at(sentence, m.start(), m.end())
            new = sentence[ws:m.start()] + m.expand(p.right) + sentence[m.end():we]
            found.append(SpellingFinding(SPACING, p.rule, ws, we, sentence[ws:we], new, p.note))
    return found
