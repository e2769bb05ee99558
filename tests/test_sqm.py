"""SQM: one 0–6 rating with a rationale per paragraph per candidate, range-checked, with adequacy; by default
a paragraph's translations are rated in one request side by side (the paper's raters could compare them),
with ``candidates=alone`` one request per translation."""

from __future__ import annotations

import json
import re

from litlens.app.run import service
from litlens.app.judges.sqm import SqmJudge
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "It rained for three days.\n\nShe laughed at the storm."


def _run(tmp_path, server, options=None):
    project = build_project("p", text_from_string(SOURCE, "en"), [
        ("Human", text_from_string("사흘 내내 비가 퍼부었다.\n\n그녀는 폭풍을 비웃었다.", "ko")),
        ("MT", text_from_string("3일 동안 비가 왔다.\n\n그녀는 폭풍에 웃었다.", "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["sqm"], provider=settings,
                                                 options={"sqm": options or {}}), store)
    return summary, store.results_for_run(summary.run_id)


def test_ratings_with_rationale_and_adequacy(tmp_path, fake_server):
    def respond(call):
        human = "퍼부었다" in call.first_user or "비웃었다" in call.first_user
        return {"rationale": "keeps the voice" if human else "flat", "score": 5 if human else 3}
    fake_server.responder = respond
    summary, results = _run(tmp_path, fake_server, {"human": "Human", "candidates": "alone"})
    assert summary.progress.failed == 0 and len(results) == 4
    for j in results:
        (s,) = j.scores
        assert (s.dimension, s.scale_min, s.scale_max) == ("SQM", 0, 6) and s.rationale
    assert "0 to 6" in fake_server.calls[0].system and "<translation>" in fake_server.calls[0].user
    sums = SqmJudge().summarize(results)
    assert sums[0].data["Human"]["mean"] == 5 and sums[0].data["MT"]["mean"] == 3
    adequacy = sums[-1].data
    assert adequacy["rows"] == [{"judge": "sqm", "measure": "SQM", "other": "MT", "preferred": 2,
                                 "compared": 2, "share": 1.0}]


def test_prompt_carries_the_papers_four_sqm_anchors(tmp_path, fake_server):
    """Seed 002: 0-6 on overall quality, above all style and artistry against the source; levels 0, 2, 4
    and 6 described as the paper's SQM rubric describes them, the odd values between them."""
    fake_server.responder = lambda call: {"rationale": "ok", "score": 4}
    _run(tmp_path, fake_server, {"candidates": "alone"})
    system = fake_server.calls[0].system
    anchors = re.findall(r"^(\d) - ([^:]+):", system, re.MULTILINE)
    assert anchors == [("0", "Nonsense"), ("2", "Some meaning and style preserved"),
                       ("4", "Most meaning and style preserved, few grammar mistakes"),
                       ("6", "Meaning and style perfectly preserved")]
    assert "from 0 to 6" in system and "style and artistry of the source" in system
    assert "1, 3 and 5 lie between" in system


def test_out_of_range_rating_is_a_failure_with_raw_text(tmp_path, fake_server):
    fake_server.responder = lambda call: json.dumps({"rationale": "great", "score": 9})
    summary, results = _run(tmp_path, fake_server)
    assert summary.progress.failed == 4
    assert all(j.status == "failed" and '"score": 9' in j.raw for j in results)


def test_together_rates_a_paragraphs_translations_in_one_request_each_on_its_own(tmp_path, fake_server):
    seen = []

    def respond(call):
        seen.append(call)
        # the translations come under letters, never their labels; each gets its own rating
        a, b = (call.first_user.split("translation A:")[1].split("translation B:"))
        rating = {"A": 5 if ("퍼부었다" in a or "비웃었다" in a) else 2, "B": 5 if ("퍼부었다" in b or "비웃었다" in b) else 2}
        return {"rationale": "A keeps the voice; B is flat", "ratings": rating}
    fake_server.responder = respond
    summary, results = _run(tmp_path, fake_server, {"human": "Human"})
    assert summary.progress.failed == 0 and len(results) == 4
    assert len(seen) == 2  # one request per paragraph, not per paragraph and translation
    for call in seen:
        assert "Human" not in call.first_user and "MT" not in call.first_user
        assert "translation A:" in call.first_user and "translation B:" in call.first_user
        assert "2 translations" in call.system and "not its rank" in call.system
        assert list(call.schema["properties"]) == ["rationale", "ratings"]  # reasons come first
    by = {(j.candidate, j.paragraph): j for j in results}
    assert {k: j.scores[0].value for k, j in by.items()} == {("Human", 0): 5, ("Human", 1): 5, ("MT", 0): 2,
                                                            ("MT", 1): 2}
    assert by[("Human", 0)].data["letter"] == "A" and by[("MT", 0)].data["letter"] == "B"
    assert by[("MT", 1)].data["rated_with"] == ["Human", "MT"]
    sums = SqmJudge().summarize(results)
    assert sums[0].data["Human"]["mean"] == 5 and sums[0].data["MT"]["mean"] == 2
    # the estimate counts the shared request once per paragraph
    from litlens.app.run.service import RunRequest, estimate, plan
    project = build_project("p", text_from_string(SOURCE, "en"), [
        ("Human", text_from_string("사흘 내내 비가 퍼부었다.\n\n그녀는 폭풍을 비웃었다.", "ko")),
        ("MT", text_from_string("3일 동안 비가 왔다.\n\n그녀는 폭풍에 웃었다.", "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", api_key="sk-test")
    request = RunRequest(project=project, judges=["sqm"], provider=settings)
    assert estimate(request, plan(request)).calls == 2


def test_together_an_answer_off_the_scale_fails_every_translation_of_its_row_with_raw_text(tmp_path, fake_server):
    fake_server.responder = lambda call: json.dumps({"rationale": "x", "ratings": {"A": 4, "B": 9}})
    summary, results = _run(tmp_path, fake_server)
    assert summary.progress.failed == 4  # the answer breaks the schema: no rating of it is used
    assert all(j.status == "failed" and '"B": 9' in j.raw for j in results)


def test_a_single_translation_is_asked_as_alone(tmp_path, fake_server):
    fake_server.responder = lambda call: {"rationale": "ok", "score": 4}
    project = build_project("p", text_from_string(SOURCE, "en"),
                            [("MT", text_from_string("3일 동안 비가 왔다.\n\n그녀는 폭풍에 웃었다.", "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["sqm"], provider=settings), store)
    assert summary.progress.failed == 0 and len(fake_server.calls) == 2
    assert "score" in fake_server.calls[0].schema["properties"]
