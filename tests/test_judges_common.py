"""The judges' shared helpers: one way to ask a model and file its failures, one unaligned-row unit,
and one token estimate that does not undercount Hangul."""

from __future__ import annotations

import asyncio

from litlens.app.core.model import AlignedPair, Judgment
from litlens.app.judges.base import UnitContext
from litlens.app.judges.common import AnswerError, ParagraphPair, UnitRef, ask, unaligned_unit
from litlens.app.llm.base import LLMRequest, LLMResponse
from litlens.app.llm.tokens import estimate_tokens, request_tokens

REF = UnitRef("judge", "unit/p0", "B", 0)
REQUEST = LLMRequest(system="sys", user="user", schema={"type": "object"})


def _ask(response: LLMResponse, read, **kw):
    async def llm(request: LLMRequest) -> LLMResponse:
        return response
    ctx = UnitContext(project=None, options=None, llm=llm)  # type: ignore[arg-type]
    return asyncio.run(ask(ctx, REQUEST, REF, read, **kw))


def _score(data):
    if data["score"] > 5:
        raise AnswerError(f"score {data['score']} is off the scale")
    return data["score"]


def test_a_valid_answer_goes_through_the_reader():
    assert _ask(LLMResponse(model="m", text='{"score": 4}', data={"score": 4}), _score) == 4


def test_no_usable_answer_is_a_failure_with_the_raw_text():
    j = _ask(LLMResponse(model="m", text="I'd say a four", data=None, error="not JSON"), _score, about="question 2")
    assert isinstance(j, Judgment) and j.status == "failed" and not j.scores
    assert (j.judge, j.unit, j.candidate, j.paragraph) == ("judge", "unit/p0", "B", 0)
    assert j.error == "question 2: not JSON" and j.raw == "I'd say a four"


def test_a_rejected_answer_keeps_what_the_model_said_and_the_failure_data():
    j = _ask(LLMResponse(model="m", text="", data={"score": 9}), _score, failure={"kind": "ranking"})
    assert j.status == "failed" and "off the scale" in j.error
    assert j.raw == '{"score": 9}' and j.data == {"kind": "ranking"}  # tool answers carry no text


def test_a_failure_built_by_the_reader_still_gets_the_raw_text():
    def read(data):
        return Judgment("judge", "unit/p0", "B", 0, status="failed", error="no list of errors")
    j = _ask(LLMResponse(model="m", text='{"errors": 1}', data={"errors": 1}), read)
    assert j.raw == '{"errors": 1}'


def test_unaligned_rows_say_which_side_is_missing():
    added = ParagraphPair("B", -1, AlignedPair((), (3,)), "", "An extra paragraph.", None)
    omitted = ParagraphPair("B", 2, AlignedPair((2,), ()), "Two.", "", None)
    unit = unaligned_unit("judge", added, "h", outcome="no questions answered", human=None)
    assert not unit.needs_llm and unit.key == "B/t3" and unit.paragraph is None and unit.input_hash == "h"
    j = asyncio.run(unit.run(None))  # type: ignore[arg-type]
    assert j.status == "ok" and not j.scores and j.data["unaligned"] and "human" in j.data
    assert j.data["note"] == "This paragraph has no source paragraph (added?); no questions answered."
    j = asyncio.run(unaligned_unit("judge", omitted, "h").run(None))  # type: ignore[arg-type]
    assert (j.unit, j.paragraph) == ("B/p2", 2) and "no translation (omitted?); not scored." in j.data["note"]


def test_one_token_estimate_counts_hangul_near_one_token_a_syllable():
    english, korean = "The rain fell for three days. " * 10, "사흘 내내 비가 퍼부었다. " * 10
    assert len(english) / 5 < estimate_tokens(english) < len(english) / 3
    hangul = sum(1 for ch in korean if "가" <= ch <= "힣")
    assert estimate_tokens(korean) >= 0.75 * hangul > len(korean) / 4
    with_schema = request_tokens(REQUEST)
    assert with_schema > estimate_tokens("sys") + estimate_tokens("user")  # the schema is billed too
