"""The honorifics judge rewrites its findings' sentences where its analysis runs (the window's analyser
process), never afterwards on the run's thread: there, Kiwi had to be loaded a second time into the
window's process and thousands of endings conjugated, freezing the window 1-2 s in a book's first run
(bench/first_run_latency.py --book)."""

from __future__ import annotations

import asyncio

from litlens.app.core.sample import load_sample
from litlens.app.judges import honorifics as judge
from litlens.app.judges.base import UnitContext


def test_every_rewrite_is_made_inside_the_offloaded_analysis(monkeypatch):
    project = load_sample()
    offloaded = []

    def no_rewrite_here(text: str, level: str) -> str | None:
        raise AssertionError(f"rewrote {text!r} after the analysis, outside the analyser")

    async def analyser(fn, *args):  # what offload.run does, in this process; then no more Kiwi here
        offloaded.append(fn)
        result = fn(*args)
        monkeypatch.setattr(judge, "rewrite_ending", no_rewrite_here)
        return result

    monkeypatch.setattr(judge.offload, "run", analyser)
    flawed = next(u for u in judge.HonorificsJudge().plan(project, {}) if u.candidate == "Flawed")
    result = asyncio.run(flawed.run(UnitContext(project, {}, None)))
    assert offloaded and all(fn is judge.judged for fn in offloaded)  # the judgment is made there too
    rewritten = [s for s in result.spans if judge.REPLACEMENT in s.data]
    assert rewritten and all(s.data[judge.REPLACEMENT] != s.quote for s in rewritten)
