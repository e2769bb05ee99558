"""The estimate beside the Run button follows what it depends on: after a run ends, what the run stored
is no longer counted as to be asked, without the user ticking a judge off and on."""

from __future__ import annotations

import pytest

from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


def test_the_estimate_is_refreshed_when_a_run_ends(qtbot, db_path):
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    window.open_sample(autorun=False)
    label = window.judge_panel.estimate
    qtbot.waitUntil(lambda: "offline" in label.text(), timeout=30_000)
    before = label.text()
    assert "already stored" not in before
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.judge_panel.runRequested.emit()
    qtbot.waitUntil(lambda: "already stored" in label.text(), timeout=30_000)
    assert label.text().startswith("nothing new to run")  # everything the offline judges do is stored now
    window.close()
