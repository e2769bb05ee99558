"""The window tells the truth about storage: a run whose results could not be stored (disk full) shows why
in the run bar, never "Finished"; a project opened from a database this LitLens may not write (a newer
LitLens's, or a read-only file) says why in the status bar, and the actions that would write are off with
the reason in their tooltips (and stay off when the window would turn them on)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from litlens.app.core.sample import load_sample
from litlens.app.run.schema import schema_version
from litlens.app.run.store import Store
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

RUN_TIMEOUT = 60_000


def _window(qtbot, db_path):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    return w


def test_a_run_that_could_not_store_its_results_says_so(qtbot, db_path, monkeypatch):
    window = _window(qtbot, db_path)

    def full(self, *args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(Store, "save_result", full)
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        window.open_sample(autorun=True)
    summary, error = blocker.args
    assert summary is None or summary.status == "failed"
    text = window.run_bar.label.text()
    assert "Finished" not in text and "could not be stored" in text and "disk is full" in text, text
    assert window.run_bar.label.objectName() == "problem"
    store = Store(db_path)
    try:
        assert [r["status"] for r in store.list_runs()] == ["failed"]
    finally:
        store.close()
    window.close()


def _stored_sample(db_path) -> None:
    store = Store(db_path)
    store.save_project(load_sample())
    store.close()


def _newer(db_path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute(f"PRAGMA user_version = {schema_version() + 2}")
    conn.commit()
    conn.close()


def _writing(window) -> list:
    return window.read_only_notice.controls()


def test_a_database_from_a_newer_litlens_is_read_only_and_the_window_says_why(qtbot, db_path):
    _stored_sample(db_path)
    _newer(db_path)
    window = _window(qtbot, db_path)
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    notice = window.read_only_notice
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "Read-only database" in notice.text() and f"schema version {schema_version() + 2}" in notice.text()
    controls = _writing(window)
    names = {c.text() for c in controls}
    assert len(controls) >= 15 and any("Accept" in n for n in names) and any("Run" in n for n in names)
    for c in controls:
        assert not c.isEnabled() and "read-only" in c.toolTip() and "newer LitLens" in c.toolTip(), c.text()
    # parts of the window that turn them on again (a finding chosen, Undo's label, a run ended) cannot
    window.edits.stackChanged.emit("typing", "")
    window.results.review_buttons.apply.setEnabled(True)
    window.runs.runningChanged.emit(False)
    assert not window.undo_edit_action.isEnabled() and not window.results.review_buttons.apply.isEnabled()
    assert not window.run_action.isEnabled()
    window.close()


def test_a_writable_database_keeps_every_action(qtbot, db_path):
    _stored_sample(db_path)
    window = _window(qtbot, db_path)
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    qtbot.wait(500)  # the check ran on a worker
    assert not window.read_only_notice.isVisible() and window.read_only_notice.reason == ""
    assert window.accept_action.isEnabled() and "read-only" not in window.accept_action.toolTip()
    window.close()


def _root_can_write(path) -> bool:
    """Whether this process may write a file its mode makes read-only (root may, unless its capability to
    override file modes was taken away)."""
    try:
        with open(path, "ab"):
            return True
    except PermissionError:
        return False


def test_a_read_only_file_says_read_only(qtbot, db_path):
    """Run as root (as CI runs), the test runs itself again in a child without root's power to override file
    modes, so the read-only file is read-only there too."""
    _stored_sample(db_path)
    os.chmod(db_path, 0o444)
    if _root_can_write(db_path):
        _again_without_override(__name__ + ".py::test_a_read_only_file_says_read_only")
        return
    window = _window(qtbot, db_path)
    window.open_sample(autorun=False)
    qtbot.waitUntil(window.read_only_notice.isVisible, timeout=20_000)
    assert "read-only" in window.read_only_notice.text()
    window.close()


def test_a_failed_write_is_said_as_a_failed_run_not_one_that_could_not_start(qtbot, db_path, monkeypatch):
    window = _window(qtbot, db_path)

    def full(self, *args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(Store, "save_result", full)
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        window.open_sample(autorun=True)
    said = window.judge_panel.estimate.text()
    assert "could not start" not in said and "failed" in said and "full" in said


def test_resume_goes_on_under_the_judge_panel_s_budget(qtbot, db_path, monkeypatch):
    """A run resumed from the Runs dock gets the budget the panel shows (a run stopped at its budget goes on
    when the panel allows more); the run's own stored budget is not reused."""
    from litlens.ui.runs.controller import RunController
    window = _window(qtbot, db_path)
    seen = []
    monkeypatch.setattr(RunController, "start", lambda self, make_request, judges: seen.append(make_request()))
    store = Store(db_path)
    project_id = store.save_project(load_sample())
    run_id = store.start_run(project_id, ["consistency"], "openai", "gpt-4o", {"consistency": {}}, 0.05, 3)
    store.update_run(run_id, status="budget")
    store.close()
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: any(r["id"] == run_id for r in window.document.runs), timeout=RUN_TIMEOUT)
    window.judge_panel.budget.setEnabled(True)
    window.judge_panel.budget.setValue(2.5)
    window.results.runs.resumeRequested.emit(run_id)
    assert seen and seen[-1].budget == 2.5 and seen[-1].resumed_from == run_id
    window.judge_panel.budget.setValue(0)  # "no limit"
    window.results.runs.resumeRequested.emit(run_id)
    assert seen[-1].budget is None


def _again_without_override(test_id: str) -> None:
    setpriv = shutil.which("setpriv")
    assert setpriv is not None, "setpriv (util-linux) is needed to run this test as root"
    here = Path(__file__).resolve()
    cmd = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", sys.executable, "-m", "pytest",
           "-q", "-p", "no:cacheprovider", f"{here.parent / here.name}::{test_id.rsplit('::', 1)[1]}"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=here.parent.parent,
                          check=False)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
