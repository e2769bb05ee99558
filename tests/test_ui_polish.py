"""First use, polish and accessibility (issue 15), through the real widgets: judges that cannot run,
the first impression, visible Run controls, legible colours in both palettes, Korean everywhere."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui
RUN_TIMEOUT = 90_000


@pytest.fixture
def window(qtbot, db_path):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    yield w
    w.close()


def one_translation(tmp_path):
    src, tgt = tmp_path / "story.txt", tmp_path / "story_ko.txt"
    src.write_text("It rained.\n\n\"Come in,\" she said.", encoding="utf-8")
    tgt.write_text("비가 왔다.\n\n\"들어와.\" 그녀가 말했다.", encoding="utf-8")
    return src, tgt


def test_a_judge_that_cannot_run_is_disabled_with_its_reason_and_the_rest_run(qtbot, window, tmp_path):
    src, tgt = one_translation(tmp_path)
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        window.open_files(src, [tgt], autorun=True)
    summary, error = blocker.args
    panel = window.judge_panel
    assert not panel.checkboxes["literalness"].isEnabled()
    assert panel.reasons["literalness"].isVisible() and "two" in panel.reasons["literalness"].text()
    assert "literalness" not in panel.selected()
    assert error is None and summary.status == "done"
    assert {j.judge for j in window.document.judgments} >= {"consistency"}


def test_a_run_with_an_inapplicable_judge_skips_it_with_a_notice(qtbot, window, tmp_path):
    from litlens.app.run.service import RunRequest, applicable
    src, tgt = one_translation(tmp_path)
    window.open_files(src, [tgt])
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    request = applicable(RunRequest(project=window.document.project, judges=["consistency", "literalness"]))
    assert request.judges == ["consistency"] and "literalness" in request.skipped
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        window.runs.start(lambda: request, request.judges)
    assert blocker.args[0].status == "done"
    assert window.runs.skipped == request.skipped
    assert "Skipped" in window.run_bar.label.text()


def run_sample(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        window.open_sample(autorun=True)
    qtbot.waitUntil(lambda: window.results.findings.tree.topLevelItemCount() > 0, timeout=20_000)


def test_first_launch_shows_findings_and_a_visible_run_button(qtbot, window):
    run_sample(qtbot, window)
    assert window.document.candidate_label == "Flawed"  # the translation that has findings
    assert window.results.findings.tree.topLevelItemCount() == len(window.document.findings("Flawed")) > 0
    assert window.results.docks["findings"].windowTitle().endswith(f"({len(window.document.findings('Flawed'))})")
    run = window.toolbar.widgetForAction(window.run_action)
    assert run.isVisible() and window.rect().contains(run.mapTo(window, run.rect().bottomRight()))


def test_a_missing_key_points_to_settings_with_a_button(qtbot, window, monkeypatch):
    from litlens.app.llm import keys
    from litlens.ui.settings import dialog as settings_dialog
    monkeypatch.setattr(keys, "_keyring_get", lambda provider: None)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    opened = []
    monkeypatch.setattr(settings_dialog.SettingsDialog, "exec", lambda self: opened.append(
        (self.tabs.currentIndex(), self.provider_tabs.tabText(self.provider_tabs.currentIndex()))) or 0)
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    panel = window.judge_panel
    panel.set_provider("openai")
    panel.select(["gemba-mqm"])
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        window.run_action.trigger()
    assert "Settings › Providers" in panel.estimate.text() and "litlens key" not in panel.estimate.text()
    assert panel.settings_button.isVisible()
    assert window.toolbar.widgetForAction(window.run_action).isVisible()
    panel.settings_button.click()
    assert opened == [(0, "OpenAI")]


def test_a_corrected_finding_reads_the_same_everywhere(qtbot, window):
    run_sample(qtbot, window)
    findings = window.results.findings
    span = next(s for s in window.document.findings("Flawed") if s.located and s.severity != "critical")
    findings.select_span(span)
    with qtbot.waitSignal(window.review.saved, timeout=10_000):
        assert window.review.edit(span, span.category, "critical", span.start, span.end, "worse than it looks")
    qtbot.waitUntil(lambda: window.document.status(span) == "corrected", timeout=10_000)
    row = next(findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())
               if findings.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == span)
    assert "critical" in row.text(0)
    findings.tree.setCurrentItem(row)
    detail = findings.detail.toPlainText()
    assert "You corrected it" in detail and "worse than it looks" in detail and "critical" in detail
    findings.severity_filter.setCurrentIndex(findings.severity_filter.findData("critical"))
    shown = [findings.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)
             for i in range(findings.tree.topLevelItemCount())]
    assert span in shown
    findings.severity_filter.setCurrentIndex(findings.severity_filter.findData(span.severity))
    assert span not in [findings.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)
                        for i in range(findings.tree.topLevelItemCount())]


def test_scores_show_whole_text_rows_and_tidy_numbers(qtbot, window):
    from litlens.ui.views.scores import fmt_score
    assert [fmt_score(v) for v in (-0.0, -1.666667, 4.0, 3.5, 0.004)] == ["0", "-1.67", "4", "3.5", "0"]
    run_sample(qtbot, window)
    window.results.raise_page("scores")
    table = window.results.scores.table
    qtbot.waitUntil(lambda: table.rowCount() > 0, timeout=10_000)
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    assert rows[-1] == "Whole text"
    whole = [table.item(table.rowCount() - 1, c) for c in range(table.columnCount())]
    assert any(item is not None and item.text() not in ("", "—") for item in whole)
    texts = [table.item(r, c).text() for r in range(table.rowCount()) for c in range(table.columnCount())
             if table.item(r, c) is not None]
    assert not any(t.startswith("-0") and t != "-0." for t in texts if t in ("-0",))
    assert all(len(t.split(".")[1].split(" ")[0]) <= 2 for t in texts if "." in t and t[0] in "-0123456789")


def test_shortcuts_are_unique_and_help_has_a_list_and_about(qtbot, window, monkeypatch):
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QMessageBox
    seen: dict[str, str] = {}
    for action in window.actions():
        for key in action.shortcuts():
            text = key.toString()
            assert text not in seen, f"{text} is bound to {seen[text]!r} and {action.text()!r}"
            seen[text] = action.text()
    assert window.learn_action.shortcuts() == [QKeySequence("F1")]
    window.activateWindow()
    window.pair_view.setFocus()
    qtbot.keyClick(window.pair_view, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: window.learning is not None and window.learning.isVisible(), timeout=10_000)
    window.learning.close()
    window.shortcuts_action.trigger()
    table = window.shortcuts_dialog.findChild(QTableWidget)
    listed = {k for r in range(table.rowCount()) for k in table.item(r, 1).text().split(", ")}
    assert {"F1", "Ctrl+R", "F8"} <= listed
    window.shortcuts_dialog.close()
    about = []
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda parent, title, text: about.append(text)))
    window.about_action.trigger()
    assert about and "LitLens" in about[0]


def test_litlens_gui_takes_the_same_options_as_litlens_gui(monkeypatch, tmp_path):
    import litlens.ui.main as gui
    from litlens.app.cli.main import main as cli
    received = []
    monkeypatch.setattr(gui, "main", lambda argv: received.append(argv) or 0)
    src, tgt = one_translation(tmp_path)
    assert cli(["gui", "--source", str(src), "--translation", str(tgt), "--language", "ko"]) == 0
    assert received[-1] == ["--source", str(src), "--translation", str(tgt), "--language", "ko"]
    args = gui.parse_args(received[-1])
    assert args.source == str(src) and args.translation == [str(tgt)] and args.language == "ko"
    with pytest.raises(SystemExit):
        cli(["runs", "--source", str(src)])  # other commands still refuse options they do not know


def test_the_wheel_scrolls_the_judge_panel_without_changing_its_controls(qtbot, window):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication
    panel = window.judge_panel
    window.resize(1280, 500)  # the panel scrolls
    qtbot.wait(50)
    before = panel.provider.currentIndex()
    budget_before = panel.budget.value()
    window.pair_view.setFocus()
    for widget in (panel.provider, panel.budget):
        for _ in range(3):
            event = QWheelEvent(QPointF(5, 5), QPointF(widget.mapToGlobal(QPoint(5, 5))), QPoint(0, 0),
                                QPoint(0, -120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                Qt.ScrollPhase.NoScrollPhase, False)
            QApplication.sendEvent(widget, event)
    assert panel.provider.currentIndex() == before and panel.budget.value() == budget_before
    panel.provider.setFocus()
    event = QWheelEvent(QPointF(5, 5), QPointF(panel.provider.mapToGlobal(QPoint(5, 5))), QPoint(0, 0),
                        QPoint(0, -120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(panel.provider, event)
    assert panel.provider.currentIndex() != before  # focused, it takes the wheel as usual
