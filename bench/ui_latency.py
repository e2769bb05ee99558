"""GUI-thread latency during a long run: a 10 ms QTimer probe on the GUI thread while the window runs
GEMBA-MQM over N calls against the local fake provider server; prints p50/p99/max gaps between ticks.

The provider server runs in a process of its own by default (--server process), as a real provider is
elsewhere: in-process (--server thread) its HTTP handling of 1,000 requests competes with the window for
Python's interpreter lock, and the gaps then measure the test server as much as LitLens.

Usage: python bench/ui_latency.py [--calls 1000] [--concurrency 64] [--latency 0.01] [--server process|thread]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENAI_API_KEY", "sk-bench")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _serve(latency: float) -> None:
    """Child process: the fake provider with the review tests' answers, until stdin closes."""
    from test_ui_review import quoting_responder
    with FakeServer(quoting_responder, latency=latency) as server:
        print(server.openai_base_url, flush=True)
        sys.stdin.read()


@contextlib.contextmanager
def provider(mode: str, latency: float):
    """The fake provider's OpenAI base URL, served from a thread here or from a child process."""
    if mode == "thread":
        from test_ui_review import quoting_responder
        with FakeServer(quoting_responder, latency=latency) as server:
            yield server.openai_base_url
        return
    child = subprocess.Popen([sys.executable, __file__, "--serve", str(latency)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdin is not None
        url = child.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"the provider process did not start (it printed {url!r})")
        yield url
    finally:
        if child.stdin is not None:
            child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--latency", type=float, default=0.01, help="server latency per call, seconds")
    parser.add_argument("--server", choices=("process", "thread"), default="process",
                        help="where the fake provider runs (default: its own process, as a real one is)")
    parser.add_argument("--serve", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        _serve(args.serve)
        return 0

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from test_ui_latency import long_project
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-latency"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-latency-"))
    window = MainWindow(tmp / "latency.db", qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    window.show()

    def pump_until(cond, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while not cond() and time.monotonic() < end:
            qapp.processEvents()
            time.sleep(0.002)
        return cond()

    with provider(args.server, args.latency) as base_url:
        window.open_project(long_project(args.calls // 2))
        if not pump_until(lambda: window.document.project_id is not None and window.warmed_up, 60):
            print("the project did not open", file=sys.stderr)
            return 1
        panel = window.judge_panel
        panel.prefs.concurrency = args.concurrency
        panel.set_provider("openai")
        panel.base_url.setText(base_url)
        panel.select(["gemba-mqm"])
        gaps: list[float] = []
        last = [time.perf_counter()]

        at: list[float] = []

        def tick() -> None:
            now = time.perf_counter()
            gaps.append(now - last[0])
            at.append(now)
            last[0] = now

        probe = QTimer()
        probe.setInterval(10)
        probe.timeout.connect(tick)
        finished: list[object] = []
        window.runs.finished.connect(lambda s, e: finished.append((s, e)))
        started = time.perf_counter()
        probe.start()
        window.run_actions.run_selected()
        # the probe needs the real event loop: QTimer ticks are delivered by exec(), not by sleeping
        while not finished:
            qapp.processEvents()
            time.sleep(0.001)
        settle = done_at = time.perf_counter()
        while time.perf_counter() - settle < 0.3:
            qapp.processEvents()
            time.sleep(0.001)
        probe.stop()
        summary, error = finished[0]  # type: ignore[misc]
        elapsed = time.perf_counter() - started
    window.close()
    if error is not None or summary is None:
        print(f"the run failed: {error}", file=sys.stderr)
        return 1
    p = summary.progress
    ms = [g * 1000 for g in gaps]
    print(f"{p.calls} calls (+{p.cache_hits} cached) for {p.total} units in {elapsed:.1f} s, "
          f"concurrency {args.concurrency}, server latency {args.latency * 1000:.0f} ms, server in "
          f"{'its own process' if args.server == 'process' else 'a thread of this process'}")
    print(f"GUI probe (10 ms timer), {len(ms)} ticks: p50 {statistics.median(ms):.1f} ms · "
          f"p99 {percentile(ms, 0.99):.1f} ms · max {max(ms):.1f} ms")
    worst = max(range(len(ms)), key=ms.__getitem__)
    running = max((m for m, t in zip(ms, at) if t < done_at), default=0.0)
    print(f"longest gap ended {at[worst] - done_at:+.2f} s from the run's end; "
          f"while running: max {running:.1f} ms (target < 50 ms: {'ok' if running < 50 else 'over'})")
    end_gap = max((m for m, t in zip(ms, at) if t >= done_at), default=0.0)
    print(f"at the end (results, review state and docks landing): max {end_gap:.1f} ms "
          f"(target < 50 ms: {'ok' if end_gap < 50 else 'over'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
