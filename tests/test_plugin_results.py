"""A plug-in judge's results are checked by the engine before they are stored: a score off its scale (NaN,
Inf, 99 on 0-5), a category outside the MQM typology, a span past its paragraph or backwards, or no
Judgment at all make that unit a failed one naming the plug-in and the problem, with the result kept as
raw text and counted in the run's summary. And whatever is in the database, `litlens show` and
`litlens report` read it without crashing."""

from __future__ import annotations

import asyncio
import json
import math
import subprocess
import sys

import pytest

from litlens.app.core.model import Judgment, Score, Span
from litlens.app.judges.base import Judge, Unit, UnitContext
from litlens.app.run.engine import Engine, PlannedUnit
from litlens.app.run.store import Store
from litlens.app.texts.project import build_project, text_from_string

SOURCE = "The road was steep.\n\nShe walked on."
TRANSLATION = "길이 가파랐다.\n\n그녀는 계속 걸었다."


def _project():
    source = text_from_string(SOURCE, "en")
    return build_project("p", source, [("A", text_from_string(TRANSLATION, "ko"))])


def _span(category="accuracy/mistranslation", start=0, end=2, paragraph=0):
    return Span("plug", category, "minor", "why", start, end, "길이", paragraph=paragraph)


def _ok(scores=(), spans=(), data=None):
    return Judgment("plug", "u", "A", 0, scores=list(scores), spans=list(spans), data=data or {})


# what the plug-in returns for one unit -> whether it must be stored as ok, and the words its error names
CASES = {
    "fine": (_ok([Score("fluency", 4, 0, 5)], [_span()]), None),
    "nan": (_ok([Score("fluency", math.nan, 0, 5)]), "not a finite number"),
    "inf": (_ok([Score("fluency", -math.inf, 0, 5)]), "not a finite number"),
    "off-scale": (_ok([Score("fluency", 99, 0, 5)]), "99 is outside its scale 0-5"),
    "unknown category": (_ok(spans=[_span("accuracy/vibes")]), "'accuracy/vibes' is not in the MQM typology"),
    "own judge's category": (_ok(spans=[_span("fluency/grammatical-register")]), None),
    "past the paragraph": (_ok(spans=[_span(start=3, end=12)]), "outside paragraph 1"),
    "past the text": (_ok(spans=[_span(start=3, end=400)]), "past the end of the text"),
    "backwards": (_ok(spans=[_span(start=5, end=2)]), "start 5 is after its end 2"),
    "its own paragraph": (_ok(spans=[_span(start=11, end=14, paragraph=1)]), None),
    "no such paragraph": (_ok(spans=[_span(paragraph=77)]), "paragraph 77 is not a paragraph of the texts"),
    "bad severity": (_ok(spans=[Span("plug", "other", "catastrophic", "x", 0, 2)]), "severity 'catastrophic'"),
    "no judgment": (None, "returned NoneType, not a Judgment"),
    "unstorable data": (_ok(data={"x": {1, 2}}), "cannot be stored as JSON"),
}


class PlugJudge(Judge):
    id = "plug"
    name = "Plug"
    description = "returns what the test tells it to"
    needs_llm = False
    prompt_version = "plug/1"
    answers: dict = {}

    def plan(self, project, options):
        def unit(key):
            async def run(ctx: UnitContext):
                answer = self.answers[key]
                if isinstance(answer, Judgment):
                    answer = Judgment(**{**answer.__dict__, "unit": key})
                return answer
            return Unit(self.id, key, f"h-{key}", run, candidate="A", paragraph=0, needs_llm=False)
        return [unit(k) for k in self.answers]


def _run(tmp_path, answers):
    PlugJudge.answers = answers
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    pid = store.save_project(project)
    judge = PlugJudge()
    plan = [PlannedUnit(judge, u) for u in judge.plan(project, None)]
    run_id = store.start_run(pid, ["plug"], "-", "-", {}, None, len(plan))
    summary = asyncio.run(Engine(store).run(project, plan, run_id, {}))
    return store, summary


def test_each_invalid_result_is_a_failed_unit_naming_the_plugin_and_the_problem(tmp_path):
    store, summary = _run(tmp_path, {k: v for k, (v, _) in CASES.items()})
    stored = {j.unit: j for j in store.results_for_run(summary.run_id)}
    assert set(stored) == set(CASES), "every unit is stored, none vanishes"
    for key, (_, problem) in CASES.items():
        j = stored[key]
        if problem is None:
            assert j.status == "ok", (key, j.error)
            continue
        assert j.status == "failed", key
        assert "plug-in judge 'plug'" in j.error and problem in j.error, (key, j.error)
        assert j.raw, key
        assert not j.scores and not j.spans, key
    bad = sum(1 for _, p in CASES.values() if p)
    assert summary.progress.failed == bad and summary.progress.done == len(CASES)
    assert len(summary.failures) == bad and all("plug-in judge 'plug'" in f for f in summary.failures)
    assert store.get_run(summary.run_id)["units_failed"] == bad


def test_the_raw_text_keeps_what_the_plugin_returned(tmp_path):
    store, summary = _run(tmp_path, {"u": CASES["off-scale"][0]})
    (j,) = store.results_for_run(summary.run_id)
    assert json.loads(j.raw)["scores"][0]["value"] == 99


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "litlens", *args], capture_output=True, text=True, timeout=180)


def _bad_rows(db):
    """Rows no checked judge would write, put straight into the database: a NaN score, a span past the end
    of the text, a backwards span, an unknown category and severity, a paragraph that does not exist."""
    store, summary = _run(db.parent, {"u": CASES["fine"][0]})
    rid = store.db.execute("SELECT result_id FROM run_results WHERE run_id = ?", [summary.run_id]).fetchone()[0]
    data = json.loads(store.db["results"].get(rid)["data"])
    data["scores"] = [{"dimension": "fluency", "value": v, "scale_min": 0, "scale_max": 5, "rationale": ""}
                      for v in (math.nan, math.inf, -math.inf, 99, "abc", None)]
    data["scores"].append({"dimension": "from a newer LitLens", "value": 1, "scale_min": 0, "scale_max": 5,
                           "weight": 2})
    del data["candidate"]
    data["spans"] = [{**data["spans"][0], "start": 3, "end": 9000, "category": "accuracy/vibes",
                      "severity": "catastrophic", "paragraph": 77},
                     {**data["spans"][0], "start": 9, "end": 2, "paragraph": -3},
                     {**data["spans"][0], "start": "3", "end": None, "novel": True}]
    with store.write():
        store.db["results"].update(rid, {"data": json.dumps(data), "paragraph": 77})
        store.db.execute("DELETE FROM spans WHERE result_id = ?", [rid])
        store.db["scores"].update(store.db.execute("SELECT id FROM scores WHERE result_id = ?", [rid]).fetchone()[0],
                                  {"value": math.nan})
        store.db["scores"].insert_all([{"result_id": rid, **s} for s in data["scores"][1:6]])
        for sp in data["spans"]:
            store.db["spans"].insert({"result_id": rid, "judge": "plug", "candidate": "A",
                                      "paragraph": sp["paragraph"], "start": sp["start"], "end": sp["end"],
                                      "category": sp["category"], "severity": sp["severity"], "quote": "x",
                                      "explanation": "", "suggestion": "", "status": "located", "data": "{}"})
    store.close()
    return summary.run_id


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_show_reads_bad_stored_rows_without_crashing(tmp_path, fmt):
    run_id = _bad_rows(tmp_path / "db.sqlite")
    out = _cli("--db", str(tmp_path / "db.sqlite"), "show", str(run_id), "--format", fmt)
    assert out.returncode == 0, out.stderr
    assert "accuracy/vibes" in out.stdout


@pytest.mark.parametrize("suffix", ["html", "pdf", "csv", "xlsx", "json", "xlf"])
def test_report_reads_bad_stored_rows_without_crashing(tmp_path, suffix):
    run_id = _bad_rows(tmp_path / "db.sqlite")
    target = tmp_path / f"out.{suffix}"
    out = _cli("--db", str(tmp_path / "db.sqlite"), "report", str(run_id), "-o", str(target))
    assert out.returncode == 0, out.stderr
    assert target.stat().st_size > 0
