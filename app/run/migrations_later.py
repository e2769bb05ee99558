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


@migrations()
def m010_merge_duplicate_projects(db: sqlite_utils.Database) -> None:
    # Before save_project looked a new project up again under the write lock, two connections opening the
    # same new texts at once could each store a copy; a run's results then sat under the copy the window
    # does not read (it takes the oldest). Runs and decisions of a copy move to the oldest project with the
    # same fingerprint and the copy goes, unless it has edits of its own (revisions or undo history), which
    # are left where they are rather than guessed into another project's numbering.
    groups = db.execute("SELECT fingerprint, min(id) FROM projects WHERE fingerprint IS NOT NULL "
                        "GROUP BY fingerprint HAVING count(*) > 1").fetchall()
    for fingerprint, keep in groups:
        copies = [r[0] for r in db.execute("SELECT id FROM projects WHERE fingerprint = ? AND id != ?",
                                           [fingerprint, keep])]
        for copy in copies:
            edited = any(db.execute(f"SELECT 1 FROM {table} WHERE project_id = ? LIMIT 1", [copy]).fetchone()
                         for table in ("revisions", "commands"))
            if edited:
                continue
            for table in ("runs", "annotations"):
                db.execute(f"UPDATE {table} SET project_id = ? WHERE project_id = ?", [keep, copy])
            db.execute("DELETE FROM candidates WHERE project_id = ?", [copy])
            db.execute("DELETE FROM projects WHERE id = ?", [copy])
