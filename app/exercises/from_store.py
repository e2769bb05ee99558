"""Making an exercise from a stored run, without the window: the command line's ``litlens exercise make``.

The run fixes the texts (each candidate as that run judged it, app.run.revisions.project_for_run) and the
judges' findings; the instructor's review of the project (app.run.annotations) gives the reviewed key,
exactly as File › New exercise from project does with the review on screen (app.exercises.make). A
reviewed finding whose offsets refer to another revision of the translation, or whose words are no longer
where it points, is left out and named in ``Exercise.notes``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from litlens.app.exercises import make
from litlens.app.exercises.model import Exercise, ExerciseError

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.run.annotations import Annotation
    from litlens.app.run.store import Store


def run_findings(store: Store, run_id: int, candidate: str) -> list[Span]:
    """The judges' located and unlocated findings on ``candidate`` in the run."""
    return [s for j in store.results_for_run(run_id) if j.candidate == candidate and j.status == "ok"
            for s in j.spans]


def reviewed_from_store(store: Store, run: dict, candidate: str, findings: list[Span],
                        notes: list[str]) -> list[Span]:
    """The reviewed key of ``candidate``: accepted/corrected judge findings and the reviewer's additions,
    all on the revision the run judged (others are named in ``notes``)."""
    from litlens.app.core.model import Span
    from litlens.app.run.annotations import HUMAN, for_project, span_ids, span_key
    project_id = int(run["project_id"])
    judged = json.loads(run.get("revisions") or "{}").get(candidate, 0)
    annotations = for_project(store, project_id, candidate)
    ids = span_ids(store, project_id)
    latest: dict[int, Annotation] = {a.span_id: a for a in annotations if a.span_id is not None}

    def on_other_revision(a: Annotation) -> bool:
        return a.revision is not None and a.revision != judged

    def decision(span: Span) -> Annotation | None:
        a = latest.get(ids.get(span_key(span, candidate), -1))
        if a is not None and a.action == "edit" and a.start is not None and on_other_revision(a):
            notes.append(f"“{span.quote[:40]}”: corrected on another revision of the translation, left out.")
            return None
        return a

    added = []
    for a in annotations:
        if a.action != "add":
            continue
        if on_other_revision(a):
            notes.append(f"“{a.quote[:40]}” ({a.category}, added): made on another revision of the "
                         "translation than the run judged, left out.")
            continue
        added.append(Span(judge=HUMAN, category=a.category, severity=a.severity,  # type: ignore[arg-type]
                          start=a.start, end=a.end, quote=a.quote, explanation=a.note, paragraph=a.paragraph))
    return make.reviewed_key(findings, decision) + added


def latest_run(store: Store, project: str) -> int:
    """The newest run (not still running) of the project named ``project`` (or ``#ID``):
    what ``litlens exercise make PROJECT`` makes its exercise from. ExerciseError when there is none."""
    rows = store.list_projects()
    found = [r for r in rows if r["name"] == project] or [
        r for r in rows if r["name"].casefold() == project.casefold()]
    if not found and project.startswith("#") and project[1:].isdigit():
        found = [r for r in rows if r["id"] == int(project[1:])]
    if not found:
        names = ", ".join(sorted({r["name"] for r in rows})[:8]) or "none yet"
        raise ExerciseError(f"no project called {project!r} (stored projects: {names}); give its name, "
                            "#ID, or a run id")
    if len(found) > 1:
        raise ExerciseError(f"{len(found)} projects are called {project!r}: give one as #ID "
                            f"({', '.join('#' + str(r['id']) for r in found)}) or a run id")
    runs = [r for r in store.list_runs(found[0]["id"]) if r["status"] != "running"]
    if not runs:
        raise ExerciseError(f"project {project!r} has no finished run yet: run its judges first")
    return int(runs[0]["id"])


def exercise_from_run(store: Store, run_id: int, paragraphs: str, *, candidate: str | None = None,
                      agreed: bool = False, min_judges: int = 2, title: str = "", author: str = "",
                      instructions: str = "") -> Exercise:
    """An exercise of the run's candidate (the only one, or ``candidate``), paragraphs given as "2-5,7"."""
    from litlens.app.run.revisions import project_for_run
    run = store.get_run(run_id)
    project = project_for_run(store, run)
    labels = [c.label for c in project.candidates]
    if candidate is None:
        if len(labels) != 1:
            raise ExerciseError(f"run {run_id} has {len(labels)} translations ({', '.join(labels)}); "
                                "choose one with --candidate")
        candidate = labels[0]
    elif candidate not in labels:
        raise ExerciseError(f"run {run_id} has no translation {candidate!r} (it has {', '.join(labels)})")
    text = project.candidate(candidate).text
    chosen = make.parse_range(paragraphs, len(text.paragraphs))
    findings = run_findings(store, run_id, candidate)
    notes: list[str] = []
    if agreed:
        key = make.agreed_key([s for s in findings if s.judge != "human"], min_judges)
    else:
        key = reviewed_from_store(store, run, candidate, findings, notes)
    kept = []
    for span in key:  # words no longer where the finding points are never moved into a key
        if span.located and span.quote and text.content[span.start:span.end] != span.quote:  # type: ignore[misc]
            notes.append(f"“{span.quote[:40]}” ({span.category}): its words are not at its place in the text "
                         "the run judged, left out.")
            continue
        kept.append(span)
    hint = ("No judge of this run found anything in them: choose other paragraphs." if agreed and min_judges < 2
            else f"No finding in them has {min_judges} or more judges agreeing: choose other paragraphs, lower "
            "--min-judges, or review findings and leave out --agreed." if agreed else
            "Review some findings of this run first (accept, correct or add), or use --agreed or --all-findings.")
    exercise = make.build(project, candidate, chosen, kept, title=title, author=author,
                          origin="agreement" if agreed else "review", instructions=instructions,
                          empty_key_hint=hint)
    exercise.notes = notes + exercise.notes
    return exercise
