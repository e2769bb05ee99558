"""Crash and resume: a CLI run killed with SIGKILL twenty times at random moments loses nothing, keeps the
database sound, and pays again only for the calls that were in flight when it died.

Each attempt is the real ``litlens.app.cli.main.main`` in a separate process. The interrupted attempts are forked from
the test process (the imports are already done, so a random 0.1–1.0 s kill lands inside the run rather
than inside interpreter start-up, which takes seconds on a loaded machine); the final attempt is a fresh
``python -m litlens`` subprocess that finishes the work.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import litlens.app.cli.main  # noqa: F401  (imported before forking, so each child starts at once)
import litlens.app.judges.da_mqm  # noqa: F401
import litlens.app.llm.factory  # noqa: F401
import litlens.app.cli.output  # noqa: F401
import litlens.app.run.service  # noqa: F401
import litlens.app.run.store  # noqa: F401
import litlens.app.texts  # noqa: F401
from fakeserver import FakeServer, schema_answer

KILLS = 20
PARAGRAPHS = 30
LATENCY = 0.12
CONCURRENCY = 4
# A response the server finished sending this long before a kill counts as delivered; one sent later (or
# never) counts as in flight, because the client cannot have parsed and stored it before dying.
DELIVERY_MARGIN = 0.1
KEY = "sk-robust-crash-0000"


class TimedServer(FakeServer):
    """A FakeServer that notes when it hands each answer over (the responder runs right before sending)."""

    def __init__(self, **kw) -> None:
        super().__init__(self._answer, **kw)
        self.answered_at: dict[int, float] = {}
        self._times = threading.Lock()

    def _answer(self, call):
        with self._times:
            self.answered_at[call.index] = time.monotonic()
        return schema_answer(call.schema, call.first_user)


def _args(db: Path, src: Path, tgt: Path, url: str) -> list[str]:
    return ["--db", str(db), "evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider", "openai",
            "--model", "gpt-4o-mini", "--base-url", url, "--concurrency", str(CONCURRENCY), "--quiet",
            "--source-lang", "en", "--target-lang", "ko",
            "--option", "da-mqm.protocol=combined"]  # one unit per paragraph: this test counts units


def _env() -> dict[str, str]:
    return {"OPENAI_API_KEY": KEY, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def _fork_cli(args: list[str]) -> int:
    """Run the CLI in a forked child; returns its pid. The child never returns into pytest."""
    pid = os.fork()
    if pid == 0:  # child
        code = 70
        try:
            os.environ.update(_env())
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            from litlens.app.cli.main import main
            code = main(args)
        finally:
            os._exit(code)
    return pid


def _ok_units(db: Path) -> set[str]:
    if not db.exists():
        return set()
    try:
        con = sqlite3.connect(db, timeout=10)
        try:
            return {r[0] for r in con.execute("SELECT unit FROM results WHERE status='ok'")}
        finally:
            con.close()
    except sqlite3.Error:
        return set()


@pytest.fixture
def story(tmp_path):
    src, tgt = tmp_path / "story_en.txt", tmp_path / "story_ko.txt"
    src.write_text("\n\n".join(f"Paragraph {i}: the lamp by window {i} burned until dawn, and nobody came."
                               for i in range(PARAGRAPHS)), encoding="utf-8")
    tgt.write_text("\n\n".join(f"{i}번째 문단: {i}번 창가의 등불은 새벽까지 탔고, 아무도 오지 않았다."
                               for i in range(PARAGRAPHS)), encoding="utf-8")
    return src, tgt


def test_twenty_kills_lose_nothing_and_repay_only_in_flight_calls(tmp_path, story):
    src, tgt = story
    rng = random.Random(20240917)
    started = time.monotonic()

    # One clean run on its own database: the number of calls an uninterrupted evaluation pays for.
    with TimedServer() as clean_server:
        pid = _fork_cli(_args(tmp_path / "clean.db", src, tgt, clean_server.openai_base_url))
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        clean_calls = clean_server.count
    assert clean_calls == PARAGRAPHS

    db = tmp_path / "crash.db"
    with TimedServer(latency=LATENCY) as server:
        in_flight_total = 0
        finished_before: set[str] = set()
        kills = 0
        counted = 0  # calls already attributed to an earlier attempt
        for _ in range(KILLS):
            pid = _fork_cli(_args(db, src, tgt, server.openai_base_url))
            time.sleep(rng.uniform(0.1, 1.0))
            os.kill(pid, signal.SIGKILL)
            kill_at = time.monotonic()
            os.waitpid(pid, 0)
            kills += 1
            time.sleep(0.15)  # requests already in the server's socket buffer are recorded by now
            with server._times:
                answered = dict(server.answered_at)
            seen = server.count
            in_flight = sum(1 for c in range(counted, seen)
                            if answered.get(c, float("inf")) > kill_at - DELIVERY_MARGIN)
            counted = seen
            in_flight_total += in_flight
            now_ok = _ok_units(db)
            assert finished_before <= now_ok, "a unit that had finished was lost by a crash"
            finished_before = now_ok
        assert kills == KILLS

        # Restart with the real command line; it must finish everything.
        env = {**os.environ, **_env()}
        out = subprocess.run([sys.executable, "-m", "litlens.app.cli.main", *_args(db, src, tgt, server.openai_base_url)],
                             capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        total_calls = server.count
        bodies = [c.user for c in server.calls]

    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = con.execute("SELECT unit, count(*) FROM results WHERE judge='da-mqm' GROUP BY unit").fetchall()
        last_run = con.execute("SELECT max(id) FROM runs").fetchone()[0]
        linked = con.execute("SELECT r.unit FROM results r JOIN run_results rr ON rr.result_id = r.id "
                             "WHERE rr.run_id = ? AND r.status = 'ok'", [last_run]).fetchall()
    finally:
        con.close()
    # every unit present exactly once, including every unit that had finished before some kill
    assert len(rows) == PARAGRAPHS and all(n == 1 for _, n in rows)
    assert sorted(u for (u,) in linked) == sorted(u for u, _ in rows)
    assert finished_before <= {u for u, _ in rows}
    # paid calls: one clean run plus at most what was in flight when the process died
    assert total_calls <= clean_calls + in_flight_total, (total_calls, clean_calls, in_flight_total)
    repeats = len(bodies) - len(set(bodies))
    assert repeats <= in_flight_total
    assert time.monotonic() - started < 120  # bounded: the whole harness is a short test

