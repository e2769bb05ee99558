"""Human review of findings: a reviewer's accept/reject/edit/add decisions, stored beside the judges' spans.

Decisions live in the ``annotations`` table (migration m003) and never touch a judge's stored span: an
edit is a new row that points at the span it corrects. One decision per reviewed span is current (a
later decision on the same span replaces the earlier one); added findings have no span. ``agreement``
compares the human's decisions with each judge, per category.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.run.store import Store

# "comment": a note on a judge's finding that decides nothing (a translator's answer from a review file);
# the finding stays open (app.mqm.states reads no state from it) and a later decision replaces it.
Action = Literal["accept", "reject", "edit", "add", "comment"]
ACTIONS: tuple[str, ...] = ("accept", "reject", "edit", "add", "comment")
HUMAN = "human"  # the judge name shown for findings a reviewer added
SpanKey = tuple[str, str, "int | None", "int | None", str, str, str]


class AnnotationError(ValueError):
    """A review decision that cannot be stored; the message says why in one sentence."""


@dataclass
class Annotation:
    project_id: int
    candidate: str
    action: str
    category: str
    severity: str
    start: int | None = None
    end: int | None = None
    span_id: int | None = None
    judge: str = HUMAN
    paragraph: int | None = None
    quote: str = ""
    note: str = ""
    reviewer: str = ""
    id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    revision: int | None = None  # the candidate revision its offsets refer to (None: the current one)
    resolved_by: int | None = None  # the revision that applied this finding's correction
    suggestion: str = ""  # the reviewer's replacement text (applied like a judge's suggestion)

    @property
    def resolved(self) -> bool:
        """The finding was fixed in the text by applying its suggestion (an accept that edited)."""
        return self.resolved_by is not None

    @property
    def agrees(self) -> bool:
        """The human kept the judge's finding (as it was, or corrected)."""
        return self.action in ("accept", "edit")


def span_key(span: Span, candidate: str) -> SpanKey:
    """What identifies a judge's span across loads (stored spans carry no id once read back as JSON)."""
    return (span.judge, candidate, span.start, span.end, span.category, span.severity, span.quote)


def span_ids(store: Store, project_id: int) -> dict[SpanKey, int]:
    """Stored span id for every span any run of the project produced (newest wins for duplicates)."""
    rows = store.db.execute(
        "SELECT s.id, s.judge, s.candidate, s.start, s.end, s.category, s.severity, s.quote FROM spans s "
        "JOIN run_results rr ON rr.result_id = s.result_id JOIN runs ru ON ru.id = rr.run_id "
        "WHERE ru.project_id = ? ORDER BY s.id", [project_id]).fetchall()
    return {(r[1], r[2] or "", r[3], r[4], r[5], r[6], r[7] or ""): int(r[0]) for r in rows}


def _check(a: Annotation) -> None:
    from litlens.app.core.model import SEVERITIES
    if a.action not in ACTIONS:
        raise AnnotationError(f"Unknown review action {a.action!r}; use one of {', '.join(ACTIONS)}.")
    if a.severity not in SEVERITIES:
        raise AnnotationError(f"Unknown severity {a.severity!r}; use one of {', '.join(SEVERITIES)}.")
    if not a.category.strip():
        raise AnnotationError("A finding needs a category.")
    if a.action == "add" and a.span_id is not None:
        raise AnnotationError("An added finding cannot point at a judge's span.")
    if a.action != "add" and a.span_id is None:
        raise AnnotationError("Only a stored finding can be accepted, rejected or edited.")
    if (a.start is None) != (a.end is None):
        raise AnnotationError("A finding's span needs both a start and an end.")
    if a.start is not None and a.end is not None and not 0 <= a.start < a.end:
        raise AnnotationError("A finding's span must cover at least one character.")


def save(store: Store, a: Annotation) -> Annotation:
    """Store a decision; a decision on a span replaces the earlier decision on that span. Returns it with
    its id and times set."""
    _check(a)
    now = time.time()
    row = {"project_id": a.project_id, "candidate": a.candidate, "span_id": a.span_id, "judge": a.judge,
           "action": a.action, "category": a.category, "severity": a.severity, "start": a.start,
           "end": a.end, "paragraph": a.paragraph, "quote": a.quote, "note": a.note,
           "reviewer": a.reviewer, "updated_at": now, "resolved_by": a.resolved_by,
           "suggestion": a.suggestion or None}
    if a.revision is None:  # offsets are taken on the text on screen, which is the current revision
        from litlens.app.run.candidate_texts import heads
        a.revision = heads(store, a.project_id).get(a.candidate, 0)
    row["revision"] = a.revision
    db = store.db
    with store.write():  # one writer: wait for a running judge's commit rather than fail; nested in a caller's
        old = None      # transaction (a bulk decision, an applied correction) it is a savepoint of it
        if a.span_id is not None:
            old = db.execute("SELECT id, created_at FROM annotations WHERE span_id = ? AND project_id = ? "
                             "ORDER BY id DESC LIMIT 1", [a.span_id, a.project_id]).fetchone()
        elif a.id is not None:
            old = db.execute("SELECT id, created_at FROM annotations WHERE id = ?", [a.id]).fetchone()
        if old:
            said = db.execute("SELECT action, note FROM annotations WHERE id = ?", [int(old[0])]).fetchone()
            if said and said[0] == "comment" and said[1] and not a.note:  # a decision keeps the answer
                row["note"] = a.note = said[1]
            db["annotations"].update(int(old[0]), row)
            a.id, a.created_at = int(old[0]), float(old[1])
        else:
            a.id = int(db["annotations"].insert({**row, "created_at": now}).last_pk)
            a.created_at = now
    a.updated_at = now
    return a


def delete(store: Store, annotation_id: int) -> None:
    """Withdraw a decision (the judge's span is untouched either way)."""
    store.db.execute("DELETE FROM annotations WHERE id = ?", [annotation_id])


def for_project(store: Store, project_id: int, candidate: str | None = None) -> list[Annotation]:
    where, args = "project_id = ?", [project_id]
    if candidate is not None:
        where, args = where + " AND candidate = ?", [*args, candidate]
    return [_from_row(r) for r in store.db["annotations"].rows_where(where, args, order_by="id")]


def _from_row(r: dict[str, Any]) -> Annotation:
    return Annotation(project_id=r["project_id"], candidate=r["candidate"], action=r["action"],
                      category=r["category"], severity=r["severity"], start=r["start"], end=r["end"],
                      span_id=r["span_id"], judge=r["judge"] or HUMAN, paragraph=r["paragraph"],
                      quote=r["quote"] or "", note=r["note"] or "", reviewer=r["reviewer"] or "",
                      id=r["id"], created_at=r["created_at"] or 0.0, updated_at=r["updated_at"] or 0.0,
                      revision=r.get("revision"), resolved_by=r.get("resolved_by"),
                      suggestion=r.get("suggestion") or "")


@dataclass
class Example:
    """A finding the user kept, for the learning view: its category, severity, quote, note and, for
    honorific findings, the speech level the judge saw."""

    category: str
    severity: str
    quote: str
    note: str
    judge: str
    data: dict[str, Any] = field(default_factory=dict)


def kept_examples(store: Store, limit: int = 500) -> list[Example]:
    """The user's accepted, corrected and added findings across every project, newest first."""
    rows = store.db.execute(
        "SELECT a.category, a.severity, a.quote, a.note, a.judge, s.data FROM annotations a "
        "LEFT JOIN spans s ON s.id = a.span_id WHERE a.action IN ('accept', 'edit', 'add') "
        "ORDER BY a.updated_at DESC LIMIT ?", [limit]).fetchall()
    return [Example(r[0], r[1], r[2] or "", r[3] or "", r[4] or HUMAN, json.loads(r[5]) if r[5] else {})
            for r in rows]


@dataclass
class Agreement:
    """How one judge's findings in one top-level category fared with the human reviewer."""

    judge: str
    category: str
    accepted: int = 0
    edited: int = 0
    rejected: int = 0
    unreviewed: int = 0
    missed: int = 0  # findings the human added in this category (no judge found them)

    @property
    def reviewed(self) -> int:
        return self.accepted + self.edited + self.rejected

    @property
    def precision(self) -> float | None:
        """Share of reviewed findings the human kept (accepted or corrected)."""
        return (self.accepted + self.edited) / self.reviewed if self.reviewed else None

    @property
    def recall(self) -> float | None:
        """Kept findings over kept plus the ones the human had to add."""
        kept = self.accepted + self.edited
        return kept / (kept + self.missed) if kept + self.missed else None


def top(category: str) -> str:
    return category.split("/", 1)[0] if category else "—"


def agreement(spans: list[tuple[Span, str]], annotations: list[Annotation],
              ids: dict[SpanKey, int]) -> list[Agreement]:
    """Per judge and top-level category: accepted / edited / rejected / unreviewed, and human additions.

    ``spans`` are (span, candidate) pairs the judges produced; ``ids`` maps them to stored span ids.
    A human addition counts as missed by every judge that reported anything for that candidate.
    """
    decision = {a.span_id: a for a in annotations if a.span_id is not None}
    table: dict[tuple[str, str], Agreement] = {}
    judges_of: dict[str, set[str]] = defaultdict(set)

    def cell(judge: str, cat: str) -> Agreement:
        return table.setdefault((judge, cat), Agreement(judge, cat))

    for span, cand in spans:
        judges_of[cand].add(span.judge)
        a = decision.get(ids.get(span_key(span, cand)))
        c = cell(span.judge, top(span.category))
        if a is None or a.action == "comment":
            c.unreviewed += 1
        elif a.action == "accept":
            c.accepted += 1
        elif a.action == "edit":
            c.edited += 1
        elif a.action == "reject":
            c.rejected += 1
    for a in annotations:
        if a.action == "add":
            for judge in judges_of.get(a.candidate, ()):
                cell(judge, top(a.category)).missed += 1
    return sorted(table.values(), key=lambda g: (g.judge, g.category))
