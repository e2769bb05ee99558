"""Every visible text of the main window, each dock, Settings, the learning view and the New project
dialog reaches WCAG AA contrast (4.5:1) in the light and the dark palette."""

from __future__ import annotations

import pytest
from ui_contrast import contrast, problems

from litlens.ui.common import theme
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture(params=["light", "dark"])
def palette(request, qapp):
    theme.apply(request.param)
    yield request.param
    theme.apply("light")


def ranking_payload():
    from litlens.app.judges.payloads import RankedParagraph, Ranking
    para = RankedParagraph(paragraph=0, candidates=["A", "B"], texts={"A": "첫째 번역.", "B": "둘째 번역."},
                           scores={"A": {"Accuracy": 4.0, "Overall": 4.0}, "B": {"Accuracy": 2.0, "Overall": 2.0}},
                           majority=["A"], winners_by_order={0: "A", 1: "A"}, orders=2, method="one-step",
                           b=1.0, b_paragraph=1, rationale="A keeps the register.",
                           overall_summary={"A": "Faithful.", "B": "Loose."})
    return Ranking(title="Ranking", method="one-step", tiers=[["A"], ["B"]], b=1.0, b_max=2, orders=2,
                   paragraphs=[para])


def test_contrast_helper_measures_known_pairs():
    from PySide6.QtGui import QColor
    assert contrast(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)


def test_every_visible_text_is_legible(qtbot, db_path, palette):
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.set_theme(palette)
    window.show()
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.open_sample(autorun=True)
    window.document.set_candidate("Flawed")  # the sample's findings are on this translation
    # the list fills from the store after the run ends, off the GUI thread: generous under CI load
    qtbot.waitUntil(lambda: window.results.findings.tree.topLevelItemCount() > 0, timeout=60_000)
    window.results.findings.tree.setCurrentItem(window.results.findings.tree.topLevelItem(0))
    window.judge_panel.set_estimate("The run could not start: a problem", problem=True)
    found = [f"main: {p}" for p in problems(window)]
    for key, dock in window.results.docks.items():
        window.results.raise_page(key)
        qtbot.wait(50)
        found += [f"{key}: {p}" for p in problems(dock)]
    from litlens.ui.views.ranking import RankingView
    ranking = RankingView()
    qtbot.addWidget(ranking)
    ranking.set_payload(ranking_payload())
    ranking.resize(900, 500)
    ranking.show()
    found += [f"ranking view: {p}" for p in problems(ranking)]

    from litlens.ui.project.new_project import NewProjectDialog
    from litlens.ui.settings.dialog import SettingsDialog
    dialogs = [SettingsDialog(window.prefs, window), NewProjectDialog(window)]
    window.open_learning()
    for dialog in dialogs:
        dialog.show()
        qtbot.wait(20)
        pages = getattr(dialog, "tabs", None)
        for i in range(pages.count() if pages is not None else 1):
            if pages is not None:
                pages.setCurrentIndex(i)
            found += [f"{type(dialog).__name__}: {p}" for p in problems(dialog)]
        dialog.close()
    found += [f"learning: {p}" for p in problems(window.learning)]
    window.learning.close()
    window.close()
    assert not found, "\n".join(found)
