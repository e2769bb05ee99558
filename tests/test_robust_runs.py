"""Runs as the CLI keeps and shows them (issue 20): a rerun never changes what an older run shows, a closed
stdout ends a command quietly, and a run whose process was killed is shown as interrupted and can be
resumed. Each is driven through a real ``python -m litlens`` process, as a user meets it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fakeserver import FakeServer, schema_answer

KEY = "sk-robust-runs-0000"


def _env() -> dict[str, str]:
    return {**os.environ, "OPENAI_API_KEY": KEY, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def _litlens(db: Path, *args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), *args], capture_output=True,
                          text=True, env=_env(), timeout=timeout)


def _evaluate_args(src: Path, tgt: Path, url: str, concurrency: int = 4) -> list[str]:
    return ["evaluate", str(src), str(tgt), "--judge", "da-mqm", "--provider", "openai", "--model",
            "gpt-4o-mini", "--base-url", url, "--concurrency", str(concurrency), "--quiet",
            "--source-lang", "en", "--target-lang", "ko", "--timeout", "20",
            # one call per paragraph: these tests are about runs, not about the paper's per-criterion calls
            "--option", "da-mqm.protocol=combined"]


def _story(folder: Path, paragraphs: int) -> tuple[Path, Path]:
    src, tgt = folder / "story_en.txt", folder / "story_ko.txt"
    src.write_text("\n\n".join(f"Paragraph {i}: the lamp by window {i} burned until dawn."
                               for i in range(paragraphs)), encoding="utf-8")
    tgt.write_text("\n\n".join(f"{i}번째 문단: {i}번 창가의 등불은 새벽까지 탔다." for i in range(paragraphs)),
                   encoding="utf-8")
    return src, tgt


def _ok_units(db: Path) -> int:
    try:
        con = sqlite3.connect(db, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM results WHERE status='ok'").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


# ---- defect 6: an old run keeps showing its own results --------------------------------------------

def test_a_rerun_does_not_change_what_an_earlier_failed_run_shows(tmp_path):
    src, tgt = _story(tmp_path, 2)
    db = tmp_path / "runs.db"
    broken = {"on": True}

    def answer(call):
        return "this is not JSON, only prose" if broken["on"] else schema_answer(call.schema, call.first_user)

    with FakeServer(answer) as server:
        first = _litlens(db, *_evaluate_args(src, tgt, server.openai_base_url))
        assert first.returncode == 1, first.stderr  # every unit failed, raw answers kept
        shown_json = _litlens(db, "show", "1", "--format", "json")
        shown_table = _litlens(db, "show", "1")
        assert shown_json.returncode == 0, shown_json.stderr
        before = json.loads(shown_json.stdout)
        assert before["results"] and all(r["status"] == "failed" for r in before["results"])
        report_before = tmp_path / "before.json"
        assert _litlens(db, "report", "1", "-o", str(report_before)).returncode == 0

        broken["on"] = False
        second = _litlens(db, *_evaluate_args(src, tgt, server.openai_base_url))
        assert second.returncode == 0, second.stderr
        calls_after_rerun = server.count

        assert json.loads(_litlens(db, "show", "1", "--format", "json").stdout) == before
        assert _litlens(db, "show", "1").stdout == shown_table.stdout
        report_after = tmp_path / "after.json"
        assert _litlens(db, "report", "1", "-o", str(report_after)).returncode == 0
        strip = lambda d: {k: v for k, v in d.items() if k != "generated_at"}  # noqa: E731
        assert strip(json.loads(report_after.read_text("utf-8"))) == strip(json.loads(
            report_before.read_text("utf-8")))
        rerun = json.loads(_litlens(db, "show", "2", "--format", "json").stdout)
        assert rerun["results"] and all(r["status"] == "ok" for r in rerun["results"])

        # and cache reuse still works: a third run asks nothing and reuses every unit
        third = _litlens(db, *_evaluate_args(src, tgt, server.openai_base_url))
        assert third.returncode == 0 and server.count == calls_after_rerun, third.stderr
        assert "2 reused" in third.stderr


# ---- defect 7: a closed stdout is not an internal error --------------------------------------------

def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path):
    src, tgt = _story(tmp_path, 3)
    db = tmp_path / "pipe.db"
    logs = tmp_path / "logs"
    assert _litlens(db, "evaluate", str(src), str(tgt), "--judge", "consistency", "--quiet").returncode in (0, 1)
    env = {**_env(), "LITLENS_LOG_DIR": str(logs)}
    for args in (["show", "1", "--format", "json"], ["show", "1"], ["runs"]):
        read, write = os.pipe()
        proc = subprocess.Popen([sys.executable, "-m", "litlens", "--db", str(db), *args], stdout=write,
                                stderr=subprocess.PIPE, env=env)
        os.close(write)
        os.close(read)  # like `| head -c 0`: the reader is gone before anything is written
        _, err = proc.communicate(timeout=180)
        err = err.decode("utf-8", "replace")
        assert proc.returncode in (0, 141), (args, proc.returncode, err)
        assert err.strip() == "", (args, err)
    log = logs / "litlens.log"
    assert not log.exists() or "Traceback" not in log.read_text("utf-8")


def test_head_reads_part_of_the_output_and_the_command_ends_quietly(tmp_path):
    src, tgt = _story(tmp_path, 3)
    db = tmp_path / "head.db"
    assert _litlens(db, "evaluate", str(src), str(tgt), "--judge", "consistency", "--quiet").returncode in (0, 1)
    out = subprocess.run(["bash", "-c", f'"{sys.executable}" -m litlens --db "{db}" show 1 --format json '
                          '| head -c 10; exit "${PIPESTATUS[0]}"'], capture_output=True, text=True,
                         env=_env(), timeout=180)
    assert out.returncode in (0, 141), out.stderr
    assert len(out.stdout) == 10 and "internal error" not in out.stderr and "Traceback" not in out.stderr


# ---- defect 8: a killed run is interrupted, not running for ever, and can be resumed ----------------

def test_a_killed_run_is_shown_interrupted_and_resume_completes_it(tmp_path):
    paragraphs = 8
    src, tgt = _story(tmp_path, paragraphs)
    db = tmp_path / "killed.db"
    with FakeServer(latency=0.4) as server:
        proc = subprocess.Popen([sys.executable, "-m", "litlens", "--db", str(db),
                                 *_evaluate_args(src, tgt, server.openai_base_url, concurrency=1)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env())
        deadline = time.monotonic() + 120
        while _ok_units(db) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        done_before = _ok_units(db)
        assert 2 <= done_before < paragraphs

        runs = _litlens(db, "runs")
        line = next(ln for ln in runs.stdout.splitlines() if ln.split()[0] == "1")
        assert "interrupted" in line and "running" not in line, runs.stdout
        assert f"/{paragraphs} units" in line and "litlens resume 1" in line
        shown = _litlens(db, "show", "1")
        assert "interrupted" in shown.stdout.splitlines()[0], shown.stdout
        assert json.loads(_litlens(db, "show", "1", "--format", "json").stdout)["run"]["status"] == "interrupted"

        calls_before = server.count
        resumed = _litlens(db, "resume", "1", "--quiet")
        assert resumed.returncode == 0, resumed.stderr
        # only what the killed run had not finished is asked for (plus the one in flight when it died)
        assert server.count - calls_before <= paragraphs - done_before + 1
        assert f"{done_before} reused" in resumed.stderr or f"{done_before + 0} reused" in resumed.stderr

    runs = _litlens(db, "runs").stdout.splitlines()
    second = next(ln for ln in runs if ln.split()[0] == "2")
    assert "done" in second and f"{paragraphs}/{paragraphs} units" in second and "resumes run 1" in second
    assert "interrupted" in next(ln for ln in runs if ln.split()[0] == "1")  # the old run stays as it was
    assert _litlens(db, "resume", "2").returncode == 2  # a finished run has nothing to resume


def test_a_live_run_is_still_running_and_cannot_be_resumed(tmp_path):
    from litlens.app.run import liveness
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    project = build_project("p", text_from_string("The lamp burned.", "en"),
                            [("Draft", text_from_string("등불이 탔다.", "ko"))])
    store = Store(tmp_path / "live.db")
    try:
        run_id = store.start_run(store.save_project(project), ["consistency"], "offline", "-", {}, None, 3)
        assert store.get_run(run_id)["status"] == "running"  # this very process owns it
        store.update_run(run_id, pid=2 ** 22 + 12345)  # a pid no process has
        assert store.get_run(run_id)["status"] == "interrupted"
        store.update_run(run_id, pid=os.getpid(), start_token="not-this-process")
        if sys.platform.startswith("linux"):  # the pid was reused by another process
            assert store.list_runs()[0]["status"] == liveness.INTERRUPTED
        store.update_run(run_id, host="another-machine")
        assert store.get_run(run_id)["status"] == "running"  # cannot tell: left as it is
    finally:
        store.close()


@pytest.mark.gui
def test_the_run_history_offers_resume_for_an_interrupted_run(qtbot, db_path):
    # The window's own wiring (resumeRequested -> RunController.resume), built without the rest of the
    # window so this test is about the run history and the background-run path only.
    from PySide6.QtCore import Qt

    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    from litlens.ui.common.document import Document
    from litlens.ui.runs.history import RunHistory
    from litlens.ui.runs.controller import RunController
    from litlens.ui.common.tasks import MainThreadBridge, TaskRunner
    project = build_project("story", text_from_string("The lamp burned.\n\nNobody came.", "en"),
                            [("Draft", text_from_string("등불이 탔다.\n\n아무도 오지 않았다.", "ko"))])
    store = Store(db_path)
    try:
        run_id = store.start_run(store.save_project(project), ["consistency"], "offline", "-", {}, None, 2)
        store.update_run(run_id, pid=2 ** 22 + 12345)  # its process is gone
    finally:
        store.close()
    bridge = MainThreadBridge()
    tasks = TaskRunner(bridge)
    document = Document()
    controller = RunController(document, db_path, bridge, tasks)
    history = RunHistory(document, db_path, tasks)
    qtbot.addWidget(history)
    history.resumeRequested.connect(controller.resume)
    history.show()
    try:
        document.set_project(project)
        controller.load_results()
        qtbot.waitUntil(lambda: history.tree.topLevelItemCount() == 1, timeout=30_000)
        item = history.tree.topLevelItem(0)
        assert item.text(3) == "interrupted" and item.text(4) == "0/2"
        assert not history.resume_button.isEnabled()
        history.tree.setCurrentItem(item)
        assert history.resume_button.isEnabled()
        with qtbot.waitSignal(controller.finished, timeout=60_000) as done:
            history.resume_button.click()
        summary, error = done.args
        assert error is None and summary.status == "done", (summary, error)
        qtbot.waitUntil(lambda: history.tree.topLevelItemCount() == 2, timeout=30_000)
        statuses = {history.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole):
                    history.tree.topLevelItem(i).text(3) for i in range(2)}
        assert statuses == {run_id: "interrupted", run_id + 1: "done"}, statuses
    finally:
        controller.shutdown()
        tasks.shutdown()
        bridge.close()
