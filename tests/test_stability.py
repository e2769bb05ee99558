"""Asking a judge N times: each sample has its own cache and result keys (stored, resumable, paid once),
a set temperature is what the provider receives, and each finding is reported as "found in k of N"."""

from __future__ import annotations

import json
from collections import Counter

from litlens.app.cli.main import main
from litlens.app.llm.factory import ProviderSettings
from litlens.app.metrics import stability
from litlens.app.metrics.spans_meta import EvalSpan
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "It rained for three days. Nobody came.\n\nShe laughed at the storm."
MACHINE = "그것은 3일 동안 비가 왔다. 아무도 오지 않았다.\n\n그녀는 폭풍에 웃었다."


def _err(text, severity="major", category="accuracy/mistranslation"):
    return {"category": category, "severity": severity, "quoted_from": "translation", "text": text,
            "occurrence": None, "explanation": "why", "suggestion": ""}


def _asking_responder():
    """The n-th time a paragraph is asked: "그것은" every time, "3일 동안" on the 1st and 3rd asking,
    "폭풍에" only on the 2nd."""
    asked: Counter[str] = Counter()

    def respond(call):
        para = "first" if "그것은 3일 동안" in call.user else "second" if "폭풍에 웃었다" in call.user else None
        if para is None:
            return {"errors": []}
        asked[para] += 1
        n = asked[para]
        if para == "first":
            return {"errors": [_err("그것은")] + ([_err("3일 동안", "minor")] if n % 2 else [])}
        return {"errors": [_err("폭풍에", "minor", "fluency/grammar")] if n == 2 else []}
    return respond


def _first_run(tmp_path, server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                retry_base_delay=0.01, retry_max_delay=0.05)
    project = build_project("rain", text_from_string(SOURCE, "en"), [("MT", text_from_string(MACHINE, "ko"))])
    summary = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings),
                              store)
    store.close()
    return str(tmp_path / "db.sqlite"), summary.run_id


def _stability(db, run, capsys, *more):
    capsys.readouterr()
    assert main(["meta-eval", "--run", str(run), "--db", db, "--samples", "3", "--format", "json", *more]) == 0
    return json.loads(capsys.readouterr().out)["stability"]


def test_three_samples_found_in_k_of_n(tmp_path, fake_server, monkeypatch, capsys):
    fake_server.responder = _asking_responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    asked = fake_server.count
    doc = _stability(db, run, capsys)
    assert fake_server.count == 3 * asked  # two more samples, each asking every paragraph once
    assert doc["runs"][0] == run and len(doc["runs"]) == 3
    found = {f["text"]: (f["found"], f["asked"]) for f in doc["findings"]}
    assert found == {"그것은": (3, 3), "3일 동안": (2, 3), "폭풍에": (1, 3)}
    (overall,) = [r for r in doc["rows"] if r["slice"] == "all"]
    assert abs(overall["mean"] - (3 / 3 + 2 / 3 + 1 / 3) / 3) < 1e-9 and abs(overall["always"] - 1 / 3) < 1e-9
    # asked again: every sample is stored, so nothing is paid twice and the figures are the same
    again = _stability(db, run, capsys)
    assert fake_server.count == 3 * asked
    assert {f["text"]: f["found"] for f in again["findings"]} == {k: v[0] for k, v in found.items()}


def test_a_set_temperature_is_sent_and_keeps_its_own_samples(tmp_path, fake_server, monkeypatch, capsys):
    fake_server.responder = _asking_responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    assert {c.temperature for c in fake_server.calls} == {0.0}
    asked = fake_server.count
    doc = _stability(db, run, capsys, "--sample-temperature", "0.7")
    assert run not in doc["runs"] and len(doc["runs"]) == 3  # the temperature-0 run is not a sample of 0.7
    assert [c.temperature for c in fake_server.calls[asked:]] == [0.7] * (3 * asked)


def test_problems_join_overlapping_findings_of_one_branch_only():
    a = EvalSpan("target", 0, 5, "accuracy/mistranslation", "major")
    b = EvalSpan("target", 3, 8, "accuracy/addition", "minor")  # same branch, overlapping: the same problem
    c = EvalSpan("target", 3, 8, "style/awkwardness", "minor")  # another branch: another problem
    d = EvalSpan("source", 0, 5, "accuracy/omission", "major")  # the source side never joins the target
    item = ("MT", 0)
    found = stability.problems([{item: [a, d]}, {item: [b, c]}, {}], [{item}, {item}, {item}])
    assert [(p.span, p.found, p.asked) for p in found] == [(d, 1, 3), (a, 2, 3), (c, 1, 3)]
    assert found[1].label() == "found in 2 of 3"
