"""The bilingual review DOCX round trip: export a run's findings, let the translator (python-docx here)
edit two targets and answer a finding, import: one new revision with both edits (one undo puts the text
and the note back), the answer a note on its finding that decides nothing; a changed source, an unknown ID,
a conflicting edit and a stray reply are reported and not applied; hostile files give a clear error."""

from __future__ import annotations

import json
import zipfile

import docx
import pytest

from litlens.app.core.model import Judgment, Span
from litlens.app.exchange.review_export import export_review_docx
from litlens.app.exchange.review_import import ReviewImportError, apply_import, plan_import
from litlens.app.formats.errors import FormatError
from litlens.app.formats.review_docx import read_review_docx, split_reply
from litlens.app.mqm import states
from litlens.app.reports import collect
from litlens.app.run import annotations as ann
from litlens.app.run import candidate_texts, history, revisions
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "The black cat slept.\n\nThe old man walked.\n\nThe house was empty.\n\nIt rained all night."
DRAFT = "Le chat blanc dormait.\n\nLe vieil homme marchait.\n\nLa maison était vide.\n\nIl a plu la nuit."


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "litlens.db")
    yield s
    s.close()


def _span(text, para, words, category, severity, suggestion=""):
    p = text.paragraphs[para]
    start = p.start + p.text.index(words)
    return Span(judge="gemba_mqm", category=category, severity=severity, start=start, end=start + len(words),
                quote=words, suggestion=suggestion, explanation=f"wrong: {words}", paragraph=para)


def _run(store):
    project = build_project("Night", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "fr"))])
    pid = store.save_project(project)
    run_id = store.start_run(pid, ["gemba_mqm"], "offline", "none", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, run_id)
    t = project.candidate("Draft").text
    spans = [_span(t, 0, "blanc", "accuracy/mistranslation", "major", "noir"),
             _span(t, 3, "la nuit", "accuracy/omission", "minor", "toute la nuit"),
             _span(t, 1, "vieil", "fluency/grammar", "minor")]
    store.save_result(run_id, Judgment("gemba_mqm", "g:Draft", "Draft", None, spans=spans), "v1", "none", "h")
    store.update_run(run_id, status="done", units_done=1)
    return pid, run_id


def _ids(store, pid):
    return {key[6]: sid for key, sid in ann.span_ids(store, pid).items()}  # quote -> span id


def _edit(path, out, edits):
    """The translator's side: change cells of the review table with python-docx and save."""
    d = docx.Document(str(path))
    table = d.tables[0]
    for (row, col), value in edits.items():
        table.rows[row].cells[col].text = value
    d.save(str(out))


def test_export_writes_table_comments_and_states(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    grammar = next(i for i in collect(store, run_id).issues if i.quote == "vieil")
    ann.save(store, ann.Annotation(pid, "Draft", "reject", grammar.category, grammar.severity,
                                   span_id=grammar.span_id, judge="gemba_mqm"))
    path = tmp_path / "review.docx"
    export_review_docx(store, run_id, path)
    d = docx.Document(str(path))
    rows = [[c.text for c in r.cells] for r in d.tables[0].rows]
    assert rows[0] == ["ID", "Source", "Target", "Findings", "Reply"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
    assert rows[1][1:3] == ["The black cat slept.", "Le chat blanc dormait."]
    assert rows[1][3] == f"[F{ids['blanc']}] major · accuracy/mistranslation · open — wrong: blanc → noir"
    assert rows[2][3] == ""  # the rejected finding is not sent
    assert len(list(d.comments)) == 2  # each sent finding is also a Word comment on its target cell
    meta = json.loads(d.core_properties.comments)
    assert (meta["project_id"], meta["candidate"], meta["revision"], meta["run"]) == (pid, "Draft", 0, run_id)


def test_round_trip_edits_one_revision_answers_notes_and_undo(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    _edit(path, back, {(1, 2): "Le chat noir dormait.", (4, 2): "Il a plu toute la nuit.",
                       (4, 4): "I forgot it, fixed.", (2, 4): f"[F{ids['vieil']}] vieil is right before a vowel"})
    plan = plan_import(store, read_review_docx(back))
    assert [(e.id, e.new) for e in plan.edits] == [("1", "Le chat noir dormait."), ("4", "Il a plu toute la nuit.")]
    assert {(a.span_id, a.text) for a in plan.answers} == {(ids["la nuit"], "I forgot it, fixed."),
                                                           (ids["vieil"], "vieil is right before a vowel")}
    assert plan.problems() == []
    number = apply_import(store, plan)
    assert number == 1 and candidate_texts.head(store, pid, "Draft") == 1
    text = candidate_texts.revision_text(store, pid, "Draft").content
    assert text == DRAFT.replace("blanc", "noir").replace("plu la", "plu toute la")
    notes = {a.span_id: a for a in ann.for_project(store, pid)}
    assert notes[ids["la nuit"]].note == "Translator: I forgot it, fixed."
    assert notes[ids["la nuit"]].action == "comment"
    # a note decides nothing: the finding it is on is still open (not accepted) in every reading
    issue = next(i for i in collect(store, run_id).issues if i.span_id == ids["vieil"])
    assert (issue.status, issue.note) == (states.OPEN, "Translator: vieil is right before a vowel")
    # one command: one undo takes back the revision and both notes
    assert history.next_undo(store, pid).label == "review import"
    history.undo(store, pid)
    assert candidate_texts.head(store, pid, "Draft") == 0
    assert ann.for_project(store, pid) == []


def test_answer_on_a_decided_finding_keeps_the_decision_and_a_later_decision_keeps_the_answer(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    issue = next(i for i in collect(store, run_id).issues if i.quote == "blanc")
    ann.save(store, ann.Annotation(pid, "Draft", "accept", issue.category, issue.severity, span_id=issue.span_id,
                                   judge="gemba_mqm", note="clearly wrong"))
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    _edit(path, back, {(1, 4): "agreed"})
    apply_import(store, plan_import(store, read_review_docx(back)))
    [a] = [a for a in ann.for_project(store, pid) if a.span_id == ids["blanc"]]
    assert (a.action, a.note) == ("accept", "clearly wrong\nTranslator: agreed")
    grammar = ids["vieil"]
    ann.save(store, ann.Annotation(pid, "Draft", "comment", "fluency/grammar", "minor", span_id=grammar,
                                   judge="gemba_mqm", note="Translator: kept"))
    ann.save(store, ann.Annotation(pid, "Draft", "reject", "fluency/grammar", "minor", span_id=grammar,
                                   judge="gemba_mqm"))
    [a] = [a for a in ann.for_project(store, pid) if a.span_id == grammar]
    assert (a.action, a.note) == ("reject", "Translator: kept")


def test_changed_source_unknown_id_conflict_and_stray_reply_are_reported_not_applied(store, tmp_path):
    pid, run_id = _run(store)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    # in LitLens, paragraph 3 is edited after the export
    t = candidate_texts.revision_text(store, pid, "Draft")
    from litlens.app.core.edits import replace_paragraph
    edited, _ = replace_paragraph(t, 2, "La maison était déserte.")
    history.edit_text(store, pid, "Draft", edited, "edit ¶3")
    _edit(path, back, {(1, 1): "The white cat slept.", (1, 2): "Le chat noir dormait.",
                       (2, 0): "99", (3, 2): "La maison vide.", (2, 4): "a reply to nothing"})
    plan = plan_import(store, read_review_docx(back))
    assert plan.edits == [] and plan.answers == []
    assert (plan.changed_source, plan.unknown_ids, plan.conflicts, plan.missing_ids) == (["1"], ["99"], ["3"], ["2"])
    assert len(plan.problems()) == 4
    assert not plan.changes_anything
    # a plan made before another edit is refused rather than applied on other words
    _edit(path, back, {(4, 2): "Il a plu toute la nuit."})
    plan = plan_import(store, read_review_docx(back))
    history.edit_text(store, pid, "Draft", text_from_string(edited.content.replace("Il a", "Il avait"), "fr"))
    with pytest.raises(ReviewImportError, match="edited since"):
        apply_import(store, plan)


def test_reply_tags():
    assert split_reply("[F3] yes [F4] no", [3, 4]) == ({3: "yes", 4: "no"}, "")
    assert split_reply("F3: fine", [3]) == ({3: "fine"}, "")
    assert split_reply("just text", [3]) == ({3: "just text"}, "")
    assert split_reply("just text", [3, 4]) == ({}, "just text")  # two findings: whose? not guessed
    assert split_reply("OFF17 is a word", [1]) == ({1: "OFF17 is a word"}, "")


def test_hostile_and_foreign_files_give_clear_errors(store, tmp_path):
    bad = tmp_path / "bad.docx"
    bad.write_bytes(b"not a zip at all")
    with pytest.raises(FormatError, match="not a valid Word document"):
        read_review_docx(bad)
    bomb = tmp_path / "bomb.docx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/document.xml", b"<" + b"a" * (20 * 1024 * 1024))
    with pytest.raises(FormatError, match="zip bomb"):
        read_review_docx(bomb)
    plain = tmp_path / "plain.docx"
    d = docx.Document()
    d.add_paragraph("hello")
    d.save(str(plain))
    with pytest.raises(FormatError, match="not a LitLens review file"):
        read_review_docx(plain)
    broken = tmp_path / "broken.docx"
    with zipfile.ZipFile(broken, "w") as zf:
        zf.writestr("word/document.xml", "<w:document")
        zf.writestr("[Content_Types].xml", "<Types")
    with pytest.raises(FormatError, match="damaged"):
        read_review_docx(broken)
    pid, run_id = _run(store)
    path = tmp_path / "review.docx"
    export_review_docx(store, run_id, path)
    review = read_review_docx(path)
    review.meta["project_id"] = 999
    with pytest.raises(ReviewImportError, match="does not have"):
        plan_import(store, review)


def test_a_comment_is_not_a_merged_rows_decision():
    a = Span(judge="gemba_mqm", category="accuracy/mistranslation", severity="major", start=0, end=5)
    b = Span(judge="da_mqm", category="accuracy/mistranslation", severity="minor", start=1, end=5)
    accepted = ann.Annotation(1, "D", "accept", a.category, a.severity, span_id=1, id=1, updated_at=1.0)
    comment = ann.Annotation(1, "D", "comment", b.category, b.severity, span_id=2, id=2, updated_at=2.0,
                             note="Translator: ok")
    got = states.finding_states([a, b], {1: accepted, 2: comment}, lambda s: 1 if s is a else 2)
    assert [got[id(a)].status, got[id(b)].status] == [states.ACCEPTED, states.ACCEPTED]


def test_command_line_lists_then_applies_only_with_apply(tmp_path, db_path, capsys):
    from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, main
    store = Store(db_path)
    pid, run_id = _run(store)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    assert main(["review-docx", "export", str(run_id), str(path)]) == EXIT_OK
    _edit(path, back, {(2, 2): "Le vieux monsieur marchait.", (3, 0): "77"})
    capsys.readouterr()
    assert main(["review-docx", "import", str(back)]) == EXIT_OK
    out = capsys.readouterr()
    assert "→ Le vieux monsieur marchait." in out.out and "nothing applied" in out.out
    assert "no paragraph of the translation has this ID: 77" in out.err
    assert candidate_texts.head(store, pid, "Draft") == 0  # listed, not applied
    assert main(["review-docx", "import", str(back), "--apply", "--strict"]) == 1
    assert candidate_texts.head(store, pid, "Draft") == 0
    assert main(["review-docx", "import", str(back), "--apply"]) == EXIT_OK
    assert "saved as revision 1 of Draft" in capsys.readouterr().out
    assert "Le vieux monsieur marchait." in candidate_texts.revision_text(store, pid, "Draft").content
    (tmp_path / "junk.docx").write_bytes(b"PK\x03\x04junk")
    assert main(["review-docx", "import", str(tmp_path / "junk.docx")]) == EXIT_INPUT
    assert "not a valid Word document" in capsys.readouterr().err
