"""Provider batch jobs as rows of the store's ``batches`` table: everything a fresh process needs to poll
and collect a job (remote id, the run, the provider settings and the full request of every line).

``requests`` holds JSON: {"settings": {...}, "requests": {custom_id: LLMRequest fields},
"outcomes": {custom_id: "ok" | "failed" | "retry"}, "totals": {calls, input_tokens, output_tokens, cost}}.
A custom id is the request's cache key, so a collected answer lands exactly where a later run looks.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from litlens.app.llm.base import LLMRequest
from litlens.app.run.store import Store

SUBMITTED, COLLECTED, FAILED = "submitted", "collected", "failed"
CLOSED = (COLLECTED, FAILED)
TOTAL_FIELDS = ("calls", "input_tokens", "output_tokens", "cost")


class BatchNotFound(Exception):
    """No batch job with that id is stored."""


@dataclass
class BatchRecord:
    id: int
    run_id: int
    provider: str
    model: str
    remote_id: str
    status: str
    request_count: int
    created_at: float
    updated_at: float
    error: str | None
    settings: dict[str, Any] = field(default_factory=dict)
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    outcomes: dict[str, str] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        return self.status not in CLOSED

    def llm_request(self, custom_id: str) -> LLMRequest:
        return LLMRequest(**self.requests[custom_id])

    def payload(self) -> str:
        return json.dumps({"settings": self.settings, "requests": self.requests, "outcomes": self.outcomes,
                           "totals": self.totals}, ensure_ascii=False)


def _from_row(row: dict[str, Any]) -> BatchRecord:
    doc = json.loads(row["requests"] or "{}")
    return BatchRecord(id=row["id"], run_id=row["run_id"], provider=row["provider"], model=row["model"],
                       remote_id=row["remote_id"], status=row["status"], request_count=row["request_count"],
                       created_at=row["created_at"], updated_at=row["updated_at"], error=row["error"],
                       settings=doc.get("settings", {}), requests=doc.get("requests", {}),
                       outcomes=doc.get("outcomes", {}), totals=doc.get("totals", {}))


def insert(store: Store, run_id: int, provider: str, model: str, remote_id: str, settings: dict[str, Any],
           requests: dict[str, LLMRequest]) -> BatchRecord:
    now = time.time()
    rec = BatchRecord(id=0, run_id=run_id, provider=provider, model=model, remote_id=remote_id,
                      status=SUBMITTED, request_count=len(requests), created_at=now, updated_at=now,
                      error=None, settings=settings, requests={k: asdict(r) for k, r in requests.items()})
    rec.id = int(store.db["batches"].insert({
        "run_id": run_id, "provider": provider, "model": model, "remote_id": remote_id, "status": SUBMITTED,
        "request_count": len(requests), "requests": rec.payload(), "created_at": now, "updated_at": now,
        "error": None}).last_pk)
    return rec


def load(store: Store, ref: int | str) -> BatchRecord:
    """A batch by local id (a number) or by the provider's id."""
    text = str(ref).strip()
    if text.isdigit():
        row = store.db.execute("SELECT id FROM batches WHERE id = ?", [int(text)]).fetchone()
    else:
        row = store.db.execute("SELECT id FROM batches WHERE remote_id = ? ORDER BY id DESC LIMIT 1",
                               [text]).fetchone()
    if row is None:
        raise BatchNotFound(f"no batch job {text!r} in this database (see `litlens batch status`)")
    return _from_row(store.db["batches"].get(int(row[0])))


def all_batches(store: Store, run_id: int | None = None) -> list[BatchRecord]:
    where, args = ("run_id = ?", [run_id]) if run_id is not None else (None, None)
    return [_from_row(r) for r in store.db["batches"].rows_where(where, args, order_by="id")]


def open_batches(store: Store) -> list[BatchRecord]:
    return [b for b in all_batches(store) if b.open]


def set_status(store: Store, batch_id: int, status: str, error: str | None = None) -> None:
    store.db["batches"].update(batch_id, {"status": status, "error": error, "updated_at": time.time()})


def close(store: Store, rec: BatchRecord, status: str) -> None:
    store.db["batches"].update(rec.id, {"status": status, "requests": rec.payload(), "error": rec.error,
                                        "updated_at": time.time()})


@contextmanager
def transaction(store: Store) -> Iterator[None]:
    """One write transaction taken up front, so two processes collecting the same job serialise and the
    second one sees the first one's work."""
    with store.write():
        yield


@dataclass
class RunHistory:
    """What this run's batch jobs already did: answered and failed keys, keys still in flight, totals."""

    answered: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)
    inflight: set[str] = field(default_factory=set)
    totals: dict[str, float] = field(default_factory=lambda: dict.fromkeys(TOTAL_FIELDS, 0.0))


def history(store: Store, run_id: int) -> RunHistory:
    h = RunHistory()
    for b in all_batches(store, run_id):
        if b.open:
            h.inflight.update(b.requests)
            continue
        h.answered.update(k for k, v in b.outcomes.items() if v == "ok")
        h.failed.update(k for k, v in b.outcomes.items() if v == "failed")
        for name in TOTAL_FIELDS:
            h.totals[name] += float(b.totals.get(name, 0))
    return h
