"""The estimate beside Run: made once per choice at a time.

The window asks for an estimate at once and again after every burst of changes (the judge panel's
toggles, a run finishing), so two estimates of the same text and choice often overlap: the second waits
for the first one's answer instead of planning again, which would double the time (planning three LLM
judges on a few hundred paragraphs is a second of pure Python). Where the planning runs, and with
collection paused, is app.run.estimate_elsewhere's part.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from litlens.app.run.service import RunRequest

T = TypeVar("T")


def plan_key(request: RunRequest, revision: int) -> tuple[object, ...]:
    """What a plan depends on: the project (this object at this document revision), the judges, their
    options, the provider (its context window is checked) and the budget (checked against its price)."""
    return (id(request.project), revision, tuple(request.judges), repr(request.options),
            repr(request.provider), request.budget, request.sample, request.sample_temperature)


class SharedEstimates:
    """Estimates (a plan and what it counts) made on the calling worker thread: one asked while the same is
    being made on another worker is that one's answer, shared (planning only reads the project, and the
    analyser process that plans answers one request at a time: a second would wait and then plan again)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._making: dict[tuple[object, ...], Future[Any]] = {}
        self.made = 0  # answers made here (a shared one counts once): for tests and benches

    def shared(self, request: RunRequest, revision: int, make: Callable[[], T]) -> T:
        """``make()``, the estimate of ``request`` at ``revision``, unless the same is being made now: then
        that one's answer (or its error)."""
        key = plan_key(request, revision)
        with self._lock:
            making = self._making.get(key)
            if making is None:
                mine: Future[Any] = Future()
                self._making[key] = mine
        if making is not None:
            return making.result()
        try:
            answer = make()
            self.made += 1
            mine.set_result(answer)
            return answer
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        finally:
            with self._lock:
                del self._making[key]
