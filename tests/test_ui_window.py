"""GUI tests of the main window on the bundled sample: opening, the offline run, navigation, errors."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from litlens.app.core.model import Judgment, Score
from litlens.ui.common.severity import style_for
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


RUN_TIMEOUT = 60_000


@pytest.fixture
def window(qtbot, db_path):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    yield w
    w.close()
    assert not w.runs.running  # closing stops whatever was running


@pytest.fixture
def errors(monkeypatch):
    """QMessageBox.critical captured instead of blocking the test."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda parent, title, text, *a, **k: shown.append((title, text))))
    return shown


def open_sample(qtbot, window, autorun=False):
    window.open_sample(autorun=autorun)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)


def run_to_end(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        pass
    return blocker.args


def test_window_opens_on_the_sample(qtbot, window):
    open_sample(qtbot, window)
    project = window.document.project
    assert [c.label for c in project.candidates] == ["Careful", "Flawed"]
    combo = window.pair_view.combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["Careful", "Flawed"]
    text = window.pair_view.text.toPlainText()
    assert "Source · English" in text and "Careful · Korean" in text
    assert project.source.paragraphs[0].text[:30] in text
    assert len(window.pair_view.text.layout_map.rows) == len(project.candidates[0].alignment.pairs)
    qtbot.waitUntil(lambda: "offline" in window.judge_panel.estimate.text(), timeout=20_000)


def test_offline_run_fills_findings_and_highlights(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        open_sample(qtbot, window, autorun=True)
    summary, error = blocker.args
    assert error is None and summary.status == "done"
    assert "Finished" in window.run_bar.label.text()
    window.document.set_candidate("Flawed")
    spans = window.results.findings.spans()
    offline = {jid for jid, cls in window.judge_panel.judges.items() if not cls.needs_llm}
    assert "honorifics" in {s.judge for s in spans} and {s.judge for s in spans} <= offline
    assert window.results.findings.tree.topLevelItemCount() == len(spans)
    assert window.results.title("findings") == f"Findings ({len(spans)})"
    # every located finding is painted at its exact offsets, with its severity's underline style
    located = [s for s in spans if s.located]
    assert {(s.start, s.end) for s in located} <= {(a, b) for side, a, b, _ in
                                                   window.pair_view.highlighted if side == "target"}
    first = located[0]
    fmt = window.pair_view.char_format_at(first.start)
    assert fmt.underlineStyle() == style_for(first.severity).underline
    assert fmt.background().color().name() == style_for(first.severity).tint
    before = window.pair_view.char_format_at(first.start - 1) if first.start else None
    if before is not None and not any(s.start <= first.start - 1 < s.end for s in located):
        assert before.underlineStyle() != style_for(first.severity).underline


def test_clicking_a_finding_scrolls_the_pair_view_to_it(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        open_sample(qtbot, window, autorun=True)
    window.document.set_candidate("Flawed")
    window.pair_view.text.resize(900, 200)
    tree = window.results.findings.tree
    # the list fills from the store just after the run ends (off the GUI thread)
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=60_000)
    last = tree.topLevelItem(tree.topLevelItemCount() - 1)
    tree.setCurrentItem(last)
    span = last.data(0, 0x0100)
    assert window.pair_view.focused is span
    marks = window.pair_view.text.marks
    # one mark per stretch of text (speech-level badges split a sentence), then the source text if any
    ranges = window.pair_view.text.layout_map.display_ranges("target", span.start, span.end)
    assert [m for m in marks if m[0] == "target"] == [("target", r, a, b) for r, a, b in ranges]
    assert any(m[0] == "source" for m in marks) == (span.source_start is not None)
    assert window.pair_view.text.verticalScrollBar().value() > 0  # the last finding is far down


def test_switching_candidate_updates_the_view(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        open_sample(qtbot, window, autorun=True)
    window.pair_view.combo.setCurrentText("Flawed")
    assert window.document.candidate_label == "Flawed"
    flawed_text = window.pair_view.text.toPlainText()
    flawed = len(window.results.findings.spans())
    window.pair_view.combo.setCurrentText("Careful")
    assert window.document.candidate_label == "Careful"
    careful_text = window.pair_view.text.toPlainText()
    assert "Careful · Korean" in careful_text and "Flawed · Korean" in flawed_text
    project = window.document.project
    assert project.candidate("Careful").text.paragraphs[0].text[:20] in careful_text
    assert len(window.results.findings.spans()) < flawed  # the careful translation has fewer problems
    assert all(j.candidate == "Careful" for j in window.document.judgments_for("Careful"))


def test_missing_file_shows_one_error_and_keeps_the_open_project(qtbot, window, errors, tmp_path):
    open_sample(qtbot, window)
    project = window.document.project
    window.open_files(tmp_path / "nope.txt", [tmp_path / "also-missing.txt"])
    qtbot.waitUntil(lambda: bool(errors), timeout=10_000)
    assert len(errors) == 1
    title, text = errors[0]
    assert "nope.txt" in text and "not found" in text and "Traceback" not in text
    assert window.document.project is project


def test_binary_file_shows_an_error(qtbot, window, errors, tmp_path):
    binary = tmp_path / "image.txt"
    binary.write_bytes(bytes(range(256)) * 64)
    good = tmp_path / "ko.txt"
    good.write_text("안녕하세요.\n\n반갑습니다.", encoding="utf-8")
    window.open_files(binary, [good])
    qtbot.waitUntil(lambda: bool(errors), timeout=10_000)
    assert "image.txt" in errors[0][1]
    assert window.document.project is None


def test_opening_two_files_builds_a_project(qtbot, window, tmp_path):
    src, tgt = tmp_path / "story.txt", tmp_path / "story_ko.txt"
    src.write_text("It rained.\n\nShe waited.", encoding="utf-8")
    tgt.write_text("비가 왔다.\n\n그녀는 기다렸다.", encoding="utf-8")
    window.open_files(src, [tgt])
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    assert window.document.project.name == "story"
    assert window.document.candidate_label == "story_ko"
    assert window.windowTitle().startswith("story")


def test_a_means_interval_stays_on_the_scale_in_the_window_the_cli_and_the_report(qtbot, window):
    """Five 5s and a 4 on a 1–5 scale: Student's t reaches 5.26, but a mean of scores on the scale cannot
    lie above 5, so the Scores dock, `litlens show` and the report all end the interval at 5.00."""
    from litlens.app.cli.output import render_table
    open_sample(qtbot, window)
    doc = window.document
    qtbot.waitUntil(lambda: doc._results_ticket >= 0, timeout=10_000)
    results = [Judgment(judge="da-mqm", unit=f"Careful/p{i}", candidate="Careful", paragraph=i,
                        scores=[Score("Lexical Choice", v, 1, 5)]) for i, v in enumerate([5, 5, 5, 5, 5, 4])]
    assert doc.set_results(doc.revision, 10_000, results)
    window.results.raise_page("scores")
    qtbot.waitUntil(lambda: window.results.scores.mean_row() != [], timeout=5_000)
    assert window.results.scores.mean_row() == ["4.83 [4.40, 5.00]"]
    assert "4.83 [4.40, 5.00]" in render_table(results)
    import importlib
    report_collect = importlib.import_module("litlens.app.reports.collect")  # the package names a function so
    [table] = report_collect._scores(results, {})
    assert table.intervals["Careful"]["Lexical Choice"] == pytest.approx([4.40, 5.0], abs=0.005)


def test_failed_units_are_listed_as_failures_never_as_scores(qtbot, window):
    open_sample(qtbot, window)
    doc = window.document
    qtbot.waitUntil(lambda: doc._results_ticket >= 0, timeout=10_000)  # the stored-results load landed
    ok = Judgment(judge="da-mqm", unit="Careful/p0", candidate="Careful", paragraph=0,
                  scores=[Score("Lexical Choice", 4, 1, 5), Score("Content Accuracy", 5, 1, 5)])
    ok2 = Judgment(judge="da-mqm", unit="Careful/p2", candidate="Careful", paragraph=2,
                   scores=[Score("Lexical Choice", 3, 1, 5), Score("Content Accuracy", 2, 1, 5)])
    bad = Judgment(judge="da-mqm", unit="Careful/p1", candidate="Careful", paragraph=1, status="failed",
                   error="the answer was not valid JSON", raw="Sure! Here are my scores: four")
    assert doc.set_results(doc.revision, 10_000, [ok, bad, ok2])
    assert "Failures (1)" in window.results.title("failures")  # counted before its dock is looked at
    window.results.raise_page("scores")  # docks behind another tab refresh when they are raised
    table = window.results.scores.table
    assert [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())] == \
        ["Lexical Choice", "Content Accuracy"]
    assert table.item(0, 0).text() == "4" and table.item(2, 1).text() == "2"
    assert table.item(1, 0).text() == "failed" and "not valid JSON" in table.item(1, 0).toolTip()
    # the means of 4, 3 and of 5, 2: two paragraphs are too few for an interval that covers what it says,
    # so none is shown rather than a narrow one
    assert window.results.scores.mean_row() == ["3.50 (no interval: n=2 < 5)"] * 2
    window.results.raise_page("failures")
    failures = window.results.failures
    assert failures.topLevelItemCount() == 1
    assert failures.topLevelItem(0).text(3) == "the answer was not valid JSON"
    assert "Sure! Here are my scores" in failures.topLevelItem(0).toolTip(3)
    assert "Failures (1)" in window.results.title("failures")


def test_llm_judges_need_a_provider(qtbot, window):
    panel = window.judge_panel
    llm = [jid for jid, cls in panel.judges.items() if cls.needs_llm]
    assert llm, "da-mqm is installed"
    assert panel.provider_name() == "openai"  # the preferred provider (Settings' default) until one is chosen
    panel.set_provider("none (offline)")
    assert not panel.checkboxes[llm[0]].isEnabled()
    assert "provider" in panel.checkboxes[llm[0]].toolTip()
    assert panel.provider_settings() is None
    panel.set_provider("openai")
    assert panel.checkboxes[llm[0]].isEnabled()
    assert panel.provider_settings().model == "gpt-4o-mini"
    panel.set_provider("compat")
    assert panel.base_url.isEnabled()
