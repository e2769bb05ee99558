"""Stability as the window reads it from the store: every stored finding of a judge asked N times is
"found in k of N" (samples of the current text only), and each score its spread."""

from __future__ import annotations

from litlens.app.cli.main import main
from litlens.app.core.model import Judgment, Score, Span
from litlens.app.metrics import sample_stability as ss
from litlens.app.run.store import Store

from test_stability import _asking_responder, _first_run


def test_found_in_k_of_n_for_every_stored_finding(tmp_path, fake_server, monkeypatch, capsys):
    fake_server.responder = _asking_responder()
    db, run = _first_run(tmp_path, fake_server, monkeypatch)
    assert main(["meta-eval", "--run", str(run), "--db", db, "--samples", "3", "--format", "json"]) == 0
    store = Store(db)
    pid = store.get_run(run)["project_id"]
    got = ss.for_project(store, pid)
    by_quote: dict[str, set[tuple[int, int]]] = {}
    for j in store.results_for_project(pid):
        for s in j.spans:
            by_quote.setdefault(s.quote, set()).add(got.of(s, j.candidate))
    # "그것은" every time, "3일 동안" on the 1st and 3rd asking, "폭풍에" only on the 2nd
    assert by_quote == {"그것은": {(3, 3)}, "3일 동안": {(2, 3)}, "폭풍에": {(1, 3)}}
    store.close()


def _j(spans, scores=(), judge="j", unit="u"):
    return Judgment(judge=judge, unit=unit, candidate="MT", paragraph=0, spans=list(spans),
                    scores=[Score("mqm", v, -25, 0) for v in scores])


def test_a_finding_is_found_by_an_overlap_in_its_branch_on_its_side():
    a = Span(judge="j", category="accuracy/mistranslation", severity="major", start=0, end=5, quote="abcde")
    b = Span(judge="j", category="accuracy/addition", severity="minor", start=4, end=8, quote="efgh")
    c = Span(judge="j", category="style/awkwardness", severity="minor", start=0, end=5, quote="abcde")
    d = Span(judge="j", category="accuracy/omission", severity="major", start=None, end=None,
             source_start=0, source_end=5, quote="")
    found, spreads = ss.compare_samples({"": _j([a, d], [-5]), "s1": _j([b], [-1]), "s2": _j([c], [-2])})
    assert found[ss.finding_key(a, "MT")] == (2, 3)  # b overlaps it in accuracy; c is style
    assert found[ss.finding_key(c, "MT")] == (1, 3)
    assert found[ss.finding_key(d, "MT")] == (1, 3)  # the source side joins nothing on the target
    (spread,) = spreads
    assert (spread.low, spread.high, len(spread.values)) == (-5, -1, 3)
    assert abs(spread.sd - ((((-5 + 8 / 3) ** 2) + ((-1 + 8 / 3) ** 2) + ((-2 + 8 / 3) ** 2)) / 3) ** 0.5) < 1e-12


def test_sample_tags():
    assert ss.sample_tag("openai:gpt-4o") == ""
    assert ss.sample_tag("openai~s2:gpt-4o") == "s2"
    assert ss.sample_tag("openai~s0@t0.7:gpt-4o") == "s0@t0.7"
