"""The Runs dock on its own, for tests: a RunHistory over ``db_path`` showing ``runs``, with the task runner
and bridge it needs shut down afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def runs_dock(qtbot, db_path, runs: list[dict]) -> Iterator:
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import MainThreadBridge, TaskRunner
    from litlens.ui.runs.history import RunHistory
    bridge = MainThreadBridge()
    tasks = TaskRunner(bridge)
    try:
        document = Document()
        history = RunHistory(document, db_path, tasks)
        qtbot.addWidget(history)
        document.runs = runs
        history.refresh()
        yield history
    finally:
        tasks.shutdown()
        bridge.close()
