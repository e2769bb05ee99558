"""The local SQLite store: projects, texts, runs, per-unit results, and the LLM call cache/audit trail.

One writer per process; WAL so the GUI can read while a run writes. The schema is the ordered
migrations in app/run/schema.py. The store knows which text is each candidate's current one (the
``head`` revision) because loading a project needs it; saving and browsing revisions, review decisions
and undo build on the store in app/run/revisions.py, annotations.py and history.py.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from litlens.app.core import plain
from litlens.app.core.model import Judgment, Score, Span, Text, text_hash
from litlens.app.llm.scrub import scrub, scrub_value
from litlens.app.run.connection import connect, connect_read_only, default_db_path

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.llm.base import LLMRequest, LLMResponse


class StoreError(Exception):
    """The database could not be opened or is not a LitLens database."""


class StoreReadOnly(StoreError):
    """A write to a database this Store may only read (a read-only file, or one from a newer LitLens)."""


class Store:
    """Access to one LitLens database. Use one instance per thread (sqlite connections are per thread).

    ``read_only``: True opens the database for reading only; False refuses at once (StoreReadOnly) a
    database that cannot be written; None (the default) opens such a database read-only, so the commands
    that only read work on it, and refuses the first write with a message saying why. A database is
    read-only when its file or folder cannot be written, or when a newer LitLens wrote it (its schema
    version is above this code's: writing would corrupt what the newer code expects)."""

    def __init__(self, path: str | Path | None = None, *, read_only: bool | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.read_only_reason = ""  # why this Store may not write ("" when it may)
        self._lock = threading.Lock()
        if read_only:
            self._open_read_only("it was opened for reading only")
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not os.access(self.path, os.W_OK) or \
                    not os.access(self.path.parent, os.W_OK | os.X_OK):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            self.db = connect(self.path)
            from litlens.app.run import schema  # (sqlite_utils on the first Store: not at the window's start)
            newer = self._newer()
            if not newer:
                with self.write():  # several processes or threads may open a new database at once
                    schema.migrations.apply(self.db)
                    schema.record_version(self.db)
        except (sqlite3.DatabaseError, OSError) as exc:
            if self.path.exists() and _read_only_error(exc):
                if getattr(self, "db", None) is not None:
                    self.db.conn.close()
                self._open_read_only("the file is read-only", refuse=read_only is False)
                return
            raise StoreError(f"{self.path}: cannot open the LitLens database ({exc})") from None
        if newer:
            self.db.conn.close()
            self._open_read_only(newer, refuse=read_only is False)

    def _newer(self) -> str:
        """Why this database is too new for this code to write, or ""."""
        from litlens.app.run import schema
        found, mine = schema.stored_version(self.db), schema.schema_version()
        unknown = schema.unknown_migrations(self.db)
        if found <= mine and not unknown:
            return ""
        return (f"it was written by a newer LitLens (schema version {max(found, mine + len(unknown))}; this "
                f"LitLens knows versions up to {mine}); update LitLens to change it")

    def _open_read_only(self, reason: str, refuse: bool = False) -> None:
        if refuse:
            raise StoreReadOnly(f"{self.path}: cannot write to this database: {reason}.")
        if not self.path.exists():
            raise StoreError(f"{self.path}: no LitLens database here to read")
        try:
            self.db = connect_read_only(self.path)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot open the LitLens database ({exc})") from None
        self.read_only_reason = reason
        from litlens.app.run import schema
        if not reason.startswith("it was written by a newer") and schema.migrations.pending(self.db):
            self.db.conn.close()
            raise StoreError(f"{self.path}: this database is read-only and from an older LitLens; it must be "
                             "upgraded before it can be read: make it writable and open it once")

    def check_writable(self) -> None:
        """Raise StoreReadOnly, saying why, when this Store may not write."""
        if self.read_only_reason:
            raise StoreReadOnly(f"{self.path}: cannot write to this database, which is open read-only: "
                                f"{self.read_only_reason}.")

    def close(self) -> None:
        self.db.conn.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), so a competing
        writer waits for the busy timeout instead of failing when a read would turn into a write.
        Raises StoreReadOnly on a database open read-only."""
        self.check_writable()
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
    def save_text(self, text: Text) -> int:
        """The id of ``text`` in the texts table, inserting it when it is new (a text is stored once)."""
        thash = _identity(text)
        row = self.db.execute("SELECT id FROM texts WHERE hash = ?", [thash]).fetchone()
        if row:
            return int(row[0])
        return int(self.db["texts"].insert({
            "hash": thash, "language": text.language, "content": text.content, "path": text.path,
            "encoding": text.encoding,
            "segment_ids": json.dumps(text.segment_ids) if text.segment_ids else None}).last_pk)

    def text_id(self, text: Text) -> int | None:
        """The id of ``text`` in the texts table, or None when it was never stored."""
        row = self.db.execute("SELECT id FROM texts WHERE hash = ?", [_identity(text)]).fetchone()
        return int(row[0]) if row else None

    def load_text(self, text_id: int) -> Text:
        """A stored text exactly as stored (its offsets are what stored spans refer to, even when it
        predates NFC normalisation), split into paragraphs and sentences again."""
        from litlens.app.texts import text_from_string
        r = self.db["texts"].get(text_id)
        t = text_from_string(r["content"], r["language"], r["path"], normalise=False)
        t.encoding = r["encoding"]
        t.segment_ids = json.loads(r["segment_ids"]) if r.get("segment_ids") else []
        return t

    def save_project(self, project: Project) -> int:
        """Store a project; the same texts and labels map to the same project id (so runs resume)."""
        parts = [_identity(project.source), _identity(project.reference) if project.reference else ""]
        parts += [f"{c.label}={_identity(c.text)}" for c in project.candidates]
        fingerprint = text_hash(project.name, *parts)
        def stored() -> int | None:
            row = self.db.execute("SELECT id FROM projects WHERE fingerprint = ? ORDER BY id LIMIT 1",
                                  [fingerprint]).fetchone() or self._edited(project)
            return int(row[0]) if row else None
        if (pid := stored()) is None:
            with self.write():  # asked again under the lock: another connection may have saved it meanwhile,
                if (pid := stored()) is None:  # and a second copy would get the results of half the runs
                    src = self.save_text(project.source)
                    ref = self.save_text(project.reference) if project.reference is not None else None
                    pid = int(self.db["projects"].insert({
                        "name": project.name, "created_at": time.time(), "source_text_id": src,
                        "reference_text_id": ref, "fingerprint": fingerprint}).last_pk)
                    for i, c in enumerate(project.candidates):
                        self.db["candidates"].insert({"project_id": pid, "label": c.label, "position": i,
                                                      "text_id": self.save_text(c.text)})
                    self.db["chapters"].insert_all([{"project_id": pid, "position": i, "title": ch.title,
                                                     "first_paragraph": ch.first}
                                                    for i, ch in enumerate(project.chapters)])
        project.id = pid
        return pid

    def _edited(self, project: Project) -> tuple[int] | None:
        """The stored project an edited ``project`` still is: its id, when the name and source match.

        Editing a candidate changes the project's fingerprint; the project keeps its id and its edits
        become that project's revisions instead of a new project."""
        if project.id is None:
            return None
        row = self.db.execute("SELECT p.id FROM projects p JOIN texts t ON t.id = p.source_text_id "
                              "WHERE p.id = ? AND p.name = ? AND t.hash = ?",
                              [project.id, project.name, _identity(project.source)]).fetchone()
        return (int(row[0]),) if row else None

    def load_project(self, project_id: int) -> Project:
        """Rebuild a stored project (texts re-segmented and re-aligned exactly as when it was saved)."""
        from sqlite_utils.db import NotFoundError

        from litlens.app.texts import build_project
        try:
            p = self.db["projects"].get(project_id)
        except NotFoundError:
            raise StoreError(f"no project with id {project_id}") from None
        cands = [(r["label"], self.load_text(head_text_id(self, r))) for r in
                 self.db["candidates"].rows_where("project_id = ?", [project_id], order_by="position")]
        ref = self.load_text(p["reference_text_id"]) if p["reference_text_id"] else None
        project = build_project(p["name"], self.load_text(p["source_text_id"]), cands, ref)
        project.id = project_id
        from litlens.app.texts.chapters import Chapter
        project.chapters = [Chapter(r["title"], r["first_paragraph"]) for r in
                            self.db["chapters"].rows_where("project_id = ?", [project_id], order_by="position")]
        return project

    def list_projects(self) -> list[dict[str, Any]]:
        return list(self.db["projects"].rows_where(order_by="id desc"))

    # ---- runs ----------------------------------------------------------------------------------
    def start_run(self, project_id: int, judges: list[str], provider: str, model: str,
                  options: dict[str, Any], budget: float | None, units_total: int, *,
                  provider_settings: dict[str, Any] | None = None, resumed_from: int | None = None) -> int:
        from litlens.app.run.liveness import current_owner
        self.check_writable()
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
        self.check_writable()
        self.db["runs"].update(run_id, fields)

    # Runs are read through liveness.effective, so every reader (CLI, reports, the window) shows a run
    # whose process died as "interrupted" rather than "running" for ever.
    def get_run(self, run_id: int) -> dict[str, Any]:
        from sqlite_utils.db import NotFoundError

        from litlens.app.run.liveness import effective
        try:
            return effective(self.db["runs"].get(run_id))
        except NotFoundError:
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

    def stored_ok(self, judge: str, prompt_version: str, model: str,
                  units: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
        """Those of ``units`` ((unit, input_hash) pairs) that ``find_result`` would find: one query for all of
        them, answered in one row. An estimate asked one query a unit (16,000 for three judges on 360
        paragraphs), and sqlite lets go of the GIL around every statement and row: a worker that lets go and
        takes it back that often keeps the window's thread from ever being handed it (bench/first_run_latency.py)."""
        wanted = set(units)
        (found,) = self.db.execute(
            "SELECT json_group_array(json_array(unit, input_hash)) FROM results WHERE judge=? AND "
            "prompt_version=? AND model=? AND status='ok' AND input_hash IN (SELECT value FROM json_each(?))",
            [judge, prompt_version, model, json.dumps(sorted({h for _, h in wanted}))]).fetchone()
        return {(unit, input_hash) for unit, input_hash in json.loads(found)} & wanted

    def answered_inputs(self, judge: str, prompt_version: str, model: str, hashes: Iterable[str]) -> set[str]:
        """Those of ``hashes`` for which ``answered`` is true, in one query answered in one row (see stored_ok)."""
        wanted = set(hashes)
        (found,) = self.db.execute(
            "SELECT json_group_array(DISTINCT input_hash) FROM results WHERE judge=? AND prompt_version=? "
            "AND model=? AND status='ok' AND input_hash IN (SELECT value FROM json_each(?))",
            [judge, prompt_version, model, json.dumps(sorted(wanted))]).fetchone()
        return set(json.loads(found)) & wanted

    def answered(self, judge: str, prompt_version: str, model: str, input_hash: str) -> bool:
        """Whether any unit of ``judge`` (another translation's, say) has an ok result for these inputs: its
        requests were answered, and the response cache answers them again."""
        return self.db.execute(
            "SELECT 1 FROM results WHERE judge=? AND prompt_version=? AND model=? AND input_hash=? "
            "AND status='ok' LIMIT 1", [judge, prompt_version, model, input_hash]).fetchone() is not None

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
        self.check_writable()
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
        self.check_writable()
        with self._lock:
            self.db["llm_calls"].insert({
                "request_hash": key, "provider": provider, "model": response.model or "",
                "judge": request.judge, "prompt_version": request.prompt_version,
                "request": scrub(json.dumps(asdict(request), ensure_ascii=False)),
                "response_text": response.text,
                "data": json.dumps(response.data, ensure_ascii=False) if response.data is not None else None,
                "ok": 1 if response.ok else 0, "error": response.error,
                "input_tokens": response.input_tokens, "output_tokens": response.output_tokens,
                "cost": response.cost, "latency": response.latency, "attempts": response.attempts,
                "created_at": time.time()})

    def integrity_ok(self) -> bool:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _read_only_error(exc: BaseException) -> bool:
    """Whether opening failed because the file (or its folder, or the file system) cannot be written."""
    text = str(exc).lower()
    return isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text or \
        "unable to open" in text


def head_text_id(store: Store, candidate_row: dict[str, Any]) -> int:
    """The text id of a candidate's current revision (its first text when it was never edited)."""
    number = candidate_row.get("head") or 0
    if not number:
        return int(candidate_row["text_id"])
    row = store.db.execute("SELECT text_id FROM revisions WHERE project_id = ? AND candidate = ? AND number = ?",
                           [candidate_row["project_id"], candidate_row["label"], number]).fetchone()
    return int(row[0]) if row else int(candidate_row["text_id"])


def _identity(text: Text) -> str:
    """A text's key in the store: language and content, plus its segment IDs when it has them."""
    return text.hash if not text.segment_ids else text_hash(text.hash, *text.segment_ids)


def judgment_to_json(j: Judgment) -> str:
    # asdict's text without its copy of every value, made in pieces: a book's result is megabytes of JSON
    return plain.dumps(j, ensure_ascii=False, pieces=True)


def judgment_from_json(data: str) -> Judgment:
    """A stored judgment, read so that no stored value can break a reader (app.run.validation.readable)."""
    from litlens.app.core.json_chunks import loads
    from litlens.app.run.validation import readable
    d = readable(loads(data))  # a book's result decoded in pieces: other threads (the GUI's) keep running
    d["scores"] = [Score(**s) for s in d.get("scores", [])]
    d["spans"] = [Span(**s) for s in d.get("spans", [])]
    return Judgment(**d)
