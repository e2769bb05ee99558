"""Revisions of edited candidates: each save is a numbered revision of one candidate in the store.

Revision 0 is the text the project was made from; ``candidates.head`` names the current one (undo moves
it back, redo forward, and nothing is ever deleted, so every revision stays browsable). Results are
keyed by the text they saw, so a rerun after an edit asks only about what changed; to show an older
result on the current text its spans are carried through the paragraph edits in between
(``app.core.edits.reanchor``): moved when their words are still there, marked outdated when not.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import TYPE_CHECKING, Any

from litlens.app.core.edits import Edit, reanchor, replace_paragraph

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Project, Span, Text
    from litlens.app.run.store import Store


class RevisionError(ValueError):
    """An edit that cannot be stored; the message says why in one sentence."""


def edited_project(store: Store, project: Project) -> tuple[int] | None:
    """The stored project an edited ``project`` still is: its id, when the name and source match.

    Editing a candidate changes the project's fingerprint; the project keeps its id and its edits
    become that project's revisions instead of a new project."""
    from litlens.app.run.store import _identity
    if project.id is None:
        return None
    row = store.db.execute("SELECT p.id FROM projects p JOIN texts t ON t.id = p.source_text_id "
                           "WHERE p.id = ? AND p.name = ? AND t.hash = ?",
                           [project.id, project.name, _identity(project.source)]).fetchone()
    return (int(row[0]),) if row else None


def head_text_id(store: Store, candidate_row: dict[str, Any]) -> int:
    """The text id of a candidate's current revision (its first text when it was never edited)."""
    number = candidate_row.get("head") or 0
    if not number:
        return int(candidate_row["text_id"])
    row = store.db.execute("SELECT text_id FROM revisions WHERE project_id = ? AND candidate = ? AND number = ?",
                           [candidate_row["project_id"], candidate_row["label"], number]).fetchone()
    return int(row[0]) if row else int(candidate_row["text_id"])


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


def _text_id(store: Store, project_id: int, label: str, number: int) -> int:
    row = _candidate_row(store, project_id, label)
    return head_text_id(store, {**row, "head": number})


def revision_text(store: Store, project_id: int, label: str, number: int | None = None) -> Text:
    """The candidate's text at revision ``number`` (the current one when None), with its paragraphs."""
    from litlens.app.texts import text_from_string
    if number is None:
        number = head(store, project_id, label)
    r = store.db["texts"].get(_text_id(store, project_id, label, number))
    text = text_from_string(r["content"], r["language"], r["path"], normalise=False)
    text.encoding = r["encoding"]
    text.segment_ids = json.loads(r["segment_ids"]) if r.get("segment_ids") else []
    return text


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
        tid = store._save_text(text)
        row = store.db.execute("SELECT max(number) FROM revisions WHERE project_id = ? AND candidate = ?",
                               [project_id, label]).fetchone()
        number = int(row[0] or 0) + 1
        store.db["revisions"].insert({"project_id": project_id, "candidate": label, "number": number,
                                      "text_id": tid, "parent": current, "reason": reason,
                                      "created_at": time.time()})
        set_head(store, project_id, label, number)
    return number


def split(text: Text) -> list[str]:
    from litlens.app.texts.segment import split_paragraphs
    return [p.text for p in (text.paragraphs or split_paragraphs(text.content))]


def record_run_revisions(store: Store, project_id: int, project: Project, run_id: int) -> dict[str, int]:
    """Save any candidate whose text differs from its current revision (an edit not saved yet), then
    note on the run which revision of each candidate it judged."""
    numbers = {}
    for cand in project.candidates:
        numbers[cand.label] = save_revision(store, project_id, cand.label, cand.text, "run")
    store.update_run(run_id, revisions=json.dumps(numbers))
    return numbers


def changed_paragraphs(old: Text, new: Text) -> list[int]:
    """Indices of the paragraphs whose text differs (texts of the same candidate, same paragraph count)."""
    a, b = split(old), split(new)
    return [i for i in range(max(len(a), len(b))) if i >= len(a) or i >= len(b) or a[i] != b[i]]


def edits_between(old: Text, new: Text) -> list[tuple[str, Edit]]:
    """The paragraph edits that turn ``old`` into ``new``, each with the content it applies to, last
    paragraph first (so each edit's offsets are still those of the text it is applied to)."""
    out: list[tuple[str, Edit]] = []
    current = old
    new_paras = split(new)
    for i in reversed(changed_paragraphs(old, new)):
        if i >= len(current.paragraphs) or i >= len(new_paras):
            continue
        before = current.content
        current, edit = replace_paragraph(current, i, new_paras[i])
        out.append((before, edit))
    return out


def carry_spans(spans: list[Span], old: Text, new: Text) -> list[Span]:
    """``spans`` (offsets into ``old``) placed on ``new``: moved, or kept and marked outdated."""
    steps = edits_between(old, new)
    if not steps:
        return spans
    moved = []
    for span in spans:
        for before, edit in steps:
            span = reanchor(span, before, edit)
        moved.append(span)
    return moved


def current_judgments(store: Store, project_id: int, project: Project) -> list[Judgment]:
    """Newest result of every unit of the project, with spans placed on the candidates' current texts.

    A result keeps the text it was computed on; its run says which revision that was (runs from before
    revisions existed judged revision 0)."""
    from litlens.app.run.store import judgment_from_json
    rows = store.db.execute(
        "SELECT max(r.id) AS id, r.data, r.run_id FROM results r JOIN run_results rr ON rr.result_id = r.id "
        "JOIN runs ru ON ru.id = rr.run_id WHERE ru.project_id = ? "
        "GROUP BY r.judge, r.unit, r.prompt_version, r.model, r.input_hash ORDER BY id", [project_id]).fetchall()
    run_revs: dict[int, dict[str, int]] = {}
    for rid, revs in store.db.execute("SELECT id, revisions FROM runs WHERE project_id = ?", [project_id]):
        run_revs[int(rid)] = json.loads(revs) if revs else {}
    texts: dict[tuple[str, int], Text] = {}
    current = {c.label: c.text for c in project.candidates}

    def text_at(label: str, number: int) -> Text:
        if (label, number) not in texts:
            texts[label, number] = revision_text(store, project_id, label, number)
        return texts[label, number]

    ranked = []
    for rid, data, run_id in rows:
        j = judgment_from_json(data)
        label = j.candidate
        fits = True
        if label in current:
            number = run_revs.get(int(run_id or 0), {}).get(label, 0)
            old = text_at(label, number)
            if old.content != current[label].content:
                fits = _same_input(old, current[label], j.paragraph)
                if j.spans:
                    j = dataclasses.replace(j, spans=carry_spans(j.spans, old, current[label]))
        ranked.append((fits, int(rid), j))
    # a reader keeps the last result per unit: one computed on the text as it is now wins over a newer
    # one for other words (after an undo, the original paragraph's findings come back, not outdated ones)
    return [j for _fits, _rid, j in sorted(ranked, key=lambda t: (t[0], t[1]))]


def _same_input(old: Text, new: Text, paragraph: int | None) -> bool:
    if paragraph is None:
        return False
    a, b = split(old), split(new)
    return paragraph < min(len(a), len(b)) and a[paragraph] == b[paragraph]


def current_annotations(store: Store, project_id: int, project: Project) -> list[Any]:
    """The reviewer's decisions with their offsets placed on the candidates' current texts."""
    from litlens.app.core.model import Span
    from litlens.app.run import annotations as ann
    current = {c.label: c.text for c in project.candidates}
    out = []
    for a in ann.for_project(store, project_id):
        number = a.revision or 0
        if a.start is not None and a.end is not None and a.candidate in current:
            old = revision_text(store, project_id, a.candidate, number)
            if old.content != current[a.candidate].content:
                probe = Span(judge=a.judge, category=a.category, severity=a.severity,  # type: ignore[arg-type]
                             start=a.start, end=a.end)
                moved = carry_spans([probe], old, current[a.candidate])[0]
                a = dataclasses.replace(a, start=moved.start, end=moved.end)
        out.append(a)
    return out


def project_for_run(store: Store, run: dict[str, Any]) -> Project:
    """The project with each candidate's text as the run judged it (a report of an old run shows the
    words its findings point at, whatever was edited since)."""
    project = store.load_project(int(run["project_id"]))
    judged = json.loads(run.get("revisions") or "{}")
    if not any(judged.get(c.label, 0) != head(store, project.id or 0, c.label) for c in project.candidates):
        return project
    from litlens.app.texts import build_project
    cands = [(c.label, revision_text(store, project.id or 0, c.label, judged.get(c.label, 0)))
             for c in project.candidates]
    rebuilt = build_project(project.name, project.source, cands, project.reference)
    rebuilt.id = project.id
    return rebuilt


# ---- browsing revisions (the window's revision picker) ----------------------------------------------
def describe_revisions(store: Store, project_id: int, label: str) -> list[dict[str, Any]]:
    """``list_revisions`` with what each revision changed against the one it was made from: the paragraph
    indices it edited (``changed``) and whether it applied a correction or restored an older revision."""
    rows = list_revisions(store, project_id, label)
    texts: dict[int, Text] = {}

    def text(number: int) -> Text:
        if number not in texts:
            texts[number] = revision_text(store, project_id, label, number)
        return texts[number]
    for row in rows:
        parent = row["parent"]
        row["changed"] = [] if row["number"] == 0 or parent is None else \
            changed_paragraphs(text(int(parent)), text(row["number"]))
        reason = str(row["reason"] or "")
        row["kind"] = ("original" if row["number"] == 0 else "correction" if reason == "correction"
                       else "restore" if reason.startswith("restore") else "run" if reason == "run"
                       else "edit")
    return rows


def revision_judgments(store: Store, project_id: int, label: str, number: int) -> list[Judgment]:
    """What the runs that judged revision ``number`` of the candidate found on it, newest result per unit,
    with offsets into that revision's text (runs from before revisions existed judged revision 0)."""
    from litlens.app.run.store import judgment_from_json
    runs = [int(rid) for rid, revs in store.db.execute("SELECT id, revisions FROM runs WHERE project_id = ?",
                                                       [project_id])
            if json.loads(revs or "{}").get(label, 0) == number]
    if not runs:
        return []
    marks = ",".join("?" * len(runs))
    rows = store.db.execute(
        f"SELECT max(r.id), r.data FROM results r JOIN run_results rr ON rr.result_id = r.id "
        f"WHERE rr.run_id IN ({marks}) GROUP BY r.judge, r.unit, r.prompt_version, r.model, r.input_hash "
        f"ORDER BY 1", runs).fetchall()
    found = [judgment_from_json(data) for _rid, data in rows]
    return [j for j in found if j.candidate == label]


def restore_revision(store: Store, project_id: int, label: str, number: int) -> int:
    """Make revision ``number``'s text current again as a NEW revision (undoable; nothing is deleted).
    Returns the number of the revision now current."""
    from litlens.app.run import history
    text = revision_text(store, project_id, label, number)
    return history.edit_text(store, project_id, label, text, f"restore revision {number}")
