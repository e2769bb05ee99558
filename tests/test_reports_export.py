"""Reports of stored runs: XLIFF write-back read by translate-toolkit, escaped HTML, issue lists, JSON,
PDF and the `litlens report` command. Runs use the offline consistency judge on Korean targets."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from lxml import etree

from litlens.app.run import service
from litlens.app.formats import project_from_bilingual
from litlens.app.reports import ReportError, collect, write_report
from litlens.app.reports.its import ITS_NS
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SDLXLIFF = """<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
<file original="story.docx" source-language="en-US" target-language="ko-KR" datatype="x-sdlfilterframework2">
<body>
<trans-unit id="tu-a">
<source>He met three men at 7 o'clock. They left quickly.</source>
<seg-source><mrk mtype="seg" mid="1">He met three men at 7 o'clock.</mrk> <mrk mtype="seg" mid="2">They left quickly.</mrk></seg-source>
<target><mrk mtype="seg" mid="1">그는 9시에 세 남자를 만났다.</mrk> <mrk mtype="seg" mid="2">그 그 사람들은 빨리 떠났다.</mrk></target>
</trans-unit>
<trans-unit id="tu-b">
<source>The garden was quiet.</source>
<seg-source><mrk mtype="seg" mid="3">The garden was quiet.</mrk></seg-source>
<target><mrk mtype="seg" mid="3">정원은 조용했다.</mrk></target>
</trans-unit>
</body></file></xliff>"""

MQXLIFF = """<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff" version="1.2">
<file original="novel.txt" source-language="eng" target-language="kor" datatype="plaintext">
<body>
<trans-unit id="1" mq:status="ManuallyConfirmed"><source>The train left at 5.</source>
<seg-source><mrk mtype="seg" mid="1">The train left at 5.</mrk></seg-source>
<target><mrk mtype="seg" mid="1">기차는 6시에 떠났다.</mrk></target></trans-unit>
<trans-unit id="2" mq:status="ManuallyConfirmed"><source>Snow fell.</source>
<seg-source><mrk mtype="seg" mid="2">Snow fell.</mrk></seg-source>
<target><mrk mtype="seg" mid="2">눈이 내렸다.</mrk></target></trans-unit>
<trans-unit id="3"><source>She smiled at him.</source>
<seg-source><mrk mtype="seg" mid="3">She smiled at him.</mrk></seg-source>
<target><mrk mtype="seg" mid="3">그녀는 그를 그를 보고 웃었다.</mrk></target></trans-unit>
</body></file></xliff>"""


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "litlens.db")
    yield s
    s.close()


def _run(store: Store, project) -> int:
    summary = service.execute(service.RunRequest(project=project, judges=["consistency"]), store)
    assert summary.status == "done"
    return summary.run_id


def _import_and_run(tmp_path: Path, store: Store, name: str, content: str) -> tuple[int, Path]:
    src = tmp_path / name
    src.write_text(content, encoding="utf-8")
    return _run(store, project_from_bilingual(src, label="Draft")), src


def _tt_notes(path: Path) -> dict[str, str]:
    from translate.storage import xliff
    store = xliff.xlifffile.parsefile(str(path))
    return {u.xmlelement.get("id"): u.getnotes() for u in store.units}


def test_sdlxliff_round_trip_notes_on_the_right_segments(tmp_path, store):
    run_id, original = _import_and_run(tmp_path, store, "story.docx.sdlxliff", SDLXLIFF)
    issues = collect(store, run_id).issues
    assert {i.segment_id for i in issues} == {"1", "2"}  # number in 1, doubled word in 2; 3 is clean
    out = tmp_path / "reviewed.sdlxliff"
    assert write_report(store, run_id, "xliff", out) == []
    notes = _tt_notes(out)
    assert "Segment 1:" in notes["tu-a"] and "9" in notes["tu-a"]
    assert "Segment 2:" in notes["tu-a"] and "그 그" in notes["tu-a"]
    assert notes["tu-b"] == ""
    # ITS markup: the segment marker in the target points at its own issue group
    root = etree.parse(str(out)).getroot()
    ns = {"x": "urn:oasis:names:tc:xliff:document:1.2", "its": ITS_NS}
    assert root.get(f"{{{ITS_NS}}}version") == "2.0"
    for mid, expected in (("1", "numbers"), ("2", "duplication")):
        mrk = root.find(f".//x:target//x:mrk[@mid='{mid}']", ns)
        ref = mrk.get(f"{{{ITS_NS}}}locQualityIssuesRef")
        group = root.find(f".//its:locQualityIssues[@xml:id='{ref[1:]}']".replace(
            "xml:id", "{http://www.w3.org/XML/1998/namespace}id"), ns)
        issue = group.find("its:locQualityIssue", ns)
        assert issue.get("locQualityIssueType") == expected
        assert 0 <= float(issue.get("locQualityIssueSeverity")) <= 100
        assert issue.get("locQualityIssueComment")
    # everything else is as it was: the Trados segmentation and texts are untouched
    orig = etree.parse(str(original)).getroot()
    assert [m.text for m in orig.iter("{*}mrk")] == [m.text for m in root.iter("{*}mrk")]
    # and the exported file imports again with the same segment IDs
    again = project_from_bilingual(out)
    assert again.candidates[0].text.segment_ids == ["1", "2", "3"]


def test_mqxliff_round_trip(tmp_path, store):
    run_id, _ = _import_and_run(tmp_path, store, "novel.mqxliff", MQXLIFF)
    out = tmp_path / "novel-reviewed.mqxliff"
    write_report(store, run_id, "xliff", out)
    notes = _tt_notes(out)
    assert "6" in notes["1"] and "accuracy/mistranslation" in notes["1"]
    assert notes["2"] == ""
    assert "그를 그를" in notes["3"]
    assert 'mq:status="ManuallyConfirmed"' in out.read_text(encoding="utf-8")


def test_rejected_findings_stay_out_of_the_xliff_and_status_is_shown(tmp_path, store):
    run_id, _ = _import_and_run(tmp_path, store, "novel.mqxliff", MQXLIFF)
    data = collect(store, run_id)
    doubled = next(i for i in data.issues if i.segment_id == "3")
    now = time.time()
    store.db["annotations"].insert({"project_id": data.project.id, "candidate": "Draft",
                                    "span_id": doubled.span_id, "judge": "consistency", "action": "reject",
                                    "category": doubled.category, "severity": doubled.severity,
                                    "note": "intended stutter", "created_at": now, "updated_at": now})
    store.db["annotations"].insert({"project_id": data.project.id, "candidate": "Draft", "span_id": None,
                                    "judge": "human", "action": "add", "category": "style/awkwardness",
                                    "severity": "minor", "start": 0, "end": 2, "note": "heavy opening",
                                    "created_at": now + 1, "updated_at": now + 1})
    statuses = {(i.segment_id, i.status) for i in collect(store, run_id).issues}
    assert ("3", "rejected") in statuses and ("1", "added") in statuses and ("1", "open") in statuses
    out = tmp_path / "n.mqxliff"
    write_report(store, run_id, "xliff", out)
    notes = _tt_notes(out)
    assert notes["3"] == ""
    assert "heavy opening" in notes["1"]


def test_fresh_xliff_for_a_plain_project_round_trips(tmp_path, store):
    src = text_from_string("One day he came home.\n\nHe had 3 apples.", "en")
    tgt = text_from_string("어느 날 그는 그는 집에 왔다.\n\n그는 사과 4개를 가지고 있었다.", "ko")
    run_id = _run(store, build_project("plain", src, [("Draft", tgt)]))
    out = tmp_path / "fresh.xlf"
    write_report(store, run_id, "xliff", out)
    from translate.storage import factory
    tt = factory.getobject(str(out))  # found by its .xlf extension, as a CAT pipeline would
    units = {u.xmlelement.get("id"): u for u in tt.units}
    assert set(units) == {"1", "2"}
    assert units["2"].target == "그는 사과 4개를 가지고 있었다."
    assert "4" in units["2"].getnotes() and "그는" in units["1"].getnotes()
    assert tt.getsourcelanguage() == "en" and tt.gettargetlanguage() == "ko"


def _hostile_run(store: Store) -> int:
    src = text_from_string('<script>alert("x")</script> Click <a href="javascript:alert(1)">here</a>.\n\n'
                           "He had 3 cats.", "en")
    tgt = text_from_string('<script>alert("x")</script> <a href="javascript:alert(1)">여기</a>를 눌러라.\n\n'
                           "그는 그는 고양이 5마리가 있었다.", "ko")
    return _run(store, build_project("<script>alert('name')</script>", src, [("<b>Draft</b>", tgt)]))


def test_html_report_escapes_everything_and_has_no_script(tmp_path, store):
    run_id = _hostile_run(store)
    out = tmp_path / "report.html"
    write_report(store, run_id, "html", out)
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html.lower()
    assert 'href="javascript:' not in html and "<a " not in html
    assert "<b>Draft</b>" not in html
    assert "&lt;script&gt;alert(" in html  # shown as text
    assert "&lt;b&gt;Draft&lt;/b&gt;" in html
    assert "<mark>" in html  # the finding is highlighted in its segment
    assert "Content-Security-Policy" in html
    # the findings are there, in context
    assert "5" in html and "accuracy/mistranslation" in html


def test_html_radar_is_inline_svg(tmp_path, store):
    from litlens.app.judges.base import Summary
    from litlens.app.reports.html import render_html
    data = collect(store, _hostile_run(store))
    data.summaries["verse"] = [Summary("category scores", ["category"], [["x"]], data={
        "<i>Draft</i>": {"Style": {"percent": 80.0, "n": 3}, "Meaning": {"percent": 55.5, "n": 2},
                         "Tone": {"percent": 30.0, "n": 1}}})]
    from litlens.app.reports.collect import _radar
    data.radar = _radar(data.summaries)
    html = render_html(data)
    svg = re.search(r"<svg .*?</svg>", html, re.DOTALL)
    assert svg is not None and svg.group(0).count("<polygon") == 5  # four rings and one candidate
    assert "55.5%" in html and "&lt;i&gt;Draft&lt;/i&gt;" in html and "<i>Draft</i>" not in html


def test_csv_and_xlsx_issue_lists(tmp_path, store):
    run_id = _hostile_run(store)
    csv_path, xlsx_path = tmp_path / "issues.csv", tmp_path / "issues.xlsx"
    write_report(store, run_id, "csv", csv_path)
    write_report(store, run_id, "xlsx", xlsx_path)
    import csv as csvmod
    with csv_path.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csvmod.DictReader(fh))
    assert rows and {"Segment ID", "Source", "Target", "Judge", "Category", "Severity", "Explanation",
                     "Suggestion", "Start (in segment)", "End (in segment)", "Status"} <= set(rows[0])
    num = next(r for r in rows if r["Quoted text"] == "5")
    assert num["Segment ID"] == "2" and num["Status"] == "open"
    assert num["Target"][int(num["Start (in segment)"]):int(num["End (in segment)"])] == "5"
    from openpyxl import load_workbook
    ws = load_workbook(xlsx_path).active
    header = [c.value for c in ws[1]]
    assert header[0] == "Segment ID" and "Status" in header
    assert ws.max_row == len(rows) + 1
    targets = [ws.cell(r, header.index("Target") + 1).value for r in range(2, ws.max_row + 1)]
    assert targets == [r["Target"] for r in rows]


def test_json_has_everything(tmp_path, store):
    run_id = _hostile_run(store)
    out = tmp_path / "all.json"
    write_report(store, run_id, "json", out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["run"]["id"] == run_id
    assert doc["issues"] and doc["results"] and "consistency" in doc["summaries"]
    assert doc["project"]["candidates"][0]["label"] == "<b>Draft</b>"


def test_pdf_report_embeds_a_cjk_font(tmp_path, store):
    run_id = _hostile_run(store)
    out = tmp_path / "r.pdf"
    warnings = write_report(store, run_id, "pdf", out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    from litlens.app.reports.fonts import choose_font
    font = choose_font()
    if font.cjk:
        assert warnings == [] and b"CJK" in data  # the Noto Sans CJK subset is embedded
    else:
        assert warnings and "CJK" in warnings[0]


def test_pdf_without_cjk_font_warns_visibly(tmp_path, store, monkeypatch):
    from litlens.app.reports import fonts
    monkeypatch.setattr(fonts, "_CJK_CANDIDATES", [])
    monkeypatch.delenv("LITLENS_PDF_FONT", raising=False)
    out = tmp_path / "latin.pdf"
    warnings = write_report(store, _hostile_run(store), "pdf", out)
    assert warnings and "No CJK font" in warnings[0]
    assert out.read_bytes().startswith(b"%PDF")


def test_unknown_candidate_and_several_candidates(tmp_path, store):
    src = text_from_string("A.\n\nB.", "en")
    project = build_project("two", src, [("X", text_from_string("에이.\n\n비.", "ko")),
                                         ("Y", text_from_string("가.\n\n나.", "ko"))])
    run_id = _run(store, project)
    with pytest.raises(ReportError, match="no candidate 'Z'"):
        write_report(store, run_id, "html", tmp_path / "r.html", candidate="Z")
    with pytest.raises(ReportError, match="--candidate"):
        write_report(store, run_id, "xliff", tmp_path / "r.xlf")
    write_report(store, run_id, "xliff", tmp_path / "y.xlf", candidate="Y")
    assert (tmp_path / "y.xlf").exists()


def test_cli_report(tmp_path, store, capsys):
    from litlens.app.cli.main import main
    run_id, _ = _import_and_run(tmp_path, store, "novel.mqxliff", MQXLIFF)
    db = str(store.path)
    out = tmp_path / "cli.html"
    assert main(["--db", db, "report", str(run_id), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["--db", db, "report", str(run_id), "--format", "xliff", "-o", str(tmp_path / "c.xlf")]) == 0
    assert main(["--db", db, "report", "999", "-o", str(out)]) == 3
    assert main(["--db", db, "report", str(run_id), "-o", str(tmp_path / "x.unknown")]) == 2
    assert main(["--db", db, "report", str(run_id), "--candidate", "Nope", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "no run with id 999" in err and "no candidate 'Nope'" in err
