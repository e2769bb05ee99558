"""A run's findings are listed off the GUI thread once there are a few hundred of them (issue 36, item 9): a
book's first honorifics run delivers ~1,000 findings, and listing them on the GUI thread (states, merged
rows, paragraph labels: ~0.1 ms a finding) held the window ~100 ms when they landed. The listing shown is
the one a synchronous listing gives."""

from __future__ import annotations

import threading

import pytest
from test_ui_latency import long_project
from test_ui_responsive import window  # noqa: F401  (the 1280x800 window fixture)

from litlens.app.core.model import Judgment, Span
from litlens.ui.common.tasks import summarize_here
from litlens.ui.review import findings_list

pytestmark = pytest.mark.gui


def _findings(project, count: int) -> list[Judgment]:
    cand = project.candidates[0]
    paras = cand.text.paragraphs
    spans = [Span(judge="honorifics", category="fluency/grammatical-register", severity=("major", "minor")[k % 2],
                  start=paras[k % len(paras)].start + 2 * (k // len(paras)),
                  end=paras[k % len(paras)].start + 2 * (k // len(paras)) + 1,
                  explanation=f"slip {k}", paragraph=k % len(paras)) for k in range(count)]
    return [Judgment(judge="honorifics", unit=cand.label, candidate=cand.label, paragraph=None, spans=spans)]


def test_a_thousand_findings_are_listed_on_a_worker_and_shown_whole(qtbot, window, monkeypatch):
    window.open_project(long_project(200))
    qtbot.waitUntil(lambda: window.document.project_id is not None and window.warmed_up, timeout=30_000)
    doc, found = window.document, window.results.findings
    listed_on: list[tuple[bool, int]] = []
    real = findings_list.listing

    def watched(spans, *args, **kwargs):
        listed_on.append((threading.current_thread() is threading.main_thread(), len(spans)))
        return real(spans, *args, **kwargs)

    monkeypatch.setattr(findings_list, "listing", watched)
    for ticket, count in enumerate((990, findings_list.ASYNC_FROM), start=10_000):
        listed_on.clear()
        judgments = _findings(doc.project, count)
        assert doc.set_results(doc.revision, ticket, judgments, summarize_here(judgments))
        qtbot.waitUntil(lambda: not found.pending and found.model.rowCount() > 0, timeout=30_000)
        big = [on_gui for on_gui, n in listed_on if n >= findings_list.ASYNC_FROM]
        assert big and not any(big), f"{count} findings were listed on the GUI thread: {listed_on}"
        want = real(found.spans(), found._filters(), {}, lambda s: None, None)
        assert found.model.rowCount() == len(want.rows) and found.count.text()
    assert findings_list.ASYNC_FROM <= 300  # a book's ~1,000 slips, and far fewer, go to the worker
