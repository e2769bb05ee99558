"""TransEvalnia end to end against the local provider server: evaluation units (spans cut by the model,
as the paper did, or pre-cut sentences), Likert scoring, the four ranking methods and score ranking, the
paper's p presentation orders and position bias B, reuse of stored evaluations, and unusable answers."""

from __future__ import annotations

import json
import re

import pytest
from fakeserver import schema_answer

from litlens.app.run import service
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.options import OptionError
from litlens.app.judges.transevalnia.judge import TransEvalniaJudge
from litlens.app.judges.transevalnia.summary import paragraph_view
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "The lamp went out. Nobody moved.\n\nThen the clock struck nine."
_BLOCK = re.compile(r"^(Translation \d+):\n<translation>\n(.*?)\n</translation>", re.M | re.S)


def project(labels=("A", "B", "C"), source=SOURCE):
    cands = [(lab, text_from_string(f"{lab}번 등불이 꺼졌다. 아무도 움직이지 않았다.\n\n"
                                    f"{lab}번 그때 시계가 아홉 시를 쳤다.", "ko")) for lab in labels]
    return build_project("lamp", text_from_string(source, "en"), cands)


def settings(server):
    return ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                            api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)


def run(tmp_path, server, proj=None, **options):
    store = Store(tmp_path / "db.sqlite")
    # these tests read full rankings: the paper's "which is best" is checked on its own below
    req = service.RunRequest(project=proj or project(), judges=["transevalnia"], provider=settings(server),
                             options={"transevalnia": {"verdict": "ranking", **options}})
    summary = service.execute(req, store)
    return store, summary, store.results_for_run(summary.run_id)


def is_ranking(call) -> bool:
    props = (call.schema or {}).get("properties", {})
    return "ranking" in props or "best" in props


def ranking_answer(call, order: list[str]) -> dict:
    props = call.schema["properties"]
    out: dict = {"ranking": order} if "ranking" in props else {"best": order[0]}
    if "rationale" in props:
        out["rationale"] = f"{order[0]} keeps the meaning best; the others slip."
    if "evaluations" in props:
        out["evaluations"] = {k: "Accurate and fluent." for k in props["evaluations"]["properties"]}
    return out


def prefer_first(call):
    """A judge with pure position bias: whatever it sees first wins."""
    if is_ranking(call):
        shown = _BLOCK.findall(call.user)
        return ranking_answer(call, [f"Translation {i + 1}" for i in range(len(shown))])
    return schema_answer(call.schema, call.user)


def prefer(label: str):
    """A consistent judge: the translation by ``label`` wins in every order."""
    def responder(call):
        if not is_ranking(call):
            return schema_answer(call.schema, call.user)
        shown = [(name, text) for name, text in _BLOCK.findall(call.user)]
        names = [n for n, t in shown if t.startswith(f"{label}번")] + \
                [n for n, t in shown if not t.startswith(f"{label}번")]
        return ranking_answer(call, names)
    return responder


def summary_data(results, title_part):
    sums = TransEvalniaJudge().summarize(results)
    return next(s for s in sums if title_part in s.title)


@pytest.mark.parametrize("method", ["one-step", "two-step", "three-step", "no-reasoning"])
def test_position_biased_judge_gives_high_b_and_a_tied_vote(tmp_path, fake_server, method):
    fake_server.responder = prefer_first
    store, summary, results = run(tmp_path, fake_server, method=method, scores=False)
    assert summary.status == "done" and summary.progress.failed == 0
    bias = summary_data(results, "position bias").data
    # 3 candidates, the paper's p = 3 rotations: each candidate first once -> 3 winners, the maximum
    assert bias["orders"] == 3 and bias["B"] == pytest.approx(3.0) and bias["B_max"] == 3
    overall = summary_data(results, "overall (majority").data
    assert overall["tiers"] == [["A", "B", "C"]] and overall["text"] == "A = B = C"
    per_para = summary_data(results, "winner in each").data
    assert per_para["majority"] == {"0": ["A", "B", "C"], "1": ["A", "B", "C"]}


def test_consistent_judge_gives_b_of_one_and_its_choice_wins(tmp_path, fake_server):
    fake_server.responder = prefer("B")
    store, summary, results = run(tmp_path, fake_server, method="two-step")
    assert summary.progress.failed == 0
    bias = summary_data(results, "position bias").data
    assert bias["B"] == 1.0 and bias["paragraphs"] == 2
    assert summary_data(results, "overall (majority").data["tiers"][0] == ["B"]
    ranks = [j for j in results if j.data.get("kind") == "ranking"]
    assert len(ranks) == 6 and all(j.candidate is None and j.data["best"] == "B" for j in ranks)
    one = ranks[0]
    # stored: real order, best, the presented order and a rationale whose neutral names are mapped back
    assert set(one.data["order"]) == {"A", "B", "C"} and len(one.data["presented"]) == 3
    k = one.data["presented"].index("B") + 1
    assert one.data["rationale_labelled"].startswith(f"Translation {k} [B]")
    view = paragraph_view(results, 0)
    assert view.majority == ["B"] and view.b == 1.0 and view.rationale.startswith(f"Translation {k} [B]")


def test_evaluations_cover_every_span_on_six_dimensions_and_scores_read_them(tmp_path, fake_server):
    store, summary, results = run(tmp_path, fake_server, method="scores", spans="sentences")
    evals = [j for j in results if j.data.get("kind") == "evaluation"]
    scores = [j for j in results if j.data.get("kind") == "scores"]
    assert len(evals) == 6 and len(scores) == 6 and fake_server.count == 12
    proj = project()
    first = next(j for j in evals if j.candidate == "A" and j.paragraph == 0)
    content = proj.candidate("A").text.content
    # paragraph 0 is two sentences -> two spans with whole-document offsets
    assert [content[s["start"]:s["end"]] for s in first.data["spans"]] == \
        ["A번 등불이 꺼졌다.", "아무도 움직이지 않았다."]
    assert set(first.data["spans"][0]["comments"]) == {
        "accuracy", "terminology", "linguistic_conventions", "audience_appropriateness", "hallucinations",
        "missing_content"}
    s = next(j for j in scores if j.candidate == "A" and j.paragraph == 0)
    assert [x.dimension for x in s.scores][-1] == "Overall" and len(s.scores) == 7
    assert all(1 <= x.value <= 5 and (x.scale_min, x.scale_max) == (1, 5) for x in s.scores)
    # the scoring call reads the stored evaluation's overall summary
    score_calls = [c for c in fake_server.calls if "Likert" in c.user]
    assert any(first.data["overall"] in c.user for c in score_calls)
    overall = summary_data(results, "score-based ranking: overall").data
    assert sorted(lab for t in overall["tiers"] for lab in t) == ["A", "B", "C"]
    assert not [x for x in TransEvalniaJudge().summarize(results) if "position bias" in x.title]


def test_poetry_mode_swaps_linguistic_conventions_for_emotional_content(tmp_path, fake_server):
    store, summary, results = run(tmp_path, fake_server, method="scores", poetry=True)
    ev = next(j for j in results if j.data.get("kind") == "evaluation")
    dims = ev.data["dimensions"]
    assert "emotional_content" in dims and "linguistic_conventions" not in dims
    sc = next(j for j in results if j.data.get("kind") == "scores")
    assert "Emotional Content" in [x.dimension for x in sc.scores]
    assert "Emotional Content" in fake_server.calls[0].system


def test_three_step_reuses_stored_evaluations_and_interleaves_them(tmp_path, fake_server):
    """Our option: the stored evaluations regrouped in code, no interleaving call."""
    fake_server.responder = prefer("A")
    run(tmp_path, fake_server, method="two-step")
    before = fake_server.count  # 6 evaluations + 6 scorings + 2 paragraphs x 3 orders of rankings
    assert before == 18
    store, summary, results = run(tmp_path, fake_server, method="three-step", interleave="code")
    # only the 6 interleaved rankings are new: evaluations and scores came from the store
    assert fake_server.count - before == 6 and summary.progress.reused == 12
    prompt = fake_server.calls[-1].user
    # regrouped by dimension: no candidate's material sits in one block
    parts = [prompt.index(f"— {name}") for name in ("ACCURACY", "TERMINOLOGY", "LINGUISTIC CONVENTIONS",
                                                     "AUDIENCE APPROPRIATENESS", "HALLUCINATIONS",
                                                     "MISSING CONTENT", "OVERALL")]
    assert parts == sorted(parts)
    accuracy = prompt[parts[0]:parts[1]]
    assert all(f"Translation {i}:" in accuracy for i in (1, 2, 3))
    # the prompt is built from the stored evaluations of that paragraph, every candidate's comments
    para = 1 if "clock struck nine" in prompt else 0
    evals = [j for j in results if j.data.get("kind") == "evaluation" and j.paragraph == para]
    assert len(evals) == 3
    for ev in evals:
        assert f"({ev.data['spans'][0]['text']}): {ev.data['spans'][0]['comments']['accuracy']}" in accuracy
        assert ev.data["overall"] in prompt[parts[-1]:]


def test_evaluation_hash_does_not_depend_on_method_or_order():
    judge = TransEvalniaJudge()
    proj = project()
    plans = [judge.plan(proj, judge.Options(method=m)) for m in ("two-step", "three-step", "one-step")]
    hashes = [{u.key: u.input_hash for u in p if u.key.startswith("eval/")} for p in plans]
    assert hashes[0] == hashes[1] == hashes[2] and len(hashes[0]) == 6
    ranks = [u for u in plans[0] if u.key.startswith("rank/")]
    assert all(u.candidate is None and len(u.depends_on) == 3 for u in ranks)
    assert not [u for u in plans[2] if u.key.startswith("rank/") and u.depends_on]


def test_seven_candidates_rank_end_to_end(tmp_path, fake_server):
    labels = tuple("ABCDEFG")
    fake_server.responder = prefer("E")
    store, summary, results = run(tmp_path, fake_server, project(labels), method="three-step", scores=False,
                                  orders=7)
    assert summary.status == "done" and summary.progress.failed == 0
    ranks = [j for j in results if j.data.get("kind") == "ranking"]
    assert len(ranks) == 2 * 7  # a seeded random order and its 7 rotations, per paragraph
    firsts = {j.data["presented"][0] for j in ranks if j.paragraph == 0}
    assert firsts == set(labels)  # every candidate was shown first once
    assert all(j.data["order"][0] == "E" and len(j.data["order"]) == 7 for j in ranks)
    assert summary_data(results, "position bias").data["B"] == 1.0


@pytest.mark.parametrize("bad", [
    ["Translation 1", "Translation 9", "Translation 2"],  # a label that does not exist
    ["Translation 2", "Translation 1"],  # leaves a candidate out
])
def test_unusable_rankings_are_stored_failures_with_raw_text(tmp_path, fake_server, bad):
    def responder(call):
        if is_ranking(call):
            return {"rationale": "Translation 9 is best.", "ranking": bad}
        return schema_answer(call.schema, call.user)
    fake_server.responder = responder
    store, summary, results = run(tmp_path, fake_server, method="one-step", orders=2, scores=False)
    ranks = [j for j in results if j.data.get("kind") == "ranking"]
    assert len(ranks) == 4 and all(j.status == "failed" for j in ranks)
    assert all(j.raw and "Translation" in j.raw for j in ranks)
    assert all(j.data["presented"] for j in ranks) and not any(j.scores for j in ranks)
    bias = summary_data(results, "position bias").data
    assert bias["B"] is None and bias["failed"] == 4


def test_orders_option_and_bad_options(tmp_path, fake_server):
    judge = TransEvalniaJudge()
    plan = judge.plan(project(), judge.Options.parse({"method": "no-reasoning", "orders": 2, "scores": False},
                                                     judge.id))
    assert len(plan) == 4 and all(u.key.startswith("rank/no-reasoning/") for u in plan)
    for bad in ({"method": "four-step"}, {"orders": 0}, {"orders": "lots"}, {"colour": "red"}):
        with pytest.raises(OptionError):
            judge.Options.parse(bad, judge.id)
    assert judge.Options.parse({"orders": "default"}, judge.id).orders is None
    with pytest.raises(JudgeUnavailable, match="at least two"):
        judge.check(project(("A",)))


@pytest.mark.parametrize("labels,orders", [(("A", "B"), 2), (("A", "B", "C"), 3), (tuple("ABCD"), 3),
                                           (tuple("ABCDEFG"), 3)])
def test_default_orders_are_the_papers_p(labels, orders):
    """Seed 004 §6.2: two permutations for two translations, three for the corpora with more."""
    judge = TransEvalniaJudge()
    plan = judge.plan(project(labels), judge.Options(method="no-reasoning", scores=False))
    assert len(plan) == 2 * orders  # two paragraphs
    presented = [u.key for u in plan if u.paragraph == 0]
    assert len(presented) == orders


def test_every_permutation_is_an_option():
    judge = TransEvalniaJudge()
    plan = judge.plan(project(tuple("ABCD")), judge.Options(method="no-reasoning", scores=False,
                                                             all_orders=True))
    assert len(plan) == 2 * 24
    with pytest.raises(JudgeUnavailable, match="5,040"):
        judge.plan(project(tuple("ABCDEFG")), judge.Options(method="no-reasoning", all_orders=True))


def test_the_model_cuts_its_own_spans_and_they_are_located(tmp_path, fake_server):
    proj = project(("A", "B"))
    # paragraph 0: exact, a doubled space (normalised stage), a quote not in the text at all
    quotes = {0: ["번 등불이 꺼졌다.", "아무도  움직이지 않았다.", "이런 문장은 없다."],
              1: ["그때 시계가", "아홉 시를 쳤다."]}

    def responder(call):
        if "ranking" in (call.schema or {}).get("properties", {}):
            return ranking_answer(call, ["Translation 1", "Translation 2"])
        if "spans" in (call.schema or {}).get("properties", {}):
            para = 1 if "clock" in call.user else 0
            dims = call.schema["properties"]["spans"]["items"]["properties"]
            return {"spans": [{k: (q if k == "text" else "Fine.") for k in dims} for q in quotes[para]],
                    "overall": "Faithful."}
        return schema_answer(call.schema, call.user)
    fake_server.responder = responder
    store, summary, results = run(tmp_path, fake_server, proj, method="two-step")
    assert summary.progress.failed == 0
    evals = [c for c in fake_server.calls if "spans" in (c.schema or {}).get("properties", {})]
    assert len(evals) == 4
    for call in evals:  # the model is asked to segment; no pre-cut spans travel with the request
        assert "cut the translation into spans" in call.user
        assert "The spans, in order" not in call.user and "<spans>" not in call.user
        assert call.schema["properties"]["spans"]["type"] == "array"
    content = proj.candidate("A").text.content
    ev = next(j for j in results if j.data.get("kind") == "evaluation" and j.candidate == "A"
              and j.paragraph == 0)
    spans = ev.data["spans"]
    assert ev.data["span_cuts"] == "model"
    assert content[spans[0]["start"]:spans[0]["end"]] == "번 등불이 꺼졌다."
    assert spans[0]["located"] == "exact"
    # whitespace differs from the text: found by the normalised stage, offsets into the original
    assert content[spans[1]["start"]:spans[1]["end"]] == "아무도 움직이지 않았다."
    assert spans[1]["located"] == "normalised" and spans[1]["text"] == "아무도 움직이지 않았다."
    # a quote that is not in the translation is kept, unplaced, with why
    assert spans[2]["start"] is None and spans[2]["text"] == "이런 문장은 없다." and spans[2]["note"]
    assert ev.data["unlocated_spans"] == ["이런 문장은 없다."]
    second = next(j for j in results if j.data.get("kind") == "evaluation" and j.candidate == "A"
                  and j.paragraph == 1)
    para = proj.candidate("A").text.paragraphs[1]
    assert all(para.start <= s["start"] < s["end"] <= para.end for s in second.data["spans"])
    assert [content[s["start"]:s["end"]] for s in second.data["spans"]] == quotes[1]


def test_three_step_is_three_model_steps_by_default(tmp_path, fake_server):
    """Seed 004 A.4.1: evaluations, then an LLM call that interleaves them, then the ranking from the
    model's interleaved text; so three-step makes more calls than two-step on the same sample."""
    def responder(call):
        if "interleaved" in (call.schema or {}).get("properties", {}):
            return {"interleaved": "REGROUPED-BY-THE-MODEL " + str(call.user.count("Evaluation of"))}
        return prefer("A")(call)
    fake_server.responder = responder
    run(tmp_path / "two", fake_server, method="two-step")
    two = fake_server.count
    fake_server.reset()
    store, summary, results = run(tmp_path / "three", fake_server, method="three-step")
    assert summary.progress.failed == 0 and fake_server.count == two + 6 > two  # + 2 paragraphs x 3 orders
    inter = [c for c in fake_server.calls if "interleaved" in (c.schema or {}).get("properties", {})]
    ranks = [c for c in fake_server.calls if is_ranking(c)]
    assert len(inter) == len(ranks) == 6
    assert all(c.user.count("Evaluation of Translation") == 3 for c in inter)  # every evaluation quoted
    assert all("REGROUPED-BY-THE-MODEL 3" in c.user and "Evaluation of" not in c.user for c in ranks)
    kept = [j for j in results if j.data.get("kind") == "interleaving"]
    assert len(kept) == 6 and all(j.data["interleaved"].startswith("REGROUPED") for j in kept)


def test_which_is_best_by_default_and_one_shot_examples(tmp_path, fake_server):
    fake_server.responder = prefer("A")
    store = Store(tmp_path / "db.sqlite")
    req = service.RunRequest(project=project(), judges=["transevalnia"], provider=settings(fake_server),
                             options={"transevalnia": {"method": "two-step"}})
    summary = service.execute(req, store)
    results = store.results_for_run(summary.run_id)
    ranks = [c for c in fake_server.calls if "best" in (c.schema or {}).get("properties", {})]
    assert len(ranks) == 6 and not any("ranking" in c.schema["properties"] for c in ranks)
    assert all("which translation is best" in c.user and "List every translation" not in c.user for c in ranks)
    kept = [j for j in results if j.data.get("kind") == "ranking"]
    assert all(j.status == "ok" and j.data["order"] == ["A"] for j in kept)
    for name in ("transevalnia_evaluation", "transevalnia_scores"):
        calls = [c for c in fake_server.calls
                 if ((c.raw.get("response_format") or {}).get("json_schema") or {}).get("name") == name]
        assert calls and all([m["role"] for m in c.messages] == ["system", "user", "assistant", "user"]
                             for c in calls)
        shot = json.loads(calls[0].messages[2]["content"])
        assert set(shot) <= set(calls[0].schema["properties"]) | {"spans"}
