"""What the findings list and its detail pane say of a finding beyond the judge's words: how often its judge
is right in its category for this reviewer (app.humans.calibration), in how many of the judge's samples it
was found and how far the paragraph's scores spread (app.metrics.sample_stability), and what the fix
verifier said of its correction (app.fixes.verify). ``load`` reads the first two from the store on a worker.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from litlens.ui.common.judge_texts import category_name, judge_short

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.fixes.verify import Check
    from litlens.app.humans.calibration import Calibration
    from litlens.app.metrics.sample_stability import SampleStability

FIX_MARK = {"verified": "✓", "no improvement": "✗", "order-dependent": "⇄", "not checked": "?"}


def load(db_path: str | Path, project_id: int | None) -> tuple[Calibration, SampleStability | None]:
    """The reviewer's calibration (every project) and the open project's sample stability (a worker)."""
    from litlens.app.humans import calibration
    from litlens.app.metrics import sample_stability
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        cal = calibration.read(store)
        found = sample_stability.for_project(store, project_id) if project_id is not None else None
        return cal, found or None
    finally:
        store.close()


def percent(x: float) -> str:
    return f"{round(100 * x)}%"


def fix_text(verdict: str | None) -> str:
    if not verdict:
        return ""
    names = {"verified": QCoreApplication.translate("FindingChecks", "verified"),
             "no improvement": QCoreApplication.translate("FindingChecks", "no improvement"),
             "order-dependent": QCoreApplication.translate("FindingChecks", "order-dependent"),
             "not checked": QCoreApplication.translate("FindingChecks", "not checked")}
    return f"{FIX_MARK.get(verdict, '')} {names.get(verdict, verdict)}".strip()


def found_text(found: tuple[int, int] | None) -> str:
    return QCoreApplication.translate("FindingChecks", "{0} of {1}").format(*found) if found else ""


def calibration_html(cal: Calibration | None, span: Span) -> str:
    """'GEMBA-MQM is right 38% [25, 52] of the time on Style › Awkwardness for you (n = 42).'"""
    from litlens.app.humans.calibration import MIN_N
    e, judge = html.escape, judge_short(span.judge)
    cell = cal.cell(span.judge, span.category) if cal is not None else None
    if cell is None or cell.precision is None:
        none = QCoreApplication.translate("FindingChecks", "No decisions of yours on {0} yet.")
        return f"<p>{e(none.format(judge))}</p>"
    low, high = cell.interval
    line = QCoreApplication.translate(
        "FindingChecks", "{0} is right {1} [{2}, {3}] of the time on {4} for you (n = {5}).").format(
        judge, percent(cell.precision), round(100 * low), round(100 * high), category_name(cell.category), cell.n)
    if cell.n < MIN_N:
        line += " " + QCoreApplication.translate("FindingChecks",
                                                 "Too few decisions for your calibration to act on.")
    elif cell.keeps_rejecting():
        line += " " + QCoreApplication.translate("FindingChecks", "You keep rejecting this judge here.")
    chance = cal.chance(span.judge, span.category) if cal is not None else None
    if chance is not None:
        line += " " + QCoreApplication.translate(
            "FindingChecks", "Calibrated chance this finding is right: {0}.").format(percent(chance))
    return f"<p>{e(line)}</p>"


def stability_html(stability: SampleStability | None, span: Span, candidate: str) -> str:
    """'Found in 3 of 5 samples.' and the spread of the paragraph's scores over its samples."""
    if stability is None:
        return ""
    e, parts = html.escape, []
    found = stability.of(span, candidate)
    if found is not None:
        parts.append(QCoreApplication.translate("FindingChecks", "Found in {0} of {1} samples.").format(*found))
    for s in stability.spreads.get((span.judge, candidate, span.paragraph), []):
        parts.append(QCoreApplication.translate(
            "FindingChecks", "Score {0}: {1} to {2} over {3} samples (sd {4}).").format(
            s.dimension, f"{s.low + 0.0:g}", f"{s.high + 0.0:g}", len(s.values), f"{s.sd:.2g}"))
    return "".join(f"<p>{e(p)}</p>" for p in parts)


def fix_html(check: Check | None) -> str:
    if check is None:
        return ""
    e = html.escape
    says = {
        "verified": QCoreApplication.translate(
            "FindingChecks", "Fix verified: the fixed paragraph was preferred in both orders."),
        "no improvement": QCoreApplication.translate(
            "FindingChecks", "No improvement: the fixed paragraph was not preferred in either order."),
        "order-dependent": QCoreApplication.translate(
            "FindingChecks", "Order-dependent: the verifier's choice followed the order it was shown."),
        "not checked": QCoreApplication.translate(
            "FindingChecks", "The fix could not be checked: {0}").format(check.error)}
    reason = next((r for r in check.reasons if r), "")
    out = f"<p><b>{e(fix_text(check.verdict))}</b> · {e(says.get(check.verdict, ''))}</p>"
    return out + (f"<p><i>{e(reason)}</i></p>" if reason else "")
