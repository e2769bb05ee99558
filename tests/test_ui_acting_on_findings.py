"""Acting on a finding through the real window: Apply wherever a finding is shown, the correction dialog's
replacement text applied, and nothing done silently (export, bulk rejection, where the selection goes)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog
from test_ui_review_loop import content, one_gemba_finding, open_draft, run_gemba, settle

from litlens.app.core.model import Judgment, Span
from litlens.app.run.store import Store
from litlens.ui.review import actions as review_actions
from litlens.ui.review.findings_model import SPAN_ROLE
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui




def test_apply_is_a_button_beside_the_list_and_in_the_detail_pane_and_the_menu_shows_its_key(
        qtbot, window, tmp_path, fake_server):
    findings = one_gemba_finding(qtbot, window, tmp_path, fake_server)
    beside, in_pane = window.results.review_buttons.apply, findings.apply_button
    assert beside.isVisible() and in_pane.isVisible()
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    assert beside.isEnabled() and in_pane.isEnabled()
    assert "일곱 개" in in_pane.text()  # says what it would write
    menu = window.review_actions.findings_menu()
    apply = next(a for a in menu.actions() if a.text().startswith("Apply"))
    assert apply.shortcut().toString() == "P" == window.apply_action.shortcut().toString()
    in_pane.click()
    assert "상자 일곱 개가" in content(window)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(findings.spans()[0]) == "applied", timeout=10_000)


def test_apply_buttons_are_off_for_a_finding_whose_suggestion_is_advice(qtbot, window, tmp_path):
    open_draft(qtbot, window, tmp_path)
    doc = window.document
    fix = Span(judge="gemba-mqm", category="accuracy/mistranslation", severity="major", start=8, end=12,
               quote="다섯 개", explanation="Seven, not five.", suggestion="일곱 개", paragraph=0)
    advice = Span(judge="honorifics", category="style/register", severity="minor", start=20, end=30,
                  quote=content(window)[20:30], explanation="Level shift.", suggestion="Use 해요체.", paragraph=1)
    doc.set_results(doc.revision, 10**6, [Judgment("gemba-mqm", "p0", "draft", 0, spans=[fix]),
                                          Judgment("honorifics", "doc", "draft", None, spans=[advice])])
    findings, beside = window.results.findings, window.results.review_buttons.apply
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 2, timeout=5_000)
    rows = {findings.tree.topLevelItem(i).data(0, SPAN_ROLE).judge: findings.tree.topLevelItem(i) for i in range(2)}
    findings.tree.setCurrentItem(rows["gemba-mqm"])
    assert beside.isEnabled() and findings.apply_button.isEnabled()
    findings.tree.setCurrentItem(rows["honorifics"])
    assert not beside.isEnabled() and not findings.apply_button.isEnabled()
    assert "Use 해요체" not in findings.apply_button.text()


def test_replace_with_from_the_correction_dialog_replaces_the_words_the_reviewer_selected(
        qtbot, window, tmp_path, fake_server, monkeypatch, db_path):
    findings = one_gemba_finding(qtbot, window, tmp_path, fake_server)  # "다섯 개" → "일곱 개"
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    at = content(window).index("다섯")

    def correct(dialog):  # the reviewer narrows the span to "다섯", types their own words, presses OK
        dialog.select(at, at + 2)
        dialog.fix.setText("여덟")
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(review_actions.FindingDialog, "exec", correct)
    window.edit_action.trigger()
    span = findings.spans()[0]
    qtbot.waitUntil(lambda: window.document.decision(span) is not None, timeout=10_000)
    assert window.results.findings.apply_button.text() == "Apply “여덟”"
    window.apply_action.trigger()
    assert "상자 여덟 개가" in content(window)  # not "상자 여덟가": the reviewer's words, the reviewer's span
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(findings.spans()[0]) == "applied", timeout=10_000)
    store = Store(db_path)
    try:
        stored = store.load_project(window.document.project_id).candidate("draft").text.content
    finally:
        store.close()
    assert "상자 여덟 개가" in stored


def test_the_correction_dialog_never_offers_advice_as_the_replacement(qtbot, window, tmp_path, monkeypatch):
    open_draft(qtbot, window, tmp_path)
    doc = window.document
    advice = Span(judge="honorifics", category="style/register", severity="minor", start=20, end=30,
                  quote=content(window)[20:30], explanation="Level shift.", suggestion="Use 해요체.", paragraph=1)
    doc.set_results(doc.revision, 10**6, [Judgment("honorifics", "doc", "draft", None, spans=[advice])])
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=5_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    offered = []

    def look(dialog):
        offered.append(dialog.replacement())
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(review_actions.FindingDialog, "exec", look)
    window.edit_action.trigger()
    assert offered == [""]  # OK would otherwise have stored "Use 해요체." as the words to write


def three(call):
    """A finding in each of the first three paragraphs; each replacement takes the finding's words away
    (the applied finding is re-anchored as outdated, at new offsets) and is longer (later offsets move)."""
    for quote, fix in (("다섯 개", "일곱 개나"), ("두 번", "세 번이나"), ("떠났다", "나가 버렸다")):
        if quote in call.first_user:
            return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                                "quoted_from": "translation", "text": quote, "occurrence": None,
                                "explanation": "Check.", "suggestion": fix}]}
    return {"errors": []}


def test_after_apply_the_selection_stays_where_the_reviewer_was(qtbot, window, tmp_path, fake_server):
    fake_server.responder = three
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 3, timeout=10_000)
    quotes = [findings.tree.topLevelItem(i).data(0, SPAN_ROLE).quote for i in range(3)]
    assert quotes == ["다섯 개", "두 번", "떠났다"]
    findings.tree.setCurrentItem(findings.tree.topLevelItem(1))
    window.apply_action.trigger()
    assert "세 번이나" in content(window)
    settle(qtbot, window)
    # the applied finding, found by its words (the list's order after the reload is not the test's business)
    qtbot.waitUntil(lambda: [findings.status(s) for s in findings.spans() if s.quote == "두 번"] == ["applied"],
                    timeout=10_000)
    qtbot.wait(200)  # the review reload after the store write has landed
    current = findings.current_span()
    assert current is not None and current.quote == "떠났다"  # the next finding, not the first row



def keeps_its_words(call):
    """A suggestion that contains the finding's words ("다섯 개" → "다섯 개나"): after Apply the words are still
    there, inside the replacement, so only the review knows the finding is done."""
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "fluency/grammar", "severity": "minor", "quoted_from": "translation",
                            "text": "다섯 개", "occurrence": None, "explanation": "Emphasis.",
                            "suggestion": "다섯 개나"}]}
    return {"errors": []}


def test_an_applied_finding_cannot_be_applied_a_second_time(qtbot, window, tmp_path, fake_server):
    fake_server.responder = keeps_its_words
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    findings, beside = window.results.findings, window.results.review_buttons.apply
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=10_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    window.apply_action.trigger()
    settle(qtbot, window)
    qtbot.waitUntil(lambda: [findings.status(s) for s in findings.spans()] == ["applied"], timeout=10_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    assert not beside.isEnabled() and not findings.apply_button.isEnabled()
    window.apply_action.trigger()  # P on the applied row
    settle(qtbot, window)
    assert "다섯 개나가" in content(window) and "개나나" not in content(window)


def test_export_says_where_it_wrote_and_opens_that_folder(qtbot, window, tmp_path, fake_server, monkeypatch):
    from litlens.ui.review import export_dialog
    findings = one_gemba_finding(qtbot, window, tmp_path, fake_server)
    assert findings.tree.topLevelItemCount() == 1
    out = tmp_path / "out" / "report.html"
    out.parent.mkdir()

    def press_export(dialog):
        dialog.what.setCurrentIndex(0)
        dialog.path.setText(str(out))
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(export_dialog.ExportDialog, "exec", press_export)
    opened = []
    monkeypatch.setattr(export_dialog.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    button = window.export_actions.open_folder
    assert not button.isVisible()
    window.export_action.trigger()
    qtbot.waitUntil(lambda: str(out) in window.statusBar().currentMessage(), timeout=30_000)
    assert out.exists() and button.isVisible()
    said = window.status_line  # seen, not only set: QStatusBar had no room left of the run bar to paint it
    assert said.isVisible() and str(out) in said.text() and said.width() >= 300
    button.click()
    assert [u.toLocalFile() for u in opened] == [str(out.parent.resolve())]
    window.statusBar().showMessage("Something else", 1000)  # the message moved on: so does its button
    assert not button.isVisible()


def test_reject_all_like_this_says_how_many(qtbot, window, tmp_path, fake_server):
    (tmp_path / "h_en.txt").write_text("\n\n".join(["Hanna laughed."] * 6), encoding="utf-8")
    (tmp_path / "draft.txt").write_text("\n\n".join(["한나는 웃었다."] * 6), encoding="utf-8")

    def hanna(call):
        return {"errors": [{"category": "terminology/inconsistent", "severity": "minor",
                            "quoted_from": "translation", "text": "한나", "occurrence": 1,
                            "explanation": "Name.", "suggestion": "하나"}]}
    fake_server.responder = hanna
    window.open_files(tmp_path / "h_en.txt", [tmp_path / "draft.txt"])
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 6, timeout=10_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    window.reject_like_action.trigger()
    qtbot.waitUntil(lambda: all(findings.status(s) == "rejected" for s in findings.spans()), timeout=20_000)
    assert window.statusBar().currentMessage() == "Rejected 6 findings like this one."
    assert window.status_line.isVisible() and window.status_line.text() == "Rejected 6 findings like this one."


def test_an_honorifics_finding_is_applied_as_the_rewritten_ending(qtbot, window, tmp_path):
    (tmp_path / "nurse_en.txt").write_text('"Come in, miss. It is cold out. Shut the door now." the nurse said.',
                                           encoding="utf-8")
    (tmp_path / "draft.txt").write_text("\"아씨, 어서 들어오세요. 밖이 추워요. 빨리 문 닫아.\" 유모가 말했다.",
                                        encoding="utf-8")
    window.open_files(tmp_path / "nurse_en.txt", [tmp_path / "draft.txt"], autorun=True)  # offline judges run
    findings = window.results.findings
    qtbot.waitUntil(lambda: any(s.judge == "honorifics" for s in findings.spans()), timeout=60_000)
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() > 0 and window.edits.pending == 0, timeout=10_000)
    rows = [findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())]
    row = next(r for r in rows if r.data(0, SPAN_ROLE).judge == "honorifics")
    findings.tree.setCurrentItem(row)
    assert "해요체" in findings.detail.toPlainText()  # the advice is still what the pane says
    assert findings.apply_button.isEnabled() and findings.apply_button.text() == "Apply “빨리 문 닫아요.”"
    assert window.results.review_buttons.apply.isEnabled()
    window.results.review_buttons.apply.click()
    assert "밖이 추워요. 빨리 문 닫아요.\"" in content(window)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(next(s for s in findings.spans() if s.judge == "honorifics"))
                    == "applied", timeout=10_000)
