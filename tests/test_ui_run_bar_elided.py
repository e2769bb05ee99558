"""How a run ended, in a run bar squeezed by a long status message, ends with "…" where it is cut (it
was cut mid-word: "Finished · 3/3 units · C"); the label's text and tooltip stay whole."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from litlens.ui.runs.run_bar import RunBar

pytestmark = pytest.mark.gui

FINISHED = "Finished · 3/3 units · 0 calls · 0 tokens · $0.0000"


def test_a_cut_run_message_ends_with_an_ellipsis_and_keeps_its_text(qtbot):
    bar = RunBar()
    qtbot.addWidget(bar)
    bar.say(FINISHED)
    bar.resize(220 + 600, 30)
    bar.show()
    qtbot.wait(50)
    label = bar.label
    assert label.shown_text() == FINISHED  # room for it all: nothing cut
    bar.resize(220 + 160, 30)
    qtbot.wait(50)
    shown = label.shown_text()
    assert shown.endswith("…") and FINISHED.startswith(shown[:-1]) and len(shown) < len(FINISHED)
    assert label.text() == FINISHED and label.toolTip() == FINISHED
    # and it is what is painted: ink ends before the label's right edge (the ellipsis, not a cut glyph)
    image = QImage(label.size(), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    label.render(image)
    right = max((x for x in range(image.width()) for y in range(image.height())
                 if QColor(image.pixel(x, y)).lightness() < 200), default=-1)
    assert 0 < right < image.width() - 1
