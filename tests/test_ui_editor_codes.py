"""Through the real window: a segment imported from XLIFF with inline codes is edited in the pair view's
inline editor, which shows the codes as ⟦n⟧ tags, warns when one is deleted, and saves only the words."""

from __future__ import annotations

import pytest

from litlens.app.formats import project_from_bilingual
from test_ui_revisions import XLIFF, settle, window  # noqa: F401  (the fixture)

pytestmark = pytest.mark.gui


def open_xliff(qtbot, window, tmp_path):  # noqa: F811
    path = tmp_path / "story.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    window.open_project(project_from_bilingual(path, "Draft"))
    qtbot.waitUntil(lambda: window.document.project_id is not None and bool(window.inline_codes.codes),
                    timeout=20_000)
    return window.pair_view.text.editor


def tag_ranges(editor) -> list[tuple[int, int]]:
    block = editor.widget.document().firstBlock()
    return [(f.start, f.length) for f in block.layout().formats()]


def test_codes_show_as_tags_and_a_kept_edit_saves_the_words(qtbot, window, tmp_path):  # noqa: F811
    editor = open_xliff(qtbot, window, tmp_path)
    assert window.pair_view.edit_paragraph(1)
    assert editor.widget.toPlainText() == "상자 다섯 개가⟦1⟧ ⟦2⟧거기⟦3⟧ 있었다."
    assert tag_ranges(editor) == [(8, 3), (12, 3), (17, 3)]  # the tags are drawn as tags, the words not
    editor.widget.setPlainText("상자 일곱 개가⟦1⟧ ⟦2⟧거기⟦3⟧ 있었다.")
    editor.finish(save=True)
    settle(qtbot, window)
    assert window.document.candidate.text.paragraphs[1].text == "상자 일곱 개가 거기 있었다."
    assert "⟦" not in window.document.candidate.text.content  # judges never see codes
    assert "formatting code" not in window.statusBar().currentMessage()


def test_deleting_a_tag_warns_and_keeps_the_words_right(qtbot, window, tmp_path):  # noqa: F811
    editor = open_xliff(qtbot, window, tmp_path)
    assert window.pair_view.edit_paragraph(1)
    editor.widget.setPlainText("상자 일곱 개가 ⟦2⟧거기⟦3⟧ 있었다.")  # ⟦1⟧ deleted
    editor.finish(save=True)
    message = window.statusBar().currentMessage()  # shown as the edit is saved
    assert "⟦1⟧" in message and "⟦2⟧" not in message
    settle(qtbot, window)
    assert window.document.candidate.text.paragraphs[1].text == "상자 일곱 개가 거기 있었다."
    # the save's own message keeps the warning instead of replacing it
    qtbot.waitUntil(lambda: "Saved revision" in window.statusBar().currentMessage(), timeout=10_000)
    assert "⟦1⟧" in window.statusBar().currentMessage()


def test_an_untouched_segment_with_codes_is_not_a_change(qtbot, window, tmp_path):  # noqa: F811
    editor = open_xliff(qtbot, window, tmp_path)
    revision = window.document.revision
    edited = []
    window.pair_view.paragraph_edited.connect(lambda *args: edited.append(args))
    assert window.pair_view.edit_paragraph(0)
    assert editor.widget.toPlainText() == "밤이 ⟦1⟧늦었다⟦/1⟧."
    editor.finish(save=True)  # opened and closed: the tags alone do not make an edit
    assert edited == [] and window.document.revision == revision
    assert window.pair_view.edit_paragraph(2)  # a segment without codes edits as plain text
    assert editor.widget.toPlainText() == "그리고 그녀는 떠났다." and tag_ranges(editor) == []
    editor.cancel()
