"""The estimate's planning: no automatic collection while it plans and counts, the plan let go of before
collection resumes (app.run.estimate_elsewhere), and two overlapping estimates of the same choice are made
once (ui.runs.plans)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from litlens.app.core import heap
from litlens.app.run import estimate_elsewhere as elsewhere
from litlens.app.run import recheck as recheck_module
from litlens.app.run import service
from litlens.ui.runs import plans
from litlens.ui.runs.plans import SharedEstimates

from test_ui_latency import long_project


class _Unit:  # weakly referable, as a planned unit is
    def __init__(self, i: int) -> None:
        self.parts = [{"i": i}, [i]]


def _request(project=None, judges=("gemba-mqm",)):
    return service.RunRequest(project=project or long_project(3), judges=list(judges))


def test_no_collection_while_planning_and_counting(tmp_path, monkeypatch):
    inside = threading.Event()
    started: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and inside.is_set():
            started.append(info["generation"])

    def make(req, options=None) -> list[_Unit]:  # enough objects to start collections of every generation
        inside.set()
        return [_Unit(i) for i in range(300_000)]

    def count(request, planned, store) -> int:
        more = [_Unit(i) for i in range(100_000)]  # the estimate allocates too
        return len(planned) + len(more)

    def changed(store, request, planned) -> int:
        inside.clear()
        return len(planned)
    monkeypatch.setattr(service, "plan", make)
    monkeypatch.setattr(service, "estimate", count)
    monkeypatch.setattr(recheck_module, "recheck", changed)
    gc.collect()
    gc.callbacks.append(seen)
    try:
        counted = elsewhere.estimate_stored(_request(), str(tmp_path / "db.sqlite"), None)
    finally:
        gc.callbacks.remove(seen)
    assert counted == (400_000, 300_000)
    assert started == []
    assert gc.isenabled() and not heap.paused()


def test_the_plan_is_let_go_of_before_collection_resumes(tmp_path, monkeypatch):
    alive: list[weakref.ref] = []
    at_resume: list[bool] = []
    leave = heap._leave

    def watched(freeze: bool) -> None:
        at_resume.append(any(r() is not None for r in alive))
        leave(freeze)
    monkeypatch.setattr(heap, "_leave", watched)

    def make(request, options=None) -> list[_Unit]:
        units = [_Unit(i) for i in range(10)]
        alive.extend(weakref.ref(u) for u in units)
        return units
    monkeypatch.setattr(service, "plan", make)
    monkeypatch.setattr(service, "estimate", lambda request, planned, store: len(planned))
    monkeypatch.setattr(recheck_module, "recheck", lambda store, request, planned: len(planned))
    assert elsewhere.estimate_stored(_request(), str(tmp_path / "db.sqlite"), None) == (10, 10)
    assert at_resume == [False]


def test_an_estimate_asked_while_the_same_is_made_shares_it():
    shared, request = SharedEstimates(), _request()
    started, go = threading.Event(), threading.Event()
    made: list[int] = []

    def slow() -> list[_Unit]:
        made.append(1)
        started.set()
        assert go.wait(10)
        return [_Unit(1)]
    got: list[object] = []
    first = threading.Thread(target=lambda: got.append(shared.shared(request, 7, slow)))
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=lambda: got.append(shared.shared(request, 7, slow)))
    second.start()
    second.join(0.3)
    assert second.is_alive()  # waiting for the first answer, not making its own
    go.set()
    first.join(10)
    second.join(10)
    assert len(made) == 1 and shared.made == 1 and len(got) == 2 and got[0] is got[1]


def test_another_revision_or_choice_is_made_again():
    shared, project = SharedEstimates(), long_project(3)
    for revision, judges in ((1, ["gemba-mqm"]), (2, ["gemba-mqm"]), (2, ["da-mqm"]), (2, ["da-mqm"])):
        shared.shared(_request(project, judges), revision, lambda: [_Unit(0)])
    assert shared.made == 4  # one after another: nothing is kept once an answer is given


def test_a_failed_estimate_fails_and_the_next_one_is_made_again():
    shared, request = SharedEstimates(), _request()

    def broken():
        raise ValueError("no judge")
    with pytest.raises(ValueError):
        shared.shared(request, 1, broken)
    assert shared.shared(request, 1, lambda: 1) == 1


def test_the_estimate_is_the_run_services(tmp_path):
    from litlens.app.run.recheck import recheck
    from litlens.app.run.store import Store
    request = _request(judges=("honorifics",))
    db = tmp_path / "db.sqlite"
    est, check = elsewhere.estimate_stored(request, str(db), None)
    store = Store(db)
    planned = service.plan(request)
    assert (est, check) == (service.estimate(request, planned, store), recheck(store, request, planned))
    assert est.units == len(planned) > 0
    assert plans.plan_key(request, 1) != plans.plan_key(request, 2)
