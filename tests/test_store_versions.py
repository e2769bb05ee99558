"""A database this LitLens may not write: one from a newer LitLens (its schema version is above ours), or a
read-only file. Both open for reading (`litlens runs`, `show` work), and a write is refused with a message
that says why — the versions, or "read-only" — instead of a crash, exit 70, or a half-written row."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from litlens.app.run import history
from litlens.app.run.schema import schema_version, stored_version
from litlens.app.run.store import Store, StoreReadOnly
from litlens.app.texts import build_project, text_from_string

SOURCE = "Seven boxes stood by the door.\n\nThe rain began."
DRAFT = "문 옆에 상자 다섯 개가 있었다.\n\n비가 시작되었다."


def _project():
    return build_project("boxes", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "ko"))])


def _db_with_a_run(path: Path) -> int:
    store = Store(path)
    pid = store.save_project(_project())
    run = store.start_run(pid, ["consistency"], "none", "", {}, None, 0)
    store.update_run(run, status="done")
    store.close()
    return run


def _rows(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("projects", "texts", "runs", "revisions", "commands")}
    finally:
        conn.close()


def _litlens(*args: str, db: Path, drop_root: bool = False) -> subprocess.CompletedProcess:
    """The CLI in a subprocess; ``drop_root`` takes away root's power to write files it may not (so a
    read-only file is read-only for the test even when the tests run as root)."""
    cmd = [sys.executable, "-m", "litlens.app.cli.main", *args]
    if drop_root and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: a read-only file is writable")
        cmd = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", *cmd]
    env = {**os.environ, "LITLENS_DB": str(db), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, cwd=db.parent, check=False)


def test_the_store_records_its_schema_version(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == schema_version() > 0
    assert stored_version(store.db) == schema_version()


@pytest.mark.parametrize("how", ["user_version", "migration"])
def test_a_database_from_a_newer_litlens_is_read_but_never_written(tmp_path, how):
    path = tmp_path / "db.sqlite"
    run = _db_with_a_run(path)
    conn = sqlite3.connect(path)
    if how == "user_version":
        conn.execute(f"PRAGMA user_version = {schema_version() + 3}")
    else:  # a newer LitLens's migration, recorded the way sqlite-utils records it
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('litlens', 'm999_from_the_future', '2030-01-01')")
    conn.commit()
    conn.close()
    before = _rows(path)

    with pytest.raises(StoreReadOnly) as refused:
        Store(path, read_only=False)
    assert f"this LitLens knows versions up to {schema_version()}" in str(refused.value)
    assert "newer LitLens" in str(refused.value)
    if how == "user_version":
        assert f"schema version {schema_version() + 3}" in str(refused.value)

    store = Store(path)  # the default: readable, and every write refused naming both versions
    assert [r["id"] for r in store.list_runs()] == [run]
    pid = store.list_projects()[0]["id"]
    for write in (lambda: store.save_project(build_project("new", text_from_string("A.", "en"),
                                                           [("B", text_from_string("나.", "ko"))])),
                  lambda: store.start_run(pid, ["consistency"], "none", "", {}, None, 0),
                  lambda: history.edit_text(store, pid, "Draft", text_from_string(DRAFT.replace("다섯", "일곱"),
                                                                                  "ko"))):
        with pytest.raises(StoreReadOnly, match=f"up to {schema_version()}"):
            write()
    with pytest.raises(sqlite3.OperationalError):  # even a write that bypasses the Store goes nowhere
        store.db.execute("DELETE FROM runs")
    store.close()
    assert _rows(path) == before

    shown = _litlens("runs", db=path)
    assert shown.returncode == 0 and f"{run:>5}" in shown.stdout
    assert _litlens("show", str(run), db=path).returncode == 0
    src, tr = tmp_path / "src.txt", tmp_path / "tr.txt"
    src.write_text(SOURCE, encoding="utf-8")
    tr.write_text(DRAFT.replace("다섯", "여섯"), encoding="utf-8")
    evaluate = _litlens("evaluate", str(src), str(tr), "--judge", "consistency", db=path)
    assert evaluate.returncode not in (0, 70), evaluate.stderr
    assert "newer LitLens" in evaluate.stderr and str(schema_version()) in evaluate.stderr
    assert _rows(path) == before  # no orphan row


@pytest.mark.parametrize("folder_too", [False, True])
def test_a_read_only_database_file_is_read_and_a_write_says_read_only(tmp_path, folder_too):
    path = tmp_path / "db.sqlite"
    run = _db_with_a_run(path)
    before = _rows(path)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    if folder_too:
        tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        shown = _litlens("runs", db=path, drop_root=True)
        assert shown.returncode == 0, shown.stderr
        assert f"{run:>5}" in shown.stdout
        show = _litlens("show", str(run), db=path, drop_root=True)
        assert show.returncode == 0, show.stderr
        assert f"run {run} (done" in show.stdout
        evaluate = _litlens("evaluate", "--sample", "--judge", "consistency", db=path, drop_root=True)
        assert evaluate.returncode not in (0, 70), evaluate.stderr
        assert "read-only" in evaluate.stderr
    finally:
        tmp_path.chmod(stat.S_IRWXU)
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert _rows(path) == before
