"""The GUI never freezes during a long run: a QTimer probe on the GUI thread must never wait two seconds
between ticks while LLM calls (fake provider server, high concurrency) run and their results are shown.

This is a functional check (the work is off the GUI thread), not a speed target: on a shared CI machine
a busy neighbour can stretch one tick past 200 ms. The latency figures themselves (p99, worst gap) are
printed by ``python bench/ui_latency.py``."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer

from litlens.app.core.model import Judgment, Score, Span
from litlens.app.texts import build_project, text_from_string
from test_ui_review import quoting_responder
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui
MAX_GAP = 2.0
CALLS = 300




def long_project(paragraphs: int):
    """``paragraphs`` aligned paragraphs with two Korean candidates: one LLM unit each per candidate."""
    src = "\n\n".join(f"Paragraph {i}: the rain fell on the old house, and the housekeeper waited by the "
                      f"door for the {i}th time." for i in range(paragraphs))
    a = "\n\n".join(f"{i}번째 문단: 낡은 집에 비가 내렸고, 할멈은 {i}번째로 문 옆에서 기다렸다."
                    for i in range(paragraphs))
    b = "\n\n".join(f"{i}번째 문단: 오래된 집 위로 비가 왔고, 할멈은 또 {i}번 문가에서 기다렸어요."
                    for i in range(paragraphs))
    return build_project("long", text_from_string(src, "en"),
                         [("A", text_from_string(a, "ko")), ("B", text_from_string(b, "ko"))])


class GapProbe:
    """Ticks every 10 ms on the GUI thread and records the longest wait between ticks."""

    def __init__(self, interval_ms: int = 10) -> None:
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[float] = []
        self._last = 0.0

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self._last)
        self._last = now


def run_with_probe(qtbot, window, fake_server, project, concurrency: int = 64):
    fake_server.responder = quoting_responder
    fake_server.latency = 0.01
    window.open_project(project)
    qtbot.waitUntil(lambda: window.document.project_id is not None and window.warmed_up, timeout=30_000)
    panel = window.judge_panel
    panel.prefs.concurrency = concurrency
    panel.set_provider("openai")
    panel.base_url.setText(fake_server.openai_base_url)
    panel.select(["gemba-mqm"])
    probe = GapProbe()
    probe.start()
    with qtbot.waitSignal(window.runs.finished, timeout=120_000) as blocker:
        window.run_actions.run_selected()
    qtbot.wait(300)  # the results are on screen; keep probing while the views settle
    probe.stop()
    return blocker.args, probe


def test_gui_thread_never_freezes_during_a_300_call_run(qtbot, window, fake_server):
    (summary, error), probe = run_with_probe(qtbot, window, fake_server, long_project(CALLS // 2))
    assert error is None and summary.status == "done"
    assert summary.progress.calls + summary.progress.cache_hits == CALLS
    assert fake_server.count >= CALLS - summary.progress.cache_hits
    assert len(window.results.findings.spans()) > 0  # the results were shown while probing
    assert probe.gaps, "the probe never ticked"
    worst = max(probe.gaps)
    assert worst <= MAX_GAP, f"the GUI thread was blocked for {worst * 1000:.0f} ms"


@pytest.mark.slow
@pytest.mark.flaky(reruns=2)  # the end-of-run refresh stalled 2.7 s once on CI: issue 17, still open
def test_the_results_of_a_1000_call_run_land_without_freezing_the_window(qtbot, window, fake_server):
    """The end of a big run is the worst moment: every view gets 1,000 results at once."""
    (summary, error), probe = run_with_probe(qtbot, window, fake_server, long_project(500))
    assert error is None and summary.status == "done"
    assert summary.progress.calls + summary.progress.cache_hits == 1000
    assert len(window.results.findings.spans()) > 0
    worst = max(probe.gaps)
    assert worst <= MAX_GAP, f"the GUI thread was blocked for {worst * 1000:.0f} ms"


def test_docks_behind_another_tab_refresh_when_raised(qtbot, window):
    window.open_project(long_project(3))
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=30_000)
    doc = window.document
    scores = window.results.scores
    assert window.results.docks["findings"].isVisible()  # the findings tab is in front
    judgment = Judgment(judge="da-mqm", unit="A/p0", candidate="A", paragraph=0,
                        scores=[Score("Lexical Choice", 4, 1, 5)])
    assert doc.set_results(doc.revision, 10_000, [judgment])
    assert scores.lazy.stale and scores.lazy.deferred >= 1 and scores.table.columnCount() == 0  # not yet
    window.results.raise_page("scores")
    qtbot.waitUntil(lambda: scores.table.columnCount() == 1, timeout=5_000)
    assert scores.table.item(0, 0).text() == "4" and not scores.lazy.stale
    assert doc.set_results(doc.revision, 10_001, [])  # in front now: refreshed at once
    assert scores.table.columnCount() == 0


def test_a_review_reload_that_changes_nothing_leaves_the_pair_view_alone(qtbot, window):
    window.open_project(long_project(3))
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=30_000)
    doc = window.document
    cand = doc.candidate
    para = cand.text.paragraphs[1]
    span = Span(judge="gemba-mqm", category="accuracy/mistranslation", severity="major",
                start=para.start, end=para.start + 3)
    assert doc.set_results(doc.revision, 10_000, [Judgment(judge="gemba-mqm", unit="A/p1", candidate="A",
                                                           paragraph=1, spans=[span])])
    assert ("target", para.start, para.start + 3, "major") in window.pair_view.highlighted
    painted = window.pair_view.highlights_version
    doc.reviewChanged.emit()  # e.g. the run history was re-read: the highlights are the same
    assert window.pair_view.highlights_version == painted
    assert ("target", para.start, para.start + 3, "major") in window.pair_view.highlighted
    assert doc.set_results(doc.revision, 10_001, [])  # the finding went away: it is unpainted
    assert window.pair_view.highlights_version > painted and window.pair_view.highlighted == []


class _LayoutRequests(QObject):
    """Counts the layout requests that reach one widget."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_progress_in_the_run_bar_does_not_lay_out_the_whole_window(qtbot, window):
    """Each progress event changes the run bar's text; that must not re-lay out the window and its docks
    (it did, 30 times a second during a run: the longest GUI gaps of bench/ui_latency.py)."""
    from litlens.app.run.engine import Progress
    window.open_project(long_project(3))
    qtbot.waitUntil(lambda: window.document.project_id is not None and window.warmed_up, timeout=30_000)
    qtbot.wait(100)
    counter = _LayoutRequests()
    window.installEventFilter(counter)
    bar = window.run_bar
    bar.started(["gemba-mqm"])
    for done in range(1, 21):
        bar.show_progress(Progress(run_id=1, total=20, done=done, calls=done, input_tokens=100 * done,
                                   status="running"))
        qtbot.wait(5)
    window.removeEventFilter(counter)
    assert bar.label.text().startswith("20/20 units")
    assert bar.label.isVisible() and bar.label.width() > 200  # the label still gets the room it had
    assert counter.count <= 1, f"{counter.count} layouts of the whole window for 20 progress events"



def test_files_named_at_start_are_read_after_the_window_first_paints(qtbot, db_path, tmp_path, monkeypatch):
    """Opening while the window is being shown started the reading worker during the window's own first
    layout and paint (the two competed for the GIL: one 45-85 ms freeze in bench/first_run_latency.py).
    The read starts right after the first frame; a window that is not shown opens at once."""
    from litlens.ui.project import open_files
    events: list[str] = []
    real = open_files.load_sample
    monkeypatch.setattr(open_files, "load_sample", lambda *a, **k: (events.append("read"), real(*a, **k))[1])

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint and "paint" not in events:
                events.append("paint")
            return False
    shown = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "a.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(shown)
    watcher = FirstPaint()
    shown.installEventFilter(watcher)
    shown.show()
    shown.open_sample(autorun=False)  # as main() does with files named on the command line
    qtbot.waitUntil(lambda: shown.document.project is not None, timeout=20_000)
    assert events[:2] == ["paint", "read"]
    shown.close()

    events.clear()
    hidden = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "b.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(hidden)
    hidden.open_sample(autorun=False)
    qtbot.waitUntil(lambda: "read" in events, timeout=5_000)  # no frame to wait for
    hidden.close()


def test_a_new_text_is_laid_out_in_a_frame_of_its_own(qtbot, window):
    """The first rows of a project were laid out (fresh glyphs and shapers) in the same GUI pass as the
    whole window's update for the project's arrival: the longest pass of a first run. The rows now wait
    one frame; the text is on screen right after it, and a refresh of the same rows does not wait."""
    from litlens.ui.pair.canvas import REVEAL_MS
    canvas = window.pair_view.text
    qtbot.waitUntil(lambda: window._framed, timeout=10_000)
    window.open_project(long_project(40))
    assert canvas.layout_map is not None and canvas.reveal_pending
    canvas.viewport().repaint()  # a paint in the arrival pass draws the background only
    assert canvas.layouts_made == 0
    started = time.perf_counter()
    qtbot.waitUntil(lambda: not canvas.reveal_pending, timeout=5_000)
    assert time.perf_counter() - started >= REVEAL_MS / 1000 * 0.5
    canvas.viewport().repaint()
    shown = canvas.visible_rows()
    assert len(shown) > 2 and set(shown) <= canvas.laid_out()
    image = canvas.viewport().grab().toImage()
    inks = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(inks) > 3  # text and grid drawn, not a blank base

    window.pair_view.refresh()  # same rows: no waiting frame
    assert not canvas.reveal_pending


def test_the_analyser_process_is_spawned_off_the_gui_thread(qtbot, db_path, tmp_path, monkeypatch):
    """Spawning the analyser process (pool, pipes, locks, a manager thread) took 10-16 ms of the GUI thread
    right after the window's first frame; it is started from a worker once the window has painted."""
    import threading

    from litlens.app.judges import offload
    where: list[str] = []
    monkeypatch.setattr(offload, "start", lambda: where.append(threading.current_thread().name))
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: bool(where), timeout=10_000)
    assert where[0] != threading.main_thread().name and where[0].startswith("litlens-ui")
    w.close()
