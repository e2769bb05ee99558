"""The estimate before a run counts what the run will really ask (issue 15, defect 11): for each LLM judge
on the sample, estimated calls are within ±10% of the calls the fake provider received, and estimated
input tokens within ±10% of the input usage it reported. Units already stored are not counted again.

The fake server answers with valid JSON for every schema; VERSE's question writer is answered with the
paper's typical ten questions a paragraph, since its later calls (one per question) depend on how many
there are and the estimate assumes the typical number.
"""

from __future__ import annotations

import json
import re

import pytest

from fakeserver import schema_answer
from llm_helpers import settings
from litlens.app.core.sample import load_sample
from litlens.app.judges import registry
from litlens.app.judges.verse.judge import TYPICAL_QUESTIONS
from litlens.app.run import service
from litlens.app.run.store import Store

# TransEvalnia's scoring and ranking prompts quote its own evaluations, whose length nothing knows before
# the model writes them: the estimate sizes them from the judge's earlier answers in the store
# (app.run.usage). Its history here is a run with other options (poetry: another system prompt, so
# nothing of it is reused), answered by the same server the measured run talks to.
HISTORY = {"transevalnia": {"poetry": True}}
LLM_JUDGES = sorted(jid for jid, cls in registry.available().items() if cls.needs_llm)


def _schema_name(call) -> str:
    fmt = call.raw.get("response_format") or {}
    return (fmt.get("json_schema") or {}).get("name", "")


def answer(call):
    name = _schema_name(call)
    if name == "verse_questions":
        return {"questions": [f"Does the translation keep detail number {k + 1} of this paragraph?"
                              for k in range(TYPICAL_QUESTIONS)]}
    if name == "verse_categories":  # one label for each numbered question in the prompt
        count = len(re.findall(r"^\d+\. ", call.user, re.MULTILINE))
        enum = call.schema["properties"]["labels"]["items"]["properties"]["category"]["enum"]
        return {"labels": [{"question": k + 1, "category": enum[k % len(enum)]} for k in range(count)]}
    return schema_answer(call.schema, call.first_user)


# Judges whose prompts are almost all Hangul (the Korean translation and nothing of the English): the test
# server counts a Hangul syllable as one token, LitLens's estimate as 0.8 (app/llm/tokens.py; calibrated on
# reported usage after the first calls), so before any usage is known such a prompt is up to 20% under.
HANGUL_ONLY = {"speakers-llm": 0.20}


def _within(estimated: float, actual: float, share: float = 0.10) -> bool:
    return abs(estimated - actual) <= share * actual


@pytest.mark.parametrize("judge", LLM_JUDGES)
def test_estimate_matches_what_the_run_asks(judge, tmp_path, fake_server):
    fake_server.responder = answer
    store = Store(tmp_path / "db.sqlite")
    if judge in HISTORY:
        earlier = service.RunRequest(project=load_sample(), judges=[judge], provider=settings(fake_server),
                                     options={judge: HISTORY[judge]})
        assert service.execute(earlier, store).status == "done"
        fake_server.calls.clear()
    request = service.RunRequest(project=load_sample(), judges=[judge], provider=settings(fake_server))
    planned = service.plan(request, service.judge_options(request))
    est = service.estimate(request, planned, store)
    summary = service.execute(request, store, planned=planned)
    calls = len(fake_server.calls)
    reported = sum(c.input_tokens for c in fake_server.calls)
    assert summary.status == "done" and calls == summary.progress.calls
    assert _within(est.calls, calls), f"{judge}: estimated {est.calls} calls, made {calls}"
    assert _within(est.input_tokens, reported, HANGUL_ONLY.get(judge, 0.10)), \
        f"{judge}: estimated {est.input_tokens} input tokens, the provider counted {reported}"
    # output is estimated at each request's max_tokens: an upper bound, never less than was used
    assert est.output_tokens >= summary.progress.output_tokens
    # asked again, what is stored is not counted: only units whose answer failed are asked once more
    again = service.estimate(request, service.plan(request, service.judge_options(request)), store)
    assert again.units == summary.progress.failed and again.stored == len(planned) - again.units
    assert (again.calls == 0) == (summary.progress.failed == 0)


def test_quoted_answers_are_sized_from_stored_usage(tmp_path, fake_server):
    """Without history a quoted evaluation counts at its assumed size; with the judge's earlier answers
    in the store, at their measured share of the prompt that asked for them."""
    from litlens.app.run import usage
    fake_server.responder = answer
    store = Store(tmp_path / "db.sqlite")
    request = service.RunRequest(project=load_sample(), judges=["transevalnia"],
                                 provider=settings(fake_server))
    units = [p.unit for p in service.plan(request, service.judge_options(request))]
    quoting = [u for u in units if u.est_quotes]
    assumed = sum(u.est_input_tokens for u in quoting)
    assert quoting and usage.learned_input_tokens(quoting, store) == assumed
    service.execute(request, store)
    rows = store.db.execute("SELECT request, input_tokens, output_tokens FROM llm_calls WHERE ok = 1").fetchall()
    evaluations = [(i, o) for req, i, o in rows
                   if json.loads(req)["schema_name"] == "transevalnia_evaluation"]
    assert len(evaluations) == sum(_schema_name(c) == "transevalnia_evaluation" for c in fake_server.calls)
    ratio = sum(o for _, o in evaluations) / sum(i for i, _ in evaluations)
    assert usage.answer_ratios(store, [("transevalnia", "transevalnia_evaluation")]) == \
        {("transevalnia", "transevalnia_evaluation"): pytest.approx(ratio)}
    u = quoting[0]
    expected = u.est_input_tokens + sum(round(ratio * q.prompt_tokens) - q.assumed for q in u.est_quotes)
    assert usage.learned_input_tokens([u], store) == expected != u.est_input_tokens


def test_the_same_request_asked_at_once_is_paid_once(tmp_path, fake_server):
    """Two units sending one prompt at the same moment (identical paragraphs in two translations): the
    second waits for the first answer, as the response cache would give it a moment later."""
    import asyncio

    from llm_helpers import request as make_request
    from litlens.app.llm.factory import make_client
    fake_server.latency = 0.2
    client = make_client(settings(fake_server), cache=Store(tmp_path / "db.sqlite"))

    async def both():
        try:
            return await asyncio.gather(client(make_request()), client(make_request()))
        finally:
            await client.aclose()
    first, second = asyncio.run(both())
    assert len(fake_server.calls) == 1 and first.data == second.data
    assert second.cached and second.cost == 0.0 and client.counters.calls == 1
