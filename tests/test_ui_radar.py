"""The VERSE radar chart widget: polygons per candidate, n on every axis, gaps not drawn as zero."""

from __future__ import annotations

import math

import pytest

from litlens.app.judges.verse.aggregate import CATEGORIES
from litlens.ui.views.radar_chart import PALETTE, RadarChart, axis_label, vertex

pytestmark = pytest.mark.gui


def figures(percents: list[float], ns: list[int]) -> dict[str, dict[str, float | int]]:
    return {c: {"percent": p, "n": n} for c, p, n in zip(CATEGORIES, percents, ns)}


DATA = {"Careful": figures([100, 90, 80, 70, 60, 50, 40, 30, 20], [12, 3, 4, 5, 6, 7, 8, 9, 10]),
        "Flawed": figures([50] * 9, [12, 3, 4, 5, 6, 7, 8, 9, 10])}


def points(item) -> list[tuple[float, float]]:
    xs, ys = item.getData()
    return list(zip(xs.tolist(), ys.tolist()))


def test_one_polygon_per_candidate_with_distinct_colours_and_legend(qtbot):
    chart = RadarChart()
    qtbot.addWidget(chart)
    chart.set_data(DATA)
    assert list(chart.polygons) == ["Careful", "Flawed"]
    assert chart.colour("Careful").name().lower() == PALETTE[0].lower()
    assert chart.colour("Careful") != chart.colour("Flawed")
    legend = [label.text for _, label in chart.legend.items]
    assert len(legend) == 2 and legend[0].startswith("Careful") and legend[1].startswith("Flawed")
    # vertices sit at percent/100 on their axes, clockwise from the top; the outline is closed
    pts = points(chart.polygons["Careful"])
    assert len(pts) == 10 and pts[0] == pts[-1]
    assert pts[0] == pytest.approx((0.0, 1.0))
    assert pts[2] == pytest.approx(vertex(2, 9, 80))
    assert math.hypot(*pts[5]) == pytest.approx(0.5)
    assert chart.fills["Flawed"].polygon().count() == 9


def test_axes_carry_the_category_and_n(qtbot):
    chart = RadarChart()
    qtbot.addWidget(chart)
    chart.set_data(DATA)
    assert list(chart.labels) == list(CATEGORIES)
    text = chart.labels[CATEGORIES[0]].textItem.toPlainText().replace("\n", " ")
    assert text == "Historical and Cultural Context (n=12)"
    assert "n=3" in chart.labels[CATEGORIES[1]].textItem.toPlainText()
    assert axis_label("Narrative Pacing and Rhythm", [4, 6]).replace("\n", " ") == \
        "Narrative Pacing and Rhythm (n=4/6)"


def test_missing_category_is_left_out_not_drawn_as_zero(qtbot):
    chart = RadarChart()
    qtbot.addWidget(chart)
    partial = {k: v for k, v in DATA["Careful"].items() if k != CATEGORIES[3]}
    chart.set_data({"Careful": partial, "Flawed": DATA["Flawed"]})
    pts = points(chart.polygons["Careful"])
    assert len(pts) == 9  # eight vertices, closed
    assert all(math.hypot(x, y) > 0.1 for x, y in pts)
    assert "n=0/5" in chart.labels[CATEGORIES[3]].textItem.toPlainText()


def test_empty_data_shows_a_hint_and_redraw_replaces(qtbot):
    chart = RadarChart()
    qtbot.addWidget(chart)
    chart.show()
    assert chart.empty.isVisible() and not chart.view.isVisible()
    chart.set_data(DATA)
    assert not chart.empty.isVisible() and chart.view.isVisible()
    chart.set_data({"Only": DATA["Flawed"]})
    assert list(chart.polygons) == ["Only"] and len(chart.legend.items) == 1
    image = chart.grab().toImage()
    assert not image.isNull() and image.width() > 100
    chart.set_data({})
    assert chart.empty.isVisible() and not chart.polygons
