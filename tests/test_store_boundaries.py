"""Edits, corrections and revision numbers checked where they enter the store, and the writes that make
one user action (a bulk decision, an edit with its undo entry, an applied correction) stored all or none.

Each check is tried on the input that used to get through: a correction holding a blank line (which then
added a paragraph, after which every edit was refused), an edit beyond the size limit (after which the
project no longer loaded), revision 999 or -1 (which restored the original), a lone surrogate (which
raised UnicodeEncodeError), a span id of another paragraph (which resolved the wrong finding), and a
write failing part-way through a bulk decision (which left some of it stored, with no undo entry).
"""

from __future__ import annotations

import dataclasses

import pytest

from litlens.app.core.edits import replace_paragraph
from litlens.app.core.model import Span
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import annotations as ann
from litlens.app.run import corrections, history, revisions, service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from litlens.app.texts.limits import MAX_DOCUMENT_CHARS

SOURCE = "\n\n".join(["Seven boxes stood by the door.", "Hanna counted them twice.", "Then she left.",
                      "The rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 있었다.", "한나는 그것들을 두 번 세었다.", "그리고 그녀는 떠났다.",
                     "비가 시작되었다."])


def _responder(call):
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                            "quoted_from": "translation", "text": "다섯 개", "occurrence": None,
                            "explanation": "Seven, not five.", "suggestion": "일곱 개"}]}
    if "두 번" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "minor",
                            "quoted_from": "translation", "text": "두 번", "occurrence": None,
                            "explanation": "Twice.", "suggestion": "두 차례"}]}
    return {"errors": []}


def _project(draft: str = DRAFT):
    return build_project("boxes", text_from_string(SOURCE, "en"), [("Draft", text_from_string(draft, "ko"))])


def _judged(tmp_path, fake_server):
    """A stored project with GEMBA-MQM's findings (one in paragraph 1, one in paragraph 2)."""
    fake_server.responder = _responder
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    assert service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings),
                           store).status == "done"
    spans = {s.quote: s for j in revisions.current_judgments(store, project.id, project) for s in j.spans}
    ids = {q: ann.span_ids(store, project.id)[ann.span_key(s, "Draft")] for q, s in spans.items()}
    return store, project, spans, ids


def _stored_state(store, pid):
    """Everything a user action may change: the current revision, the revisions, decisions, undo stack."""
    return (revisions.head(store, pid, "Draft"),
            store.db.execute("SELECT count(*) FROM revisions").fetchone()[0],
            store.db.execute("SELECT count(*) FROM annotations").fetchone()[0],
            store.db.execute("SELECT count(*) FROM commands").fetchone()[0])


def _edited(project, index, new):
    return replace_paragraph(project.candidate("Draft").text, index, new)[0]


# ---- 1. inputs checked at the boundary ----------------------------------------------------------------
@pytest.mark.parametrize("fix", ["일곱 개\n\n여덟", "일곱 개\n \n여덟", "일곱 개\r\n\r\n여덟"])
def test_a_correction_with_a_paragraph_break_is_refused_and_edits_keep_working(tmp_path, fake_server, fix):
    store, project, spans, ids = _judged(tmp_path, fake_server)
    pid, before = project.id, _stored_state(store, project.id)
    span = dataclasses.replace(spans["다섯 개"], suggestion=fix)
    with pytest.raises(corrections.CorrectionError, match="paragraph break"):
        corrections.apply_correction(store, pid, "Draft", project.candidate("Draft").text, span, ids["다섯 개"])
    assert _stored_state(store, pid) == before
    assert len(store.load_project(pid).candidate("Draft").text.paragraphs) == 4
    # the project is still editable (an added paragraph made every later edit fail)
    assert history.edit_text(store, pid, "Draft", _edited(project, 3, "비가 내렸다.")) == 1


def test_an_edit_whose_text_would_read_back_as_more_paragraphs_is_refused(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    # the Text object still claims four paragraphs; its content, read back, has five
    sneaky = _edited(project, 1, "한나는 그것들을\n\n두 번 세었다.")
    assert len(sneaky.paragraphs) == 4
    with pytest.raises(revisions.RevisionError, match="paragraph break"):
        history.edit_text(store, pid, "Draft", sneaky)
    assert _stored_state(store, pid) == (0, 0, 0, 0)


def test_in_a_text_written_one_paragraph_per_line_a_line_break_in_a_correction_is_refused(tmp_path):
    lines = DRAFT.replace("\n\n", "\n")  # one block of lines: each line is a paragraph
    text = _project(lines).candidate("Draft").text
    assert len(text.paragraphs) == 4
    start = lines.index("다섯 개")
    span = Span(judge="gemba-mqm", category="accuracy/mistranslation", severity="major", start=start,
                end=start + 4, quote="다섯 개", suggestion="일곱\n개")
    with pytest.raises(corrections.CorrectionError, match="paragraph break"):
        corrections.corrected(text, span)


def test_the_size_limit_applies_to_an_edit(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    huge = _edited(project, 2, "가" * (MAX_DOCUMENT_CHARS + 1))
    with pytest.raises(revisions.RevisionError, match="too long"):
        history.edit_text(store, pid, "Draft", huge)
    assert _stored_state(store, pid) == (0, 0, 0, 0)
    assert store.load_project(pid).candidate("Draft").text.content == DRAFT  # still loads


@pytest.mark.parametrize("number", [999, -1, 1])
def test_restoring_a_revision_that_does_not_exist_is_refused(tmp_path, number):
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    if number == 1:  # revision 1 exists after this edit; ask for 2 instead
        history.edit_text(store, pid, "Draft", _edited(project, 3, "비가 내렸다."))
        number = 2
    before = _stored_state(store, pid)
    with pytest.raises(revisions.RevisionError, match=f"no revision {number}"):
        revisions.restore_revision(store, pid, "Draft", number)
    assert _stored_state(store, pid) == before
    with pytest.raises(revisions.RevisionError):
        revisions.revision_text(store, pid, "Draft", number)


@pytest.mark.parametrize("where", ["edit", "correction"])
def test_a_lone_surrogate_is_refused_with_the_usual_edit_error(tmp_path, fake_server, where):
    store, project, spans, ids = _judged(tmp_path, fake_server)
    pid = project.id
    before = _stored_state(store, pid)
    if where == "edit":
        with pytest.raises(revisions.RevisionError, match="surrogate"):
            history.edit_text(store, pid, "Draft", _edited(project, 3, "비가 \ud800 내렸다."))
    else:
        span = dataclasses.replace(spans["다섯 개"], suggestion="일곱\udc00개")
        with pytest.raises(corrections.CorrectionError, match="surrogate"):
            corrections.apply_correction(store, pid, "Draft", project.candidate("Draft").text, span,
                                         ids["다섯 개"])
    assert _stored_state(store, pid) == before


def test_a_span_id_of_another_finding_is_refused(tmp_path, fake_server):
    store, project, spans, ids = _judged(tmp_path, fake_server)
    pid, text = project.id, project.candidate("Draft").text
    before = _stored_state(store, pid)
    with pytest.raises(corrections.CorrectionError, match="another finding|paragraph"):
        corrections.apply_correction(store, pid, "Draft", text, spans["다섯 개"], ids["두 번"])
    # same judge and same words, but the id names a finding in another paragraph
    moved = dataclasses.replace(spans["두 번"], quote="다섯 개")
    store.db.execute("UPDATE spans SET quote = '다섯 개' WHERE id = ?", [ids["두 번"]])
    with pytest.raises(corrections.CorrectionError, match="paragraph 2, not in paragraph 1"):
        corrections.apply_correction(store, pid, "Draft", text, dataclasses.replace(spans["다섯 개"]),
                                     ids["두 번"])
    with pytest.raises(corrections.CorrectionError, match="not a finding of this project"):
        corrections.apply_correction(store, pid, "Draft", text, spans["다섯 개"], 10_000)
    assert _stored_state(store, pid) == before and moved.quote == "다섯 개"
    # the right id is accepted
    done = corrections.apply_correction(store, pid, "Draft", text, spans["다섯 개"], ids["다섯 개"])
    assert "일곱 개" in done.text.content


# ---- 3. one user action, one transaction ------------------------------------------------------------
def _fail_on(monkeypatch, module, name, n):
    """Make ``module.name`` raise on its ``n``-th call (1-based), as a full disk or a bad row would."""
    real, calls = getattr(module, name), []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) == n:
            raise OSError("simulated write failure")
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, flaky)
    return calls


@pytest.mark.parametrize("fail_at", [1, 7, 20])
def test_a_bulk_decision_failing_part_way_stores_nothing(tmp_path, monkeypatch, fail_at):
    store = Store(tmp_path / "db.sqlite")
    pid = store.save_project(_project())
    bulk = [ann.Annotation(pid, "Draft", "reject", "style/awkward", "minor", 0, 1, span_id=i,
                           judge="gemba-mqm") for i in range(1, 21)]
    calls = _fail_on(monkeypatch, ann, "save", fail_at)
    with pytest.raises(OSError):
        history.decide_many(store, bulk, "reject all like this")
    assert len(calls) == fail_at
    assert _stored_state(store, pid) == (0, 0, 0, 0)
    monkeypatch.undo()
    history.decide_many(store, bulk, "reject all like this")  # the same decision, whole, then undone whole
    assert _stored_state(store, pid) == (0, 0, 20, 1)
    history.undo(store, pid)
    assert store.db.execute("SELECT count(*) FROM annotations").fetchone()[0] == 0


def test_a_bulk_decision_with_a_bad_item_stores_nothing(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    pid = store.save_project(_project())
    good = [ann.Annotation(pid, "Draft", "reject", "style/awkward", "minor", 0, 1, span_id=i) for i in (1, 2)]
    bad = ann.Annotation(pid, "Draft", "reject", "style/awkward", "catastrophic", 0, 1, span_id=3)
    with pytest.raises(ann.AnnotationError):
        history.decide_many(store, [*good, bad], "reject 3")
    assert _stored_state(store, pid) == (0, 0, 0, 0)


def test_an_edit_and_its_undo_entry_are_one_transaction(tmp_path, monkeypatch):
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    _fail_on(monkeypatch, history, "record", 1)
    with pytest.raises(OSError):
        history.edit_text(store, pid, "Draft", _edited(project, 3, "비가 내렸다."))
    assert _stored_state(store, pid) == (0, 0, 0, 0)
    assert store.load_project(pid).candidate("Draft").text.content == DRAFT


def test_an_applied_correction_is_one_transaction(tmp_path, fake_server, monkeypatch):
    store, project, spans, ids = _judged(tmp_path, fake_server)
    pid = project.id
    before = _stored_state(store, pid)
    _fail_on(monkeypatch, history, "record", 1)
    with pytest.raises(OSError):
        corrections.apply_correction(store, pid, "Draft", project.candidate("Draft").text, spans["다섯 개"],
                                     ids["다섯 개"])
    assert _stored_state(store, pid) == before


# ---- 3b. killed part-way (kill -9): all or nothing, every time ------------------------------------
_CHILD = r"""
import sys, time
from litlens.app.run import annotations as ann, history
from litlens.app.run.store import Store
from litlens.app.texts import text_from_string
store, pid, what = Store(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
real_save, real_record, done = ann.save, history.record, []

def slow_save(store, a):
    out = real_save(store, a)
    done.append(1)
    if len(done) == 10:
        print("inside", flush=True)  # ten rows written, the rest and the undo entry still to come
    time.sleep(0.005)
    return out

def slow_record(*args, **kwargs):
    print("inside", flush=True)  # the revision is written, its undo entry not yet
    time.sleep(2)
    return real_record(*args, **kwargs)

if what == "bulk":
    ann.save = slow_save
    history.decide_many(store, [ann.Annotation(pid, "Draft", "reject", "style/awkward", "minor", 0, 1,
                                               span_id=i, judge="gemba-mqm") for i in range(1, 201)], "bulk")
else:
    history.record = slow_record
    history.edit_text(store, pid, "Draft", text_from_string(sys.argv[4], "ko"))
print("finished", flush=True)
"""


@pytest.mark.parametrize("what", ["bulk", "edit"])
def test_killed_during_a_bulk_decision_or_an_edit_nothing_of_it_is_stored(tmp_path, what):
    import random
    import signal
    import subprocess
    import sys
    import time
    path = tmp_path / "db.sqlite"
    store = Store(path)
    project = _project()
    pid = store.save_project(project)
    store.close()
    edited = _edited(project, 3, "비가 내렸다.").content
    rng = random.Random(33)
    for _ in range(4):  # bounded: each kill lands inside the transaction, at a different moment
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(path), str(pid), what, edited],
                                 stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "inside"
            time.sleep(rng.uniform(0.0, 0.3))
            child.send_signal(signal.SIGKILL)
        finally:
            child.wait(timeout=60)
        assert child.returncode == -signal.SIGKILL
        store = Store(path)
        assert store.integrity_ok()
        assert _stored_state(store, pid) == (0, 0, 0, 0)  # not one decision, revision or undo entry
        store.close()


# ---- edits are never silently replaced ------------------------------------------------------------
def test_evaluating_the_original_files_again_keeps_the_edit_current_and_says_so(tmp_path, fake_server):
    store, project, spans, ids = _judged(tmp_path, fake_server)
    pid = project.id
    edited = _edited(project, 3, "비가 내렸다.")
    assert history.edit_text(store, pid, "Draft", edited) == 1
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    again = service.execute(service.RunRequest(project=_project(), judges=["gemba-mqm"], provider=settings),
                            store)  # the files the project was made from, as `litlens evaluate` reads them
    assert again.status == "done"
    assert revisions.head(store, pid, "Draft") == 1  # the user's revision stays current
    assert store.load_project(pid).candidate("Draft").text.content == edited.content
    assert store.db.execute("SELECT count(*) FROM revisions").fetchone()[0] == 1
    assert store.get_run(again.run_id)["revisions"] == '{"Draft": 0}'  # it judged the original
    assert again.notices == [next(n for n in again.notices if "revision 1 stays current" in n)]
    assert history.next_undo(store, pid).label == "edit"  # undo still reaches the edit


def test_the_cli_says_when_it_kept_the_edited_revision_current(tmp_path, monkeypatch, capsys):
    """`litlens evaluate` on the original files of a project whose translation was edited: the edit stays
    the current revision and the command line says so in one line on stderr."""
    from litlens.app.cli.main import main
    db = tmp_path / "db.sqlite"
    monkeypatch.setenv("LITLENS_DB", str(db))
    src, draft = tmp_path / "boxes_en.txt", tmp_path / "boxes_ko.txt"
    src.write_text(SOURCE, encoding="utf-8")
    draft.write_text(DRAFT, encoding="utf-8")
    files = ["evaluate", str(src), str(draft), "--judge", "consistency", "--quiet", "--name", "boxes"]
    assert main(files) == 0
    assert "stays current" not in capsys.readouterr().err
    store = Store(db)
    ((pid, project),) = [(p["id"], store.load_project(p["id"])) for p in store.db["projects"].rows]
    label = project.candidates[0].label
    edited = replace_paragraph(project.candidate(label).text, 3, "비가 내렸다.")[0]
    assert history.edit_text(store, pid, label, edited) == 1
    store.close()
    assert main(files) == 0
    err = capsys.readouterr().err
    assert "litlens:" in err and "revision 1 stays current" in err
