"""The default layout on a 1280×800 screen (a 27 px panel, a title bar): the window fits, the status and
run bar are on screen, the Run button stays in view however long the estimate, the ledger's tables show
more than two rows and the ranking cards get their full height."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from litlens.ui.shell.geometry import FRAME, first_size
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

LAPTOP = QRect(0, 27, 1280, 773)  # 1280×800 less a desktop panel
LONG = ("82 units · 161 LLM calls · ~120k in / 40k out tokens · ≤ $0.41 · 3 paragraphs changed · "
        "12 already stored (reused, free)")


def test_the_first_size_fits_the_screen_it_opens_on():
    small = first_size(LAPTOP)
    assert small.width() + FRAME.width() <= 1280 and small.height() + FRAME.height() <= 773
    big = first_size(QRect(0, 0, 1920, 1080))
    assert big.width() >= 0.85 * 1920 - 1 and big.height() + FRAME.height() <= 1080


def _rows_shown(table) -> float:
    return table.viewport().height() / max(1, table.sizeHintForRow(0))


def test_the_default_layout_fits_1280_by_800(qtbot, db_path):
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    size = first_size(LAPTOP)
    window.resize(size)
    window.show()
    assert window.minimumSizeHint().width() <= size.width() and window.minimumSizeHint().height() <= size.height()
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.open_sample(autorun=True)
    qtbot.wait(100)
    assert window.size() == size
    status = window.statusBar().geometry()
    assert status.bottom() < window.height() and window.run_bar.visibleRegion().boundingRect().height() > 10

    panel = window.judge_panel
    panel.set_estimate(LONG)
    qtbot.wait(50)
    button = panel.run_button
    assert button.visibleRegion().boundingRect() == button.rect()  # all of it, not scrolled away
    assert panel.choices.viewport().height() > 300  # the judges get the panel's height, not a corner

    window.document.set_candidate("Flawed")
    window.results.raise_page("levels")
    from PySide6.QtWidgets import QTabWidget

    from litlens.ui.views.ledger import LedgerView
    dock = window.results.docks["levels"]
    qtbot.waitUntil(lambda: dock.findChild(LedgerView) is not None, timeout=20_000)
    ledger = dock.findChild(LedgerView)
    tabs = dock.findChild(QTabWidget)
    tabs.setCurrentWidget(next(w for w in (tabs.widget(i) for i in range(tabs.count()))
                               if w is ledger or w.isAncestorOf(ledger)))
    qtbot.wait(50)
    shown = [t for t in ledger.tables if t.isVisible()]
    assert shown and all(_rows_shown(t) >= 3 for t in shown), [_rows_shown(t) for t in shown]

    from litlens.ui.views.ranking import CandidateColumn, RankingView
    from test_ui_contrast import ranking_payload
    import dataclasses
    payload = ranking_payload()
    long = "서원댁에는 정오부터 비가 내렸고, 해 질 무렵이 되자 처마 홈통마다 빗물이 노래를 불렀다. " * 4
    para = dataclasses.replace(payload.paragraphs[0], texts={"A": long, "B": long},
                               rationale="A keeps the register the narrator uses for her. " * 4)
    ranking = RankingView()
    qtbot.addWidget(ranking)
    ranking.set_payload(dataclasses.replace(payload, paragraphs=[para]))  # a paragraph of a novel
    window.results.raise_page("ranking")
    qtbot.wait(50)
    room = window.results.docks["ranking"].widget().size()
    assert room.height() >= 280, room
    ranking.resize(room)  # the room the ranking dock gives its view here
    ranking.show()
    qtbot.waitExposed(ranking)
    cards = ranking.findChildren(CandidateColumn)
    seen = [c.visibleRegion().boundingRect().height() for c in cards]
    assert cards and all(v >= min(c.height(), 200) for v, c in zip(seen, cards)), seen  # 130 px once
    window.close()
