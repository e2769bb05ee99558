"""The findings list's rows computed from plain data: each finding's state (app.mqm.states), the filters,
merged groups and sort keys. No widget is touched here, so a book's 10,000 findings can be listed on a worker
thread while the window keeps painting (ui/review/findings_list.py decides where it runs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.run.annotations import top
from litlens.app.mqm import states
from litlens.app.mqm.merge import group_findings
from litlens.ui.review.findings_model import COL_PARA, COL_SEVERITY, Row
from litlens.ui.common.severity import rank

if TYPE_CHECKING:
    from litlens.app.core.model import Span

@dataclass(frozen=True)
class Filters:
    """The four filter choices of the list; None lets everything through."""

    judge: str | None = None
    category: str | None = None
    severity: str | None = None
    status: str | None = None

    def wanted(self, span: Span, status: str) -> bool:
        return ((self.judge is None or self.judge == span.judge)
                and (self.category is None or self.category == top(span.category))
                and (self.severity is None or self.severity == span.severity)
                and (self.status is None or self.status == status))


@dataclass
class Listing:
    """What one refresh shows: the rows, how many findings there are and how many pass the filters."""

    rows: list[Row]
    total: int
    shown: int
    per_category: Counter[str]


def make_row(original: Span, status: str, label: Callable[[Span], str] | None, span: Span | None = None,
             members: list[Span] | None = None) -> Row:
    """What the list needs of a finding up front: its sort keys. Texts are made when a row is shown."""
    span = span or original
    para = label(span) if label is not None else "—"
    digits = "".join(ch for ch in para.split("–")[0] if ch.isdigit())
    keys = {COL_SEVERITY: rank(span.severity),
            COL_PARA: (int(digits) if digits else 1 << 30) * 10**7 + (span.start or 0)}
    return Row(original, span, members or [original], status, para, keys)


def listing(spans: list[Span], filters: Filters, decisions: dict[int, Any],
            span_id: Callable[[Span], int | None], label: Callable[[Span], str] | None) -> Listing:
    """The rows for ``spans``: every column, filter and count reads a finding as the reviewer left it, the
    way every export reads it (app.mqm.states: open, accepted, corrected, rejected, applied, added,
    outdated; the newest decision on a merged row is every member's, so a corrected row is corrected for
    each judge). Rows merge what passes the filters; states are read over all of the candidate's findings.
    """
    found = states.finding_states(spans, decisions, span_id)
    shown = [s for s in spans if filters.wanted(found[id(s)].span, found[id(s)].status)]
    # overlapping findings of one branch are one row listing every judge (app.mqm.merge)
    groups = group_findings(shown)
    rows = [make_row(g.primary, found[id(g.primary)].status, label, found[id(g.primary)].span, g.members)
            for g in groups]
    per = Counter(top(found[id(s)].span.category) for s in shown)
    return Listing(rows, len(spans), len(shown), per)
