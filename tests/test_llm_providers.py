"""Providers through the real openai/anthropic SDKs against the fake server: structured output, modes,
repair, refusals and temperature rules."""

from __future__ import annotations

import json

import jsonschema
import pytest
from fakeserver import Fault
from llm_helpers import SCHEMA, VALID, complete_once, provider, request, run

from litlens.app.llm.base import LLMRequest

PROTOCOLS = ["openai", "anthropic"]


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_structured_answer_is_parsed_and_valid(fake_server, kind):
    resp = run(complete_once(fake_server, request(), kind))
    assert resp.ok, resp.error
    jsonschema.validate(resp.data, SCHEMA)
    assert resp.input_tokens > 0 and resp.output_tokens > 0
    assert fake_server.count == 1
    expected_mode = {"openai": "json_schema", "anthropic": "tool"}[kind]
    assert fake_server.last.schema_mode == expected_mode
    assert fake_server.last.schema == SCHEMA


def test_openai_sends_strict_schema_and_completion_tokens(fake_server):
    run(complete_once(fake_server, request(max_tokens=321), "openai"))
    body = fake_server.last.raw
    assert body["response_format"]["json_schema"]["strict"] is True
    assert body["max_completion_tokens"] == 321 and "max_tokens" not in body


def test_anthropic_forced_tool_and_native_format(fake_server):
    run(complete_once(fake_server, request(schema_name="mqm result"), "anthropic"))
    body = fake_server.last.raw
    assert body["tool_choice"] == {"type": "tool", "name": "mqm_result"}
    assert body["tools"][0]["input_schema"] == SCHEMA
    resp = run(complete_once(fake_server, request(), "anthropic", structured="json_schema"))
    assert resp.ok and fake_server.last.schema_mode == "output_format"
    assert "tools" not in fake_server.last.raw


def test_compat_defaults_to_json_mode_with_schema_in_prompt(fake_server):
    resp = run(complete_once(fake_server, request(), "compat", model="llama3.1:8b"))
    assert resp.ok, resp.error
    call = fake_server.last
    assert call.raw["response_format"] == {"type": "json_object"}
    assert call.schema_mode == "json_object" and call.schema == SCHEMA  # found in the system prompt
    assert call.raw["max_tokens"] == 1024
    jsonschema.validate(resp.data, SCHEMA)


def test_compat_falls_back_to_json_mode_after_400_for_the_session(fake_server):
    async def go():
        prov = provider(fake_server, "compat", model="qwen2.5", structured="json_schema")
        try:
            fake_server.script([Fault(status=400, message="response_format json_schema not supported")])
            first = await prov.complete(request())
            second = await prov.complete(request(user="another paragraph"))
            return first, second
        finally:
            await prov.aclose()

    first, second = run(go())
    assert first.ok and second.ok
    modes = [c.raw.get("response_format", {}).get("type") for c in fake_server.calls]
    assert modes == ["json_schema", "json_object", "json_object"]


def test_only_a_whole_answer_counts_and_prose_goes_to_the_repair_turn(fake_server):
    """Issue 20: a lone fenced object is the answer; an object with prose around it is not, so the
    model is asked once more and its second answer is the one used."""
    fake_server.script(["```json\n" + json.dumps(VALID) + "\n```"])
    resp = run(complete_once(fake_server, request(), "compat", model="m"))
    assert resp.ok and resp.data == VALID and fake_server.count == 1
    fenced = "Sure! Here is my assessment:\n```json\n" + json.dumps(VALID) + "\n```\nHope it helps."
    fake_server.script([fenced])
    resp = run(complete_once(fake_server, request(), "compat", model="m"))
    assert resp.ok and resp.data != VALID and resp.extra["repaired"] is True and fake_server.count == 3
    assert "not one JSON value" in resp.extra["first_error"]
    fake_server.script(["The result is " + json.dumps(VALID) + " as requested.", "Still prose."])
    resp = run(complete_once(fake_server, request(), "anthropic", structured="none"))
    assert not resp.ok and resp.data is None and fake_server.count == 5


@pytest.mark.parametrize("kind", PROTOCOLS)
@pytest.mark.parametrize("bad", ['{"truncated":', {"score": 900, "label": "good", "spans": []}, "",
                                 Fault(kind="empty")], ids=["truncated", "violation", "empty", "empty-fault"])
def test_repair_turn_fixes_bad_answer(fake_server, kind, bad):
    fake_server.script([bad])
    resp = run(complete_once(fake_server, request(), kind))
    assert resp.ok, resp.error
    jsonschema.validate(resp.data, SCHEMA)
    assert fake_server.count == 2 and resp.extra["repaired"] is True
    repair = fake_server.calls[1]
    assert "could not be used" in repair.user  # the model is told what was wrong...
    assert repair.messages[-2]["role"] == "assistant"  # ...and sees its own answer
    assert resp.input_tokens > 0 and resp.attempts == 2


def test_anthropic_repair_answers_the_tool_call_with_an_error_result(fake_server):
    fake_server.script([{"score": "high"}])
    resp = run(complete_once(fake_server, request(), "anthropic"))
    assert resp.ok
    last_user = fake_server.calls[1].messages[-1]["content"]
    assert last_user[0]["type"] == "tool_result" and last_user[0]["is_error"] is True
    assert last_user[0]["tool_use_id"] == "toolu_fake_0"


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_failed_repair_keeps_raw_text_and_reports_error(fake_server, kind):
    fake_server.script(['{"truncated":', "still not json, sorry"])
    resp = run(complete_once(fake_server, request(), kind))
    assert resp.data is None and not resp.ok
    assert "after one repair attempt" in resp.error
    assert resp.text == "still not json, sorry"
    assert resp.extra["first_answer"] == '{"truncated":'
    assert fake_server.count == 2  # exactly one repair, then give up


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_refusal_is_an_error_without_repair(fake_server, kind):
    fake_server.script([Fault(kind="refusal")])
    resp = run(complete_once(fake_server, request(), kind))
    assert resp.data is None and resp.error.startswith("the model refused")
    assert fake_server.count == 1


@pytest.mark.parametrize(("kind", "model", "sent"), [
    ("openai", "gpt-4o-mini", True),
    ("openai", "o3-mini", False),
    ("openai", "gpt-5-mini", False),
    ("anthropic", "claude-3-5-haiku-latest", True),
    ("anthropic", "claude-sonnet-4-6", False),
    ("anthropic", "claude-opus-4-7", False),
    ("anthropic", "claude-fable-5", False),
    ("anthropic", "claude-sonnet-4-20250514", True),
])
def test_temperature_only_sent_to_models_that_accept_it(fake_server, kind, model, sent):
    resp = run(complete_once(fake_server, request(temperature=0.0), kind, model=model))
    assert resp.ok
    assert fake_server.last.has_temperature is sent
    if sent:
        assert fake_server.last.temperature == 0.0


def test_no_schema_returns_plain_text(fake_server):
    fake_server.script(["Just prose."])
    resp = run(complete_once(fake_server, LLMRequest(system="s", user="u"), "openai"))
    assert resp.text == "Just prose." and resp.error is None and resp.data is None
    assert "response_format" not in fake_server.last.raw
