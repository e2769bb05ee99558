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


@pytest.mark.parametrize("written, settled", [
    ("“안”을(를) 적용했습니다.", "“안”을 적용했습니다."),  # a final consonant: 을
    ("“앉아요.”을(를) 적용했습니다.", "“앉아요.”를 적용했습니다."),  # through the quote and its stop: 를
    ("할멈이(가) 말함", "할멈이 말함"), ("도련님은(는)", "도련님은"), ("사내은(는)", "사내는"),
    ("사내와(과) 준", "사내와 준"), ("할멈와(과) 준", "할멈과 준"), ("도련님(이)라고", "도련님이라고"),
    ("사내(이)라고", "사내라고"),
    ("집(으)로", "집으로"), ("서울(으)로", "서울로"), ("사내(으)로", "사내로"),  # ㄹ and no final: 로
    ("수정본 3(으)로 저장", "수정본 3으로 저장"), ("수정본 2(으)로", "수정본 2로"), ("수정본 1(으)로", "수정본 1로"),
    ("수정본 10(으)로", "수정본 10으로"), ("수정본 100(으)로", "수정본 100으로"), ("1000(으)로", "1000으로"),
    ("report.pdf(으)로 내보냈습니다", "report.pdf(으)로 내보냈습니다"),  # a word it cannot read: both forms
    ("‘(으)로서’와 ‘(으)로써’", "‘(으)로서’와 ‘(으)로써’"),  # no word before the pair: left alone
    ("Exported to {0}", "Exported to {0}"),
])
def test_a_korean_particle_is_chosen_from_the_word_before_it(written, settled):
    from litlens.ui.common.particles import settle
    assert settle(written) == settled


def test_the_status_line_settles_particles_and_ends_a_cut_message_with_an_ellipsis(qtbot, db_path, tmp_path):
    window = window_on(qtbot, db_path, tmp_path, SOURCE, DRAFT)
    window.resize(1280, 800)
    window.statusBar().showMessage("“할멈은 안주인을 먼저 땅에 묻었고, 이어 바깥주인을 묻었으며, 이제 남은 것은 그 "
                                   "아이뿐이었다.”을(를) 적용했습니다. 이 지적은 해결되었습니다.")
    qtbot.wait(50)
    line = window.status_line
    assert "”를 적용했습니다" in line.text() and "(를)" not in line.text()
    assert line.toolTip() == line.text()
    line.resize(200, line.height())
    shown = line.shown_text()
    assert shown.endswith("…") and line.text().startswith(shown[:-1]) and len(shown) < len(line.text())
    window.close()


def test_the_level_timeline_labels_only_the_levels_spoken_and_they_do_not_overlap_in_a_short_dock(qtbot):
    from PySide6.QtGui import QFontMetrics

    from litlens.app.korean.levels import LEVELS
    from litlens.ui.views.ledger import LevelTimeline
    timeline = LevelTimeline()
    qtbot.addWidget(timeline)
    timeline.resize(900, 120)  # what a 1280x800 window leaves it under the ledger's tables
    timeline.show()
    timeline.set_series("사내 → 할멈", {"A": ["하오체", "해요체", "하오체"]})  # neighbouring levels
    qtbot.wait(100)
    plot = timeline.view.getPlotItem()
    left = plot.getAxis("left")
    ticks = [label for _y, label in left._tickLevels[0]]
    assert sorted(ticks, key=LEVELS.index) == ["해요체", "하오체"]
    (y0, y1) = plot.getViewBox().viewRange()[1]
    rows_px = plot.getViewBox().height() / (y1 - y0)  # pixels per level step
    gap = abs(LEVELS.index("해요체") - LEVELS.index("하오체")) * rows_px
    assert gap >= QFontMetrics(left.style["tickFont"] or timeline.font()).height(), (gap, rows_px)


def test_export_names_a_revised_translation_after_the_translation_and_keeps_a_name_the_user_typed(qtbot, tmp_path):
    from pathlib import Path

    from litlens.app.texts import build_project, text_from_string
    from litlens.ui.common.document import Document
    from litlens.ui.review.export_dialog import CHOICES, ExportDialog
    document = Document()
    document.set_project(build_project("story_en", text_from_string("The rain began.", "en"),
                                       [("story_ko_flawed", text_from_string("비가 내렸다.", "ko")),
                                        ("story_ko_careful", text_from_string("비가 내리기 시작했다.", "ko"))]))
    dialog = ExportDialog(document)
    qtbot.addWidget(dialog)
    dialog.candidate.setCurrentIndex(dialog.candidate.findData("story_ko_flawed"))

    def choose(kind: str, fmt: str) -> Path:
        dialog.what.setCurrentIndex(dialog.what.findData(next(i for i, c in enumerate(CHOICES) if c[:2] == (kind, fmt))))
        return Path(dialog.choice()[2])
    assert choose("report", "html").name == "story_en.html"  # a report is the project's
    assert choose("translation", "txt").name == "story_ko_flawed-revised.txt"  # not "story_en.txt"
    dialog.candidate.setCurrentIndex(dialog.candidate.findData("story_ko_careful"))
    assert Path(dialog.choice()[2]).name == "story_ko_careful-revised.txt"
    assert choose("report", "pdf").name == "story_en.pdf"
    dialog.path.setText(str(tmp_path / "for the editor.pdf"))  # the user's own name stays
    assert choose("translation", "docx") == tmp_path / "for the editor.docx"


def test_settings_shows_the_database_the_window_uses(qtbot, db_path, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QDialog

    from litlens.app.run.store import default_db_path
    from litlens.ui.settings.dialog import SettingsDialog
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    other = tmp_path / "started-with-db.db"  # as `litlens gui --db other.db`; the default is LITLENS_DB's
    window = window_on(qtbot, other, tmp_path, SOURCE, DRAFT)
    window.open_settings()
    shown = window.settings_dialog.db_path.placeholderText()
    assert shown == str(other) and shown != str(default_db_path())
    window.close()


def test_after_undoing_an_applied_correction_the_reviewer_is_still_on_that_finding(qtbot, db_path, tmp_path):
    window = _sample_window(qtbot, db_path, tmp_path)
    _run_offline(qtbot, window, ["honorifics"])
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() > 2, timeout=20_000)
    row = next(i for i in range(findings.tree.topLevelItemCount())
               if "앉아." in findings.tree.topLevelItem(i).text(4))
    findings.tree.setCurrentItem(findings.tree.topLevelItem(row))
    qtbot.waitUntil(lambda: window.results.review_buttons.apply.isEnabled(), timeout=10_000)
    window.results.review_buttons.apply.click()
    qtbot.waitUntil(lambda: "앉아요." in window.document.candidate.text.content, timeout=20_000)
    qtbot.waitUntil(lambda: window.edits.pending == 0, timeout=20_000)
    findings.tree.setCurrentItem(findings.tree.topLevelItem(row))  # back on the applied finding
    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=10_000)
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: "앉아요." not in window.document.candidate.text.content, timeout=20_000)
    qtbot.waitUntil(lambda: window.edits.pending == 0 and not findings.pending, timeout=20_000)
    qtbot.wait(300)
    current = findings.tree.currentItem()
    assert current is not None and "앉아." in current.text(4), current and current.text(4)
    assert "앉아." in findings.detail.toPlainText()
    window.close()


def test_a_ranking_title_is_worded_from_its_method_in_the_korean_interface(qapp):
    from litlens.ui.common import i18n
    from litlens.ui.views.table import shown
    assert shown("two-step ranking") == "two-step ranking"  # English as the judge wrote it
    i18n.install(qapp, "ko")
    try:
        assert shown("two-step ranking") == "2단계 순위"  # it read "two-step ranking" in a Korean window
        assert shown("three-step ranking: position bias").startswith("3단계 순위: ")
        assert shown("no-reasoning ranking") == "근거 없이 순위"
        assert shown("BWS order effects") == "BWS 제시 순서의 영향"  # a whole title with a translation: whole
    finally:
        i18n.install(qapp, "en")


def test_the_judges_view_names_judges_as_the_panel_does_and_a_full_bar_keeps_its_value_label(qtbot):
    from PySide6.QtGui import QFontMetrics

    from litlens.app.humans.payload import DecisionCalibration
    from litlens.ui.views.span_agreement import SpanAgreementView
    payload = DecisionCalibration(title="Your decisions", source="your decisions", cells=[
        {"judge": "honorifics", "category": "fluency", "kept": 1, "n": 1, "precision": 1.0, "low": 0.21,
         "high": 1.0, "keeps_rejecting": False},
        {"judge": "a-plugin-judge", "category": "style", "kept": 0, "n": 2, "precision": 0.0, "low": 0.0,
         "high": 0.66, "keeps_rejecting": True}])
    view = SpanAgreementView()
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    view.set_payload(payload)
    tops = [view.tree.topLevelItem(i).text(0) for i in range(view.tree.topLevelItemCount())]
    assert tops == ["Korean honorifics", "a-plugin-judge"]  # not the id "honorifics"; an unknown id as it is
    assert [g[0] for g in view.chart.groups] == tops
    chart = view.chart
    end_of_label = chart.LABEL + chart.bar_width() + 4 + QFontMetrics(chart.font()).horizontalAdvance("1.00")
    assert end_of_label <= chart.width(), (end_of_label, chart.width())  # "1.00" after a bar of 1.0, not "1."


def test_a_ledger_change_row_is_named_whole(qtbot):
    from PySide6.QtGui import QFontMetrics

    from litlens.ui.views.ledger import PairTable
    table = PairTable()
    qtbot.addWidget(table)
    table.resize(900, 300)
    table.show()
    turns = [{"level": "하십시오체", "start": 0, "end": 5}, {"level": "해요체", "start": 10, "end": 15}]
    table.set_pairs("A", [{"speaker": "사내", "listener": "준", "turns": turns, "dominant": "하십시오체",
                           "counts": {"하십시오체": 1, "해요체": 1},
                           "changes": [{"paragraph": 126, "from": "하십시오체", "to": "해요체", "flagged": True,
                                        "severity": "major", "start": 10, "end": 15}]}])
    child = table.topLevelItem(0).child(0)
    assert child.text(0) == "¶127: 하십시오체 → 해요체"
    needed = QFontMetrics(table.font()).horizontalAdvance(child.text(0)) + 2 * table.indentation()
    assert table.header().sectionSize(0) >= needed  # not cut to "¶7: 하게체 → 해…"


def test_the_findings_dock_leaves_no_blank_line_where_there_are_no_counts_per_category(qtbot, db_path, tmp_path):
    window = _sample_window(qtbot, db_path, tmp_path)
    findings = window.results.findings
    window.results.raise_page("findings")
    qtbot.wait(100)
    assert not findings.per_category.text() and not findings.per_category.isVisibleTo(findings)
    _run_offline(qtbot, window, ["honorifics"])
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() > 0, timeout=20_000)
    assert findings.per_category.text() and findings.per_category.isVisibleTo(findings)
    window.close()


def test_acting_on_one_finding_says_one_and_a_copy_says_what_it_copied(qtbot, db_path, tmp_path):
    window = _sample_window(qtbot, db_path, tmp_path)
    _run_offline(qtbot, window, ["consistency"])
    findings = window.results.findings
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() > 0, timeout=20_000)
    row = next(i for i in range(findings.tree.topLevelItemCount()) if findings.tree.topLevelItem(i).text(4) == "미레")
    findings.tree.setCurrentItem(findings.tree.topLevelItem(row))
    window.review_actions.copy_current()
    assert window.statusBar().currentMessage() == "Copied the finding."
    window.reject_like_action.trigger()
    qtbot.waitUntil(lambda: "Rejected" in window.statusBar().currentMessage(), timeout=20_000)
    said = window.statusBar().currentMessage()
    assert "1 findings" not in said and said == "Rejected this finding; no other is like it.", said
    window.close()
