"""An estimate looks up what is stored with a few queries per judge, not one per unit, and reads the judges'
worked examples once per process. The window's estimate worker made ~16,000 queries and ~2,000 file reads
for three judges on 360 paragraphs: each lets go of the GIL and takes it back, and a worker doing that
thousands of times a second keeps the GUI thread from being handed the GIL (GUI gaps of 50-100 ms in
bench/first_run_latency.py's estimate scenario). The answers must be those of the one-unit lookups."""

from __future__ import annotations

import itertools
from pathlib import Path

from litlens.app.core.model import Judgment
from litlens.app.core.sample import load_sample
from litlens.app.run import service
from litlens.app.run.engine import OFFLINE_MODEL
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from llm_helpers import settings

from test_ui_latency import long_project

JUDGES = ["gemba-mqm", "da-mqm", "transevalnia"]


def _store_with_results(path: Path) -> tuple[Store, int]:
    store = Store(path)
    pid = store.save_project(load_sample())
    run_id = store.start_run(pid, ["x"], "openai", "m", {}, None, 0)
    rows = [  # (judge, unit, version, model, input hash, status)
        ("j1", "A/1", "v1", "m1", "h1", "ok"),
        ("j1", "A/1", "v1", "m1", "h1", "failed"),  # a failure beside an ok row: still found
        ("j1", "A/2", "v1", "m1", "h2", "failed"),  # only a failure: not found
        ("j1", "A/3", "v2", "m1", "h3", "ok"),  # another prompt version
        ("j1", "A/4", "v1", "m2", "h4", "ok"),  # another model
        ("j2", "A/5", "v1", "m1", "h5", "ok"),  # another judge
        ("j1", "B/1", "v1", "m1", "h6", "ok"),
        ("j1", 'B/"quoted", [1]', "v1", "m1", "h7", "ok"),  # a unit name JSON must carry as it is
    ]
    for judge, unit, version, model, h, status in rows:
        store.save_result(run_id, Judgment(judge, unit, None, None, status=status,
                                           error="bad" if status == "failed" else None), version, model, h)
    return store, len(rows)


def test_stored_ok_finds_what_find_result_finds_unit_by_unit(tmp_path):
    store, _ = _store_with_results(tmp_path / "db.sqlite")
    units = ["A/1", "A/2", "A/3", "A/4", "A/5", "B/1", 'B/"quoted", [1]', "C/9"]
    hashes = ["h1", "h2", "h3", "h4", "h5", "h6", "h7", "h0"]
    for judge, version, model in itertools.product(["j1", "j2"], ["v1", "v2"], ["m1", "m2"]):
        wanted = list(itertools.product(units, hashes))
        expected = {(u, h) for u, h in wanted if store.find_result(judge, u, version, model, h) is not None}
        assert store.stored_ok(judge, version, model, wanted) == expected, (judge, version, model)
    assert store.stored_ok("j1", "v1", "m1", [("A/1", "h1"), ("A/1", "h6"), ("B/1", "h1")]) == {("A/1", "h1")}
    assert store.stored_ok("j1", "v1", "m1", [('B/"quoted", [1]', "h7")]) == {('B/"quoted", [1]', "h7")}
    assert store.stored_ok("j1", "v1", "m1", []) == set()


def test_answered_inputs_is_answered_for_each_hash(tmp_path):
    store, _ = _store_with_results(tmp_path / "db.sqlite")
    hashes = ["h1", "h2", "h3", "h4", "h5", "h6", "h7", "h0"]
    for judge, version, model in itertools.product(["j1", "j2"], ["v1", "v2"], ["m1", "m2"]):
        expected = {h for h in hashes if store.answered(judge, version, model, h)}
        assert store.answered_inputs(judge, version, model, hashes) == expected, (judge, version, model)
    assert store.answered_inputs("j1", "v1", "m1", ["h1", "h6", "h0"]) == {"h1", "h6"}
    assert store.answered_inputs("j1", "v1", "m1", []) == set()


def _shared_paragraphs(paragraphs: int):
    """As long_project, but translation B is A's text in every other paragraph."""
    project = long_project(paragraphs)
    a, b = (c.text.content.split("\n\n") for c in project.candidates)
    mixed = "\n\n".join(x if i % 2 else y for i, (x, y) in enumerate(zip(a, b)))
    return build_project("shared", project.source, [("A", project.candidates[0].text),
                                                    ("B", text_from_string(mixed, "ko"))])


def _planned(server, paragraphs: int, project=None):
    project = project or long_project(paragraphs)
    request = service.RunRequest(project=project, judges=JUDGES, provider=settings(server))
    return request, service.plan(request, service.judge_options(request))


def _statements(store: Store) -> list[str]:
    seen: list[str] = []
    store.db.conn.set_trace_callback(seen.append)
    return seen


def _statements_of_an_estimate(tmp_path: Path, server, paragraphs: int) -> int:
    from litlens.app.run.recheck import recheck
    request, planned = _planned(server, paragraphs)
    store = Store(tmp_path / f"db{paragraphs}.sqlite")
    service.execute(request, store, planned=planned[:30])  # some units stored, the rest not
    seen = _statements(store)
    est = service.estimate(request, planned, store)
    check = recheck(store, request, planned)
    store.db.conn.set_trace_callback(None)
    assert est.stored == 30 and check.units == len(planned) - 30
    return len(seen)


def test_an_estimate_asks_the_store_a_few_times_per_judge_not_once_per_unit(tmp_path, fake_server):
    small = _statements_of_an_estimate(tmp_path, fake_server, 20)  # ~330 units
    large = _statements_of_an_estimate(tmp_path, fake_server, 60)  # ~970 units
    assert small == large and large <= 20 * len(JUDGES), (small, large)


def test_the_estimate_counts_what_one_unit_lookups_counted(tmp_path, fake_server):
    request, planned = _planned(fake_server, 12, _shared_paragraphs(12))
    store = Store(tmp_path / "db.sqlite")
    service.execute(request, store, planned=[p for p in planned if "A/" in p.qualified][::2])
    llm_model = f"{request.provider.provider}:{request.provider.model}"
    one_by_one = {p.qualified for p in planned if store.find_result(
        p.unit.judge, p.unit.key, p.judge.prompt_version, llm_model if p.unit.needs_llm else OFFLINE_MODEL,
        p.unit.input_hash) is not None}
    assert service.already_stored(request, planned, store) == one_by_one
    assert 0 < len(one_by_one) < len(planned)
    pending = [p for p in planned if p.qualified not in one_by_one]
    answered = {(p.unit.judge, p.unit.input_hash) for p in pending
                if store.answered(p.unit.judge, p.judge.prompt_version, llm_model, p.unit.input_hash)}
    asked = {(p.unit.judge, p.unit.request_key or p.unit.input_hash) for p in pending
             if (p.unit.judge, p.unit.input_hash) not in answered}
    est = service.estimate(request, planned, store)
    assert (est.units, est.llm_units) == (len(pending), sum(p.unit.needs_llm for p in pending))
    assert answered  # the two candidates share paragraphs' inputs in some judges: answered for the other one
    assert service._answered(pending, llm_model, store) == answered
    assert len(asked) < len(pending)


def test_planning_reads_the_worked_examples_once(monkeypatch, fake_server):
    from litlens.app.core import resources
    resources.read_resource_once.cache_clear()
    reads: list[tuple[str, ...]] = []
    real = resources.read_resource

    def counted(*parts: str) -> str:
        reads.append(parts)
        return real(*parts)
    monkeypatch.setattr(resources, "read_resource", counted)
    _planned(fake_server, 30)
    _planned(fake_server, 30)
    examples = [r for r in reads if r[-1] == "examples.json"]
    assert sorted(examples) == [("prompts", "gemba_mqm", "examples.json"),
                                ("prompts", "transevalnia", "examples.json")], examples


def test_rendering_a_prompt_again_does_not_look_at_its_file(monkeypatch):
    """Bundled and user templates are read once: the prompt version (a hash of the files) is fixed for the
    process too, so a template edited mid-run would send prompts the cache keys do not describe."""
    import os

    from litlens.app.core import prompts
    env = prompts._environment()  # what render() takes its templates from
    env.get_template("gemba_mqm/system.j2")
    looked: list[object] = []
    real_stat = os.stat
    monkeypatch.setattr(os.path, "getmtime", lambda p: looked.append(p) or real_stat(p).st_mtime)
    for _ in range(20):
        env.get_template("gemba_mqm/system.j2")
    assert looked == []
