"""Cards that cannot drift: every LLM judge runs on a small project against the local provider server,
and its logged requests are checked against its protocol card's ``requests`` (calls per unit, message
roles, rubric blocks present and absent, schema name and first answer key, temperature).

The project: 3 source paragraphs (one with dialogue), 2 candidates, no reference; VERSE's question call
is answered with 2 questions per paragraph, everything else with schema-valid answers."""

from __future__ import annotations

import json

import pytest

from litlens.app.judges import registry
from litlens.app.judges.protocol import PER, Calls
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from fakeserver import schema_answer

SOURCE = ('It rained for three days. Nobody came to the house.\n\n"Are you coming with us?" she asked him.\n\n'
          "The storm ended at dawn and the river fell.")
A = '사흘 내내 비가 왔다. 아무도 집에 오지 않았다.\n\n"우리랑 같이 가실 거예요?" 그녀가 그에게 물었다.\n\n폭풍은 새벽에 그쳤고 강물이 줄었다.'
B = '3일 동안 비가 왔다. 아무도 집에 안 왔다.\n\n"우리랑 갈 거니?" 그녀가 물었다.\n\n폭풍은 새벽에 끝났고 강은 낮아졌다.'
PARAGRAPHS, CANDIDATES, DIALOGUE, QUESTIONS = 3, 2, 1, 2

# (judge, options): the nine LLM-judge protocols
PROTOCOLS = [("da-mqm", {}), ("verse", {}), ("gemba-mqm", {}), ("gemba-mqm", {"variant": "literary"}),
             ("sqm", {}), ("bws", {}), ("transevalnia", {}), ("transevalnia", {"method": "three-step"}),
             ("mas-liteval", {})]


def _schema_name(call) -> str:
    if call.protocol == "openai":
        return ((call.raw.get("response_format") or {}).get("json_schema") or {}).get("name", "")
    return ""


def _responder(call):
    name = _schema_name(call)
    if name == "verse_questions":  # questions of their own per paragraph (identical ones would be cached)
        n = next((i for i, w in enumerate(("rained", "asked", "storm"), 1) if w in call.user), 0)
        return {"questions": [f"Does the translation keep the steady rhythm of passage {n} here?",
                              f"Is the politeness in passage {n} rendered as in the original?"]}
    if name == "verse_categories":
        return {"labels": [{"question": 1, "category": "Narrative Pacing and Rhythm"},
                           {"question": 2, "category": "Interpersonal Communication and Hierarchy"}]}
    return schema_answer(call.schema, call.user)


def expected_count(per: str, orders: int) -> int:
    counts = {"text": 1, "paragraph": PARAGRAPHS, "paragraph×candidate": PARAGRAPHS * CANDIDATES,
              "dialogue paragraph×candidate": DIALOGUE * CANDIDATES, "paragraph×order": PARAGRAPHS * orders,
              "chunk×candidate": CANDIDATES, "candidate": CANDIDATES,
              "question×candidate": PARAGRAPHS * QUESTIONS * CANDIDATES}
    assert set(counts) == set(PER)
    return counts[per]


def run_protocol(tmp_path, server, judge_id, options):
    server.responder = _responder
    project = build_project("rain", text_from_string(SOURCE, "en"),
                            [("A", text_from_string(A, "ko")), ("B", text_from_string(B, "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    service.execute(service.RunRequest(project=project, judges=[judge_id], provider=settings,
                                       options={judge_id: options}), Store(tmp_path / "db.sqlite"))
    # first attempts only: a repair turn (an answer the judge could not use) is not a protocol call
    from litlens.app.llm.structured import repair_message
    repair = repair_message("").split(":")[0]
    return [c for c in server.calls if not c.user.startswith(repair)]


def check_requests(calls, card_requests: tuple[Calls, ...], orders: int) -> None:
    by_schema: dict[str, list] = {}
    for c in calls:
        by_schema.setdefault(_schema_name(c), []).append(c)
    covered = {c.schema for c in card_requests}
    assert set(by_schema) == covered, f"calls the card does not list, or listed calls never made: " \
                                      f"{sorted(set(by_schema) ^ covered)}"
    for spec in card_requests:
        mine = [c for c in by_schema[spec.schema] if not spec.only or spec.only in c.system]
        want = spec.times * expected_count(spec.per, orders)
        assert len(mine) == want, f"{spec.schema} [{spec.only}]: {len(mine)} calls, card says {want}"
        for c in mine:
            assert tuple(m["role"] for m in c.messages) == spec.roles, spec.schema
            if spec.temperature is None:
                assert not c.has_temperature, spec.schema
            else:
                assert c.temperature == pytest.approx(spec.temperature), spec.schema
            for block in spec.blocks:
                assert block in c.system, f"{spec.schema}: rubric block {block!r} missing"
            for block in spec.user_blocks:
                assert block in c.user, f"{spec.schema}: {block!r} missing from the user message"
            for block in spec.absent:
                assert block not in c.system, f"{spec.schema}: {block!r} should not be sent"
            if spec.first_key:
                assert next(iter(c.schema["properties"])) == spec.first_key, spec.schema
    for schema, mine in by_schema.items():  # an ``only`` split must account for every call of its schema
        parts = [s for s in card_requests if s.schema == schema]
        if any(s.only for s in parts):
            assert sum(len([c for c in mine if s.only in c.system]) for s in parts) == len(mine), schema


def card_requests_for(judge_id: str, options: dict) -> tuple[Calls, ...]:
    card = registry.available()[judge_id].protocol
    key = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    if not key:
        return card.requests
    return dict(card.variant_requests)[key]


@pytest.mark.parametrize("judge_id,options", PROTOCOLS, ids=[f"{j}{'-' + '-'.join(o.values()) if o else ''}"
                                                                for j, o in PROTOCOLS])
def test_logged_requests_match_the_card(tmp_path, fake_server, judge_id, options):
    specs = card_requests_for(judge_id, options)
    assert specs, f"{judge_id} {options}: the card lists no requests"
    calls = run_protocol(tmp_path, fake_server, judge_id, options)
    check_requests(calls, specs, orders=2)


def test_a_card_that_says_what_the_requests_do_not_fails(tmp_path, fake_server):
    """Break one on purpose: GEMBA's card with the few-shot turns taken out must not pass."""
    import dataclasses
    calls = run_protocol(tmp_path, fake_server, "gemba-mqm", {})
    specs = card_requests_for("gemba-mqm", {})
    check_requests(calls, specs, orders=2)
    plain = tuple(dataclasses.replace(s, roles=("system", "user")) for s in specs)
    with pytest.raises(AssertionError):
        check_requests(calls, plain, orders=2)
    fewer = tuple(dataclasses.replace(s, per="paragraph") for s in specs)
    with pytest.raises(AssertionError):
        check_requests(calls, fewer, orders=2)
    json.dumps([s.text() for s in specs])  # the card's lines are plain text
