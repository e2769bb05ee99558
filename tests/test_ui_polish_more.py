"""Issue 15, continued: the radar at its default size, Agreement's columns, recent projects, Settings that
agrees with the judge panel and says its choices in words, and a language change that offers a restart."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, db_path):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    yield w
    w.close()


def verse_radar():
    from litlens.app.judges.payloads import RadarData
    from litlens.app.judges.verse.aggregate import axes as verse_axes
    axes = verse_axes()
    return RadarData(title="VERSE categories", axes=axes,
                     values={"Careful": [80.0 + i for i in range(len(axes))],
                             "Flawed": [40.0 + 3 * i for i in range(len(axes))]},
                     counts={"Careful": [4] * len(axes), "Flawed": [4] * len(axes)})


def test_the_radar_is_legible_at_the_default_layout(qtbot, window):
    from litlens.ui.views.radar import MIN_CHART, RadarView
    qtbot.wait(100)  # the first-launch dock sizes are set once the window is on screen
    window.results.raise_page("radar")
    page = window.results.docks["radar"].widget()
    assert page.height() >= MIN_CHART[1]
    view = RadarView()
    qtbot.addWidget(view)
    view.resize(page.size())
    view.set_payload(verse_radar())
    view.show()
    qtbot.wait(20)
    assert view.chart.width() >= MIN_CHART[0] and view.chart.height() >= MIN_CHART[1]
    table = view.table
    names = [table.verticalHeaderItem(r).toolTip() for r in range(table.rowCount())]
    assert names == [a.name for a in verse_radar().axes]
    rim = [label.textItem.toPlainText() for label in view.chart.labels.values()]
    assert all(max(len(line) for line in text.splitlines()) <= 24 for text in rim)  # short, wrapped labels
    assert table.item(0, 0).text() == "80.0%" and table.columnCount() == 2


def test_agreement_headers_sit_over_their_numbers(window):
    tree = window.results.agreement.tree
    header = tree.headerItem()
    recall = tree.columnCount() - 1
    assert header.text(recall) == "Recall"
    assert header.textAlignment(recall) & Qt.AlignmentFlag.AlignHCenter


def test_recent_projects_have_one_entry_per_name(tmp_path):
    from litlens.ui.settings import prefs as settings
    qs = QSettings(str(tmp_path / "r.ini"), QSettings.Format.IniFormat)
    settings.remember_project(1, "sample", qs)
    settings.remember_project(2, "story", qs)
    settings.remember_project(3, "sample", qs)  # the sample saved again after an edit
    assert settings.recent_projects(qs) == [(3, "sample"), (2, "story")]


def test_settings_name_the_theme_and_follow_the_judge_panel(qtbot, window, monkeypatch):
    from litlens.ui.settings import dialog as settings_dialog
    seen = []
    monkeypatch.setattr(settings_dialog.SettingsDialog, "exec", lambda self: seen.append(
        (self.theme.currentText(), self.default_provider.currentData())) or 0)
    window.set_theme("dark")
    window.judge_panel.set_provider("anthropic")
    window.open_settings()
    window.set_theme("light")
    assert seen == [("Dark", "anthropic")]


def test_a_language_change_offers_a_restart(qtbot, window, monkeypatch):
    from litlens.ui.settings import dialog as settings_dialog
    dialog = settings_dialog.SettingsDialog(window.prefs, window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentIndex(2)
    assert not dialog.restart_button.isVisible()
    dialog.language.setCurrentIndex(dialog.language.findData("ko"))
    assert dialog.restart_button.isVisible()
    assert "restart" in dialog.restart_note.text().lower()


def test_the_estimate_counts_only_what_is_not_stored(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.open_sample(autorun=True)
    done = {j.unit for j in window.document.judgments}
    assert done
    with qtbot.waitSignal(window.runs.estimated, timeout=30_000) as blocker:
        window.run_actions._estimate_now()
    text, problem = blocker.args
    assert not problem and text.startswith("nothing new to run") and "already stored" in text
