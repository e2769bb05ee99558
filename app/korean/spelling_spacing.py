"""Korean spacing (띄어쓰기) findings: Kiwi's spacing model proposes, rules of Korean spacing dispose.

``Kiwi.space`` re-spaces a sentence; most of what it changes in good literary prose is style or its own
misreading (compound nouns split, onomatopoeia cut, auxiliary verbs joined). A change is kept only when
Kiwi's morphemes on either side of it make it one of the spacing rules below, and a sentence where the
model would make two or more changes that no rule explains is not judged at all (Kiwi is not reading it
confidently: dialect, archaic speech, names it does not know). What Kiwi does not propose (compounds written
apart, endings written apart, bound nouns run in) is found by patterns (app.korean.spelling_patterns).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from litlens.app.korean.spelling_patterns import DURATION, pattern_findings
from litlens.app.korean.spelling_reading import Reading
from litlens.app.korean.spelling_words import SPACING, SpellingFinding, word_at

UNSURE_AT = 2  # unexplained re-spacings in a sentence from which Kiwi's reading of it is not trusted

NATIVE_NUMERALS = ("한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "스무", "몇", "서너",
                   "두세", "너덧", "대여섯", "여남은", "수십", "수백", "수천", "수만", "십여")
# counters Kiwi may read as common nouns (사발, 그릇): after a native numeral they are still counters
COUNTERS = ("개", "마리", "살", "시", "권", "명", "사람", "사발", "그릇", "잔", "병", "통", "자루", "켤레", "송이",
            "포기", "채", "척", "벌", "장", "대", "번", "달", "해", "시간", "걸음", "마디", "줄", "쌍", "켜", "알",
            "가마", "말", "되", "근", "냥", "푼", "칸", "층", "군데", "곳", "점", "쪽", "편", "짝", "모금", "숟가락",
            "조각", "덩이", "방울", "송이", "그루", "포대", "묶음", "다발", "움큼", "줌")
# numeral + counter pairs that are single words (한번 'once', 한잔 'a drink', 한때 'once upon a time')
_NUMERAL_WORDS = {("한", "번"), ("한", "잔"), ("한", "때"), ("한", "편"), ("한", "쪽"), ("한", "마디"),
                  ("한", "가지"), ("한", "가운데"), ("한", "동안"), ("한", "번씩"), ("한", "대"), ("한", "곳"),
                  ("한", "군데")}  # 한곳에 모이다 'one place'
# numeral + counter pairs that are single words only before what follows them: 한시 'a moment' (한시도,
# 한시라도, 한시바삐, 한시가 급하다; 한 시 is one o'clock), 한걸음에 'in one go' (한 걸음 물러서다 is a step)
_WORDS_BEFORE = {("한", "시"): re.compile(r"(?:도|라도|바삐|가 급)"), ("한", "걸음"): re.compile("에")}
_CLOSING = re.compile(r"[\"'”’」』)]*(?:[,.!?…]|\s*$)")  # what ends a clause: a comma or the sentence's end
# bound nouns always written apart after an adnominal ending (not 놈, 이, 분: 작은놈, 늙은이 are nouns)
BOUND_NOUNS = ("수", "것", "거", "줄", "지", "적", "리", "바", "뿐", "만큼", "만치", "데", "따름", "듯", "채", "척", "체",
               "양", "법", "터", "만", "김", "대로", "둥", "나름", "즈음", "참", "차", "뻔", "턱", "겸", "판", "통",
               "바람", "때문", "셈", "동안", "무렵", "듯이")
# bound nouns that with 하다 make auxiliaries written attached or apart (올 듯하다 / 올듯하다)
AUXILIARY_NOUNS = ("만", "듯", "척", "체", "뻔", "법", "양", "성", "직")
# nouns of time and place that an adnominal ending modifies (먹은 후에, 떠나기 전): never part of its word
TIME_NOUNS = ("후", "뒤", "전", "다음", "동안", "중", "순간", "이후", "이전", "대신", "사이", "끝", "무렵")
_AUXILIARIES = {("고", "있"), ("고", "싶"), ("고", "계시"), ("지", "않"), ("지", "못하"), ("지", "말"), ("게", "되"),
                ("게", "하")}
_NOUNS = ("NNG", "NNP", "NNB", "NP", "NR", "XSN", "ETN")
# case particles: only a noun takes them, so 데 before one is the bound noun 'place' (갈 데가, 아픈 데를)
_CASE_PARTICLES = ("JKS", "JKO", "JKB", "JKC", "JKG")
_BOUND_PARTICLES = ("까지", "부터", "조차", "마저", "처럼", "만큼", "밖에", "뿐", "커녕", "따라", "보다", "마다")


class Change(NamedTuple):
    insert: bool  # True: a space Kiwi would add; False: one it would remove
    start: int  # in the sentence: the boundary (insert) or the space run (remove)
    end: int
    at: int  # in Kiwi's re-spaced text: where the two morphemes meet


def spacing_findings(sentence: str, reading: Reading) -> tuple[list[SpellingFinding], bool]:
    """Spacing findings of one sentence and whether Kiwi's spacing of it was left unjudged."""
    tokens = reading.tokens
    found = pattern_findings(sentence, tokens)
    spaced, reset = reading.spaced, reading.reset
    spaced_tokens, reset_tokens = reading.spaced_tokens, reading.reset_tokens
    kept: dict[tuple[bool, int, int], str] = {}
    unexplained: set[tuple[bool, int, int]] = set()
    for new, new_tokens in ((spaced, spaced_tokens), (reset, reset_tokens)):
        for ch in changes(sentence, new):
            key = (ch.insert, ch.start, ch.end)
            if ch.insert and new is reset and reset != spaced:
                continue  # a space the full re-spacing adds follows from what it joined: judged there
            rule = classify(ch, new, new_tokens, tokens)
            if rule:
                kept.setdefault(key, rule)
            else:
                unexplained.add(key)
    unexplained -= set(kept)
    if len(unexplained) >= UNSURE_AT:
        return found, True
    for (insert, a, b), rule in sorted(kept.items(), key=lambda kv: kv[0][1]):
        found.append(_finding(sentence, insert, a, b, rule))
    return found, False


def changes(old: str, new: str) -> list[Change]:
    """Where ``new`` (the same characters re-spaced) differs from ``old`` in its spaces."""
    o = [i for i, c in enumerate(old) if not c.isspace()]
    n = [i for i, c in enumerate(new) if not c.isspace()]
    if len(o) != len(n) or any(old[i] != new[j] for i, j in zip(o, n)):
        return []  # Kiwi changed more than spaces: nothing to read from it
    out = []
    for k in range(1, len(o)):
        gap_old = o[k] - o[k - 1] > 1
        gap_new = n[k] - n[k - 1] > 1
        if gap_old != gap_new:
            out.append(Change(not gap_old, o[k - 1] + 1, o[k], n[k] if not gap_old else n[k - 1] + 1))
    return out


def _around(tokens: list[Any], at: int) -> tuple[Any, Any] | None:
    before = [t for t in tokens if t.start < at]
    after = [t for t in tokens if t.start >= at]
    return (before[-1], after[0]) if before and after else None


def classify(ch: Change, new: str, tokens: list[Any], old_tokens: list[Any]) -> str:
    """The spacing rule that explains a change (its name), or "" when none does. ``tokens`` are Kiwi's
    reading of the re-spaced text ``new``, ``old_tokens`` its reading of the sentence as written."""
    pair = _around(tokens, ch.at)
    if pair is None:
        return ""
    prev, nxt = pair
    if ch.insert:
        rule = _insert_rule(prev, nxt)
        following = tokens[tokens.index(nxt) + 1:][:1]  # by order: 걸 is 거 + ᆯ at one place
        if rule and nxt.form in AUXILIARY_NOUNS and following and following[0].form == "하":
            return ""  # 올듯하다, 읽을만하다, 넘어질뻔했다: auxiliaries that may be written attached (제47항)
        if rule and nxt.form == "지" and not DURATION.search(new[ch.at:ch.at + 16]):
            return ""  # 떠난지도 모른다 is the ending -ㄴ지; only 'since' (떠난 지 오래다) is the bound noun
        stem = tokens[tokens.index(prev) - 1] if tokens.index(prev) else None
        if rule and nxt.form == "듯" and _rieul_stem(prev, stem) and not (following and following[0].form in "하이"):
            return ""  # 하모니카 불듯: the stem 불- and the ending -듯, which Kiwi reads as 불 + ᆯ + 듯
        return _not_an_ending(rule, prev, nxt, following, new)
    return _removal(ch, new, tokens, old_tokens, prev, nxt)


def _rieul_stem(prev: Any, stem: Any | None) -> bool:
    """The adnominal ᆯ read at the same place as a stem ending in ㄹ (불 = 불- + ᆯ): nothing was added to
    the stem, so the word may as well be the stem and an ending (불듯, 알지)."""
    return bool(prev.tag == "ETM" and prev.form == "ᆯ" and stem is not None and stem.start == prev.start
                and "가" <= stem.form[-1:] <= "힣" and (ord(stem.form[-1]) - 0xAC00) % 28 == 8)


def _not_an_ending(rule: str, prev: Any, nxt: Any, following: list[Any], new: str) -> str:
    """``rule`` unless the 'bound noun' after the modifier is part of an ending or a word that contains it
    (the particle or copula a bound noun takes tells them apart: 갈 데가, 아는 바가, 바라던 바였다)."""
    if not rule:
        return ""
    then = following[0] if following else None
    if prev.tag == "ETM" and nxt.form == "데" and not (then and then.tag in _CASE_PARTICLES):
        return ""  # 없는데요, 편찮으신데도: the ending -는데; only 'place' takes a case particle (갈 데가)
    if prev.tag == "ETM" and nxt.form == "바" and not (then and then.tag in (*_CASE_PARTICLES, "VCP", "JX")):
        return ""  # 조사한바 사실과 달랐다: the ending -ㄴ바 (아는 바가, 말한 바와 같이 are the bound noun)
    if nxt.form == "뿐" and then and then.form == "더러":
        return ""  # 똑똑할뿐더러: the ending -ㄹ뿐더러
    if prev.tag == "ETM" and nxt.form == "거" and then and then.form == "ᆯ" \
            and _CLOSING.match(new, then.start + then.len):
        return ""  # 네가 한 말인걸, 뭐.: the final ending -ㄴ걸 (내가 본 걸 말해 줄게 is 거 + 을 before a verb)
    before = _WORDS_BEFORE.get((prev.form, nxt.form))
    if before and before.match(new, nxt.start + nxt.len):
        return ""  # 한시도 잊지 못했다, 한걸음에 달려왔다
    return rule


def _removal(ch: Change, new: str, tokens: list[Any], old_tokens: list[Any], prev: Any, nxt: Any) -> str:
    """The rule that explains a space Kiwi would remove, or ""."""
    written = [t for t in old_tokens if t.start >= ch.end][:1]
    before = [t for t in old_tokens if t.start < ch.start][-1:]
    if _particles_merged(tokens, ch.at, before, written):
        return "spacing:particle"  # 말은 커녕 → 말은커녕: Kiwi reads 은커녕 as one particle
    rule = _remove_rule(prev, nxt)
    if not rule:
        return ""
    # the word after the space must be nothing but endings and particles, read so both as written and
    # re-spaced (인력거꾼 만수는: 만 is a particle only if 만수 is not a name); 뿐 after a noun is the
    # particle whatever the written reading says (너 뿐이야)
    stop = next((i for i in range(ch.at, len(new)) if new[i].isspace()), len(new))
    tail = [t for t in tokens if ch.at <= t.start < stop]
    if not all(_trailing(t.tag) for t in tail) or not written:
        return ""
    if not (_trailing(written[0].tag) or (written[0].form == "뿐" and nxt.tag.startswith("J"))):
        return ""
    return rule


def _particles_merged(tokens: list[Any], at: int, before: list[Any], written: list[Any]) -> bool:
    """Kiwi joined two particles written apart into one (은 + 커녕 → 은커녕)."""
    across = [t for t in tokens if t.start < at < t.start + t.len]
    return bool(across and across[0].tag.startswith("J") and before and written
                and before[0].tag.startswith("J") and written[0].tag.startswith("J"))


def _trailing(tag: str) -> bool:
    """Tags of what may follow a noun inside its word: particles, the copula, endings, -하다, marks."""
    return tag.startswith(("J", "E", "S")) or tag in ("VCP", "XSV", "XSA", "VCN")


def _insert_rule(prev: Any, nxt: Any) -> str:
    if prev.tag == "ETM" and (nxt.tag == "NNB" and nxt.form in BOUND_NOUNS or nxt.form in TIME_NOUNS):
        return "spacing:bound-noun"  # 할 수, 갈 줄, 만난 지, 먹을 만큼
    if prev.tag == "NNB" and nxt.tag == "NNB" and nxt.form == "만":
        return "spacing:bound-noun"  # 삼 년 만에
    if prev.form in NATIVE_NUMERALS and prev.tag in ("NR", "MM") and (prev.form, nxt.form) not in _NUMERAL_WORDS \
            and (nxt.tag == "NNB" or nxt.form in COUNTERS):
        return "spacing:counter"  # 세 마리, 다섯 개
    if prev.tag == "MM" and prev.form == "아무" and nxt.tag == "NNB" and nxt.form == "데":
        return "spacing:bound-noun"  # 아무 데도
    if prev.tag == "EC" and nxt.tag in ("VX", "VV") and (prev.form, nxt.form) in _AUXILIARIES:
        return "spacing:auxiliary"  # 하고 있다, 하지 않다, 하게 되다
    if prev.tag == "MAJ":
        return "spacing:word"  # 그러나그는: a conjunctive adverb is a word of its own
    if prev.tag == "MAG" and prev.form == "안" and nxt.tag in ("VV", "VA") and nxt.form not in ("되", "하"):
        return "spacing:word"  # 안갔다: the negative adverb is a word of its own (not 못: 못살게 굴다, 못나다)
    return ""


def _remove_rule(prev: Any, nxt: Any) -> str:
    if nxt.tag.startswith("J") and (prev.tag in _NOUNS or prev.tag.startswith("J")):
        return "spacing:particle"  # 편지를, 나처럼, 여기서부터
    if nxt.tag.startswith("J") and prev.tag in ("MAG", "NP") and nxt.form in _BOUND_PARTICLES:
        return "spacing:particle"  # 언제까지
    if nxt.tag == "VCP" and prev.tag in _NOUNS:
        return "spacing:copula"  # 편이었다, 마을이었다
    if nxt.tag in ("XSV", "XSA") and prev.tag == "NNG":
        return "spacing:suffix"  # 대답할
    return ""


_NOTES = {
    "spacing:bound-noun": "A bound noun (수, 것, 줄, 지, 적, 리, 만큼...) is written apart from the word that "
                          "modifies it.",
    "spacing:counter": "A counter (개, 마리, 살, 시...) is written apart from a numeral spelt out in Hangul.",
    "spacing:auxiliary": "The auxiliary verb in '-고 있다' / '-지 않다' is written apart.",
    "spacing:particle": "A particle is written together with the word before it.",
    "spacing:word": "A word of its own (a conjunctive adverb, the negative 안) is written apart.",
    "spacing:copula": "The copula 이다 is written together with the noun before it.",
    "spacing:suffix": "'-하다' is written together with its noun (대답하다).",
}


def _finding(sentence: str, insert: bool, a: int, b: int, rule: str) -> SpellingFinding:
    ws, we = word_at(sentence, a, b)
    right = sentence[ws:a] + (" " if insert else "") + sentence[b:we]
    return SpellingFinding(SPACING, rule, ws, we, sentence[ws:we], right, _NOTES[rule])
