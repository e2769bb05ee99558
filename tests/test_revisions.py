"""Revisions of an edited candidate, in the core (no Qt): saving an edit, re-checking only what changed,
carrying findings to the new text, applying a correction, and undo/redo kept in the store."""

from __future__ import annotations

import dataclasses

import pytest

from litlens.app.core.edits import OUTDATED, replace_paragraph
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import annotations as ann
from litlens.app.run import corrections, history, revisions, service
from litlens.app.run.recheck import recheck
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "\n\n".join(["Seven boxes stood by the door.", "Hanna counted them twice.", "Then she left.",
                      "The rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 있었다.", "한나는 그것들을 두 번 세었다.", "그리고 그녀는 떠났다.",
                     "비가 시작되었다."])


def _project():
    return build_project("boxes", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "ko"))])


def _responder(call):
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                            "quoted_from": "translation", "text": "다섯 개", "occurrence": None,
                            "explanation": "Seven, not five.", "suggestion": "일곱 개"}]}
    return {"errors": []}


def _request(project, server):
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    return service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings)


def _edit(project, label, index, new):
    text, _ = replace_paragraph(project.candidate(label).text, index, new)
    return dataclasses.replace(project, candidates=[dataclasses.replace(c, text=text) if c.label == label else c
                                                    for c in project.candidates])


def test_an_edit_is_a_revision_and_a_rerun_asks_only_about_the_changed_paragraph(tmp_path, fake_server):
    fake_server.responder = _responder
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    first = service.execute(_request(project, fake_server), store)
    assert first.status == "done" and fake_server.count == 4
    pid = project.id

    edited = _edit(project, "Draft", 3, "비가 내리기 시작했다.")
    number = history.edit_text(store, pid, "Draft", edited.candidate("Draft").text)
    assert number == 1 and revisions.head(store, pid, "Draft") == 1
    # the same project, not a new one; reopening it shows the revision
    assert store.save_project(edited) == pid
    assert store.load_project(pid).candidate("Draft").text.content == edited.candidate("Draft").text.content

    req = _request(edited, fake_server)
    planned = service.plan(req)
    check = recheck(store, req, planned)
    assert (check.changed, check.calls) == (1, 1)
    assert check.describe() == "1 paragraph changed — 1 call"
    fake_server.reset()
    second = service.execute(req, store)
    assert second.status == "done" and fake_server.count == 1  # unchanged paragraphs cost nothing
    assert "비가 내리기" in fake_server.last.first_user

    # the first revision and its run stay browsable
    assert [r["number"] for r in revisions.list_revisions(store, pid, "Draft")] == [0, 1]
    assert revisions.revision_text(store, pid, "Draft", 0).content == DRAFT
    assert len(store.results_for_run(first.run_id)) == 4


def test_findings_move_with_their_words_or_are_marked_outdated(tmp_path, fake_server):
    fake_server.responder = _responder
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    service.execute(_request(project, fake_server), store)
    pid = project.id
    # words added before the finding: it moves; the quoted words survive
    moved = _edit(project, "Draft", 0, "그때 문 옆에 상자 다섯 개가 있었다.")
    history.edit_text(store, pid, "Draft", moved.candidate("Draft").text)
    span = next(s for j in revisions.current_judgments(store, pid, moved) for s in j.spans)
    content = moved.candidate("Draft").text.content
    assert content[span.start:span.end] == "다섯 개" and not span.data.get(OUTDATED)
    # the quoted words are gone: kept, marked outdated, never dropped
    gone = _edit(moved, "Draft", 0, "문 옆에 상자 일곱 개가 있었다.")
    history.edit_text(store, pid, "Draft", gone.candidate("Draft").text)
    spans = [s for j in revisions.current_judgments(store, pid, gone) for s in j.spans]
    assert len(spans) == 1 and spans[0].data.get(OUTDATED)
    # where the words were, as one character: not spread over the new words the edit put there
    assert spans[0].end - spans[0].start == 1
    assert spans[0].start == gone.candidate("Draft").text.content.index("일곱")


def test_apply_a_correction_then_undo_and_redo_survive_a_restart(tmp_path, fake_server):
    fake_server.responder = _responder
    path = tmp_path / "db.sqlite"
    store = Store(path)
    project = _project()
    service.execute(_request(project, fake_server), store)
    pid = project.id
    span = next(s for j in revisions.current_judgments(store, pid, project) for s in j.spans)
    assert corrections.can_apply(span)
    sid = ann.span_ids(store, pid)[ann.span_key(span, "Draft")]
    done = corrections.apply_correction(store, pid, "Draft", project.candidate("Draft").text, span, sid)
    assert "상자 일곱 개가" in done.text.content and done.revision == 1
    decision = ann.for_project(store, pid)[0]
    assert decision.action == "accept" and decision.resolved and decision.resolved_by == 1
    store.close()

    store = Store(path)  # the stack is in the database
    assert history.next_undo(store, pid).label == "apply correction"
    history.undo(store, pid)
    assert store.load_project(pid).candidate("Draft").text.content == DRAFT
    assert ann.for_project(store, pid) == []
    history.redo(store, pid)
    assert "일곱 개" in store.load_project(pid).candidate("Draft").text.content
    assert ann.for_project(store, pid)[0].resolved_by == 1


def test_advice_is_not_applied_and_a_new_action_drops_the_redo_branch(tmp_path):
    from litlens.app.core.model import Span
    advice = Span(judge="honorifics", category="style/register", severity="minor", start=0, end=2,
                  quote="문 ", suggestion="Use 해요체.")
    assert not corrections.can_apply(advice)
    with pytest.raises(corrections.CorrectionError):
        corrections.corrected(_project().candidate("Draft").text, advice)

    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    a = history.decide(store, ann.Annotation(pid, "Draft", "add", "accuracy/omission", "major", 0, 1, quote="문"))
    history.undo(store, pid)
    assert ann.for_project(store, pid) == [] and history.next_redo(store, pid) is not None
    history.decide(store, ann.Annotation(pid, "Draft", "add", "fluency/grammar", "minor", 2, 4))
    assert history.next_redo(store, pid) is None and a.id is not None


def test_overlapping_findings_of_one_branch_merge_and_keep_each_judges_explanation():
    from litlens.app.core.model import Span
    from litlens.app.mqm.merge import group_findings
    gemba = Span(judge="gemba-mqm", category="accuracy/mistranslation", severity="major", start=10, end=14,
                 quote="다섯 개", explanation="Seven, not five.", suggestion="일곱 개")
    cons = Span(judge="consistency", category="accuracy/number", severity="minor", start=10, end=12,
                quote="다섯", explanation="The source says 7.")
    style = Span(judge="gemba-mqm", category="style/awkward", severity="minor", start=11, end=13)
    elsewhere = Span(judge="consistency", category="accuracy/number", severity="minor", start=30, end=32)
    lost = Span(judge="gemba-mqm", category="accuracy/omission", severity="major", quote="?")
    groups = group_findings([cons, style, gemba, elsewhere, lost])
    assert len(groups) == 4
    merged = next(g for g in groups if g.merged)
    assert merged.primary is gemba and merged.judges == ["consistency", "gemba-mqm"] or \
        merged.judges == ["gemba-mqm", "consistency"]
    assert dict(merged.explanations()) == {"gemba-mqm": "Seven, not five.", "consistency": "The source says 7."}
    assert (merged.start, merged.end) == (10, 14) and groups[-1].members == [lost]


def test_a_reviewers_own_replacement_is_applied_and_the_correction_is_kept(tmp_path):
    from litlens.app.core.model import Span
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    text = project.candidate("Draft").text
    start = text.content.index("두 번")
    added = history.decide(store, ann.Annotation(pid, "Draft", "add", "accuracy/mistranslation", "minor",
                                                 start, start + 3, quote="두 번", suggestion="세 번"))
    span = Span(judge=ann.HUMAN, category="accuracy/mistranslation", severity="minor", start=start,
                end=start + 3, quote="두 번", data={"annotation_id": added.id, corrections.REPLACEMENT: "세 번"})
    done = corrections.apply_correction(store, pid, "Draft", text, span, None)
    assert "그것들을 세 번 세었다" in done.text.content
    kept = ann.for_project(store, pid)
    assert len(kept) == 1 and kept[0].action == "add" and kept[0].resolved and kept[0].suggestion == "세 번"


def test_revisions_are_described_their_findings_kept_and_going_back_is_a_new_revision(tmp_path, fake_server):
    fake_server.responder = _responder
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    service.execute(_request(project, fake_server), store)
    pid = project.id
    one = _edit(project, "Draft", 3, "비가 내리기 시작했다.")
    history.edit_text(store, pid, "Draft", one.candidate("Draft").text, "edit ¶4")
    span = next(s for j in revisions.current_judgments(store, pid, one) for s in j.spans if s.quote == "다섯 개")
    first = next(s for j in revisions.current_judgments(store, pid, project) for s in j.spans)
    sid = ann.span_ids(store, pid)[ann.span_key(first, "Draft")]
    corrections.apply_correction(store, pid, "Draft", one.candidate("Draft").text, span, sid, "")
    rows = revisions.describe_revisions(store, pid, "Draft")
    assert [(r["number"], r["kind"], r["changed"], r["current"]) for r in rows] == [
        (0, "original", [], False), (1, "edit", [3], False), (2, "correction", [0], True)]
    # what GEMBA-MQM found on revision 0 stays readable with offsets into that text; revision 1 was never run
    found = revisions.revision_judgments(store, pid, "Draft", 0)
    spans = [s for j in found for s in j.spans]
    assert [s.quote for s in spans] == ["다섯 개"] and DRAFT[spans[0].start:spans[0].end] == "다섯 개"
    assert revisions.revision_judgments(store, pid, "Draft", 1) == []
    number = revisions.restore_revision(store, pid, "Draft", 0)
    assert number == 3 and revisions.head(store, pid, "Draft") == 3
    assert revisions.revision_text(store, pid, "Draft").content == DRAFT
    assert [r["number"] for r in revisions.list_revisions(store, pid, "Draft")] == [0, 1, 2, 3]
    assert revisions.describe_revisions(store, pid, "Draft")[-1]["kind"] == "restore"
    history.undo(store, pid)  # going back is undoable like an edit
    assert revisions.head(store, pid, "Draft") == 2
    store.close()


def test_a_correction_that_keeps_its_words_is_applied_once_and_again_only_after_undo(tmp_path):
    """"개" → "개나": the finding's words are still in place inside its own replacement, so it still
    points at the text; applying it a second time would write "개나나"."""
    from litlens.app.core.model import Span
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    revisions.record_run_revisions(store, pid, project, store.start_run(pid, ["gemba-mqm"], "offline", "-", {},
                                                                        None, 1))
    text = project.candidate("Draft").text
    start = text.content.index("다섯 개") + 3
    added = history.decide(store, ann.Annotation(pid, "Draft", "add", "fluency/grammar", "minor",
                                                 start, start + 1, quote="개", suggestion="개나"))
    span = Span(judge=ann.HUMAN, category="fluency/grammar", severity="minor", start=start, end=start + 1,
                quote="개", data={"annotation_id": added.id, corrections.REPLACEMENT: "개나"})
    done = corrections.apply_correction(store, pid, "Draft", text, span, None)
    assert "다섯 개나가 있었다" in done.text.content
    assert done.text.content[start:start + 1] == "개"  # still located: only the store knows it was applied
    with pytest.raises(corrections.CorrectionError, match="already applied"):
        corrections.apply_correction(store, pid, "Draft", done.text, span, None)
    assert store.load_project(pid).candidate("Draft").text.content == done.text.content
    history.undo(store, pid)
    again = corrections.apply_correction(store, pid, "Draft", text, span, None)
    assert again.text.content == done.text.content
