"""Exports say what the window says: a project with an applied correction, a corrected merged row, an
edit that overtook a finding, a rejected, an open and a reviewer's own finding is exported in every report
format, read back, and each finding has the same text and state as app.mqm.states gives the window; the
report XLIFF holds the current text, puts its notes where the XLIFF 1.2 schema allows and approves
nothing."""

from __future__ import annotations

import csv
import io
import dataclasses
import json
import shutil
import time
from pathlib import Path

import pytest
from lxml import etree

from litlens.app.core.edits import ORIGIN, replace_paragraph
from litlens.app.core.model import Judgment, Span
from litlens.app.formats import project_from_bilingual
from litlens.app.mqm import states
from litlens.app.reports import collect, write_report
from litlens.app.run import annotations as ann
from litlens.app.run import revisions
from litlens.app.run.corrections import apply_correction
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

DATA = Path(__file__).parent / "data" / "cat"
NS12 = "urn:oasis:names:tc:xliff:document:1.2"
SOURCE = ("The black cat slept.\n\nThe very old man walked slowly.\n\nThe house was empty.\n\n"
          "It rained all night.")
DRAFT = ("Le chat blanc dormait.\n\nLe très très vieil homme marchait lentement.\n\nLa maison était vide.\n\n"
         "Il a plu toute la nuit.")


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "litlens.db")
    yield s
    s.close()


def _span(text, para: int, words: str, judge: str, category: str, severity: str, suggestion: str = "",
          explanation: str = "") -> Span:
    p = text.paragraphs[para]
    start = p.start + p.text.index(words)
    return Span(judge=judge, category=category, severity=severity,  # type: ignore[arg-type]
                start=start, end=start + len(words),
                quote=words, suggestion=suggestion, explanation=explanation or f"{judge} on {words}",
                paragraph=para)


def _run_with(store: Store, project, spans_by_judge: dict[str, list[Span]]) -> int:
    pid = store.save_project(project)
    run_id = store.start_run(pid, sorted(spans_by_judge), "offline", "none", {}, None, len(spans_by_judge))
    revisions.record_run_revisions(store, pid, project, run_id)
    for judge, spans in spans_by_judge.items():
        j = Judgment(judge=judge, unit=f"{judge}:Draft", candidate="Draft", paragraph=None, spans=spans)
        store.save_result(run_id, j, "v1", "none", f"hash-{judge}")
    store.update_run(run_id, status="done", units_done=len(spans_by_judge))
    return run_id


def _decide(store: Store, pid: int, issue, action: str, **kw) -> None:
    now = time.time()
    ann.save(store, ann.Annotation(project_id=pid, candidate="Draft", action=action, span_id=issue.span_id,
                                   judge=issue.judge, category=kw.get("category", issue.category),
                                   severity=kw.get("severity", issue.severity), note=kw.get("note", ""),
                                   created_at=now, updated_at=now))


def _scenario(store: Store):
    """The run, the project id, and the expected (judge, quote) -> (status, severity) after the review."""
    project = build_project("Night", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "fr"))])
    t = project.candidate("Draft").text
    gemba = [_span(t, 0, "blanc", "gemba_mqm", "accuracy/mistranslation", "major", suggestion="noir"),
             _span(t, 1, "très très", "gemba_mqm", "fluency/grammar", "minor"),
             _span(t, 2, "maison", "gemba_mqm", "accuracy/mistranslation", "minor"),
             _span(t, 3, "a plu", "gemba_mqm", "style/awkward", "minor")]
    consistency = [_span(t, 1, "très très vieil", "consistency", "fluency/inconsistency", "minor"),
                   _span(t, 3, "toute la nuit", "consistency", "terminology/inconsistent", "minor")]
    run_id = _run_with(store, project, {"gemba_mqm": gemba, "consistency": consistency})
    pid = project.id or store.save_project(project)
    issues = {(i.judge, i.quote): i for i in collect(store, run_id).issues}
    # applied: the suggestion replaces "blanc" in a new revision
    current = store.load_project(pid).candidate("Draft").text
    blanc = issues["gemba_mqm", "blanc"]
    span = next(s for s in gemba if s.quote == "blanc")
    apply_correction(store, pid, "Draft", current, span, blanc.span_id)
    # corrected on a merged row: one decision, both judges' findings become major grammar problems
    _decide(store, pid, issues["gemba_mqm", "très très"], "edit", severity="major", note="doubled")
    # rejected
    _decide(store, pid, issues["consistency", "toute la nuit"], "reject", note="fine as it is")
    # an edit removes "maison": its finding is outdated
    now = revisions.revision_text(store, pid, "Draft", revisions.head(store, pid, "Draft"))
    edited, _ = replace_paragraph(now, 2, "La demeure était vide.")
    revisions.save_revision(store, pid, "Draft", edited, "edit")
    # the reviewer's own finding
    added_at = edited.content.index("Il a plu")
    ann.save(store, ann.Annotation(project_id=pid, candidate="Draft", action="add", category="style/awkward",
                                   severity="minor", start=added_at, end=added_at + 2, quote="Il",
                                   note="heavy opening", revision=revisions.head(store, pid, "Draft")))
    expected = {("gemba_mqm", "blanc"): ("applied", "major"),
                ("gemba_mqm", "très très"): ("corrected", "major"),
                ("consistency", "très très vieil"): ("corrected", "major"),
                ("gemba_mqm", "maison"): ("outdated", "minor"),
                ("gemba_mqm", "a plu"): ("open", "minor"),
                ("consistency", "toute la nuit"): ("rejected", "minor"),
                ("human", "Il"): ("added", "minor")}
    return run_id, pid, expected


def _window_states(store: Store, pid: int) -> dict[tuple[str, str], tuple[str, str]]:
    """What app.mqm.states (the window's reading) says of the project's findings on the current text."""
    project = store.load_project(pid)
    judgments = revisions.current_judgments(store, pid, project)
    ids = ann.span_ids(store, pid)
    spans = [s for j in judgments for s in j.spans]
    decisions = states.latest_decisions(ann.for_project(store, pid))

    def span_id(s: Span) -> int | None:  # as the window's Document finds a moved finding's stored id
        origin = s.data.get(ORIGIN)
        s = dataclasses.replace(s, start=origin[0], end=origin[1]) if origin is not None else s
        return ids.get(ann.span_key(s, "Draft"))

    found = states.finding_states(spans, decisions, span_id)
    return {(s.judge, s.quote): (found[id(s)].status, found[id(s)].span.severity) for s in spans}


def test_the_state_function_reads_the_review(store):
    _run_id, pid, expected = _scenario(store)
    window = _window_states(store, pid)
    assert window == {k: v for k, v in expected.items() if k[0] != "human"}


def _read_back(fmt: str, path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    if fmt == "csv":
        rows = list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()))
        return {(r["Judge"], r["Quoted text"]): (r["Status"], r["Severity"]) for r in rows}
    if fmt == "xlsx":
        import openpyxl
        ws = openpyxl.load_workbook(str(path)).active
        head = [c.value for c in ws[1]]
        rows = [dict(zip(head, [c.value for c in r])) for r in ws.iter_rows(min_row=2)]
        return {(r["Judge"], r["Quoted text"]): (r["Status"], r["Severity"]) for r in rows}
    if fmt == "json":
        doc = json.loads(path.read_text(encoding="utf-8"))
        return {(i["judge"], i["quote"]): (i["status"], i["severity"]) for i in doc["issues"]}
    if fmt == "html":
        root = etree.HTML(path.read_text(encoding="utf-8"))
        out = {}
        for tr in root.iter("tr"):
            if "finding" not in (tr.get("class") or ""):
                continue
            cells = tr.findall("td")
            status = cells[4].text.strip()
            mark = cells[6].find(".//mark")
            said = cells[6].find(".//span")
            quote = "".join(mark.itertext()) if mark is not None else \
                "".join(said.itertext()).removeprefix("quoted: ") if said is not None else ""
            out[(cells[3].text.strip(), quote)] = (status, "".join(cells[1].itertext()).strip())
        return out
    raise AssertionError(fmt)


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "json", "html"])
def test_every_export_says_what_the_window_says(tmp_path, store, fmt):
    run_id, pid, expected = _scenario(store)
    out = tmp_path / f"report.{fmt}"
    write_report(store, run_id, fmt, out)
    got = _read_back(fmt, out)
    window = _window_states(store, pid)
    for key, (status, severity) in expected.items():
        assert got[key] == (status, severity), (fmt, key)
        if key in window:
            assert got[key] == window[key]


def test_the_report_carries_the_current_text(tmp_path, store):
    run_id, pid, _expected = _scenario(store)
    data = collect(store, run_id)
    text = data.project.candidate("Draft").text.content
    assert "Le chat noir dormait." in text and "La demeure était vide." in text
    assert data.revisions["Draft"] == revisions.head(store, pid, "Draft") > data.judged_revisions["Draft"]
    merged = {(i.judge, i.quote): i.merged_with for i in data.issues}
    assert merged["gemba_mqm", "très très"] == "consistency"
    assert merged["consistency", "très très vieil"] == "gemba_mqm"
    for i in data.issues:  # offsets point at the words in the shown text, or the finding is outdated
        if i.status not in ("outdated", "applied") and i.start is not None:
            assert i.target[i.start:i.end] == i.quote
    out = tmp_path / "r.xlf"
    write_report(store, run_id, "xliff", out)
    root = etree.parse(str(out)).getroot()
    targets = [t.text for t in root.iter(f"{{{NS12}}}target")]
    assert "Le chat noir dormait." in targets and "La demeure était vide." in targets
    assert all(u.get("approved") is None for u in root.iter(f"{{{NS12}}}trans-unit"))
    assert root.get("version") == "1.2"
    notes = " ".join(n.text for n in root.iter(f"{{{NS12}}}note"))
    assert "outdated" in notes and "applied" in notes and "fine as it is" not in notes  # rejected: left out


def _xliff_run(tmp_path: Path, store: Store, name: str) -> tuple[int, Path]:
    src = tmp_path / name
    shutil.copy(DATA / name, src)
    project = project_from_bilingual(src, "Draft")
    t = project.candidate("Draft").text
    para = t.paragraphs[1]
    words = para.text[2:5]
    start = para.start + para.text.index(words)
    span = Span(judge="gemba_mqm", category="accuracy/mistranslation",  # type: ignore[arg-type]
                severity="major", start=start,
                end=start + len(words), quote=words, explanation="wrong word", paragraph=1)
    return _run_with(store, project, {"gemba_mqm": [span]}), src


@pytest.mark.parametrize("name", ["story.sdlxliff", "garden.mqxliff", "letters.xlf"])
def test_report_notes_go_where_the_xliff_12_schema_allows(tmp_path, store, name):
    run_id, src = _xliff_run(tmp_path, store, name)
    out = tmp_path / f"report{src.suffix}"
    assert write_report(store, run_id, "xliff", out) == []
    root = etree.parse(str(out)).getroot()
    units = [u for u in root.iter(f"{{{NS12}}}trans-unit") if u.find(f"{{{NS12}}}note[@from='LitLens']") is not None]
    assert len(units) == 1
    order = [etree.QName(c) for c in units[0] if isinstance(c.tag, str)]
    # trans-unit: source, seg-source?, target?, (note | alt-trans | context-group | count-group)*, other*
    core = [q.localname for q in order if q.namespace == NS12]
    first_other = next((n for n, q in enumerate(order) if q.namespace != NS12), len(order))
    assert all(q.namespace != NS12 for q in order[first_other:]), [q.localname for q in order]
    assert core[0] == "source" and "note" in core
    assert core.index("target") < core.index("note")
    # the original's other bytes are there: only the unit with findings changed, and the root tag
    before, after = src.read_bytes(), out.read_bytes()
    assert after.startswith(before[:5]) and after[-30:] == before[-30:]


def test_xliff2_report_notes_in_the_unit(tmp_path, store):
    run_id, src = _xliff_run(tmp_path, store, "haiku.xlf")
    out = tmp_path / "report.xlf"
    write_report(store, run_id, "xliff", out)
    root = etree.parse(str(out)).getroot()
    assert root.get("version") == "2.0"
    ns = "urn:oasis:names:tc:xliff:document:2.0"
    unit = next(u for u in root.iter(f"{{{ns}}}unit") if u.find(f"{{{ns}}}notes") is not None)
    kids = [etree.QName(c).localname for c in unit if isinstance(c.tag, str)]
    assert kids.index("notes") < kids.index("originalData") < kids.index("segment")
    assert "wrong word" in "".join(unit.find(f"{{{ns}}}notes").itertext())
    from translate.storage import xliff2
    assert len(xliff2.Xliff2File.parsestring(out.read_bytes()).units) == \
        len(xliff2.Xliff2File.parsestring(src.read_bytes()).units)


def test_a_file_without_a_target_language_is_not_labelled_english(tmp_path, store):
    run_id, src = _xliff_run(tmp_path, store, "letters.xlf")
    out = tmp_path / "report.xlf"
    write_report(store, run_id, "xliff", out)
    file_el = etree.parse(str(out)).getroot().find(f"{{{NS12}}}file")
    assert file_el.get("target-language") is None  # as the file had it: nothing guessed


def test_report_xliff_of_a_cat_file_holds_the_current_text(tmp_path, store):
    # after Apply (or any edit), the CAT file's target is the text the window shows, not what was judged
    run_id, src = _xliff_run(tmp_path, store, "story.sdlxliff")
    pid = int(store.get_run(run_id)["project_id"])
    now = revisions.revision_text(store, pid, "Draft", revisions.head(store, pid, "Draft"))
    edited, _ = replace_paragraph(now, 1, "마을로 가는 길은 몹시 가팔랐다.")
    revisions.save_revision(store, pid, "Draft", edited, "edit")
    out = tmp_path / "report.sdlxliff"
    write_report(store, run_id, "xliff", out)
    mrks = {m.get("mid"): "".join(m.itertext()) for m in etree.parse(str(out)).iter(f"{{{NS12}}}mrk")
            if m.get("mtype") == "seg" and etree.QName(m.getparent()).localname == "target"}
    assert mrks["2"] == "마을로 가는 길은 몹시 가팔랐다. "  # the Trados space between sentences kept
    assert mrks["3"] == "아서는 왼손에 등불을 들었다. "


def test_litlens_show_says_the_same_states(tmp_path, store, capsys):
    from litlens.app.cli.main import main
    run_id, pid, expected = _scenario(store)
    db = str(tmp_path / "litlens.db")
    assert main(["--db", db, "show", str(run_id), "--format", "csv"]) == 0
    rows = [r for r in csv.DictReader(io.StringIO(capsys.readouterr().out)) if r["kind"] == "span"]
    got = {(r["judge"], r["quote"]): r["review"] for r in rows}
    assert got == {k: v[0] for k, v in expected.items() if k[0] != "human"}
    assert main(["--db", db, "show", str(run_id), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {(s["judge"], s["quote"]): s["review"] for r in doc["results"] for s in r["spans"]} == got


def test_litlens_report_says_which_revision_it_shows(tmp_path, store, capsys):
    from litlens.app.cli.main import main
    run_id, pid, _expected = _scenario(store)
    head = revisions.head(store, pid, "Draft")
    judged = json.loads(store.get_run(run_id)["revisions"])["Draft"]
    assert main(["--db", str(tmp_path / "litlens.db"), "report", str(run_id), "-o", str(tmp_path / "r.json")]) == 0
    err = capsys.readouterr().err
    assert f"Draft: revision {head}, the run judged revision {judged}" in err
    doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert doc["revisions"] == {"Draft": head} and doc["judged_revisions"] == {"Draft": judged}
