"""A student's answers to an exercise as one JSON file (``.litlens-answers.json``): what the exercise
window's "Export answers…" writes and what ``litlens exercise grade`` reads.

    {"format": "litlens-answers", "version": 1,
     "exercise": "<the exercise's id>", "title": "…", "student": "Ana",
     "findings": [{"paragraph": 1, "start": 4, "end": 9, "category": "accuracy/mistranslation",
                   "severity": "major", "explanation": "optional note"}]}

``paragraph`` counts from 1 in the exercise's paragraph list, as people count and as every other LitLens
output numbers paragraphs (version 1 files, which counted from 0, are still read as they were written);
``start``/``end`` are character offsets ``[start, end)`` into that paragraph's translation.
Like an exercise, an answers file comes from someone else's computer and is checked field by field
(AnswersError names the first problem); ``exercise`` and ``title`` are optional, and when ``exercise``
names another exercise than the one graded the grader says so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from litlens.app.core.files import replaced_atomically
from litlens.app.exercises.grading import TooManyOverlaps, overlapping_pairs
from litlens.app.exercises.model import (MAX_MARKS, MAX_SHORT, Exercise, ExerciseError, Mark, get_field,
                                         parse_strict, read_mark, read_small_text)

FORMAT = "litlens-answers"
VERSION = 2
FIRST_PARAGRAPH = {1: 0, 2: 1}  # by format version: the number of the first paragraph
SUFFIX = ".litlens-answers.json"
MAX_BYTES = 4 * 1024 * 1024


class AnswersError(ValueError):
    """A file that is not a usable set of answers to this exercise; the message says why in one sentence."""


@dataclass
class Answers:
    student: str
    findings: list[Mark]
    exercise_id: str = ""
    title: str = ""
    path: str | None = None

    def matches(self, exercise: Exercise) -> bool:
        """False when the file says it answers another exercise (a file without an id is not judged)."""
        return not self.exercise_id or self.exercise_id == exercise.id


def to_json(exercise: Exercise, student: str, findings: list[Mark]) -> dict[str, Any]:
    first = FIRST_PARAGRAPH[VERSION]
    return {"format": FORMAT, "version": VERSION, "exercise": exercise.id, "title": exercise.title,
            "student": student, "findings": [{**m.to_json(), "paragraph": m.paragraph + first} for m in findings]}


def dump(exercise: Exercise, student: str, findings: list[Mark], path: str | Path) -> Path:
    target = Path(path)
    text = json.dumps(to_json(exercise, student, findings), ensure_ascii=False, indent=1)
    loads(text, exercise)  # answers we could not grade are never written
    with replaced_atomically(target) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return target


def load(path: str | Path, exercise: Exercise) -> Answers:
    p = Path(path)
    text = read_small_text(p, MAX_BYTES, AnswersError, "an answers file", "an answers file")
    answers = loads(text, exercise, name=p.name)
    answers.path = str(p)
    return answers


def loads(text: str, exercise: Exercise, name: str = "The file") -> Answers:
    """Parse answers and check every finding against ``exercise``'s paragraphs."""
    return parse_strict(text, name, AnswersError, "an answers file", lambda raw: _parse(raw, exercise))


def _parse(raw: Any, exercise: Exercise) -> Answers:
    if not isinstance(raw, dict):
        raise ExerciseError("it should be one JSON object")
    if raw.get("format") != FORMAT:
        raise ExerciseError(f"it is not marked as LitLens answers (format {raw.get('format')!r}, "
                            f"expected {FORMAT!r})")
    version = get_field(raw, "version", int, "the file")
    if not 1 <= version <= VERSION:
        raise ExerciseError(f"format version {version} is not one this LitLens reads (1–{VERSION})")
    findings_raw = get_field(raw, "findings", list, "the file")
    if len(findings_raw) > MAX_MARKS:
        raise ExerciseError(f"it has {len(findings_raw)} findings; at most {MAX_MARKS} are read")
    first = FIRST_PARAGRAPH[version]
    findings = [read_mark(_from_first(m, first), i, exercise.paragraphs, "finding")
                for i, m in enumerate(findings_raw, 1)]
    try:  # answers that could not be graded in bounded memory are refused here, where files are checked
        overlapping_pairs(exercise.key, findings)
    except TooManyOverlaps as exc:
        raise ExerciseError(f"{exc}; mark each error on its own words, not whole paragraphs") from None
    return Answers(student=" ".join(get_field(raw, "student", str, "the file", "", limit=200).split()),
                   findings=findings, exercise_id=get_field(raw, "exercise", str, "the file", "", limit=200),
                   title=get_field(raw, "title", str, "the file", "", limit=MAX_SHORT))


def _from_first(m: Any, first: int) -> Any:
    """A finding with its paragraph counted from 0 (as read_mark and the exercise's key count)."""
    if first and isinstance(m, dict) and isinstance(m.get("paragraph"), int) and \
            not isinstance(m.get("paragraph"), bool):
        return {**m, "paragraph": m["paragraph"] - first}
    return m
