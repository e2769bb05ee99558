"""The review loop through the real window: edit a paragraph in place and rerun (only it is asked again),
apply a GEMBA-MQM correction, undo and redo it, merged rows, bulk rejection, and export from the menu."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from litlens.app.run import annotations as ann
from litlens.app.run import revisions
from litlens.app.run.store import Store
from litlens.ui.review.findings_list import MEMBERS_ROLE
from litlens.ui.shell.window import MainWindow
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui

RUN_TIMEOUT = 60_000
SOURCE = "\n\n".join(["Seven boxes stood by the door.", "Hanna counted them twice.", "Then she left.",
                      "The rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 있었다.", "한나는 그것들을 두 번 세었다.", "그리고 그녀는 떠났다.",
                     "비가 시작되었다."])


def responder(call):
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                            "quoted_from": "translation", "text": "다섯 개", "occurrence": None,
                            "explanation": "Seven, not five.", "suggestion": "일곱 개"}]}
    return {"errors": []}




def open_draft(qtbot, window, tmp_path, draft=DRAFT):
    (tmp_path / "boxes_en.txt").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "draft.txt").write_text(draft, encoding="utf-8")
    window.open_files(tmp_path / "boxes_en.txt", [tmp_path / "draft.txt"])
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)


def run_gemba(qtbot, window, fake_server):
    panel = window.judge_panel
    panel.set_provider("openai")
    panel.base_url.setText(fake_server.openai_base_url)
    panel.select(["gemba-mqm"])
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        window.run_action.trigger()
    summary, error = blocker.args
    assert error is None and summary.status == "done", (summary, error)
    return summary


def settle(qtbot, window):
    qtbot.waitUntil(lambda: window.edits.pending == 0, timeout=20_000)
    qtbot.wait(50)


def content(window):
    return window.document.candidate.text.content


def test_edit_in_place_then_rerun_asks_only_about_that_paragraph(qtbot, window, tmp_path, fake_server, db_path):
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    assert fake_server.count == 4
    view = window.pair_view
    assert view.edit_paragraph(3)
    view.text.editor.widget.setPlainText("비가 내리기 시작했다.")
    view.text.editor.finish(save=True)
    settle(qtbot, window)
    store = Store(db_path)
    try:
        pid = window.document.project_id
        assert revisions.head(store, pid, "draft") == 1
        assert "비가 내리기" in revisions.revision_text(store, pid, "draft").content
    finally:
        store.close()
    # before the run, beside the Run button: what the rerun will ask
    shown = window.judge_panel.estimate
    qtbot.waitUntil(lambda: shown.text().startswith("1 paragraph changed · 1 unit · 1 LLM call ·"), timeout=10_000)
    assert shown.text().count("call") == 1  # one number of calls, not the units called calls beside it
    fake_server.reset()
    run_gemba(qtbot, window, fake_server)
    assert fake_server.count == 1 and "비가 내리기" in fake_server.last.first_user


def one_gemba_finding(qtbot, window, tmp_path, fake_server):
    """The draft opened and judged by GEMBA-MQM: one finding ("다섯 개", suggestion "일곱 개") listed."""
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=10_000)
    return findings


def test_apply_a_correction_then_undo_and_redo(qtbot, window, tmp_path, fake_server, db_path):
    findings = one_gemba_finding(qtbot, window, tmp_path, fake_server)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    window.apply_action.trigger()
    assert "상자 일곱 개가" in content(window)  # shown at once
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(findings.spans()[0]) == "applied", timeout=10_000)
    store = Store(db_path)
    try:
        decision = ann.for_project(store, window.document.project_id)[0]
        stored = store.load_project(window.document.project_id).candidate("draft").text.content
        assert decision.resolved and "일곱 개" in stored
    finally:
        store.close()

    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=10_000)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "다섯 개" in content(window), timeout=10_000)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1 and
                    findings.status(findings.spans()[0]) == "open", timeout=10_000)
    span = findings.spans()[0]
    assert content(window)[span.start:span.end] == "다섯 개" and not span.data.get("outdated")

    qtbot.waitUntil(lambda: window.redo_edit_action.isEnabled(), timeout=10_000)
    window.redo_edit_action.trigger()
    qtbot.waitUntil(lambda: "일곱 개" in content(window), timeout=10_000)


def test_overlapping_findings_of_two_judges_are_one_row(qtbot, window, tmp_path):
    from litlens.app.core.model import Judgment, Span
    open_draft(qtbot, window, tmp_path)
    doc = window.document
    a = Span(judge="gemba-mqm", category="accuracy/mistranslation", severity="major", start=8, end=12,
             quote="다섯 개", explanation="Seven, not five.", suggestion="일곱 개")
    b = Span(judge="consistency", category="accuracy/number", severity="minor", start=8, end=10, quote="다섯",
             explanation="The source has 7.")
    doc.set_results(doc.revision, 10**6, [Judgment("gemba-mqm", "p0", "draft", 0, spans=[a]),
                                          Judgment("consistency", "doc", "draft", None, spans=[b])])
    tree = window.results.findings.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() == 1, timeout=5_000)
    item = tree.topLevelItem(0)
    assert len(item.data(0, MEMBERS_ROLE)) == 2 and item.text(2) == "GEMBA-MQM + Consistency checks"
    assert "Seven, not five." in item.text(6) and "The source has 7." in item.text(6)


def test_reject_all_like_this_rejects_forty_findings_in_one_action(qtbot, window, tmp_path, fake_server,
                                                                   db_path):
    draft = "\n\n".join(["한나는 웃었다."] * 40)
    source = "\n\n".join(["Hanna laughed."] * 40)
    (tmp_path / "h_en.txt").write_text(source, encoding="utf-8")
    (tmp_path / "draft.txt").write_text(draft, encoding="utf-8")

    def hanna(call):
        return {"errors": [{"category": "terminology/inconsistent", "severity": "minor",
                            "quoted_from": "translation", "text": "한나", "occurrence": 1,
                            "explanation": "Name.", "suggestion": "하나"}]}
    fake_server.responder = hanna
    window.open_files(tmp_path / "h_en.txt", [tmp_path / "draft.txt"])
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 40, timeout=10_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    menu = window.review_actions.findings_menu()
    action = next(a for a in menu.actions() if a.text() == "Reject all like this")
    action.trigger()
    qtbot.waitUntil(lambda: all(findings.status(s) == "rejected" for s in findings.spans()), timeout=20_000)
    store = Store(db_path)
    try:
        pid = window.document.project_id
        assert sum(a.action == "reject" for a in ann.for_project(store, pid)) == 40
        from litlens.app.run import history
        assert history.next_undo(store, pid).label == "reject all like this"  # one step to undo
    finally:
        store.close()


def test_export_html_and_the_revised_docx_from_the_menu(qtbot, window, tmp_path, fake_server, monkeypatch):
    import docx
    from PySide6.QtWidgets import QDialog

    from litlens.ui.review import export_dialog
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    window.document.edit_paragraph("draft", 2, "그러고 나서 그녀는 떠났다.")
    window.edits.save_edit("draft", 2, "")
    settle(qtbot, window)

    chosen = {}

    def fake_exec(dialog):  # what a user does in the dialog: pick a format, type a path, press Export
        dialog.what.setCurrentIndex(chosen["index"])
        dialog.path.setText(str(chosen["path"]))
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(export_dialog.ExportDialog, "exec", fake_exec)
    for index, name in ((0, "report.html"), (7, "revised.docx")):
        chosen.update(index=index, path=tmp_path / name)
        with qtbot.waitSignal(window.export_actions.exporter.done if window.export_actions.exporter else
                              window.statusBar().messageChanged, timeout=30_000):
            window.export_action.trigger()
        qtbot.waitUntil(lambda: chosen["path"].exists(), timeout=30_000)
    assert "다섯 개" in (tmp_path / "report.html").read_text(encoding="utf-8")
    paras = [p.text for p in docx.Document(str(tmp_path / "revised.docx")).paragraphs]
    assert paras[2] == "그러고 나서 그녀는 떠났다." and len(paras) == 4


XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
 <file original="story.docx" source-language="en" target-language="ko" datatype="plaintext">
  <body>
   <trans-unit id="u1"><source>It was late.</source><target>늦은 밤이었다.</target></trans-unit>
   <trans-unit id="u2"><source>Seven boxes stood by the door.</source><target>문 옆에 상자 다섯 개가 있었다.</target></trans-unit>
   <trans-unit id="7f1c">
    <source>She waited. Nobody came.</source>
    <seg-source><mrk mtype="seg" mid="11">She waited.</mrk> <mrk mtype="seg" mid="12">Nobody came.</mrk></seg-source>
    <target><mrk mtype="seg" mid="11">그녀는 기다렸다.</mrk> <mrk mtype="seg" mid="12">아무도 왔다.</mrk></target>
   </trans-unit>
  </body>
 </file>
</xliff>"""


def test_xliff_round_trip_keeps_segment_ids_and_carries_the_edits(qtbot, window, tmp_path):
    from translate.storage import xliff

    from litlens.app.formats import project_from_bilingual
    path = tmp_path / "story.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    window.open_project(project_from_bilingual(path, "Draft"))
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)
    ids = window.document.candidate.text.segment_ids
    assert ids == ["u1", "u2", "11", "12"]
    view = window.pair_view
    for index, new in ((1, "문 옆에 상자 일곱 개가 있었다."), (3, "아무도 오지 않았다.")):
        assert view.edit_paragraph(index)
        view.text.editor.widget.setPlainText(new)
        view.text.editor.finish(save=True)
        settle(qtbot, window)
    out = tmp_path / "story.revised.xlf"
    assert window.export_actions.export_to("translation", "xliff", str(out))
    qtbot.waitUntil(out.exists, timeout=20_000)
    store = xliff.xlifffile.parsestring(out.read_bytes())
    # translate-toolkit qualifies an ID with its file's name: "story.docx\x04u2"
    targets = {u.getid().split("\x04")[-1]: str(u.target) for u in store.units if not u.isheader()}
    assert targets["u2"] == "문 옆에 상자 일곱 개가 있었다." and targets["u1"] == "늦은 밤이었다."
    from lxml import etree
    marks = {m.get("mid"): m.text for m in etree.fromstring(out.read_bytes()).iter(
        "{urn:oasis:names:tc:xliff:document:1.2}mrk") if m.getparent().tag.endswith("target")}
    assert marks == {"11": "그녀는 기다렸다.", "12": "아무도 오지 않았다."}


def test_the_same_file_as_source_and_translation_is_refused(tmp_path):
    from litlens.ui.project.open_files import OpenError, load_files
    (tmp_path / "a.txt").write_text(SOURCE, encoding="utf-8")
    with pytest.raises(OpenError, match="source file itself"):
        load_files(tmp_path / "a.txt", [tmp_path / "." / "a.txt"])


def test_a_project_remembers_its_judges_and_provider_and_reopens_at_start(qtbot, window, tmp_path, fake_server,
                                                                         db_path):
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    pid = window.document.project_id
    again = MainWindow(db_path, qsettings=window.qsettings)
    qtbot.addWidget(again)
    try:
        assert again.reopen_last()
        qtbot.waitUntil(lambda: again.document.project_id == pid, timeout=20_000)
        assert again.judge_panel.selected() == ["gemba-mqm"] and again.judge_panel.provider_name() == "openai"
    finally:
        again.close()


def test_a_finding_whose_words_an_edit_removed_is_listed_as_outdated(qtbot, window, tmp_path, fake_server):
    from litlens.ui.review.findings_model import COL_STATUS as COL_REVIEW
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    run_gemba(qtbot, window, fake_server)
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=10_000)
    assert findings.tree.topLevelItem(0).text(COL_REVIEW) == ""  # not decided yet
    assert window.pair_view.edit_paragraph(0)  # "다섯 개" rewritten by hand: the finding's words are gone
    window.pair_view.text.editor.widget.setPlainText("문 옆에 상자가 잔뜩 있었다.")
    window.pair_view.text.editor.finish(save=True)
    settle(qtbot, window)
    # still listed (never dropped), marked in the Review column, findable by the status filter, explained
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1 and
                    "outdated" in findings.tree.topLevelItem(0).text(COL_REVIEW), timeout=10_000)
    findings.status_filter.setCurrentIndex(findings.status_filter.findData("outdated"))
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 1, timeout=10_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    assert "Outdated by your edit" in findings.detail.toPlainText()
    findings.status_filter.setCurrentIndex(findings.status_filter.findData("open"))
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() == 0, timeout=10_000)


def test_apply_a_correction_from_the_texts_right_click_menu(qtbot, window, tmp_path, fake_server):
    from test_ui_pair_view import point_of
    findings = one_gemba_finding(qtbot, window, tmp_path, fake_server)
    span = findings.spans()[0]
    window.pair_view.show_span(span)
    qtbot.wait(50)
    canvas = window.pair_view.text
    point = point_of(window.pair_view, span.start + 1)
    assert canvas.spans_at_point(point)  # the pointer is on the finding's words
    actions = {a.text(): a for a in canvas.context_menu(point).actions() if a.text()}  # what a right-click shows
    assert {"Apply the correction", "Show in the findings list", "Edit this paragraph"} <= set(actions)
    actions["Apply the correction"].trigger()
    assert "상자 일곱 개가" in content(window)  # the same path as P in the list
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(findings.spans()[0]) == "applied", timeout=10_000)
