"""What walking the reviewer's desk at 1280×800 showed, held by tests: the Concordance, Scorecard and
Termbase docks open without pushing the window past the screen (each fits beside the findings list, and
together they are tabs among the results); the Termbase's status choices are not cut; Replace in the find
dialog says there what it did and leaves no spent preview behind; the review DOCX preview and the
scorecard's note go through translation (no English in the Korean interface)."""

from __future__ import annotations

import docx
import pytest
from PySide6.QtCore import Qt, QTranslator
from test_ui_review_docx import DRAFT, SOURCE, _settle, _stored_run
from ui_project import window_on

from litlens.app.run import candidate_texts
from litlens.app.run.store import Store
from litlens.app.terms import Term, Termbase, TermEntry, save_termbase
from litlens.ui.terms.view import STATUS

pytestmark = pytest.mark.gui

WIDTH, HEIGHT = 1280, 800


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = window_on(qtbot, db_path, tmp_path, SOURCE, DRAFT)
    w.resize(WIDTH, HEIGHT)
    yield w
    w.close()


def _desk(window):
    return [window.find_actions.dock, window.scorecard_dock, window.terms_dock]


def test_the_desk_docks_open_together_within_a_1280_screen(qtbot, window):
    for dock in _desk(window):
        dock.show()
        dock.raise_()
    qtbot.wait(50)
    assert window.width() <= WIDTH and window.minimumSizeHint().width() <= WIDTH
    findings = window.results.docks["findings"]
    together = window.tabifiedDockWidgets(findings)
    assert all(dock in together for dock in _desk(window))  # tabs among the results, not a new column


def test_each_desk_dock_fits_beside_the_findings_list(qtbot, window):
    """A reviewer may drag one beside the findings to see both: the window must not grow for it."""
    findings = window.results.docks["findings"]
    for dock in _desk(window):
        window.removeDockWidget(dock)  # (splitDockWidget would make it a tab of the findings' group)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock, Qt.Orientation.Horizontal)
        dock.show()
        qtbot.wait(20)
        assert dock not in window.tabifiedDockWidgets(findings) and dock.x() > findings.x()
        assert window.minimumSizeHint().width() <= WIDTH, dock.objectName()
        dock.hide()


def test_termbase_status_choices_are_not_cut(qtbot, window, tmp_path):
    tb = Termbase("en", "ko")
    tb.entries.append(TermEntry("t1", (Term("keeper"),), (Term("주인", "preferred"), Term("관리인", "forbidden"))))
    save_termbase(tb, tmp_path / "names.tbx")
    window.terms_dock.show()
    window.terms_dock.raise_()
    view = window.terms_dock.widget()
    assert view.open(tmp_path / "names.tbx")
    qtbot.wait(20)
    widest = max(view.table.cellWidget(r, STATUS).sizeHint().width() for r in range(view.table.rowCount()))
    assert view.table.columnWidth(STATUS) >= widest
    view.add_row()
    assert view.table.columnWidth(STATUS) >= view.table.cellWidget(2, STATUS).sizeHint().width()


def test_replace_says_in_the_dialog_what_it_did_and_leaves_no_spent_preview(qtbot, window, db_path):
    dialog = window.find_actions.find_replace()
    dialog.find_edit.setText(r"상자 (\S+) 개")
    dialog.replace_edit.setText(r"상자 \1 개쯤")
    dialog.regex.setChecked(True)
    dialog.refresh()
    assert len(dialog.changes) == 1 and dialog.replace_button.isEnabled()
    width = dialog.width()
    dialog.replace_button.click()
    # at once: the preview is spent, Replace cannot be pressed on it again
    assert dialog.preview.topLevelItemCount() == 0 and not dialog.replace_button.isEnabled()
    dialog.refresh()  # Preview pressed again while the revision is being saved: planned on the old text
    qtbot.waitUntil(lambda: "개쯤" in window.document.candidate.text.content, timeout=20_000)
    qtbot.waitUntil(lambda: "revision 1 of draft" in dialog.status.text(), timeout=20_000)
    assert dialog.status.text().startswith("1 change in 1 paragraph saved as revision 1 of draft")
    qtbot.wait(20)
    assert dialog.width() == width  # the long message wraps instead of widening the dialog
    assert dialog.preview.topLevelItemCount() == 0 and not dialog.replace_button.isEnabled()
    store = Store(db_path)
    assert candidate_texts.head(store, window.document.project_id, "draft") == 1
    store.close()


class Marked(QTranslator):
    """Wraps every string of the given contexts in «», so a test sees which texts went through tr()."""

    def __init__(self, *contexts: str) -> None:
        super().__init__()
        self.contexts = contexts

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"«{source}»" if context in self.contexts else None

    def isEmpty(self) -> bool:
        return False


@pytest.fixture
def marked(qapp):
    translator = Marked("ImportPreview", "ScorecardView", "TermsView")
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


def test_review_preview_problems_and_findings_go_through_translation(qtbot, window, db_path, tmp_path, marked):
    from test_review_docx_comments import WordSave
    _stored_run(db_path, window.document.project_id)
    out, back = tmp_path / "review.docx", tmp_path / "back.docx"
    window.review_file.export_to(out)
    _settle(qtbot, window)
    word = WordSave(out)
    word.reply(next(word.comments.iterchildren()), "Mina", "ok")
    word.save(back)
    d = docx.Document(str(back))
    d.tables[0].rows[2].cells[0].text = "77"  # an unknown ID, and paragraph 2 without a row
    d.save(str(back))
    with qtbot.waitSignal(window.review_file.previewed, timeout=20_000) as shown:
        window.review_file.import_from(back)
    preview = shown.args[0]
    _settle(qtbot, window)
    kept = preview.tree.topLevelItem(2)
    lines = [kept.child(i).text(0) for i in range(kept.childCount())]
    assert len(lines) == 2 and all(line.startswith("«") for line in lines), lines
    finding = preview.tree.topLevelItem(1).child(0).text(1)
    assert "«major»" in finding and "accuracy/" not in finding  # the category by its name, not its path
    preview.reject()


def test_scorecard_note_names_our_profile_in_the_interface_language(qtbot, window, marked):
    view = window.scorecard_dock.widget()
    window.scorecard_dock.show()
    view.refresh()
    # the sentence is translated, and so is our built-in profile's name in it
    assert view.note.text().startswith("««Literary»: score")


def test_a_promoted_spelling_is_noted_in_the_interface_language(qtbot, window, marked, monkeypatch):
    from litlens.app.core.model import Judgment
    found = Judgment("consistency", "c", "draft", None, data={"term_table": {"keeper": {"renderings": [
        {"text": "주인", "count": 2}, {"text": "관리인", "count": 1}]}}})
    view = window.terms_dock.widget()
    monkeypatch.setattr(view.document, "judgments_for", lambda _label: [found])
    assert view.promote_found() == 1
    notes = [view.table.item(r, 3).text() for r in range(view.table.rowCount())]
    assert notes == ["", "«a variant spelling the consistency judge found»"]


def test_flow_layout_wraps_within_its_width_without_overlap(qtbot):
    from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

    from litlens.ui.common.flow import FlowLayout
    host = QWidget()
    qtbot.addWidget(host)
    outer = QVBoxLayout(host)
    row = FlowLayout()
    buttons = [QPushButton(f"Button number {n}") for n in range(7)]
    for b in buttons:
        row.addWidget(b)
    outer.addLayout(row)
    widest = max(b.sizeHint().width() for b in buttons)
    assert row.minimumSize().width() == widest  # only the widest item, not the whole row
    width = widest * 2 + 20
    host.resize(width, host.heightForWidth(width))  # as tall as the layout says it needs at that width
    host.show()
    qtbot.wait(20)
    rects = [b.geometry() for b in buttons]
    assert all(r.right() < host.width() for r in rects)
    assert len({r.top() for r in rects}) >= 3  # wrapped onto several lines
    assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(row.geometry().contains(r) for r in rects)  # the height it asked for covers its lines
    assert all(r.bottom() < host.height() for r in rects)


def test_the_import_preview_marks_the_words_the_translator_changed(qtbot, window, db_path, tmp_path):
    _stored_run(db_path, window.document.project_id)
    out, back = tmp_path / "review.docx", tmp_path / "back.docx"
    window.review_file.export_to(out)
    _settle(qtbot, window)
    d = docx.Document(str(out))
    d.tables[0].rows[1].cells[2].text = "주인은 상자 일곱 개를 세었다."
    d.save(str(back))
    with qtbot.waitSignal(window.review_file.previewed, timeout=20_000) as shown:
        window.review_file.import_from(back)
    preview = shown.args[0]
    _settle(qtbot, window)
    preview.tree.setCurrentItem(preview.tree.topLevelItem(0).child(0))
    marks = preview.detail.extraSelections()
    assert [(m.cursor.selectedText(), m.format.fontStrikeOut()) for m in marks] == [("여덟", True), ("일곱", False)]
    preview.tree.setCurrentItem(preview.tree.topLevelItem(0))  # a group row: nothing to mark
    assert preview.detail.extraSelections() == []
    preview.reject()


def test_the_marks_are_whole_words(qtbot):
    from litlens.app.exchange.review_import import ImportPlan, RowEdit
    from litlens.ui.exchange.review_docx import ImportPreview
    plan = ImportPlan(1, "ko", 0, 0)
    plan.edits.append(RowEdit("2", 1, "할멈이 말했다. 차가 식어요.", "할멈이 나직이 말했다. 차가 식었어요."))
    preview = ImportPreview(plan, "back.docx")
    qtbot.addWidget(preview)
    preview.tree.setCurrentItem(preview.tree.topLevelItem(0).child(0))
    marks = [(m.cursor.selectedText(), m.format.fontStrikeOut()) for m in preview.detail.extraSelections()]
    # (a character diff marked "이 나직": the end of one word and the start of the next)
    assert [(text.strip(), removed) for text, removed in marks] == [("나직이", False), ("식어요", True),
                                                                    ("식었어요", False)]
