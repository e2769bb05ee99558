"""GEMBA-MQM end to end against the local provider server: both prompt variants, both score conventions,
failures kept with their raw answers, and the adequacy table for a marked human translation."""

from __future__ import annotations

import json
import re

import pytest

from litlens.app.run import service
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.gemba_mqm import GembaMqmJudge
from litlens.app.judges.options import OptionError
from litlens.app.llm.factory import ProviderSettings
from litlens.app.mqm import scores
from litlens.app.mqm import typology as mqm
from litlens.app.cli.output import render_table
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "It rained for three days. Nobody came.\n\nShe laughed at the storm."
HUMAN = "사흘 내내 비가 퍼부었다. 아무도 오지 않았다.\n\n그녀는 폭풍을 비웃었다."
MACHINE = "그것은 3일 동안 비가 왔다. 아무도 오지 않았다.\n\n그녀는 폭풍에 웃었다."


def _project():
    return build_project("rain", text_from_string(SOURCE, "en"),
                         [("Human", text_from_string(HUMAN, "ko")), ("MT", text_from_string(MACHINE, "ko"))])


def _run(tmp_path, server, options=None, project=None):
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    req = service.RunRequest(project=project or _project(), judges=["gemba-mqm"], provider=settings,
                             # these answers use Table 8's subcategories: the full list is the option to use
                             options={"gemba-mqm": {"categories": "table8", **(options or {})}})
    summary = service.execute(req, store)
    return summary, store.results_for_run(summary.run_id)


def _err(text, severity, category="accuracy/mistranslation/overly-literal", occurrence=None):
    return {"category": category, "severity": severity, "quoted_from": "translation", "text": text,
            "occurrence": occurrence, "explanation": "why", "suggestion": "better"}


def _responder(call):
    if "그것은 3일 동안" in call.user:
        return {"errors": [_err("그것은", "major", "accuracy/addition"), _err("3일 동안", "minor"),
                           _err("비가 왔다", "critical", "non-translation")]}
    if "폭풍에 웃었다" in call.user:
        return {"errors": [_err("폭풍에", "minor", "fluency/grammar")]}
    return {"errors": []}


def test_both_conventions_are_stored_on_each_unit_and_agree_with_hand_sums(tmp_path, fake_server):
    fake_server.responder = _responder
    summary, results = _run(tmp_path, fake_server)
    assert summary.status == "done" and summary.progress.failed == 0 and len(results) == 4
    p0 = next(j for j in results if j.candidate == "MT" and j.paragraph == 0)
    vals = {s.dimension: s.value for s in p0.scores}
    # paper: (25 non-translation + 5 major + 1 minor) / 2 source sentences = -15.5
    assert p0.data["sentences"] == 2
    assert vals[scores.PAPER] == pytest.approx(-31 / 2)
    # GEMBA: non-translation -> critical 25, + 5 + 1 = 31, capped at 25
    assert vals[scores.GEMBA] == -25
    assert [s.severity for s in p0.spans] == ["major", "minor", "critical"]
    assert MACHINE[p0.spans[0].start:p0.spans[0].end] == "그것은"
    p1 = next(j for j in results if j.candidate == "MT" and j.paragraph == 1)
    assert {s.dimension: s.value for s in p1.scores} == {scores.PAPER: -1.0, scores.GEMBA: -1.0}
    clean = [j for j in results if j.candidate == "Human"]
    assert all(s.value == 0 for j in clean for s in j.scores)
    sums = GembaMqmJudge().summarize(results)
    per = sums[0].data
    assert per["MT"]["paper_mean"] == pytest.approx((-15.5 - 1) / 2)
    assert per["MT"]["gemba_mean"] == pytest.approx((-25 - 1) / 2)
    assert per["MT"]["severities"] == {"major": 1, "minor": 2, "critical": 1}


@pytest.mark.parametrize("variant", ["original", "literary"])
def test_few_shot_examples_are_two_user_assistant_turns_before_the_real_input(tmp_path, fake_server, variant):
    """GEMBA-MQM's few-shot structure (seed 002, Table 10): two worked examples, each a user turn in the
    real input's form answered by an assistant turn, then the real input; none of it in the system text."""
    fake_server.responder = lambda call: {"errors": []}
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test")
    service.execute(service.RunRequest(project=_project(), judges=["gemba-mqm"], provider=settings,
                                       options={"gemba-mqm": {"variant": variant}}), store)
    call = fake_server.calls[0]
    roles = [m["role"] for m in call.messages]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "<translation>\n" not in call.system
    users = [m["content"] for m in call.messages if m["role"] == "user"]
    assert all(u.count("<translation>\n") == 1 for u in users)
    enum = set(call.schema["properties"]["errors"]["items"]["properties"]["category"]["enum"])
    for m in call.messages:
        if m["role"] == "assistant":  # each answer is in the form the real input must take
            answer = json.loads(m["content"])
            assert answer["errors"] and all(e["category"] in enum for e in answer["errors"])


def test_gembas_short_category_list_by_default_table8_definitions_as_an_option(tmp_path, fake_server):
    fake_server.responder = lambda call: {"errors": []}
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test")
    run = service.execute(service.RunRequest(project=_project(), judges=["gemba-mqm"], provider=settings),
                          store)
    short = fake_server.calls[0]
    enum = short.schema["properties"]["errors"]["items"]["properties"]["category"]["enum"]
    assert "accuracy/mistranslation/overly-literal" not in enum and "style/awkwardness" in enum
    assert "- style: style/awkwardness" in short.system
    assert all(j.data["categories"] == "gemba" for j in store.results_for_run(run.run_id))
    fake_server.reset()
    _run(tmp_path / "b", fake_server, {"categories": "table8"})
    full = fake_server.calls[0]
    leaf = mqm.typology().get("accuracy/mistranslation/overly-literal")
    assert f"- {leaf.path}: {leaf.definition}" in full.system
    assert "accuracy/mistranslation/overly-literal" in \
        full.schema["properties"]["errors"]["items"]["properties"]["category"]["enum"]


def test_variants_change_the_prompt_and_unknown_variant_is_refused(tmp_path, fake_server):
    fake_server.responder = lambda call: {"errors": []}
    _run(tmp_path, fake_server, {"variant": "original"})
    original = {c.system for c in fake_server.calls}
    fake_server.reset()
    _run(tmp_path / "b", fake_server, {"variant": "literary"})
    literary = {c.system for c in fake_server.calls}
    assert len(original) == len(literary) == 1 and original != literary
    assert "critic" in next(iter(literary)) and "word for word" in next(iter(literary))
    assert "accuracy/mistranslation/overly-literal" in next(iter(original))
    schema = fake_server.calls[0].schema
    item = schema["properties"]["errors"]["items"]
    assert "non-translation" in item["properties"]["category"]["enum"]
    assert item["properties"]["severity"]["enum"] == ["critical", "major", "minor"]
    with pytest.raises(OptionError, match="variant must be one of original, literary"):
        GembaMqmJudge.Options.parse({"variant": "poetic"}, "gemba-mqm")


@pytest.mark.parametrize("bad,why", [
    (_err("그것은", "major", "accuracy/hallucination"), "category"),
    (_err("그것은", "severe"), "severity"),
])
def test_schema_violating_answers_are_failures_with_raw_text(tmp_path, fake_server, bad, why):
    fake_server.responder = lambda call: json.dumps({"errors": [bad]})
    summary, results = _run(tmp_path, fake_server)
    assert summary.progress.failed == 4
    for j in results:
        assert j.status == "failed" and not j.scores and not j.spans
        assert j.raw and bad["category"] in j.raw and bad["severity"] in j.raw
    assert "failed units" in render_table(results)


def test_human_option_adds_the_adequacy_table(tmp_path, fake_server):
    fake_server.responder = _responder
    _, results = _run(tmp_path, fake_server, {"human": "Human"})
    sums = GembaMqmJudge().summarize(results)
    adequacy = next(s for s in sums if s.title.startswith("adequacy"))
    rows = {(r["measure"], r["other"]): r for r in adequacy.data["rows"]}
    # Human has no error in either paragraph, MT has errors in both: preferred in 2 of 2 paragraphs
    assert rows[(scores.PAPER, "MT")]["share"] == 1.0 and rows[(scores.GEMBA, "MT")]["compared"] == 2
    with pytest.raises(JudgeUnavailable, match="not one of the candidates"):
        GembaMqmJudge().plan(_project(), GembaMqmJudge.Options(human="Nobody"))


def test_own_validation_catches_what_a_lax_provider_lets_through():
    from litlens.app.judges.common import paragraph_pairs
    from litlens.app.judges.gemba_mqm import to_judgment
    project = _project()
    pp = next(paragraph_pairs(project, project.candidates[1]))
    for bad in (_err("그것은", "major", "accuracy/hallucination"), _err("그것은", "fatal"),
                {**_err("그것은", "minor"), "occurrence": 0}):
        j = to_judgment("gemba-mqm", project, pp, {"errors": [bad]}, "RAW", 2, {})
        assert j.status == "failed" and j.raw == "RAW" and not j.scores


def test_plain_mistranslation_category_is_read_as_general_without_a_repair(tmp_path, fake_server):
    fake_server.responder = lambda call: {"errors": [_err("폭풍에", "major", "accuracy/mistranslation")]} \
        if "폭풍에 웃었다" in call.user else {"errors": []}
    summary, results = _run(tmp_path, fake_server)
    assert summary.progress.failed == 0
    assert fake_server.count == 4  # one call per unit: the answer needed no repair
    spans = [s for j in results for s in j.spans]
    assert [s.category for s in spans] == ["accuracy/mistranslation/general"]
