"""Applying a finding's suggested correction to the translation, through the same revision path as an edit.

Only suggestions that are replacement text can be applied (GEMBA-MQM, TransEvalnia, MAS-LitEval terms,
consistency renderings, a reviewer's own correction); advice such as the honorifics judge's "Use 해요체."
is shown, never pasted into the text. Applying stores a new revision of the candidate and marks the
finding accepted and resolved by that revision, as one undoable command.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from litlens.app.core.edits import OUTDATED, has_paragraph_break, replace_paragraph
from litlens.app.run import annotations as ann
from litlens.app.run import history, revisions
from litlens.app.run.candidate_texts import RevisionError, split_paragraphs

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
    if has_paragraph_break(new):
        raise CorrectionError("A correction cannot add a paragraph break (a blank line); edit the text to "
                              "split a paragraph.")
    body = para.text[:span.start - para.start] + new + para.text[span.end - para.start:]
    if not body.strip():
        raise CorrectionError("Applying this would empty the paragraph; edit the paragraph instead.")
    out = replace_paragraph(text, para.index, body)[0]
    # read back as the store will read it: in a text written one paragraph per line, a single line break
    # is a paragraph break too
    if len(split_paragraphs(out.content)) != len(split_paragraphs(text.content)):
        raise CorrectionError("A correction cannot add a paragraph break (in this text each line is a "
                              "paragraph); edit the text to split a paragraph.")
    return out, para.index


@dataclass
class Applied:
    text: Text  # the candidate's new text
    revision: int
    paragraph: int
    annotation: ann.Annotation


def apply_correction(store: Store, project_id: int, label: str, text: Text, span: Span,
                     span_id: int | None, reviewer: str = "", finding: Span | None = None) -> Applied:
    """Replace the span by its suggestion in a new revision and mark the finding resolved by it.

    ``text`` is the candidate as shown (the current revision); ``span_id`` the stored finding (None for
    a reviewer's own addition, which is then resolved through its annotation id in ``span.data``).
    ``finding`` is that stored finding as the judge gave it, when ``span`` is the reviewer's correction of
    it (other ends, so other words): the id is checked against the finding, the text against ``span``."""
    new_text, index = corrected(text, span)
    aid = span.data.get("annotation_id") if span_id is None else None
    if span_id is None and aid is None:
        raise CorrectionError("This finding is not in the store yet; wait for its run to finish.")
    with store.write():  # the revision, the decision and its undo entry: all stored or none
        if span_id is not None:
            check_span_id(store, project_id, label, finding or span, span_id, index)
        before = revisions.head(store, project_id, label)
        try:
            after = revisions.save_revision(store, project_id, label, new_text, "correction")
        except RevisionError as exc:
            raise CorrectionError(str(exc)) from None
        old_row = history.annotation_row(store, aid) if aid else _decision_row(store, project_id, span_id)
        if old_row is not None and old_row.get("resolved_by") is not None:
            # its words may still be there inside the replacement ("blanc" in "blanche"): applying again
            # would write the suggestion a second time
            raise CorrectionError(f"This finding's correction is already applied (revision "
                                  f"{old_row['resolved_by']}); undo it first to apply it again.")
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


def check_span_id(store: Store, project_id: int, label: str, span: Span, span_id: int, index: int) -> None:
    """Refuse a stored span id that is not this finding: another project's, another translation's, another
    judge's, one quoting other words, or one in another paragraph (a stale or mixed-up id would mark the
    wrong finding resolved)."""
    row = store.db.execute(
        "SELECT s.candidate, s.judge, s.paragraph, s.quote, s.start, min(rr.run_id) FROM spans s "
        "JOIN run_results rr ON rr.result_id = s.result_id JOIN runs ru ON ru.id = rr.run_id "
        "WHERE s.id = ? AND ru.project_id = ? GROUP BY s.id", [span_id, project_id]).fetchone()
    if row is None:
        raise CorrectionError(f"Finding {span_id} is not a finding of this project.")
    candidate, judge, paragraph, quote, start, run_id = row
    if (candidate or "") != label:
        raise CorrectionError(f"Finding {span_id} is about {candidate!r}, not {label!r}.")
    if judge != span.judge or (quote and span.quote and quote != span.quote):
        raise CorrectionError(f"Finding {span_id} is another finding ({judge}: {quote!r}), not this one.")
    if paragraph is None and start is not None:  # offline judges store no paragraph: place it on the text
        judged = json.loads(store.db.execute("SELECT revisions FROM runs WHERE id = ?", [run_id])
                            .fetchone()[0] or "{}").get(label, 0)
        old = revisions.revision_text(store, project_id, label, judged)
        paragraph = next((p.index for p in old.paragraphs if p.start <= start < max(p.end, p.start + 1)), None)
    if paragraph is not None and int(paragraph) != index:
        raise CorrectionError(f"Finding {span_id} is in paragraph {int(paragraph) + 1}, not in paragraph "
                              f"{index + 1} where this correction applies.")


def _decision_row(store: Store, project_id: int, span_id: int | None) -> dict | None:
    row = store.db.execute("SELECT id FROM annotations WHERE span_id = ? AND project_id = ? ORDER BY id DESC "
                           "LIMIT 1", [span_id, project_id]).fetchone()
    return history.annotation_row(store, int(row[0])) if row else None
