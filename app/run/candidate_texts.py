"""Each candidate's texts in the store: its numbered revisions, which one is current, saving a new one.

Revision 0 is the text the project was made from; ``candidates.head`` names the current one (undo moves
it back, redo forward, and nothing is ever deleted, so every revision stays browsable). This is the layer
that review decisions (annotations), the undo stack (history) and the revision views (revisions) share,
so it imports none of them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from litlens.app.run.store import head_text_id

if TYPE_CHECKING:
    from litlens.app.core.model import Text
    from litlens.app.run.store import Store


class RevisionError(ValueError):
    """An edit that cannot be stored; the message says why in one sentence."""


def _candidate_row(store: Store, project_id: int, label: str) -> dict[str, Any]:
    rows = list(store.db["candidates"].rows_where("project_id = ? AND label = ?", [project_id, label]))
    if not rows:
        raise RevisionError(f"The project has no translation called {label!r}.")
    return rows[0]


def head(store: Store, project_id: int, label: str) -> int:
    return int(_candidate_row(store, project_id, label).get("head") or 0)


def heads(store: Store, project_id: int) -> dict[str, int]:
    return {r["label"]: int(r.get("head") or 0)
            for r in store.db["candidates"].rows_where("project_id = ?", [project_id])}


def set_head(store: Store, project_id: int, label: str, number: int) -> None:
    store.db.execute("UPDATE candidates SET head = ? WHERE project_id = ? AND label = ?",
                     [number or None, project_id, label])


def revision_text(store: Store, project_id: int, label: str, number: int | None = None) -> Text:
    """The candidate's text at revision ``number`` (the current one when None), with its paragraphs."""
    row = _candidate_row(store, project_id, label)
    if number is None:
        number = int(row.get("head") or 0)
    return store.load_text(head_text_id(store, {**row, "head": number}))


def list_revisions(store: Store, project_id: int, label: str) -> list[dict[str, Any]]:
    """Every revision of a candidate, oldest first: number, reason, time, and whether it is current."""
    current = head(store, project_id, label)
    first = store.db["projects"].get(project_id)
    rows = [{"number": 0, "reason": "original", "created_at": first["created_at"], "parent": None}]
    rows += [{k: r[k] for k in ("number", "reason", "created_at", "parent")} for r in store.db["revisions"]
             .rows_where("project_id = ? AND candidate = ?", [project_id, label], order_by="number")]
    return [{**r, "current": r["number"] == current} for r in rows]


def save_revision(store: Store, project_id: int, label: str, text: Text, reason: str = "edit") -> int:
    """Store ``text`` as the candidate's newest revision and make it current; returns its number.

    Saving the text the candidate already has changes nothing and returns the current number."""
    current = head(store, project_id, label)
    if revision_text(store, project_id, label, current).content == text.content:
        return current
    if len(split(text)) != len(split(revision_text(store, project_id, label, 0))):
        raise RevisionError("An edit must keep the number of paragraphs (an empty paragraph or a blank "
                            "line would merge or split them).")
    with store.write():
        tid = store.save_text(text)
        row = store.db.execute("SELECT max(number) FROM revisions WHERE project_id = ? AND candidate = ?",
                               [project_id, label]).fetchone()
        number = int(row[0] or 0) + 1
        store.db["revisions"].insert({"project_id": project_id, "candidate": label, "number": number,
                                      "text_id": tid, "parent": current, "reason": reason,
                                      "created_at": time.time()})
        set_head(store, project_id, label, number)
    return number


def split(text: Text) -> list[str]:
    """The paragraphs of ``text`` as strings (its own split when it has one)."""
    from litlens.app.texts.segment import split_paragraphs
    return [p.text for p in (text.paragraphs or split_paragraphs(text.content))]
