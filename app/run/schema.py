"""The database schema as ordered migrations (sqlite_utils.Migrations) that every Store applies on open.

Order rules: applied in the order they are registered here, each in a transaction, and never edited once
landed; a schema change is a new migration with the next number at the end of this file.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("litlens")


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["texts"].create({"id": int, "hash": str, "language": str, "content": str, "path": str,
                        "encoding": str}, pk="id")
    db["texts"].create_index(["hash"], unique=True)
    db["projects"].create({"id": int, "name": str, "created_at": float, "source_text_id": int,
                           "reference_text_id": int, "fingerprint": str}, pk="id",
                          foreign_keys=[("source_text_id", "texts", "id")])
    db["projects"].create_index(["fingerprint"])
    db["candidates"].create({"id": int, "project_id": int, "label": str, "text_id": int,
                             "position": int}, pk="id",
                            foreign_keys=[("project_id", "projects", "id"), ("text_id", "texts", "id")])
    db["candidates"].create_index(["project_id", "label"], unique=True)
    db["runs"].create({"id": int, "project_id": int, "judges": str, "provider": str, "model": str,
                       "options": str, "budget": float, "status": str, "started_at": float,
                       "finished_at": float, "units_total": int, "units_done": int, "units_failed": int,
                       "units_reused": int, "calls": int, "cache_hits": int, "input_tokens": int,
                       "output_tokens": int, "cost": float, "error": str}, pk="id",
                      foreign_keys=[("project_id", "projects", "id")])
    db["results"].create({"id": int, "judge": str, "unit": str, "prompt_version": str, "model": str,
                          "input_hash": str, "candidate": str, "paragraph": int, "status": str,
                          "data": str, "error": str, "raw": str, "created_at": float,
                          "run_id": int}, pk="id")
    db["results"].create_index(["judge", "unit", "prompt_version", "model", "input_hash"], unique=True)
    db["run_results"].create({"run_id": int, "result_id": int, "reused": int},
                             pk=("run_id", "result_id"))
    db["scores"].create({"id": int, "result_id": int, "dimension": str, "value": float,
                         "scale_min": float, "scale_max": float, "rationale": str}, pk="id",
                        foreign_keys=[("result_id", "results", "id")])
    db["scores"].create_index(["result_id"])
    db["spans"].create({"id": int, "result_id": int, "judge": str, "candidate": str, "paragraph": int,
                        "start": int, "end": int, "category": str, "severity": str, "quote": str,
                        "explanation": str, "suggestion": str, "source_start": int, "source_end": int,
                        "status": str, "data": str}, pk="id",
                       foreign_keys=[("result_id", "results", "id")])
    db["spans"].create_index(["result_id"])
    db["llm_calls"].create({"id": int, "request_hash": str, "provider": str, "model": str, "judge": str,
                            "prompt_version": str, "request": str, "response_text": str, "data": str,
                            "ok": int, "error": str, "input_tokens": int, "output_tokens": int,
                            "cost": float, "latency": float, "attempts": int, "created_at": float},
                           pk="id")
    db["llm_calls"].create_index(["request_hash"])


@migrations()
def m002_segment_ids(db: sqlite_utils.Database) -> None:
    db["texts"].add_column("segment_ids", str)


@migrations()
def m003_human_annotations(db: sqlite_utils.Database) -> None:
    # A reviewer's decisions sit beside the judges' spans and never overwrite them. ``span_id`` points at
    # the reviewed span (NULL for a finding the human added); ``action`` is accept|reject|edit|add.
    db["annotations"].create({"id": int, "project_id": int, "candidate": str, "span_id": int,
                              "judge": str, "action": str, "category": str, "severity": str,
                              "start": int, "end": int, "paragraph": int, "quote": str, "note": str,
                              "reviewer": str, "created_at": float, "updated_at": float}, pk="id",
                             foreign_keys=[("project_id", "projects", "id")])
    db["annotations"].create_index(["project_id", "candidate"])
    db["annotations"].create_index(["span_id"])


@migrations()
def m004_batches(db: sqlite_utils.Database) -> None:
    # Provider batch jobs (OpenAI Batch, Anthropic Message Batches): enough to resume after a restart.
    db["batches"].create({"id": int, "run_id": int, "provider": str, "model": str, "remote_id": str,
                          "status": str, "request_count": int, "requests": str, "created_at": float,
                          "updated_at": float, "error": str}, pk="id",
                         foreign_keys=[("run_id", "runs", "id")])
    db["batches"].create_index(["remote_id"])


@migrations()
def m005_results_per_run(db: sqlite_utils.Database) -> None:
    # A rerun used to overwrite a failed result in place, so an older run then showed the newer run's
    # error and raw answer. Each attempt is now its own row; the key stops being unique and lookups
    # take the newest ok row.
    for name in [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='index' AND "
                                          "tbl_name='results' AND sql LIKE '%UNIQUE%'").fetchall()]:
        db.execute(f'DROP INDEX "{name}"')
    db["results"].create_index(["judge", "unit", "prompt_version", "model", "input_hash"],
                               index_name="idx_results_key")


@migrations()
def m006_run_owner(db: sqlite_utils.Database) -> None:
    # Who runs a run (so a killed one shows as interrupted, see app.run.liveness), the provider
    # settings it used minus any key (so it can be resumed), and the run it resumed.
    for column, kind in (("pid", int), ("host", str), ("start_token", str), ("provider_settings", str),
                         ("resumed_from", int)):
        db["runs"].add_column(column, kind)


@migrations()
def m007_revisions(db: sqlite_utils.Database) -> None:
    # Edited candidates (issue 14). Revision 0 is the text the project was made from (candidates.text_id);
    # each save adds a numbered revision, and ``head`` says which one is current (undo moves it back).
    # A run records the revisions it judged, an annotation the revision its offsets refer to, so both
    # can be shown on a later text; ``commands`` is the project's persisted undo/redo stack.
    db["revisions"].create({"id": int, "project_id": int, "candidate": str, "number": int, "text_id": int,
                            "parent": int, "reason": str, "created_at": float}, pk="id",
                           foreign_keys=[("project_id", "projects", "id"), ("text_id", "texts", "id")])
    db["revisions"].create_index(["project_id", "candidate", "number"], unique=True)
    db["candidates"].add_column("head", int)
    db["runs"].add_column("revisions", str)
    db["annotations"].add_column("revision", int)
    db["annotations"].add_column("resolved_by", int)
    db["commands"].create({"id": int, "project_id": int, "label": str, "ops": str, "undone": int,
                           "created_at": float}, pk="id", foreign_keys=[("project_id", "projects", "id")])
    db["commands"].create_index(["project_id", "undone"])


@migrations()
def m008_reviewer_suggestion(db: sqlite_utils.Database) -> None:
    db["annotations"].add_column("suggestion", str)  # a reviewer's own replacement text for the span


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


@migrations()
def m011_chapters(db: sqlite_utils.Database) -> None:
    # A book opened as chapter files: each chapter's title and first source paragraph (chapters found
    # from headings in the text are not stored; they are read from the text again).
    db["chapters"].create({"project_id": int, "position": int, "title": str, "first_paragraph": int},
                          pk=("project_id", "position"))


@migrations()
def m012_speaker_corrections(db: sqlite_utils.Database) -> None:
    # A reviewer's speaker and listener for a turn of a candidate (app.run.speaker_corrections): the turn by
    # its offsets and its words, so a correction follows its quote onto a later revision; speaker NULL is
    # the reviewer saying "unknown". Undo restores rows whole (app.run.history, "row" operations).
    db["speaker_corrections"].create({"id": int, "project_id": int, "candidate": str, "start": int, "end": int,
                                      "quote": str, "speaker": str, "listener": str, "reviewer": str,
                                      "created_at": float, "updated_at": float}, pk="id",
                                     foreign_keys=[("project_id", "projects", "id")])
    db["speaker_corrections"].create_index(["project_id", "candidate"])


# ---- the schema's version (not a migration: new migrations still go above this line) ----------------
def known_migrations() -> tuple[str, ...]:
    """The names of the migrations this code has, in order (asked at call time, so a migration added
    below this function is counted too)."""
    return tuple(m.name for m in migrations.pending(sqlite_utils.Database(memory=True)))


def schema_version() -> int:
    """The schema version this code writes: the number of its migrations."""
    return len(known_migrations())


def stored_version(db: sqlite_utils.Database) -> int:
    """The schema version ``db`` was last written with: its ``user_version``, recorded by every Store that
    migrates it, or (for a database from before versions were recorded) the number of migrations applied."""
    applied = [m.name for m in migrations.applied(db)]
    return max(int(db.execute("PRAGMA user_version").fetchone()[0]), len(applied))


def unknown_migrations(db: sqlite_utils.Database) -> list[str]:
    """Migrations applied to ``db`` that this code does not have (a newer LitLens wrote them)."""
    known = set(known_migrations())
    return [m.name for m in migrations.applied(db) if m.name not in known]


def record_version(db: sqlite_utils.Database) -> None:
    """Note this code's schema version in ``db`` (after its migrations were applied)."""
    if int(db.execute("PRAGMA user_version").fetchone()[0]) < schema_version():
        db.execute(f"PRAGMA user_version = {schema_version():d}")
