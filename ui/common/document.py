"""The open project as the GUI sees it: the project, its revision, the chosen candidate and its results.

Every widget reads from here and listens to its signals. The revision grows whenever the texts change,
so work started for an older revision can be recognised and dropped.

A candidate paragraph can be edited in memory (``edit_paragraph``): findings move with their words or
are flagged outdated, and offsets of anything else shown (speech-level badges) are mapped through the
edits made since the results arrived. Storing edits as revisions is the store's job (issue 14).
"""

from __future__ import annotations

import dataclasses
import gc
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from litlens.app.run.annotations import HUMAN, Annotation, span_key
from litlens.app.core.model import Span
from litlens.app.mqm import states
from litlens.app.core.edits import ORIGIN, OUTDATED, Edit, reanchor, replace_paragraph

if TYPE_CHECKING:
    from litlens.app.run.annotations import SpanKey
    from litlens.app.core.model import Candidate, Judgment, Project
    from litlens.app.judges.payloads import Payload
    from litlens.ui.common.tasks import Review


FREEZE_FROM = 2_000  # findings in one delivery from which the heap is frozen after it


def freeze_heap() -> None:
    """Move every object alive now out of the collector's reach (``gc.freeze``): a book and its findings
    are long-lived, and a full collection walking them costs 50-100 ms in whatever frame it lands.

    Frozen objects are still freed by reference counting when the next project replaces them; only a
    reference cycle among them stays until the process ends (the price of never walking a book's heap).
    """
    gc.freeze()


class Document(QObject):
    projectChanged = Signal()
    candidateChanged = Signal(str)
    resultsChanged = Signal()
    reviewChanged = Signal()  # the reviewer's decisions, span ids or run history changed
    textEdited = Signal(str, int)  # candidate label, paragraph index: its text changed in memory
    # a project or results are about to be laid out (before the signals above): the window holds its
    # background work meanwhile (TaskRunner.quiet), whichever path shows them
    showing = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.revision = 0
        self.candidate_label: str | None = None
        self.judgments: list[Judgment] = []
        # payloads made from outside the judges' results (people's spans compared with the judges), shown
        # by the result views beside the judges' own: (whose, payload); cleared with the project
        self.extra_payloads: list[tuple[str, Payload]] = []
        self._results_ticket = -1
        self.project_id: int | None = None
        self.annotations: list[Annotation] = []
        self.span_ids: dict[SpanKey, int] = {}
        self.runs: list[dict] = []
        self.edits: dict[str, list[Edit]] = {}  # per candidate, edits made since the results arrived
        self.outdated_notes: set[int] = set()  # reviewer's added findings an edit overtook
        self.review_version = 0  # grows whenever what decision() answers may have changed
        self._latest: dict[int, Annotation] | None = None  # span id -> latest decision, built on demand
        self._by_id: dict[int, Annotation] = {}  # annotation id -> annotation (the reviewer's additions)

    def set_project(self, project: Project) -> None:
        self.showing.emit()
        self.project = project
        self.revision += 1
        self.judgments = []
        self.extra_payloads = []
        self._results_ticket = -1
        self.project_id = project.id
        self.annotations, self.span_ids, self.runs = [], {}, []
        self.edits, self.outdated_notes = {}, set()
        self._review_changed()
        self.candidate_label = project.candidates[0].label if project.candidates else None
        self.projectChanged.emit()
        self.resultsChanged.emit()
        self.reviewChanged.emit()
        freeze_heap()  # the project and the views built for it live until the next one

    @property
    def candidate(self) -> Candidate | None:
        if self.project is None or self.candidate_label is None:
            return None
        return self.project.candidate(self.candidate_label)

    def set_candidate(self, label: str) -> None:
        if label == self.candidate_label or self.project is None:
            return
        self.project.candidate(label)  # KeyError for a label this project does not have
        self.candidate_label = label
        self.candidateChanged.emit(label)

    def set_results(self, revision: int, ticket: int, judgments: list[Judgment],
                    summaries: dict[str, list[Payload]] | None = None) -> bool:
        """Show results computed for ``revision``; False (and nothing changes) when they are stale.

        ``ticket`` orders deliveries within a revision: a slow load that was asked for before a run
        must not replace the run's newer results when it arrives late. ``summaries``: the judges'
        payloads of ``judgments`` when a worker already made them (the views then do not, here).
        """
        if revision != self.revision or ticket < self._results_ticket:
            return False
        self.showing.emit()
        self._results_ticket = ticket
        self.judgments = list(judgments)
        if summaries is not None:
            from litlens.ui.common.payloads import prime
            prime(self.judgments, summaries)
        self.edits = {}  # results of this revision already speak of the edited texts
        self.resultsChanged.emit()
        if sum(len(j.spans) for j in self.judgments) >= FREEZE_FROM:
            freeze_heap()  # a book's findings and the rows made for them stay
        return True

    def add_payload(self, whose: str, payload: Payload) -> None:
        """Show ``payload`` in the result views beside the judges' (one per kind and source: a newer one
        with the same title replaces the older)."""
        self.extra_payloads = [(w, p) for w, p in self.extra_payloads
                               if not (type(p) is type(payload) and p.title == payload.title)]
        self.extra_payloads.append((whose, payload))
        self.resultsChanged.emit()

    def judgments_for(self, label: str | None) -> list[Judgment]:
        return [j for j in self.judgments if j.candidate == label]

    # ---- human review --------------------------------------------------------------------------
    def set_review(self, revision: int, review: Review) -> bool:
        """Show the stored review state loaded for ``revision``; False when it is stale."""
        if revision != self.revision:
            return False
        self.project_id = review.project_id
        annotations, span_ids = list(review.annotations), dict(review.span_ids)
        if annotations != self.annotations or span_ids != self.span_ids:
            self.annotations, self.span_ids = annotations, span_ids
            self._review_changed()
        self.runs = list(review.runs)
        self.reviewChanged.emit()
        return True

    def _review_changed(self) -> None:
        self._latest = None
        self.review_version += 1

    def _decisions(self) -> dict[int, Annotation]:
        """Each judged span's latest decision by span id, rebuilt in one pass after the review changed."""
        if self._latest is None:
            self._latest = {a.span_id: a for a in self.annotations if a.span_id is not None}
            self._by_id = {a.id: a for a in self.annotations if a.id is not None}
        return self._latest

    def edited_span_ids(self) -> set[int]:
        """Span ids the reviewer corrected (their painted range may differ from the judge's)."""
        return {sid for sid, a in self._decisions().items() if a.action == "edit"}

    def span_id(self, span: Span, candidate: str | None = None) -> int | None:
        origin = span.data.get(ORIGIN)
        if origin is not None:  # a finding an edit moved is still the stored finding it was
            span = dataclasses.replace(span, start=origin[0], end=origin[1])
        return self.span_ids.get(span_key(span, candidate or self.candidate_label or ""))

    def decision(self, span: Span, candidate: str | None = None) -> Annotation | None:
        """The reviewer's current decision on a judge's span (or the annotation behind a human one)."""
        latest = self._decisions()
        if span.judge == HUMAN:
            return self._by_id.get(span.data.get("annotation_id"))  # type: ignore[arg-type]
        sid = self.span_id(span, candidate)
        return None if sid is None else latest.get(sid)

    def human_spans(self, label: str | None) -> list[Span]:
        """Findings the reviewer added, as spans (judge "human") so every view treats them alike."""
        return [Span(judge=HUMAN, category=a.category, severity=a.severity, start=a.start,  # type: ignore[arg-type]
                     end=a.end, quote=a.quote, explanation=a.note, paragraph=a.paragraph,
                     data={"annotation_id": a.id, **({OUTDATED: True} if a.id in self.outdated_notes else {})})
                for a in self.annotations if a.action == "add" and a.candidate == label]

    def findings(self, label: str | None) -> list[Span]:
        """Every finding for a candidate: the judges' spans, then the reviewer's additions."""
        return [s for j in self.judgments_for(label) for s in j.spans] + self.human_spans(label)

    def status(self, span: Span, candidate: str | None = None) -> str:
        """The finding's review state, as the findings list and every export say it (app.mqm.states)."""
        decision = None if span.judge == HUMAN else self.decision(span, candidate)
        return states.finding_state(span, decision).status

    # ---- editing the candidate -------------------------------------------------------------------
    def edit_paragraph(self, label: str, index: int, text: str) -> None:
        """Replace paragraph ``index`` of candidate ``label`` in memory and move its findings with it.

        The revision grows, so work started on the old text is dropped when it reports back.
        """
        project = self.project
        if project is None:
            return
        cand = project.candidate(label)
        old = cand.text.content
        new_text, edit = replace_paragraph(cand.text, index, text)
        self.project = dataclasses.replace(project, candidates=[
            dataclasses.replace(c, text=new_text) if c.label == label else c for c in project.candidates])
        from litlens.app.run.revisions import carry_data  # as a reload from the store places them
        steps = [(old, edit)]
        # spans, and every offset in the results' data (speech-level sentences and turns, term occurrences):
        # left as they were, the Speech levels list showed an edited paragraph's sentences shifted by the edit
        self.judgments = [dataclasses.replace(j, spans=[reanchor(s, old, edit) for s in j.spans],
                                              data=carry_data(j.data, steps) if j.data else j.data)
                          if j.candidate == label and (j.spans or j.data) else j for j in self.judgments]
        self.annotations = [self._moved_note(a, old, edit) if a.candidate == label else a
                            for a in self.annotations]
        self._review_changed()
        self.edits.setdefault(label, []).append(edit)
        self.revision += 1
        self.textEdited.emit(label, index)
        self.resultsChanged.emit()

    def _moved_note(self, note: Annotation, old: str, edit: Edit) -> Annotation:
        """A reviewer's annotation with its offsets moved like a judge's finding would be."""
        if note.start is None or note.end is None:
            return note
        moved = reanchor(Span(judge=HUMAN, category=note.category, severity=note.severity,  # type: ignore[arg-type]
                              start=note.start, end=note.end), old, edit)
        if moved.data.get(OUTDATED) and note.id is not None and note.action == "add":
            self.outdated_notes.add(note.id)
        return dataclasses.replace(note, start=moved.start, end=moved.end)

    def outdated(self, span: Span) -> bool:
        """True when an edit removed the words this finding was about (it is kept, marked)."""
        return bool(span.data.get(OUTDATED))
