"""The last-ending rules of app/korean/speech_levels.py on token sequences written out by hand (no Kiwi),
so each rule has its own positive and negative example whatever Kiwi's model does: an ending Kiwi tags
as connective still closes a sentence when it is one of the usual final forms, and words after the ending
count only when a comma sets off a vocative or afterthought made of nouns, names, numbers or particles."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from litlens.app.explanations import why
from litlens.app.korean import speech_levels as sl
from litlens.app.korean.levels import rule_for


@dataclass(frozen=True)
class Tok:
    form: str
    tag: str
    start: int


# Endings Kiwi may tag EC at the end of a sentence ("왔소" -> 소/EC), read as closing it.
FINAL_EC = ["소", "오", "나", "지", "어", "아", "여", "게", "세", "네", "지요", "요", "거든", "잖아", "는데", "ᆫ데", "은데",
            "고", "니까", "자", "라", "어라", "아라", "ᆯ게", "ᆯ래"]


def _reading(tokens, text="먹다.", context=""):
    return sl._final_reading(tokens, text, context)


@pytest.mark.parametrize("form", FINAL_EC)
def test_a_usual_final_form_tagged_connective_closes_the_sentence(form):
    r = _reading([Tok("먹", "VV", 0), Tok(form, "EC", 1), Tok(".", "SF", 3)])
    assert r.why != why("speech/connective")
    rule = rule_for(form)
    if rule is not None:
        assert r.level == rule[0] and r.confidence == pytest.approx(rule[1] * 0.9)  # EC: trusted a little less


@pytest.mark.parametrize("form", ["면", "서", "ᆫ지", "도록", "려고"])
def test_a_connective_that_is_no_final_form_leaves_the_sentence_unfinished(form):
    r = _reading([Tok("먹", "VV", 0), Tok(form, "EC", 1), Tok(".", "SF", 3)])
    assert r.level is None and r.why == why("speech/connective")


@pytest.mark.parametrize("tag", ["NNG", "NNP", "NNB", "NP", "NR", "SL", "SH", "SN", "XSN", "XPN", "JKV", "IC", "JX"])
def test_a_vocative_after_a_comma_keeps_the_level(tag):
    text = "합니다, 선생님."
    tokens = [Tok("하", "VV", 0), Tok("ᆸ니다", "EF", 1), Tok(",", "SP", 3), Tok("선생님", tag, 5), Tok(".", "SF", 8)]
    r = _reading(tokens, text)
    assert r.level == "하십시오체", tag


@pytest.mark.parametrize("tag", ["VV", "VA", "MAG", "EP", "XSV"])
def test_a_verb_or_adverb_after_the_ending_means_the_sentence_goes_on(tag):
    text = "합니다, 빨리."
    tokens = [Tok("하", "VV", 0), Tok("ᆸ니다", "EF", 1), Tok(",", "SP", 3), Tok("빨리", tag, 5), Tok(".", "SF", 7)]
    r = _reading(tokens, text)
    assert r.level is None and r.why == why("speech/words-after")


def test_words_after_the_ending_without_a_comma_do_not_count():
    tokens = [Tok("하", "VV", 0), Tok("ᆸ니다", "EF", 1), Tok("선생님", "NNG", 5), Tok(".", "SF", 8)]
    assert _reading(tokens, "합니다 선생님.").why == why("speech/words-after")


@pytest.mark.parametrize("prefinal", ["옵", "사옵", "자옵"])
@pytest.mark.parametrize("form, text", [("니다", "아뢰옵니다."), ("니까", "아뢰옵니까?")])
def test_nida_after_the_humble_prefinal_ending_is_hasipsio(prefinal, form, text):
    """Kiwi splits 아뢰옵니다 as 아뢰/VV + 옵/EP + 니다/EF: the humble -옵- (-사옵-, -자옵-) before -니다/-니까 is
    하십시오체, not the plain -다 of 해라체 nor the 해체 -니까."""
    r = _reading([Tok("아뢰", "VV", 0), Tok(prefinal, "EP", 2), Tok(form, "EF", 3), Tok(".", "SF", 5)], text)
    assert r.level == "하십시오체" and r.confidence == pytest.approx(0.9)


@pytest.mark.parametrize("tokens, level", [
    ([Tok("먹", "VV", 0), Tok("었", "EP", 1), Tok("다", "EF", 2)], "해라체"),  # 먹었다
    ([Tok("옵", "VV", 0), Tok("니다", "EF", 1)], "해라체"),  # a verb, not the pre-final ending, before -니다
    ([Tok("가", "VV", 0), Tok("시", "EP", 1), Tok("니까", "EC", 2)], "해체"),  # 가시니까: the honorific -시-
])
def test_nida_without_the_humble_prefinal_ending_keeps_its_level(tokens, level):
    """The -니다/-니까 reading changes only after the humble pre-final ending (an EP), not after any EP
    or any 옵."""
    r = _reading(tokens + [Tok(".", "SF", 4)], "먹었다.")
    assert r.level == level
