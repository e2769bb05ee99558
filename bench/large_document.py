"""Large documents in the window: a 150k-word source and its 150k-word translation, from files on disk to
the first painted frame, 10,000 highlighted findings, a scripted scroll and the memory of 50,000
findings; each figure printed beside its target (issue 17), ratios against a plain-Qt baseline measured
in the same run.

Baselines: one QTextEdit given both texts with setPlainText (no table, no alignment) and painted; the same
QTextEdit with 10,000 ranges formatted by QTextCursor.mergeCharFormat in one edit block, also scrolled
by the same wheel notches and page steps as the pair view. The window figures use ui.shell.window.MainWindow
and ui.pair.view.PairView as the app does (offscreen Qt).

Scroll frames are driven back to back (set the scroll bar, process events: scroll, paint, flush) and each
is timed by wall clock and by the GUI thread's CPU time; the scroll is run three times and each frame
counts at its fastest pass (the same frame does the same work each time; a shared machine's other
processes slow a stretch of one pass, not the same frames in every pass), the slowest single pass
printed beside it. The worst frame and the 99th percentile of each are printed for the pair view and the
baseline, with the ratio. On a shared machine the wall clock also
counts other processes, so both are shown; full garbage collections inside a frame are reported apart.

Usage: QT_QPA_PLATFORM=offscreen python bench/large_document.py [--words 150000] [--spans 10000]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QTextCharFormat, QTextCursor  # noqa: E402
from PySide6.QtWidgets import QApplication, QTextEdit  # noqa: E402

from litlens.app.core.model import Judgment, Span  # noqa: E402
from litlens.app.texts import build_project, load_text  # noqa: E402

EN = ("the", "lamp", "river", "winter", "harbour", "quiet", "she", "waited", "by", "door", "salt", "letter",
      "never", "came", "brother", "clock", "stopped", "night", "boats", "rain")
KO = ("등불", "강", "겨울", "항구", "조용히", "그녀는", "기다렸다", "문", "소금", "편지", "끝내", "오지",
      "않았다", "오빠", "시계", "멈췄다", "밤", "배", "비가", "내렸다")
WORDS_PER_PARAGRAPH = 100
_NONE_GUARD: list[None] = []


def write_pair(folder: Path, words: int) -> tuple[Path, Path]:
    rng = random.Random(7)
    paragraphs = words // WORDS_PER_PARAGRAPH
    src, tgt = [], []
    for i in range(paragraphs):
        sentences_en, sentences_ko = [], []
        for _ in range(WORDS_PER_PARAGRAPH // 10):
            sentences_en.append(" ".join(rng.choice(EN) for _ in range(10)).capitalize() + ".")
            sentences_ko.append(" ".join(rng.choice(KO) for _ in range(10)) + ".")
        src.append(" ".join(sentences_en) + f" ({i + 1})")
        tgt.append(" ".join(sentences_ko) + f" ({i + 1})")
    s, t = folder / "novel_en.txt", folder / "novel_ko.txt"
    s.write_text("\n\n".join(src), encoding="utf-8")
    t.write_text("\n\n".join(tgt), encoding="utf-8")
    return s, t


def settle(app: QApplication, widget) -> None:
    """Process pending events until a pair view's new rows are due (a new text gets a frame of its own,
    ui/pair/canvas.REVEAL_MS, which is counted), then force a synchronous paint of the widget: the first
    frame with the text on it."""
    from litlens.ui.pair.canvas import PairCanvas
    canvases = [widget] if isinstance(widget, PairCanvas) else widget.findChildren(PairCanvas)
    app.processEvents()
    end = time.perf_counter() + 10
    while any(c.waiting() for c in canvases) and time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    widget.repaint()
    app.processEvents()


def spans_for(content: str, count: int, paragraphs: int) -> list[Span]:
    rng = random.Random(11)
    severities = ("minor", "major", "critical")
    out = []
    for i in range(count):
        start = rng.randrange(0, len(content) - 20)
        out.append(Span(judge="bench", category="accuracy/mistranslation", severity=severities[i % 3],
                        start=start, end=start + rng.randint(2, 12), explanation="benchmark finding",
                        paragraph=rng.randrange(paragraphs)))
    return out


def wait_until(app: QApplication, cond, timeout: float = 600.0) -> None:
    deadline = time.perf_counter() + timeout
    while not cond():
        app.processEvents()
        if time.perf_counter() > deadline:
            raise TimeoutError("the window did not finish in time")
        time.sleep(0.001)


def rss_mib() -> float:
    """Resident memory now (Linux /proc), else the peak."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Frames:
    """Frame times of one scripted scroll, in ms: wall clock and the GUI thread's CPU time (the machine is
    shared: CPU time is what the view itself costs, wall time adds whatever else the cores were doing),
    and the full garbage collections that fell inside a frame.

    The scroll is run PASSES times over the same frames, the pair view's each time in a new view that has
    never shown those rows (each pass is a first scroll through the book: rows made, laid out and painted
    for the first time). Each frame's figure is its fastest pass: a frame does the same work in every
    pass, while the other processes of a shared machine slow a stretch of frames in one pass and not the
    same frames in the next. The worst frame of any single pass is printed beside it."""

    def __init__(self, label: str) -> None:
        self.label, self.passes, self.collections = label, [], []

    def new_pass(self) -> None:
        self.passes.append(([], []))  # (wall, cpu) per frame

    @property
    def wall(self) -> list[float]:
        return [min(f) for f in zip(*(w for w, _ in self.passes))]

    @property
    def cpu(self) -> list[float]:
        return [min(f) for f in zip(*(c for _, c in self.passes))]

    @staticmethod
    def _p99(values: list[float]) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0

    def figures(self) -> tuple[float, float, float, float]:
        """(worst CPU, p99 CPU, worst wall, p99 wall), each frame at its fastest pass."""
        cpu, wall = self.cpu, self.wall
        return max(cpu, default=0.0), self._p99(cpu), max(wall, default=0.0), self._p99(wall)

    def one_pass_worst(self) -> tuple[float, float]:
        """(worst CPU, worst wall) of any frame in any single pass."""
        return (max((max(c, default=0.0) for _, c in self.passes), default=0.0),
                max((max(w, default=0.0) for w, _ in self.passes), default=0.0))

    def line(self, baseline: Frames | None = None) -> str:
        worst_cpu, p99_cpu, worst_wall, p99_wall = self.figures()
        one_cpu, one_wall = self.one_pass_worst()
        text = (f"  {self.label:<28} {len(self.cpu):>5} frames  CPU worst {worst_cpu:5.1f} p99 {p99_cpu:5.1f}  "
                f"wall worst {worst_wall:6.1f} p99 {p99_wall:5.1f} ms  "
                f"(in one pass: CPU worst {one_cpu:.1f}, "
                f"wall worst {one_wall:.1f})")
        if baseline is not None:
            b = baseline.figures()
            text += f"  (CPU worst {worst_cpu / max(b[0], 1e-3):.1f}×, p99 {p99_cpu / max(b[1], 1e-3):.1f}× the baseline)"
        if self.collections:
            text += f"  [{len(self.collections)} full GC in frames, longest {max(self.collections):.0f} ms]"
        return text


PASSES = 3


def scripted_scroll(app: QApplication, area_for_pass, step: int, frames: int, label: str) -> Frames:
    """Scroll the widget ``area_for_pass()`` gives by ``step`` pixels per frame, each frame through the event
    loop as a wheel notch would go (scroll, paint, flush), back to back (no idle time between frames for
    work to hide in); PASSES times from the top, each pass on the widget ``area_for_pass()`` gives then."""
    out, started = Frames(label), [0.0]

    def watch(phase: str, info: dict) -> None:  # full collections pause every thread: note them
        if info.get("generation") == 2:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                out.collections.append((time.perf_counter() - started[0]) * 1000)
    gc.callbacks.append(watch)
    try:
        for _ in range(PASSES):
            bar = area_for_pass().verticalScrollBar()
            bar.setValue(0)
            app.processEvents()
            out.new_pass()
            wall, cpu = out.passes[-1]
            for _ in range(frames):
                if bar.value() >= bar.maximum():
                    break
                t0, c0 = time.perf_counter(), time.thread_time()
                bar.setValue(bar.value() + step)
                app.processEvents()
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
    finally:
        gc.callbacks.remove(watch)
    return out


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=150_000)
    ap.add_argument("--spans", type=int, default=10_000)
    ap.add_argument("--memory-spans", type=int, default=50_000)
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    # Some PySide6 releases on Python 3.11 drop one reference to None on every call of a void method (None
    # is not immortal before 3.12), and the interpreter aborts once None's count reaches zero. Extra
    # references keep the benchmark alive; see tests/test_robust_qt.py.
    _NONE_GUARD.extend([None] * 5_000_000)  # module-level: never freed (the process leaves by _exit)
    app = QApplication.instance() or QApplication(sys.argv)
    from litlens.ui.common.document import Document
    from litlens.ui.pair.view import PairView
    from litlens.ui.shell.window import MainWindow

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        src_path, tgt_path = write_pair(folder, args.words)
        print(f"pair: {args.words:,} words each side, {args.words // WORDS_PER_PARAGRAPH:,} paragraphs; "
              f"{src_path.stat().st_size / 1e6:.1f} MB + {tgt_path.stat().st_size / 1e6:.1f} MB")

        # reading, segmenting and aligning (the worker-thread part of opening)
        t0 = time.perf_counter()
        source, target = load_text(src_path, "en"), load_text(tgt_path, "ko")
        project = build_project("novel", source, [("Draft", target)])
        t_load = time.perf_counter() - t0

        # baseline: both texts in one plain QTextEdit
        plain = QTextEdit()
        plain.resize(1200, 800)
        plain.show()
        t0 = time.perf_counter()
        plain.setPlainText(source.content + "\n\n" + target.content)
        settle(app, plain)
        t_plain = time.perf_counter() - t0

        # the app's pair view alone: rows built, the visible ones laid out, first frame painted
        document = Document()
        view = PairView(document)
        view.resize(1200, 800)
        view.show()
        t0 = time.perf_counter()
        document.set_project(project)
        settle(app, view)
        t_view = time.perf_counter() - t0
        laid_out = len(view.text.laid_out())

        # the whole window, from files on disk to its first painted frame with the pair shown
        window = MainWindow(folder / "bench.db")
        window.resize(1360, 860)
        window.show()
        # the window warms Kiwi/spaCy up on a worker after it shows; opening is measured after that, so
        # the figure is the opening itself, not the warm-up's import holding the GIL
        wait_until(app, lambda: window.warmed_up, timeout=120)
        t0 = time.perf_counter()
        window.open_files(src_path, [tgt_path])
        wait_until(app, lambda: window.document.project is not None
                   and window.pair_view.text.layout_map is not None)
        settle(app, window)
        t_window = time.perf_counter() - t0

        # 10k highlights: baseline, pair view alone, whole window (findings list, tables... included)
        spans = spans_for(target.content, args.spans, len(target.paragraphs))
        t0 = time.perf_counter()
        cursor = QTextCursor(plain.document())
        cursor.beginEditBlock()
        offset = len(source.content) + 2
        fmt = QTextCharFormat()
        fmt.setBackground(QApplication.palette().highlight())
        for sp in spans:
            cursor.setPosition(offset + sp.start)
            cursor.setPosition(offset + sp.end, QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(fmt)
        cursor.endEditBlock()
        settle(app, plain)
        t_plain_spans = time.perf_counter() - t0

        judgment = Judgment(judge="bench", unit="all", candidate="Draft", paragraph=None, spans=spans)
        t0 = time.perf_counter()
        document.set_results(document.revision, 1, [judgment])
        settle(app, view)
        t_view_spans = time.perf_counter() - t0
        painted = len(view.highlighted)

        doc = window.document
        shown = Judgment(judge="bench", unit="all", candidate=doc.candidate_label, paragraph=None, spans=spans)
        t0 = time.perf_counter()
        accepted = doc.set_results(doc.revision, 10**9, [shown])
        settle(app, window)
        t_window_spans = time.perf_counter() - t0

        # memory: the window holding the 150k-word pair with 50k findings
        many = spans_for(target.content, args.memory_spans, len(target.paragraphs))
        doc.set_results(doc.revision, 10**9 + 1, [Judgment(judge="bench", unit="all", candidate=doc.candidate_label,
                                                            paragraph=None, spans=many)])
        settle(app, window)
        rss = rss_mib()

        window.close()
        calm = time.perf_counter() + 1.0  # let the closed window's last events and threads finish
        wait_until(app, lambda: time.perf_counter() > calm)
        # a scripted scroll through the book with its 10k findings: wheel notches (3 lines), then pages;
        # the same wheel scroll of the plain QTextEdit (with its 10k formatted ranges) for comparison
        # the objects of the phases above (50k findings) leave a debt of garbage-collector work that the
        # next full collection pays, wherever it falls; pay it here, timed, so the scroll measures scrolling
        t0 = time.perf_counter()
        gc.collect()
        t_collect = time.perf_counter() - t0
        canvas = view.text
        notch = 3 * canvas.verticalScrollBar().singleStep()
        plain.resize(view.size())
        fresh: list = []

        def new_view():  # a pair view that has never shown the book's rows: each pass a first scroll
            while fresh:
                fresh.pop().close()
            d = Document()
            v = PairView(d)
            v.resize(view.size())
            v.show()
            d.set_project(project)
            d.set_results(d.revision, 1, [judgment])
            settle(app, v)
            fresh.append(v)
            return v.text
        wheel = scripted_scroll(app, new_view, notch, 1500, "PairView, wheel notches")
        page_step = canvas.verticalScrollBar().pageStep()
        page = scripted_scroll(app, new_view, page_step, 100_000, "PairView, page steps")
        base_wheel = scripted_scroll(app, lambda: plain, notch, 1500, "QTextEdit, wheel notches")
        base_page = scripted_scroll(app, lambda: plain, plain.verticalScrollBar().pageStep(), len(page.cpu),
                                    "QTextEdit, page steps")

        ratio_view, ratio_spans = t_view / t_plain, t_view_spans / t_plain_spans
        print(f"read + segment + align (worker thread): {t_load:.2f} s")
        print(f"baseline QTextEdit.setPlainText(both texts) to first paint: {t_plain:.3f} s")
        print(f"PairView to first paint: {t_view:.3f} s = {ratio_view:.1f}× the baseline "
              f"(target ≤ 5×: {verdict(ratio_view <= 5)}; {laid_out} rows laid out of "
              f"{len(view.text.heights):,})")
        print(f"MainWindow.open_files -> first painted frame (read, align, build, paint): {t_window:.2f} s "
              f"(target < 1 s: {verdict(t_window < 1)}; of which reading + aligning ≈ {t_load:.2f} s)")
        print(f"baseline: {args.spans:,} ranges formatted in a plain QTextEdit + paint: {t_plain_spans:.3f} s")
        print(f"PairView: {args.spans:,} findings highlighted + paint: {t_view_spans:.3f} s = "
              f"{ratio_spans:.2f}× the baseline (target ≤ 2×: {verdict(ratio_spans <= 2)}; "
              f"{painted:,} findings indexed)")
        print(f"MainWindow: {args.spans:,} findings delivered (pair view, findings list, tables) + paint: "
              f"{t_window_spans:.2f} s (accepted={accepted})")
        worst_cpu = max(wheel.figures()[0], page.figures()[0])
        worst_wall = max(wheel.figures()[2], page.figures()[2])
        print(f"scripted scroll, {len(view.text.heights):,}-paragraph pair with {args.spans:,} findings "
              f"({notch} px notches, then {canvas.verticalScrollBar().pageStep()} px pages; the plain QTextEdit "
              f"with its {args.spans:,} formatted ranges scrolled the same way):")
        for frames, baseline in ((wheel, base_wheel), (page, base_page), (base_wheel, None), (base_page, None)):
            print(frames.line(baseline))
        print(f"  target no frame over 16 ms (each frame at its fastest of {PASSES} passes): "
              f"{verdict(worst_cpu <= 16)} by CPU time (worst {worst_cpu:.1f} ms), "
              f"{verdict(worst_wall <= 16)} by wall clock (worst {worst_wall:.1f} ms; the wall clock includes "
              f"the other processes of this shared machine)")
        print(f"  one full garbage collection with all of the above alive: {t_collect * 1000:.0f} ms (run before "
              f"the scroll; {gc.get_freeze_count():,} objects frozen by the Document after the project loaded and "
              f"after large deliveries are not walked; the rest is what a collection in a frame would cost)")
        print(f"RSS with the {args.words:,}-word pair and {args.memory_spans:,} findings in the window: "
              f"{rss:,.0f} MiB (target < 1 GiB: {verdict(rss < 1024)}; includes the baseline QTextEdit "
              f"and the stand-alone PairView of this run)")


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    from litlens.app.judges import offload
    offload.stop()  # no orphaned analyser process after os._exit
    # The window's background estimate may still be importing provider SDKs on a worker thread; the
    # figures are printed, so leave at once instead of waiting on that thread at interpreter shutdown.
    os._exit(0)
