"""The comparison view shows stored TransEvalnia results: candidates in columns with their scores, the
winner (or a tie), the rationale with real labels, and B in plain words."""

from __future__ import annotations

import pytest
from test_transevalnia import prefer, prefer_first, run

from litlens.ui.views.ranking import ComparisonView

pytestmark = pytest.mark.gui


def test_consistent_winner_is_marked_with_rationale_and_b(qtbot, tmp_path, fake_server):
    fake_server.responder = prefer("B")
    _, _, results = run(tmp_path, fake_server, method="two-step", orders=3)
    view = ComparisonView()
    qtbot.addWidget(view)
    view.set_results(1, results)
    assert [c.label for c in view.columns] == ["A", "B", "C"]
    assert [c.label for c in view.columns if c.is_winner] == ["B"]
    assert set(view.columns[0].score_cells) >= {"Accuracy", "Missing Content", "Overall"}
    assert view.verdict.text() == "Winner: B"
    assert "[B]" in view.rationale.text()
    assert "B = 1.00: the same winner in every order" in view.bias.text()
    assert "1 different winner over 3 orders" in view.bias.text()  # the noun agrees with its count
    assert "Paragraph 2" in view.heading.text()


def test_position_bias_shows_a_tie_and_the_worst_b(qtbot, tmp_path, fake_server):
    fake_server.responder = prefer_first
    _, _, results = run(tmp_path, fake_server, method="one-step", scores=False, all_orders=True)
    view = ComparisonView()
    qtbot.addWidget(view)
    view.set_results(0, results)
    assert view.verdict.text().startswith("Tie between A = B = C")
    assert not any(c.is_winner for c in view.columns)
    assert "worst possible" in view.bias.text() and "3 different winners over 6 orders" in view.bias.text()


def test_empty_and_score_only_views(qtbot, tmp_path, fake_server):
    view = ComparisonView()
    qtbot.addWidget(view)
    assert "No ranking yet" in view.heading.text() and not view.columns
    _, _, results = run(tmp_path, fake_server, method="scores")
    view.set_results(0, results)
    assert len(view.columns) == 3 and "mean Likert score" in view.heading.text()
    assert "cannot sway" in view.bias.text()
