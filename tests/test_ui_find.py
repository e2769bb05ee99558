"""Through the real window: Edit › Find and replace (regex preview, untick one change, replace the rest as
one revision, one Undo puts every change back) and the concordance dock (a selection looked up, filtered,
and a line shown in the pair view)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from litlens.app.run import revisions
from litlens.app.run.store import Store
from ui_project import window_on

pytestmark = pytest.mark.gui

SOURCE = "\n\n".join(["The keeper counted seven boxes.", "Hanna asked the keeper twice.", "The rain began.",
                      "The keeper slept."])
DRAFT = "\n\n".join(["주인은 상자 일곱 개를 세었다.", "한나는 주인에게 두 번 물었다.", "비가 시작되었다.",
                     "주인장은 잠들었다."])


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = window_on(qtbot, db_path, tmp_path, SOURCE, DRAFT)
    yield w
    w.close()


def _content(window) -> str:
    return window.document.candidate.text.content


def _settle(qtbot, window):
    qtbot.waitUntil(lambda: window.edits.pending == 0 and window.find_actions.replacer.pending == 0,
                    timeout=20_000)
    qtbot.wait(100)


def test_find_and_replace_with_regex_preview_and_one_undo(qtbot, window, db_path):
    window.find_replace_action.trigger()
    dialog = window.find_actions.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.find_edit.setText(r"주인(은|에게)")
    dialog.replace_edit.setText(r"여관 주인\1")
    dialog.regex.setChecked(True)
    dialog.preview_button.click()
    # 주인장은 is not 주인 + 은: two changes, one per paragraph, each shown before it is made
    assert [(c.paragraph, c.old, c.new) for c in dialog.changes] == [(0, "주인은", "여관 주인은"),
                                                                     (1, "주인에게", "여관 주인에게")]
    assert dialog.preview.topLevelItemCount() == 2 and dialog.preview.topLevelItem(1).text(3) == "여관 주인에게"
    dialog.whole.setChecked(True)  # an option changed: the preview is stale and Replace waits for a new one
    assert not dialog.replace_button.isEnabled() and dialog.changes == []
    dialog.whole.setChecked(False)
    dialog.preview_button.click()
    dialog.preview.topLevelItem(0).setCheckState(0, Qt.CheckState.Unchecked)
    dialog.replace_button.click()
    _settle(qtbot, window)
    assert _content(window) == DRAFT.replace("주인에게", "여관 주인에게")
    store = Store(db_path)
    pid = window.document.project_id
    heads = [r for r in revisions.list_revisions(store, pid, "draft")]
    assert len(heads) == 2 and heads[-1]["reason"].startswith("replace “주인(은|에게)”") and heads[-1]["current"]
    # one Undo takes the whole replacement back
    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=10_000)
    assert "replace" in window.undo_edit_action.text()
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: _content(window) == DRAFT, timeout=20_000)
    # a plain search for a regex character finds it as typed
    dialog.regex.setChecked(False)
    dialog.find_edit.setText("두 번")
    dialog.replace_edit.setText("세 번")
    dialog.preview_button.click()
    dialog.replace_button.click()
    _settle(qtbot, window)
    assert _content(window) == DRAFT.replace("두 번", "세 번")


def test_concordance_of_a_selection_filtered_and_shown(qtbot, window):
    canvas = window.pair_view.text
    start = SOURCE.index("keeper")
    assert canvas.select("source", start, start + len("keeper"))
    window.concordance_action.trigger()
    view = window.find_actions.concordance
    assert window.find_actions.dock.isVisible() and view.query_edit.text() == "keeper"
    assert [(l.paragraph, l.other_text) for l in view.lines] == [(0, "주인은 상자 일곱 개를 세었다."),
                                                                 (1, "한나는 주인에게 두 번 물었다."),
                                                                 (3, "주인장은 잠들었다.")]
    assert view.tree.topLevelItem(2).text(4) == "주인장은 잠들었다."
    view.filter_edit.setText("주인장")  # the odd rendering, by its counterpart
    assert [l.paragraph for l in view.visible_lines()] == [3]
    assert "1 of 3" in view.status.text()
    item = view.tree.topLevelItem(2)
    view.tree.itemActivated.emit(item, 0)
    marks = canvas.marks
    assert {m[0] for m in marks} == {"source", "target"}
    # the translation side: 주인 looked up in the translation column
    view.filter_edit.clear()
    view.look_up("주인", "target")
    assert len(view.lines) == 3 and view.lines[0].other_text == "The keeper counted seven boxes."
    view.tree.itemActivated.emit(view.tree.topLevelItem(1), 0)
    target_marks = [m for m in canvas.marks if m[0] == "target"]
    assert target_marks and window.pair_view.focused is None


def test_scorecard_dock_follows_review_decisions_and_profile(qtbot, window):
    from litlens.app.mqm.scorecard import count_words
    window.judge_panel.select(["consistency"])
    with qtbot.waitSignal(window.runs.finished, timeout=60_000):
        window.run_action.trigger()
    window.scorecard_dock.show()
    view = window.scorecard_dock.widget()
    qtbot.waitUntil(lambda: bool(view.cards), timeout=10_000)
    spans = [s for s in window.document.findings("draft") if s.severity != "neutral"]
    assert spans and len({(s.start, s.end) for s in spans}) == len(spans)  # no two on the same words
    weight = {"minor": 1, "major": 5, "critical": 5}  # the literary profile's
    [card] = view.cards
    words = count_words(SOURCE)
    assert (card.words, card.errors, card.score) == (words, 0, 100.0)  # nothing reviewed yet
    view.include_all.setChecked(True)
    every = sum(weight[s.severity] for s in spans)
    assert view.cards[0].points == every
    assert view.tree.topLevelItem(0).text(8) == f"{100 * (1 - every / words):.2f}"
    first = spans[0]
    window.review.reject(first)
    qtbot.waitUntil(lambda: window.document.status(first) == "rejected", timeout=10_000)
    qtbot.waitUntil(lambda: view.cards[0].points == every - weight[first.severity], timeout=10_000)
    window.review.accept(first)
    qtbot.waitUntil(lambda: window.document.status(first) == "accepted", timeout=10_000)
    view.include_all.setChecked(False)  # reviewed only: the accepted one
    qtbot.waitUntil(lambda: view.cards[0].points == weight[first.severity], timeout=10_000)
    assert view.set_profile("mqm-core") and view.cards[0].profile.name == "MQM-Core"
    assert view.tree.topLevelItem(0).text(10) == view.tr("fail")  # at least 1 point in 15 words: below 99


def test_terms_dock_promotes_edits_saves_and_hands_the_file_to_the_next_run(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QComboBox

    from litlens.app.terms import load_termbase
    # names the consistency judge can tie to their renderings (two rows at least), one spelt two ways
    (tmp_path / "stay_en.txt").write_text(
        "Sir Charles Grandison arrived in the rain.\n\nGrandison asked for a room.\n\nThe road was closed."
        "\n\nGrandison smiled.\n\nIn the morning Grandison left.", encoding="utf-8")
    (tmp_path / "stay_ko.txt").write_text(
        "찰스 그랜디슨 경은 빗물 속에 도착했다.\n\n그랜디슨은 방을 청했다.\n\n길이 막혔다.\n\n"
        "그란디손은 미소를 지었다.\n\n아침에 그랜디슨은 떠났다.", encoding="utf-8")
    window.open_files(tmp_path / "stay_en.txt", [tmp_path / "stay_ko.txt"])
    qtbot.waitUntil(lambda: window.document.project is not None and window.document.project.name == "stay_en"
                    and window.document.project_id is not None, timeout=20_000)
    window.judge_panel.select(["consistency"])
    with qtbot.waitSignal(window.runs.finished, timeout=60_000):
        window.run_action.trigger()
    window.terms_dock.show()
    view = window.terms_dock.widget()
    assert view.promote_found() == 1
    rows = [[view.table.item(r, c).text() for c in (0, 1)] + [view.table.cellWidget(r, 2).currentData()]
            for r in range(view.table.rowCount())]
    assert rows == [["Grandison", "그랜디슨", "preferred"], ["Grandison", "그란디손", "forbidden"]]
    tb = view.termbase()
    assert tb.source_lang == "en" and tb.target_lang == "ko" and view.promote_found() == 0  # nothing twice
    # the reviewer adds an entry: 'rain' must be 비, and 빗물 is forbidden
    view.add_row()
    r = view.table.rowCount() - 1
    view.table.item(r, 0).setText("rain")
    view.table.item(r, 1).setText("비")
    view.add_row()
    view.table.item(r + 1, 0).setText("rain")
    view.table.item(r + 1, 1).setText("빗물")
    combo = view.table.cellWidget(r + 1, 2)
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData("forbidden"))
    path = tmp_path / "keeper.tbx"
    assert view.save(path)
    saved = load_termbase(path)
    rain = [e for e in saved.entries if e.source[0].text == "rain"]
    assert len(rain) == 1  # new rows with one source term are one entry
    assert [(t.text, t.status) for t in rain[0].target] == [("비", "preferred"), ("빗물", "forbidden")]
    assert len(saved) == len(tb) + 1  # the promoted one is saved too
    # reopened, the table shows the file; handed to the run, the consistency judge is ticked with it
    assert view.open(path) and view.table.rowCount() == sum(len(e.target) for e in saved.entries)
    assert view.use_for_run()
    assert "consistency" in window.judge_panel.selected()
    assert window.judge_panel.options()["consistency"]["termbase"] == str(path)
    with qtbot.waitSignal(window.runs.finished, timeout=60_000):
        window.run_action.trigger()
    enforced = sorted((s.quote, s.severity) for s in window.document.findings("stay_ko")
                      if s.data.get("check") == "termbase")
    # the forbidden renderings where they are; 'rain' has no preferred 비 but its forbidden 빗물 says it all
    assert enforced == [("그란디손", "major"), ("빗물", "major")]
