"""The number of calls a run reports and the estimate before it count what the provider receives: a repair
turn is a call, the estimate learns from the store how many turns a judge's calls need, and a paragraph
another translation already had answered (an identical one, in an earlier run) is not counted again."""

from __future__ import annotations

import dataclasses

from fakeserver import schema_answer
from llm_helpers import settings
from litlens.app.core.sample import load_sample
from litlens.app.run import service
from litlens.app.run.store import Store

REPAIR = "Your previous answer could not be used"
JUDGE = "gemba-mqm"


def repairing(call):
    """Every first turn is prose, not the JSON asked for: the client sends its one repair turn."""
    return schema_answer(call.schema, call.first_user) if REPAIR in call.user else "Looks fine to me."


def run(project, store, server):
    request = service.RunRequest(project=project, judges=[JUDGE], provider=settings(server))
    planned = service.plan(request, service.judge_options(request))
    est = service.estimate(request, planned, store)
    server.calls.clear()
    summary = service.execute(request, store, planned=planned)
    return est, summary, len(server.calls)


def test_a_run_reports_its_repair_turns_and_the_next_estimate_expects_them(tmp_path, fake_server):
    fake_server.responder = repairing
    store = Store(tmp_path / "db.sqlite")
    sample = load_sample()
    first = dataclasses.replace(sample, candidates=sample.candidates[:1])
    est, summary, received = run(first, store, fake_server)
    assert summary.status == "done" and received == 2 * est.calls  # nothing stored yet to learn from
    assert summary.progress.calls == received  # repair turns counted, as the server counted them
    est, summary, received = run(sample, store, fake_server)  # the second translation, learned rate
    assert summary.progress.calls == received
    assert abs(est.calls - received) <= 0.15 * received, (est.calls, received)


def test_paragraphs_answered_for_another_translation_are_not_counted(tmp_path, fake_server):
    store = Store(tmp_path / "db.sqlite")
    sample = load_sample()
    first = dataclasses.replace(sample, candidates=sample.candidates[:1])
    run(first, store, fake_server)
    est, summary, received = run(sample, store, fake_server)
    second = service.RunRequest(project=dataclasses.replace(sample, candidates=sample.candidates[1:]),
                                judges=[JUDGE], provider=settings(fake_server))
    asked = service.estimate(second, service.plan(second, service.judge_options(second))).calls  # no store
    assert received < asked  # some paragraphs are the same in both translations: the cache answered them
    assert est.calls == received
