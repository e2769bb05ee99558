"""Calibration, stability and verified fixes through the real window: the reviewer's decisions say how often
a judge is right (detail pane, a column to sort by), the opt-in rule hides what it hides only while saying
how many, with one click to bring them back; samples show "found in k of N"; the verifier's badges, and
"Apply all verified fixes" as one revision and one undo."""

from __future__ import annotations

import dataclasses
import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from test_ui_review_loop import DRAFT, RUN_TIMEOUT, content, open_draft, run_gemba, settle

from litlens.app.cli.main import main
from litlens.app.run import annotations as ann
from litlens.app.run import revisions
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from litlens.ui.review.findings_model import COL_CHANCE, COL_FIX, COL_FOUND, COL_TEXT, SPAN_ROLE
from litlens.ui.shell.window import MainWindow
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui

FINDINGS = {"다섯 개": ("accuracy/mistranslation", "일곱 개"), "그것들을": ("style/awkwardness", "상자들을"),
            "그녀는": ("style/awkwardness", "한나는")}


def _judge(call):
    errors = [{"category": cat, "severity": "major", "quoted_from": "translation", "text": words,
               "occurrence": None, "explanation": "why", "suggestion": fix}
              for words, (cat, fix) in FINDINGS.items() if words in call.first_user]
    return {"errors": errors}


def _verifier(call):
    """The fixed version is better for 일곱 and 상자들을, the original for 한나는 (asked in both orders)."""
    if "Version A" not in call.user:
        return _judge(call)
    a = re.search(r"<version-A>\n(.*?)\n</version-A>", call.user, re.DOTALL).group(1)
    for fixed, better in (("일곱 개", True), ("상자들을", True), ("한나는", False)):
        if fixed in call.user:
            return {"reason": "compared", "better": "A" if (fixed in a) == better else "B"}
    return {"reason": "?", "better": "same"}




def _rows(findings):
    return {findings.tree.topLevelItem(i).data(0, SPAN_ROLE).quote: findings.tree.topLevelItem(i)
            for i in range(findings.tree.topLevelItemCount())}


def _rejected_before(db_path, n, judge="gemba-mqm", category="style/awkwardness"):
    """``n`` rejections of ``judge`` in ``category`` on another project: calibration is about the reviewer."""
    store = Store(db_path)
    try:
        other = store.save_project(build_project("another book", text_from_string("One.", "en"),
                                                 [("other", text_from_string("하나.", "ko"))]))
        for i in range(n):
            ann.save(store, ann.Annotation(project_id=other, candidate="other", action="reject", category=category,
                                           severity="minor", span_id=10_000 + i, judge=judge, revision=0))
    finally:
        store.close()


def _judged(qtbot, window, tmp_path, fake_server, responder=_judge):
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: len(findings.spans()) == 3, timeout=10_000)
    return findings


def test_calibration_hides_only_saying_how_many_and_one_click_brings_them_back(
        qtbot, window, tmp_path, fake_server, db_path):
    _rejected_before(db_path, 10)
    window.apply_settings(dataclasses.replace(window.prefs, calibration="hide"))
    findings = _judged(qtbot, window, tmp_path, fake_server)
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=10_000)
    assert set(_rows(findings)) == {"다섯 개"}  # the two style findings of the judge she keeps rejecting
    assert findings.hidden_note.isVisible()
    assert findings.hidden_note.text().startswith("2 findings hidden by your calibration — <a")
    findings.hidden_note.linkActivated.emit("toggle")  # "show"
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 3, timeout=5_000)
    assert "showing 2 findings your calibration hides" in findings.hidden_note.text()
    rows = _rows(findings)
    findings.tree.setCurrentItem(rows["그것들을"])
    pane = findings.detail.toPlainText()
    assert "GEMBA-MQM is right 0% [0, 28] of the time on Style › Awkwardness for you (n = 10)." in pane
    assert "You keep rejecting this judge here." in pane
    # the rows she kept rejecting are faded; sorted by the calibrated chance, the likely one comes first
    assert rows["그것들을"].data(COL_TEXT, Qt.ItemDataRole.ForegroundRole) == findings.model.faded_ink
    assert rows["다섯 개"].data(COL_TEXT, Qt.ItemDataRole.ForegroundRole) is None
    findings.tree.sortByColumn(COL_CHANCE, Qt.SortOrder.DescendingOrder)
    assert findings.tree.topLevelItem(0).data(0, SPAN_ROLE).quote == "다섯 개"
    # no decision on accuracy: the judge's overall rate, (0 + 1) / (10 + 2)
    assert findings.tree.topLevelItem(0).text(COL_CHANCE) == "8%"
    window.apply_settings(dataclasses.replace(window.prefs, calibration="off"))  # off: nothing hidden
    qtbot.waitUntil(lambda: not findings.hidden_note.isVisible(), timeout=5_000)
    assert findings.tree.topLevelItemCount() == 3


def test_nine_decisions_are_too_few_for_the_rule(qtbot, window, tmp_path, fake_server, db_path):
    _rejected_before(db_path, 9)
    window.apply_settings(dataclasses.replace(window.prefs, calibration="hide"))
    findings = _judged(qtbot, window, tmp_path, fake_server)
    qtbot.waitUntil(lambda: findings.calibration is not None and findings.tree.topLevelItemCount() == 3,
                    timeout=10_000)
    assert not findings.hidden_note.isVisible()
    findings.tree.setCurrentItem(_rows(findings)["그것들을"])
    assert "Too few decisions for your calibration to act on." in findings.detail.toPlainText()


def test_samples_show_found_in_k_of_n(qtbot, window, tmp_path, fake_server, db_path):
    asked = {}

    def sometimes(call):  # "그녀는" on the first and third asking of its paragraph, not the second
        out = _judge(call)
        key = call.first_user
        asked[key] = asked.get(key, 0) + 1
        if asked[key] == 2:
            out["errors"] = [e for e in out["errors"] if e["text"] != "그녀는"]
        return out
    fake_server.responder = sometimes
    open_draft(qtbot, window, tmp_path)
    run_id = run_gemba(qtbot, window, fake_server).run_id
    findings = window.results.findings
    assert main(["meta-eval", "--run", str(run_id), "--db", str(db_path), "--samples", "3"]) == 0
    window.runs.load_results()
    qtbot.waitUntil(lambda: findings.stability is not None, timeout=20_000)
    qtbot.waitUntil(lambda: "그녀는" in _rows(findings) and _rows(findings)["그녀는"].text(COL_FOUND) != "",
                    timeout=10_000)
    rows = _rows(findings)
    assert rows["그녀는"].text(COL_FOUND) == "2 of 3" and rows["다섯 개"].text(COL_FOUND) == "3 of 3"
    findings.tree.setCurrentItem(rows["그녀는"])
    assert "Found in 2 of 3 samples." in findings.detail.toPlainText()


def test_verified_fix_badges_and_apply_all_verified_fixes_is_one_revision_and_one_undo(
        qtbot, window, tmp_path, fake_server, db_path, monkeypatch):
    findings = _judged(qtbot, window, tmp_path, fake_server)
    fake_server.responder = _verifier
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kw: asked.append(args[2]) or QMessageBox.StandardButton.Yes)
    before = fake_server.count
    window.judge_panel.base_url.setText(fake_server.openai_base_url)  # the verifier asks the panel's provider
    with qtbot.waitSignal(window.fix_actions.checked, timeout=RUN_TIMEOUT):
        window.fix_actions.check_action.trigger()
    assert fake_server.count - before == 6  # three fixes, both orders
    assert "6 verifier calls" in asked[0]  # the cost was said before anything was asked
    rows = _rows(findings)
    assert {q: r.text(COL_FIX) for q, r in rows.items()} == {
        "다섯 개": "✓ verified", "그것들을": "✓ verified", "그녀는": "✗ no improvement"}
    findings.tree.setCurrentItem(rows["다섯 개"])
    assert "Fix verified: the fixed paragraph was preferred in both orders." in findings.detail.toPlainText()
    assert findings.apply_verified_button.isVisible()
    pid = window.document.project_id
    store = Store(db_path)
    head = revisions.head(store, pid, "draft")
    with qtbot.waitSignal(window.fix_actions.applied, timeout=20_000):
        findings.apply_verified_button.click()
    settle(qtbot, window)
    qtbot.waitUntil(lambda: "상자 일곱 개가" in content(window), timeout=10_000)
    assert "상자들을" in content(window) and "그녀는" in content(window)  # the unverified fix is not applied
    assert revisions.head(store, pid, "draft") == head + 1  # one revision for both
    window.undo_edit_action.trigger()  # one undo takes both back
    settle(qtbot, window)
    qtbot.waitUntil(lambda: content(window) == DRAFT, timeout=10_000)
    assert revisions.head(store, pid, "draft") == head
    store.close()


def test_the_rule_is_off_by_default_and_chosen_in_settings(qtbot, tmp_path):
    from litlens.ui.settings import prefs
    from litlens.ui.settings.dialog import SettingsDialog
    assert prefs.AppSettings().calibration == "off"
    dialog = SettingsDialog(prefs.AppSettings())
    qtbot.addWidget(dialog)
    assert dialog.calibration.currentData() == "off"
    dialog.calibration.setCurrentIndex(dialog.calibration.findData("fade"))
    chosen = dialog.result_settings()
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    prefs.save(chosen, qs)
    assert prefs.load(qs).calibration == "fade"
    qs.setValue("prefs/calibration", "sometimes")  # a hand-edited value: off
    assert prefs.load(qs).calibration == "off"


def findings_have_calibration(window):
    return window.results.findings.calibration is not None and len(window.results.findings.calibration) > 0


def test_the_judges_view_shows_the_calibration(qtbot, window, tmp_path, fake_server, db_path):
    _rejected_before(db_path, 10)
    _judged(qtbot, window, tmp_path, fake_server)
    panel = window.results.panels["judges"]
    qtbot.waitUntil(lambda: findings_have_calibration(window), timeout=10_000)
    window.results.raise_page("judges")  # the dock fills when it is seen
    qtbot.waitUntil(lambda: any(s.payload.kind == "decision-calibration" for s in panel.shown), timeout=10_000)
    panel.chooser.setCurrentIndex(next(i for i, s in enumerate(panel.shown)
                                       if s.payload.kind == "decision-calibration"))
    view = panel.view
    judge = view.tree.topLevelItem(0)
    assert judge.text(0) == "GEMBA-MQM (error spans, original or literary prompt)"  # its name, not its id
    cells = {judge.child(i).text(0): [judge.child(i).text(c) for c in range(1, 5)]
             for i in range(judge.childCount())}
    assert cells["Style"] == ["0% [0, 28]", "0", "10", "✓"]
    assert cells["Style › Awkwardness"] == ["0% [0, 28]", "0", "10", "✓"]


def test_run_ask_the_judges_again_stores_samples_and_the_list_shows_them(
        qtbot, window, tmp_path, fake_server, monkeypatch):
    asked = {}

    def sometimes(call):  # "그녀는" missing from the second asking of its paragraph
        out = _judge(call)
        asked[call.first_user] = asked.get(call.first_user, 0) + 1
        if asked[call.first_user] == 2:
            out["errors"] = [e for e in out["errors"] if e["text"] != "그녀는"]
        return out
    findings = _judged(qtbot, window, tmp_path, fake_server, sometimes)
    qtbot.waitUntil(lambda: bool(window.document.runs), timeout=10_000)  # the run history is read back
    before = fake_server.count
    said = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kw: said.append(args[2]) or QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(window.sample_actions.sampled, timeout=RUN_TIMEOUT):
        assert window.sample_actions.ask(3)
    assert fake_server.count - before == 2 * before  # two more samples, each asking every paragraph once
    assert said and "2 more samples" in said[0] and "LLM calls" in said[0]  # the cost first
    qtbot.waitUntil(lambda: "그녀는" in _rows(findings) and _rows(findings)["그녀는"].text(COL_FOUND) == "2 of 3",
                    timeout=20_000)
    assert _rows(findings)["다섯 개"].text(COL_FOUND) == "3 of 3"
    run_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Run")
    assert window.sample_actions.action in run_menu.actions()


def test_ask_again_where_the_first_two_disagree_asks_only_those_paragraphs(
        qtbot, window, tmp_path, fake_server, monkeypatch):
    asked = {}

    def sometimes(call):  # "그녀는" missing from the second asking of its paragraph: only there they disagree
        out = _judge(call)
        asked[call.first_user] = asked.get(call.first_user, 0) + 1
        if asked[call.first_user] == 2:
            out["errors"] = [e for e in out["errors"] if e["text"] != "그녀는"]
        return out
    findings = _judged(qtbot, window, tmp_path, fake_server, sometimes)
    qtbot.waitUntil(lambda: bool(window.document.runs), timeout=10_000)
    paragraphs = fake_server.count
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kw: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(window.sample_actions.sampled, timeout=RUN_TIMEOUT):
        assert window.sample_actions.ask(4, adaptive=True)
    assert fake_server.count == 2 * paragraphs + 2  # sample 1 everywhere, samples 2 and 3 in one paragraph
    qtbot.waitUntil(lambda: "그녀는" in _rows(findings) and _rows(findings)["그녀는"].text(COL_FOUND) == "3 of 4",
                    timeout=20_000)
    assert _rows(findings)["다섯 개"].text(COL_FOUND) == "2 of 2"


def test_verdicts_come_back_after_a_restart_without_asking(qtbot, window, tmp_path, fake_server, db_path,
                                                          monkeypatch):
    findings = _judged(qtbot, window, tmp_path, fake_server)
    fake_server.responder = _verifier
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kw: QMessageBox.StandardButton.Yes)
    window.judge_panel.base_url.setText(fake_server.openai_base_url)
    with qtbot.waitSignal(window.fix_actions.checked, timeout=RUN_TIMEOUT):
        window.fix_actions.check_action.trigger()
    asked = fake_server.count
    again = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    again.show()
    again.judge_panel.set_provider("openai")
    again.judge_panel.base_url.setText(fake_server.openai_base_url)
    open_draft(qtbot, again, tmp_path)
    again.runs.load_results()
    rows = lambda: _rows(again.results.findings)  # noqa: E731
    qtbot.waitUntil(lambda: len(rows()) == 3 and all(r.text(COL_FIX) for r in rows().values()), timeout=20_000)
    assert {q: r.text(COL_FIX) for q, r in rows().items()} == {
        "다섯 개": "✓ verified", "그것들을": "✓ verified", "그녀는": "✗ no improvement"}
    assert fake_server.count == asked  # nothing was asked again
    again.close()
