"""The window's estimate of LLM judges is planned in the analyser process, where it shares no GIL with the
GUI thread (planning three judges on 360 paragraphs is a second of pure Python: bench/first_run_latency.py);
the key never goes there; and a judge registered only in this process is planned here. (Two overlapping
estimates of one choice made once: tests/test_estimate_plans.py.)"""

from __future__ import annotations

import dataclasses
import os

import pytest

from litlens.app.core import heap
from litlens.app.judges import offload, registry
from litlens.app.judges.honorifics import HonorificsJudge
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import estimate_elsewhere as elsewhere
from litlens.app.run.service import RunRequest
from litlens.ui.shell.window import MainWindow

from test_ui_latency import long_project

pytestmark = pytest.mark.gui
LLM = ["gemba-mqm", "da-mqm", "transevalnia"]


def _watch(monkeypatch) -> tuple[list[tuple[str, object]], list[int]]:
    """(function sent through offload.call, its first argument) for each call, and the pids that answered
    estimate_stored (this process's when it ran here)."""
    sent: list[tuple[str, object]] = []
    pids: list[int] = []
    real_call, real_submit = offload.call, offload._submit

    def call(fn, *args):
        sent.append((getattr(fn, "__name__", str(fn)), args[0] if args else None))
        return real_call(fn, *args)

    def submit(fn, args, packed=True):
        future = real_submit(fn, args, packed)
        if getattr(fn, "__name__", "") == "estimate_stored":
            pids.append(-1 if future is None else 0)  # 0: the child took it
        return future
    monkeypatch.setattr(offload, "call", call)
    monkeypatch.setattr(offload, "_submit", submit)
    return sent, pids


def _estimate(qtbot, window, judges: list[str]) -> list[object]:
    answers: list[object] = []
    window.runs.estimated.connect(lambda *a: answers.append(a))
    window.runs.keyMissing.connect(lambda *a: answers.append(a))
    window.judge_panel.select(judges)
    window.run_actions.stop()  # the panel's own estimate of the change is not waited for here
    answers.clear()
    window.run_actions._estimate_now()
    qtbot.waitUntil(lambda: bool(answers), timeout=60_000)
    return answers


def test_the_estimate_is_planned_in_the_analyser_process(qtbot, db_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key")
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    window.open_project(long_project(40))
    sent, pids = _watch(monkeypatch)
    made = window.runs.estimates.made
    answers = _estimate(qtbot, window, LLM)
    estimates = [arg for name, arg in sent if name == "estimate_stored" and sorted(arg.judges) == sorted(LLM)]
    assert len(estimates) == 1, sent
    assert pids == [0]  # answered by the child process, not planned on this process's worker
    assert window.runs.estimates.made == made + 1
    request = estimates[0]
    assert isinstance(request, RunRequest) and sorted(request.judges) == sorted(LLM)
    assert request.provider is not None and request.provider.api_key is None
    text = str(answers[0][0])
    assert "LLM" in text or "call" in text, answers  # an estimate, not an error
    qtbot.waitUntil(lambda: not heap.paused(), timeout=30_000)  # nothing left paused by the window's workers
    window.close()


def test_a_judge_registered_in_this_process_is_planned_here(qtbot, db_path, monkeypatch):
    @dataclasses.dataclass
    class Here(HonorificsJudge):  # only this process knows it
        id = "honorifics-here"
    registry.register_judge(Here)
    try:
        planned_in: list[int] = []
        real = elsewhere.estimate_stored

        def watched(*args):
            planned_in.append(os.getpid())
            return real(*args)
        monkeypatch.setattr(elsewhere, "estimate_stored", watched)
        window = MainWindow(db_path)
        qtbot.addWidget(window)
        window.show()
        window.open_project(long_project(5))
        request = RunRequest(project=window.document.project, judges=["honorifics-here"])
        assert elsewhere.planned_here(request)
        assert not elsewhere.planned_here(dataclasses.replace(request, judges=["honorifics"]))
        planned_in.clear()
        window.runs.estimate(lambda: request, ["honorifics-here"])
        qtbot.waitUntil(lambda: bool(planned_in), timeout=30_000)
        # the window's own estimate of the opened project may come too (held while the project is shown,
        # it can start after the clear): every plan is made in this process, none in the analyser's
        assert set(planned_in) == {os.getpid()}
        qtbot.waitUntil(lambda: not heap.paused(), timeout=30_000)
        window.close()
    finally:
        registry.unregister_judge("honorifics-here")


def test_the_key_is_taken_out_of_what_is_sent():
    provider = ProviderSettings("openai", "gpt-4o-mini", api_key="sk-secret-123")
    request = RunRequest(project=long_project(2), judges=["gemba-mqm"], provider=provider)
    sent = elsewhere.without_key(request)
    assert sent.provider is not None and sent.provider.api_key is None
    assert dataclasses.replace(sent.provider, api_key="sk-secret-123") == provider  # nothing else changed
    assert request.provider.api_key == "sk-secret-123"  # the window's own request keeps it
    assert elsewhere.without_key(dataclasses.replace(request, provider=None)).provider is None
