"""Radar (spider) chart, the view of any ``RadarData`` payload (VERSE's nine categories, or a plug-in's
own axes): one polygon per candidate.

``set_data`` takes ``{candidate: {axis: {"percent": float, "n": int}}}``. Each axis is labelled with its
name and the number of answers behind it, so a 100% from two answers is not mistaken for a robust figure.
An axis a candidate has no answers for is left out of its polygon rather than drawn as 0%.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPolygonF, QResizeEvent
from PySide6.QtWidgets import QGraphicsPolygonItem, QLabel, QVBoxLayout, QWidget

from litlens.app.core.counts import noun

if TYPE_CHECKING:
    from litlens.app.judges.payloads import RadarData as RadarPayload

# Distinct, colour-blind-friendly hues (Okabe–Ito order), reused cyclically for many candidates.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
RINGS = (20, 40, 60, 80, 100)
GRID_INK = "#c9ced6"
TEXT_INK = "#30343b"
# (background, text, grid, ring ticks) per palette; the chart is redrawn when the theme changes
INKS = {"light": ("#ffffff", TEXT_INK, GRID_INK, "#5f6672"), "dark": ("#16191d", "#e6e9ee", "#4a515c", "#a7aebb")}


def _inks() -> tuple[str, str, str, str]:
    from litlens.ui.common import theme
    return INKS[theme.current()]
LABEL_RADIUS = 1.08  # axis labels sit just outside the 100% ring
EMPTY = "No radar data yet: run a judge that scores per category (VERSE, for one)."

RadarData = dict[str, dict[str, dict[str, Any]]]


def axis_label(category: str, ns: list[int]) -> str:
    """The category name, wrapped, with n: one figure when all candidates share it, else each."""
    distinct = sorted(set(ns))
    n = str(distinct[0]) if len(distinct) == 1 else "/".join(str(x) for x in ns)
    return "\n".join(textwrap.wrap(f"{category} (n={n})", 22))


def _font(points: float) -> QFont:
    font = QFont()  # the application's UI font, so the chart matches the rest of the window
    font.setPointSizeF(points)
    return font


def vertex(index: float, count: int, percent: float) -> tuple[float, float]:
    """Axis ``index`` of ``count``, clockwise from the top, at radius percent/100."""
    angle = math.pi / 2 - 2 * math.pi * index / count
    r = percent / 100.0
    return r * math.cos(angle), r * math.sin(angle)


class RadarChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: RadarData = {}
        self.intervals: dict[str, dict[str, list[float]]] = {}  # candidate -> axis -> 95% interval
        self.categories: list[str] = []
        self.polygons: dict[str, pg.PlotDataItem] = {}  # candidate -> outline (carries the legend entry)
        self.fills: dict[str, QGraphicsPolygonItem] = {}
        self.labels: dict[str, pg.TextItem] = {}  # category -> axis label
        self.short: dict[str, str] = {}  # category -> its short label at the rim (full name on hover)
        self.view = self._new_view()
        self.empty = QLabel(EMPTY)
        self.empty.setObjectName("muted")
        self.empty.setContentsMargins(8, 8, 8, 8)
        self.empty.setWordWrap(True)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.empty)
        self.layout_.addWidget(self.view, 1)
        self.set_data({})

    def _new_view(self) -> pg.PlotWidget:
        self._background = _inks()[0]
        view = pg.PlotWidget(background=self._background)
        self.plot = view.getPlotItem()
        self.plot.hideAxis("left")
        self.plot.hideAxis("bottom")
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.setAspectLocked(True)
        self.legend = self.plot.addLegend(offset=(8, 8), labelTextColor=_inks()[1], labelTextSize="9pt")
        return view

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        # a theme switch: pyqtgraph draws with fixed colours, so draw again in the new palette's
        if event.type() == QEvent.Type.PaletteChange and self._background != _inks()[0]:
            self.set_data(self.data, self.categories)
        super().changeEvent(event)

    # ---- public API ------------------------------------------------------------------------------------
    def set_payload(self, payload: RadarPayload) -> None:
        """Show a RadarData payload on its own axes, its values scaled so ``scale_max`` is the outer ring."""
        top = payload.scale_max or 100.0
        self.short = {a.name: a.short for a in payload.axes}
        nested = {c: {a: {"percent": 100.0 * float(v["percent"]) / top, "n": v["n"]} for a, v in figs.items()}
                  for c, figs in payload.as_nested().items()}
        intervals = {c: {a.name: [100.0 * b / top for b in iv] for i, a in enumerate(payload.axes)
                         if (iv := payload.interval(c, i))} for c in payload.values}
        self.set_data(nested, [a.name for a in payload.axes], intervals)

    def set_data(self, data: RadarData, axes: list[str] | None = None,
                 intervals: dict[str, dict[str, list[float]]] | None = None) -> None:
        """Redraw for ``{candidate: {axis: {"percent": x, "n": n}}}`` (percent 0–100) on ``axes`` (in that
        order, clockwise from the top); axes not given are taken in the order the data names them.
        ``intervals[c][axis]`` is a 95% interval shown in the axis tooltip."""
        self.data = {c: dict(v) for c, v in data.items()}
        self.intervals = intervals or {}
        extra = [cat for figs in data.values() for cat in figs]
        self.categories = list(dict.fromkeys([*(axes or []), *extra]))
        if self.polygons or self.labels or self._background != _inks()[0]:
            # A fresh scene rather than plot.clear(): removing items from a pyqtgraph scene and
            # re-adding new ones crashed PySide6 6.12 at interpreter exit (bool refcount in GC).
            old = self.view
            self.view = self._new_view()
            self.layout_.replaceWidget(old, self.view)
            old.setParent(None)
            old.deleteLater()
        self.polygons.clear()
        self.fills.clear()
        self.labels.clear()
        has_data = any(data.values())
        self.empty.setVisible(not has_data)
        self.view.setVisible(has_data)
        if not has_data:
            return
        self._draw_grid()
        for k, (cand, figs) in enumerate(self.data.items()):
            self._draw_candidate(cand, figs, QColor(PALETTE[k % len(PALETTE)]))
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def colour(self, candidate: str) -> QColor:
        return self.polygons[candidate].opts["pen"].color()

    def _fit(self) -> None:
        """Choose the visible range so the 100% ring plus the (fixed pixel size) labels and the legend fit
        the widget at any size."""
        if not self.labels:
            return
        width, height = max(1, self.view.width()), max(1, self.view.height())
        boxes = [lab.textItem.boundingRect() for lab in self.labels.values()]
        side = max(b.width() for b in boxes) + 12
        cap = max(b.height() for b in boxes) + 14
        top = cap + self.legend.boundingRect().height() + 4
        radius = max(30.0, min((width - 2 * side) / 2, (height - top - cap) / 2))
        centre_y = top + radius + max(0.0, (height - top - cap - 2 * radius) / 2)
        self.plot.setRange(xRange=(-width / 2 / radius, width / 2 / radius),
                           yRange=(-(height - centre_y) / radius, centre_y / radius), padding=0)

    # ---- drawing -----------------------------------------------------------------------------------------
    def _draw_grid(self) -> None:
        count = len(self.categories)
        for ring in RINGS:
            pts = [vertex(i, count, ring) for i in range(count)] + [vertex(0, count, ring)]
            style = Qt.PenStyle.SolidLine if ring == 100 else Qt.PenStyle.DashLine
            pen = pg.mkPen(_inks()[2], width=1.2 if ring == 100 else 0.8, style=style)
            self.plot.addItem(pg.PlotCurveItem([p[0] for p in pts], [p[1] for p in pts], pen=pen))
            # Between the first two axes, where no category label or polygon vertex sits.
            tick = pg.TextItem(f"{ring}%", color=_inks()[3], anchor=(0.5, 0.5),
                               fill=pg.mkBrush(QColor(_inks()[0])))
            tick.setFont(_font(7))
            x, y = vertex(0.5, count, ring * math.cos(math.pi / count))
            tick.setPos(x, y)
            self.plot.addItem(tick)
        spokes = [vertex(i, count, 100) for i in range(count)]
        # All spokes as one item drawn in pairs (centre, tip): fewer items to create and clear on redraw.
        self.plot.addItem(pg.PlotCurveItem([v for x, _ in spokes for v in (0.0, x)],
                                           [v for _, y in spokes for v in (0.0, y)], connect="pairs",
                                           pen=pg.mkPen(_inks()[2], width=0.8)))
        for i, cat in enumerate(self.categories):
            x, y = spokes[i]
            ns = [self.data[c][cat]["n"] if cat in self.data[c] else 0 for c in self.data]
            cos, sin = x, y
            label = pg.TextItem(axis_label(self.short.get(cat, cat), ns), color=_inks()[1],
                                anchor=((1 - cos) / 2, (1 + sin) / 2))
            label.setFont(_font(8.5))
            label.setPos(x * LABEL_RADIUS, y * LABEL_RADIUS)
            label.setToolTip(f"{cat}: " + ", ".join(
                f"{c} {self.data[c][cat]['percent']:.1f}%{self._ci(c, cat)} "
                f"of {noun(self.data[c][cat]['n'], 'answer')}"
                if cat in self.data[c] else f"{c} no answers" for c in self.data))
            self.plot.addItem(label)
            self.labels[cat] = label

    def _ci(self, cand: str, cat: str) -> str:
        iv = self.intervals.get(cand, {}).get(cat)
        return f" [{iv[0]:.1f}, {iv[1]:.1f}]" if iv else ""

    def _draw_candidate(self, cand: str, figs: dict[str, dict[str, Any]], colour: QColor) -> None:
        count = len(self.categories)
        pts = [vertex(i, count, float(figs[cat]["percent"])) for i, cat in enumerate(self.categories)
               if cat in figs]
        fill_colour = QColor(colour)
        fill_colour.setAlpha(40)
        fill = QGraphicsPolygonItem(QPolygonF([QPointF(x, y) for x, y in pts]))
        fill.setBrush(QBrush(fill_colour))
        fill.setPen(QPen(Qt.PenStyle.NoPen))
        self.plot.addItem(fill)
        closed = pts + pts[:1]
        n = sum(int(v["n"]) for v in figs.values())
        mean = sum(float(v["percent"]) * int(v["n"]) for v in figs.values()) / n if n else 0.0
        outline = pg.PlotDataItem([p[0] for p in closed], [p[1] for p in closed],
                                  pen=pg.mkPen(colour, width=2.2), symbol="o", symbolSize=6,
                                  symbolBrush=colour, symbolPen=pg.mkPen(colour),
                                  name=f"{cand}  ({mean:.1f}% over {noun(n, 'answer')})")
        self.plot.addItem(outline)
        self.polygons[cand] = outline
        self.fills[cand] = fill
