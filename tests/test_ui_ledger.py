"""Issue 18: the relationship ledger in the Speech levels dock — one row per pair, changes that jump to
the text, a timeline per pair, and two candidates side by side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from litlens.app.judges.payloads import SpeechLevelLedger
from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean.levels import LEVELS
from litlens.ui.views.ledger import LedgerView
from litlens.ui.views.speech_levels import SpeechLevelMap

pytestmark = pytest.mark.gui

STEADY = ('"민재 씨, 이거 드세요." 수진이 말했다.\n\n"괜찮아요." 민재가 대답했다.\n\n'
          '수진이 민재를 보았다. "정말 맛있어요."\n\n"그럼 조금만 주세요." 민재가 말했다.')
SHIFTING = STEADY.replace('"정말 맛있어요."', '"먹지 마."')


def payload() -> SpeechLevelLedger:
    pairs = {"A": analyse_text(SHIFTING).ledger, "B": analyse_text(STEADY).ledger}
    return SpeechLevelLedger("speech levels", list(LEVELS), {"A": [], "B": []}, pairs)


def test_one_row_per_pair_with_counts_and_dominant(qtbot):
    view = LedgerView()
    qtbot.addWidget(view)
    view.set_candidate("A")
    view.set_payload(payload())
    table = view.tables[0]
    rows = {table.topLevelItem(i).text(0): table.topLevelItem(i) for i in range(table.topLevelItemCount())}
    assert set(rows) == {"수진 → 민재", "민재 → 수진"}
    row = rows["수진 → 민재"]
    assert row.text(1) == "2" and row.text(3).startswith("1 flagged") and row.isExpanded()
    assert row.text(4 + LEVELS.index("해요체")) == "1" and row.text(4 + LEVELS.index("해체")) == "1"
    assert row.childCount() == 1 and "해요체 → 해체" in row.child(0).text(0)


def test_change_jumps_to_the_text(qtbot):
    view = SpeechLevelMap(None)
    qtbot.addWidget(view)
    view.set_candidate("A")
    view.set_payload(payload())
    change = view.ledger_view.tables[0].change_items()[0]
    with qtbot.waitSignal(view.occurrenceActivated) as got:
        view.ledger_view.tables[0].itemActivated.emit(change, 0)
    label, start, end = got.args
    assert label == "A" and SHIFTING[start:end].startswith('"먹지 마')


def test_timeline_and_side_by_side(qtbot):
    view = LedgerView()
    qtbot.addWidget(view)
    view.set_candidate("A")
    view.set_payload(payload())
    view.show()
    assert view.compare_row.isVisible() and view.heads[1].text() == "B"
    assert view.tables[1].topLevelItemCount() == 2
    table = view.tables[0]
    pick = next(table.topLevelItem(i) for i in range(2) if table.topLevelItem(i).text(0) == "수진 → 민재")
    table.setCurrentItem(pick)
    assert view.chosen == "수진 → 민재"
    assert view.timeline.series == {"A": ["해요체", "해체"], "B": ["해요체", "해요체"]}
    assert view.tables[1].currentItem().text(0) == "수진 → 민재"


def test_one_candidate_hides_the_comparison(qtbot):
    view = LedgerView()
    qtbot.addWidget(view)
    led = payload()
    led.pairs.pop("B")
    view.set_payload(led)
    view.show()
    assert not view.compare_row.isVisible() and not view.sides.widget(1).isVisible()
    assert not view.note.isVisible()


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_screenshot(qtbot, mode, tmp_path):
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import theme
    theme.apply(mode, QApplication.instance())
    try:
        view = SpeechLevelMap(None)
        qtbot.addWidget(view)
        view.set_candidate("A")
        view.set_payload(payload())
        view.tabs.setCurrentIndex(1)
        view.resize(1000, 560)
        view.show()
        qtbot.waitExposed(view)
        assert view.grab().save(str(tmp_path / f"ledger_{mode}.png"))
    finally:
        theme.apply("light", QApplication.instance())


UNSURE = '민호와 수진이 마주 앉았다.\n\n"언제 왔어?"\n\n"방금."\n\n' + STEADY


def test_a_turn_whose_speaker_is_unknown_is_listed_as_such_never_under_a_name(qtbot):
    """Lines the analyser will not attribute are one "Speaker unknown" row (its turns count in no pair),
    each turn saying why in its tooltip; through the judge's summary, as the dock receives it."""
    from litlens.app.core.model import Judgment
    from litlens.app.judges.honorifics import HonorificsJudge
    report = analyse_text(UNSURE)
    assert report.unattributed and all(t.speaker for t in report.turns if t.speaker)
    data = {"sentences": [], "ledger": report.ledger, "unattributed": report.unattributed, "cast": []}
    (ledger,) = HonorificsJudge().summarize([Judgment("honorifics", "A", "A", None, data=data)])
    assert ledger.unattributed["A"] == report.unattributed
    view = LedgerView()
    qtbot.addWidget(view)
    view.set_candidate("A")
    view.set_payload(ledger)
    table = view.tables[0]
    rows = {table.topLevelItem(i).text(0): table.topLevelItem(i) for i in range(table.topLevelItemCount())}
    unknown = rows["Speaker unknown"]
    assert unknown.text(1) == str(len(report.unattributed)) and unknown.childCount() == len(report.unattributed)
    first = unknown.child(0)
    # the line's listener may be read even when its speaker is not (the one the next line answers)
    listener = report.unattributed[0].get("listener") or "?"
    assert first.text(0) == f"¶2: 해체 → {listener}"
    assert "speaker unknown" in first.toolTip(0)
    named = [name for name in rows if name != "Speaker unknown"]
    assert named and all("→" in n for n in named)  # the named pairs stay as they were
    with qtbot.waitSignal(table.occurrenceActivated) as got:  # a turn jumps to its line
        table.itemActivated.emit(first, 0)
    assert UNSURE[got.args[1]:got.args[2]].startswith('"언제')
