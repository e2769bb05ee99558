"""Running judges from the window: start a run of the chosen judges, say how it ended (skipped judges,
a missing key, a run that could not start), show a translation with findings after the first run, and
keep the cost estimate current (one estimate per burst of changes).

``RunActions`` is created by the main window with what it acts on (the document, the judge panel, the
run controller, the run bar) and two callbacks: one that raises the findings list, one that shows an
error; the window registers its methods as menu actions and never holds their logic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QSettings, QTimer

from litlens.ui.runs import choices
from litlens.ui.common.judge_texts import judge_text
from litlens.ui.settings.prefs import PROVIDER_TITLES

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.ui.common.document import Document
    from litlens.ui.runs.controller import RunController
    from litlens.ui.runs.judge_panel import JudgePanel
    from litlens.ui.runs.run_bar import RunBar

ESTIMATE_MS = 150  # one estimate per burst of checkbox/provider/text changes

# Errors whose message is already a sentence for the user; anything else is named as unexpected.
EXPECTED = ("TextReadError", "OpenError", "StoreError", "JudgeUnavailable", "UnknownJudge", "ValueError",
            "OSError", "FileNotFoundError", "UnicodeDecodeError", "LLMError")


def user_message(exc: BaseException) -> str:
    if type(exc).__name__ in EXPECTED or any(c.__name__ in EXPECTED for c in type(exc).__mro__):
        return str(exc)
    return f"Something unexpected went wrong ({type(exc).__name__}: {exc})."


class RunActions(QObject):
    def __init__(self, parent: QObject, document: Document, judge_panel: JudgePanel, runs: RunController,
                 run_bar: RunBar, qsettings: QSettings, show_findings: Callable[[], None],
                 show_error: Callable[[str, str], None]) -> None:
        super().__init__(parent)
        self.document, self.judge_panel, self.runs, self.run_bar = document, judge_panel, runs, run_bar
        self.qsettings, self.show_findings, self.show_error = qsettings, show_findings, show_error
        self.first_look = False  # a newly opened project whose first run the window started
        self._estimate_timer = QTimer(self)
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.setInterval(ESTIMATE_MS)
        self._estimate_timer.timeout.connect(self._estimate_now)
        runs.started.connect(run_bar.started)
        runs.progressed.connect(run_bar.show_progress)
        runs.finished.connect(run_bar.show_finished)  # before what follows adds its notices to the bar
        judge_panel.runRequested.connect(self.run_selected)
        judge_panel.settingsChanged.connect(self.estimate)
        runs.finished.connect(self._run_finished)
        runs.resultsArriving.connect(self._show_busiest_candidate)
        runs.estimated.connect(self._estimated)
        runs.keyMissing.connect(self._key_missing)
        self._key_said = ""  # the missing-key message the run bar shows, until the provider has a key
        document.projectChanged.connect(self.estimate)
        document.textEdited.connect(lambda *_: self.estimate())  # "1 paragraph changed — 3 calls"

    def stop(self) -> None:
        self._estimate_timer.stop()

    # ---- running ------------------------------------------------------------------------------------
    def run_selected(self) -> None:
        project = self.document.project
        if project is None:
            self.show_error(self.tr("Nothing to review"),
                            self.tr("Open a source and a translation first (File menu)."))
            return
        judges = self.judge_panel.selected()
        if not judges:
            self.run_bar.reset(self.tr("Choose at least one judge."))
            return
        if self.document.project_id:  # the next time this project opens, the same choices are made
            choices.remember_choices(self.qsettings, self.document.project_id, self.judge_panel)
        self.runs.start(self.judge_panel.request_factory(project), judges)

    def _run_finished(self, summary: object, error: BaseException | None) -> None:
        from litlens.app.run.service import RunFailed  # loaded by the run itself; not at the window's start
        if summary is not None and self.runs.skipped:
            names = ", ".join(judge_text(self.judge_panel.judges[j])[0] if j in self.judge_panel.judges else j
                              for j in self.runs.skipped)
            note = self.tr("Skipped (cannot run on this project): {0}").format(names)
            said = {j: QCoreApplication.translate("JudgeReasons", r) for j, r in self.runs.skipped.items()}
            self.run_bar.add_notice(note, "\n".join(f"{j}: {r}" for j, r in said.items()))
        if summary is None and error is not None and type(error).__name__ == "MissingKeyError":
            # a GUI user adds the key in Settings, not with the command the core's message names
            self._key_said = self._key_missing(self.judge_panel.provider_name())
            self.run_bar.say(self._key_said, problem=True)
        elif summary is None and isinstance(error, RunFailed):
            # the run started and its results could not be stored (disk full, read-only): not a choice to
            # fix before starting, but what happened to this run
            self.judge_panel.set_estimate(self.tr("The run failed: {0}").format(user_message(error)),
                                          problem=True)
        elif summary is None and error is not None:
            # a run that could not start (a bad model file, a missing key) is a choice to fix: say so
            # beside the Run button, in full; the status bar has room for one line only
            self.judge_panel.set_estimate(self.tr("The run could not start: {0}").format(user_message(error)),
                                          problem=True)
        if summary is not None:
            self.estimate()  # what the run stored is no longer to be asked: the estimate says so at once

    def _show_busiest_candidate(self, judgments: list[Judgment]) -> None:
        """After the first run on a newly opened project, show a translation that has findings: a
        first-time user should see what LitLens found, not an empty list under the first candidate.
        Chosen as the results arrive, before they are shown, so every view fills once, not twice."""
        doc = self.document
        if not self.first_look or doc.project is None:
            return
        self.first_look = False
        counts = {c.label: sum(len(j.spans) for j in judgments if j.candidate == c.label)
                  for c in doc.project.candidates}
        best = max(counts, key=lambda label: counts[label])
        if counts[best] and not counts.get(doc.candidate_label or ""):
            doc.set_candidate(best)
            self.show_findings()

    def estimate(self) -> None:
        self._estimate_timer.start()

    def _key_missing(self, provider: str) -> str:
        """Say beside Run (and in the run bar, if it named another provider's key) that ``provider`` has
        no API key yet, with the button to Settings; returns the message."""
        msg = self.tr("No API key for {0} yet. Add one in Settings › Providers.").format(
            PROVIDER_TITLES.get(provider, provider))
        self.judge_panel.set_estimate(msg, problem=True, fix_in_settings=True)
        if self._key_said and self.run_bar.label.text() == self._key_said:
            self.run_bar.say(msg, problem=True)
            self._key_said = msg
        return msg

    def _estimated(self, text: str, problem: bool) -> None:
        """The estimate beside Run; a missing key the run bar still names is gone once the current choice
        (another provider, a key added, no LLM judge) needs none."""
        self.judge_panel.set_estimate(text, problem)
        if self._key_said and self.run_bar.label.text() == self._key_said:
            self.run_bar.reset()
        self._key_said = ""

    def _estimate_now(self) -> None:
        if self.document.project is not None:
            self.runs.estimate(self.judge_panel.request_factory(self.document.project),
                               self.judge_panel.selected())
