"""GUI tests of background runs: cancel, stale results dropped, and the one thread crossing."""

from __future__ import annotations

import asyncio
import threading

import pytest

from litlens.app.judges import registry
from litlens.app.judges.base import Judge, Unit
from litlens.app.core.model import Judgment, Span, text_hash
from litlens.app.texts import build_project, text_from_string
from litlens.ui.common.tasks import MainThreadBridge, latest_per_unit
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui




class SlowJudge(Judge):
    """Test-only offline judge: one unit per candidate paragraph, each taking a moment, one finding each."""

    id = "slow"
    name = "Slow test judge"
    description = "Sleeps, then marks the first character of each paragraph."
    needs_llm = False
    delay = 0.15

    def plan(self, project, options):
        units = []
        for cand in project.candidates:
            for i, seg in enumerate(cand.text.paragraphs):
                async def run(ctx, cand=cand, i=i, seg=seg):
                    await asyncio.sleep(self.delay)
                    return Judgment(judge="slow", unit=f"{cand.label}/{i}", candidate=cand.label,
                                    paragraph=i, spans=[Span(judge="slow", category="other",
                                                             severity="minor", start=seg.start,
                                                             end=seg.start + 1)])
                units.append(Unit(judge="slow", key=f"{cand.label}/{i}", needs_llm=False,
                                  input_hash=text_hash(seg.text), run=run, candidate=cand.label,
                                  paragraph=i))
        return units


@pytest.fixture
def slow_judge(monkeypatch):
    installed = {**registry.available(), "slow": SlowJudge}
    real_get = registry.get
    monkeypatch.setattr(registry, "available", lambda: installed)
    monkeypatch.setattr(registry, "get", lambda jid: SlowJudge() if jid == "slow" else real_get(jid))
    return SlowJudge


@pytest.fixture
def window(qtbot, db_path, slow_judge):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def small_project(name: str, n: int = 4):
    src = text_from_string("\n\n".join(f"Paragraph {i} of {name}." for i in range(n)), "en")
    tgt = text_from_string("\n\n".join(f"{name}의 {i}번째 문단입니다." for i in range(n)), "ko")
    return build_project(name, src, [("Draft", tgt)])


def start_slow(window, project):
    window.open_project(project)
    window.judge_panel.select(["slow"])
    window.run_actions.run_selected()
    assert window.runs.running
    return window.runs.active


def test_slow_run_reports_progress_and_results(qtbot, window):
    progress = []
    window.runs.progressed.connect(progress.append)
    with qtbot.waitSignal(window.runs.finished, timeout=30_000) as blocker:
        start_slow(window, small_project("alpha", 3))
    summary, error = blocker.args
    assert error is None and summary.status == "done"
    assert progress and progress[-1].done == 3
    assert len(window.results.findings.spans()) == 3
    assert window.judge_panel.run_button.isEnabled() and not window.judge_panel.cancel_button.isEnabled()


def test_cancel_stops_the_run(qtbot, window):
    SlowJudge.delay = 0.4
    try:
        task = start_slow(window, small_project("beta", 40))
        assert window.judge_panel.cancel_button.isEnabled()
        with qtbot.waitSignal(window.runs.finished, timeout=30_000) as blocker:
            qtbot.waitUntil(lambda: window.run_bar.bar.maximum() == 40, timeout=20_000)
            window.judge_panel.cancel_button.click()
        summary, error = blocker.args
        assert error is None and summary.status == "cancelled"
        assert summary.progress.done < 40
        assert window.run_bar.label.text().startswith("Cancelled")
        assert task.join(5)
        assert not window.runs.running and window.judge_panel.run_button.isEnabled()
    finally:
        SlowJudge.delay = 0.15


def test_results_for_a_replaced_project_are_dropped(qtbot, window):
    task = start_slow(window, small_project("gamma", 6))
    old_revision = task.revision
    other = small_project("delta", 2)
    window.open_project(other)  # the texts changed while the run was going
    assert window.document.revision != old_revision
    qtbot.waitUntil(lambda: task.done, timeout=30_000)
    assert window.runs.stale_dropped >= 1
    assert window.document.project is other
    assert all(j.candidate == "Draft" and j.judge != "slow" for j in window.document.judgments)
    assert window.results.findings.spans() == []
    assert not window.runs.running


def test_a_stale_outcome_never_reaches_the_document(qtbot, window):
    window.open_project(small_project("eps", 2))
    doc = window.document
    span = Span(judge="slow", category="test/mark", severity="major", start=0, end=1)
    fresh = Judgment(judge="slow", unit="Draft/0", candidate="Draft", paragraph=0, spans=[span])
    assert not doc.set_results(doc.revision - 1, 10**6, [fresh])
    assert doc.judgments == []
    assert doc.set_results(doc.revision, 10**6, [fresh])
    assert not doc.set_results(doc.revision, 1, [])  # an older delivery cannot undo a newer one
    assert doc.judgments == [fresh]


def test_bridge_runs_worker_callbacks_on_the_gui_thread(qtbot):
    bridge = MainThreadBridge()
    seen: list[bool] = []
    gui = threading.current_thread()
    worker = threading.Thread(target=lambda: bridge.post(lambda: seen.append(threading.current_thread()
                                                                              is gui)))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(seen), timeout=5_000)
    assert seen == [True]


def test_latest_result_per_unit_wins():
    a = Judgment(judge="j", unit="u", candidate="A", paragraph=0, status="failed", error="x")
    b = Judgment(judge="j", unit="u", candidate="A", paragraph=0)
    c = Judgment(judge="j", unit="v", candidate="A", paragraph=1)
    assert latest_per_unit([a, c, b]) == [b, c]
