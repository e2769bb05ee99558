"""The relationship ledger in the Speech levels dock: one row per speaker → listener pair, its changes as
links to the text, a timeline of the level of each turn for the chosen pair, and a second candidate's
ledger beside the first when two or more Korean translations were analysed.

The data is the ``pairs`` field of a ``SpeechLevelLedger`` payload (app/korean/ledger.py builds it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QMenu, QSplitter, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from litlens.app.korean.levels import LEVELS
from litlens.ui.common import theme
from litlens.ui.common.explain import shown_text
from litlens.ui.common.levels import level_ink

if TYPE_CHECKING:
    from litlens.app.judges.payloads import SpeechLevelLedger

_ROLE = Qt.ItemDataRole.UserRole
# one line colour per compared candidate; both read on the light and the dark chart background
SERIES = {"light": ("#0072B2", "#D55E00"), "dark": ("#56B4E9", "#E69F00")}
PLOT_BG = {"light": "#ffffff", "dark": "#16191d"}


UNKNOWN = "?"  # the pair key of the "speaker unknown" row (no timeline: its turns belong to no pair)


def pair_name(pair: dict[str, Any]) -> str:
    return f"{pair['speaker']} → {pair['listener']}"


class PairTable(QTreeWidget):
    """One candidate's ledger. A pair's row opens onto its changes; activating a change shows it in the
    text, choosing a pair shows its timeline."""

    pairChosen = Signal(str)  # "speaker → listener"
    occurrenceActivated = Signal(str, int, int)  # candidate, start, end
    correctRequested = Signal(str, int, int)  # candidate, start and end of the turn whose speaker to set

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = ""
        # the changes come before the six count columns so they are seen without scrolling in a narrow dock
        self.setHeaderLabels([self.tr("Speaker → listener"), self.tr("Turns"), self.tr("Usually"),
                              self.tr("Changes"), *LEVELS])
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.header().resizeSection(0, 150)
        for col, width in ((1, 56), (2, 74), (3, 150)):
            self.header().resizeSection(col, width)
        for col in range(4, 4 + len(LEVELS)):
            self.header().resizeSection(col, 74)
        self.itemActivated.connect(self._activate)
        self.currentItemChanged.connect(self._current)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)

    def set_pairs(self, label: str, pairs: list[dict[str, Any]],
                  unknown: list[dict[str, Any]] | None = None) -> None:
        self.label = label
        self.clear()
        bold = self.font()
        bold.setBold(True)
        dominant, last = 2, 3
        for p in sorted(pairs, key=lambda p: -len(p.get("turns", []))):
            counts = p.get("counts", {})
            flagged = sum(1 for c in p.get("changes", []) if c.get("flagged"))
            notes = len(p.get("changes", [])) - flagged
            row = QTreeWidgetItem([pair_name(p), str(len(p.get("turns", []))), p.get("dominant", ""),
                                   self.tr("{0} flagged, {1} noted").format(flagged, notes)
                                   if p.get("changes") else "—", *[str(counts.get(lv, "")) for lv in LEVELS]])
            row.setData(0, _ROLE, ("pair", pair_name(p)))
            row.setForeground(dominant, QBrush(QColor(level_ink(p.get("dominant", "")))))
            row.setFont(dominant, bold)
            if flagged:
                row.setForeground(last, QBrush(QColor(theme.problem_ink())))
            for c in p.get("changes", []):
                why = (self.tr("flagged ({0})").format(self._word(c.get("severity", ""))) if c.get("flagged")
                       else self.tr("note: {0}").format(self._word(c.get("reason") or "neighbouring levels")))
                child = QTreeWidgetItem([self.tr("¶{0}: {1} → {2}").format(int(c.get("paragraph") or 0) + 1,
                                                                         c.get("from"), c.get("to"))])
                child.setText(last, why)
                child.setToolTip(0, self.tr("Double-click to show this turn in the text"))
                child.setData(0, _ROLE, ("change", int(c["start"]), int(c["end"])))
                child.setForeground(last, QBrush(QColor(theme.problem_ink() if c.get("flagged")
                                                        else theme.colours().muted)))
                row.addChild(child)
            self.addTopLevelItem(row)
            row.setExpanded(bool(flagged))  # an unexplained change is what the reviewer should see first
        if unknown:
            self._unknown_row(unknown)
        self._fit_first_column()
        if self.topLevelItemCount():
            self.setCurrentItem(self.topLevelItem(0))

    def _fit_first_column(self) -> None:
        """The pair and change names whole: a change's "¶7: 하게체 → 해요체", indented under its pair, was cut
        to "¶7: 하게체 → 해…" in the 150 px the column had, with nothing beside it to take the room."""
        metrics, widest = self.fontMetrics(), 150
        for i in range(self.topLevelItemCount()):
            row = self.topLevelItem(i)
            widest = max(widest, metrics.horizontalAdvance(row.text(0)) + self.indentation() + 16)
            for k in range(row.childCount()):
                widest = max(widest, metrics.horizontalAdvance(row.child(k).text(0)) + 2 * self.indentation() + 16)
        self.header().resizeSection(0, widest)

    def _unknown_row(self, turns: list[dict[str, Any]]) -> None:
        """The turns whose speaker the analyser would not name: one row, "Speaker unknown", never a guess;
        each turn a child with its level, its listener when the line itself says it, and why."""
        row = QTreeWidgetItem([self.tr("Speaker unknown"), str(len(turns)), "", "—"])
        row.setData(0, _ROLE, ("pair", UNKNOWN))
        row.setToolTip(0, self.tr("Lines whose speaker the text does not make sure: not counted in any pair"))
        row.setForeground(0, QBrush(QColor(theme.colours().muted)))
        for t in turns:
            listener = t.get("listener") or "?"
            child = QTreeWidgetItem([self.tr("¶{0}: {1} → {2}").format(int(t.get("paragraph") or 0) + 1,
                                                                     t.get("level") or "—", listener)])
            why = shown_text(t.get("speaker_how_why"), str(t.get("speaker_how") or ""))
            child.setToolTip(0, why or self.tr("Double-click to show this turn in the text"))
            child.setData(0, _ROLE, ("change", int(t.get("start") or 0), int(t.get("end") or 0)))
            row.addChild(child)
        self.addTopLevelItem(row)

    def _word(self, word: str) -> str:
        # the ledger stores reasons and severities as English keys; literal tr() calls let lupdate see them
        return {"anger": self.tr("anger"), "change of relationship": self.tr("change of relationship"),
                "scene break": self.tr("scene break"), "neighbouring levels": self.tr("neighbouring levels"),
                "major": self.tr("major"), "minor": self.tr("minor"), "neutral": self.tr("neutral")}.get(word, word)

    def select_pair(self, name: str) -> None:
        for i in range(self.topLevelItemCount()):
            item = self.topLevelItem(i)
            if item.data(0, _ROLE)[1] == name and self.currentItem() is not item:
                self.blockSignals(True)
                self.setCurrentItem(item)
                self.blockSignals(False)

    def change_items(self) -> list[QTreeWidgetItem]:
        return [self.topLevelItem(i).child(j) for i in range(self.topLevelItemCount())
                for j in range(self.topLevelItem(i).childCount())]

    def _current(self, item: QTreeWidgetItem | None, _prev: object) -> None:
        if item is not None:
            top = item.parent() or item
            self.pairChosen.emit(top.data(0, _ROLE)[1])

    def _activate(self, item: QTreeWidgetItem, _col: int) -> None:
        what = item.data(0, _ROLE)
        if what and what[0] == "change":
            self.occurrenceActivated.emit(self.label, what[1], what[2])

    def _menu(self, pos: Any) -> None:
        item = self.itemAt(pos)
        what = item.data(0, _ROLE) if item is not None else None
        if not what or what[0] != "change":
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Set the speaker…"), lambda: self.correctRequested.emit(self.label, what[1], what[2]))
        menu.exec(self.viewport().mapToGlobal(pos))


class LevelTimeline(QWidget):
    """The level of every turn of one pair, in order; levels on the y axis as app/korean/levels.py orders
    them, the most deferential at the top."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: dict[str, list[str]] = {}
        self.title = ""
        self.view: pg.PlotWidget | None = None
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.setMinimumHeight(120)
        self.draw()

    def set_series(self, title: str, series: dict[str, list[str]]) -> None:
        self.title, self.series = title, series
        self.draw()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        # pyqtgraph paints with fixed colours: a theme switch needs a redraw in the new palette's
        if event.type() == QEvent.Type.PaletteChange and self.view is not None:
            self.draw()
        super().changeEvent(event)

    def draw(self) -> None:
        # a fresh widget per drawing: clearing and refilling a pyqtgraph scene crashed PySide6 at exit
        # (see ui/views/radar_chart.py)
        mode = theme.current()
        ink, grid = theme.colours().header_ink, theme.colours().border
        view = pg.PlotWidget(background=PLOT_BG[mode])
        plot = view.getPlotItem()
        plot.hideButtons()
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        top = len(LEVELS) - 1
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setPen(pg.mkPen(grid))
            axis.setTextPen(pg.mkPen(ink))
        left = plot.getAxis("left")
        # only the levels the pair speaks in, over only their span: all six names in a short dock were
        # drawn on top of one another (a 1280x800 window leaves the timeline some 40 px)
        used = sorted({LEVELS.index(lv) for levels in self.series.values() for lv in levels if lv in LEVELS})
        low, high = (used[0], used[-1]) if used else (0, top)
        left.setTicks([[(top - i, LEVELS[i]) for i in (used or range(len(LEVELS)))]])
        left.setWidth(86)  # room for the widest level name; pyqtgraph drops labels that do not fit
        plot.setLabel("bottom", self.tr("turn"), color=ink)
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.setYRange(top - high - 0.5, top - low + 0.5, padding=0)
        if self.title:
            plot.setTitle(self.title, color=ink, size="10pt")
        legend = plot.addLegend(offset=(-8, 8), labelTextColor=ink) if len(self.series) > 1 else None
        longest = 1
        for n, (label, levels) in enumerate(self.series.items()):
            xs = list(range(1, len(levels) + 1))
            ys = [top - LEVELS.index(lv) for lv in levels]
            longest = max(longest, len(xs))
            colour = SERIES[mode][n % 2]
            offset = 0.08 * n  # two candidates at the same level stay visible side by side
            item = plot.plot([x + offset for x in xs], ys, pen=pg.mkPen(colour, width=2), name=label,
                             symbol="o" if n == 0 else "s", symbolSize=10, symbolPen=pg.mkPen(colour),
                             symbolBrush=[pg.mkBrush(level_ink(lv)) for lv in levels])
            item.setToolTip(label)
        plot.setXRange(0.5, longest + 0.5, padding=0)
        step = max(1, -(-longest // 12))  # whole turns only, at most a dozen labels
        plot.getAxis("bottom").setTickSpacing(major=step, minor=step)
        if self.view is not None:
            self.lay.removeWidget(self.view)
            self.view.deleteLater()
        self.view = view
        self.lay.addWidget(view)


class LedgerView(QWidget):
    """The ledger page: the shown candidate's pairs, another candidate's beside them, the timeline below;
    above them, which attribution the ledger shows (the offline rules or the LLM's reading, the reviewer's
    corrections over either) with a switch when an LLM reading is stored."""

    occurrenceActivated = Signal(str, int, int)
    correctRequested = Signal(str, int, int)  # candidate, turn start, turn end: the reviewer sets its speaker
    readingChosen = Signal(str)  # "offline" | "llm"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pairs: dict[str, list[dict[str, Any]]] = {}
        self.unknown: dict[str, list[dict[str, Any]]] = {}
        self.label: str | None = None
        self.chosen = ""
        self.note = QLabel(self.tr("No relationship ledger yet: run the Korean honorifics judge on a "
                                   "translation with dialogue."))
        self.note.setWordWrap(True)
        self.note.setObjectName("muted")
        self.reading_note = QLabel()
        self.reading_note.setWordWrap(True)
        self.reading_choice = QComboBox()
        self.reading_choice.addItem(self.tr("Offline rules"), "offline")
        self.reading_choice.addItem(self.tr("LLM reading"), "llm")
        self.reading_choice.setToolTip(self.tr("Whose reading of who speaks each line the ledger shows; your "
                                               "corrections are shown over either"))
        self.reading_choice.currentIndexChanged.connect(
            lambda _i: self.readingChosen.emit(self.reading_choice.currentData()))
        self.reading_row = QWidget()
        reading = QHBoxLayout(self.reading_row)
        reading.setContentsMargins(4, 0, 4, 0)
        reading.addWidget(self.reading_note, 1)
        reading.addWidget(self.reading_choice)
        self.reading_row.setVisible(False)
        self.compare = QComboBox()
        self.compare.currentIndexChanged.connect(self._fill)
        self.compare_row = QWidget()
        row = QHBoxLayout(self.compare_row)
        row.setContentsMargins(4, 0, 4, 0)
        row.addWidget(QLabel(self.tr("Compare with")))
        row.addWidget(self.compare, 1)
        self.tables = [PairTable(), PairTable()]
        self.heads = [QLabel(), QLabel()]
        self.sides = QSplitter(Qt.Orientation.Horizontal)
        for head, table in zip(self.heads, self.tables):
            box = QWidget()
            col = QVBoxLayout(box)
            col.setContentsMargins(0, 0, 0, 0)
            col.addWidget(head)
            col.addWidget(table, 1)
            self.sides.addWidget(box)
            table.pairChosen.connect(self._choose)
            table.occurrenceActivated.connect(self.occurrenceActivated)
            table.correctRequested.connect(self.correctRequested)
        self.timeline = LevelTimeline()
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.sides)
        self.split.addWidget(self.timeline)
        self.split.setChildrenCollapsible(False)
        # the pairs first: at least five rows of each table in a short dock, the timeline the rest
        for table in self.tables:
            table.setMinimumHeight(table.header().sizeHint().height() + 5 * (table.fontMetrics().height() + 4)
                                   + table.horizontalScrollBar().sizeHint().height())
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.reading_row)
        lay.addWidget(self.compare_row)
        lay.addWidget(self.split, 1)
        self._fill()

    def set_payload(self, ledger: SpeechLevelLedger) -> None:
        self.pairs = dict(getattr(ledger, "pairs", {}) or {})
        self.unknown = dict(getattr(ledger, "unattributed", {}) or {})
        self._fill_compare()

    def set_candidate(self, label: str | None) -> None:
        self.label = label
        self._fill_compare()

    def set_reading(self, pairs: dict[str, list[dict[str, Any]]], unknown: dict[str, list[dict[str, Any]]],
                    mode: str, llm_available: bool, corrected: int) -> None:
        """Show the ledger as rebuilt with another attribution laid over (app.korean.ledger.relabel): its
        pairs and unknown turns per candidate, which reading it is, and how many turns the reviewer set."""
        self.pairs.update(pairs)
        self.unknown.update(unknown)
        said = self.tr("Speakers: the LLM's reading") if mode == "llm" else self.tr("Speakers: the offline rules")
        if corrected:
            said += " · " + self.tr("{0} set by you").format(corrected)
        self.reading_note.setText(said)
        self.reading_choice.blockSignals(True)
        self.reading_choice.setCurrentIndex(max(0, self.reading_choice.findData(mode)))
        self.reading_choice.blockSignals(False)
        self.reading_choice.setVisible(llm_available)
        self.reading_row.setVisible(True)
        self._fill_compare()

    def shown_label(self) -> str | None:
        if self.label in self.pairs:
            return self.label
        return next(iter(self.pairs), None)

    def _fill_compare(self) -> None:
        first = self.shown_label()
        others = [c for c in self.pairs if c != first]
        keep = self.compare.currentText()
        self.compare.blockSignals(True)
        self.compare.clear()
        self.compare.addItems(others)
        self.compare.setCurrentIndex(max(0, self.compare.findText(keep)))
        self.compare.blockSignals(False)
        self._fill()

    def _fill(self) -> None:
        first = self.shown_label()
        other = self.compare.currentText() if self.compare.count() else None
        self.note.setVisible(not any(self.pairs.values()) and not any(self.unknown.values()))
        self.compare_row.setVisible(other is not None)
        self.split.setVisible(first is not None)
        for i, label in enumerate((first, other)):
            self.sides.widget(i).setVisible(label is not None)
            self.heads[i].setText(label or "")
            self.tables[i].set_pairs(label or "", self.pairs.get(label, []) if label else [],
                                     self.unknown.get(label, []) if label else [])
        self._draw()

    def _choose(self, name: str) -> None:
        self.chosen = name
        for t in self.tables:
            t.select_pair(name)
        self._draw()

    def _draw(self) -> None:
        shown = [t.label for t in self.tables if t.label]
        names = {pair_name(p) for label in shown for p in self.pairs.get(label, [])}
        if self.chosen not in names:
            first = self.pairs.get(shown[0], []) if shown else []
            self.chosen = pair_name(max(first, key=lambda p: len(p["turns"]))) if first else ""
        series = {label: [t["level"] for t in p["turns"]] for label in dict.fromkeys(shown)
                  for p in self.pairs.get(label, []) if pair_name(p) == self.chosen}
        self.timeline.set_series(self.chosen, series)
