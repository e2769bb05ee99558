"""The command line as a user meets it: help, judges, evaluate (offline and LLM), errors, kill and resume."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

CLI = [sys.executable, "-m", "litlens.app.cli.main"]


def run(args, env=None, **kw):
    e = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring", **(env or {})}
    for k in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LITLENS_OPENAI_API_KEY"):
        if not (env and k in env):
            e.pop(k, None)
    return subprocess.run(CLI + args, capture_output=True, text=True, env=e, timeout=180, **kw)


@pytest.fixture
def pair(tmp_path):
    src = tmp_path / "story_en.txt"
    tgt = tmp_path / "story_ko.txt"
    src.write_text("\n\n".join(f"Paragraph {i}: the wind moved over the field number {i}." for i in range(12)),
                   encoding="utf-8")
    tgt.write_text("\n\n".join(f"{i}번째 문단: 바람이 {i}번 들판 위로 지나갔다." for i in range(12)),
                   encoding="utf-8")
    return src, tgt


def test_help_and_judges():
    out = run(["--help"])
    assert out.returncode == 0 and "evaluate" in out.stdout
    out = run(["judges"])
    assert out.returncode == 0
    listed = [line.split()[0] for line in out.stdout.splitlines() if line and not line.startswith(" ")]
    assert {"da-mqm", "honorifics"} <= set(listed)


def test_evaluate_sample_offline_needs_no_key(db_path):
    out = run(["--db", str(db_path), "evaluate", "--sample", "--judge", "honorifics"])
    assert out.returncode == 0, out.stderr
    assert "honorifics" in out.stdout and "Flawed" in out.stdout
    assert "cost $0.0000" in out.stderr


def test_llm_judge_without_key_is_one_clear_line(db_path, pair):
    src, tgt = pair
    out = run(["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "da-mqm",
               "--provider", "openai", "--model", "gpt-4o"])
    assert out.returncode == 4
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "OPENAI_API_KEY" in lines[0] and "Traceback" not in out.stderr


def test_unreadable_input_is_one_clear_line(db_path, tmp_path, pair):
    binary = tmp_path / "image.txt"
    binary.write_bytes(bytes(range(256)) * 20)
    out = run(["--db", str(db_path), "evaluate", str(pair[0]), str(binary), "--judge", "honorifics"])
    assert out.returncode == 3
    assert len(out.stderr.strip().splitlines()) == 1 and "image.txt" in out.stderr
    out = run(["--db", str(db_path), "evaluate", str(tmp_path / "missing.txt"), str(pair[1]),
               "--judge", "honorifics"])
    assert out.returncode == 3 and "missing.txt" in out.stderr


def test_unknown_judge_and_bad_option(db_path, pair):
    out = run(["--db", str(db_path), "evaluate", str(pair[0]), str(pair[1]), "--judge", "nope"])
    assert out.returncode == 2 and "unknown judge 'nope'" in out.stderr
    out = run(["--db", str(db_path), "evaluate", str(pair[0]), str(pair[1]), "--judge", "da-mqm",
               "--option", "rationale"])
    assert out.returncode == 2 and "JUDGE.NAME=VALUE" in out.stderr


def test_evaluate_with_llm_json_csv_runs_and_show(db_path, pair, fake_server):
    src, tgt = pair
    env = {"OPENAI_API_KEY": "sk-cli-test"}
    base = ["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider", "openai",
            "--model", "gpt-4o-mini", "--base-url", fake_server.openai_base_url]
    out = run(base + ["--format", "json"], env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    # the paper's protocol: one unit per paragraph and criterion; forced Honorifics 5s are not asked
    assert len(data["results"]) == 4 * 12 and data["run"]["status"] == "done"
    assert all(1 <= s["value"] <= 5 for r in data["results"] for s in r["scores"])
    asked = sum(1 for r in data["results"] if not r["data"].get("forced"))
    assert fake_server.count == asked
    out = run(base + ["--format", "csv"], env=env)
    assert out.returncode == 0 and out.stdout.splitlines()[0].startswith("kind,judge,candidate")
    assert fake_server.count == asked  # the second run reused every stored unit
    runs = run(["--db", str(db_path), "runs"])
    assert runs.returncode == 0 and len(runs.stdout.strip().splitlines()) == 2
    show = run(["--db", str(db_path), "show", "1"])
    assert show.returncode == 0 and "Content Accuracy" in show.stdout and "mean" in show.stdout
    assert "sk-cli-test" not in db_path.read_bytes().decode("utf-8", "replace")


def test_budget_cap_stops_before_crossing(db_path, pair, fake_server):
    src, tgt = pair
    out = run(["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider",
               "openai", "--model", "gpt-4o", "--base-url", fake_server.openai_base_url, "--budget", "0.012",
               "--concurrency", "1"], env={"OPENAI_API_KEY": "sk-x"})
    assert out.returncode == 5 and "budget" in out.stderr.lower()
    assert 0 < fake_server.count < 12


def _stored_units(db_path) -> set[str]:
    try:
        con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5)
        rows = con.execute("SELECT unit FROM results WHERE status='ok'").fetchall()
        con.close()
        return {r[0] for r in rows}
    except sqlite3.Error:
        return set()


def test_killed_run_resumes_without_repeating_finished_units(db_path, pair, fake_server):
    src, tgt = pair
    fake_server.latency = 0.4
    args = ["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider", "openai",
            "--model", "gpt-4o-mini", "--base-url", fake_server.openai_base_url, "--concurrency", "2",
            "--quiet", "--option", "da-mqm.protocol=combined"]  # one unit per paragraph keeps counts plain
    env = {**os.environ, "OPENAI_API_KEY": "sk-kill", "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    proc = subprocess.Popen(CLI + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(_stored_units(db_path)) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    done_before = _stored_units(db_path)
    calls_before = fake_server.count
    assert 4 <= len(done_before) < 12
    finished_texts = {c.user for c in fake_server.calls[:calls_before]}

    out = run(args, env={"OPENAI_API_KEY": "sk-kill"})
    assert out.returncode == 0, out.stderr
    assert len(_stored_units(db_path)) == 12
    # no finished unit was asked again: every repeated request was one in flight at the kill (≤ concurrency)
    again = [c.user for c in fake_server.calls[calls_before:] if c.user in finished_texts]
    assert len(again) <= 2
    assert fake_server.count <= 12 + 2
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    dup = con.execute("SELECT unit, count(*) FROM results GROUP BY judge, unit, model HAVING count(*) > 1")
    assert dup.fetchall() == []
