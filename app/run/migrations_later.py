"""Store migrations from m009 on. app/run/store.py holds m001–m008 and is at the module size limit, so
later schema changes register here, on the same ``migrations`` set and in the same order rules: ordered
by registration, each in a transaction, never edited once landed (add the next number instead).

store.py imports this module at its end, after ``migrations`` exists, so every Store applies these too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from litlens.app.run.store import migrations

if TYPE_CHECKING:
    import sqlite_utils


@migrations()
def m009_exercise_attempts(db: sqlite_utils.Database) -> None:
    # A student's graded attempts at exercises (app.exercises.progress): one row per submission of an
    # annotation exercise or a speech-level drill, with its scores and, as JSON, the per-category counts
    # and confusions the progress view draws from. Keyed by the student's name, not by a project.
    db["exercise_attempts"].create({"id": int, "student": str, "exercise": str, "title": str, "kind": str,
                                    "created_at": float, "precision": float, "recall": float, "f1": float,
                                    "top_accuracy": float, "leaf_accuracy": float,
                                    "severity_agreement": float, "details": str}, pk="id")
    db["exercise_attempts"].create_index(["student", "created_at"])
