"""Each candidate's texts in the store: its numbered revisions, which one is current, saving a new one.

Revision 0 is the text the project was made from; ``candidates.head`` names the current one (undo moves
it back, redo forward, and nothing is ever deleted, so every revision stays browsable). This is the layer
that review decisions (annotations), the undo stack (history) and the revision views (revisions) share,
so it imports none of them.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from litlens.app.run.store import head_text_id

if TYPE_CHECKING:
    from litlens.app.core.model import Text
    from litlens.app.run.store import Store


_SURROGATE = re.compile("[\ud800-\udfff]")


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
    """The candidate's text at revision ``number`` (the current one when None), with its paragraphs.
    Raises RevisionError for a number the candidate has no revision for (never the original instead)."""
    row = _candidate_row(store, project_id, label)
    if number is None:
        number = int(row.get("head") or 0)
    check_number(store, project_id, label, number)
    return store.load_text(head_text_id(store, {**row, "head": number}))


def check_number(store: Store, project_id: int, label: str, number: object) -> None:
    """Refuse a revision number the candidate does not have (negative, too large, not a whole number)."""
    if isinstance(number, int) and not isinstance(number, bool) and number == 0:
        return
    last = store.db.execute("SELECT max(number) FROM revisions WHERE project_id = ? AND candidate = ?",
                            [project_id, label]).fetchone()[0] or 0
    exists = isinstance(number, int) and not isinstance(number, bool) and store.db.execute(
        "SELECT 1 FROM revisions WHERE project_id = ? AND candidate = ? AND number = ?",
        [project_id, label, number]).fetchone() is not None
    if not exists:
        raise RevisionError(f"{label!r} has no revision {number!r}; its revisions are numbered 0 to {last}.")


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

    Saving the text the candidate already has changes nothing and returns the current number. Raises
    RevisionError for text that could not be read back as the same paragraphs (see ``check_text``)."""
    check_text(text)
    current = head(store, project_id, label)
    if revision_text(store, project_id, label, current).content == text.content:
        return current
    expected = len(split(revision_text(store, project_id, label, 0)))
    # counted the way the text will be split when it is read back, not by the paragraphs the caller's
    # Text object claims: a correction holding a blank line kept the claimed count and then, reloaded,
    # had one paragraph more, after which every later edit was refused
    found = len(split_paragraphs(text.content))
    if found > expected:
        raise RevisionError("An edit cannot contain a paragraph break (a blank line, or a line break in a "
                            "text written one paragraph per line): edit one paragraph at a time.")
    if found < expected:
        raise RevisionError("An edit must keep every paragraph: an emptied paragraph would merge with its "
                            "neighbours.")
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


def check_text(text: Text) -> None:
    """Refuse, with a RevisionError, text that cannot be stored as a revision: longer than the size
    LitLens promises to analyse (the project could no longer be loaded), or not valid Unicode (a lone
    surrogate half, from a paste or a broken file, cannot be written as UTF-8)."""
    from litlens.app.texts.limits import MAX_DOCUMENT_CHARS, too_large_message
    if len(text.content) > MAX_DOCUMENT_CHARS:
        raise RevisionError(f"This edit cannot be saved: {too_large_message(len(text.content))}.")
    bad = _SURROGATE.search(text.content)
    if bad is not None:
        raise RevisionError(f"This edit cannot be saved: character {bad.start() + 1} is half of a surrogate "
                            f"pair (U+{ord(bad.group()):04X}), which is not valid text; retype or delete it.")


def split_paragraphs(content: str) -> list[object]:
    """How ``content`` will be split into paragraphs when the store reads it back."""
    from litlens.app.texts.encoding import normalise_newlines
    from litlens.app.texts.segment import split_paragraphs as split_content
    return list(split_content(normalise_newlines(content)))


def split(text: Text) -> list[str]:
    """The paragraphs of ``text`` as strings (its own split when it has one)."""
    from litlens.app.texts.segment import split_paragraphs
    return [p.text for p in (text.paragraphs or split_paragraphs(text.content))]
