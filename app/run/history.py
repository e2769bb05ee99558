"""Undo and redo for a project: text edits, applied corrections and review decisions, kept in the store.

Every undoable action is one command made of small reversible operations, each holding the state before
and after: which revision of a candidate is current (``head``) and what one annotation row was
(``annotation``, None when it did not exist). Undo puts back every "before" (last operation first), redo
every "after". Revisions and results are never deleted, so undoing an edit only moves the candidate's
current revision back. Because the stack lives in the database it survives a restart; a new action after
an undo drops the commands that could have been redone, as every editor does.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.run import annotations as ann
from litlens.app.run import candidate_texts

if TYPE_CHECKING:
    from litlens.app.run.store import Store

# Columns of an annotation row that a command restores (its id is the operation's key).
_FIELDS = ("project_id", "candidate", "span_id", "judge", "action", "category", "severity", "start", "end",
           "paragraph", "quote", "note", "reviewer", "created_at", "updated_at", "revision", "resolved_by",
           "suggestion")


@dataclass
class Command:
    id: int
    label: str  # what the user did, e.g. "accept", "edit paragraph 3", "apply correction"
    ops: list[dict[str, Any]]


def annotation_row(store: Store, annotation_id: int) -> dict[str, Any] | None:
    r = store.db.execute(f"SELECT {', '.join(_FIELDS)} FROM annotations WHERE id = ?", [annotation_id]).fetchone()
    return dict(zip(_FIELDS, r)) if r else None


def head_op(label: str, before: int, after: int) -> dict[str, Any]:
    return {"kind": "head", "candidate": label, "before": before, "after": after}


def annotation_op(annotation_id: int, before: dict[str, Any] | None,
                  after: dict[str, Any] | None) -> dict[str, Any]:
    return {"kind": "annotation", "id": annotation_id, "before": before, "after": after}


# Tables whose rows a command may put back whole (``row_op``): named here, never taken from the stored JSON.
ROW_TABLES = ("speaker_corrections",)


def row_op(table: str, row_id: int, before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any]:
    """One row of ``table`` as it was and as it is (None: absent), e.g. a reviewer's speaker correction."""
    if table not in ROW_TABLES:
        raise ValueError(f"{table!r} is not a table whose rows undo restores")
    return {"kind": "row", "table": table, "id": row_id, "before": before, "after": after}


def record(store: Store, project_id: int, label: str, ops: list[dict[str, Any]]) -> int | None:
    """Push a command (nothing when ``ops`` is empty); forgets what could have been redone."""
    if not ops:
        return None
    with store.write():
        store.db.execute("DELETE FROM commands WHERE project_id = ? AND undone = 1", [project_id])
        return int(store.db["commands"].insert({"project_id": project_id, "label": label,
                                                "ops": json.dumps(ops, ensure_ascii=False), "undone": 0,
                                                "created_at": time.time()}).last_pk)


def _peek(store: Store, project_id: int, undone: int) -> Command | None:
    order = "DESC" if not undone else "ASC"  # undo the newest done; redo the oldest undone
    r = store.db.execute(f"SELECT id, label, ops FROM commands WHERE project_id = ? AND undone = ? "
                         f"ORDER BY id {order} LIMIT 1", [project_id, undone]).fetchone()
    return Command(int(r[0]), r[1], json.loads(r[2])) if r else None


def next_undo(store: Store, project_id: int) -> Command | None:
    return _peek(store, project_id, 0)


def next_redo(store: Store, project_id: int) -> Command | None:
    return _peek(store, project_id, 1)


def _apply(store: Store, project_id: int, op: dict[str, Any], side: str) -> None:
    state = op[side]
    if op["kind"] == "head":
        candidate_texts.set_head(store, project_id, op["candidate"], int(state or 0))
    elif op["kind"] == "annotation":
        aid = int(op["id"])
        store.db.execute("DELETE FROM annotations WHERE id = ?", [aid])
        if state is not None:
            store.db["annotations"].insert({"id": aid, **state})
    elif op["kind"] == "row" and op.get("table") in ROW_TABLES:
        table, rid = ROW_TABLES[ROW_TABLES.index(op["table"])], int(op["id"])
        store.db.execute(f"DELETE FROM {table} WHERE id = ?", [rid])
        if state is not None:
            store.db[table].insert({**state, "id": rid})


def undo(store: Store, project_id: int) -> Command | None:
    """Reverse the newest command; returns it (None when there is nothing to undo)."""
    cmd = next_undo(store, project_id)
    if cmd is not None:
        with store.write():
            for op in reversed(cmd.ops):
                _apply(store, project_id, op, "before")
            store.db.execute("UPDATE commands SET undone = 1 WHERE id = ?", [cmd.id])
    return cmd


def redo(store: Store, project_id: int) -> Command | None:
    """Do again the oldest undone command; returns it (None when there is nothing to redo)."""
    cmd = next_redo(store, project_id)
    if cmd is not None:
        with store.write():
            for op in cmd.ops:
                _apply(store, project_id, op, "after")
            store.db.execute("UPDATE commands SET undone = 0 WHERE id = ?", [cmd.id])
    return cmd


# ---- undoable actions ---------------------------------------------------------------------------------
def decide(store: Store, a: ann.Annotation, label: str | None = None) -> ann.Annotation:
    """Store a review decision (accept, reject, correct, add) as an undoable command."""
    with store.write():  # the decision and its undo entry together
        before = None
        if a.span_id is not None:
            old = store.db.execute("SELECT id FROM annotations WHERE span_id = ? AND project_id = ? "
                                   "ORDER BY id DESC LIMIT 1", [a.span_id, a.project_id]).fetchone()
            before = annotation_row(store, int(old[0])) if old else None
        elif a.id is not None:
            before = annotation_row(store, a.id)
        saved = ann.save(store, a)
        assert saved.id is not None
        record(store, a.project_id, label or a.action,
               [annotation_op(saved.id, before, annotation_row(store, saved.id))])
    return saved


def decide_many(store: Store, decisions: list[ann.Annotation], label: str) -> list[ann.Annotation]:
    """Several decisions as one command: a bulk accept or reject is undone in one step."""
    if not decisions:
        return []
    if any(a.project_id != decisions[0].project_id for a in decisions):
        # one command lives in one project's undo stack: a bulk across projects could not be undone there
        raise ValueError("A bulk decision belongs to one project; these decisions name several.")
    ops, saved = [], []
    with store.write():  # every decision and the one undo entry, or nothing (a bad item or a kill part-way)
        for a in decisions:
            old = store.db.execute("SELECT id FROM annotations WHERE span_id = ? AND project_id = ? "
                                   "ORDER BY id DESC LIMIT 1", [a.span_id, a.project_id]).fetchone() \
                if a.span_id is not None else None
            before = annotation_row(store, int(old[0])) if old else None
            s = ann.save(store, a)
            assert s.id is not None
            ops.append(annotation_op(s.id, before, annotation_row(store, s.id)))
            saved.append(s)
        record(store, decisions[0].project_id, label, ops)
    return saved


def withdraw(store: Store, project_id: int, annotation_id: int) -> None:
    """Withdraw a decision (or a finding the reviewer added), undoably."""
    with store.write():
        before = annotation_row(store, annotation_id)
        ann.delete(store, annotation_id)
        if before is not None:
            record(store, project_id, "withdraw", [annotation_op(annotation_id, before, None)])


def edit_text(store: Store, project_id: int, label: str, text: Any, what: str = "edit") -> int:
    """Save ``text`` as the candidate's new revision, undoably; returns the revision number."""
    candidate_texts.check_text(text)  # refused before the write lock is taken
    with store.write():  # the revision and its undo entry: a kill between them lost the edit from undo
        before = candidate_texts.head(store, project_id, label)
        after = candidate_texts.save_revision(store, project_id, label, text, what)
        if after != before:
            record(store, project_id, what, [head_op(label, before, after)])
    return after
