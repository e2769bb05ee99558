"""Applying several findings' corrections to one translation at once ("Apply all verified fixes"): one new
revision holding every fix, each finding marked accepted and resolved by it, and one undoable command, so
one undo takes them all back. Fixes are applied from the end of the text backwards (a fix never moves the
words of one before it); a fix that overlaps one already taken, or cannot be applied, is left out and said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from litlens.app.run import annotations as ann
from litlens.app.run import history, revisions
from litlens.app.run.candidate_texts import RevisionError
from litlens.app.run.corrections import CorrectionError, check_span_id, corrected, replacement

if TYPE_CHECKING:
    from litlens.app.core.model import Span, Text
    from litlens.app.run.store import Store

LABEL = "apply verified fixes"


@dataclass
class AppliedMany:
    text: Text
    revision: int
    applied: list[Span]
    left_out: list[tuple[Span, str]] = field(default_factory=list)  # (finding, why)


def combined(text: Text, spans: Sequence[Span]) -> tuple[Text, list[tuple[Span, int]], list[tuple[Span, str]]]:
    """``text`` with every fix in ``spans`` that can be applied; (span, paragraph) of those applied and
    (span, why) of the others. Pure: nothing is stored."""
    left_out: list[tuple[Span, str]] = []
    taken: list[Span] = []
    for s in spans:
        if s.start is None or s.end is None:
            left_out.append((s, "it is not located in the text"))
        elif any(s.start < t.end and t.start < s.end for t in taken):  # type: ignore[operator]
            left_out.append((s, "it overlaps another fix being applied"))
        else:
            taken.append(s)
    applied: list[tuple[Span, int]] = []
    out = text
    for s in sorted(taken, key=lambda s: s.start, reverse=True):  # type: ignore[arg-type, return-value]
        try:
            out, index = corrected(out, s)
        except CorrectionError as exc:
            left_out.append((s, str(exc)))
            continue
        applied.append((s, index))
    applied.reverse()
    return out, applied, left_out


def _decision_row(store: Store, project_id: int, span_id: int) -> dict | None:
    row = store.db.execute("SELECT id FROM annotations WHERE span_id = ? AND project_id = ? ORDER BY id DESC "
                           "LIMIT 1", [span_id, project_id]).fetchone()
    return history.annotation_row(store, int(row[0])) if row else None


def apply_fixes(store: Store, project_id: int, label: str, text: Text, items: Sequence[tuple[Span, int]],
                reviewer: str = "") -> AppliedMany:
    """Apply every (finding, stored span id) in ``items`` to ``text`` (the candidate as shown) as one
    revision and one command. Raises CorrectionError when none can be applied."""
    ids = {id(s): sid for s, sid in items}
    new_text, applied, left_out = combined(text, [s for s, _ in items])
    if not applied:
        raise CorrectionError("None of these fixes can be applied: "
                              + "; ".join(why for _, why in left_out[:3]))
    with store.write():  # the revision, every decision and the one undo entry: all stored or none
        for span, index in applied:
            check_span_id(store, project_id, label, span, ids[id(span)], index)
        before = revisions.head(store, project_id, label)
        try:
            after = revisions.save_revision(store, project_id, label, new_text, "correction")
        except RevisionError as exc:
            raise CorrectionError(str(exc)) from None
        ops = [history.head_op(label, before, after)]
        for span, index in applied:
            old = _decision_row(store, project_id, ids[id(span)])
            keep = old if old is not None and old["action"] == "edit" else None
            a = ann.Annotation(project_id=project_id, candidate=label, action="edit" if keep else "accept",
                               category=keep["category"] if keep else span.category,
                               severity=keep["severity"] if keep else span.severity, start=span.start,
                               end=span.end, span_id=ids[id(span)], judge=span.judge, paragraph=index,
                               quote=span.quote, note=(keep["note"] if keep and keep["note"]
                                                       else f"Applied: {replacement(span)}"),
                               reviewer=reviewer, revision=before, resolved_by=after)
            saved = ann.save(store, a)
            assert saved.id is not None
            ops.append(history.annotation_op(saved.id, old, history.annotation_row(store, saved.id)))
        history.record(store, project_id, LABEL, ops)
    return AppliedMany(new_text, after, [s for s, _ in applied], left_out)
