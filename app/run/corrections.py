"""Applying a finding's suggested correction to the translation, through the same revision path as an edit.

Only suggestions that are replacement text can be applied (GEMBA-MQM, TransEvalnia, MAS-LitEval terms,
consistency renderings, a reviewer's own correction); advice such as the honorifics judge's "Use 해요체."
is shown, never pasted into the text. Applying stores a new revision of the candidate and marks the
finding accepted and resolved by that revision, as one undoable command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from litlens.app.core.edits import OUTDATED, replace_paragraph
from litlens.app.run import annotations as ann
from litlens.app.run import history, revisions

if TYPE_CHECKING:
    from litlens.app.core.model import Span, Text
    from litlens.app.run.store import Store

# Judges whose suggestion is advice in words, not text that could replace the span.
ADVICE_ONLY = frozenset({"honorifics"})
REPLACEMENT = "replacement"  # span.data key: a reviewer's own replacement text for the span


class CorrectionError(ValueError):
    """A correction that cannot be applied; the message says why in one sentence."""


def replacement(span: Span) -> str | None:
    """The text that would replace the span, or None when the finding offers none that can be applied."""
    text = span.data.get(REPLACEMENT) or ("" if span.judge in ADVICE_ONLY else span.suggestion)
    text = (text or "").strip()
    return text or None


def can_apply(span: Span) -> bool:
    return span.located and not span.data.get(OUTDATED) and replacement(span) is not None


def corrected(text: Text, span: Span) -> tuple[Text, int]:
    """``text`` with the span replaced by its suggestion, and the index of the paragraph that changed."""
    new = replacement(span)
    if new is None:
        raise CorrectionError("This finding has no correction to apply.")
    if not span.located or span.data.get(OUTDATED):
        raise CorrectionError("This finding no longer points at the text (an edit overtook it).")
    assert span.start is not None and span.end is not None
    para = next((p for p in text.paragraphs if p.start <= span.start and span.end <= p.end), None)
    if para is None:
        raise CorrectionError("This finding crosses paragraphs; correct it by editing the text.")
    if span.quote and text.content[span.start:span.end] != span.quote and \
            span.quote not in text.content[span.start:span.end]:
        raise CorrectionError("The text under this finding has changed since it was found.")
    if "\n\n" in new:
        raise CorrectionError("A correction cannot add a paragraph break.")
    body = para.text[:span.start - para.start] + new + para.text[span.end - para.start:]
    if not body.strip():
        raise CorrectionError("Applying this would empty the paragraph; edit the paragraph instead.")
    return replace_paragraph(text, para.index, body)[0], para.index


@dataclass
class Applied:
    text: Text  # the candidate's new text
    revision: int
    paragraph: int
    annotation: ann.Annotation


def apply_correction(store: Store, project_id: int, label: str, text: Text, span: Span,
                     span_id: int | None, reviewer: str = "") -> Applied:
    """Replace the span by its suggestion in a new revision and mark the finding resolved by it.

    ``text`` is the candidate as shown (the current revision); ``span_id`` the stored finding (None for
    a reviewer's own addition, which is then resolved through its annotation id in ``span.data``)."""
    new_text, index = corrected(text, span)
    before = revisions.head(store, project_id, label)
    after = revisions.save_revision(store, project_id, label, new_text, "correction")
    aid = span.data.get("annotation_id") if span_id is None else None
    if span_id is None and aid is None:
        raise CorrectionError("This finding is not in the store yet; wait for its run to finish.")
    old_row = history.annotation_row(store, aid) if aid else _decision_row(store, project_id, span_id)
    # a reviewer's correction or addition stays what it was (its category, note, own fix), now resolved
    keep = old_row if old_row is not None and old_row["action"] in ("edit", "add") else None
    a = ann.Annotation(project_id=project_id, candidate=label, action=keep["action"] if keep else "accept",
                       category=keep["category"] if keep else span.category,
                       severity=keep["severity"] if keep else span.severity, start=span.start, end=span.end,
                       span_id=span_id, judge=span.judge, paragraph=index, quote=span.quote,
                       note=(keep["note"] if keep and keep["note"] else f"Applied: {replacement(span)}"),
                       reviewer=reviewer, id=aid, revision=before, resolved_by=after,
                       suggestion=(keep.get("suggestion") or "") if keep else "")
    saved = ann.save(store, a)
    assert saved.id is not None
    history.record(store, project_id, "apply correction",
                   [history.head_op(label, before, after),
                    history.annotation_op(saved.id, old_row, history.annotation_row(store, saved.id))])
    return Applied(new_text, after, index, saved)


def _decision_row(store: Store, project_id: int, span_id: int | None) -> dict | None:
    row = store.db.execute("SELECT id FROM annotations WHERE span_id = ? AND project_id = ? ORDER BY id DESC "
                           "LIMIT 1", [span_id, project_id]).fetchone()
    return history.annotation_row(store, int(row[0])) if row else None
