"""Through the real window: File › Export review DOCX writes the current translation's findings; the
translator edits a target and answers a finding (python-docx); File › Import review DOCX shows a preview
(edits, answers, and a row it will not apply) and changes nothing until Apply; Apply makes one revision and
a note, and one Undo takes both back. A file that is not a review file is refused with a message."""

from __future__ import annotations

import docx
import pytest

from litlens.app.core.model import Judgment, Span
from litlens.app.run import annotations as ann
from litlens.app.run import candidate_texts, revisions
from litlens.app.run.store import Store
from ui_project import window_on

pytestmark = pytest.mark.gui

SOURCE = "\n\n".join(["The keeper counted seven boxes.", "Hanna asked the keeper twice.", "The rain began."])
DRAFT = "\n\n".join(["주인은 상자 여덟 개를 세었다.", "한나는 주인에게 두 번 물었다.", "비가 시작되었다."])


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = window_on(qtbot, db_path, tmp_path, SOURCE, DRAFT)
    yield w
    w.close()


def _stored_run(db_path, pid) -> int:
    store = Store(db_path)
    project = store.load_project(pid)
    text = project.candidate("draft").text
    start = text.content.index("여덟")
    span = Span("gemba_mqm", "accuracy/mistranslation", "major", "seven, not eight", start, start + 2, "여덟",
                "일곱", paragraph=0)
    run_id = store.start_run(pid, ["gemba_mqm"], "offline", "none", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, run_id)
    store.save_result(run_id, Judgment("gemba_mqm", "g", "draft", None, spans=[span]), "v1", "none", "h")
    store.update_run(run_id, status="done", units_done=1)
    store.close()
    return run_id


def _settle(qtbot, window):
    qtbot.waitUntil(lambda: window.review_file.pending == 0 and window.edits.pending == 0, timeout=20_000)


def test_review_docx_round_trip_through_the_window(qtbot, window, db_path, tmp_path):
    pid = window.document.project_id
    _stored_run(db_path, pid)
    out, back = tmp_path / "review.docx", tmp_path / "back.docx"
    assert window.review_export_action.isEnabled()
    window.review_file.export_to(out)
    _settle(qtbot, window)
    d = docx.Document(str(out))
    rows = d.tables[0].rows
    tag = rows[1].cells[3].text.split()[0]
    assert tag.startswith("[F") and "seven, not eight" in rows[1].cells[3].text
    rows[1].cells[2].text = "주인은 상자 일곱 개를 세었다."
    rows[1].cells[4].text = "고쳤습니다."
    rows[3].cells[1].text = "The rain stopped."  # the translator changed a source: reported, not applied
    d.save(str(back))
    with qtbot.waitSignal(window.review_file.previewed, timeout=20_000) as shown:
        window.review_file.import_from(back)
    preview = shown.args[0]
    assert [preview.tree.topLevelItem(i).childCount() for i in range(3)] == [1, 1, 1]
    assert preview.tree.topLevelItem(0).child(0).text(2) == "주인은 상자 일곱 개를 세었다."
    assert "source differs" in preview.tree.topLevelItem(2).child(0).text(0)
    _settle(qtbot, window)
    qtbot.wait(200)
    store = Store(db_path)
    assert candidate_texts.head(store, pid, "draft") == 0 and ann.for_project(store, pid) == []
    assert window.document.candidate.text.content == DRAFT  # nothing applied before Apply
    preview.apply_button.click()
    qtbot.waitUntil(lambda: "일곱" in window.document.candidate.text.content, timeout=20_000)
    _settle(qtbot, window)
    assert candidate_texts.head(store, pid, "draft") == 1
    [note] = ann.for_project(store, pid)
    assert (note.action, note.note) == ("comment", "Translator: 고쳤습니다.")
    qtbot.waitUntil(lambda: "review import" in window.undo_edit_action.text(), timeout=10_000)
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: window.document.candidate.text.content == DRAFT, timeout=20_000)
    assert ann.for_project(store, pid) == []
    store.close()


def test_a_file_that_is_not_a_review_file_is_refused_with_a_message(qtbot, window, tmp_path):
    plain = tmp_path / "plain.docx"
    d = docx.Document()
    d.add_paragraph("hello")
    d.save(str(plain))
    said = []
    window.statusBar().messageChanged.connect(said.append)
    window.review_file.import_from(plain)
    _settle(qtbot, window)
    assert any("not a LitLens review file" in m for m in said)
    assert window.review_file.preview is None


def test_a_word_reply_is_previewed_with_its_author_and_saved_as_a_note(qtbot, window, db_path, tmp_path):
    from test_review_docx_comments import WordSave
    pid = window.document.project_id
    _stored_run(db_path, pid)
    out, back = tmp_path / "review.docx", tmp_path / "back.docx"
    window.review_file.export_to(out)
    _settle(qtbot, window)
    word = WordSave(out)
    word.reply(next(word.comments.iterchildren()), "김민아", "원문이 일곱이라 고쳤어요.")
    word.save(back)
    with qtbot.waitSignal(window.review_file.previewed, timeout=20_000) as shown:
        window.review_file.import_from(back)
    preview = shown.args[0]
    assert preview.tree.topLevelItem(1).child(0).text(2) == "김민아: 원문이 일곱이라 고쳤어요."
    preview.apply_button.click()
    _settle(qtbot, window)
    qtbot.waitUntil(lambda: window.review_file.pending == 0 and window.edits.pending == 0, timeout=20_000)
    store = Store(db_path)
    qtbot.waitUntil(lambda: len(ann.for_project(store, pid)) == 1, timeout=20_000)
    assert ann.for_project(store, pid)[0].note == "김민아: 원문이 일곱이라 고쳤어요."
    store.close()
