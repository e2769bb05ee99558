"""Every widget of the main window, each dock and every dialog (tests/ui_walk.py) reaches WCAG AA in the
light and the dark palette, measured from the pixels drawn: 4.5:1 for text, 3:1 for large text and for
check box and radio indicators against what surrounds them."""

from __future__ import annotations

import pytest
from ui_contrast import contrast, problems, rendered_problems
from ui_walk import ready_window, surfaces

from litlens.ui.common import theme
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


def ranking_payload(korean: bool = False):
    from litlens.app.judges.payloads import RankedParagraph, Ranking
    why, good, loose = ("A가 높임법을 지킨다.", "충실하다.", "느슨하다.") if korean else \
        ("A keeps the register.", "Faithful.", "Loose.")
    para = RankedParagraph(paragraph=0, candidates=["A", "B"], texts={"A": "첫째 번역.", "B": "둘째 번역."},
                           scores={"A": {"Accuracy": 4.0, "Overall": 4.0}, "B": {"Accuracy": 2.0, "Overall": 2.0}},
                           majority=["A"], winners_by_order={0: "A", 1: "A"}, orders=2, method="two-step",
                           b=1.0, b_paragraph=1, rationale=why, overall_summary={"A": good, "B": loose})
    return Ranking(title="Ranking", method="one-step", tiers=[["A"], ["B"]], b=1.0, b_max=2, orders=2,
                   paragraphs=[para])


def test_contrast_helper_measures_known_pairs():
    from PySide6.QtGui import QColor
    assert contrast(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)


def test_the_pixel_measure_finds_faint_ink_and_faint_indicators(qtbot, qapp):
    """The measure reads what is drawn: a dark red word inside a line of body text on the dark palette, an
    unticked check box outlined in a shade of the window, are found; the same made legible are not."""
    from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget
    theme.apply("dark")
    try:
        box = QWidget()
        qtbot.addWidget(box)
        layout = QVBoxLayout(box)
        faint = QLabel("<span style='color:#b71c1c'>critical</span> and body text")
        tinted = QLabel("<span style='background:#fbd5d5; color:#1f2328'>a word on a light tint</span>")
        tick = QCheckBox("Unticked")
        for w in (faint, tinted, tick):
            layout.addWidget(w)
        box.show()
        qtbot.waitExposed(box)
        faults = rendered_problems(faint)
        assert len(faults) == 1 and "#b" in faults[0]  # the red word, not the body text
        assert rendered_problems(tinted) == []  # dark ink on a light tint reads
        assert rendered_problems(tick) == []  # our outline
        qapp.setStyle("Fusion")  # Fusion's own outline: a shade of the window
        qapp.setPalette(theme.dark_palette())
        assert [p for p in rendered_problems(tick) if "indicator" in p]
    finally:
        theme.apply("light")


def test_every_widget_of_every_surface_is_legible_as_drawn(qtbot, db_path, tmp_path):
    """Both palettes, every surface the walk reaches: text measured from the pixels it is drawn with
    (and, for rich text, the colours it declares), check box and radio indicators against their
    surroundings."""
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    ready_window(qtbot, window)
    window.judge_panel.set_estimate("The run could not start: a problem", problem=True)
    from litlens.ui.views.ranking import RankingView
    found: list[str] = []
    try:
        for name in ("light", "dark"):
            window.set_theme(name)
            qtbot.wait(50)
            for where, widget in surfaces(qtbot, window, tmp_path):
                found += [f"{name} {where}: {p}" for p in problems(widget) + rendered_problems(widget)]
            ranking = RankingView()  # (in the window it sits in a result panel, which redraws it on a switch)
            qtbot.addWidget(ranking)
            ranking.set_payload(ranking_payload())
            ranking.resize(900, 500)
            ranking.show()
            qtbot.waitExposed(ranking)
            found += [f"{name} ranking view: {p}" for p in problems(ranking) + rendered_problems(ranking)]
            ranking.close()
    finally:
        window.set_theme("light")
        for view in window.exercises.windows:
            view.close()
        window.close()
    assert not found, "\n".join(sorted(set(found)))
