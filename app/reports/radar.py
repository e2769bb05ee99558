"""Radar (spider) chart geometry for VERSE category percentages, drawn without Qt: the HTML template
turns it into inline SVG and the PDF writer into vector paths, so both show the same picture."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]


@dataclass
class Axis:
    label: str
    x: float  # end of the spoke (100 %)
    y: float
    label_x: float
    label_y: float
    anchor: str  # SVG text-anchor: start | middle | end


@dataclass
class Series:
    label: str
    color: str
    points: list[tuple[float, float]]
    values: list[float]

    @property
    def svg_points(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass
class Radar:
    width: float
    height: float
    cx: float
    cy: float
    radius: float
    axes: list[Axis]
    rings: list[tuple[int, str, list[tuple[float, float]]]]  # percent, SVG points, points
    series: list[Series] = field(default_factory=list)


def _point(cx: float, cy: float, r: float, i: int, n: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * i / n  # first axis straight up, then clockwise
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def radar_geometry(data: dict[str, dict[str, float]], size: float = 420.0) -> Radar | None:
    """Geometry for candidate -> category -> percent (0–100). None when there are fewer than 3 axes."""
    cats = list(dict.fromkeys(c for per in data.values() for c in per))
    if len(cats) < 3:
        return None
    n = len(cats)
    margin = size * 0.22  # room for the category names around the chart
    width, height = size + 2 * margin, size + 0.6 * margin
    cx, cy, radius = width / 2, height / 2, size / 2 - 10
    axes = []
    for i, cat in enumerate(cats):
        x, y = _point(cx, cy, radius, i, n)
        lx, ly = _point(cx, cy, radius + 14, i, n)
        anchor = "middle" if abs(lx - cx) < 1 else ("start" if lx > cx else "end")
        axes.append(Axis(cat, x, y, lx, ly + (4 if abs(ly - cy) < radius * 0.9 else (12 if ly > cy else -4)),
                         anchor))
    rings = []
    for pct in (25, 50, 75, 100):
        pts = [_point(cx, cy, radius * pct / 100, i, n) for i in range(n)]
        rings.append((pct, " ".join(f"{x:.1f},{y:.1f}" for x, y in pts), pts))
    series = []
    for k, (label, per) in enumerate(data.items()):
        values = [max(0.0, min(100.0, float(per.get(c, 0.0)))) for c in cats]
        pts = [_point(cx, cy, radius * v / 100, i, n) for i, v in enumerate(values)]
        series.append(Series(label, PALETTE[k % len(PALETTE)], pts, values))
    return Radar(width, height, cx, cy, radius, axes, rings, series)
