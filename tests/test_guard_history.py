"""The store's transactions for review decisions and edits (app/run/history.py): a bulk decision is all or
nothing and one undo step, a decision on a span replaces the earlier one and undo brings it back, a new
action after an undo forgets what could have been redone, undo and redo walk in the right order, and a
write that fails part-way leaves nothing behind."""

from __future__ import annotations

import json

import pytest

from litlens.app.core.model import Judgment, Span
from litlens.app.run import annotations as ann
from litlens.app.run import candidate_texts, history
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

PARAS = ["하나 둘 셋.", "넷 다섯 여섯.", "일곱 여덟."]


def _setup(tmp_path, spans=3):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("p", text_from_string("One.\n\nTwo.\n\nThree.", "en"),
                            [("Draft", text_from_string("\n\n".join(PARAS), "ko"))])
    pid = store.save_project(project)
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    found = [Span("j", "accuracy/mistranslation", "major", start=i, end=i + 2, quote="xx") for i in range(spans)]
    store.save_result(run, Judgment("j", "u", "Draft", None, spans=found), "v", "m", "h")
    ids = sorted(ann.span_ids(store, pid).values())
    return store, pid, ids


def _decision(pid, span_id, action="accept", **kw):
    return ann.Annotation(pid, "Draft", action, "accuracy/mistranslation", "major", start=0, end=2,
                          span_id=span_id, judge="j", **kw)


def _actions(store, pid):
    return sorted((a.span_id, a.action) for a in ann.for_project(store, pid))


def _commands(store, pid):
    return store.db.execute("SELECT label, undone FROM commands WHERE project_id = ? ORDER BY id",
                            [pid]).fetchall()


def test_a_bulk_decision_is_one_command_undone_and_redone_in_one_step(tmp_path):
    store, pid, ids = _setup(tmp_path)
    saved = history.decide_many(store, [_decision(pid, i) for i in ids], "accept all")
    assert [s.span_id for s in saved] == ids and all(s.id is not None for s in saved)
    assert _actions(store, pid) == [(i, "accept") for i in ids]
    assert _commands(store, pid) == [("accept all", 0)]
    cmd = history.undo(store, pid)
    assert cmd.label == "accept all" and len(cmd.ops) == 3
    assert _actions(store, pid) == []
    assert history.redo(store, pid).label == "accept all"
    assert _actions(store, pid) == [(i, "accept") for i in ids]
    assert history.decide_many(store, [], "nothing") == [] and len(_commands(store, pid)) == 1


def test_a_bad_decision_in_a_bulk_leaves_nothing_stored(tmp_path):
    store, pid, ids = _setup(tmp_path)
    bad = ann.Annotation(pid, "Draft", "accept", "accuracy", "major", start=5, end=5, span_id=ids[2], judge="j")
    with pytest.raises(ann.AnnotationError):
        history.decide_many(store, [_decision(pid, ids[0]), _decision(pid, ids[1]), bad], "accept all")
    assert _actions(store, pid) == [] and _commands(store, pid) == []
    assert not store.db.conn.in_transaction


def test_a_decision_replaces_the_earlier_one_and_undo_brings_it_back(tmp_path):
    store, pid, ids = _setup(tmp_path)
    first = history.decide(store, _decision(pid, ids[0], "accept"))
    second = history.decide(store, _decision(pid, ids[0], "reject"))
    assert second.id == first.id and _actions(store, pid) == [(ids[0], "reject")]
    assert [c[0] for c in _commands(store, pid)] == ["accept", "reject"]
    history.undo(store, pid)
    assert _actions(store, pid) == [(ids[0], "accept")]
    history.undo(store, pid)
    assert _actions(store, pid) == []
    assert history.undo(store, pid) is None
    assert history.redo(store, pid).label == "accept"  # the oldest undone first
    assert _actions(store, pid) == [(ids[0], "accept")]
    assert history.redo(store, pid).label == "reject"
    assert history.redo(store, pid) is None
    bulk = history.decide_many(store, [_decision(pid, ids[0], "accept"), _decision(pid, ids[1])], "mixed")
    history.undo(store, pid)  # the bulk's "before" of the first span is the reject
    assert _actions(store, pid) == [(ids[0], "reject")] and bulk[1].span_id == ids[1]


def test_a_new_action_after_an_undo_forgets_the_redo_and_labels_are_kept(tmp_path):
    store, pid, ids = _setup(tmp_path)
    history.decide(store, _decision(pid, ids[0]), label="keep it")
    history.decide(store, _decision(pid, ids[1]))
    history.undo(store, pid)
    assert history.next_redo(store, pid).label == "accept"
    history.decide(store, _decision(pid, ids[2], "reject"))
    assert history.next_redo(store, pid) is None
    assert [c[0] for c in _commands(store, pid)] == ["keep it", "reject"]
    assert history.next_undo(store, pid).label == "reject"
    assert history.record(store, pid, "empty", []) is None
    assert len(_commands(store, pid)) == 2


def test_a_reviewers_own_finding_is_edited_and_withdrawn_undoably(tmp_path):
    store, pid, _ids = _setup(tmp_path)
    mine = history.decide(store, ann.Annotation(pid, "Draft", "add", "style", "minor", start=0, end=2))
    mine.note = "better"
    history.decide(store, mine, label="edit note")
    assert [a.note for a in ann.for_project(store, pid)] == ["better"]
    history.undo(store, pid)
    assert [a.note for a in ann.for_project(store, pid)] == [""]
    history.withdraw(store, pid, mine.id)
    assert ann.for_project(store, pid) == []
    history.undo(store, pid)
    assert [a.action for a in ann.for_project(store, pid)] == ["add"]
    history.withdraw(store, pid, 99999)  # nothing there: nothing to undo
    assert history.next_undo(store, pid).label == "add"


def test_edit_text_is_undone_to_the_earlier_revision_and_an_unchanged_text_records_nothing(tmp_path):
    store, pid, _ids = _setup(tmp_path)
    text = text_from_string("\n\n".join(["바뀜.", *PARAS[1:]]), "ko")
    assert history.edit_text(store, pid, "Draft", text) == 1
    assert history.edit_text(store, pid, "Draft", text) == 1  # the same text again
    assert [c[0] for c in _commands(store, pid)] == ["edit"]
    history.undo(store, pid)
    assert candidate_texts.head(store, pid, "Draft") == 0
    history.redo(store, pid)
    assert candidate_texts.head(store, pid, "Draft") == 1
    assert history.edit_text(store, pid, "Draft", text_from_string("\n\n".join(["다른 글.", *PARAS[1:]]), "ko"), what="apply") == 2
    assert history.next_undo(store, pid).ops == [history.head_op("Draft", 1, 2)]


def test_store_write_rolls_back_everything_when_the_block_fails_and_nests(tmp_path):
    store, pid, ids = _setup(tmp_path)
    with pytest.raises(RuntimeError), store.write():
        ann.save(store, _decision(pid, ids[0]))
        with store.write():
            ann.save(store, _decision(pid, ids[1]))
        raise RuntimeError("killed part-way")
    assert _actions(store, pid) == [] and not store.db.conn.in_transaction
    with store.write():
        ann.save(store, _decision(pid, ids[0]))
        with pytest.raises(RuntimeError), store.write():  # a savepoint: its failure alone is rolled back
            ann.save(store, _decision(pid, ids[1]))
            raise RuntimeError("inner")
    assert _actions(store, pid) == [(ids[0], "accept")]


def test_row_ops_only_for_named_tables():
    assert history.row_op("speaker_corrections", 3, None, {"a": 1}) == {
        "kind": "row", "table": "speaker_corrections", "id": 3, "before": None, "after": {"a": 1}}
    with pytest.raises(ValueError):
        history.row_op("annotations", 1, None, None)
    assert history.annotation_op(4, None, {"x": 1}) == {"kind": "annotation", "id": 4, "before": None,
                                                        "after": {"x": 1}}


# ---- every kind of operation, undone and redone; what a stored command may and may not touch ----------
def _row(store, table, row_id):
    """The whole row as the database has it (every column, not the module's own list of them)."""
    cur = store.db.execute(f"SELECT * FROM {table} WHERE id = ?", [row_id])
    r = cur.fetchone()
    return dict(zip([d[0] for d in cur.description], r)) if r else None


def test_undo_and_redo_put_back_every_column_of_a_decision(tmp_path):
    store, pid, ids = _setup(tmp_path)
    first = history.decide(store, _decision(pid, ids[0], "edit", note="first note", suggestion="둘",
                                            reviewer="kim", paragraph=0, quote="하나"))
    was = _row(store, "annotations", first.id)
    second = history.decide(store, _decision(pid, ids[0], "reject", note="changed my mind", reviewer="lee"))
    now = _row(store, "annotations", second.id)
    assert was != now
    history.undo(store, pid)
    assert _row(store, "annotations", first.id) == was
    history.redo(store, pid)
    assert _row(store, "annotations", second.id) == now


def test_a_speaker_correction_is_a_row_operation_undone_and_redone_whole(tmp_path):
    from litlens.app.run import speaker_corrections as sc
    store, pid, _ids = _setup(tmp_path)
    made = sc.correct(store, pid, "Draft", 0, 7, "하나 둘 셋.", "민수", "영희", reviewer="kim")
    row = _row(store, "speaker_corrections", made.id)
    later = sc.correct(store, pid, "Draft", 9, 17, "넷 다섯 여섯.", "영희", "민수")  # a row after it
    changed = sc.correct(store, pid, "Draft", 0, 7, "하나 둘 셋.", "영희", None)
    assert changed.id == made.id and _row(store, "speaker_corrections", made.id)["speaker"] == "영희"
    assert history.next_undo(store, pid).ops[0]["kind"] == "row"
    history.undo(store, pid)
    assert _row(store, "speaker_corrections", made.id) == row  # back under its own id, every column
    history.undo(store, pid)
    assert _row(store, "speaker_corrections", later.id) is None
    history.undo(store, pid)
    assert _row(store, "speaker_corrections", made.id) is None
    history.redo(store, pid)
    assert _row(store, "speaker_corrections", made.id) == row
    history.redo(store, pid)
    history.redo(store, pid)
    assert _row(store, "speaker_corrections", made.id)["speaker"] == "영희"
    assert [(c.speaker, c.listener) for c in sc.for_candidate(store, pid, "Draft")] == [
        ("영희", None), ("영희", "민수")]


def _push(store, pid, ops, label="stored"):
    store.db["commands"].insert({"project_id": pid, "label": label, "ops": json.dumps(ops), "undone": 0,
                                 "created_at": 0.0})


def test_a_stored_row_operation_naming_another_table_touches_nothing(tmp_path):
    """The table a row operation restores is taken from the module's own list, never from the stored JSON:
    a command that names the annotations (or any other) table leaves that table alone, both ways."""
    store, pid, ids = _setup(tmp_path)
    mine = history.decide(store, _decision(pid, ids[0]))
    kept = _row(store, "annotations", mine.id)
    for table in ("annotations", "projects", None):
        _push(store, pid, [{"kind": "row", "table": table, "id": mine.id, "before": None, "after": None}])
        assert history.undo(store, pid).label == "stored"
        assert _row(store, "annotations", mine.id) == kept and _row(store, "projects", pid) is not None
        assert history.redo(store, pid).label == "stored"
        assert _row(store, "annotations", mine.id) == kept


def test_undo_walks_a_commands_operations_backwards_and_redo_forwards(tmp_path):
    """Two operations on the same row: undo must put back the first one's "before" last, redo the second
    one's "after" last (taken the other way round, undo leaves the middle state and redo the first)."""
    store, pid, ids = _setup(tmp_path)
    a = history.decide(store, _decision(pid, ids[0], "accept"))
    row_a = _row(store, "annotations", a.id)
    row_b = {**row_a, "action": "reject"}
    del row_a["id"], row_b["id"]
    history.undo(store, pid)
    assert _row(store, "annotations", a.id) is None
    history.record(store, pid, "two", [history.annotation_op(a.id, None, row_a),
                                       history.annotation_op(a.id, row_a, row_b)])
    history.undo(store, pid)
    assert _row(store, "annotations", a.id) is None
    history.redo(store, pid)
    assert _row(store, "annotations", a.id)["action"] == "reject"


def test_each_projects_history_is_its_own(tmp_path):
    store, pid, ids = _setup(tmp_path)
    other = store.save_project(build_project("q", text_from_string("One.", "en"),
                                             [("Draft", text_from_string("하나.", "ko"))]))
    history.decide(store, _decision(pid, ids[0]))
    history.undo(store, pid)
    assert history.next_undo(store, other) is None and history.next_redo(store, other) is None
    history.decide(store, ann.Annotation(other, "Draft", "add", "style", "minor", start=0, end=2))
    assert history.next_redo(store, pid).label == "accept"  # another project's action forgets nothing here
    assert history.undo(store, other).label == "add" and history.next_undo(store, pid) is None
    assert history.redo(store, pid).label == "accept" and _actions(store, pid) == [(ids[0], "accept")]
    assert ann.for_project(store, other) == []


def test_a_text_that_cannot_be_stored_is_refused_before_waiting_for_the_write_lock(tmp_path):
    """edit_text refuses a text it could never save at once, even while another writer holds the database
    (it does not wait the busy timeout to give the same answer); nothing is recorded."""
    import sqlite3
    import threading

    from litlens.app.run.candidate_texts import RevisionError
    store, pid, _ids = _setup(tmp_path)
    bad = text_from_string("\n\n".join(["반쪽 \ud800 글자.", *PARAS[1:]]), "ko")
    other = sqlite3.connect(str(tmp_path / "db.sqlite"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    got: list[BaseException] = []

    def edit():
        try:
            history.edit_text(store, pid, "Draft", bad)
        except BaseException as exc:  # noqa: BLE001  (the answer is checked below)
            got.append(exc)
    worker = threading.Thread(target=edit)
    worker.start()
    worker.join(5.0)
    answered = not worker.is_alive()
    other.execute("ROLLBACK")
    other.close()
    worker.join()
    assert answered, "edit_text waited for another writer's lock to refuse a text it cannot save"
    assert len(got) == 1 and isinstance(got[0], RevisionError)
    assert _commands(store, pid) == []


def test_a_bulk_of_one_decision_and_the_labels_of_withdraw_and_row_errors(tmp_path):
    store, pid, ids = _setup(tmp_path)
    one = history.decide_many(store, [_decision(pid, ids[1], "reject")], "reject 1")
    assert [s.span_id for s in one] == [ids[1]] and _commands(store, pid) == [("reject 1", 0)]
    history.withdraw(store, pid, one[0].id)
    assert history.next_undo(store, pid).label == "withdraw" and _actions(store, pid) == []
    with pytest.raises(ValueError, match="'annotations' is not a table whose rows undo restores"):
        history.row_op("annotations", 1, None, None)


def test_a_bulk_across_projects_is_refused_and_leaves_nothing(tmp_path):
    store, pid, ids = _setup(tmp_path)
    other = store.save_project(build_project("q", text_from_string("One.", "en"),
                                             [("Draft", text_from_string("하나.", "ko"))]))
    mixed = [_decision(pid, ids[0]), ann.Annotation(other, "Draft", "add", "style", "minor", start=0, end=2)]
    with pytest.raises(ValueError, match="one project"):
        history.decide_many(store, mixed, "accept all")
    assert _actions(store, pid) == [] and ann.for_project(store, other) == []
    assert _commands(store, pid) == [] and _commands(store, other) == []
