"""The grade and its reasons in the interface language.

app.exercises.grading keeps each reason as data (GradeNote: kind, words, the key's and the student's
marks) and words it in English for the command line; here the same reasons are worded through Qt's
translation, with the category names and definitions in the interface language (the Learn view's
translations, context "Learning"), so a Korean student reads the whole grade in Korean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# the literal QCA.translate("ExerciseReasons", "…") calls below are what lupdate collects
from PySide6.QtCore import QCoreApplication as QCA

from litlens.app.exercises import grading
from litlens.app.mqm import typology as mqm
from litlens.ui.common.particles import settle as settle_particles
from litlens.ui.common.explain import shown_mark
from litlens.ui.common.judge_texts import category_name  # noqa: F401 - named here for the exercise views

if TYPE_CHECKING:
    from litlens.app.exercises.grading import Grade, GradeNote
    from litlens.app.exercises.model import Mark


def learning_text(text: str) -> str:
    """A category's name or definition, or a severity's meaning, in the interface language (the Learn
    view's translations)."""
    return QCA.translate("Learning", text)


_learning = learning_text


def category_definition(path: str) -> str:
    try:
        return _learning(mqm.typology().get(path).definition)
    except mqm.UnknownCategory:
        return ""


def severity_name(severity: str) -> str:
    names = {"critical": QCA.translate("ExerciseReasons", "critical"),
             "major": QCA.translate("ExerciseReasons", "major"),
             "minor": QCA.translate("ExerciseReasons", "minor"),
             "neutral": QCA.translate("ExerciseReasons", "neutral")}
    return names.get(severity, severity)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?", ")")) else text + "."


def _defined(path: str) -> str:
    definition, name = category_definition(path), category_name(path)
    if not definition:
        return _sentence(name)
    return _sentence(QCA.translate("ExerciseReasons", "{0}: {1}").format(name, definition))


def _why(mark: Mark) -> str:
    if not mark.explanation.strip():
        return ""
    return " " + QCA.translate("ExerciseReasons", "Why: {0}").format(_sentence(shown_mark(mark)))


def reason(note: GradeNote) -> str:
    """One reason, worded for the student in the interface language (with each Korean particle chosen
    from the word before it: “스물한”을, 정확성 › 오역으로)."""
    return settle_particles(_reason(note))


def _reason(note: GradeNote) -> str:
    q = f"“{note.quote}”" if note.quote else \
        QCA.translate("ExerciseReasons", "characters {0}–{1}").format(note.start, note.end)
    k, s = note.key, note.student
    if note.kind == grading.MISSED and k:
        text = QCA.translate("ExerciseReasons", "Missed: {0} is a {1} error in the key — {2}")
        return text.format(q, severity_name(k.severity), _defined(k.category)) + _why(k)
    if note.kind in (grading.WRONG_TOP, grading.WRONG_LEAF) and k and s:
        text = QCA.translate("ExerciseReasons", "Category: you named {0} {1}; the key has {2}").format(
            q, category_name(s.category), _defined(k.category)) + _why(k)
        if note.kind == grading.WRONG_LEAF:
            branch = QCA.translate("ExerciseReasons", "The branch ({0}) is right; the exact category is not.")
            text += " " + branch.format(category_name(grading.top(k.category)))
        meaning = category_definition(s.category) or category_name(s.category)
        return text + " " + QCA.translate("ExerciseReasons", "What you chose means: {0}").format(_sentence(meaning))
    if note.kind == grading.SEVERITY and k and s:
        meaning = _learning(mqm.typology().severities.get(k.severity, k.severity))
        text = QCA.translate("ExerciseReasons", "Severity: you rated {0} {1}; the key rates it {2} — {3}")
        return text.format(q, severity_name(s.severity), severity_name(k.severity), meaning)
    if note.kind == grading.EXTRA and s:
        meaning = category_definition(s.category) or category_name(s.category)
        text = QCA.translate("ExerciseReasons",
                             "Extra: the key has no error at {0}. You marked it {1}, which would mean: {2}")
        return text.format(q, category_name(s.category), _sentence(meaning))
    return note.text


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def summary(g: Grade) -> list[str]:
    """The grade's three summary lines in the interface language."""
    found = QCA.translate("ExerciseReasons", "Found {0} of {1} key findings; {2} of your {3} are not in the key.")
    spans = QCA.translate("ExerciseReasons", "Precision {0} · recall {1} · F1 {2}")
    names = QCA.translate("ExerciseReasons",
                          "Category right (top level) {0} · exact category {1} · severity agreed {2}")
    return [found.format(len(g.matches), g.key_count, len(g.extra), g.student_count),
            spans.format(percent(g.precision), percent(g.recall), percent(g.f1)),
            names.format(percent(g.top_accuracy), percent(g.leaf_accuracy), percent(g.severity_agreement))]


def kind_title(kind: str) -> str:
    """A heading for a mistake's kind (the Learn view)."""
    wrong = QCA.translate("ExerciseReasons", "Wrong category")
    return {grading.MISSED: QCA.translate("ExerciseReasons", "Missed"), grading.WRONG_TOP: wrong,
            grading.WRONG_LEAF: wrong, grading.EXTRA: QCA.translate("ExerciseReasons", "Extra"),
            grading.SEVERITY: QCA.translate("ExerciseReasons", "Severity")}.get(kind, kind)
