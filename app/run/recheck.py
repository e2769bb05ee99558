"""What a rerun after edits will cost: how many paragraphs changed since the last run, and how many calls
that means. Units whose inputs are stored already are reused by the engine, so an unchanged paragraph
costs nothing; only the changed ones (and whatever reads them, such as a ranking or a document-level
score, whose input hash covers the whole text) are asked again."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from litlens.app.run import revisions

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.run.engine import PlannedUnit
    from litlens.app.run.service import RunRequest
    from litlens.app.run.store import Store


@dataclass
class Recheck:
    changed: int  # paragraphs (over all candidates) that differ from the text the last run judged
    calls: int  # LLM units with no stored answer for their exact input
    units: int  # units with no stored result (offline ones included)
    previous_run: bool  # False when the project was never run: "changed" means nothing then

    def describe(self) -> str:
        calls = f"{self.calls} call" + ("" if self.calls == 1 else "s")
        if not self.previous_run:
            return calls
        paras = f"{self.changed} paragraph" + (" changed" if self.changed == 1 else "s changed")
        return f"{paras} — {calls}"


def changed_since_last_run(store: Store, project: Project) -> tuple[dict[str, list[int]], bool]:
    """Per candidate, the paragraphs that differ from what the project's newest run judged."""
    found = store.db.execute("SELECT id FROM projects WHERE id = ?", [project.id]).fetchone() \
        if project.id is not None else None
    if not found:
        return {}, False
    row = store.db.execute("SELECT revisions FROM runs WHERE project_id = ? ORDER BY id DESC LIMIT 1",
                           [project.id]).fetchone()
    if row is None:
        return {}, False
    judged = json.loads(row[0]) if row[0] else {}
    out = {}
    for cand in project.candidates:
        try:
            old = revisions.revision_text(store, project.id, cand.label, judged.get(cand.label, 0))
        except revisions.RevisionError:
            continue
        changed = revisions.changed_paragraphs(old, cand.text)
        if changed:
            out[cand.label] = changed
    return out, True


def recheck(store: Store, request: RunRequest, planned: list[PlannedUnit]) -> Recheck:
    from litlens.app.run.service import already_stored
    stored = already_stored(request, planned, store)
    pending = [p for p in planned if p.qualified not in stored]
    changed, previous = changed_since_last_run(store, request.project)
    return Recheck(sum(len(v) for v in changed.values()), sum(1 for p in pending if p.unit.needs_llm),
                   len(pending), previous)
