"""SQM: one 0–6 rating with a rationale per paragraph per candidate, range-checked, with adequacy."""

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
    summary, results = _run(tmp_path, fake_server, {"human": "Human"})
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
    _run(tmp_path, fake_server)
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
