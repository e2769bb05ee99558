"""The store under concurrent writers, migrations, segment IDs and corrupt files."""

from __future__ import annotations

import threading

import pytest

from litlens.app.run.schema import migrations
from litlens.app.run.store import Store, StoreError
from litlens.app.texts import build_project, text_from_string


def _project(i: int):
    src = text_from_string(f"Paragraph {i}.\n\nAnother one.", "en")
    return build_project(f"p{i}", src, [("A", text_from_string(f"문단 {i}.\n\n또 하나.", "ko"))])


def _open_and_write_together(path) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def worker(i: int) -> None:
        try:
            barrier.wait()
            store = Store(path)
            pid = store.save_project(_project(i % 3))
            store.start_run(pid, ["x"], "offline", "-", {}, None, 1)
            store.close()
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return errors


def test_many_threads_open_a_new_database_and_write_at_once(tmp_path):
    # SQLite refuses the switch to WAL at once ("database is locked", no busy wait) while another
    # connection holds a lock. The race is won or lost in microseconds: before Store retried the switch,
    # about one new database in twenty failed, so forty are opened here (each by eight threads at once).
    for round_ in range(40):
        path = tmp_path / f"fresh{round_}.db"
        assert _open_and_write_together(path) == [], f"round {round_}"
        store = Store(path)
        assert len(store.list_runs()) == 8
        assert len(store.list_projects()) == 3
        assert store.integrity_ok()
        applied = [m.name for m in migrations.applied(store.db)]
        assert applied == sorted(set(applied), key=applied.index) and "m001_initial" in applied
        store.close()


def test_segment_ids_survive_a_round_trip(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = _project(1)
    project.source.segment_ids = ["s1", "s2"]
    pid = store.save_project(project)
    assert store.load_project(pid).source.segment_ids == ["s1", "s2"]
    other = _project(1)
    other.source.segment_ids = ["x1", "x2"]
    assert store.save_project(other) != pid  # different segment IDs: a different project


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError) as info:
        Store(bad)
    assert "notes.db" in str(info.value)


def test_the_same_new_project_saved_at_once_by_two_connections_is_stored_once(tmp_path):
    """The window's stored-results load and a run's start both save the project they open; when both
    looked it up before either stored it, there were two copies, the run's results went to the newer one
    and the window, which reads the older, showed an empty findings list."""
    path = tmp_path / "race.db"
    Store(path).close()
    rounds, width = 12, 4
    ids: list[list[int]] = [[] for _ in range(rounds)]
    errors: list[BaseException] = []
    barrier = threading.Barrier(width)

    def worker() -> None:
        store = Store(path)
        try:
            for r in range(rounds):
                barrier.wait(30)
                ids[r].append(store.save_project(_project(100 + r)))
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)
            barrier.abort()
        finally:
            store.close()

    threads = [threading.Thread(target=worker) for _ in range(width)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert [len(set(r)) for r in ids] == [1] * rounds
    store = Store(path)
    assert len(store.list_projects()) == rounds
    store.close()


def test_an_older_database_with_two_copies_of_a_project_is_merged_into_the_oldest(tmp_path):
    path = tmp_path / "copies.db"
    store = Store(path)
    keep = store.save_project(_project(7))
    row = dict(store.db["projects"].get(keep))
    with store.write():  # what the race used to leave: a second row with the same fingerprint
        copy = int(store.db["projects"].insert({k: v for k, v in row.items() if k != "id"}).last_pk)
        store.db["candidates"].insert({"project_id": copy, "label": "A", "position": 0,
                                       "text_id": store.db["candidates"].get(1)["text_id"]})
        edited = int(store.db["projects"].insert({k: v for k, v in row.items() if k != "id"}).last_pk)
        store.db["commands"].insert({"project_id": edited, "label": "edit", "ops": "[]", "undone": 0})
        store.db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm010_merge_duplicate_projects'")
    run = store.start_run(copy, ["honorifics"], "offline", "-", {}, None, 1)
    store.close()

    store = Store(path)  # the migration runs again on open
    assert sorted(p["id"] for p in store.list_projects()) == [keep, edited]  # a copy with edits stays as it is
    assert store.get_run(run)["project_id"] == keep
    assert store.save_project(_project(7)) == keep
    store.close()
