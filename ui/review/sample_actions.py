"""Run › Ask the judges again…: the window's way to ask the newest run's LLM judges N times in all (the run is
the first sample), as ``litlens meta-eval --samples N`` does (app.llm.samples: each sample has its own cache
and result keys, so it is stored, resumable and paid once). The cost is said before anything is asked; the
samples run on a worker one after another, and when they are stored the findings list shows each finding's
"found in k of N" and the detail pane each score's spread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget
from litlens.app.core.counts import counted
from litlens.app.core.run_numbers import project_numbers

if TYPE_CHECKING:
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner

MAX_SAMPLES = 10


def sampled_run(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest finished run that asked an LLM (a deterministic judge finds the same every time)."""
    return next((r for r in runs if r.get("status") == "done" and r.get("provider") not in (None, "offline")),
                None)


def plan_samples(db_path: str | Path, run_id: int, n: int) -> tuple[int, int, float | None]:
    """(LLM calls, units, cost upper bound or None when unpriced) of samples 1..n-1 of run ``run_id``."""
    from litlens.app.run import service
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        request = service.repeat_request(store, run_id)
    finally:
        store.close()
    calls = units = 0
    cost: float | None = 0.0
    for k in range(1, n):
        request.sample = k
        est = service.estimate(request, service.plan(request))
        calls, units = calls + est.calls, units + est.units
        cost = None if cost is None or est.cost is None else cost + est.cost
    return calls, units, cost


def ask_samples(db_path: str | Path, run_id: int, n: int, budget: float | None, adaptive: bool = False) -> Any:
    """Samples 1..n-1 of run ``run_id``, each a stored run (what is stored already is reused); adaptive:
    samples 2.. only where the first two disagree (app.run.sampling)."""
    from litlens.app.run.sampling import ask_again
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        return ask_again(store, run_id, n, adaptive=adaptive, budget=budget)
    finally:
        store.close()


class SampleActions(QObject):
    sampled = Signal(int)  # samples (the run included) now stored

    def __init__(self, parent: QWidget, document: Document, tasks: TaskRunner, db_path: str | Path,
                 budget: Callable[[], float], reload_results: Callable[[], None],
                 say: Callable[[str, int], None]) -> None:
        super().__init__(parent)
        self.parent_widget, self.document, self.tasks, self.db_path = parent, document, tasks, db_path
        self.budget, self.reload_results, self.say = budget, reload_results, say
        self.pending = 0
        self.last_estimate = ""
        self.action = QAction(self.tr("Ask the judges &again (stability)…"), parent)
        self.action.triggered.connect(lambda: self.ask())
        self.adaptive_action = QAction(self.tr("Ask again only where the first two answers &disagree…"), parent)
        self.adaptive_action.triggered.connect(lambda: self.ask(adaptive=True))

    def _numbers(self, run_ids: list[int]) -> list[int]:
        """The runs' numbers within the project, as the Runs dock shows them (not the store's ids); a run
        stored since the dock's list was read takes the next numbers."""
        known = project_numbers(self.document.runs)
        last = max(known.values(), default=0)
        for run_id in sorted(set(run_ids) - set(known)):
            last += 1
            known[run_id] = last
        return [known[run_id] for run_id in run_ids]

    def _number(self, run_id: int) -> int:
        return self._numbers([run_id])[0]

    def ask(self, n: int | None = None, adaptive: bool = False) -> bool:
        run = sampled_run(self.document.runs)
        if run is None:
            self.say(self.tr("Run an LLM judge first: its findings are what is asked again."), 8000)
            return False
        if n is None:
            n, ok = QInputDialog.getInt(self.parent_widget, self.tr("Ask the judges again"),
                                        self.tr("Ask the judges of run {0} how many times in all (the run "
                                                "is the first)?").format(self._number(int(run["id"]))),
                                        3, 2, MAX_SAMPLES)
            if not ok:
                return False
        run_id, db, budget = int(run["id"]), self.db_path, self.budget() or None
        self.pending += 1

        def estimated(got: tuple[int, int, float | None]) -> None:
            calls, units, cost = got
            price = f"≤ ${cost:.4f}" if cost is not None else self.tr("price unknown")
            self.last_estimate = " · ".join((
                counted(n - 1, self.tr("{0} more sample"), self.tr("{0} more samples")),
                counted(units, self.tr("{0} unit"), self.tr("{0} units")),
                counted(calls, self.tr("{0} LLM call"), self.tr("{0} LLM calls")),
                price)) + " " + self.tr("(samples already stored are reused, free)")
            if adaptive:
                self.last_estimate += "\n" + self.tr("At most: samples after the second ask only the paragraphs "
                                                      "whose first two answers disagree.")
            if QMessageBox.question(self.parent_widget, self.tr("Ask the judges again"),
                                    self.last_estimate) != QMessageBox.StandardButton.Yes:
                self.pending -= 1
                return
            self.say(counted(n - 1, self.tr("Asking the judges once more…"),
                             self.tr("Asking the judges {0} more times…")), 4000)
            self.tasks.submit(lambda: ask_samples(db, run_id, n, budget, adaptive), done, failed)

        def done(sampled: Any) -> None:
            self.pending -= 1
            runs = sampled.runs
            self.reload_results()
            if sampled.stopped:
                self.say(self.tr("Stopped: {0}.").format(sampled.stopped), 10000)
                return
            numbers = ", ".join(map(str, self._numbers([run_id, *runs])))
            self.say(self.tr("{0} samples stored (runs {1}); the findings list shows how often each finding "
                             "was found.").format(n, numbers), 10000)
            self.sampled.emit(n)

        def failed(exc: BaseException) -> None:
            self.pending -= 1
            self.say(self.tr("The judges could not be asked again: {0}").format(exc), 10000)
        return self.tasks.submit(lambda: plan_samples(db, run_id, n), estimated, failed) is not None
