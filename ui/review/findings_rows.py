"""The findings list's rows computed from plain data: each finding's state (app.mqm.states), the filters,
merged groups and sort keys. No widget is touched here, so a book's 10,000 findings can be listed on a worker
thread while the window keeps painting (ui/review/findings_list.py decides where it runs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from litlens.app.run.annotations import top
from litlens.app.mqm import states
from litlens.app.mqm.merge import group_findings
from litlens.ui.review.findings_model import COL_CHANCE, COL_FIX, COL_FOUND, COL_PARA, COL_SEVERITY, Row
from litlens.ui.common.severity import rank

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.humans.calibration import Calibration
    from litlens.app.metrics.sample_stability import SampleStability

FIX_ORDER = {"verified": 0, "order-dependent": 1, "no improvement": 2, "not checked": 3}


@dataclass(frozen=True)
class Checks:
    """What is known of findings beyond the judges' words: the reviewer's calibration (and the opt-in
    rule's mode: "off", "fade" or "hide"; ``show_hidden`` after the reviewer asked to see them), the
    samples' stability and the fix verifier's verdicts (keyed by ``key(span)``)."""

    calibration: Calibration | None = None
    mode: str = "off"
    show_hidden: bool = False
    stability: SampleStability | None = None
    fixes: Mapping[object, str] = field(default_factory=dict)
    key: Callable[[Span], object] | None = None
    candidate: str = ""

    def rejected_judge(self, span: Span, status: str) -> bool:
        """An open finding of a judge the reviewer keeps rejecting in its category (the rule is on)."""
        return (self.mode != "off" and self.calibration is not None and status == states.OPEN
                and self.calibration.keeps_rejecting(span.judge, span.category))

    def fix_of(self, span: Span) -> str | None:
        return self.fixes.get(self.key(span)) if self.key is not None and self.fixes else None

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
    hidden: int = 0  # findings the calibration rule hid (mode "hide")
    would_hide: int = 0  # findings it would hide (shown now because the reviewer asked)


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
            span_id: Callable[[Span], int | None], label: Callable[[Span], str] | None,
            checks: Checks | None = None) -> Listing:
    """The rows for ``spans``: every column, filter and count reads a finding as the reviewer left it, the
    way every export reads it (app.mqm.states: open, accepted, corrected, rejected, applied, added,
    outdated; the newest decision on a merged row is every member's, so a corrected row is corrected for
    each judge). Rows merge what passes the filters; states are read over all of the candidate's findings.
    With ``checks``, the calibration rule fades or hides open findings of judges the reviewer keeps
    rejecting (never silently: the listing counts them), and rows carry chance, stability and fix verdict.
    """
    checks = checks or Checks()
    found = states.finding_states(spans, decisions, span_id)
    shown = [s for s in spans if filters.wanted(found[id(s)].span, found[id(s)].status)]
    rejected = {id(s) for s in shown if checks.rejected_judge(s, found[id(s)].status)}
    hidden = 0
    if rejected and checks.mode == "hide" and not checks.show_hidden:
        shown = [s for s in shown if id(s) not in rejected]
        hidden = len(rejected)
    # overlapping findings of one branch are one row listing every judge (app.mqm.merge)
    groups = group_findings(shown)
    rows = []
    for g in groups:
        row = make_row(g.primary, found[id(g.primary)].status, label, found[id(g.primary)].span, g.members)
        mark(row, checks, all(id(m) in rejected for m in g.members))
        rows.append(row)
    per = Counter(top(found[id(s)].span.category) for s in shown)
    return Listing(rows, len(spans), len(shown), per, hidden, len(rejected) if not hidden else 0)


def mark(row: Row, checks: Checks, rejected: bool) -> None:
    """A row's calibrated chance, stability and fix verdict, their sort keys, and whether it is faded."""
    span = row.original
    if checks.calibration is not None:
        row.chance = checks.calibration.chance(span.judge, span.category)
    if checks.stability is not None:
        row.found = checks.stability.of(span, checks.candidate)
    row.fix = checks.fix_of(span)
    row.faded = rejected
    row.sort_keys[COL_CHANCE] = row.chance if row.chance is not None else -1.0
    row.sort_keys[COL_FOUND] = row.found[0] / row.found[1] if row.found else -1.0
    row.sort_keys[COL_FIX] = FIX_ORDER.get(row.fix or "", 9)
