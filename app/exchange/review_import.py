"""Importing a review DOCX the translator sent back: first a plan of everything it would change (edited
targets, answers to findings) and of everything that does not fit (a changed source, an unknown, doubled
or missing ID, a target edited in LitLens too since the export, an answer to no finding); then, only when
asked, the plan applied as ONE undoable command: the edited targets are one new revision of the
translation, and each answer a note on its finding (on its decision when it has one, which keeps its
action; else a "comment" that decides nothing).

Edits are compared against the revision the file was made from, so a target the translator left alone is
never taken as an edit, and a paragraph edited in LitLens since is never overwritten by the file's copy.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from litlens.app.core.edits import clean_paragraph
from litlens.app.exchange.review_export import paragraph_id, source_by_paragraph
from litlens.app.find.search import Change, QueryError, apply_changes
from litlens.app.formats.review_comments import CommentAnswer
from litlens.app.formats.review_docx import ReviewFile, split_reply
from litlens.app.run import annotations as ann
from litlens.app.run import candidate_texts, history
from litlens.app.texts.encoding import normalise_newlines

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Text
    from litlens.app.run.store import Store

REASON = "review import"
TRANSLATOR = "Translator"


class ReviewImportError(ValueError):
    """A review file that cannot be imported into the project it names; the message says why."""


@dataclass(frozen=True)
class RowEdit:
    id: str
    paragraph: int
    old: str  # the paragraph as it is now
    new: str


@dataclass(frozen=True)
class Answer:
    id: str  # the row's ID
    span_id: int
    text: str
    finding: str  # category and severity, to show in the preview
    author: str = TRANSLATOR  # who said it: a Word comment's author, else "Translator"
    severity: str = ""  # the finding's, for a window to name in its own language
    category: str = ""


@dataclass
class ImportPlan:
    project_id: int
    candidate: str
    exported_revision: int
    current_revision: int
    edits: list[RowEdit] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    changed_source: list[str] = field(default_factory=list)  # row IDs whose source differs (edit not taken)
    unknown_ids: list[str] = field(default_factory=list)
    duplicate_ids: list[str] = field(default_factory=list)
    missing_ids: list[str] = field(default_factory=list)  # paragraphs with no row in the file
    conflicts: list[str] = field(default_factory=list)  # edited in the file and in LitLens since the export
    emptied: list[str] = field(default_factory=list)  # targets the file empties (a paragraph cannot vanish)
    stray_replies: list[tuple[str, str]] = field(default_factory=list)  # (row ID, text) for no finding

    @property
    def changes_anything(self) -> bool:
        return bool(self.edits or self.answers)

    def problems(self) -> list[str]:
        """One sentence per kind of thing that was found and will not be applied."""
        said = []
        for ids, what in ((self.changed_source, "the source differs from the project's; their edits are not "
                           "taken"), (self.unknown_ids, "no paragraph of the translation has this ID"),
                          (self.duplicate_ids, "the ID appears twice; only the first row is read"),
                          (self.missing_ids, "no row in the file (left as they are)"),
                          (self.conflicts, "edited in LitLens since the export too; the file's edit is not "
                           "taken"), (self.emptied, "the file empties the target; a paragraph cannot be "
                           "removed this way")):
            if ids:
                said.append(f"{what}: {', '.join(ids[:20])}{' …' if len(ids) > 20 else ''}")
        for rid, text in self.stray_replies:
            said.append(f"row {rid}: a reply that names no finding of this row or translation: {text[:80]}")
        return said

    def summary(self) -> str:
        return (f"{len(self.edits)} edited paragraph(s), {len(self.answers)} answer(s); "
                f"{len(self.problems())} problem(s) reported")


def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", normalise_newlines(text)).strip()


def plan_import(store: Store, review: ReviewFile) -> ImportPlan:
    """What importing ``review`` would change, and what does not fit. Raises ReviewImportError when the
    project, translation or revision it names is not in this database."""
    from litlens.app.run.store import StoreError
    meta = review.meta
    pid, label, revision = int(meta["project_id"]), review.candidate, int(meta["revision"])
    try:
        project = store.load_project(pid)
        project.candidate(label)
        exported = candidate_texts.revision_text(store, pid, label, revision)
    except (StoreError, KeyError, candidate_texts.RevisionError) as exc:
        raise ReviewImportError(f"the review file was made from project {pid} ({meta.get('project', '?')}), "
                                f"translation {label!r}, revision {revision}, which this database does not "
                                f"have ({exc})") from None
    plan = ImportPlan(pid, label, revision, candidate_texts.head(store, pid, label))
    current = project.candidate(label).text
    if len(exported.paragraphs) != len(current.paragraphs):
        raise ReviewImportError("the translation's paragraphs changed since the export; export a new review file")
    known = {sid: (key[5], key[4]) for key, sid in ann.span_ids(store, pid).items()
             if key[1] == label}  # span id -> (severity, category)
    _read_rows(plan, review, project, exported, current, known)
    return plan


def _read_rows(plan: ImportPlan, review: ReviewFile, project: Project, exported: Text, current: Text,
               known: dict[int, tuple[str, str]]) -> None:
    by_id = {paragraph_id(exported, k): k for k in range(len(exported.paragraphs))}
    sources = source_by_paragraph(project, plan.candidate)
    seen: set[str] = set()
    for row in review.rows:
        if not row.id and not any(x.strip() for x in (row.source, row.target, row.reply)):
            continue
        if row.id not in by_id:
            plan.unknown_ids.append(row.id or "(empty)")
            continue
        if row.id in seen:
            plan.duplicate_ids.append(row.id)
            continue
        seen.add(row.id)
        k = by_id[row.id]
        if _norm(row.source) != _norm(sources.get(k, "")):
            plan.changed_source.append(row.id)
        else:
            _read_target(plan, row.id, k, clean_paragraph(_norm(row.target)), exported, current)
        answers, stray = split_reply(row.reply, row.tags)
        said = row.comment_answers + [CommentAnswer(sid, "", text) for sid, text in answers.items()]
        _read_answers(plan, row.id, said + ([CommentAnswer(None, "", stray)] if stray else []), known)
    plan.missing_ids = [i for i in by_id if i not in seen]
    _read_answers(plan, "—", review.loose, known)


def _read_answers(plan: ImportPlan, rid: str, said: list[CommentAnswer],
                  known: dict[int, tuple[str, str]]) -> None:
    """Answers from Word comments and the Reply cell: each to its finding once (the same words given in a
    comment and in the cell are one answer, with the comment's author), the rest reported."""
    for a in said:
        author = a.author or TRANSLATOR
        if a.span_id in known:
            if not any(b.span_id == a.span_id and b.text == a.text for b in plan.answers):
                severity, category = known[a.span_id]
                plan.answers.append(Answer(rid, a.span_id, a.text, f"F{a.span_id} {severity} · {category}",
                                           author, severity, category))
        elif a.span_id is not None:
            plan.stray_replies.append((rid, f"[F{a.span_id}] {a.text}"))
        else:
            plan.stray_replies.append((rid, a.text if author == TRANSLATOR else f"{author}: {a.text}"))


def _read_target(plan: ImportPlan, rid: str, k: int, new: str, exported: Text, current: Text) -> None:
    was, now = exported.paragraphs[k].text, current.paragraphs[k].text
    if new == was or new == now:
        return
    if not new:
        plan.emptied.append(rid)
    elif now != was:
        plan.conflicts.append(rid)
    else:
        plan.edits.append(RowEdit(rid, k, now, new))


def apply_import(store: Store, plan: ImportPlan, reviewer: str = "") -> int | None:
    """Make ``plan``'s edits one new revision and its answers notes on their findings, as ONE undoable
    command. Returns the new revision's number (None when no target changed). Raises ReviewImportError
    when the translation changed since the plan was made."""
    pid, label = plan.project_id, plan.candidate
    ops = []
    number = None
    with store.write():  # the revision, the notes and the undo entry together, or nothing
        if candidate_texts.head(store, pid, label) != plan.current_revision:
            raise ReviewImportError("the translation was edited since the import was previewed; import again")
        if plan.edits:
            text = candidate_texts.revision_text(store, pid, label)
            changes = [Change(e.paragraph, text.paragraphs[e.paragraph].start, text.paragraphs[e.paragraph].end,
                              e.old, e.new) for e in plan.edits]
            try:
                new_text = apply_changes(text, changes)
            except QueryError as exc:
                raise ReviewImportError(str(exc)) from None
            before = plan.current_revision
            number = candidate_texts.save_revision(store, pid, label, new_text, REASON)
            ops.append(history.head_op(label, before, number))
        ops += _notes(store, plan, reviewer)
        history.record(store, pid, REASON, ops)
    return number


def _notes(store: Store, plan: ImportPlan, reviewer: str) -> list[dict]:
    latest = {a.span_id: a for a in ann.for_project(store, plan.project_id, plan.candidate) if a.span_id}
    ops = []
    for answer in plan.answers:
        said = f"{answer.author}: {answer.text}"
        decision = latest.get(answer.span_id)
        if decision is not None:
            note = f"{decision.note}\n{said}" if decision.note else said
            a = dataclasses.replace(decision, note=note)
        else:
            row = store.db.execute("SELECT judge, category, severity, paragraph, quote FROM spans WHERE id = ?",
                                   [answer.span_id]).fetchone()
            a = ann.Annotation(project_id=plan.project_id, candidate=plan.candidate, action="comment",
                               category=row[1], severity=row[2], span_id=answer.span_id, judge=row[0],
                               paragraph=row[3], quote=row[4] or "", note=said, reviewer=reviewer)
        before = history.annotation_row(store, decision.id) if decision is not None and decision.id else None
        saved = ann.save(store, a)
        assert saved.id is not None
        latest[answer.span_id] = saved
        ops.append(history.annotation_op(saved.id, before, history.annotation_row(store, saved.id)))
    return ops
