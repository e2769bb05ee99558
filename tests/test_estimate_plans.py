"""The estimate's planning (ui.runs.plans): no automatic collection while it plans and counts, the plan
let go of before collection resumes, and two overlapping estimates of the same choice plan once."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from litlens.app.core import heap
from litlens.ui.runs import plans
from litlens.ui.runs.plans import SharedPlans

from test_ui_latency import long_project


class _Unit:  # weakly referable, as a planned unit is
    def __init__(self, i: int) -> None:
        self.parts = [{"i": i}, [i]]


def _request(project=None, judges=("gemba-mqm",)):
    from litlens.app.run.service import RunRequest
    return RunRequest(project=project or long_project(3), judges=list(judges))


def test_no_collection_while_planning_and_counting():
    request, inside = _request(), threading.Event()
    started: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and inside.is_set():
            started.append(info["generation"])

    def make(req) -> list[_Unit]:  # enough objects to start collections of every generation
        inside.set()
        return [_Unit(i) for i in range(300_000)]

    def count(planned: list[_Unit]) -> int:
        more = [_Unit(i) for i in range(100_000)]  # the estimate allocates too
        inside.clear()
        return len(planned) + len(more)
    gc.collect()
    gc.callbacks.append(seen)
    try:
        counted = SharedPlans().use(request, 1, count, make)
    finally:
        gc.callbacks.remove(seen)
    assert counted == 400_000
    assert started == []
    assert gc.isenabled() and not heap.paused()


def test_the_plan_is_let_go_of_before_collection_resumes(monkeypatch):
    alive: list[weakref.ref] = []
    at_resume: list[bool] = []
    leave = heap._leave

    def watched(freeze: bool) -> None:
        at_resume.append(any(r() is not None for r in alive))
        leave(freeze)
    monkeypatch.setattr(heap, "_leave", watched)

    def make(request) -> list[_Unit]:
        units = [_Unit(i) for i in range(10)]
        alive.extend(weakref.ref(u) for u in units)
        return units
    SharedPlans().use(_request(), 1, len, make)
    assert at_resume == [False]


def test_an_estimate_asked_while_the_same_plan_is_made_shares_it():
    shared, request = SharedPlans(), _request()
    started, go = threading.Event(), threading.Event()
    made: list[int] = []

    def slow(req) -> list[_Unit]:
        made.append(1)
        started.set()
        assert go.wait(10)
        return [_Unit(1)]
    got: list[object] = []
    first = threading.Thread(target=lambda: got.append(shared.use(request, 7, lambda p: p, slow)))
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=lambda: got.append(shared.use(request, 7, lambda p: p, slow)))
    second.start()
    second.join(0.3)
    assert second.is_alive()  # waiting for the first plan, not making its own
    go.set()
    first.join(10)
    second.join(10)
    assert len(made) == 1 and shared.made == 1 and len(got) == 2 and got[0] is got[1]


def test_another_revision_or_choice_is_planned_again():
    shared, project = SharedPlans(), long_project(3)
    for revision, judges in ((1, ["gemba-mqm"]), (2, ["gemba-mqm"]), (2, ["da-mqm"]), (2, ["da-mqm"])):
        shared.use(_request(project, judges), revision, len, lambda req: [_Unit(0)])
    assert shared.made == 4  # one after another: nothing is kept once a plan is let go of


def test_a_failed_plan_fails_its_estimate_and_the_next_one_plans_again():
    shared, request = SharedPlans(), _request()

    def broken(req):
        raise ValueError("no judge")
    with pytest.raises(ValueError):
        shared.use(request, 1, len, broken)
    assert shared.use(request, 1, len, lambda req: [_Unit(0)]) == 1
    assert gc.isenabled() and not heap.paused()


def test_the_default_plan_is_the_run_services():
    from litlens.app.run.service import plan
    request = _request(judges=("honorifics",))
    assert [p.qualified for p in SharedPlans().use(request, 1, list)] == [p.qualified for p in plan(request)]
    assert plans.plan_key(request, 1) != plans.plan_key(request, 2)
