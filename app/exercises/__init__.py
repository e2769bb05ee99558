"""Exercises for students: paragraphs with an answer key, graded annotations, a speech-level drill and
progress over time. Qt-free; the window's exercise views (ui/exercises/) sit on top."""

from __future__ import annotations

from litlens.app.exercises.grading import Grade, GradeNote, grade
from litlens.app.exercises.model import Exercise, ExerciseError, ExerciseParagraph, Mark, dump, load, loads

__all__ = ["Exercise", "ExerciseError", "ExerciseParagraph", "Grade", "GradeNote", "Mark", "dump", "grade",
           "load", "loads"]
