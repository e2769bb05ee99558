"""What a worker builds for the window to keep is built with automatic collection paused and then frozen
(app.core.heap.kept_for_good), so no full collection walks it, on the worker while it grows or later
wherever one lands (issue 36 item 9: bench/first_run_latency.py --book --gc found a 75 ms full collection
on the run's thread, freeing nothing, while it read a book's results back and the GUI thread waited for
the GIL)."""

from __future__ import annotations

import gc
import threading

import pytest

from litlens.app.core import heap
from litlens.app.core.model import Judgment, Span


@pytest.fixture
def thawed():
    gc.unfreeze()
    assert gc.isenabled()
    yield
    gc.unfreeze()  # later tests start from an ordinary heap
    assert gc.isenabled() and not heap.paused()


def walked() -> set[int]:
    """Ids of what a collection would walk now (frozen objects are left out)."""
    return {id(o) for o in gc.get_objects()}


def test_collection_stays_paused_until_the_last_of_two_threads_leaves(thawed):
    entered, leave_first = threading.Event(), threading.Event()
    built: list[object] = []

    def first() -> None:
        with heap.kept_for_good():
            entered.set()
            built.append({"kept": [1, 2, 3]})
            leave_first.wait(10)

    worker = threading.Thread(target=first)
    worker.start()
    assert entered.wait(10)
    with heap.kept_for_good():
        assert not gc.isenabled()
        leave_first.set()
        worker.join(10)
        # the other thread is done, this body is not: collection is still paused, its build already frozen
        assert not gc.isenabled() and heap.paused()
        assert id(built[0]) not in walked()
        mine = {"also": [4, 5]}
    assert gc.isenabled() and not heap.paused()
    assert id(mine) not in walked()


def test_collection_stays_off_after_the_body_when_it_was_off_before(thawed):
    gc.disable()
    try:
        with heap.kept_for_good():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_finished_run_s_results_are_read_back_and_summarised_unwalked(qapp, thawed, monkeypatch):
    from litlens.ui.common import tasks
    seen: dict[str, bool] = {}

    def read_back(_db, _project):
        seen["reading, collection on"] = gc.isenabled()
        spans = [Span(judge="honorifics", category="register", severity="minor", start=i, end=i + 2,
                      quote="요", paragraph=i) for i in range(500)]
        return [Judgment(judge="honorifics", unit="whole", candidate="Draft", paragraph=None, spans=spans)], None

    def summarise(judgments):
        seen["summarising, collection on"] = gc.isenabled()
        return {"honorifics": []}

    monkeypatch.setattr(tasks, "load_project_state", read_back)
    monkeypatch.setattr(tasks, "summarize_here", summarise)
    posted: list = []

    class Bridge:
        def post(self, fn) -> None:
            posted.append(fn)

    task = tasks.RunTask(lambda: None, None, "unused.db", 1, 1, Bridge())
    outcomes: list = []
    task.finished.connect(outcomes.append)
    worker = threading.Thread(target=task._done_on_worker, args=(object(), None))  # a summary: it finished
    worker.start()
    worker.join(30)
    for fn in posted:
        fn()
    assert seen == {"reading, collection on": False, "summarising, collection on": False}
    assert gc.isenabled()
    (outcome,) = outcomes
    span = outcome.judgments[0].spans[0]
    assert gc.is_tracked(span) and id(span) not in walked()  # frozen: no collection walks the book's results
