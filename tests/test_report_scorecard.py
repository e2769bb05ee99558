"""Reports carry the scorecard: the JSON and HTML reports of a run of a book in chapters hold, per candidate
and chapter, the profile, threshold and pass/fail, under the reviewed findings and under all findings; the
figures are the ones `litlens scorecard` prints (the same function) and are checked by hand."""

from __future__ import annotations

import json

import pytest
from lxml import html as lxml_html

from litlens.app.cli.main import EXIT_OK, main
from litlens.app.core.model import Judgment, Span
from litlens.app.reports import write_report
from litlens.app.run import annotations as ann
from litlens.app.run import revisions
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SRC = "Chapter 1\n\nOne two three four.\n\nChapter 2\n\nFive six seven eight nine ten."
TGT = "1장\n\n하나 둘 셋 넷.\n\n2장\n\n다섯 여섯 일곱 여덟 아홉 열."


@pytest.fixture
def run(db_path):
    store = Store(db_path)
    project = build_project("Book", text_from_string(SRC, "en"), [("ko", text_from_string(TGT, "ko"))])
    pid = store.save_project(project)
    text = project.candidate("ko").text
    a, b = text.content.index("둘"), text.content.index("여섯")
    spans = [Span("gemba_mqm", "accuracy/mistranslation", "major", "x", a, a + 1, "둘", paragraph=1),
             Span("gemba_mqm", "fluency/grammar", "minor", "y", b, b + 2, "여섯", paragraph=3)]
    from litlens.app.core.model import Score
    scored = [Judgment("da_mqm", f"d{k}", "ko", k, scores=[Score("Lexical Choice", v, 1, 5)])
              for k, v in ((1, 4.0), (3, 2.0), (2, 5.0))]
    run_id = store.start_run(pid, ["gemba_mqm"], "offline", "none", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, run_id)
    store.save_result(run_id, Judgment("gemba_mqm", "g", "ko", None, spans=spans), "v1", "none", "h")
    for n, j in enumerate(scored):
        store.save_result(run_id, j, "v1", "none", f"d{n}")
    store.update_run(run_id, status="done", units_done=1)
    ids = {k[6]: sid for k, sid in ann.span_ids(store, pid).items()}
    ann.save(store, ann.Annotation(pid, "ko", "accept", "accuracy/mistranslation", "major", span_id=ids["둘"],
                                   judge="gemba_mqm"))
    yield store, run_id
    store.close()


def _rows(section):
    return [(r["candidate"], r["part"], r["words"], r["penalty"], r["passed"]) for r in section["rows"]]


def test_json_report_scorecard_per_chapter_by_hand_and_as_the_command_says(run, tmp_path, capsys):
    store, run_id = run
    out = tmp_path / "r.json"
    write_report(store, run_id, "json", out, qa_profile="mqm-core")
    card = json.loads(out.read_text(encoding="utf-8"))["scorecard"]
    reviewed, every = card["reviewed"], card["all_findings"]
    assert reviewed["profile_name"] == "MQM-Core" and reviewed["chapters"] == ["Chapter 1", "Chapter 2"]
    # mqm-core counts source words (Chapter 1: 6, Chapter 2: 8); major 5, minor 1
    assert _rows(reviewed) == [("ko", "Chapter 1", 6, 5, False), ("ko", "Chapter 2", 8, 0, True),
                               ("ko", "", 14, 5, False)]
    assert _rows(every) == [("ko", "Chapter 1", 6, 5, False), ("ko", "Chapter 2", 8, 1, False),
                            ("ko", "", 14, 6, False)]
    assert reviewed["rows"][2]["score"] == pytest.approx(100 * (1 - 5 / 14), abs=1e-4)
    assert reviewed["threshold"] == reviewed["rows"][0]["threshold"]
    # each chapter's mean judge scores over its paragraphs (Chapter 1: ¶2 = 4; Chapter 2: ¶3, ¶4 = 5, 2)
    assert [r["means"] for r in reviewed["rows"]] == [{"da_mqm/Lexical Choice": 4.0},
                                                      {"da_mqm/Lexical Choice": 3.5},
                                                      {"da_mqm/Lexical Choice": 11 / 3}]
    # the whole-text rows are what `litlens scorecard` prints for the run
    for section, flag in ((reviewed, []), (every, ["--all-findings"])):
        capsys.readouterr()
        assert main(["scorecard", str(run_id), "--format", "json", "--qa-profile", "mqm-core", *flag]) in (EXIT_OK, 6)
        [cli] = json.loads(capsys.readouterr().out)["scorecards"]
        whole = {k: v for k, v in section["rows"][2].items() if k != "means"}
        assert whole == cli


def test_html_report_scorecard_tables(run, tmp_path):
    store, run_id = run
    out = tmp_path / "r.html"
    write_report(store, run_id, "html", out)
    page = lxml_html.fromstring(out.read_text(encoding="utf-8"))
    tables = page.xpath("//table[@class='scorecard']")
    assert [t.get("data-basis") for t in tables] == ["reviewed", "all_findings"]
    rows = [[c.text_content() for c in tr.xpath("td")] for tr in tables[1].xpath("tr[td]")]
    assert [r[1] for r in rows] == ["Chapter 1", "Chapter 2", "whole text"]
    # literary profile counts source words too; its weights give the same 5 and 1 for these categories
    assert [(r[3], r[4], r[8]) for r in rows] == [("1", "5", "FAIL"), ("1", "1", "FAIL"), ("2", "6", "FAIL")]
    assert [r[9] for r in rows] == ["da_mqm/Lexical Choice 4", "da_mqm/Lexical Choice 3.50",
                                    "da_mqm/Lexical Choice 3.67"]
    assert "QA profile Literary: pass at a quality score of 99 or more" in page.text_content()
