"""The store's transactions (app/run/store.py), rule by rule: a write is all or nothing (an exception or an
interrupt part-way leaves nothing, and the transaction is closed after), a write nested in another is a
savepoint of it, a second writer waits for the first one's commit instead of failing, a database open
read-only refuses a write by saying so before touching anything; and the bulk paths built on it (a bulk
decision, a result with its scores and spans) are stored whole or not at all. Beside them, what the rest of
the store promises its callers: a text is stored once, a project keeps its id, a run's results belong to it,
only ok results and ok cached answers are reused, and no key reaches a stored row."""

from __future__ import annotations

import json
import sqlite3
import stat
import threading
import time

import pytest

from litlens.app.core.model import Judgment, Score, Span
from litlens.app.llm.base import LLMRequest, LLMResponse
from litlens.app.run import annotations as ann
from litlens.app.run import history
from litlens.app.run.store import (
    Store,
    StoreError,
    StoreReadOnly,
    head_text_id,
    judgment_from_json,
    judgment_to_json,
)
from litlens.app.texts import build_project, text_from_string

KEY = "sk-proj-" + "Q7x" * 16  # shaped like an OpenAI key: the scrubber must recognise it


def _project(name: str = "p", draft: str = "하나 둘.\n\n셋 넷."):
    src = text_from_string("One two.\n\nThree four.", "en")
    return build_project(name, src, [("Draft", text_from_string(draft, "ko"))])


def _texts(store: Store) -> int:
    return store.db.execute("SELECT count(*) FROM texts").fetchone()[0]


def _new_text(store: Store, word: str) -> int:
    return store.save_text(text_from_string(f"{word}.", "en"))


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "db.sqlite")
    yield s
    s.close()


# ---- all or nothing --------------------------------------------------------------------------------------
def test_a_write_commits_what_it_wrote_for_every_other_connection_to_see(tmp_path, store):
    with store.write():
        _new_text(store, "kept")
        assert store.db.conn.in_transaction
    assert not store.db.conn.in_transaction
    other = Store(tmp_path / "db.sqlite")
    try:
        assert _texts(other) == 1
    finally:
        other.close()


@pytest.mark.parametrize("exc", [ValueError("bad item"), KeyboardInterrupt()])
def test_an_exception_part_way_through_a_write_leaves_nothing_and_is_raised_as_it_was(store, exc):
    with pytest.raises(type(exc)) as raised, store.write():
        _new_text(store, "first")
        _new_text(store, "second")
        raise exc
    assert raised.value is exc
    assert not store.db.conn.in_transaction
    assert _texts(store) == 0
    with store.write():  # the store goes on writing after a rollback
        _new_text(store, "after")
    assert _texts(store) == 1


def test_a_failure_that_already_ended_the_transaction_is_raised_itself(store):
    # SQLite rolls a transaction back by itself on some errors (a full disk, an interrupt): the write must
    # not then fail again with "no transaction is active", hiding the real error
    with pytest.raises(ValueError, match="the real error"), store.write():
        _new_text(store, "gone")
        store.db.execute("ROLLBACK")
        raise ValueError("the real error")
    assert _texts(store) == 0
    with store.write():
        _new_text(store, "after")
    assert _texts(store) == 1


def test_a_write_takes_the_write_lock_when_it_begins_not_at_its_first_write(tmp_path, store):
    other = sqlite3.connect(str(tmp_path / "db.sqlite"), timeout=0, isolation_level=None)
    try:
        # nothing written yet: an IMMEDIATE transaction holds the lock all the same
        with store.write(), pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")  # released by the commit
        other.execute("ROLLBACK")
    finally:
        other.close()


# ---- nesting ---------------------------------------------------------------------------------------------
def test_a_nested_write_is_part_of_the_outer_one(store):
    with pytest.raises(RuntimeError), store.write():
        _new_text(store, "outer")
        with store.write():
            _new_text(store, "inner")
        assert store.db.conn.in_transaction  # the inner write did not commit the outer one
        raise RuntimeError("the outer write fails after the inner one finished")
    assert _texts(store) == 0
    with store.write():
        _new_text(store, "outer")
        with store.write():
            _new_text(store, "inner")
    assert _texts(store) == 2


def test_a_nested_write_that_fails_undoes_only_itself(store):
    with store.write():
        _new_text(store, "outer")
        with pytest.raises(LookupError), store.write():
            _new_text(store, "inner")
            raise LookupError("inner")
        assert store.db.conn.in_transaction
        _new_text(store, "outer again")
    kept = [r[0] for r in store.db.execute("SELECT content FROM texts ORDER BY id")]
    assert kept == ["outer.", "outer again."]


# ---- a second writer -------------------------------------------------------------------------------------
def test_a_second_writer_waits_for_the_first_ones_commit(tmp_path, store):
    held = threading.Event()
    times: dict[str, float] = {}
    errors: list[BaseException] = []

    def second() -> None:
        try:
            held.wait(10)
            other = Store(tmp_path / "db.sqlite")
            try:
                with other.write():
                    times["second_in"] = time.monotonic()
                    assert _texts(other) == 1  # it sees the first writer's committed row
                    _new_text(other, "second")
            finally:
                other.close()
        except BaseException as exc:  # noqa: BLE001  (asserted below)
            errors.append(exc)

    t = threading.Thread(target=second)
    t.start()
    with store.write():
        _new_text(store, "first")
        held.set()
        time.sleep(0.4)
        times["first_out"] = time.monotonic()
    t.join(30)
    assert errors == []
    assert times["second_in"] >= times["first_out"]
    assert _texts(store) == 2


# ---- read-only -------------------------------------------------------------------------------------------
def test_a_store_opened_read_only_refuses_a_write_before_it_begins(tmp_path, store):
    _new_text(store, "there")
    ro = Store(tmp_path / "db.sqlite", read_only=True)
    try:
        assert ro.read_only_reason == "it was opened for reading only"
        ran = []
        with pytest.raises(StoreReadOnly, match="open read-only: it was opened for reading only"), ro.write():
            ran.append(1)
        assert ran == []
        assert not ro.db.conn.in_transaction
        with pytest.raises(StoreReadOnly):
            ro.start_run(1, ["x"], "offline", "-", {}, None, 1)
        with pytest.raises(StoreReadOnly):
            ro.update_run(1, status="done")
        with pytest.raises(StoreReadOnly):
            ro.link_result(1, 1)
        assert _texts(ro) == 1  # it still reads
    finally:
        ro.close()
    writable = Store(tmp_path / "db.sqlite")
    try:
        assert writable.read_only_reason == ""
        writable.check_writable()  # says nothing
    finally:
        writable.close()


def test_a_read_only_store_refuses_to_cache_a_response_by_saying_why_and_stores_nothing(tmp_path, store):
    """The response cache's put is a write like any other: on a store open read-only it is refused with
    StoreReadOnly (the caller can tell why), not left to fail inside SQLite, and no call is audited."""
    req = LLMRequest(system="s", user="Translate this.", judge="j", prompt_version="v1")
    store.put("before", "openai", req, LLMResponse(text="kept", data={"score": 3}, model="m"))
    ro = Store(tmp_path / "db.sqlite", read_only=True)
    try:
        with pytest.raises(StoreReadOnly, match="open read-only: it was opened for reading only"):
            ro.put("k", "openai", req, LLMResponse(text="an answer", data={"score": 4}, model="m"))
        assert ro.get("k") is None and ro.get("before") is not None  # reading the cache still works
    finally:
        ro.close()
    assert [r[0] for r in store.db.execute("SELECT request_hash FROM llm_calls")] == ["before"]


def test_a_read_only_file_opens_for_reading_and_refuses_writes_by_saying_why(tmp_path, store, monkeypatch):
    path = tmp_path / "db.sqlite"
    _new_text(store, "there")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    # os.access answers True for root whatever the mode: the store's own check is what is asked here
    import litlens.app.run.store as store_module
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: str(p) != str(path) or not mode & 2)
    path.chmod(stat.S_IRUSR)
    try:
        ro = Store(path)
        try:
            assert ro.read_only_reason == "the file is read-only"
            assert _texts(ro) == 1
            with pytest.raises(StoreReadOnly, match="read-only: the file is read-only"), ro.write():
                pass
        finally:
            ro.close()
        with pytest.raises(StoreReadOnly, match="cannot write to this database: the file is read-only"):
            Store(path, read_only=False)
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def _stamp_newer(path, *, user_version: int | None = None, migration: str | None = None) -> None:
    conn = sqlite3.connect(path)
    try:
        if user_version is not None:
            conn.execute(f"PRAGMA user_version = {user_version:d}")
        if migration is not None:  # recorded the way sqlite-utils records a migration it applied
            conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                         "VALUES ('litlens', ?, '2031-05-01')", [migration])
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize("how", ["user_version", "migration"])
def test_a_database_from_a_newer_litlens_opens_read_only_naming_both_versions(tmp_path, store, how):
    """Writing a database a newer LitLens made would corrupt what that code expects: the store opens it for
    reading, says which version wrote it and which this code knows, and refuses every write; asked to write
    (read_only=False) it refuses at once."""
    from litlens.app.run.schema import schema_version
    mine = schema_version()
    path = tmp_path / "db.sqlite"
    _new_text(store, "there")
    store.close()
    if how == "user_version":
        _stamp_newer(path, user_version=mine + 2)
    else:
        _stamp_newer(path, migration="m900_from_a_later_release")
    newer = mine + 2 if how == "user_version" else mine + 1
    reason = (f"it was written by a newer LitLens (schema version {newer}; this LitLens knows versions up to "
              f"{mine}); update LitLens to change it")
    ro = Store(path)
    try:
        assert ro.read_only_reason == reason
        assert _texts(ro) == 1
        with pytest.raises(StoreReadOnly) as refused, ro.write():
            pass
        assert str(refused.value) == (f"{path}: cannot write to this database, which is open read-only: "
                                      f"{reason}.")
    finally:
        ro.close()
    with pytest.raises(StoreReadOnly) as at_once:
        Store(path, read_only=False)
    assert str(at_once.value) == f"{path}: cannot write to this database: {reason}."
    conn = sqlite3.connect(path)
    try:  # the newer stamp was not lowered
        stamped = conn.execute("PRAGMA user_version").fetchone()[0]
        assert stamped == (mine + 2 if how == "user_version" else mine)
    finally:
        conn.close()


def test_a_newer_database_is_reopened_read_only_and_the_writable_connection_closed(tmp_path, store,
                                                                                   monkeypatch):
    """The version is read on a writable connection; found too new, that connection is closed (it would
    hold the file and could write) and the store reads through a read-only one."""
    from litlens.app.run.schema import schema_version
    path = tmp_path / "db.sqlite"
    store.close()
    _stamp_newer(path, user_version=schema_version() + 1)
    import litlens.app.run.store as store_module
    opened = []
    real = store_module.connect

    def recording(p):
        opened.append(real(p))
        return opened[-1]
    monkeypatch.setattr(store_module, "connect", recording)
    ro = Store(path)
    try:
        assert ro.read_only_reason.startswith("it was written by a newer LitLens")
        assert len(opened) == 1 and ro.db is not opened[0]
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            opened[0].execute("SELECT 1")
    finally:
        ro.close()


def test_a_database_from_this_litlens_opens_writable_and_keeps_its_version(tmp_path, store):
    from litlens.app.run.schema import schema_version
    store.close()
    again = Store(tmp_path / "db.sqlite", read_only=False)
    try:
        assert again.read_only_reason == ""
        assert again.db.execute("PRAGMA user_version").fetchone()[0] == schema_version()
        _new_text(again, "written")
        assert _texts(again) == 1
    finally:
        again.close()


def test_a_read_only_database_from_an_older_litlens_must_be_upgraded_before_it_is_read(tmp_path, store,
                                                                                       monkeypatch):
    """A database missing one of this code's migrations cannot be read with this code's queries, and one
    open read-only cannot be upgraded: the store says so instead of failing later on a missing table."""
    path = tmp_path / "db.sqlite"
    _new_text(store, "there")
    last = store.db.execute("SELECT name FROM _sqlite_migrations ORDER BY id DESC LIMIT 1").fetchone()[0]
    store.db.execute("DELETE FROM _sqlite_migrations WHERE name = ?", [last])  # as an older LitLens left it
    store.close()
    import litlens.app.run.store as store_module
    opened = []
    real = store_module.connect_read_only

    def recording(p):
        opened.append(real(p))
        return opened[-1]
    monkeypatch.setattr(store_module, "connect_read_only", recording)
    with pytest.raises(StoreError, match="read-only and from an older LitLens; it must be upgraded"):
        Store(path, read_only=True)
    assert len(opened) == 1  # and the connection it could not use is not left open
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        opened[0].execute("SELECT 1")


def test_a_new_database_in_a_folder_not_made_yet_makes_the_folder(tmp_path):
    """The default database lives in a per-user data folder that does not exist on a first start: opening
    the store makes it (and any missing parent) instead of failing."""
    path = tmp_path / "data" / "LitLens" / "litlens.sqlite"
    s = Store(path)
    try:
        assert path.parent.is_dir() and s.read_only_reason == ""
        _new_text(s, "first")
        assert _texts(s) == 1
    finally:
        s.close()


def test_a_database_in_a_folder_that_cannot_be_written_opens_for_reading(tmp_path, store, monkeypatch):
    """SQLite writes beside the file (its journal): a database whose folder cannot be written is read-only
    even when the file itself could be written, and no database at all in such a folder is an error."""
    path = tmp_path / "db.sqlite"
    _new_text(store, "there")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    import litlens.app.run.store as store_module
    folder = str(tmp_path)
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: str(p) != folder)
    ro = Store(path)
    try:
        assert ro.read_only_reason == "the file is read-only" and _texts(ro) == 1
    finally:
        ro.close()
    with pytest.raises(StoreError, match="cannot open the LitLens database"):
        Store(tmp_path / "other.sqlite")
    assert not (tmp_path / "other.sqlite").exists()


@pytest.mark.parametrize("exc, read_only", [
    (PermissionError(13, "Permission denied"), True),
    (sqlite3.OperationalError("attempt to write a readonly database"), True),
    (OSError(30, "Read-only file system"), True),
    (sqlite3.OperationalError("unable to open database file"), True),
    (sqlite3.DatabaseError("file is not a database"), False),
    (sqlite3.OperationalError("disk I/O error"), False),
    (OSError(28, "No space left on device"), False),
])
def test_only_a_failure_to_write_makes_an_existing_database_open_read_only(exc, read_only):
    """Which failures on opening mean "this file cannot be written" (then it is opened for reading) and
    which are other faults that must be reported as they are (a damaged file, a failing disk)."""
    from litlens.app.run.store import _read_only_error
    assert _read_only_error(exc) is read_only


def test_no_database_to_read_is_an_error_not_a_new_file(tmp_path):
    with pytest.raises(StoreError, match="no LitLens database here to read"):
        Store(tmp_path / "absent.sqlite", read_only=True)
    assert not (tmp_path / "absent.sqlite").exists()


# ---- bulk paths built on write() -------------------------------------------------------------------------
def test_a_bulk_decision_stops_whole_at_a_bad_item_in_the_middle(store):
    pid = store.save_project(_project())
    items = [ann.Annotation(pid, "Draft", "reject", "style/awkward", "minor", 0, 1, span_id=i) for i in (1, 2, 3)]
    items[1].severity = "catastrophic"
    with pytest.raises(ann.AnnotationError):
        history.decide_many(store, items, "reject three")
    assert store.db.execute("SELECT count(*) FROM annotations").fetchone()[0] == 0
    items[1].severity = "major"
    history.decide_many(store, items, "reject three")
    assert store.db.execute("SELECT count(*) FROM annotations").fetchone()[0] == 3


def test_a_decision_saved_alone_commits_and_inside_a_write_waits_for_it(store):
    pid = store.save_project(_project())
    one = ann.save(store, ann.Annotation(pid, "Draft", "accept", "style/awkward", "minor", 0, 1, span_id=1))
    assert one.id is not None and not store.db.conn.in_transaction
    with pytest.raises(OSError), store.write():
        ann.save(store, ann.Annotation(pid, "Draft", "reject", "style/awkward", "minor", 0, 1, span_id=2))
        raise OSError("disk full")
    assert [r[0] for r in store.db.execute("SELECT span_id FROM annotations")] == [1]


def _judgment(n_spans: int = 2, status: str = "ok") -> Judgment:
    spans = [Span("j", "accuracy/mistranslation", "major", start=i, end=i + 1, quote="x", paragraph=0)
             for i in range(n_spans)]
    return Judgment(judge="j", unit="u0", candidate="Draft", paragraph=0, status=status,
                    scores=[Score("mqm", 90.0, 0, 100)], spans=spans, raw=f"raw {KEY}")


def _counts(store: Store) -> tuple[int, int, int, int]:
    return tuple(store.db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # type: ignore[return-value]
                 for t in ("results", "scores", "spans", "run_results"))


def test_a_result_is_stored_with_its_scores_and_spans_or_not_at_all(store, monkeypatch):
    pid = store.save_project(_project())
    run = store.start_run(pid, ["j"], "offline", "m", {}, None, 1)
    rid = store.save_result(run, _judgment(), "v1", "m", "h")
    assert _counts(store) == (1, 1, 2, 1)
    assert not store.db.conn.in_transaction
    spans_table = store.db["spans"]
    real = type(spans_table).insert_all

    def broken(self, *a, **kw):
        if self.name == "spans":
            raise sqlite3.OperationalError("disk I/O error")
        return real(self, *a, **kw)
    monkeypatch.setattr(type(spans_table), "insert_all", broken)
    with pytest.raises(sqlite3.OperationalError):
        store.save_result(run, _judgment(), "v1", "m", "h2")
    assert _counts(store) == (1, 1, 2, 1)
    monkeypatch.undo()
    found = store.find_result("j", "u0", "v1", "m", "h")
    assert found is not None and found[0] == rid
    assert KEY not in found[1].raw and "raw " in found[1].raw  # scrubbed before it was stored
    assert KEY not in store.db.execute("SELECT raw || data FROM results").fetchone()[0]


# ---- what the rest of the store promises ----------------------------------------------------------------
def test_a_text_is_stored_once_and_read_back_as_stored(store):
    t = text_from_string("Same words.\n\nTwice.", "en")
    first = store.save_text(t)
    assert store.save_text(text_from_string("Same words.\n\nTwice.", "en")) == first
    assert store.text_id(t) == first
    assert store.text_id(text_from_string("Other words.", "en")) is None
    assert store.text_id(text_from_string("Same words.\n\nTwice.", "fr")) is None
    with_ids = text_from_string("Same words.\n\nTwice.", "en")
    with_ids.segment_ids = ["a", "b"]
    other = store.save_text(with_ids)
    assert other != first and _texts(store) == 2
    back = store.load_text(other)
    assert (back.content, back.language, back.segment_ids) == ("Same words.\n\nTwice.", "en", ["a", "b"])
    assert store.load_text(first).segment_ids == []


def test_a_text_read_from_a_legacy_encoded_file_is_read_back_with_its_encoding(store):
    """The encoding a file was decoded from is part of what the store keeps: a report and an export say
    which it was, so a text read back from the store carries it as it was saved."""
    t = text_from_string("그는 문 앞에 섰다.\n\n비가 왔다.", "ko", "chapter1.txt")
    t.encoding = "cp949"
    back = store.load_text(store.save_text(t))
    assert (back.encoding, back.path, back.content) == ("cp949", "chapter1.txt", t.content)
    plain_utf8 = text_from_string("Rain came.", "en")
    assert store.load_text(store.save_text(plain_utf8)).encoding is None


def test_a_closed_store_has_let_go_of_its_database(tmp_path):
    """close() ends the connection (the file is no longer held open by this store): any later use of it
    fails instead of quietly reading or writing."""
    s = Store(tmp_path / "db.sqlite")
    _new_text(s, "there")
    s.close()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        s.db.execute("SELECT count(*) FROM texts")


def test_a_project_keeps_its_id_and_is_read_back_with_its_candidates_in_order(store):
    p = _project("novel")
    p.candidates.append(type(p.candidates[0])("Second", text_from_string("다섯.\n\n여섯.", "ko")))
    pid = store.save_project(p)
    assert p.id == pid
    again = _project("novel")
    again.candidates.append(type(p.candidates[0])("Second", text_from_string("다섯.\n\n여섯.", "ko")))
    assert store.save_project(again) == pid
    assert store.save_project(_project("another name")) != pid
    back = store.load_project(pid)
    assert back.id == pid and back.name == "novel"
    assert [c.label for c in back.candidates] == ["Draft", "Second"]
    assert back.candidates[1].text.content == "다섯.\n\n여섯."
    assert back.source.content == "One two.\n\nThree four." and back.reference is None
    assert store.list_projects()[0]["id"] == max(r["id"] for r in store.list_projects())  # newest first
    with pytest.raises(StoreError, match="no project with id 999"):
        store.load_project(999)


def test_a_projects_reference_translation_is_stored_and_is_part_of_what_the_project_is(store):
    ref = text_from_string("하나, 둘.\n\n셋, 넷.", "ko")
    p = build_project("novel", text_from_string("One two.\n\nThree four.", "en"),
                      [("Draft", text_from_string("하나 둘.\n\n셋 넷.", "ko"))], ref)
    pid = store.save_project(p)
    back = store.load_project(pid)
    assert back.reference is not None and back.reference.content == "하나, 둘.\n\n셋, 넷."
    assert store.save_project(_project("novel")) != pid  # the same texts without the reference: another one


def test_a_new_project_with_other_translations_is_another_project(store):
    """A project is its texts and labels: opening the same source under the same name with another
    translation (or the same one under another label) starts a new project, not the old one's results."""
    pid = store.save_project(_project("novel"))
    other_draft = _project("novel", draft="하나 그리고 둘.\n\n셋 넷.")
    assert store.save_project(other_draft) != pid
    relabelled = _project("novel")
    relabelled.candidates[0] = type(relabelled.candidates[0])("Second draft", relabelled.candidates[0].text)
    assert store.save_project(relabelled) not in (pid, other_draft.id)
    assert store.save_project(_project("novel")) == pid


def test_candidates_are_read_back_in_the_order_they_were_given_not_by_name(store):
    """The window and reports show translations in the order the user added them; a name later in the
    alphabet may come first."""
    src = text_from_string("One two.\n\nThree four.", "en")
    p = build_project("order", src, [("Zhang's draft", text_from_string("하나 둘.\n\n셋 넷.", "ko")),
                                     ("Ahn's draft", text_from_string("하나, 둘.\n\n셋, 넷.", "ko")),
                                     ("Moon's draft", text_from_string("하나와 둘.\n\n셋과 넷.", "ko"))])
    back = store.load_project(store.save_project(p))
    assert [c.label for c in back.candidates] == ["Zhang's draft", "Ahn's draft", "Moon's draft"]
    assert back.candidates[1].text.content == "하나, 둘.\n\n셋, 넷."


def test_an_edited_project_keeps_its_id_and_its_head_text(store):
    pid = store.save_project(_project("novel"))
    row = store.db.execute("SELECT * FROM candidates WHERE project_id = ?", [pid]).fetchone()
    cand = dict(zip([d[0] for d in store.db.execute("SELECT * FROM candidates").description], row))
    assert head_text_id(store, cand) == cand["text_id"]
    edited = _project("novel", draft="하나 둘 셋.\n\n셋 넷.")
    edited.id = pid
    assert store.save_project(edited) == pid
    stranger = _project("another", draft="하나 둘 셋.\n\n셋 넷.")
    stranger.id = pid  # a different name is not the same project, whatever id it carries
    assert store.save_project(stranger) != pid


def test_runs_are_listed_newest_first_per_project_and_a_key_never_stored(store):
    a = store.save_project(_project("a"))
    b = store.save_project(_project("b"))
    r1 = store.start_run(a, ["j"], "openai", "m", {"x": 1}, 2.5, 3, provider_settings={"api_key": KEY, "t": 0})
    r2 = store.start_run(b, ["j"], "openai", "m", {}, None, 1)
    r3 = store.start_run(a, ["j"], "openai", "m", {}, None, 1)
    assert [r["id"] for r in store.list_runs(a)] == [r3, r1]
    assert [r["id"] for r in store.list_runs()] == [r3, r2, r1]
    got = store.get_run(r1)
    assert got["units_total"] == 3 and got["budget"] == 2.5 and got["units_done"] == 0
    assert KEY not in (got["provider_settings"] or "") and '"t": 0' in got["provider_settings"]
    assert store.get_run(r2)["provider_settings"] is None
    store.update_run(r1, units_done=3, status="done")
    assert store.get_run(r1)["units_done"] == 3
    with pytest.raises(StoreError, match="no run with id 999"):
        store.get_run(999)


def test_a_new_run_is_running_and_every_counter_starts_at_zero(store):
    """A run's progress, calls, tokens and failures are counted from nothing: a counter starting anywhere else
    would show work (or failures, or cost) that never happened."""
    pid = store.save_project(_project())
    got = store.get_run(store.start_run(pid, ["j"], "openai", "m", {}, None, 4))
    assert got["status"] == "running" and got["units_total"] == 4 and got["error"] is None
    counters = ("units_done", "units_failed", "units_reused", "calls", "cache_hits", "input_tokens",
                "output_tokens")
    assert {c: got[c] for c in counters} == dict.fromkeys(counters, 0)
    assert got["cost"] == 0.0


def test_korean_text_is_stored_as_written_not_as_escapes(store):
    """Run options, span data, the audit trail's request and a cached answer's data keep Korean as written:
    escaped (\\uXXXX) it takes three times the room and cannot be read in the database by a person."""
    pid = store.save_project(_project())
    run = store.start_run(pid, ["j"], "offline", "m", {"지시": "존댓말로"}, None, 1)
    span = Span("j", "fluency/grammar", "minor", start=0, end=2, quote="하나", paragraph=0, data={"메모": "어색함"})
    store.save_result(run, Judgment("j", "u0", "Draft", 0, spans=[span]), "v1", "m", "h")
    req = LLMRequest(system="s", user="번역을 평가하세요.", judge="j", prompt_version="v1")
    store.put("ko", "openai", req, LLMResponse(text="좋음", data={"판정": "좋음"}, model="m"))
    (options,) = store.db.execute("SELECT options FROM runs WHERE id = ?", [run]).fetchone()
    (span_data,) = store.db.execute("SELECT data FROM spans").fetchone()
    request, data = store.db.execute("SELECT request, data FROM llm_calls WHERE request_hash = 'ko'").fetchone()
    assert "존댓말로" in options and "어색함" in span_data and "번역을 평가하세요." in request and "판정" in data
    assert not any("\\u" in stored for stored in (options, span_data, request, data))


def test_undoing_the_only_edit_makes_the_original_text_current_again(store):
    """After an undo back to revision 0 the candidate's current text is its first one, although revision 1
    is still stored (undo never deletes)."""
    pid = store.save_project(_project("novel"))
    history.edit_text(store, pid, "Draft", text_from_string("하나 둘 셋.\n\n셋 넷.", "ko"))
    history.undo(store, pid)
    row = store.db.execute("SELECT * FROM candidates WHERE project_id = ?", [pid]).fetchone()
    cand = dict(zip([d[0] for d in store.db.execute("SELECT * FROM candidates").description], row))
    assert not cand["head"] and head_text_id(store, cand) == cand["text_id"]
    assert store.load_project(pid).candidates[0].text.content == "하나 둘.\n\n셋 넷."


def test_a_text_stored_before_normalisation_is_read_back_exactly_as_stored(store):
    """Stored spans point into a text as it was stored; a text saved before NFC normalisation (decomposed
    Hangul jamo) must come back byte for byte, or every offset after its first syllable would move."""
    import unicodedata
    decomposed = unicodedata.normalize("NFD", "한글 문장.\n\n둘째 문단.")
    old = text_from_string(decomposed, "ko", normalise=False)
    assert old.content == decomposed != unicodedata.normalize("NFC", decomposed)
    back = store.load_text(store.save_text(old))
    assert back.content == decomposed and len(back.content) == len(decomposed)


def test_only_ok_results_are_reused_and_each_run_shows_its_own(store):
    pid = store.save_project(_project())
    r1 = store.start_run(pid, ["j"], "offline", "m", {}, None, 1)
    failed = store.save_result(r1, _judgment(status="failed"), "v1", "m", "h")
    assert store.find_result("j", "u0", "v1", "m", "h") is None
    assert not store.answered("j", "v1", "m", "h")
    r2 = store.start_run(pid, ["j"], "offline", "m", {}, None, 1)
    ok = store.save_result(r2, _judgment(n_spans=1), "v1", "m", "h")
    assert ok != failed
    found = store.find_result("j", "u0", "v1", "m", "h")
    assert found is not None and found[0] == ok and len(found[1].spans) == 1
    assert store.answered("j", "v1", "m", "h") and not store.answered("j", "v2", "m", "h")
    assert store.find_result("j", "u0", "v1", "other", "h") is None
    assert [j.status for j in store.results_for_run(r1)] == ["failed"]
    assert [j.status for j in store.results_for_run(r2)] == ["ok"]
    r3 = store.start_run(pid, ["j"], "offline", "m", {}, None, 1)
    store.link_result(r3, ok)
    store.link_result(r3, ok)  # linking twice keeps one row
    assert [j.status for j in store.results_for_run(r3)] == ["ok"]
    assert store.db.execute("SELECT reused FROM run_results WHERE run_id = ?", [r3]).fetchall() == [(1,)]
    assert [j.status for j in store.results_for_project(pid)] == ["ok"]  # the newest row of the key


def test_the_response_cache_answers_only_ok_calls_without_a_key(store):
    req = LLMRequest(system="s", user="u", judge="j", prompt_version="v1")
    assert store.get("k") is None
    store.put("k", "openai", req, LLMResponse(text="bad", model="m", error="boom"))
    assert store.get("k") is None
    # the audit trail keeps the failure as one (ok = 0, with its error): the batch path reads it back so
    audited = store.db.execute("SELECT ok, error FROM llm_calls WHERE request_hash = 'k'").fetchall()
    assert audited == [(0, "boom")]
    store.put("k", "openai", req, LLMResponse(text=f"good {KEY}", data={"a": 1}, model="m", input_tokens=3,
                                             output_tokens=4, cost=0.5))
    got = store.get("k")
    assert got is not None and got.cached and got.data == {"a": 1} and got.model == "m"
    assert (got.input_tokens, got.output_tokens, got.cost) == (3, 4, 0.0)
    assert got.text.startswith("good ") and KEY not in got.text
    assert all(KEY not in str(v) for row in store.db.execute("SELECT * FROM llm_calls") for v in row)
    assert store.integrity_ok()


def test_a_response_assembled_after_it_was_made_is_still_cached_without_a_key(store):
    """A response is scrubbed when it is made; one whose text is filled in afterwards (a streamed answer
    appended piece by piece) is scrubbed again by the cache before anything is stored."""
    req = LLMRequest(system="s", user="u", judge="j", prompt_version="v1")
    response = LLMResponse(text="", data={"score": 4}, model="m")
    for piece in ("The answer. ", f"Echoed config: api_key={KEY}"):
        response.text += piece
    store.put("streamed", "openai", req, response)
    got = store.get("streamed")
    assert got is not None and got.text.startswith("The answer. ") and KEY not in got.text
    assert all(KEY not in str(v) for row in store.db.execute("SELECT * FROM llm_calls") for v in row)


def test_the_audit_trail_stores_the_request_without_a_key_in_it(store):
    """A user's own text (or a prompt) holding a key-shaped string is audited without it, as valid JSON."""
    req = LLMRequest(system="s", user=f"Translate this. api_key: {KEY}", judge="j", prompt_version="v1")
    store.put("k2", "openai", req, LLMResponse(text="fine", model="m"))
    (request,) = store.db.execute("SELECT request FROM llm_calls WHERE request_hash = 'k2'").fetchone()
    assert KEY not in request
    assert json.loads(request)["user"].startswith("Translate this. api_key: ")
    assert json.loads(request)["judge"] == "j"


def test_a_judgment_survives_its_json_round_trip():
    j = _judgment()
    back = judgment_from_json(judgment_to_json(j))
    assert back == j and isinstance(back.spans[0], Span) and isinstance(back.scores[0], Score)
    assert "\\u" not in judgment_to_json(Judgment(judge="j", unit="u", candidate=None, paragraph=None,
                                                   raw="한글"))


# ---- opening ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("read_only", [None, True])
def test_a_file_that_is_not_a_database_is_refused_by_name_and_reason(tmp_path, read_only):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(StoreError) as info:
        Store(path, read_only=read_only)
    assert str(info.value) == f"{path}: cannot open the LitLens database (file is not a database)"
    assert path.read_bytes() == b"these are my notes, not a database" * 100


def test_a_database_that_refuses_writes_once_open_is_reopened_read_only_and_the_first_connection_closed(
        tmp_path, store, monkeypatch):
    # a read-only mount, or a file root may open but not write: the open succeeds, the first write fails
    path = tmp_path / "db.sqlite"
    _new_text(store, "there")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    import litlens.app.run.store as store_module
    from litlens.app.run.connection import connect_read_only
    opened = []

    def refusing(p):
        db = connect_read_only(p)
        opened.append(db)
        return db
    monkeypatch.setattr(store_module, "connect", refusing)
    from litlens.app.run import schema  # the open's one write, forced (it is skipped when nothing changed)
    monkeypatch.setattr(schema, "record_version", lambda db: db.execute("PRAGMA user_version = 99"))
    ro = Store(path)
    try:
        assert ro.read_only_reason == "the file is read-only" and _texts(ro) == 1
        assert len(opened) == 1 and ro.db is not opened[0]
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            opened[0].execute("SELECT 1")
    finally:
        ro.close()


def test_the_current_text_of_an_edited_candidate_is_its_head_revision(store):
    pid = store.save_project(_project("novel"))
    edited = text_from_string("하나 둘 셋.\n\n셋 넷.", "ko")
    history.edit_text(store, pid, "Draft", edited)
    row = store.db.execute("SELECT * FROM candidates WHERE project_id = ?", [pid]).fetchone()
    cand = dict(zip([d[0] for d in store.db.execute("SELECT * FROM candidates").description], row))
    assert cand["head"] == 1
    assert head_text_id(store, cand) == store.text_id(edited) != cand["text_id"]
    assert store.load_project(pid).candidates[0].text.content == "하나 둘 셋.\n\n셋 넷."
    assert head_text_id(store, {**cand, "head": 7}) == cand["text_id"]  # no such revision: the first text


def test_each_stored_span_says_whether_it_was_placed(store):
    pid = store.save_project(_project())
    run = store.start_run(pid, ["j"], "offline", "m", {}, None, 1)
    placed = Span("j", "accuracy/mistranslation", "major", start=0, end=2, quote="하나", paragraph=0)
    lost = Span("j", "fluency/grammar", "minor", quote="없는 말", paragraph=0)
    store.save_result(run, Judgment("j", "u0", "Draft", 0, spans=[placed, lost]), "v1", "m", "h")
    rows = store.db.execute("SELECT quote, start, status FROM spans ORDER BY id").fetchall()
    assert rows == [("하나", 0, "located"), ("없는 말", None, "unlocated")]


def test_a_projects_chapters_are_stored_and_read_back_in_order(store):
    from litlens.app.texts.chapters import Chapter
    p = _project("book")
    p.chapters = [Chapter("제1장", 0), Chapter("제2장", 1)]
    pid = store.save_project(p)
    assert store.load_project(pid).chapters == [Chapter("제1장", 0), Chapter("제2장", 1)]
    assert store.load_project(store.save_project(_project("no chapters"))).chapters == []


def test_the_same_words_with_other_segment_ids_are_another_text(store):
    # an XLIFF/TMX file's segment IDs are part of what the text is: re-importing the words with other IDs must
    # not read back the first file's IDs
    first = text_from_string("Same words.\n\nTwice.", "en")
    first.segment_ids = ["s1", "s2"]
    second = text_from_string("Same words.\n\nTwice.", "en")
    second.segment_ids = ["u7", "u8"]
    a, b = store.save_text(first), store.save_text(second)
    assert a != b and _texts(store) == 2
    assert store.load_text(a).segment_ids == ["s1", "s2"] and store.load_text(b).segment_ids == ["u7", "u8"]


def test_a_plain_texts_key_is_its_content_hash_as_in_databases_already_written(store):
    # databases written by earlier versions key a text without segment IDs by its content hash: keeping that
    # key is what lets a project saved then be found again (and its runs resume)
    t = text_from_string("Kept words.", "en")
    tid = store.save_text(t)
    assert store.db.execute("SELECT hash FROM texts WHERE id = ?", [tid]).fetchone()[0] == t.hash


def test_a_project_saved_by_an_earlier_litlens_is_found_again_not_saved_twice(store):
    # the projects row as databases already written hold it for _project(): its fingerprint is the hash of the
    # name, the source's key and "label=key" of each candidate; opening that project again must resume it
    src = store.save_text(_project().source)
    old = int(store.db["projects"].insert({"name": "p", "created_at": 0.0, "source_text_id": src,
                                            "reference_text_id": None,
                                            "fingerprint": "5f85841c07c9380439f50a152ac35f54"}).last_pk)
    assert store.save_project(_project()) == old
    assert store.db.execute("SELECT count(*) FROM projects").fetchone()[0] == 1
