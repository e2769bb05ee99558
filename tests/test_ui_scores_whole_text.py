"""The Scores dock, when every score is of the whole text (the offline judges: honorific consistency,
lexical overlap), shows those scores on one row at the top, not under empty paragraph rows and a Mean
of "—" that filled the dock at 1280×800."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from test_ui_polish import run_sample

from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui


def test_whole_text_scores_alone_are_one_visible_row(qtbot, window):
    window.resize(1280, 800)
    window.show()
    run_sample(qtbot, window)
    window.results.raise_page("scores")
    table = window.results.scores.table
    qtbot.waitUntil(lambda: table.rowCount() > 0 and table.columnCount() > 0, timeout=10_000)
    assert [table.verticalHeaderItem(r).text() for r in range(table.rowCount())] == ["Whole text"]
    cells = [table.item(0, c) for c in range(table.columnCount())]
    assert all(item is not None and item.text() not in ("", "—") for item in cells)
    viewport = QRect(0, 0, table.viewport().width(), table.viewport().height())
    assert viewport.intersects(table.visualItemRect(cells[0]))  # in sight without scrolling
