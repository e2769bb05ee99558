"""Through the real window: the revision picker (list, view an earlier revision and its findings, compare,
go back as a new revision), translations named in New project (labels checked, typed values kept when a
file is missing), and reopening the same files shows the last revision with a note."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog

from litlens.app.run import revisions
from litlens.app.run.store import Store
from litlens.ui.project.new_project import NewProjectDialog
from litlens.ui.revisions.picker import NUMBER_ROLE
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

RUN_TIMEOUT = 60_000
SOURCE = "\n\n".join(["Seven boxes stood by the door.", "Hanna counted them twice.", "The rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 있었다.", "한나는 그것들을 두 번 세었다.", "비가 시작되었다."])


def responder(call):
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                            "quoted_from": "translation", "text": "다섯 개", "occurrence": None,
                            "explanation": "Seven, not five.", "suggestion": "일곱 개"}]}
    return {"errors": []}


def make_window(qtbot, db_path, tmp_path):
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def window(qtbot, db_path, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key")
    w = make_window(qtbot, db_path, tmp_path)
    yield w
    w.close()


def files(tmp_path):
    (tmp_path / "boxes_en.txt").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "draft.txt").write_text(DRAFT, encoding="utf-8")
    return tmp_path / "boxes_en.txt", tmp_path / "draft.txt"


def open_draft(qtbot, window, tmp_path):
    source, draft = files(tmp_path)
    window.open_files(source, [draft])
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)


def settle(qtbot, window):
    qtbot.waitUntil(lambda: window.edits.pending == 0 and window.revision_note.pending == 0, timeout=20_000)
    qtbot.wait(50)


def edit(qtbot, window, index, new):
    view = window.pair_view
    assert view.edit_paragraph(index)
    view.text.editor.widget.setPlainText(new)
    view.text.editor.finish(save=True)
    settle(qtbot, window)


def content(window):
    return window.document.candidate.text.content


def picker_ready(qtbot, dialog):
    qtbot.waitUntil(lambda: dialog.pending == 0 and dialog.shown.get("number") == dialog.number(), timeout=20_000)


def choose(qtbot, dialog, number):
    for i in range(dialog.table.topLevelItemCount()):
        item = dialog.table.topLevelItem(i)
        if item.data(0, NUMBER_ROLE) == number:
            dialog.table.setCurrentItem(item)
    picker_ready(qtbot, dialog)
    assert dialog.number() == number


def test_the_revision_picker_lists_shows_compares_and_goes_back(qtbot, window, tmp_path, fake_server, db_path):
    fake_server.responder = responder
    open_draft(qtbot, window, tmp_path)
    panel = window.judge_panel
    panel.set_provider("openai")
    panel.base_url.setText(fake_server.openai_base_url)
    panel.select(["gemba-mqm"])
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        window.run_action.trigger()
    edit(qtbot, window, 0, "문 옆에 상자 일곱 개가 있었다.")
    edit(qtbot, window, 2, "비가 내리기 시작했다.")
    window.revisions_action.trigger()
    dialog = window.revision_dialog
    picker_ready(qtbot, dialog)
    rows = [[dialog.table.topLevelItem(i).text(c) for c in range(3)] for i in range(dialog.table.topLevelItemCount())]
    assert [r[0] for r in rows] == ["2 (current)", "1", "0"]
    assert "¶3" in rows[0][2] and "¶1" in rows[1][2] and rows[2][2] == "the text as opened"
    assert dialog.shown["number"] == 2 and not dialog.restore.isEnabled()  # the current one: nothing to restore

    choose(qtbot, dialog, 0)
    assert dialog.text.toPlainText() == DRAFT and dialog.text.isReadOnly()
    rows = [[dialog.findings.topLevelItem(i).text(c) for c in range(5)]
            for i in range(dialog.findings.topLevelItemCount())]
    spans = [r for r in rows if r[1]]  # error spans have a severity; score rows do not
    assert [(r[0], r[1], r[3]) for r in spans] == [("gemba-mqm", "major", "다섯 개")]  # found on revision 0
    assert len(rows) > len(spans)  # each paragraph's score is listed too
    compare = dialog.compare.toHtml()
    assert "¶1" in compare and "¶3" in compare and "¶2" not in compare and "다섯" in compare and "일곱" in compare
    assert dialog.restore.isEnabled()
    dialog.restore.click()
    qtbot.waitUntil(lambda: content(window) == DRAFT, timeout=20_000)
    picker_ready(qtbot, dialog)
    store = Store(db_path)
    try:
        listed = revisions.list_revisions(store, window.document.project_id, "draft")
        assert [r["number"] for r in listed] == [0, 1, 2, 3] and listed[-1]["current"]  # nothing rewritten
        assert listed[-1]["reason"] == "restore revision 0"
        assert revisions.revision_text(store, window.document.project_id, "draft", 2).content != DRAFT
    finally:
        store.close()
    assert dialog.table.topLevelItem(0).text(0) == "3 (current)"
    # going back is one undoable step like any edit
    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=20_000)
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: "일곱" in content(window), timeout=20_000)


def test_new_project_names_translations_and_keeps_what_was_typed(qtbot, window, tmp_path, monkeypatch):
    source, draft = files(tmp_path)
    other = tmp_path / "draft2.txt"
    other.write_text(DRAFT.replace("다섯", "여섯"), encoding="utf-8")
    dialog = NewProjectDialog(window, [str(source), str(draft), str(other)])
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.labels() == ["draft", "draft2"]  # from the file names
    dialog.label_edit(0).setText("Draft 3")
    dialog.label_edit(1).setText("draft 3")
    dialog.name.setText("Boxes")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "already called" in dialog.candidates.topLevelItem(1).text(2)
    dialog.label_edit(1).setText("  ")
    dialog.accept()
    assert "label" in dialog.candidates.topLevelItem(1).text(2)
    dialog.label_edit(1).setText("Published 1925")
    dialog.source.setText(str(tmp_path / "moved_en.txt"))
    dialog.accept()
    assert dialog.source_problem.isVisible() and "No file" in dialog.source_problem.text()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert (dialog.name.text(), dialog.labels()) == ("Boxes", ["Draft 3", "Published 1925"])  # all kept
    dialog.source.setText(str(draft))
    dialog.accept()
    assert "source file itself" in dialog.candidates.topLevelItem(0).text(2)
    dialog.source.setText(str(source))
    dialog.accept()
    assert dialog.problems() == {} and dialog.source_problem.isHidden()
    assert dialog.result() == QDialog.DialogCode.Accepted
    chosen = dialog.chosen()

    def exec_(self):
        self.source.setText(chosen[0])
        self.name.setText("Boxes")
        for i, label in enumerate(["Draft 3", "Published 1925"]):
            self.label_edit(i).setText(label)
        self.accept()
        return self.result()
    monkeypatch.setattr(NewProjectDialog, "exec", exec_)
    window.new_project([str(source), str(draft), str(other)])
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)
    labels = [c.label for c in window.document.project.candidates]
    assert labels == ["Draft 3", "Published 1925"]
    assert window.pair_view.text.layout_map.titles[1].startswith("Draft 3 · ")  # the pair view's header
    window.judge_panel.select(["consistency"])  # offline: a run to report on
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT):
        window.run_action.trigger()
    report = tmp_path / "report.html"
    assert window.export_actions.export_to("report", "html", str(report), candidate="Published 1925")
    qtbot.waitUntil(report.exists, timeout=20_000)
    page = report.read_text(encoding="utf-8")
    assert "Published 1925" in page and "draft2" not in page  # reports name it as the user did


def test_the_revision_notes_links_are_legible_after_a_switch_to_dark(qtbot, window, tmp_path):
    import re

    from PySide6.QtGui import QColor
    from ui_contrast import contrast

    from litlens.ui.common import theme
    open_draft(qtbot, window, tmp_path)
    edit(qtbot, window, 1, "한나는 상자를 두 번 세었다.")
    try:
        for name in ("dark", "light"):
            window.set_theme(name)
            qtbot.wait(20)
            links = re.findall(r'<a style="color: (#[0-9a-f]{6})"', window.revision_note.text())
            assert len(links) == 2, window.revision_note.text()
            background = window.statusBar().palette().color(window.statusBar().backgroundRole())
            assert contrast(QColor(links[0]), background) >= 4.5, (name, links[0], background.name())
    finally:
        theme.apply("light")


def test_reopening_the_same_files_shows_the_last_revision_with_a_note(qtbot, window, tmp_path, db_path):
    open_draft(qtbot, window, tmp_path)
    edit(qtbot, window, 1, "한나는 상자를 두 번 세었다.")
    edited = content(window)
    assert window.revision_note.isVisible() and "revision 1" in window.revision_note.text()
    window.close()
    again = make_window(qtbot, db_path, tmp_path)
    try:
        source, draft = files(tmp_path)
        again.open_files(source, [draft])  # the file still holds the original words
        qtbot.waitUntil(lambda: again.document.candidate is not None and content(again) == edited,
                        timeout=20_000)
        qtbot.waitUntil(again.revision_note.isVisible, timeout=20_000)
        assert "Showing revision 1" in again.revision_note.text() and "your edits" in again.revision_note.text()
        again.revision_note.linkActivated.emit("original")  # "See the original"
        dialog = again.revision_dialog
        picker_ready(qtbot, dialog)
        assert dialog.number() == 0 and dialog.text.toPlainText() == DRAFT
        assert (tmp_path / "draft.txt").read_text(encoding="utf-8") == DRAFT  # the file is never changed
    finally:
        again.close()


XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
 <file original="story.docx" source-language="en" target-language="ko" datatype="plaintext">
  <body>
   <trans-unit id="u1"><source>It was <g id="1">late</g>.</source><target>밤이 <g id="1">늦었다</g>.</target></trans-unit>
   <trans-unit id="u2"><source>Seven boxes<x id="1"/> stood <bpt id="2">&lt;b&gt;</bpt>there<ept id="2">&lt;/b&gt;</ept>.</source>
    <target>상자 다섯 개가<x id="1"/> <bpt id="2">&lt;b&gt;</bpt>거기<ept id="2">&lt;/b&gt;</ept> 있었다.</target></trans-unit>
   <trans-unit id="u3"><source>Then she left.</source><target>그리고 그녀는 떠났다.</target></trans-unit>
  </body>
 </file>
</xliff>"""


def test_xliff_codes_are_tags_in_the_editor_and_stay_in_place_on_export(qtbot, window, tmp_path):
    from lxml import etree
    from PySide6.QtWidgets import QTextEdit
    from translate.storage import xliff

    from litlens.app.formats import project_from_bilingual
    from litlens.ui.pair.codes import TagHighlighter, editor_text, saved_text
    path = tmp_path / "story.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    window.open_project(project_from_bilingual(path, "Draft"))
    qtbot.waitUntil(lambda: window.document.project_id is not None and bool(window.inline_codes.codes),
                    timeout=20_000)
    codes = window.inline_codes
    assert codes.for_paragraph("Draft", 2) is None  # no codes in this segment: plain editing
    pieces = codes.for_paragraph("Draft", 1)
    shown = editor_text(pieces, window.document.candidate.text.paragraphs[1].text)
    assert shown == "상자 다섯 개가⟦1⟧ ⟦2⟧거기⟦3⟧ 있었다."
    assert saved_text("상자 일곱 개가⟦1⟧ ⟦2⟧거기⟦3⟧ 있었다.", pieces) == ("상자 일곱 개가 거기 있었다.", [])
    assert saved_text("상자 일곱 개가 ⟦2⟧거기⟦3⟧ 있었다.", pieces)[1] == ["⟦1⟧"]  # warned about
    assert "⟦1⟧" in codes.warning(["⟦1⟧"])
    editor = QTextEdit()
    qtbot.addWidget(editor)
    TagHighlighter(editor.document())
    editor.setPlainText(shown)
    formats = editor.document().firstBlock().layout().formats()
    assert [(f.start, f.length) for f in formats] == [(8, 3), (12, 3), (17, 3)]  # each tag, nothing else

    for index, new in ((0, "밤이 깊었다."), (1, "상자 일곱 개가 거기 서 있었다.")):
        assert window.pair_view.edit_paragraph(index)
        window.pair_view.text.editor.widget.setPlainText(new)
        window.pair_view.text.editor.finish(save=True)
        settle(qtbot, window)
    # the editor would now show the codes among the new words
    assert editor_text(pieces, window.document.candidate.text.paragraphs[1].text) == \
        "상자 일곱 개가⟦1⟧ ⟦2⟧거기⟦3⟧ 서 있었다."
    out = tmp_path / "story.revised.xlf"
    assert window.export_actions.export_to("translation", "xliff", str(out))
    qtbot.waitUntil(out.exists, timeout=20_000)
    store = xliff.xlifffile.parsestring(out.read_bytes())
    units = {u.getid().split("\x04")[-1]: u for u in store.units if not u.isheader()}
    target = {k: etree.tostring(u.xmlelement.find("{urn:oasis:names:tc:xliff:document:1.2}target"), encoding=str)
              for k, u in units.items()}
    assert '밤이 <g id="1">깊었다</g>.' in target["u1"]
    assert ('상자 일곱 개가<x id="1"/> <bpt id="2">&lt;b&gt;</bpt>거기<ept id="2">&lt;/b&gt;</ept> 서 있었다.'
            in target["u2"])
    # translate-toolkit's own reading of the target renders the bpt/ept codes' content around the new word
    assert str(units["u2"].target) == "상자 일곱 개가 <b>거기</b> 서 있었다."


def test_new_project_takes_the_languages_the_user_picks_and_detects_the_rest(qtbot, window, tmp_path, monkeypatch):
    source = tmp_path / "reise.txt"
    source.write_text("Die Gräfin reiste im Herbst nach Venedig. Sie nahm nur einen Koffer mit, denn sie "
                      "wollte nicht lange bleiben, und am Bahnhof wartete ihr Neffe auf sie.\n", encoding="utf-8")
    draft = tmp_path / "trip.txt"
    draft.write_text("The countess went to Venice in the autumn. She took only one Koffer.\n", encoding="utf-8")
    dialog = NewProjectDialog(window, [str(source), str(draft)])
    qtbot.addWidget(dialog)
    assert dialog.languages() == (None, None)  # detected unless chosen
    assert dialog.source_language.currentText() == "Detect from the text"
    codes = [dialog.target_language.itemData(i) for i in range(dialog.target_language.count())]
    assert {"de", "en", "fr", "ko", "ja", "zh"} <= set(codes)
    monkeypatch.setattr(NewProjectDialog, "exec", lambda self: self.accept() or self.result())
    window.new_project([str(source), str(draft)])  # left to detection: German → English
    qtbot.waitUntil(lambda: window.document.project is not None and
                    window.document.project.source.content.startswith("Die"), timeout=20_000)
    project = window.document.project
    assert (project.source.language, project.candidates[0].text.language) == ("de", "en")

    def exec_chosen(self):
        self.target_language.setCurrentIndex(self.target_language.findData("fr"))  # the user says French
        self.accept()
        return self.result()
    monkeypatch.setattr(NewProjectDialog, "exec", exec_chosen)
    window.new_project([str(source), str(draft)])
    qtbot.waitUntil(lambda: window.document.project.candidates[0].text.language == "fr", timeout=20_000)
    assert window.document.project.source.language == "de"
