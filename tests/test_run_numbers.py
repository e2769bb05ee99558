"""A project's runs are numbered 1, 2, 3… where a person reads them (the Runs dock, its comparison, the
CLI's list and show, the reports), not by the store-wide id that made a project's first run read "#3";
the store id stays where a command needs it (the CLI's first column, the dock's tooltip, the report's
parenthesis)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from litlens.app.core.run_numbers import project_numbers
from litlens.app.texts import build_project, text_from_string


def test_runs_are_numbered_within_their_project_in_store_order():
    runs = [{"id": 5, "project_id": 2}, {"id": 1, "project_id": 1}, {"id": 2, "project_id": 2},
            {"id": 3, "project_id": 1}, {"id": 4, "project_id": 2}]
    assert project_numbers(runs) == {1: 1, 3: 2, 2: 1, 4: 2, 5: 3}


def _project(name: str):
    return build_project(name, text_from_string(f"{name} walked home.", "en"),
                         [("Draft", text_from_string(f"{name}는 집으로 걸어갔다.", "ko"))])


def _second_project_runs(db_path) -> tuple[int, list[int]]:
    """Two projects in one store; the second's runs have store ids 2 and 4 (the first project's: 1, 3)."""
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        first, second = store.save_project(_project("Ann")), store.save_project(_project("Ben"))
        ids = [store.start_run(pid, ["consistency"], "offline", "-", {}, None, 1)
               for pid in (first, second, first, second)]
        for run_id in ids:
            store.update_run(run_id, status="done")
        return second, ids[1::2]
    finally:
        store.close()


@pytest.mark.gui
def test_the_runs_dock_and_its_comparison_show_the_projects_numbers(qtbot, db_path):
    from litlens.app.run.store import Store
    from runs_dock import runs_dock
    pid, ids = _second_project_runs(db_path)
    store = Store(db_path)
    try:
        runs = store.list_runs(pid)
    finally:
        store.close()
    with runs_dock(qtbot, db_path, runs) as history:
        shown = {history.tree.topLevelItem(i).data(0, 256): history.tree.topLevelItem(i) for i in range(2)}
        assert shown[ids[0]].text(0).startswith("1 · ") and shown[ids[1]].text(0).startswith("2 · ")
        assert "#" not in shown[ids[0]].text(0)
        assert f"litlens show {ids[0]}" in shown[ids[0]].toolTip(0)  # the id a command takes
        history.compare(ids[0], ids[1])
        qtbot.waitUntil(lambda: history.comparison.isVisible() or history.comparison.isVisibleTo(history),
                        timeout=20_000)
        header = history.comparison.headerItem()
        assert [header.text(1), header.text(2)] == ["Run 1", "Run 2"]


def test_the_cli_lists_and_shows_the_projects_number_beside_the_store_id(db_path):
    pid, ids = _second_project_runs(db_path)
    cli = [sys.executable, "-m", "litlens.app.cli.main", "--db", str(db_path)]
    listed = subprocess.run(cli + ["runs"], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    line = next(ln for ln in listed.stdout.splitlines() if ln.split()[0] == str(ids[0]))
    assert f"project {pid}, run 1 " in line
    line = next(ln for ln in listed.stdout.splitlines() if ln.split()[0] == str(ids[1]))
    assert f"project {pid}, run 2 " in line
    mine = subprocess.run(cli + ["runs", "--project", str(pid)], capture_output=True, text=True, timeout=120)
    assert f"project {pid}, run 1 " in mine.stdout and f"project {pid}, run 2 " in mine.stdout
    shown = subprocess.run(cli + ["show", str(ids[0])], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(f"run {ids[0]} (") and f"project {pid} (its run 1)" in shown.stdout


def test_the_report_names_the_run_by_its_number_in_the_project(db_path):
    from litlens.app.reports.collect import collect
    from litlens.app.reports.html import render_html
    from litlens.app.run.store import Store
    _, ids = _second_project_runs(db_path)
    store = Store(db_path)
    try:
        data = collect(store, ids[1])
    finally:
        store.close()
    assert data.run_number == 2 and data.title.endswith("— run 2")
    page = render_html(data)
    assert f"Run 2 of this project (store id {ids[1]})" in page
