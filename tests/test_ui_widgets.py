"""GUI tests of single widgets and helpers: offsets in the pair layout, misaligned rows, tooltips,
the run bar text, and the ``litlens-gui`` entry point."""

from __future__ import annotations

import pytest

from litlens.app.run.engine import Progress, RunSummary
from litlens.app.core.model import Judgment, Span
from litlens.app.run.service import Estimate
from litlens.app.texts import build_project, text_from_string
from litlens.ui import main as gui_main
from litlens.ui.pair import layout as pair_layout
from litlens.ui.common.document import Document
from litlens.ui.runs.judge_panel import format_estimate
from litlens.ui.pair.view import PairView, describe
from litlens.ui.runs.run_bar import RunBar, format_progress

pytestmark = pytest.mark.gui




def project(src: str, tgt: str):
    return build_project("t", text_from_string(src, "en"), [("Draft", text_from_string(tgt, "ko"))])


def test_offsets_survive_characters_outside_the_bmp(qapp):
    # 𠀀 is one Python character but two UTF-16 units: highlights after it must not drift
    p = project("One.\n\nTwo.", "𠀀 첫째 문단.\n\n둘째 𠀀𠀀 문단.")
    cand = p.candidates[0]
    lm = pair_layout.build(p, cand)
    content = cand.text.content
    start = content.index("문단", content.index("둘째"))
    (row, a, b), = lm.display_ranges("target", start, start + 2)
    cell = lm.cells["target"][row]
    assert row == 1 and cell.text.encode("utf-16-le")[2 * a:2 * b].decode("utf-16-le") == "문단"
    assert lm.offset_at("target", row, a) == start
    assert lm.row_of("target", start) == 1


def test_misaligned_rows_are_marked(qapp):
    p = project("One.\n\nTwo.\n\nThree.", "하나. 둘.\n\n셋.")
    lm = pair_layout.build(p, p.candidates[0])
    assert any(lm.mismatched)


def test_spans_are_found_under_the_mouse_and_described(qtbot):
    p = project("Hello there.", "안녕하세요, 여러분.")
    document = Document()
    view = PairView(document)
    qtbot.addWidget(view)
    view.resize(800, 300)
    view.show()
    document.set_project(p)
    span = Span(judge="honorifics", category="fluency/register", severity="critical", start=0, end=5,
                explanation="Too formal <here>", suggestion="안녕")
    document.set_results(document.revision, 1, [Judgment(judge="honorifics", unit="u", candidate="Draft",
                                                         paragraph=0, spans=[span])])
    (row, a, b), = view.text.layout_map.display_ranges("target", 0, 5)
    assert view.text.index.spans_at("target", row, 2) == [span]
    assert view.text.index.spans_at("target", row, 6) == []
    tip = describe(span)
    assert "critical" in tip and "&lt;here&gt;" in tip and "Suggestion" in tip
    assert view.highlighted == [("target", 0, 5, "critical")]


def test_run_bar_text(qtbot):
    p = Progress(run_id=1, total=40, done=12, calls=10, input_tokens=1000, output_tokens=234, cost=0.0123,
                 eta=42.0, failed=1)
    assert format_progress(p) == "12/40 units · 10 calls · 1,234 tokens · $0.0123 · ETA 0:42 · 1 failed"
    bar = RunBar()
    p.status = "budget"
    bar.show_finished(RunSummary(run_id=1, status="budget", progress=p, error="budget of $0.01 reached"),
                      None)
    assert bar.label.text().startswith("Stopped at the budget") and "budget of $0.01" in bar.label.text()
    bar.show_finished(None, ValueError("no judge selected"))
    assert bar.label.text() == "Run failed: no judge selected"


def test_a_run_that_called_nothing_says_so_in_two_words():
    """An offline run (or one the store answered) ended "· 0 calls · 0 tokens · $0.0000", which at 1280 px
    beside a status message was cut to "0 c…"; a run that called anything keeps its full count."""
    offline = Progress(run_id=1, total=8, done=8, reused=3, status="done")
    assert format_progress(offline) == "8/8 units · no calls · 3 reused"
    for calls, tokens, cost in ((1, 0, 0.0), (0, 5, 0.0), (0, 0, 0.001)):
        some = Progress(run_id=1, total=8, done=8, calls=calls, input_tokens=tokens, cost=cost)
        assert "no calls" not in format_progress(some) and "$" in format_progress(some)


def test_estimate_text():
    assert format_estimate(Estimate(8, 0, 0, 0, 0.0), None) == "8 units · offline, no cost"
    text = format_estimate(Estimate(16, 16, 12_000, 3_000, 0.0612, calls=21), "gpt-4o-mini")
    assert text == "16 units · 21 LLM calls · ~12.0k in / 3.0k out tokens · ≤ $0.06"
    assert "price of mystery unknown" in format_estimate(Estimate(1, 1, 10, 10, None), "mystery")
    # after a run, every unit stored: no "0 units · offline" beside what the run would reuse
    assert format_estimate(Estimate(0, 0, 0, 0, 0.0, stored=120), "gpt-4o-mini") == (
        "nothing new to run: 120 already stored (reused, free)")
    assert format_estimate(Estimate(2, 0, 0, 0, 0.0, stored=5), None) == (
        "2 units · offline, no cost · 5 already stored (reused, free)")


def test_version_exits_without_a_window(capsys):
    with pytest.raises(SystemExit) as exc:
        gui_main.main(["--version"])
    assert exc.value.code == 0
    assert "LitLens" in capsys.readouterr().out


def test_source_needs_a_translation(capsys):
    with pytest.raises(SystemExit) as exc:
        gui_main.main(["--source", "a.txt"])
    assert exc.value.code == 2
    assert "--translation" in capsys.readouterr().err


def test_main_opens_the_window_on_the_sample(qapp, db_path, monkeypatch):
    seen = {}

    def fake_loop(app):
        from PySide6.QtWidgets import QApplication
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and
                   type(w).__name__ == "MainWindow"]
        seen["windows"] = len(windows)
        return 0

    monkeypatch.setattr(gui_main, "run_event_loop", fake_loop)
    assert gui_main.main(["--db", str(db_path)]) == 0
    assert seen["windows"] == 1
