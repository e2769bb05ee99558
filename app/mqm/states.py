"""A finding's effective review state, read one way by the findings list, every export and the command line.

What the reviewer did to a finding is stored as decisions (``app.run.annotations``); what an edit did to
its words is on the span (``app.core.edits``: moved, or flagged outdated). From both, one state:

=========  ======================================================================================
open       no decision yet, and its words are still there
accepted   the reviewer agreed
corrected  the reviewer agreed but changed its category, severity or range (the span carries them)
rejected   the reviewer said it is wrong
applied    its suggestion was applied to the text (the revision that did it is on the decision)
added      the reviewer's own finding
outdated   not decided, and an edit removed the words it was about
=========  ======================================================================================

Findings of one merged row (``app.mqm.merge``: overlapping spans of one MQM branch) are one problem, so
the newest decision on any member is the decision on every member: correcting the row corrects each
judge's finding (its category and severity; each keeps its own range). Agreement statistics read the
members' own decisions, so they still count every judge separately.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from litlens.app.core.edits import is_outdated
from litlens.app.core.model import Span

from .merge import group_findings

OPEN, ACCEPTED, CORRECTED, REJECTED = "open", "accepted", "corrected", "rejected"
APPLIED, ADDED, OUTDATED = "applied", "added", "outdated"
STATUSES = (OPEN, ACCEPTED, CORRECTED, REJECTED, APPLIED, ADDED, OUTDATED)
BY_ACTION = {"accept": ACCEPTED, "reject": REJECTED, "edit": CORRECTED}
HUMAN = "human"  # the judge of the reviewer's own findings


@dataclass(frozen=True)
class FindingState:
    """A finding as the reviewer left it."""

    status: str
    span: Span  # category, severity and range as corrected (the judge's own span when not corrected)
    decision: Any | None = None  # the decision that set the state: its own, or its merged row's
    merged_with: tuple[str, ...] = ()  # the other judges whose findings are one row with it

    @property
    def note(self) -> str:
        return str(getattr(self.decision, "note", "") or "")

    @property
    def applied_in(self) -> int | None:
        """The revision that applied the finding's correction, when it was applied."""
        return getattr(self.decision, "resolved_by", None) if self.status == APPLIED else None


def _resolved(decision: Any) -> bool:
    return decision is not None and getattr(decision, "resolved_by", None) is not None


def corrected(span: Span, decision: Any, own: bool = True) -> Span:
    """``span`` as the reviewer corrected it: category and severity, and the range when the decision is
    the span's own (a merged row's decision does not move the other members)."""
    if decision is None or getattr(decision, "action", "") != "edit":
        return span
    start = decision.start if own and decision.start is not None else span.start
    end = decision.end if own and decision.end is not None else span.end
    return dataclasses.replace(span, category=decision.category or span.category,
                               severity=decision.severity or span.severity, start=start, end=end)


def finding_state(span: Span, decision: Any | None = None, *, own: bool = True,
                  merged_with: Iterable[str] = ()) -> FindingState:
    """The one reading of a finding's state (see the module). ``decision``: its latest decision (or its
    merged row's, with ``own`` False); ``span``: as carried to the current text."""
    if span.judge == HUMAN:
        status = APPLIED if _resolved(decision) else ADDED
        effective = span
    elif decision is None:
        status, effective = OPEN, span
    else:
        status = APPLIED if _resolved(decision) else BY_ACTION.get(getattr(decision, "action", ""), OPEN)
        effective = corrected(span, decision, own)
    if status in (OPEN, ADDED) and is_outdated(span):
        status = OUTDATED
    return FindingState(status, effective, decision, tuple(merged_with))


def _when(d: Any) -> tuple[float, int]:
    changed = getattr(d, "updated_at", 0) or getattr(d, "created_at", 0) or 0
    return float(changed), int(getattr(d, "id", 0) or 0)


def newest(decisions: Iterable[Any]) -> Any | None:
    """The latest of several decisions (by when it was last changed, then by id; on a tie the later
    one given)."""
    best = None
    for d in decisions:
        if d is not None and (best is None or _when(d) >= _when(best)):
            best = d
    return best


def finding_states(spans: list[Span], decisions: dict[int, Any],
                   span_id: Callable[[Span], int | None]) -> dict[int, FindingState]:
    """The state of each of one candidate's findings, keyed by ``id(span)``: merged rows are found over
    all of them (not over what a filter shows), and a row's newest decision is every member's."""
    out: dict[int, FindingState] = {}
    for group in group_findings(spans):
        own = {id(s): decisions.get(sid) if (sid := span_id(s)) is not None else None for s in group.members}
        judged = [own[id(s)] for s in group.members if s.judge != HUMAN]
        # a comment (a note that decides nothing) is not the row's decision while a member has a real one
        row = newest(d for d in judged if getattr(d, "action", "") != "comment") or newest(judged)
        for s in group.members:
            others = tuple(dict.fromkeys(m.judge for m in group.members if m is not s and m.judge != s.judge))
            mine = own[id(s)]
            if s.judge == HUMAN or row is None or row is mine:
                out[id(s)] = finding_state(s, mine, merged_with=others)
            else:
                out[id(s)] = finding_state(s, row, own=False, merged_with=others)
    return out


def latest_decisions(annotations: Iterable[Any]) -> dict[int, Any]:
    """Each judged span's latest decision by span id."""
    latest: dict[int, Any] = {}
    for a in annotations:
        sid = getattr(a, "span_id", None)
        if sid is not None:
            latest[sid] = newest([latest.get(sid), a])
    return latest
