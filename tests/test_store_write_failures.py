"""A run whose results cannot be stored (disk full, I/O error, read-only) fails: its status is "failed" with
a message saying so, ``service.execute`` raises, and the CLI exits non-zero. It never reads "done" with
units missing (the red team saw "done", exit 0, 0 of 4 units stored).

The disk is filled for real by capping SQLite's page count on the run's connection at several points of a
run, and a write is made to fail at a chosen unit by monkeypatching the store.
"""

from __future__ import annotations

import sqlite3

import pytest

from litlens.app.cli.main import main
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import service
from litlens.app.run.service import RunFailed
from litlens.app.run.store import Store, StoreError
from litlens.app.texts import build_project, text_from_string

N = 12
SOURCE = "\n\n".join(f"Paragraph {i}: the boxes by the door were counted again and again." for i in range(N))
DRAFT = "\n\n".join(f"{i}번째 문단: 문 옆의 상자들을 몇 번이고 다시 세었다." for i in range(N))


def _answer(call):
    return {"errors": [{"category": "fluency/grammar", "severity": "minor", "quoted_from": "translation",
                        "text": "다시", "occurrence": None, "explanation": "x" * 400, "suggestion": "또"}]}


def _request(fake_server):
    fake_server.responder = _answer
    project = build_project("boxes", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    return service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings, concurrency=2)


def _stored_units(store: Store, run_id: int) -> int:
    return store.db.execute("SELECT count(*) FROM run_results WHERE run_id = ?", [run_id]).fetchone()[0]


def _fail_save_on(monkeypatch, n: int, error: Exception) -> list[int]:
    real, calls = Store.save_result, []

    def save_result(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == n:
            raise error
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Store, "save_result", save_result)
    return calls


@pytest.mark.parametrize("fail_at", [1, 5, N])
def test_a_write_that_fails_fails_the_run(tmp_path, fake_server, monkeypatch, fail_at):
    store = Store(tmp_path / "db.sqlite")
    _fail_save_on(monkeypatch, fail_at, sqlite3.OperationalError("database or disk is full"))
    with pytest.raises(RunFailed) as failed:
        service.execute(_request(fake_server), store)
    summary = failed.value.summary
    assert summary.status == "failed" and "database or disk is full" in str(failed.value)
    run = store.get_run(summary.run_id)
    assert run["status"] == "failed" and "database or disk is full" in run["error"]
    assert _stored_units(store, summary.run_id) < N  # and it does not say otherwise
    assert f"litlens resume {summary.run_id}" in str(failed.value)


def test_a_disk_that_fills_during_a_run_never_reads_done(tmp_path, fake_server):
    """Fill points from "no room for the first result" to "room for all": every run either stores every
    unit and says done, or fails and says why."""
    outcomes = []
    for room in (0, 2, 6, 12, 24, 400):
        store = Store(tmp_path / f"db{room}.sqlite")
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {pages + room}")
        before = {r["id"] for r in store.list_runs()}
        try:
            summary = service.execute(_request(fake_server), store)
        except StoreError as exc:
            assert "full" in str(exc), exc
            runs = [r for r in store.list_runs() if r["id"] not in before]
            assert all(r["status"] != "done" for r in runs)
            outcomes.append("failed")
        else:
            assert summary.status == "done" and _stored_units(store, summary.run_id) == N
            assert store.get_run(summary.run_id)["status"] == "done"
            outcomes.append("done")
        store.close()
    assert outcomes.count("failed") >= 3 and outcomes[-1] == "done", outcomes


def test_the_cli_exits_non_zero_with_the_reason(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LITLENS_DB", str(tmp_path / "db.sqlite"))
    _fail_save_on(monkeypatch, 1, sqlite3.OperationalError("disk I/O error"))
    code = main(["evaluate", "--sample", "--judge", "consistency", "--quiet"])
    err = capsys.readouterr().err
    assert code == 7 and "disk I/O error" in err and "failed" in err  # its own exit code, not "bad input"
    store = Store(tmp_path / "db.sqlite")
    assert [r["status"] for r in store.list_runs()] == ["failed"]
