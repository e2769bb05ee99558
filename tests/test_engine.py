"""Engine and store: dependencies, resume, failures stored with raw text, cancel, budget stop."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

import pytest

from litlens.app.run.engine import Engine, PlannedUnit
from litlens.app.judges.base import Judge, Unit, UnitContext
from litlens.app.llm.base import BudgetExceeded, LLMRequest, LLMResponse
from litlens.app.core.model import Judgment, Project, Score, Segment, Span, Text
from litlens.app.run.store import Store


@dataclass
class Counters:
    calls: int = 0
    cache_hits: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float = 0.0


@dataclass
class FakeProvider:
    name: str = "fake"
    model: str = "m1"


@dataclass
class FakeClient:
    """Stands in for LLMClient: answers from a function, counts calls."""

    answer: object = None
    provider: FakeProvider = field(default_factory=FakeProvider)
    counters: Counters = field(default_factory=Counters)
    delay: float = 0.0

    async def __call__(self, request: LLMRequest) -> LLMResponse:
        self.counters.calls += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        out = self.answer(request) if callable(self.answer) else self.answer
        if isinstance(out, Exception):
            raise out
        return out


def _project() -> Project:
    t = Text("one\n\ntwo", "en", paragraphs=[Segment("paragraph", 0, 0, 3, "one"),
                                             Segment("paragraph", 1, 5, 8, "two")])
    return Project(name="p", source=t, candidates=[])


class ChainJudge(Judge):
    """Two steps per paragraph: 'q' (question) then 'a' (answer) which needs q's result."""

    id = "chain"
    name = "chain"
    description = "test judge"
    prompt_version = "t1"

    def plan(self, project, options):
        units = []
        for p in project.source.paragraphs:
            units.append(Unit(self.id, f"q{p.index}", f"h{p.index}", self._q(p), paragraph=p.index))
            units.append(Unit(self.id, f"a{p.index}", f"h{p.index}", self._a(p), paragraph=p.index,
                              depends_on=[f"q{p.index}"]))
        return units

    def _q(self, p):
        async def run(ctx: UnitContext) -> Judgment:
            r = await ctx.llm(LLMRequest(system="q", user=p.text))
            if not r.ok:
                return Judgment(self.id, f"q{p.index}", None, p.index, status="failed", error=r.error,
                                raw=r.text)
            return Judgment(self.id, f"q{p.index}", None, p.index, data={"q": r.data["v"]})
        return run

    def _a(self, p):
        async def run(ctx: UnitContext) -> Judgment:
            q = ctx.deps[f"q{p.index}"].data["q"]
            r = await ctx.llm(LLMRequest(system="a", user=q))
            return Judgment(self.id, f"a{p.index}", None, p.index,
                            scores=[Score("x", r.data["v"], 1, 3)],
                            spans=[Span("chain", "accuracy/mistranslation", "minor", "why", 0, 1, "o")])
        return run


def ok(v):
    return LLMResponse(text=f'{{"v": {v!r}}}', model="m1", data={"v": v})


def _run(store, client, plan, cancel=None, concurrency=4):
    project = _project()
    pid = store.save_project(project)
    run_id = store.start_run(pid, ["chain"], "fake", "m1", {}, None, len(plan))
    engine = Engine(store, client, concurrency=concurrency, cancel=cancel)
    return asyncio.run(engine.run(project, plan, run_id, {}))


def _plan():
    j = ChainJudge()
    return [PlannedUnit(j, u) for u in j.plan(_project(), {})]


def test_dependencies_run_in_order_and_results_are_stored(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    seen = []

    def answer(req):
        seen.append(req.system)
        return ok(2) if req.system == "a" else ok("question?")

    summary = _run(store, FakeClient(answer), _plan())
    assert summary.status == "done" and summary.progress.done == 4 and summary.progress.failed == 0
    results = store.results_for_run(summary.run_id)
    answers = [r for r in results if r.unit.startswith("a")]
    assert [s.value for r in answers for s in r.scores] == [2, 2]
    assert answers[0].spans[0].category == "accuracy/mistranslation"
    # every answer came after some question
    assert seen.index("a") > seen.index("q")
    assert store.integrity_ok()


def test_resume_skips_finished_units(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    client = FakeClient(lambda r: ok(2) if r.system == "a" else ok("q"))
    _run(store, client, _plan())
    assert client.counters.calls == 4
    client2 = FakeClient(lambda r: ok(2) if r.system == "a" else ok("q"))
    summary = _run(store, client2, _plan())
    assert client2.counters.calls == 0
    assert summary.progress.reused == 4
    assert len(store.results_for_run(summary.run_id)) == 4


def test_unparsable_answer_is_a_failure_with_raw_text_and_blocks_dependents(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    bad = LLMResponse(text="I think it is good", model="m1", data=None, error="not JSON")
    summary = _run(store, FakeClient(lambda r: bad if r.system == "q" else ok(3)), _plan())
    assert summary.status == "done"
    assert summary.progress.failed == 4
    results = store.results_for_run(summary.run_id)
    q = [r for r in results if r.unit == "q0"][0]
    assert q.status == "failed" and q.raw == "I think it is good" and not q.scores
    a = [r for r in results if r.unit == "a0"][0]
    assert a.status == "failed" and "needs failed" in a.error
    # no score rows exist for failed units
    assert store.db.execute("SELECT count(*) FROM scores").fetchone()[0] == 0
    # failures are retried on the next run, not reused
    client = FakeClient(lambda r: ok(2) if r.system == "a" else ok("q"))
    summary2 = _run(store, client, _plan())
    assert client.counters.calls == 4 and summary2.progress.failed == 0


def test_cancel_stops_the_run_and_keeps_finished_units(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    cancel = threading.Event()
    calls = []

    def answer(req):
        calls.append(1)
        if len(calls) == 2:
            cancel.set()
        return ok(2) if req.system == "a" else ok("q")

    summary = _run(store, FakeClient(answer, delay=0.01), _plan(), cancel=cancel, concurrency=1)
    assert summary.status == "cancelled"
    assert summary.progress.done < 4
    assert store.get_run(summary.run_id)["status"] == "cancelled"


def test_budget_stop_ends_the_run(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    n = []

    def answer(req):
        n.append(1)
        if len(n) > 1:
            return BudgetExceeded("next call would cross the $0.01 cap")
        return ok("q")

    summary = _run(store, FakeClient(answer), _plan(), concurrency=1)
    assert summary.status == "budget" and "cap" in summary.error
    assert store.get_run(summary.run_id)["status"] == "budget"


def test_judge_crash_fails_its_unit_only(tmp_path):
    store = Store(tmp_path / "db.sqlite")

    def answer(req):
        if req.system == "a" and req.user == "boom":
            raise ValueError("judge bug")  # raised inside the unit, as a judge bug would be
        return ok(2) if req.system == "a" else ok("boom" if req.user == "two" else "q")

    summary = _run(store, FakeClient(answer), _plan())
    assert summary.status == "done"
    assert summary.progress.failed == 1 and summary.progress.done == 4
    assert "internal error in chain: ValueError: judge bug" in summary.failures[0]


def test_project_is_saved_once_and_reloads(tmp_path):
    from litlens.app.texts import build_project, text_from_string
    store = Store(tmp_path / "db.sqlite")
    src = text_from_string("Hello there.\n\nGoodbye.", "en")
    cand = text_from_string("안녕하세요.\n\n잘 가요.", "ko")
    p = build_project("demo", src, [("A", cand)])
    pid = store.save_project(p)
    assert store.save_project(build_project("demo", src, [("A", cand)])) == pid
    back = store.load_project(pid)
    assert back.source.content == src.content and back.candidates[0].label == "A"
    assert len(back.candidates[0].text.paragraphs) == 2


def test_deferred_calls_leave_units_and_their_dependants_unfinished(tmp_path):
    from litlens.app.llm.base import CallDeferred
    store = Store(tmp_path / "db.sqlite")
    summary = _run(store, FakeClient(lambda r: CallDeferred("queued in batch 7")), _plan())
    assert summary.status == "deferred"
    assert summary.progress.deferred == 4 and summary.progress.failed == 0 and summary.progress.done == 0
    assert store.results_for_run(summary.run_id) == []
    # once answers are available the same plan finishes normally
    client = FakeClient(lambda r: ok(2) if r.system == "a" else ok("q"))
    assert _run(store, client, _plan()).status == "done"


def _long_project(n: int) -> Project:
    paras, pos = [], 0
    for i in range(n):
        paras.append(Segment("paragraph", i, pos, pos + 3, f"p{i}"))
        pos += 5
    return Project(name="long", source=Text("x" * pos, "en", paragraphs=paras), candidates=[])


def test_a_long_plan_streams_through_a_bounded_window_in_dependency_order(tmp_path):
    # A whole book must not become one task per unit: the window bounds the tasks alive at once, and a
    # plan listing answers before their questions still runs (the engine orders it first).
    from litlens.app.run.engine import WINDOW
    store = Store(tmp_path / "db.sqlite")
    project = _long_project(200)
    j = ChainJudge()
    units = [PlannedUnit(j, u) for u in j.plan(project, {})]
    plan = units[1::2] + units[0::2]  # every answer first
    alive = []

    def answer(req):
        alive.append(len(asyncio.all_tasks()))
        return ok(2) if req.system == "a" else ok("q")

    pid = store.save_project(project)
    run_id = store.start_run(pid, ["chain"], "fake", "m1", {}, None, len(plan))
    summary = asyncio.run(Engine(store, FakeClient(answer), concurrency=2).run(project, plan, run_id, {}))
    assert summary.status == "done" and summary.progress.done == 400 and summary.progress.failed == 0
    assert max(alive) <= WINDOW + 3  # the window, the run itself and its cancel watcher
    assert len(store.results_for_run(run_id)) == 400
