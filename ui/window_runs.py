"""The main window's run actions: start a run of the chosen judges, say how it ended (skipped judges,
a missing key, a run that could not start), show a translation with findings after the first run, and
keep the cost estimate current. A mixin of MainWindow, kept apart so the window stays the wiring between
widgets; its strings are translated under "MainWindow" (see packaging/make_ts.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from litlens.ui import project_memory
from litlens.ui.judge_texts import judge_text
from litlens.ui.settings import PROVIDER_TITLES

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

# Errors whose message is already a sentence for the user; anything else is named as unexpected.
EXPECTED = ("TextReadError", "OpenError", "StoreError", "JudgeUnavailable", "UnknownJudge", "ValueError",
            "OSError", "FileNotFoundError", "UnicodeDecodeError", "LLMError")


def user_message(exc: BaseException) -> str:
    if type(exc).__name__ in EXPECTED or any(c.__name__ in EXPECTED for c in type(exc).__mro__):
        return str(exc)
    return f"Something unexpected went wrong ({type(exc).__name__}: {exc})."


class RunActions:
    """Needs ``document``, ``judge_panel``, ``runs``, ``run_bar``, ``results``, ``qsettings``,
    ``_estimate_timer`` and ``show_error`` from the window."""

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
            project_memory.remember_choices(self.qsettings, self.document.project_id, self.judge_panel)
        self.runs.start(self.judge_panel.request_factory(project), judges)

    def _run_finished(self, summary: object, error: BaseException | None) -> None:
        if summary is not None and self.runs.skipped:
            names = ", ".join(judge_text(self.judge_panel.judges[j])[0] if j in self.judge_panel.judges else j
                              for j in self.runs.skipped)
            note = self.tr("Skipped (cannot run on this project): {0}").format(names)
            said = {j: QCoreApplication.translate("JudgeReasons", r) for j, r in self.runs.skipped.items()}
            self.run_bar.add_notice(note, "\n".join(f"{j}: {r}" for j, r in said.items()))
        if summary is None and error is not None and type(error).__name__ == "MissingKeyError":
            # a GUI user adds the key in Settings, not with the command the core's message names
            provider = self.judge_panel.provider_name()
            msg = self.tr("No API key for {0} yet. Add one in Settings › Providers.").format(
                PROVIDER_TITLES.get(provider, provider))
            self.run_bar.say(msg, problem=True)
            self.judge_panel.set_estimate(msg, problem=True, fix_in_settings=True)
        elif summary is None and error is not None:
            # a run that could not start (a bad model file, a missing key) is a choice to fix: say so
            # beside the Run button, in full; the status bar has room for one line only
            self.judge_panel.set_estimate(self.tr("The run could not start: {0}").format(user_message(error)),
                                          problem=True)

    def _show_busiest_candidate(self, judgments: list[Judgment]) -> None:
        """After the first run on a newly opened project, show a translation that has findings: a
        first-time user should see what LitLens found, not an empty list under the first candidate.
        Chosen as the results arrive, before they are shown, so every view fills once, not twice."""
        doc = self.document
        if not getattr(self, "_first_look", False) or doc.project is None:
            return
        self._first_look = False
        counts = {c.label: sum(len(j.spans) for j in judgments if j.candidate == c.label)
                  for c in doc.project.candidates}
        best = max(counts, key=lambda label: counts[label])
        if counts[best] and not counts.get(doc.candidate_label or ""):
            doc.set_candidate(best)
            self.results.raise_page("findings")

    def _estimate(self) -> None:
        self._estimate_timer.start()

    def _estimate_now(self) -> None:
        if self.document.project is not None:
            self.runs.estimate(self.judge_panel.request_factory(self.document.project),
                               self.judge_panel.selected())
