"""A count and its noun agree in English: "1 finding", "2 findings", never "1 findings" — in the window
(findings list, judge panel estimate, run bar, Runs dock, undo labels, the fix and sample estimates), on
the CLI's lines and in the reports. Korean has no plural: both English forms of a new string have one
Korean entry."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from packaging_tables import korean_table

from litlens.app.core.counts import counted, fraction, noun, one_or_many
from litlens.app.core.model import Judgment, Span
from litlens.app.texts import build_project, text_from_string


def test_the_helper_takes_the_singular_for_exactly_one():
    assert [noun(n, "finding") for n in (0, 1, 2)] == ["0 findings", "1 finding", "2 findings"]
    assert noun(1, "entry", "entries") == "1 entry" and noun(3, "entry", "entries") == "3 entries"
    assert counted(1, "{0} run · {1}", "{0} runs · {1}", "x") == "1 run · x"
    assert counted(2, "{0} run · {1}", "{0} runs · {1}", "x") == "2 runs · x"
    assert one_or_many(1.5, "one", "many") == "many" and one_or_many(1, "one", "many") == "one"
    assert fraction(0, 1, "unit") == "0/1 unit" and fraction(1, 2, "unit") == "1/2 units"


# ---- the window ---------------------------------------------------------------------------------------

def _project(paragraphs: int):
    src = "\n\n".join(f"Line {k} of the story." for k in range(paragraphs))
    tgt = "\n\n".join(f"이야기의 {k}번째 줄입니다." for k in range(paragraphs))
    return build_project("t", text_from_string(src, "en"), [("Draft", text_from_string(tgt, "ko"))])


@pytest.mark.gui
@pytest.mark.parametrize("n, said", [(1, "1 finding"), (2, "2 findings")])
def test_the_findings_list_counts_in_agreement(qtbot, n, said):
    from litlens.ui.common.document import Document
    from litlens.ui.review.findings_list import FindingsList
    document = Document()
    found = FindingsList(document)
    qtbot.addWidget(found)
    project = _project(2)
    document.set_project(project)
    cand = project.candidates[0]
    spans = [Span(judge="honorifics", category="fluency/grammatical-register", severity="minor",
                  start=p.start, end=p.start + 2, explanation="slip", paragraph=k)
             for k, p in enumerate(cand.text.paragraphs[:n])]
    document.set_results(document.revision, 1, [Judgment(judge="honorifics", unit="Draft", candidate="Draft",
                                                         paragraph=None, spans=spans)])
    found.refresh()
    qtbot.waitUntil(lambda: bool(found.count.text()), timeout=10_000)
    assert found.count.text() == said


@pytest.mark.gui
def test_the_judge_panel_estimate_and_run_bar_agree(qapp):
    from litlens.app.run.engine import Progress
    from litlens.app.run.service import Estimate
    from litlens.ui.runs.judge_panel import format_estimate
    from litlens.ui.runs.run_bar import format_progress
    assert format_estimate(Estimate(1, 0, 0, 0, 0.0), None) == "1 unit · offline, no cost"
    assert format_estimate(Estimate(2, 0, 0, 0, 0.0), None) == "2 units · offline, no cost"
    one = format_estimate(Estimate(1, 1, 1000, 100, 0.01, calls=1), "gpt-4o-mini")
    assert one.startswith("1 unit · 1 LLM call · ") and "units" not in one and "calls" not in one
    assert format_estimate(Estimate(2, 2, 1000, 100, 0.01, calls=2), "gpt-4o-mini").startswith(
        "2 units · 2 LLM calls · ")
    done = Progress(run_id=1, total=1, done=1, calls=1, input_tokens=1, output_tokens=0, status="done")
    assert format_progress(done) == "1/1 unit · 1 call · 1 token · $0.0000"
    two = Progress(run_id=1, total=2, done=1, calls=2, input_tokens=1, output_tokens=1, status="done")
    assert format_progress(two) == "1/2 units · 2 calls · 2 tokens · $0.0000"


@pytest.mark.gui
def test_undo_labels_and_the_fix_estimate_agree(qapp):
    from litlens.app.fixes.verify import FixEstimate
    from litlens.ui.review.fix_actions import estimate_text
    from litlens.ui.review.history_labels import shown
    assert shown("accept 1") == "accept 1 finding" and shown("accept 2") == "accept 2 findings"
    assert shown("reject 1") == "reject 1 finding" and shown("reject 3") == "reject 3 findings"
    assert estimate_text(FixEstimate(1, 10, 5, 0.001), "m").startswith("1 verifier call · ")
    assert estimate_text(FixEstimate(2, 10, 5, 0.001), "m").startswith("2 verifier calls · ")


@pytest.mark.gui
@pytest.mark.parametrize("runs, said", [(1, "1 run · $0.0000 spent on this project"),
                                        (2, "2 runs · $0.0000 spent on this project")])
def test_the_runs_dock_counts_its_runs_in_agreement(qtbot, db_path, runs, said):
    from runs_dock import runs_dock
    shown = [{"id": 10 + k, "project_id": 1, "started_at": 1_700_000_000 + k, "judges": "[]",
              "input_tokens": 0, "output_tokens": 0, "provider": "offline", "model": "-",
              "status": "done", "units_done": 1, "units_total": 1, "calls": 0, "cost": 0.0}
             for k in range(runs)]
    with runs_dock(qtbot, db_path, shown) as history:
        assert history.total.text() == said


def test_every_new_counted_wording_has_one_korean_form():
    ko = korean_table("ko_counts", "COUNTS_KO")
    for one, many in [("{0} finding", "{0} findings"), ("{0} unit", "{0} units"), ("{0} call", "{0} calls"),
                      ("{0} LLM call", "{0} LLM calls"), ("{0}/{1} unit", "{0}/{1} units"),
                      ("{0} row", "{0} rows"), ("{0} more sample", "{0} more samples"),
                      ("{0} verifier call", "{0} verifier calls"), ("{0} order", "{0} orders"),
                      ("{0} different winner", "{0} different winners"),
                      ("{0} run · ${1:.4f} spent on this project", "{0} runs · ${1:.4f} spent on this project")]:
        assert ko[one] == ko[many], one  # Korean has no plural
        assert set(re.findall(r"\{\d[^}]*\}", ko[one])) == set(re.findall(r"\{\d[^}]*\}", one)), one


# ---- the CLI and the reports --------------------------------------------------------------------------

def _cli(db, *args):
    out = subprocess.run([sys.executable, "-m", "litlens.app.cli.main", "--db", str(db), *args],
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    return out


@pytest.mark.parametrize("translations, units", [(1, "1/1 unit "), (2, "2/2 units ")])
def test_the_cli_run_lines_agree(tmp_path, translations, units):
    src = tmp_path / "s_en.txt"
    src.write_text("The wind moved over the field.", encoding="utf-8")
    targets = [tmp_path / f"t{k}_ko.txt" for k in range(translations)]  # the honorifics judge: a unit each
    for k, tgt in enumerate(targets):
        tgt.write_text(f"바람이 {k}번 들판 위로 지나갔다.", encoding="utf-8")
    db = tmp_path / "runs.sqlite"
    more = [f"--candidate=t{k}={t}" for k, t in enumerate(targets[1:], start=1)]
    ran = _cli(db, "evaluate", str(src), str(targets[0]), *more, "--judge", "honorifics")
    assert f"done; {units.strip()} (" in ran.stderr and "0 calls" in ran.stderr
    listed = _cli(db, "runs")
    assert units in listed.stdout


@pytest.mark.parametrize("paragraphs, said", [(1, "1 segment."), (2, "2 segments.")])
def test_the_html_report_counts_segments_in_agreement(paragraphs, said):
    import datetime as dt  # noqa: F401
    from litlens.app.reports.html import environment
    template = environment().from_string('{{ n | counted("segment") }}.')
    assert template.render(n=paragraphs) == said


@pytest.mark.gui
def test_the_key_terms_view_counts_located_occurrences_in_agreement(qtbot):
    from litlens.ui.views.terms import TermTable
    view = TermTable()
    qtbot.addWidget(view)
    view.set_term_table({"Draft": {"lamp": {"consistent": False, "renderings": [
        {"text": "등불", "count": 1, "offsets": [[0, 2]]},
        {"text": "램프", "count": 2, "offsets": [[5, 7], [9, 11]]}]}}})
    top = view.tree.topLevelItem(0)
    tips = [top.child(k).toolTip(0) for k in range(2)]
    assert tips[0].startswith("1 located occurrence;") and tips[1].startswith("2 located occurrences;")



@pytest.mark.parametrize("rows, said", [(1, ": 1 entry (en → ko)"), (2, ": 2 entries (en → ko)")])
def test_the_cli_terms_lines_count_entries_in_agreement(tmp_path, capsys, rows, said):
    from litlens.app.cli.main import main
    glossary = tmp_path / "g.csv"
    glossary.write_text("source term,target term\n" + "".join(f"word{k},낱말{k}\n" for k in range(rows)),
                        encoding="utf-8")
    tbx = tmp_path / "t.tbx"
    assert main(["terms", "import", str(glossary), "--into", str(tbx), "--source-lang", "en",
                 "--target-lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert said in out, out
