"""The Judges view: a SpanAgreement payload (sample human spans against a judge) shown with the view
registered for its type: one row per judge with its slices, the raters' ceiling, intervals, the mode
switch, and the F1 chart per judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from litlens.app.core.model import Judgment, Span
from litlens.app.humans import compare, matching
from litlens.app.humans.payload import SpanAgreement
from litlens.app.texts import build_project, text_from_string

pytestmark = pytest.mark.gui
DATA = Path(__file__).parent / "data" / "human"


def payload() -> SpanAgreement:
    src = text_from_string((DATA / "source.txt").read_text(encoding="utf-8"), "en")
    proj = build_project("old man", src, [(lab, text_from_string((DATA / f"{lab}.txt").read_text(encoding="utf-8"),
                                                                 "fr")) for lab in "AB"])
    b = proj.candidate("B").text

    def on(para, words, category, severity):
        p = b.paragraphs[para]
        i = p.start + p.text.index(words)
        return Span("gemba", category, severity, start=i, end=i + len(words), paragraph=para)
    results = [Judgment("gemba", f"B/p{p}", "B", p, spans=s) for p, s in enumerate([
        [on(0, "vite", "accuracy/mistranslation", "major")], [on(1, "parlait", "fluency/grammar", "minor")],
        [on(2, "grand et gris", "accuracy/mistranslation", "major")], [], []])]
    ann = matching.load(str(DATA / "mqm.tsv"), proj)
    return SpanAgreement.of(compare.compare(ann, results, proj), "mqm.tsv")


@pytest.fixture
def registered():
    from litlens.ui.views import registry
    from litlens.ui.views.span_agreement import register
    register()
    yield registry
    registry.unregister_view(SpanAgreement)


def test_judges_view_is_picked_by_payload_type_and_shows_the_table(qtbot, registered, tmp_path):
    from litlens.ui.views.span_agreement import SpanAgreementView
    pl = payload()
    view = registered.view_for(pl)
    assert isinstance(view, SpanAgreementView)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    tops = [view.tree.topLevelItem(i) for i in range(view.tree.topLevelItemCount())]
    assert [t.text(0) for t in tops] == ["gemba", "People, with each other (ceiling)"]
    partial_all = next(r for r in pl.rows if r["judge"] == "gemba" and r["mode"] == "partial" and r["slice"] == "all")
    assert tops[0].text(4) == pl.cell(partial_all, "macro_f1") and "[" in tops[0].text(4)  # with its interval
    assert (tops[0].text(1), tops[0].text(3)) == (pl.cell(partial_all, "micro_p"), pl.cell(partial_all, "micro_f1"))
    slices = [tops[0].child(i).text(0) for i in range(tops[0].childCount())]
    assert "accuracy" in slices and "severity: major" in slices
    # the chart has one group per judge, bars for all spans and each category, the ceiling beside them
    ((judge, bars),) = view.chart.groups
    assert judge == "gemba" and bars[0][0] == "all" and bars[0][4] == pytest.approx(0.6)
    view.mode.setCurrentIndex(1)  # exact match
    exact_all = next(r for r in pl.rows if r["judge"] == "gemba" and r["mode"] == "exact" and r["slice"] == "all")
    assert view.tree.topLevelItem(0).text(3) == pl.cell(exact_all, "micro_f1")
    assert view.tree.topLevelItem(0).text(5) == ""  # severity agreement belongs to the partial pairs
    assert "match no paragraph" in view.notes.text()
    view.mode.setCurrentIndex(0)
    view.grab().save(str(tmp_path / "judges.png"))
    assert (tmp_path / "judges.png").stat().st_size > 0


def test_payload_prints_as_a_table():
    table = payload().as_table()
    assert table.headers[:4] == ["judge", "slice", "mode", "P"]
    assert {r[0] for r in table.rows} == {"gemba", compare.RATERS}
