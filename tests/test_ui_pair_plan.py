"""Highlights planned row by row (ui/pair/plan.py) are exactly what planning every finding at once paints:
same intervals, same order, for overlapping, multi-paragraph, very long, empty, source-side, rejected,
corrected and added findings; only rows that are laid out get planned, and a new delivery lays out again
only the rows whose highlights changed."""

from __future__ import annotations

import dataclasses
import random

import pytest

from litlens.app.core.model import Span
from litlens.app.run.annotations import Annotation, span_key
from litlens.ui.pair.index import HighlightIndex
from litlens.ui.pair.layout import SIDES
from litlens.ui.pair.plan import LONG, plan_all
from litlens.ui.common.tasks import Review
from test_ui_pair_view import book, deliver, finding, paint, view  # noqa: F401  (the fixture)

pytestmark = pytest.mark.gui


def mixed_findings(doc, rng: random.Random) -> list[Span]:
    tgt, src = doc.candidate.text, doc.project.source
    n, m = len(tgt.content), len(src.content)
    spans = []
    for k in range(400):
        a = rng.randrange(n)
        length = rng.choice([0, 1, 2, 5, 30, 400, 900])  # empty, short, across paragraphs
        s = finding(a, min(n, a + length), rng.choice(["critical", "major", "minor", "neutral"]), f"f{k}")
        if k % 3 == 0:
            b = rng.randrange(m)
            s = dataclasses.replace(s, source_start=b, source_end=min(m, b + rng.choice([1, 8, 600])))
        spans.append(s)
    spans.append(finding(5, min(n, 5 + LONG + 500), "minor", "very long"))  # checked on every row
    spans.append(finding(n - 3, n, "critical", "at the very end"))
    return spans


def who(span: Span) -> object:
    """The finding itself (the reviewer's additions are made afresh as spans each time they are asked for)."""
    return ("added", span.data["annotation_id"]) if span.judge == "human" else id(span)


def test_rows_planned_lazily_equal_the_whole_plan(qtbot, view):  # noqa: F811
    doc = view.document
    doc.set_project(dataclasses.replace(book(60), id=1))
    spans = mixed_findings(doc, random.Random(17))
    deliver(doc, spans)
    keys = {i: span_key(s, "Draft") for i, s in enumerate(spans)}
    # decisions: some rejected, some corrected (moved elsewhere, even to another row), one accepted
    notes = [Annotation(1, "Draft", "reject", "x", "major", span_id=i) for i in range(0, 400, 7)]
    notes += [Annotation(1, "Draft", "edit", "x", "critical", s.start + 40, s.start + 45, span_id=i)
              for i, s in list(enumerate(spans))[3:400:11] if s.start + 45 < len(doc.candidate.text.content)]
    notes.append(Annotation(1, "Draft", "accept", "x", "minor", span_id=2))
    notes.append(Annotation(1, "Draft", "add", "fluency/grammar", "major", 100, 120, id=9001))
    assert doc.set_review(doc.revision, Review(1, notes, {k: i for i, k in keys.items()}, []))
    lm, lazy = view.text.layout_map, view.text.index
    every = plan_all(doc.findings("Draft"), doc.decision)
    assert any(style == "critical" and (a, b) != (s.start, s.end) for _side, a, b, style, s in every)  # moved
    eager = HighlightIndex(lm, every)
    for side in SIDES:
        for row in range(len(lm.rows)):
            got = [(a, b, key, who(s)) for a, b, key, s in lazy.intervals(side, row)]
            assert got == [(a, b, key, who(s)) for a, b, key, s in eager.intervals(side, row)], (side, row)
            assert [(r.start, r.length) for r in lazy.formats(side, row, view.text.body_font)] == \
                [(r.start, r.length) for r in eager.formats(side, row, view.text.body_font)]


def test_only_laid_out_rows_are_planned_and_a_delivery_relays_only_what_changed(qtbot, view):  # noqa: F811
    doc = view.document
    doc.set_project(dataclasses.replace(book(300), id=1))
    spans = [finding(p.start, p.start + 4) for p in doc.candidate.text.paragraphs]
    deliver(doc, spans)
    paint(qtbot, view)
    planner = view.text.index.planner
    planned_rows = {row for _side, row in planner.planned}
    assert planned_rows and planned_rows <= view.text.laid_out() and len(planned_rows) < 30
    before = view.text.layouts_made
    shown = sorted(view.text.laid_out())
    row = shown[1]
    para = view.text.layout_map.rows[row].target[0]
    extra = finding(doc.candidate.text.paragraphs[para].start + 6, doc.candidate.text.paragraphs[para].start + 9,
                    "critical")
    assert doc.set_results(doc.revision, 2, [dataclasses.replace(j, spans=j.spans + [extra])
                                             for j in doc.judgments])
    assert view.text.laid_out() == set(shown)  # the old highlights stay on screen until the next frame,
    assert view.text.waiting() == {row}  # where only the row with the new finding is laid out again
    paint(qtbot, view)
    assert view.text.layouts_made == before + 1
    assert ("target", extra.start, extra.end, "critical") in view.highlighted


def test_the_rows_content_windows_are_made_once_per_layout_and_remade_after_an_index():
    """Every RowPlanner (one per delivery of results or review) reads the same per-row windows: a book's
    7,920 rows were walked again on the GUI thread for each; the layout makes them once."""
    from litlens.ui.pair.layout import PairLayout
    lm = PairLayout(rows=[], mismatched=[])
    lm.index("target", [(40, 1), (0, 0), (20, 0), (70, 2)])
    first = lm.windows("target")
    assert first == {0: (float("-inf"), 40.0), 1: (40.0, 70.0), 2: (70.0, float("inf"))}
    assert lm.windows("target") is first  # made once
    lm.index("target", [(0, 0), (10, 1)])
    assert lm.windows("target") == {0: (float("-inf"), 10.0), 1: (10.0, float("inf"))}
    assert lm.windows("source") == {}


def test_a_finding_an_edit_overtook_is_drawn_outdated_only_while_undecided():
    # an open finding whose words an edit removed still asks for a look: drawn in the outdated style;
    # one decided before the edit, or applied (its correction was the edit), has nothing left to mark,
    # as the report marks nothing there (app.reports.html.marked) and the list says applied or accepted
    from litlens.app.core.edits import OUTDATED as GONE
    from litlens.ui.pair.paint import OUTDATED
    from litlens.ui.pair.plan import plan_span
    gone = dataclasses.replace(finding(4, 9, "major", "gone"), quote="오빠의", data={GONE: True},
                               source_start=1, source_end=3)
    applied = Annotation(1, "Draft", "accept", "x", "major", span_id=1, resolved_by=3)
    accepted = Annotation(1, "Draft", "accept", "x", "major", span_id=1)
    assert [(side, a, b, style) for side, a, b, style, _s in plan_span(gone, lambda s: None)] == [
        ("target", 4, 9, OUTDATED), ("source", 1, 3, OUTDATED)]
    assert plan_span(gone, lambda s: applied) == []
    assert plan_span(gone, lambda s: accepted) == []
    kept = dataclasses.replace(gone, data={})  # words still there (a suggestion that contains them): drawn
    assert [style for *_r, style, _s in plan_span(kept, lambda s: applied)] == ["major", "major"]
