"""The local SQLite store: projects, texts, runs, per-unit results, and the LLM call cache/audit trail.

One writer per process; WAL so the GUI can read while a run writes. Schema changes are ordered
migrations (sqlite_utils.Migrations) that are never edited once landed: add a new one instead.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlite_utils
from sqlite_utils.migrations import Migrations

from litlens.app.run.connection import connect, default_db_path
from litlens.app.core.model import Judgment, Score, Span, Text, text_hash
from litlens.app.llm.scrub import scrub_value
from litlens.app.run.revisions import edited_project, head_text_id

if TYPE_CHECKING:
    from litlens.app.llm.base import LLMRequest, LLMResponse
    from litlens.app.core.model import Project

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


class StoreError(Exception):
    """The database could not be opened or is not a LitLens database."""


class Store:
    """Access to one LitLens database. Use one instance per thread (sqlite connections are per thread)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = connect(self.path)
            with self.write():  # several processes or threads may open a new database at once
                migrations.apply(self.db)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot open the LitLens database ({exc})") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        self.db.conn.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), so a competing
        writer waits for the busy timeout instead of failing when a read would turn into a write."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self.db.conn.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ---- texts and projects -------------------------------------------------------------------
    def _save_text(self, text: Text) -> int:
        thash = _identity(text)
        row = self.db.execute("SELECT id FROM texts WHERE hash = ?", [thash]).fetchone()
        if row:
            return int(row[0])
        return int(self.db["texts"].insert({
            "hash": thash, "language": text.language, "content": text.content, "path": text.path,
            "encoding": text.encoding,
            "segment_ids": json.dumps(text.segment_ids) if text.segment_ids else None}).last_pk)

    def save_project(self, project: Project) -> int:
        """Store a project; the same texts and labels map to the same project id (so runs resume)."""
        parts = [_identity(project.source), _identity(project.reference) if project.reference else ""]
        parts += [f"{c.label}={_identity(c.text)}" for c in project.candidates]
        fingerprint = text_hash(project.name, *parts)
        def stored() -> int | None:
            row = self.db.execute("SELECT id FROM projects WHERE fingerprint = ? ORDER BY id LIMIT 1",
                                  [fingerprint]).fetchone() or edited_project(self, project)
            return int(row[0]) if row else None
        if (pid := stored()) is None:
            with self.write():  # asked again under the lock: another connection may have saved it meanwhile,
                if (pid := stored()) is None:  # and a second copy would get the results of half the runs
                    src = self._save_text(project.source)
                    ref = self._save_text(project.reference) if project.reference is not None else None
                    pid = int(self.db["projects"].insert({
                        "name": project.name, "created_at": time.time(), "source_text_id": src,
                        "reference_text_id": ref, "fingerprint": fingerprint}).last_pk)
                    for i, c in enumerate(project.candidates):
                        self.db["candidates"].insert({"project_id": pid, "label": c.label, "position": i,
                                                      "text_id": self._save_text(c.text)})
        project.id = pid
        return pid

    def load_project(self, project_id: int) -> Project:
        """Rebuild a stored project (texts re-segmented and re-aligned exactly as when it was saved)."""
        from litlens.app.texts import build_project, text_from_string
        try:
            p = self.db["projects"].get(project_id)
        except sqlite_utils.db.NotFoundError:
            raise StoreError(f"no project with id {project_id}") from None

        def text(tid: int):
            r = self.db["texts"].get(tid)
            # exactly as stored: stored offsets refer to it, even if it predates NFC normalisation
            t = text_from_string(r["content"], r["language"], r["path"], normalise=False)
            t.encoding = r["encoding"]
            t.segment_ids = json.loads(r["segment_ids"]) if r.get("segment_ids") else []
            return t

        cands = [(r["label"], text(head_text_id(self, r))) for r in
                 self.db["candidates"].rows_where("project_id = ?", [project_id], order_by="position")]
        ref = text(p["reference_text_id"]) if p["reference_text_id"] else None
        project = build_project(p["name"], text(p["source_text_id"]), cands, ref)
        project.id = project_id
        return project

    def list_projects(self) -> list[dict[str, Any]]:
        return list(self.db["projects"].rows_where(order_by="id desc"))

    # ---- runs ----------------------------------------------------------------------------------
    def start_run(self, project_id: int, judges: list[str], provider: str, model: str,
                  options: dict[str, Any], budget: float | None, units_total: int, *,
                  provider_settings: dict[str, Any] | None = None, resumed_from: int | None = None) -> int:
        from litlens.app.run.liveness import current_owner
        settings = {k: v for k, v in (provider_settings or {}).items() if k != "api_key"}  # never a key
        return int(self.db["runs"].insert({
            **current_owner(), "resumed_from": resumed_from,
            "provider_settings": json.dumps(settings, default=str) if settings else None,
            "project_id": project_id, "judges": json.dumps(judges), "provider": provider, "model": model,
            "options": json.dumps(options, ensure_ascii=False, default=str), "budget": budget,
            "status": "running", "started_at": time.time(), "units_total": units_total, "units_done": 0,
            "units_failed": 0, "units_reused": 0, "calls": 0, "cache_hits": 0, "input_tokens": 0,
            "output_tokens": 0, "cost": 0.0, "error": None}).last_pk)

    def update_run(self, run_id: int, **fields: Any) -> None:
        self.db["runs"].update(run_id, fields)

    # Runs are read through liveness.effective, so every reader (CLI, reports, the window) shows a run
    # whose process died as "interrupted" rather than "running" for ever.
    def get_run(self, run_id: int) -> dict[str, Any]:
        from litlens.app.run.liveness import effective
        try:
            return effective(self.db["runs"].get(run_id))
        except sqlite_utils.db.NotFoundError:
            raise StoreError(f"no run with id {run_id}") from None

    def list_runs(self, project_id: int | None = None) -> list[dict[str, Any]]:
        from litlens.app.run.liveness import effective
        if project_id is None:
            return [effective(r) for r in self.db["runs"].rows_where(order_by="id desc")]
        return [effective(r) for r in self.db["runs"].rows_where("project_id = ?", [project_id],
                                                                 order_by="id desc")]

    # ---- results -------------------------------------------------------------------------------
    def find_result(self, judge: str, unit: str, prompt_version: str, model: str,
                    input_hash: str) -> tuple[int, Judgment] | None:
        """A finished (ok) result for exactly this key, or None. Failed results are never reused."""
        row = self.db.execute(
            "SELECT id, data FROM results WHERE judge=? AND unit=? AND prompt_version=? AND model=? "
            "AND input_hash=? AND status='ok' ORDER BY id DESC LIMIT 1",
            [judge, unit, prompt_version, model, input_hash]).fetchone()
        if not row:
            return None
        return int(row[0]), judgment_from_json(row[1])

    def save_result(self, run_id: int, judgment: Judgment, prompt_version: str, model: str,
                    input_hash: str) -> int:
        """Write one unit's result with its scores and spans in one transaction.

        Always a new row, even when an earlier run stored a failure for the same key: that row belongs
        to the earlier run, which must go on showing it (find_result picks the newest ok row)."""
        judgment = scrub_value(judgment)  # defence in depth: provider text was scrubbed on arrival
        data = judgment_to_json(judgment)
        with self._lock, self.write():
            rid = int(self.db["results"].insert({
                "judge": judgment.judge, "unit": judgment.unit, "prompt_version": prompt_version,
                "model": model, "input_hash": input_hash, "candidate": judgment.candidate,
                "paragraph": judgment.paragraph, "status": judgment.status, "data": data,
                "error": judgment.error, "raw": judgment.raw, "created_at": time.time(),
                "run_id": run_id}).last_pk)
            self.db["scores"].insert_all([{"result_id": rid, **asdict(s)} for s in judgment.scores])
            self.db["spans"].insert_all([{
                "result_id": rid, "judge": sp.judge, "candidate": judgment.candidate,
                "paragraph": sp.paragraph, "start": sp.start, "end": sp.end, "category": sp.category,
                "severity": sp.severity, "quote": sp.quote, "explanation": sp.explanation,
                "suggestion": sp.suggestion, "source_start": sp.source_start, "source_end": sp.source_end,
                "status": "located" if sp.located else "unlocated",
                "data": json.dumps(sp.data, ensure_ascii=False)} for sp in judgment.spans])
            self.db.execute("INSERT OR REPLACE INTO run_results (run_id, result_id, reused) VALUES (?,?,0)",
                            [run_id, rid])
        return rid

    def link_result(self, run_id: int, result_id: int) -> None:
        self.db.execute("INSERT OR IGNORE INTO run_results (run_id, result_id, reused) VALUES (?,?,1)",
                        [run_id, result_id])

    def results_for_run(self, run_id: int) -> list[Judgment]:
        rows = self.db.execute(
            "SELECT r.data FROM results r JOIN run_results rr ON rr.result_id = r.id WHERE rr.run_id = ? "
            "ORDER BY r.judge, r.candidate, r.paragraph, r.unit", [run_id]).fetchall()
        return [judgment_from_json(r[0]) for r in rows]

    def results_for_project(self, project_id: int) -> list[Judgment]:
        """Latest result of every unit any run of this project produced or reused (oldest first).

        A key tried several times (a failure, then a success on a rerun) has several rows; the newest
        one stands for the project."""
        rows = self.db.execute(
            "SELECT max(r.id) AS id, r.data FROM results r JOIN run_results rr ON rr.result_id = r.id "
            "JOIN runs ru ON ru.id = rr.run_id WHERE ru.project_id = ? "
            "GROUP BY r.judge, r.unit, r.prompt_version, r.model, r.input_hash ORDER BY id", [project_id]
        ).fetchall()
        return [judgment_from_json(r[1]) for r in rows]

    # ---- LLM response cache and audit trail (implements app.llm.base.ResponseCache) ------------
    def get(self, key: str) -> LLMResponse | None:
        from litlens.app.llm.base import LLMResponse
        row = self.db.execute(
            "SELECT response_text, data, model, input_tokens, output_tokens FROM llm_calls "
            "WHERE request_hash = ? AND ok = 1 ORDER BY id DESC LIMIT 1", [key]).fetchone()
        if not row:
            return None
        return LLMResponse(text=row[0], model=row[2], data=json.loads(row[1]), input_tokens=row[3],
                           output_tokens=row[4], cost=0.0, cached=True)

    def put(self, key: str, provider: str, request: LLMRequest, response: LLMResponse) -> None:
        response = scrub_value(response)  # defence in depth, as in save_result
        with self._lock:
            self.db["llm_calls"].insert({
                "request_hash": key, "provider": provider, "model": response.model or "",
                "judge": request.judge, "prompt_version": request.prompt_version,
                "request": json.dumps(asdict(request), ensure_ascii=False),
                "response_text": response.text,
                "data": json.dumps(response.data, ensure_ascii=False) if response.data is not None else None,
                "ok": 1 if response.ok else 0, "error": response.error,
                "input_tokens": response.input_tokens, "output_tokens": response.output_tokens,
                "cost": response.cost, "latency": response.latency, "attempts": response.attempts,
                "created_at": time.time()})

    def integrity_ok(self) -> bool:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _identity(text: Text) -> str:
    """A text's key in the store: language and content, plus its segment IDs when it has them."""
    return text.hash if not text.segment_ids else text_hash(text.hash, *text.segment_ids)


def judgment_to_json(j: Judgment) -> str:
    return json.dumps(asdict(j), ensure_ascii=False)


def judgment_from_json(data: str) -> Judgment:
    d = json.loads(data)
    d["scores"] = [Score(**s) for s in d.get("scores", [])]
    d["spans"] = [Span(**s) for s in d.get("spans", [])]
    return Judgment(**d)
from litlens.app.run import migrations_later  # noqa: E402,F401  (m009 on: this module is full)
