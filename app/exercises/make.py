"""Making an exercise from a project: choose paragraphs of one translation, take an answer key, and move
the key's offsets from the whole candidate into each paragraph.

Two keys: the instructor's review (findings accepted, corrected or added — what a teacher vouched for), or,
for self-study, findings on which two or more judges agree (overlapping spans in the same top-level MQM
branch, app.mqm.merge). A finding the exercise cannot hold (unlocated, across paragraphs, outside the MQM
hierarchy, on a paragraph not chosen) is left out and named in ``Exercise.notes``, never moved silently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from litlens.app import explanations
from litlens.app.exercises.model import Exercise, ExerciseError, ExerciseParagraph, Mark

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project, Span
    from litlens.app.run.annotations import Annotation

KEPT = ("accept", "edit", "add")


def reviewed_key(findings: Iterable[Span], decision: Callable[[Span], Annotation | None]) -> list[Span]:
    """The instructor's key: findings accepted as they were, corrected (as corrected) or added.

    ``decision`` gives the reviewer's current decision on a finding (None when it was not reviewed)."""
    out = []
    for span in findings:
        d = decision(span)
        if d is None or d.action not in KEPT:
            continue
        if d.action == "edit":
            span = dataclasses.replace(span, category=d.category, severity=d.severity,  # type: ignore[arg-type]
                                       start=d.start if d.start is not None else span.start,
                                       end=d.end if d.end is not None else span.end,
                                       explanation=d.note or span.explanation)
        elif d.note:  # the instructor's own words explain better than the judge's
            span = dataclasses.replace(span, explanation=d.note)
        out.append(span)
    return out


def agreed_key(findings: Iterable[Span], min_judges: int = 2) -> list[Span]:
    """Self-study key: one finding per group of overlapping findings (same MQM branch) that at least
    ``min_judges`` different judges reported; the group's most severe member stands for it, with every
    member's explanation joined."""
    from litlens.app.mqm.merge import group_findings
    out = []
    for g in group_findings([s for s in findings if s.located]):
        if len(g.judges) < min_judges:
            continue
        lead = g.primary
        why = " ".join(f"{judge}: {text}" for judge, text in g.explanations())
        out.append(dataclasses.replace(lead, explanation=why, data={**lead.data, "judges": g.judges}))
    return out


def _source_for(project: Project, candidate: Candidate, index: int) -> str:
    """The source text aligned with candidate paragraph ``index`` (joined when the row is n:m)."""
    src = project.source.paragraphs
    if candidate.alignment is not None:
        for pair in candidate.alignment.pairs:
            if index in pair.target:
                return "\n".join(src[i].text for i in pair.source if 0 <= i < len(src))
        return ""
    return src[index].text if index < len(src) else ""


def build(project: Project, candidate_label: str, paragraphs: Sequence[int], key: Iterable[Span], *,
          title: str = "", origin: str = "review", author: str = "", instructions: str = "",
          empty_key_hint: str = "Review some findings first (accept, correct or add), or take the key from "
                                "the judges' agreement.") -> Exercise:
    """An exercise of the chosen paragraphs (candidate paragraph indices, shown in the order given).

    ExerciseError when nothing of ``key`` lies in them (a key with nothing to grade against is refused,
    with ``empty_key_hint`` saying what to do)."""
    from litlens.app.mqm import typology as mqm
    cand = project.candidate(candidate_label)
    paras = cand.text.paragraphs
    chosen = list(dict.fromkeys(paragraphs))
    bad = [i for i in chosen if not 0 <= i < len(paras)]
    if not chosen or bad:
        raise ExerciseError("Choose one or more of the translation's paragraphs." if not chosen else
                            f"The translation has no paragraph {bad[0] + 1}.")
    position = {p: n for n, p in enumerate(chosen)}
    marks, notes = [], []
    for span in key:
        where = f"“{span.quote[:40]}” ({span.category}, {span.judge})"
        if not span.located:
            notes.append(f"{where}: not located in the text, left out.")
            continue
        category = mqm.in_hierarchy(span.category)  # a speech-level finding is Style › Register
        if category is None:
            notes.append(f"{where}: not an MQM category, left out.")
            continue
        home = next((i for i in chosen if paras[i].start <= span.start < paras[i].end), None)  # type: ignore[operator]
        if home is None:
            continue  # on a paragraph not chosen: nothing to say
        seg = paras[home]
        if span.end > seg.end:  # type: ignore[operator]
            notes.append(f"{where}: runs past its paragraph, left out.")
            continue
        judges = tuple(span.data.get("judges") or (span.judge,))
        explanation = span.explanation.strip()
        # the judge's own words travel with their template, for the student's interface language
        why = explanations.fragment_of(span.data) if explanations.renders_as(span.data, explanation) else None
        marks.append(Mark(position[home], span.start - seg.start, span.end - seg.start,  # type: ignore[operator]
                          category, span.severity, explanation, judges, why or {}))
    if not marks:  # nothing to grade against: every answer would score 0 or be undefined
        left = f" ({len(notes)} left out: {notes[0]}{' …' if len(notes) > 1 else ''})" if notes else ""
        raise ExerciseError(f"The answer key has no finding in these paragraphs{left}. {empty_key_hint}")
    marks.sort(key=lambda m: (m.paragraph, m.start, m.end))
    exercise = Exercise(
        title=title or f"{project.name} — {candidate_label}",
        paragraphs=[ExerciseParagraph(_source_for(project, cand, i), paras[i].text) for i in chosen],
        key=marks, source_language=project.source.language, target_language=cand.text.language,
        origin=origin, author=author, instructions=instructions, notes=notes)
    return exercise


def parse_range(text: str, count: int) -> list[int]:
    """``"2-5,7"`` (1-based, as people count paragraphs) as 0-based indices; ExerciseError when a number
    is out of range or the text is not a list of numbers and ranges."""
    out: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            raise ExerciseError(f"{part!r} is not a paragraph number or a range such as 2-5.") from None
        if not 1 <= a <= b <= count:
            raise ExerciseError(f"Paragraphs {part} are outside 1–{count}.")
        out.extend(range(a - 1, b))
    if not out:
        raise ExerciseError("Name at least one paragraph, e.g. 2-5.")
    return list(dict.fromkeys(out))
