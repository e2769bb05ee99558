"""The honorifics judge's rewritten ending: each sentence of a finding at the level expected, conjugated by
Kiwi, offered as replacement text beside the advice (no Qt)."""

from __future__ import annotations

import pytest

from litlens.app.judges import honorifics as judge
from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean.rewrite import rewrite_ending
from litlens.app.run import corrections


@pytest.mark.parametrize(("text", "level", "expected"), [
    ("빨리 문 닫아.", "해요체", "빨리 문 닫아요."),  # 해체 → 해요체: the same ending with 요, its mood kept
    ("그럼 나 이제 갈게. 내일 봐.", "해요체", "그럼 나 이제 갈게요. 내일 봐요."),  # every sentence of a turn
    ("먹었지?", "해요체", "먹었지요?"),
    ("빨리 앉아라.", "해요체", "빨리 앉으세요."),  # an order stays an order
    ("그는 학생이야.", "해요체", "그는 학생이에요."),
    ("그건 사과야.", "해요체", "그건 사과예요."),  # 이다 after a vowel is spelled 예요
    ("밥 먹었어?", "하십시오체", "밥 먹었습니까?"),
    ("어서 가자.", "하십시오체", "어서 갑시다."),
    ("다리 위에서 그는 잠시 걸음을 멈췄어요.", "해라체", "다리 위에서 그는 잠시 걸음을 멈췄다."),
    ("그가 간다.", "해요체", "그가 가요."),
    ("정말 예뻐요.", "해라체", "정말 예쁘다."),
    ("아씨, 어서 들어오세요. 밖이 추워요. 빨리 문 닫아.", "해요체", "아씨, 어서 들어오세요. 밖이 추워요. 빨리 문 닫아요."),
])
def test_the_ending_is_conjugated_for_the_expected_level(text, level, expected):
    assert rewrite_ending(text, level) == expected


@pytest.mark.parametrize(("text", "level"), [
    ("밖이 추워요.", "해요체"),  # already at the level: nothing to rewrite
    ("네, 할아버지.", "해요체"),  # no final ending to conjugate
    ("빨리 문 닫아.", "하오체"),  # no rule for the level here: no guess
])
def test_no_rewrite_where_there_is_nothing_sure_to_write(text, level):
    assert rewrite_ending(text, level) is None


def test_a_mixed_turn_finding_can_be_applied_and_keeps_its_advice():
    text = "\"아씨, 어서 들어오세요. 밖이 추워요. 빨리 문 닫아.\" 유모가 말했다."
    judgment = judge.judgment_from_report("draft", "draft", analyse_text(text))
    [span] = judgment.spans
    assert span.quote == "빨리 문 닫아." and span.data["expected"] == "해요체"
    assert "해요체" in span.suggestion and span.suggestion != "빨리 문 닫아요."  # the advice, as before
    assert judge.REPLACEMENT == corrections.REPLACEMENT
    assert corrections.replacement(span) == "빨리 문 닫아요." and corrections.can_apply(span)
