"""Asking a run's judges again, adaptively: sample 1 asks every paragraph, later samples only the paragraphs
whose first two samples disagree; everything stays stored (asking again is free) and within one budget."""

from __future__ import annotations

from collections import Counter

import pytest

from litlens.app.core.model import Judgment, Score, Span
from litlens.app.metrics import sample_stability as ss
from litlens.app.run import sampling
from litlens.app.run.store import Store

from test_stability import _err, _first_run


def _responder():
    """The first paragraph: "그것은" every time, "3일 동안" only on the 2nd asking (its first two samples
    disagree); the second paragraph: "폭풍에" every time (they agree)."""
    asked: Counter[str] = Counter()

    def respond(call):
        para = "first" if "그것은 3일 동안" in call.user else "second" if "폭풍에 웃었다" in call.user else None
        if para is None:
            return {"errors": []}
        asked[para] += 1
        if para == "first":
            return {"errors": [_err("그것은")] + ([_err("3일 동안", "minor")] if asked[para] == 2 else [])}
        return {"errors": [_err("폭풍에", "minor", "fluency/grammar")]}
    return respond


def test_adaptive_sampling_asks_again_only_where_the_first_two_disagree(tmp_path, fake_server, monkeypatch):
    fake_server.responder = _responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    assert fake_server.count == 2  # one call a paragraph
    store = Store(db)
    got = sampling.ask_again(store, run, 4, adaptive=True)
    # sample 1 asks both paragraphs; samples 2 and 3 only the first
    assert fake_server.count == 2 + 2 + 1 + 1 and len(got.runs) == 3
    assert len(got.disagreeing) == 1 and got.agreeing == 1
    pid = store.get_run(run)["project_id"]
    found = ss.for_project(store, pid)
    by_quote = {s.quote: found.of(s, j.candidate) for j in store.results_for_project(pid) for s in j.spans}
    assert by_quote == {"그것은": (4, 4), "3일 동안": (1, 4), "폭풍에": (2, 2)}
    again = sampling.ask_again(store, run, 4, adaptive=True)  # all stored: nothing is asked or paid again
    assert fake_server.count == 6 and again.spent == 0
    store.close()


def test_without_adaptive_every_sample_asks_every_paragraph(tmp_path, fake_server, monkeypatch):
    fake_server.responder = _responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    store = Store(db)
    sampling.ask_again(store, run, 4)
    assert fake_server.count == 2 * 4
    with pytest.raises(ValueError):
        sampling.ask_again(store, run, 1)
    store.close()


def _j(spans, scores=()):
    return Judgment(judge="j", unit="u", candidate="MT", paragraph=0, spans=list(spans),
                    scores=[Score("mqm", v, -25, 0) for v in scores])


def test_two_samples_disagree_on_a_finding_or_a_score():
    a = Span(judge="j", category="accuracy/mistranslation", severity="major", start=0, end=5)
    b = Span(judge="j", category="accuracy/addition", severity="minor", start=3, end=8)
    c = Span(judge="j", category="style/awkwardness", severity="minor", start=0, end=5)
    assert not sampling.disagree(_j([a], [-5]), _j([b], [-5]))  # one problem, one score
    assert sampling.disagree(_j([a], [-5]), _j([a, c], [-5]))  # a finding only one has
    assert sampling.disagree(_j([a], [-5]), _j([a], [-1]))  # another score
    assert sampling.disagree(_j([], [0]), _j([c], [0]))


def test_meta_eval_adaptive_from_the_command_line(tmp_path, fake_server, monkeypatch, capsys):
    import json

    from litlens.app.cli.main import main
    fake_server.responder = _responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    capsys.readouterr()
    assert main(["meta-eval", "--run", str(run), "--db", db, "--samples", "4", "--adaptive",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)["stability"]
    assert fake_server.count == 6 and len(doc["runs"]) == 4
    assert {f["text"]: (f["found"], f["asked"]) for f in doc["findings"]} == {
        "그것은": (4, 4), "3일 동안": (1, 4), "폭풍에": (2, 2)}
    assert main(["meta-eval", "--run", str(run), "--db", db, "--samples", "4", "--adaptive",
                 "--sample-temperature", "0.7"]) == 2
