"""MAS-LitEval against the local provider server: chunking within the prompt limit, carried state, per-chunk
scores and their length-weighted mean, T from the term table's uniformity, OTQS, fallback note, failures."""

from __future__ import annotations

import json
import re

import pytest

from litlens.app.run import service
from litlens.app.judges.mas_liteval.judge import MasLitEvalJudge
from litlens.app.judges.options import OptionError
from litlens.app.judges.mas_liteval.chunks import make_chunks
from litlens.app.judges.mas_liteval.uniformity import term_uniformity, terminology_score
from litlens.app.llm.factory import ProviderSettings
from litlens.app.llm.tokens import estimate_tokens
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SCORES = {"narrative": 0.8, "style": 0.6}


def _long_project(paragraphs: int = 40):
    src, tgt = [], []
    for i in range(paragraphs):
        src.append(f"Grandison walked along the grey river in the evening of day {i}, thinking of the house "
                   f"he had left. " * 6)
        name = "그랜디슨" if i < paragraphs // 2 else "그란디손"
        tgt.append(f"{name}은 저녁 무렵 잿빛 강을 따라 걸으며 떠나온 집을 생각했다. " * 6)
    return build_project("river", text_from_string("\n\n".join(src), "en"),
                         [("Draft", text_from_string("\n\n".join(tgt), "ko"))])


def _agent(call) -> str:
    props = call.schema["properties"]
    return "coordinator" if "report" in props else "terminology" if "terms" in props else \
        "narrative" if "deviations" in props else "style"


def _chunk(call) -> int:
    m = re.search(r"Chunk (\d+) of", call.user)
    return int(m.group(1)) if m else 0


def _responder(call):
    agent, k = _agent(call), _chunk(call)
    if agent == "coordinator":
        return {"report": "The translation reads well but spells the hero's name two ways."}
    if agent == "terminology":
        rendering = "그랜디슨" if k == 1 else "그란디손"
        return {"terms": [{"term": "Grandison", "renderings": [{"text": rendering, "count": 3}],
                           "note": f"rendered {rendering} here"}], "feedback": f"chunk {k} checked"}
    if agent == "narrative":
        return {"source_perspective": "third person limited",
                "translation_perspective": "third person limited",
                "deviations": [], "score": SCORES["narrative"], "feedback": "steady"}
    return {"style_notes": [f"long cadenced sentences ({k})"], "kept": [], "lost": [],
            "score": SCORES["style"], "feedback": "flat in places"}


def _settings(server):
    return ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                            api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)


def _run(tmp_path, server, project, options=None):
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["mas-liteval"],
                                                 provider=_settings(server),
                                                 options={"mas-liteval": options or {}}), store)
    return summary, store.results_for_run(summary.run_id)


def test_chunks_are_cut_at_paragraph_boundaries_within_4096_tokens():
    project = _long_project()
    cand = project.candidates[0]
    assert estimate_tokens(project.source.content) > 4096 and estimate_tokens(cand.text.content) > 4096
    units = MasLitEvalJudge().plan(project, MasLitEvalJudge.Options())
    chunks = [c for c in make_chunks(project, cand)]
    assert len(chunks) >= 2
    src_starts = {p.start for p in project.source.paragraphs}
    src_ends = {p.end for p in project.source.paragraphs}
    tgt_starts = {p.start for p in cand.text.paragraphs}
    tgt_ends = {p.end for p in cand.text.paragraphs}
    rows = [r for c in chunks for r in c.rows]
    assert rows == list(range(len(cand.alignment.pairs)))  # every row once, in order
    for c in chunks:
        assert c.source_start in src_starts and c.source_end in src_ends
        assert c.target_start in tgt_starts and c.target_end in tgt_ends
        assert estimate_tokens(c.source) + estimate_tokens(c.target) <= 4096
        assert not c.oversize
    assert units  # planning works on this text

def test_agents_carry_state_across_chunks_and_otqs_is_the_weighted_sum(tmp_path, fake_server):
    fake_server.responder = _responder
    project = _long_project()
    n_chunks = len(make_chunks(project, project.candidates[0]))
    summary, results = _run(tmp_path, fake_server, project)
    assert summary.status == "done" and summary.progress.failed == 0
    assert fake_server.count == 3 * n_chunks + 1
    assert all(c.temperature == pytest.approx(0.1) for c in fake_server.calls)
    # chunk 2's terminology prompt carries chunk 1's rendering inside the carried-state block
    term2 = [c for c in fake_server.calls if _agent(c) == "terminology" and _chunk(c) == 2][0]
    carried = term2.user.split("<carried_state>")[1].split("</carried_state>")[0]
    assert "그랜디슨" in carried and "Grandison" in carried
    narr2 = [c for c in fake_server.calls if _agent(c) == "narrative" and _chunk(c) == 2][0]
    assert "third person limited" in narr2.user.split("</carried_state>")[0]
    style2 = [c for c in fake_server.calls if _agent(c) == "style" and _chunk(c) == 2][0]
    assert "long cadenced sentences (1)" in style2.user.split("</carried_state>")[0]

    coord = [j for j in results if j.unit == "Draft/coordinator"][0]
    scores = {s.dimension: s.value for s in coord.scores}
    t, n, s = scores["Terminology consistency"], scores["Narrative perspective"], scores["Stylistic fidelity"]
    assert scores["OTQS"] == pytest.approx(0.3 * t + 0.3 * n + 0.4 * s)
    assert n == pytest.approx(0.8) and s == pytest.approx(0.6)
    assert coord.data["weights"] == {"terminology": 0.3, "narrative": 0.3, "style": 0.4}
    # terms tracked across chunks: both spellings, with located offsets in the candidate
    renderings = {r["text"]: r for r in coord.data["term_table"]["Grandison"]["renderings"]}
    assert set(renderings) == {"그랜디슨", "그란디손"}
    content = project.candidates[0].text.content
    assert all(content[a:b] == "그란디손" for a, b in renderings["그란디손"]["offsets"])
    assert any(sp.category == "terminology/inconsistent" for sp in coord.spans)
    # no spaCy pipeline here: the fallback is said in the data, the report and the summary
    note = "terms found by the rule-based fallback: no spaCy pipeline 'en_core_web_sm' installed"
    assert coord.data["terms"]["method"] == "fallback" and note in coord.data["report"]
    table = MasLitEvalJudge().summarize(results)[0]
    assert note in table.rows[0][-1]
    assert table.data["candidates"]["Draft"]["otqs"] == pytest.approx(scores["OTQS"])


def test_user_weights_are_validated_and_stored(tmp_path, fake_server):
    fake_server.responder = _responder
    project = _long_project(6)
    with pytest.raises(OptionError, match="mas-liteval: weights .*sum to 1"):
        MasLitEvalJudge.Options.parse({"weights": "0.5,0.5,0.5"}, "mas-liteval")
    with pytest.raises(OptionError, match="three numbers"):
        MasLitEvalJudge.Options.parse({"weights": "0.5,0.5"}, "mas-liteval")
    _, results = _run(tmp_path, fake_server, project, {"weights": "0.2,0.2,0.6"})
    coord = [j for j in results if j.unit == "Draft/coordinator"][0]
    scores = {s.dimension: s.value for s in coord.scores}
    assert coord.data["weights"] == {"terminology": 0.2, "narrative": 0.2, "style": 0.6}
    assert scores["OTQS"] == pytest.approx(0.2 * scores["Terminology consistency"] + 0.2 * 0.8 + 0.6 * 0.6)


def test_out_of_range_score_is_a_failure_with_raw_text(tmp_path, fake_server):
    def bad(call):
        answer = _responder(call)
        if _agent(call) == "style":
            answer["score"] = 1.7
        return json.dumps(answer)
    fake_server.responder = bad
    summary, results = _run(tmp_path, fake_server, _long_project(6))
    style = [j for j in results if "/style/" in j.unit]
    assert style and style[0].status == "failed" and "1.7" in (style[0].raw or "")
    assert not style[0].scores
    coord = [j for j in results if j.unit == "Draft/coordinator"][0]
    assert coord.status == "failed" and not coord.scores  # never an OTQS without all three agents
