"""Planning highlights row by row, when a row is first laid out, instead of for every finding of a book.

``RowPlanner`` sorts the findings by where they start (one pass, no per-finding decisions), and answers
for one side and row the intervals to paint there: the findings whose range can reach the row are found
by bisection, each is planned (the reviewer's decision looked up: rejected ones are left out, corrected
ones painted at the corrected range, ones an edit overtook painted as outdated) and kept when its range
touches the row. Rows are planned once and remembered; a new set of findings or decisions makes a new
planner, and the canvas relays out only the rows whose intervals differ.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, TYPE_CHECKING, Callable

from litlens.app.run.annotations import HUMAN
from litlens.app.core.edits import is_outdated
from litlens.app.mqm import states
from litlens.ui.pair.index import HighlightIndex, Interval, Planned, plan_order
from litlens.ui.pair.paint import OUTDATED

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.common.document import Document
    from litlens.ui.pair.layout import PairLayout, Side

LONG = 4000  # findings longer than this (content characters) are checked for every row, not bisected


def plan_span(span: Span, decision_of: Callable[[Span], Any]) -> list[Planned]:
    """What one finding paints (target and source entries): nothing when the reviewer rejected it, or when
    an edit took its words away after it was decided (or by applying it)."""
    decision = decision_of(span)
    action = getattr(decision, "action", None)
    if action == "reject":
        return []
    outdated = is_outdated(span)
    if outdated and states.finding_state(span, decision).status != states.OUTDATED:
        # decided before an edit took its words away, or applied (the edit was its own correction): the
        # state says what became of it and nothing is left to mark, as in the report (app.reports.html)
        return []
    severity, start, end = span.severity, span.start, span.end
    if action == "edit":
        severity, start, end = decision.severity, decision.start, decision.end  # type: ignore[union-attr]
    style = OUTDATED if outdated else severity
    out: list[Planned] = []
    if start is not None and end is not None:
        out.append(("target", start, end, style, span))
    if span.source_start is not None and span.source_end is not None:
        out.append(("source", span.source_start, span.source_end, style, span))
    return out


def plan_all(spans: list[Span], decision_of: Callable[[Span], Any]) -> list[Planned]:
    """Every finding planned, least severe first (what the rows together paint; tests and exports read it)."""
    return plan_order([e for span in spans for e in plan_span(span, decision_of)])


class _Side:
    """One side's findings sorted by start, with the longest ordinary extent for the bisection's reach."""

    def __init__(self, ranges: list[tuple[int, int, int]], always: list[int]) -> None:
        ranges.sort()
        self.starts = [r[0] for r in ranges]
        self.order = [r[2] for r in ranges]
        reach = [r[1] - r[0] for r in ranges if r[1] - r[0] <= LONG]
        self.reach = max(reach, default=0)
        self.always = always + [r[2] for r in ranges if r[1] - r[0] > LONG]

    def near(self, lo: float, hi: float) -> list[int]:
        """Indices of findings starting in [lo - reach, hi), plus the long and moved ones."""
        a = 0 if lo == float("-inf") else bisect_left(self.starts, lo - self.reach)
        b = bisect_left(self.starts, hi) if hi != float("inf") else len(self.starts)
        return self.order[a:b] + self.always


class RowPlanner:
    def __init__(self, layout: PairLayout, spans: list[Span], document: Document) -> None:
        self.layout, self.spans = layout, spans
        self.decision_of = document.decision
        edited = document.edited_span_ids()
        # a corrected finding paints where the reviewer put it: checked for every row (there are few)
        moved = [i for i, s in enumerate(spans) if s.judge != HUMAN and document.span_id(s) in edited] \
            if edited else []
        moved_set = set(moved)
        target = [(s.start, s.end, i) for i, s in enumerate(spans)
                  if s.start is not None and s.end is not None and i not in moved_set]
        source = [(s.source_start, s.source_end, i) for i, s in enumerate(spans)
                  if s.source_start is not None and s.source_end is not None]
        self.sides = {"target": _Side(target, moved), "source": _Side(source, [])}  # type: ignore[arg-type]
        self.planned: dict[tuple[str, int], list[Interval]] = {}

    def _window(self, side: Side, row: int) -> tuple[float, float]:
        """The content range a finding must start in (before the reach) to touch ``row``."""
        return self.layout.windows(side).get(row, (0.0, 0.0))  # made once per layout, not per planner

    def intervals(self, side: Side, row: int) -> list[Interval]:
        found = self.planned.get((side, row))
        if found is not None:
            return found
        lo, hi = self._window(side, row)
        entries: list[Planned] = []
        for i in sorted(set(self.sides[side].near(lo, hi))):
            for entry in plan_span(self.spans[i], self.decision_of):
                if entry[0] == side and row in self.layout.rows_touched(side, entry[1], entry[2]):
                    entries.append(entry)
        found = self.planned[(side, row)] = [(a, b, key, span) for _s, a, b, key, span in plan_order(entries)]
        return found


class LazyHighlightIndex(HighlightIndex):
    """A ``HighlightIndex`` whose rows are planned when first asked for (laid out, hovered, clicked)."""

    def __init__(self, layout: PairLayout, planner: RowPlanner) -> None:
        super().__init__(layout, [])
        self.planner = planner

    def intervals(self, side: Side, row: int) -> list[Interval]:
        return self.planner.intervals(side, row)
