"""`litlens evaluate`'s output after a run, streamed from the store (app.reports.stream): the same JSON,
CSV and tables as app.cli.output builds from a list of the whole run, read a few rows at a time."""

from __future__ import annotations

import csv
import io
import json

import pytest
from llm_helpers import settings

from litlens.app.cli import output
from litlens.app.core.sample import load_sample
from litlens.app.reports import stream
from litlens.app.run import service
from litlens.app.run.store import Store


@pytest.fixture()
def stored(tmp_path, fake_server, monkeypatch):
    monkeypatch.setattr(stream, "FETCH", 3)  # several reads per run, so the batching is exercised
    store = Store(tmp_path / "db.sqlite")
    request = service.RunRequest(project=load_sample(), judges=["sqm", "consistency"],
                                 provider=settings(fake_server))
    run_id = service.execute(request, store).run_id
    yield store, run_id, store.results_for_run(run_id)
    store.close()


def test_results_come_in_the_stores_order_a_few_at_a_time(stored):
    store, run_id, results = stored
    it = stream.iter_run_results(store, run_id)
    assert iter(it) is it and len(results) > 2 * stream.FETCH
    assert list(it) == results
    assert stream.run_judges(store, run_id) == ["consistency", "sqm"]
    assert list(stream.iter_run_results(store, run_id, "sqm")) == [j for j in results if j.judge == "sqm"]


def test_json_is_the_document_the_list_writer_makes(stored):
    store, run_id, results = stored
    extra = {"run": store.get_run(run_id)}
    buf = io.StringIO()
    stream.write_json(store, run_id, buf, extra)
    assert json.loads(buf.getvalue()) == json.loads(output.to_json(results, extra))
    assert buf.getvalue().rstrip() == output.to_json(results, extra)  # byte for byte, indentation too


def test_csv_is_row_for_row_the_list_writers(stored):
    store, run_id, results = stored
    buf = io.StringIO(newline="")
    stream.write_csv(store, run_id, buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert rows == list(csv.DictReader(io.StringIO(output.to_csv(results))))
    assert {r["kind"] for r in rows} >= {"score"}


def test_tables_come_judge_by_judge_with_each_judges_summaries(stored):
    store, run_id, results = stored
    buf = io.StringIO()
    stream.write_table(store, run_id, buf)
    text = buf.getvalue()
    for judge in ("consistency", "sqm"):
        mine = [j for j in results if j.judge == judge]
        assert output.render_table(mine) in text
    assert text.index("== consistency") < text.index("== sqm")


def test_an_empty_run_says_so(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    try:
        buf = io.StringIO()
        stream.write_table(store, 999, buf)
        assert buf.getvalue() == "(no results)\n"
        buf = io.StringIO()
        stream.write_json(store, 999, buf, {"run": {"id": 999}})
        assert json.loads(buf.getvalue()) == json.loads(output.to_json([], {"run": {"id": 999}}))
    finally:
        store.close()
