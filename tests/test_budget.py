"""``--budget`` caps what one run spends, and a resumed run is the same run: it counts what the runs it
resumes spent, so resuming with the same budget spends nothing more, and a larger ``--budget`` goes on
from where it stopped. The stop message's figures add up to the cap."""

from __future__ import annotations

import re
import sqlite3

from test_cli import pair, run  # noqa: F401 - the fixture is used by name

from litlens.app.llm.client import Budget

FIGURES = re.compile(r"(?:\$(\d+\.\d{4}) spent before it was resumed \+ )?\$(\d+\.\d{4}) spent by this run"
                     r"(?: \+ \$(\d+\.\d{4}) held for calls still running)? \+ \$(-?\d+\.\d{4}) left = "
                     r"\$(\d+\.\d{4})")


def _figures(stderr: str) -> tuple[float, float, float, float, float]:
    m = FIGURES.search(stderr)
    assert m, stderr
    before, this, held, left, cap = (float(x) if x else 0.0 for x in m.groups())
    assert abs(before + this + held + left - cap) < 1e-9, m.group(0)  # they add up to the cap
    return before, this, held, left, cap


def _cost(db_path, run_id: int) -> float:
    con = sqlite3.connect(db_path)
    try:
        return float(con.execute("SELECT cost FROM runs WHERE id = ?", [run_id]).fetchone()[0] or 0)
    finally:
        con.close()


def test_a_resumed_run_counts_what_it_spent_and_the_message_adds_up(db_path, pair, fake_server):  # noqa: F811
    src, tgt = pair
    key = {"OPENAI_API_KEY": "sk-x"}
    out = run(["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider", "openai",
               "--model", "gpt-4o", "--base-url", fake_server.openai_base_url, "--budget", "0.012",
               "--concurrency", "1", "--quiet"], env=key)
    assert out.returncode == 5, out.stderr
    before, this, _, left, cap = _figures(out.stderr)
    assert before == 0 and cap == 0.012 and abs(this - _cost(db_path, 1)) < 1e-4 and left >= 0
    assert "litlens resume 1 --budget" in out.stderr
    calls = fake_server.count
    assert 0 < calls < 12

    # the same budget again: the run it resumes spent it, so no call is made
    out = run(["--db", str(db_path), "resume", "1", "--quiet"], env=key)
    assert out.returncode == 5, out.stderr
    assert fake_server.count == calls
    before, this, _, left, cap = _figures(out.stderr)
    assert abs(before - _cost(db_path, 1)) < 1e-4 and this == 0 and cap == 0.012

    # a larger budget goes on, still counting what was spent before
    out = run(["--db", str(db_path), "resume", "2", "--budget", "0.02", "--quiet"], env=key)
    assert fake_server.count > calls
    spent = sum(_cost(db_path, r) for r in (1, 2, 3))
    assert spent <= 0.02 + 1e-9
    if out.returncode == 5:
        before, this, _, left, cap = _figures(out.stderr)
        assert abs(before - _cost(db_path, 1) - _cost(db_path, 2)) < 1e-4 and cap == 0.02


def test_the_message_adds_up_with_calls_in_flight_and_without_a_resume():
    b = Budget(1.0, spent_before=0.33333)
    b.reserve(0.1)
    b.settle(0.1, 0.12345)
    b.reserve(0.2)
    message = b.stop_message(0.5)
    _figures(message)
    assert "held for calls still running" in message and "spent before it was resumed" in message
    fresh = Budget(0.5)
    fresh.settle(0.0, 0.49999)
    _figures(fresh.stop_message(0.1))
