"""Revisions of edited candidates: each save is a numbered revision of one candidate in the store.

Saving, reading and listing revisions is ``candidate_texts`` (re-exported here, so callers have one
module for revisions); this module adds what is built on them. Results are keyed by the text they saw,
so a rerun after an edit asks only about what changed; to show an older result on the current text its
spans are carried through the paragraph edits in between (``app.core.edits.reanchor``): moved when their
words are still there, marked outdated when not.
"""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from litlens.app.core.edits import OUTDATED, Edit, reanchor, replace_paragraph
from litlens.app.core.model import Span
from litlens.app.run import annotations as ann
from litlens.app.run import history
from litlens.app.run.candidate_texts import (RevisionError, head, heads, list_revisions, revision_text,
                                             save_revision, set_head, split)
from litlens.app.run.store import judgment_from_json

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Project, Text
    from litlens.app.run.store import Store

__all__ = [
    "RevisionError", "carry_data", "carry_spans", "changed_paragraphs", "current_annotations", "current_judgments",
    "describe_revisions", "edits_between", "head", "heads", "kept_revisions", "list_revisions",
    "project_for_run", "record_run_revisions", "restore_revision", "revision_judgments", "revision_text",
    "save_revision", "set_head", "split", "stored_revision",
]


def record_run_revisions(store: Store, project_id: int, project: Project, run_id: int) -> dict[str, int]:
    """Note on the run which revision of each candidate it judged, saving any candidate whose text is
    new (an edit not saved yet) as a revision.

    A candidate whose text is an OLDER revision than the current one (``litlens evaluate`` on the files
    the project was made from, after edits in the window) is judged as that revision and the user's
    revision stays current: the run's results still show on it, carried through the edits. Before, the
    file's text became a new current revision and the edit dropped out of reach of undo."""
    numbers = {}
    for cand in project.candidates:
        current = head(store, project_id, cand.label)
        older = stored_revision(store, project_id, cand.label, cand.text)
        if older is not None and older != current:
            numbers[cand.label] = older
        else:
            numbers[cand.label] = save_revision(store, project_id, cand.label, cand.text, "run")
    store.update_run(run_id, revisions=json.dumps(numbers))
    return numbers


def kept_revisions(store: Store, project_id: int, judged: dict[str, int]) -> list[str]:
    """One sentence per candidate whose run judged an older revision than the current one: which
    revision stays current, and how to judge the text the run was given instead."""
    now = heads(store, project_id)
    return [f"{label}: judged revision {number} (the text given); your edited revision {now[label]} stays "
            f"current (to judge the given text as a translation of its own, start a new project: "
            f"litlens evaluate --name NEW-NAME)"
            for label, number in judged.items() if label in now and now[label] != number]


def stored_revision(store: Store, project_id: int, label: str, text: Text) -> int | None:
    """The newest revision of the candidate whose text is exactly ``text``, or None."""
    tid = store.text_id(text)
    if tid is None:
        return None
    row = store.db.execute("SELECT max(number) FROM revisions WHERE project_id = ? AND candidate = ? AND "
                           "text_id = ?", [project_id, label, tid]).fetchone()
    if row and row[0] is not None:
        return int(row[0])
    first = store.db.execute("SELECT 1 FROM candidates WHERE project_id = ? AND label = ? AND text_id = ?",
                             [project_id, label, tid]).fetchone()
    return 0 if first else None


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
    return _carry_spans(spans, edits_between(old, new))


def _carry_spans(spans: list[Span], steps: list[tuple[str, Edit]]) -> list[Span]:
    if not steps:
        return spans
    moved = []
    for span in spans:
        for before, edit in steps:
            span = reanchor(span, before, edit)
        moved.append(span)
    return moved


def _moved_range(start: int, end: int, steps: list[tuple[str, Edit]]) -> tuple[int, int, bool]:
    """``[start, end)`` after the edits, and whether an edit rewrote part of it (then it stands on the
    edited paragraph's first character, as an outdated finding does: its words are gone)."""
    outdated = False
    for _before, edit in steps:
        if end <= edit.start and start < edit.start:
            continue
        if start >= edit.old_end:
            start, end = start + edit.delta, end + edit.delta
            continue
        outdated = True
        start = min(max(start, edit.start), max(edit.start, edit.new_end - 1))
        end = start + 1 if start < edit.new_end else start
    return start, end, outdated


def carry_data(data: Any, steps: list[tuple[str, Edit]]) -> Any:
    """A candidate result's ``data`` with its offsets placed on the edited text, as its spans are.

    Offsets in a candidate's result data are offsets into that candidate's whole text (the project's
    convention, like ``Span``): a mapping with integer ``start`` and ``end`` (a sentence, a turn, a span
    cut), and ``offsets`` lists of ``[start, end]`` pairs (a term's occurrences). A range an edit rewrote
    is marked ``outdated`` (the speech-level badges and views leave it out). Left as it was, a result
    read back after undo or redo pointed one edit's length away from its words."""
    if not steps:
        return data
    if isinstance(data, list):
        return [carry_data(item, steps) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: carry_data(value, steps) for key, value in data.items()}
    start, end = data.get("start"), data.get("end")
    if type(start) is int and type(end) is int:
        out["start"], out["end"], outdated = _moved_range(start, end, steps)
        if outdated:
            out[OUTDATED] = True
    pairs = data.get("offsets")
    if isinstance(pairs, list) and all(isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p)
                                       for p in pairs):
        out["offsets"] = [list(_moved_range(a, b, steps)[:2]) for a, b in pairs]
    return out


def current_judgments(store: Store, project_id: int, project: Project) -> list[Judgment]:
    """Newest result of every unit of the project, with spans placed on the candidates' current texts.

    A result keeps the text it was computed on; its run says which revision that was (runs from before
    revisions existed judged revision 0)."""
    rows = store.db.execute(
        "SELECT max(r.id) AS id, r.data, r.run_id FROM results r JOIN run_results rr ON rr.result_id = r.id "
        "JOIN runs ru ON ru.id = rr.run_id WHERE ru.project_id = ? "
        "GROUP BY r.judge, r.unit, r.prompt_version, r.model, r.input_hash ORDER BY id", [project_id]).fetchall()
    run_revs: dict[int, dict[str, int]] = {}
    for rid, revs in store.db.execute("SELECT id, revisions FROM runs WHERE project_id = ?", [project_id]):
        run_revs[int(rid)] = json.loads(revs) if revs else {}
    texts: dict[tuple[str, int], Text] = {}
    current = {c.label: c.text for c in project.candidates}
    steps_from: dict[tuple[str, int], list[tuple[str, Edit]]] = {}  # revision -> current text, made once

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
                if (label, number) not in steps_from:
                    steps_from[label, number] = edits_between(old, current[label])
                steps = steps_from[label, number]
                # spans and every offset in the data (speech-level sentences, turns, term occurrences)
                j = dataclasses.replace(j, spans=_carry_spans(j.spans, steps) if j.spans else j.spans,
                                        data=carry_data(j.data, steps) if j.data else j.data)
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
    rebuilt.chapters = project.chapters
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
    text = revision_text(store, project_id, label, number)
    return history.edit_text(store, project_id, label, text, f"restore revision {number}")
