"""The window shows how sure its numbers are: radar tooltips carry the 95% interval, the ranking view says
how often each candidate wins, and the judge panel's ⓘ shows the protocol card."""

from __future__ import annotations

import pytest

from litlens.app.judges import registry
from litlens.app.judges.payloads import Axis, RadarData, Ranking
from litlens.ui.views.ranking import RankingView
from litlens.ui.runs.judge_panel import JudgePanel
from litlens.ui.views.radar_chart import RadarChart

pytestmark = pytest.mark.gui


def test_radar_tooltip_shows_interval(qtbot):
    chart = RadarChart()
    qtbot.addWidget(chart)
    payload = RadarData("VERSE", [Axis("Style"), Axis("Meaning")], {"A": [80.0, None]}, {"A": [5, 0]},
                        intervals={"A": [[60.0, 93.3], None]})
    chart.set_payload(payload)
    assert "80.0% [60.0, 93.3] of 5 answers" in chart.labels["Style"].toolTip()
    table = payload.as_table()
    assert table.rows == [["Style", "A", "80.0 [60.0, 93.3]", "5"]] and "95% CI" in table.headers[2]
    # a radar stored before intervals existed still loads and shows bare values
    old = RadarData.from_dict({k: v for k, v in payload.to_dict().items() if k != "intervals"})
    assert old.intervals == {} and old.as_table().rows[0][2] == "80.0"


def test_ranking_view_shows_win_rates(qtbot):
    view = RankingView()
    qtbot.addWidget(view)
    view.set_payload(Ranking("two-step ranking", "two-step", [["A"], ["B"]], 1.2, 2, 2,
                             win_rates={"A": 0.82, "B": 0.18}, order_win_rates={"A": 1.0, "B": 0.0}))
    text = view.overall.text()
    assert "A > B" in text and "A 82%, B 18%" in text and "A 100%" in text
    assert "A 82%" in view.ranking.as_table().title


def test_judge_panel_info_shows_protocol_card(qtbot):
    panel = JudgePanel(registry.available())
    qtbot.addWidget(panel)
    tip = panel.info["da-mqm"].toolTip()
    assert "seed 000" in tip and "Prompt version: da-mqm/" in tip and "protocol" in tip
    assert "sacreBLEU" in panel.info["reference-metrics"].toolTip()
