"""Provider batch jobs against the fake server: submit in one process, collect in another, same results as
an interactive run at half the price, idempotent collect, unusable answers kept as failures, and rounds."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from litlens.app.cli.main import main
from litlens.app.run.store import Store
from fakeserver import Fault, schema_answer

CLI = [sys.executable, "-m", "litlens.app.cli.main"]
MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-3-5-haiku-latest"}
ENV = {"OPENAI_API_KEY": "sk-batch-test", "ANTHROPIC_API_KEY": "sk-ant-batch-test",
       "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


@pytest.fixture
def keys(monkeypatch):
    for k, v in ENV.items():
        monkeypatch.setenv(k, v)


@pytest.fixture
def pair(tmp_path):
    # French rather than Korean: the Korean sentence splitter's start-up would dominate these tests
    src = tmp_path / "story_en.txt"
    tgt = tmp_path / "story_fr.txt"
    src.write_text("\n\n".join(f"Paragraph {i}: the wind moved over the field number {i}." for i in range(4)),
                   encoding="utf-8")
    tgt.write_text("\n\n".join(f"Paragraphe {i} : le vent passait sur le champ numéro {i}." for i in range(4)),
                   encoding="utf-8")
    return str(src), str(tgt)


def cli(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + args, capture_output=True, text=True, env={**os.environ, **ENV}, timeout=120)


def url(server, kind: str) -> str:
    return server.anthropic_base_url if kind == "anthropic" else server.openai_base_url


def scores(db, run_id: int) -> dict[tuple, float]:
    store = Store(db)
    try:
        return {(j.candidate, j.paragraph, s.dimension): s.value
                for j in store.results_for_run(run_id) for s in j.scores}
    finally:
        store.close()


def table_counts(db) -> tuple[int, int, int]:
    con = sqlite3.connect(db)
    try:
        return tuple(con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]  # type: ignore[return-value]
                     for t in ("llm_calls", "results", "batches"))
    finally:
        con.close()


@pytest.mark.parametrize("kind", ["openai", "anthropic"])
def test_submit_restart_collect_matches_interactive(kind, tmp_path, pair, fake_server, keys, capsys):
    db, db_live = str(tmp_path / "batch.db"), str(tmp_path / "live.db")
    fake_server.prompt_cache = False  # costs are compared call for call; a warm cache would skew them
    # one request per paragraph keeps the counts below plain (the paper protocol asks per criterion)
    inputs = [*pair, "--judge", "da-mqm", "--option", "da-mqm.protocol=combined", "--provider", kind,
              "--model", MODELS[kind], "--base-url", url(fake_server, kind)]
    fake_server.batch_delay = 3600  # the job stays "in progress" until the test releases it
    assert main(["--db", db, "batch", "submit", *inputs]) == 0  # this process submits...
    err = capsys.readouterr().err
    assert "submitted batch 1" in err and "4 requests" in err
    store = Store(db)
    assert store.get_run(1)["status"] == "deferred" and store.results_for_run(1) == []
    store.close()
    batch_lines = [json.dumps(c.raw, sort_keys=True) for c in fake_server.calls]

    assert main(["--db", db, "batch", "status"]) == 0
    assert "in_progress" in capsys.readouterr().out
    assert main(["--db", db, "batch", "collect"]) == 0  # not finished yet: nothing changes
    assert "not finished yet" in capsys.readouterr().err
    assert table_counts(db) == (0, 0, 1)

    fake_server.batch_delay = 0
    out = cli(["--db", db, "batch", "collect", "--format", "json"])  # ...and a fresh one collects
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["run"]["status"] == "done"
    assert "4 answers stored" in out.stderr
    after = table_counts(db)
    assert after == (4, 4, 1)

    # collecting again is a no-op, whether by id or "every open job"
    assert main(["--db", db, "batch", "collect", "1"]) == 0
    assert "already collected" in capsys.readouterr().err
    assert main(["--db", db, "batch", "collect"]) == 0
    assert "no open batch jobs" in capsys.readouterr().err
    assert table_counts(db) == after
    assert len(fake_server.calls) == 4

    assert main(["--db", db_live, "evaluate", *inputs]) == 0
    capsys.readouterr()
    live_lines = [json.dumps(c.raw, sort_keys=True) for c in fake_server.calls[4:]]
    assert sorted(batch_lines) == sorted(live_lines)  # each batch line is exactly the interactive body
    batched, live = scores(db, 1), scores(db_live, 1)
    assert batched == live and len(batched) == 16
    b_run, l_run = Store(db).get_run(1), Store(db_live).get_run(1)
    assert b_run["input_tokens"] == l_run["input_tokens"] and b_run["output_tokens"] == l_run["output_tokens"]
    assert b_run["cost"] == pytest.approx(l_run["cost"] / 2)  # the batch discount
    assert "sk-batch-test" not in open(db, "rb").read().decode("utf-8", "replace")


def test_unusable_and_rejected_lines_are_stored_failures(tmp_path, pair, fake_server, keys, capsys):
    def responder(call):
        if "number 1." in call.first_user:
            return "this is not JSON at all"
        if "number 2." in call.first_user:
            return Fault(status=400, message="prompt too long for this model")
        return schema_answer(call.schema, call.first_user)

    fake_server.responder = responder
    db = str(tmp_path / "b.db")
    args = ["--db", db, "batch", "submit", *pair, "--judge", "da-mqm", "--option", "da-mqm.protocol=combined",
            "--provider", "openai", "--model", "gpt-4o-mini", "--base-url", fake_server.openai_base_url]
    assert main(args) == 0
    assert main(["--db", db, "batch", "collect"]) == 1  # the run finished with failed units
    err = capsys.readouterr().err
    assert "2 answers stored, 2 unusable" in err and "run 1: done" in err
    store = Store(db)
    failed = {j.paragraph: j for j in store.results_for_run(1) if j.status == "failed"}
    assert set(failed) == {1, 2}
    assert failed[1].raw == "this is not JSON at all" and "no repair turn" in (failed[1].error or "")
    assert "prompt too long" in (failed[2].raw or "") and not failed[2].scores
    rows = store.db.execute("SELECT ok, response_text FROM llm_calls ORDER BY id").fetchall()
    assert sorted(r[0] for r in rows) == [0, 0, 1, 1]
    assert ("this is not JSON at all" in [r[1] for r in rows if r[0] == 0])
    store.close()
    # nothing is queued again for the failures: a second collect has nothing to do
    assert main(["--db", db, "batch", "collect"]) == 0
    assert len(fake_server.calls) == 4


def test_multi_step_judge_is_collected_in_rounds(tmp_path, pair, fake_server, keys, capsys):
    db = str(tmp_path / "r.db")
    src, tgt = pair
    assert main(["--db", db, "batch", "submit", src, "--candidate", f"A={tgt}", "--candidate", f"B={tgt}",
                 "--judge", "transevalnia", "--provider", "openai", "--model", "gpt-4o-mini",
                 "--base-url", fake_server.openai_base_url]) == 0
    main(["--db", db, "batch", "collect", "--wait", "--poll", "0.01"])
    err = capsys.readouterr().err
    assert "submitted batch 2" in err and "run 1: done" in err
    store = Store(db)
    run = store.get_run(1)
    assert run["status"] == "done" and run["units_done"] == run["units_total"]
    rows = list(store.db["batches"].rows)
    assert len(rows) >= 2 and all(r["status"] == "collected" for r in rows)
    # every request went out once: no line was submitted twice across rounds
    sent = [k for r in rows for k in json.loads(r["requests"])["requests"]]
    assert len(sent) == len(set(sent)) == len(fake_server.calls)
    store.close()


def test_batch_needs_a_batch_provider_and_known_job(tmp_path, pair, keys, capsys):
    db = str(tmp_path / "x.db")
    with pytest.raises(SystemExit):
        main(["--db", db, "batch", "submit", *pair, "--judge", "da-mqm", "--provider", "compat",
              "--model", "m"])
    capsys.readouterr()
    assert main(["--db", db, "batch", "collect", "7"]) == 3
    assert "no batch job '7'" in capsys.readouterr().err
