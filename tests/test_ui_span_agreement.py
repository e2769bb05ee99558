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
    from litlens.ui.views import registry  # the Judges view is a built-in view, registered like the others
    return registry


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


def test_the_review_menu_compares_the_shown_results_with_a_file_of_peoples_spans(qtbot, tmp_path, monkeypatch):
    """Through the window: Review › Compare the judges with people's error spans… scores the findings on
    screen against the file, on a worker, and the Judges dock shows the table; the text changing while it
    runs drops the answer; an unreadable file is said, never shown as figures."""
    from PySide6.QtCore import QSettings

    from litlens.ui.shell.window import MainWindow
    from litlens.ui.views.span_agreement import SpanAgreementView
    window = MainWindow(tmp_path / "db.sqlite",
                        qsettings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    src = text_from_string((DATA / "source.txt").read_text(encoding="utf-8"), "en")
    proj = build_project("old man", src, [(lab, text_from_string((DATA / f"{lab}.txt").read_text(encoding="utf-8"),
                                                                 "fr")) for lab in "AB"])
    b = proj.candidate("B").text
    p = b.paragraphs[0]
    i = p.start + p.text.index("vite")
    results = [Judgment("gemba", "B/p0", "B", 0, spans=[Span("gemba", "accuracy/mistranslation", "major",
                                                             start=i, end=i + 4, paragraph=0)])]
    doc = window.document
    doc.set_project(proj)
    assert doc.set_results(doc.revision, 10_000, results)
    assert window.compare_people_action in window.menuBar().actions()[3].menu().actions()
    with qtbot.waitSignal(window.people_actions.compared, timeout=30_000) as shown:
        assert window.people_actions.compare(str(DATA / "mqm.tsv"))
    payload = shown.args[0]
    assert payload.judges == ["gemba"] and payload.source == "mqm.tsv"
    panel = window.results.panels["judges"]
    panel.refresh()
    assert isinstance(panel.view, SpanAgreementView) and panel.payloads() == [payload]
    # a second comparison of the same file replaces the first rather than piling up
    with qtbot.waitSignal(window.people_actions.compared, timeout=30_000):
        window.people_actions.compare(str(DATA / "mqm.tsv"))
    assert len(doc.extra_payloads) == 1
    # the text changes while a comparison runs: its figures are dropped
    window.people_actions.compare(str(DATA / "mqm.tsv"))
    doc.set_project(proj)
    qtbot.waitUntil(lambda: window.people_actions.pending == 0, timeout=30_000)
    assert doc.extra_payloads == []
    # an unreadable file is said, not shown
    warned = []
    monkeypatch.setattr("litlens.ui.review.people.QMessageBox.warning", lambda *a: warned.append(a[2]))
    bad = tmp_path / "bad.tsv"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    assert doc.set_results(doc.revision, 20_000, results)
    with qtbot.waitSignal(window.people_actions.failed, timeout=30_000):
        window.people_actions.compare(str(bad))
    assert warned and "could not be read" in warned[0] and doc.extra_payloads == []
    window.close()
