"""Review › Check the suggested fixes… and Review › Apply all verified fixes.

Checking asks the pairwise verifier (app.fixes.verify) about every open finding of the current translation
whose correction can be applied, after saying what it costs (the estimate counts two calls a fix, less
those already answered); the verdicts appear in the findings list and its detail pane. Applying writes
every verified fix of the translation as one revision with one undo (app.fixes.apply_many). Both run on
a worker; the provider is the judge panel's choice, within its budget."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QWidget

from litlens.app.core.counts import counted, one_or_many
from litlens.app.mqm import states
from litlens.app.run.corrections import can_apply
from litlens.ui.review.findings_list import identity

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.fixes.verify import FixEstimate
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.review.findings_list import FindingsList


def estimate_text(est: FixEstimate, model: str) -> str:
    unknown = QCoreApplication.translate("FixActions", "price of {0} unknown")
    cost = f"≤ ${est.cost:.4f}" if est.cost is not None else unknown.format(model)
    calls = counted(est.calls, QCoreApplication.translate("FixActions", "{0} verifier call"),
                    QCoreApplication.translate("FixActions", "{0} verifier calls"))
    tokens = QCoreApplication.translate("FixActions", "about {0} tokens in, {1} out").format(
        est.input_tokens, est.output_tokens)
    text = " · ".join((calls, tokens, cost))
    if est.cached:
        text += " · " + QCoreApplication.translate("FixActions", "{0} answered before (free)").format(est.cached)
    return text


class FixActions(QObject):
    checked = Signal(int)  # how many fixes have a verdict now
    applied = Signal(int)  # how many fixes one revision applied
    failed = Signal(str)

    def __init__(self, parent: QWidget, document: Document, findings: FindingsList, tasks: TaskRunner,
                 db_path: str | Path, provider_choice: Callable[[], dict[str, Any] | None],
                 budget: Callable[[], float], reload_texts: Callable[[str], None],
                 say: Callable[[str, int], None], reviewer: Callable[[], str] = lambda: "") -> None:
        super().__init__(parent)
        self.parent_widget, self.document, self.findings, self.tasks = parent, document, findings, tasks
        self.db_path, self.provider_choice, self.budget = db_path, provider_choice, budget
        self.reload_texts, self.say, self.reviewer = reload_texts, say, reviewer
        self.pending = 0
        self.last_estimate = ""
        self.check_action = QAction(self.tr("Check the suggested &fixes…"), parent)
        self.check_action.triggered.connect(self.check)
        self.apply_action = QAction(self.tr("Apply all &verified fixes"), parent)
        self.apply_action.triggered.connect(self.apply_verified)
        findings.applyVerifiedRequested.connect(self.apply_verified)
        findings.checksLoaded.connect(self.restore)  # verdicts found before come back from the cache

    def fixable(self) -> list[Span]:
        """The current translation's open judge findings whose correction could be written."""
        return [s for s in self.findings.spans() if s.judge != states.HUMAN and can_apply(s)
                and self.findings.status(s) == states.OPEN]

    def _fail(self, message: str) -> None:
        self.pending = max(0, self.pending - 1)
        self.failed.emit(message)
        self.say(message, 8000)

    def check(self) -> bool:
        """Estimate, ask, then verify every fixable finding (answers already cached cost nothing)."""
        doc, spans = self.document, self.fixable()
        choice = self.provider_choice()
        if doc.project is None or doc.candidate_label is None or not spans:
            self.say(self.tr("No open finding here has a correction to check."), 8000)
            return False
        if choice is None:
            self.say(self.tr("Checking fixes asks an LLM: choose a provider in the judge panel."), 8000)
            return False
        project, label, revision = doc.project, doc.candidate_label, doc.revision
        budget = self.budget() or None
        self.pending += 1

        def estimate() -> tuple[Any, Any]:
            from litlens.app.fixes import verify
            from litlens.app.run.store import Store
            from litlens.ui.runs.judge_panel import make_settings
            settings = make_settings(choice)
            store = Store(self.db_path)
            try:
                return settings, verify.estimate(settings, project, label, spans, store)
            finally:
                store.close()

        def asked(got: tuple[Any, Any]) -> None:
            settings, est = got
            self.last_estimate = estimate_text(est, settings.model)
            if est.calls and QMessageBox.question(
                    self.parent_widget, self.tr("Check the suggested fixes"),
                    one_or_many(len(spans), self.tr("Ask the verifier about {0} fix, in both orders?\n{1}"),
                                self.tr("Ask the verifier about {0} fixes, in both orders?\n{1}")).format(
                        len(spans), self.last_estimate)) != QMessageBox.StandardButton.Yes:
                self.pending -= 1
                return
            self._verify(settings, project, label, revision, spans, budget)
        return self.tasks.submit(estimate, asked, lambda exc: self._fail(str(exc))) is not None

    def _verify(self, settings: Any, project: Any, label: str, revision: int, spans: list[Span],
                budget: float | None) -> None:
        def work() -> list[Any]:
            from litlens.app.fixes import verify
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                return verify.check_fixes(settings, store, project, label, spans, budget)
            finally:
                store.close()

        def done(checks: list[Any]) -> None:
            self.pending -= 1
            if self.document.revision != revision:
                return  # the text changed meanwhile: these verdicts speak of another text
            self.findings.set_fix_checks({identity(s, label): c for s, c in zip(spans, checks)})
            verified = sum(1 for c in checks if c.verdict == "verified")
            self.say(one_or_many(len(checks), self.tr("Checked {0} fix: {1} verified."),
                                 self.tr("Checked {0} fixes: {1} verified.")).format(len(checks), verified), 8000)
            self.checked.emit(len(checks))
        self.tasks.submit(work, done, lambda exc: self._fail(
            self.tr("The fixes could not be checked: {0}").format(exc)))

    def restore(self) -> bool:
        """Show the verdicts already answered (both orders cached) for the open findings: nothing is asked,
        nothing is paid; a verdict is back after a restart."""
        doc, spans, choice = self.document, self.fixable(), self.provider_choice()
        if doc.project is None or doc.candidate_label is None or not spans or choice is None:
            return False
        project, label, revision = doc.project, doc.candidate_label, doc.revision

        def read() -> dict[int, Any]:
            from litlens.app.fixes import verify
            from litlens.app.run.store import Store
            from litlens.ui.runs.judge_panel import make_settings
            store = Store(self.db_path)
            try:
                return verify.cached_checks(make_settings(choice), store, project, label, spans)
            finally:
                store.close()

        def done(found: dict[int, Any]) -> None:
            known = {identity(spans[i], label): c for i, c in found.items()}
            fresh = {k: c for k, c in known.items()
                     if k not in self.findings.fix_checks or self.findings.fix_checks[k].verdict != c.verdict}
            if fresh and self.document.revision == revision:
                self.findings.set_fix_checks(fresh)
        return self.tasks.submit(read, done, lambda exc: None) is not None

    def apply_verified(self) -> bool:
        """Every verified fix of the current translation as one revision and one undo."""
        doc, spans = self.document, self.findings.verified_spans()
        label, cand = doc.candidate_label, doc.candidate
        if not spans or label is None or cand is None or doc.project_id is None:
            self.say(self.tr("No verified fix to apply: check the suggested fixes first."), 8000)
            return False
        items = [(s, sid) for s in spans if (sid := doc.span_id(s)) is not None]
        text, pid, reviewer = cand.text, doc.project_id, self.reviewer()
        self.pending += 1

        def work() -> Any:
            from litlens.app.fixes.apply_many import apply_fixes
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                return apply_fixes(store, pid, label, text, items, reviewer)
            finally:
                store.close()

        def done(result: Any) -> None:
            self.pending -= 1
            n = len(result.applied)
            message = self.tr("Applied {0} verified fixes as one revision (one undo).").format(n)
            if result.left_out:
                message += " " + self.tr("{0} left out: {1}").format(len(result.left_out),
                                                                     result.left_out[0][1])
            self.reload_texts(message)
            self.applied.emit(n)
        return self.tasks.submit(work, done, lambda exc: self._fail(str(exc))) is not None
