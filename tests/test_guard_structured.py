"""Reading a model's answer as JSON (app/llm/structured.py), rule by rule: the whole reply or one fence
around it, never JSON fished out of prose; duplicate keys and NaN refused; schema violations named; the
strict-mode test of a schema."""

from __future__ import annotations

import json

import pytest

from litlens.app.llm import structured as st

SCHEMA = {"type": "object", "properties": {"score": {"type": "integer", "minimum": 0, "maximum": 100},
                                           "why": {"type": "string"}},
          "required": ["score", "why"], "additionalProperties": False}


@pytest.mark.parametrize("text", ['{"score": 7, "why": "ok"}', '  {"score": 7, "why": "ok"}\n',
                                  '```json\n{"score": 7, "why": "ok"}\n```', '```\n{"score": 7, "why": "ok"}\n```',
                                  '```JSON\n{"score": 7, "why": "ok"}```'])
def test_the_whole_reply_or_one_fence_is_an_answer(text):
    assert st.parse_answer(text, SCHEMA) == st.Parsed({"score": 7, "why": "ok"}, None)


@pytest.mark.parametrize("text, reason", [
    ('Here it is: {"score": 7, "why": "ok"}', "not one JSON value on its own"),
    ('{"score": 7, "why": "ok"} this is only an example', "not one JSON value on its own"),
    ('{"score": 7, "why": "ok"}{"score": 8, "why": "no"}', "not one JSON value on its own"),
    ('```json\n{"score": 7}\n```\n```json\n{"score": 8}\n```', "not one JSON value on its own"),
    ('{"score": 7, "score": 9, "why": "ok"}', "gives the key 'score' twice"),
    ('{"score": NaN, "why": "ok"}', "NaN is not a JSON number"),
    ('{"score": Infinity, "why": "ok"}', "Infinity is not a JSON number"),
    ("", "the answer was empty"),
    ("   \n", "the answer was empty"),
    ('{"score": 7,', "not valid JSON (Expecting property name"),
    ("[1, 2]", "expected a JSON object, got list"),
])
def test_replies_that_are_not_answers(text, reason):
    parsed = st.parse_answer(text, SCHEMA)
    assert parsed.data is None and reason in parsed.error


def test_schema_violations_are_named_with_their_place():
    parsed = st.parse_answer('{"score": 700, "why": "ok"}', SCHEMA)
    assert parsed.data is None and parsed.error.startswith("schema violation at score: ")
    top = st.parse_answer('{"score": 7}', SCHEMA)
    assert top.error.startswith("schema violation at (top level): ") and "'why'" in top.error
    assert st.check_data({"score": 7, "why": "x"}, None) == st.Parsed({"score": 7, "why": "x"}, None)
    assert st.validation_error("text", None) == "expected a JSON object, got str"


def test_duplicates_are_noted_deep_inside_a_body():
    value = st.marking_loads('{"a": [{"b": 1}, {"c": {"d": 1, "d": 2}}], "e": {"f": 1, "f": 2}}')
    assert st.first_duplicate(value) == "d"
    assert st.first_duplicate(st.marking_loads('{"a": [1, {"b": 2}], "c": {"b": 3}}')) is None
    assert st.first_duplicate(st.marking_loads('{"k": 1, "k": 2, "j": 3, "j": 4}')) == "k"
    assert st.first_duplicate([1, "x"]) is None and st.first_duplicate(5) is None


def test_strict_mode_needs_every_property_required_and_no_extras():
    assert st.strict_compatible(SCHEMA)
    assert not st.strict_compatible({**SCHEMA, "required": ["score"]})
    assert not st.strict_compatible({k: v for k, v in SCHEMA.items() if k != "additionalProperties"})
    nested = {"type": "object", "properties": {"items": {"type": "array", "items": {
        "type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}},
        "required": ["items"], "additionalProperties": False}
    assert not st.strict_compatible(nested)  # the inner object allows extra properties
    nested["properties"]["items"]["items"]["additionalProperties"] = False
    assert st.strict_compatible(nested)


def test_instructions_and_repair_carry_the_schema_and_the_error():
    text = st.schema_instructions(SCHEMA)
    assert text.startswith("Answer with exactly one JSON object")
    assert json.loads(text.split("```json\n", 1)[1].rsplit("\n```", 1)[0]) == SCHEMA
    msg = st.repair_message("schema violation at score: 700 is greater than the maximum of 100")
    assert "700 is greater than the maximum of 100. Reply again" in msg


def test_strict_mode_looks_inside_lists_and_untyped_objects():
    loose = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}
    assert not st.strict_compatible({"anyOf": [loose]})
    assert not st.strict_compatible({"properties": {"x": {"type": "string"}}, "required": ["x"]})  # no "type"
    tight = {**loose, "additionalProperties": False}
    assert st.strict_compatible({"anyOf": [tight]})


def test_a_constant_is_refused_with_the_whole_reason():
    parsed = st.parse_answer('{"score": NaN, "why": "ok"}', SCHEMA)
    assert parsed.error == "not valid JSON (NaN is not a JSON number)"


def test_strict_compatible_answers_a_bool():
    assert st.strict_compatible({"type": "object", "properties": {"a": {}}}) is False
    assert st.strict_compatible({"type": "object", "properties": {"a": {}}, "required": ["a"]}) is False
    assert st.strict_compatible({"type": "object", "properties": {"a": {}}, "required": ["a"],
                                 "additionalProperties": False}) is True


def test_a_violation_of_the_whole_object_is_placed_at_the_top_level():
    schema = {"type": "object", "properties": {"score": {"type": "integer"}}, "required": ["score"]}
    assert st.validation_error({"x": 1}, schema) == "schema violation at (top level): 'score' is a required property"


AROUND = ("the answer is not one JSON value on its own (text around it, or more than one value); reply with "
          "the JSON alone")


@pytest.mark.parametrize("text, error", [
    ('{"a": }', "not valid JSON (Expecting value at line 1 column 7)"),
    ('\n  {"a": 1,\n "b" 2}', "not valid JSON (Expecting ':' delimiter at line 2 column 6)"),
    ("Sure!", "not valid JSON (Expecting value at line 1 column 1)"),  # no object anywhere: plainly not JSON
    ("{x}", "not valid JSON (Expecting property name enclosed in double quotes at line 1 column 2)"),
    ('The answer: {"a": 1}', AROUND),
    ('{"a": 1} ok', AROUND),
])
def test_an_unreadable_answer_is_told_exactly_where_and_why(text, error):
    assert st.extract_json(text) == (None, error)


@pytest.mark.parametrize("text, ok", [
    ('``` json \n{"a": 1}\n  ```', True),  # spaces around the language word and before the closing fence
    ('```\t\n{"a": 1}```', True),
    ('```js\n{"a": 1}\n```', False),  # another language is not a JSON fence
    ('```json{"a": 1}```', False),  # the opening fence needs its own line
    ('```json\n{"a": 1}\n``` ok', False),  # text after the fence
    ('Answer:\n```json\n{"a": 1}\n```', False),  # text before it
    ('```json\n{"a": "```"}\n```', False),  # a fence inside the body: not one fence
])
def test_one_fence_exactly(text, ok):
    value, err = st.extract_json(text)
    assert (value == {"a": 1}) is ok and (err is None) is ok


def test_a_json_value_that_is_not_an_object_is_read_but_never_an_answer():
    assert st.extract_json("[1, 2]") == ([1, 2], None)
    assert st.extract_json("7") == (7, None)
    assert st.parse_answer("7", None) == st.Parsed(None, "expected a JSON object, got int")
    assert st.parse_answer("null", SCHEMA) == st.Parsed(None, "expected a JSON object, got NoneType")


def test_the_schema_in_the_instructions_keeps_its_words_as_written():
    schema = {"type": "object", "properties": {"이유": {"type": "string", "description": "왜 그런지 «짧게»"}}}
    text = st.schema_instructions(schema)
    assert '"이유"' in text and "왜 그런지 «짧게»" in text and "\\u" not in text
    assert text.endswith("\n```") and text.count("```") == 2


def test_the_repair_turn_is_the_error_in_one_sentence():
    assert st.repair_message("the answer was empty") == (
        "Your previous answer could not be used: the answer was empty. Reply again with only the corrected "
        "JSON object, conforming exactly to the schema. Do not add any text around it.")


def test_duplicate_keys_are_refused_at_any_depth_and_loads_strict_raises():
    assert st.extract_json('{"a": {"b": 1, "b": 1}}') == (None, "the answer gives the key 'b' twice")
    assert st.extract_json('[{"a": 1}, {"a": 2}]') == ([{"a": 1}, {"a": 2}], None)  # the same key in two objects
    with pytest.raises(st.DuplicateKey):
        st.loads_strict('{"x": 1, "x": 1}')
    with pytest.raises(ValueError, match="-Infinity is not a JSON number"):
        st.loads_strict("[-Infinity]")


def test_strict_compatible_answers_false_itself_for_a_missing_required_property():
    closed = {"type": "object", "properties": {"a": {}, "b": {}}, "additionalProperties": False}
    assert st.strict_compatible({**closed, "required": ["a"]}) is False
    assert st.strict_compatible({**closed, "required": ["a", "b", "c"]}) is False  # one that is not there
    assert st.strict_compatible({**closed, "required": ["b", "a"]}) is True


def test_a_violation_deep_inside_is_placed_by_its_path_joined_with_slashes():
    schema = {"type": "object", "properties": {"findings": {"type": "array", "items": {
        "type": "object", "properties": {"severity": {"enum": ["minor", "major"]}}}}}}
    answer = {"findings": [{"severity": "minor"}, {"severity": "fatal"}]}
    assert st.validation_error(answer, schema) == (
        "schema violation at findings/1/severity: 'fatal' is not one of ['minor', 'major']")


def test_the_schema_in_the_instructions_is_laid_out_one_key_a_line_indented_by_one_space():
    # readable for the model, and the fewest characters of indentation that still shows the nesting
    schema = {"type": "object", "properties": {"score": {"type": "integer"}}, "required": ["score"]}
    assert st.schema_instructions(schema) == (
        "Answer with exactly one JSON object and nothing else. It must conform to this JSON schema:\n```json\n"
        '{\n "type": "object",\n "properties": {\n  "score": {\n   "type": "integer"\n  }\n },\n'
        ' "required": [\n  "score"\n ]\n}\n```')


def test_an_object_without_listed_properties_is_open_and_not_strict_compatible():
    # a free-form object field ({"type": "object"}, no "properties") allows any extra key unless it says
    # additionalProperties: false, which strict mode needs of every object
    free_form = {"type": "object", "properties": {"notes": {"type": "object"}}, "required": ["notes"],
                 "additionalProperties": False}
    assert st.strict_compatible(free_form) is False
    free_form["properties"]["notes"]["additionalProperties"] = False
    assert st.strict_compatible(free_form) is True
