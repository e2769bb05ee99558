"""Planning for the estimate beside Run: once per choice at a time, and without full collections.

Planning three LLM judges on a few hundred paragraphs builds about 130,000 objects (units, rendered
prompts, requests) that the estimate drops once it has counted them. Built with automatic collection
running, they started full collections on the estimate's worker, each a walk of everything not frozen
that holds the GIL for its whole length: 190-380 ms of a frozen window in bench/first_run_latency.py
--gc. So planning and the estimate made from it run with collection paused
(app.core.heap.collection_paused) until the plan is let go of; what they drop is freed by reference
counting, and their few reference cycles by the next young collection.

The window asks for an estimate at once and again after every burst of changes (the judge panel's
toggles, a run finishing), so two estimates of the same text and choice often overlap: the second waits
for the first one's plan instead of making its own on the other worker, which would double the time and
the GIL the GUI thread competes for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

from litlens.app.core.heap import collection_paused

if TYPE_CHECKING:
    from litlens.app.run.engine import PlannedUnit
    from litlens.app.run.service import RunRequest

T = TypeVar("T")


def plan_key(request: RunRequest, revision: int) -> tuple[object, ...]:
    """What a plan depends on: the project (this object at this document revision), the judges, their
    options, the provider (its context window is checked) and the budget (checked against its price)."""
    return (id(request.project), revision, tuple(request.judges), repr(request.options),
            repr(request.provider), request.budget, request.sample, request.sample_temperature)


class SharedPlans:
    """Plans requests on the calling (worker) thread and hands each plan to ``use`` while collection is
    paused; a plan asked for while the same one is being made on another worker is that one's, shared
    (planning only reads the project; an estimate only reads the plan)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._making: dict[tuple[object, ...], Future[list[PlannedUnit]]] = {}
        self.made = 0  # plans made here (a shared one counts once): for tests and benches

    def use(self, request: RunRequest, revision: int, use: Callable[[list[PlannedUnit]], T],
            make: Callable[[RunRequest], list[PlannedUnit]] | None = None) -> T:
        """``use(plan)`` of ``request``'s plan, made by ``make`` (app.run.service.plan by default) unless
        the same plan is being made now. Collection stays paused until the plan is let go of: resumed
        while it was alive, the next young collection would walk all of it and promote it, and the full
        collection that follows would walk it again."""
        with collection_paused():
            return use(self._plan(request, revision, make or _plan))

    def _plan(self, request: RunRequest, revision: int,
              make: Callable[[RunRequest], list[PlannedUnit]]) -> list[PlannedUnit]:
        key = plan_key(request, revision)
        with self._lock:
            making = self._making.get(key)
            if making is None:
                mine: Future[list[PlannedUnit]] = Future()
                self._making[key] = mine
        if making is not None:
            return making.result()
        try:
            planned = make(request)
            self.made += 1
            mine.set_result(planned)
            return planned
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        finally:
            with self._lock:
                del self._making[key]


def _plan(request: RunRequest) -> list[PlannedUnit]:
    from litlens.app.run.service import plan
    return plan(request)
