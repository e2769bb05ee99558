"""Calibration on the reviewer's own decisions: each judge's precision per category with a Wilson interval
and n, read from the store across projects; the chance a finding is right; the fade/hide rule that acts only
with enough decisions and a low upper bound."""

from __future__ import annotations

import math
import re

from litlens.app.humans import calibration as cal
from litlens.app.humans.calibration import Calibration, Fact
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import annotations as ann
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string


def _wilson_by_quadratic(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    # the interval's ends are the roots p of (p̂ - p)² = z² p (1 - p) / n
    ph = k / n
    a, b, c = 1 + z * z / n, -(2 * ph + z * z / n), ph * ph
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


def test_wilson_interval_is_the_score_interval():
    for k, n in ((16, 42), (0, 10), (10, 10), (3, 7)):
        low, high = cal.wilson(k, n)
        want = _wilson_by_quadratic(k, n)
        assert abs(low - want[0]) < 1e-9 and abs(high - want[1]) < 1e-9
    assert round(cal.wilson(16, 42)[0] * 100) == 25 and round(cal.wilson(16, 42)[1] * 100) == 53
    assert cal.wilson(0, 0) == (0.0, 1.0)


def _facts(judge: str, category: str, kept: int, rejected: int) -> list[Fact]:
    return [Fact(judge, category, True)] * kept + [Fact(judge, category, False)] * rejected


def test_cells_count_leaf_and_branch_and_fall_back_to_the_branch():
    c = Calibration(_facts("gemba-mqm", "style/awkwardness", 3, 1) + _facts("gemba-mqm", "style/register", 5, 6))
    leaf = c.cells[("gemba-mqm", "style/awkwardness")]
    assert (leaf.kept, leaf.n) == (3, 4)
    branch = c.cells[("gemba-mqm", "style")]
    assert (branch.kept, branch.n) == (8, 15)
    # four decisions on the leaf are too few: the branch (15) speaks for it
    assert c.cell("gemba-mqm", "style/awkwardness") is branch
    # eleven on the other leaf are enough for it to speak for itself (unless more are asked for)
    assert c.cell("gemba-mqm", "style/register") is c.cells[("gemba-mqm", "style/register")]
    assert c.cell("gemba-mqm", "style/register", min_n=12) is branch
    assert c.cell("other", "style") is None and c.chance("other", "style") is None


def test_the_chance_shrinks_the_leaf_to_its_branch_and_the_branch_to_the_judge():
    c = Calibration(_facts("j", "style/awkwardness", 0, 3) + _facts("j", "accuracy/mistranslation", 9, 1))
    judge_rate = (9 + 1) / (13 + 2)
    branch = (0 + cal.PRIOR * judge_rate) / (3 + cal.PRIOR)
    leaf = (0 + cal.PRIOR * branch) / (3 + cal.PRIOR)
    assert abs(c.chance("j", "style/awkwardness") - leaf) < 1e-12
    assert c.chance("j", "accuracy/mistranslation") > c.chance("j", "style/awkwardness")
    # a category the judge was never decided on: its overall rate
    assert abs(c.chance("j", "fluency/spelling") - judge_rate) < 1e-12


def test_the_rule_needs_ten_decisions_and_an_upper_bound_below_the_threshold():
    assert not Calibration(_facts("j", "style", 0, 9)).keeps_rejecting("j", "style")  # n = 9: too few
    assert Calibration(_facts("j", "style", 0, 10)).keeps_rejecting("j", "style")  # 0 of 10: high 0.28
    assert Calibration(_facts("j", "style", 2, 10)).keeps_rejecting("j", "style")  # 2 of 12: high 0.45
    assert not Calibration(_facts("j", "style", 3, 7)).keeps_rejecting("j", "style")  # 3 of 10: high 0.61
    assert not Calibration(_facts("j", "style", 0, 10)).keeps_rejecting("k", "style")  # another judge


SOURCE = "It rained for three days. Nobody came.\n\nShe laughed at the storm."
MACHINE = "그것은 3일 동안 비가 왔다. 아무도 오지 않았다.\n\n그녀는 폭풍에 웃었다."


def _err(text, category):
    return {"category": category, "severity": "major", "quoted_from": "translation", "text": text,
            "occurrence": None, "explanation": "why", "suggestion": ""}


def _stored_findings(tmp_path, server, monkeypatch, name):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    server.responder = lambda call: {"errors": [_err("그것은", "style/awkwardness"), _err("3일 동안",
                                                                                      "accuracy/mistranslation")]
                                     if "그것은" in call.user else []}
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                retry_base_delay=0.01, retry_max_delay=0.05)
    project = build_project(name, text_from_string(SOURCE, "en"), [("MT", text_from_string(MACHINE, "ko"))])
    run = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings), store)
    pid = store.get_run(run.run_id)["project_id"]
    spans = [s for j in store.results_for_run(run.run_id) for s in j.spans]
    return store, pid, {s.quote: s for s in spans}


def _decide(store, pid, span, action, category=None):
    ids = ann.span_ids(store, pid)
    ann.save(store, ann.Annotation(project_id=pid, candidate="MT", action=action,
                                   category=category or span.category, severity=span.severity,
                                   start=span.start, end=span.end, span_id=ids[ann.span_key(span, "MT")],
                                   judge=span.judge, quote=span.quote))


def test_read_counts_the_latest_decision_under_the_judges_own_category(tmp_path, fake_server, monkeypatch):
    store, pid, spans = _stored_findings(tmp_path, fake_server, monkeypatch, "one")
    _decide(store, pid, spans["그것은"], "accept")
    _decide(store, pid, spans["그것은"], "reject")  # changed her mind: the latest counts
    # corrected to another category: kept, under the category the judge gave
    _decide(store, pid, spans["3일 동안"], "edit", category="accuracy/omission")
    ann.save(store, ann.Annotation(project_id=pid, candidate="MT", action="add", category="style/awkwardness",
                                   severity="minor", start=0, end=3))  # no judge was asked: not counted
    c = cal.read(store)
    mistranslation = spans["3일 동안"].category  # as the judge's reader stored it
    assert mistranslation.startswith("accuracy/mistranslation")
    assert {(k, (v.kept, v.n)) for k, v in c.cells.items()} == {
        (("gemba-mqm", "style/awkwardness"), (0, 1)), (("gemba-mqm", "style"), (0, 1)),
        (("gemba-mqm", mistranslation), (1, 1)), (("gemba-mqm", "accuracy"), (1, 1))}
    assert len(c) == 2


def test_meta_eval_calibration_prints_each_judge_per_category(tmp_path, fake_server, monkeypatch, capsys):
    import json

    from litlens.app.cli.main import main
    store, pid, spans = _stored_findings(tmp_path, fake_server, monkeypatch, "one")
    _decide(store, pid, spans["그것은"], "reject")
    _decide(store, pid, spans["3일 동안"], "accept")
    run = store.list_runs(pid)[0]["id"]
    store.close()
    db = str(tmp_path / "db.sqlite")
    capsys.readouterr()
    assert main(["meta-eval", "--run", str(run), "--db", db, "--calibration"]) == 0
    out = capsys.readouterr().out
    assert "how often each judge is right for you" in out
    assert re.search(r"gemba-mqm\s+style/awkwardness\s+0% \[0%, 79%\]\s+0\s+1", out)
    assert main(["meta-eval", "--run", str(run), "--db", db, "--calibration", "--format", "json"]) == 0
    cells = json.loads(capsys.readouterr().out)["calibration"]
    assert {(c["category"], c["kept"], c["n"]) for c in cells if c["category"] in ("style", "accuracy")} == {
        ("style", 0, 1), ("accuracy", 1, 1)}
