"""The findings list's rows computed from plain data: the reviewer's latest decisions, the filters, merged
groups and sort keys. No widget is touched here, so a book's 10,000 findings can be listed on a worker
thread while the window keeps painting (ui/review/findings_list.py decides where it runs).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.core.edits import is_outdated
from litlens.app.run.annotations import top
from litlens.app.mqm.merge import group_findings
from litlens.ui.review.findings_model import COL_PARA, COL_SEVERITY, Row
from litlens.ui.common.severity import rank

if TYPE_CHECKING:
    from litlens.app.core.model import Span

DECIDED = {"accept": "accepted", "reject": "rejected", "edit": "edited"}  # as Document.status says


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


def latest_decisions(annotations: list[Any]) -> dict[int, Any]:
    """Each judged span's latest decision by span id, in one pass (annotations are stored oldest first)."""
    return {a.span_id: a for a in annotations if a.span_id is not None}


def corrected(span: Span, decision: Any) -> Span:
    """``span`` as the reviewer corrected it (category, severity, range), or unchanged."""
    if decision is None or decision.action != "edit":
        return span
    return dataclasses.replace(span, category=decision.category, severity=decision.severity,
                               start=decision.start if decision.start is not None else span.start,
                               end=decision.end if decision.end is not None else span.end)


def status_for(decision: Any) -> str:
    """A judged finding's review status from its latest decision ("resolved" once its fix was applied)."""
    if decision is None:
        return "new"
    if decision.resolved:
        return "resolved"
    return DECIDED.get(decision.action, "new")


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
    """The rows for ``spans``: every column, filter and count reads a finding as the reviewer left it.

    Human findings (judge "human") are the reviewer's own: status "added", never corrected. A finding not
    yet decided whose words an edit removed is "outdated" (kept and listed, never silently dropped).
    """
    statuses: dict[int, str] = {}
    effective: dict[int, Span] = {}
    for s in spans:
        if s.judge == "human":
            status, effective[id(s)] = "added", s
        else:
            sid = span_id(s)
            decision = decisions.get(sid) if sid is not None else None
            status, effective[id(s)] = status_for(decision), corrected(s, decision)
        statuses[id(s)] = "outdated" if status in ("new", "added") and is_outdated(s) else status
    shown = [s for s in spans if filters.wanted(effective[id(s)], statuses[id(s)])]
    # overlapping findings of one branch are one row listing every judge (app.mqm.merge)
    groups = group_findings(shown)
    rows = [make_row(g.primary, statuses[id(g.primary)], label, effective[id(g.primary)], g.members)
            for g in groups]
    per = Counter(top(effective[id(s)].category) for s in shown)
    return Listing(rows, len(spans), len(shown), per)
