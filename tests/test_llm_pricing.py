"""Price table, token estimates, model rules and JSON extraction helpers."""

from __future__ import annotations

import json

import pytest

from litlens.app.llm.base import LLMError
from litlens.app.llm.pricing import PriceTable, accepts_temperature, price_for
from litlens.app.llm.tokens import estimate_tokens
from litlens.app.llm.structured import extract_json, parse_answer, strict_compatible, validation_error


def test_longest_prefix_wins_and_unknown_is_flagged():
    table = PriceTable.load()
    mini, full = table.price("gpt-4o-mini-2024-07-18"), table.price("gpt-4o-2024-08-06")
    assert mini.known and full.known and mini.input_per_m < full.input_per_m
    assert table.price("openrouter/anthropic/claude-3-5-haiku-20241022").known  # router prefix stripped
    unknown = table.price("my-local-llama")
    assert unknown.known is False and unknown.cost(10_000, 10_000) == 0.0
    haiku = table.price("claude-haiku-4-5")
    assert price_for("claude-haiku-4-5").cost(1_000_000, 0) == pytest.approx(haiku.input_per_m)
    assert table.as_of


def test_cost_arithmetic():
    table = PriceTable({"m": (2.0, 8.0)})
    assert table.cost("m-1", 500_000, 250_000) == pytest.approx(1.0 + 2.0)


def test_user_override_file(tmp_path):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"models": {"gpt-4o": {"input": 1, "output": 2},
                                           "llama": {"input": 0.1, "output": 0.1}}}))
    table = PriceTable.load(path)
    assert table.price("gpt-4o").input_per_m == 1 and table.price("llama3.1").known
    path.write_text(json.dumps({"models": {"x": {"input": "cheap"}}}))
    with pytest.raises(LLMError, match="numeric"):
        PriceTable.load(path)
    with pytest.raises(LLMError, match="Cannot read"):
        PriceTable.load(tmp_path / "missing.json")


def test_token_estimates_by_script():
    english = "The quick brown fox jumps over the lazy dog. " * 10
    korean = "그는 조용히 강가를 걸으며 어린 시절을 떠올렸다. " * 10
    assert estimate_tokens("") == 0
    assert len(english) / 5 < estimate_tokens(english) < len(english) / 3
    hangul = sum(1 for ch in korean if "가" <= ch <= "힣")
    assert estimate_tokens(korean) >= hangul * 0.66  # about one token per 1-1.5 syllables
    assert estimate_tokens("漢字かな交じり文") >= 5


@pytest.mark.parametrize(("model", "ok"), [
    ("gpt-4o", True), ("gpt-4.1-mini", True), ("o1", False), ("o3-mini-2025-01-31", False),
    ("o4-mini", False), ("gpt-5.4-nano", False), ("claude-3-5-sonnet-20241022", True),
    ("claude-sonnet-4-20250514", True), ("claude-opus-4-1", True), ("claude-haiku-4-5", False),
    ("claude-opus-4-7", False), ("claude-sonnet-5", False), ("claude-mythos-preview", False),
    ("llama3.1:8b", True), ("Qwen/Qwen2.5-7B-Instruct", True),
])
def test_temperature_rules(model, ok):
    assert accepts_temperature(model) is ok


def test_extract_json_variants():
    assert extract_json('{"a": 1}') == ({"a": 1}, None)
    assert extract_json('```json\n{"a": 2}\n```')[0] == {"a": 2}
    # an object inside prose is not an answer (issue 20): only the whole reply counts
    value, err = extract_json('Here you go: {"a": {"b": [1, 2]}} and an aside {"x": 0}.')
    assert value is None and "not one JSON value" in err
    assert extract_json('{"x": 99, "x": 3}') == (None, "the answer gives the key 'x' twice")
    value, err = extract_json('{"truncated":')
    assert value is None and "not valid JSON" in err
    assert extract_json("   ")[1] == "the answer was empty"


def test_validation_messages_point_at_the_problem():
    schema = {"type": "object", "properties": {"score": {"type": "integer", "maximum": 5}},
              "required": ["score"]}
    assert validation_error({"score": 3}, schema) is None
    assert "score" in validation_error({"score": 9}, schema)
    assert "expected a JSON object" in validation_error([1], schema)
    parsed = parse_answer('{"score": "x"}', schema)
    assert parsed.data is None and "score" in parsed.error
    assert strict_compatible({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
                              "additionalProperties": False})
    assert not strict_compatible({"type": "object", "properties": {"a": {"type": "string"}}})
