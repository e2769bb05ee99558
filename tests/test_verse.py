"""VERSE end to end against the local provider server: shared questions, both answer modes, radar data,
malformed and unclassified questions, failures kept with their raw text, chunked summaries, the CLI."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from litlens.app.run import service
from litlens.app.judges.options import OptionError
from litlens.app.judges.verse.judge import CATEGORY_GLOSSES, VerseJudge
from litlens.app.judges.payloads import RadarData
from litlens.app.judges.verse.aggregate import CATEGORIES, UNCLASSIFIED, aggregate, percent
from litlens.app.llm.factory import ProviderSettings
from litlens.app.core.sample import load_sample
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SAMPLE = load_sample()
CAREFUL = {p.text for p in SAMPLE.candidate("Careful").text.paragraphs}
# Flawed's paragraphs that differ from Careful's (two are identical in the sample)
FLAWED = [p.text for p in SAMPLE.candidate("Flawed").text.paragraphs if p.text not in CAREFUL]
N_PARAS = len(SAMPLE.source.paragraphs)
SAME = N_PARAS - len(FLAWED)


def kind(call) -> str:
    props = (call.schema or {}).get("properties", {})
    return next(k for k in ("summary", "questions", "labels", "answers", "score") if k in props)


def block(text: str, tag: str) -> str:
    m = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", text, re.DOTALL)
    assert m, f"no <{tag}> block"
    return m.group(1)


def numbered(text: str, tag: str) -> list[str]:
    return [ln.split(". ", 1)[1] for ln in block(text, tag).splitlines() if re.match(r"^\d+\. ", ln)]


class Responder:
    """Plays every VERSE step. Careful gets 3s, Flawed 1s and 2s; ``extra`` questions are appended to every
    generated list; ``labels`` overrides the category of a question by its text."""

    def __init__(self, extra=(), labels=None, answer=None):
        self.extra = list(extra)
        self.labels = labels or {}
        self.answer = answer  # (call) -> answer, replaces the answer step

    @staticmethod
    def flawed(call) -> bool:
        return any(p in block(call.first_user, "translation") for p in FLAWED)

    def __call__(self, call):
        k = kind(call)
        if k == "summary":
            return {"summary": "An old housekeeper, a young master and a stranger on a rainy night."}
        if k == "questions":
            words = block(call.first_user, "paragraph").split()[:3]
            return {"questions": [f"Does the translation keep the tone of “{' '.join(words)}”?",
                                  f"Does the translation render the imagery after “{words[0]}” vividly?",
                                  *self.extra]}
        if k == "labels":
            qs = numbered(call.first_user, "questions")
            with_reason = "reason" in call.schema["properties"]["labels"]["items"]["properties"]
            return {"labels": [{"question": i + 1,
                                **({"reason": self.labels.get(q, ("", ""))[1]} if with_reason else {}),
                                "category": self.labels.get(q, (CATEGORIES[i % len(CATEGORIES)],))[0]}
                               for i, q in enumerate(qs)]}
        if self.answer is not None:
            return self.answer(call)
        low = self.flawed(call)
        if k == "answers":
            qs = numbered(call.first_user, "questions")
            return {"answers": [{"question": i + 1, "score": (1 + i % 2) if low else 3}
                                for i in range(len(qs))]}
        return {"score": 1 if low else 3}


def settings(server):
    return ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                            api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)


def run(store, server, project=None, **options):
    req = service.RunRequest(project=project or SAMPLE, judges=["verse"], provider=settings(server),
                             options={"verse": options})
    summary = service.execute(req, store)
    return summary, store.results_for_run(summary.run_id)


def kinds(server) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in server.calls:
        out[kind(c)] = out.get(kind(c), 0) + 1
    return out


def test_questions_come_from_the_source_once_and_serve_every_candidate(tmp_path, fake_server):
    fake_server.responder = Responder()
    store = Store(tmp_path / "db.sqlite")
    summary, results = run(store, fake_server, answer_mode="per-paragraph")
    assert summary.status == "done" and summary.progress.failed == 0
    # one summary, one question call and one classification call per source paragraph, not per candidate
    calls = kinds(fake_server)
    assert (calls["summary"], calls["questions"], calls["labels"]) == (1, N_PARAS, N_PARAS)
    # Careful and Flawed share two identical paragraphs, whose answers may come from the response cache
    assert calls["answers"] + summary.progress.cache_hits == 2 * N_PARAS
    for c in fake_server.calls:
        if kind(c) in ("summary", "questions"):
            assert "<translation>" not in c.user and not any(p in c.user for p in FLAWED)
    by_unit = {j.unit: j for j in results}
    assert by_unit["questions/p0"].candidate is None and by_unit["classify/p0"].candidate is None
    ids = {c: [a["id"] for a in by_unit[f"answers/{c}/p0"].data["answers"]] for c in ("Careful", "Flawed")}
    assert ids["Careful"] == ids["Flawed"] == ["p0.q1", "p0.q2"]  # the same questions for both
    # a second run makes no call at all: every unit is reused
    again, _ = run(store, fake_server, answer_mode="per-paragraph")
    assert fake_server.count == sum(calls.values()) and again.progress.reused == again.progress.total


def test_a_new_candidate_reuses_the_stored_questions(tmp_path, fake_server):
    fake_server.responder = Responder()
    store = Store(tmp_path / "db.sqlite")
    src = SAMPLE.source.content
    one = build_project("s", text_from_string(src, "en"),
                        [("Careful", text_from_string(SAMPLE.candidate("Careful").text.content, "ko"))])
    run(store, fake_server, project=one, answer_mode="per-paragraph")
    fake_server.reset()
    summary, _ = run(store, fake_server, answer_mode="per-paragraph")  # adds "Flawed"
    assert set(kinds(fake_server)) == {"answers"} and summary.progress.failed == 0
    assert kinds(fake_server)["answers"] + summary.progress.cache_hits == N_PARAS
    assert summary.progress.reused == 1 + 3 * N_PARAS  # summary, questions, classes, Careful's answers


def test_shared_units_hash_only_the_source():
    judge = VerseJudge()
    a = {u.key: u for u in judge.plan(SAMPLE, judge.Options())}
    other = build_project("x", text_from_string(SAMPLE.source.content, "en"),
                          [("Other", text_from_string("다른 번역.\n\n" * N_PARAS, "ko"))])
    b = {u.key: u for u in judge.plan(other, judge.Options())}
    for key in ("summary", "questions/p3", "classify/p3"):
        assert a[key].input_hash == b[key].input_hash and a[key].candidate is None
    assert a["questions/p3"].depends_on == ["summary"] and a["classify/p3"].depends_on == ["questions/p3"]
    assert a["answers/Careful/p3"].depends_on == ["classify/p3"]
    assert a["answers/Careful/p3"].input_hash != a["answers/Flawed/p3"].input_hash


def test_radar_data_per_category_and_candidate(tmp_path, fake_server):
    fake_server.responder = Responder()
    _, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph")
    (table, questions) = VerseJudge().summarize(results)
    assert isinstance(table, RadarData) and [a.name for a in table.axes] == list(CATEGORIES)
    data = table.as_nested()
    assert set(data) == {"Careful", "Flawed"}
    # two questions per paragraph, labelled with the first two categories
    used = CATEGORIES[:2]
    for cand in data:
        assert set(data[cand]) == set(used)
        assert all(data[cand][c]["n"] == N_PARAS for c in used)
    assert all(data["Careful"][c]["percent"] == 100.0 for c in used)
    low = len(FLAWED)
    assert data["Flawed"][CATEGORIES[0]]["percent"] == round(percent(low * 1 + SAME * 3, N_PARAS), 2)
    assert data["Flawed"][CATEGORIES[1]]["percent"] == round(percent(low * 2 + SAME * 3, N_PARAS), 2)
    rows = table.as_table().rows  # the value may carry its 95% interval after it: "100.0 [100.0, 100.0]"
    assert any(r[:2] == ["Historical and Cultural Context", "Careful"] and r[2].split()[0] == "100.0"
               and r[3] == str(N_PARAS) for r in rows)
    assert questions.data["kept"] == 2 * N_PARAS and questions.data["dropped"] == 0
    # answers carry the category as the dimension and the question as the rationale
    j = next(j for j in results if j.unit == "answers/Flawed/p2")
    assert [s.dimension for s in j.scores] == list(used) and all(s.scale_max == 3 for s in j.scores)
    assert j.scores[0].rationale.startswith("Does the translation")
    assert aggregate(results) == data


def test_per_question_mode_asks_once_per_question_and_agrees(tmp_path, fake_server):
    fake_server.responder = Responder()
    summary, results = run(Store(tmp_path / "q.sqlite"), fake_server, answer_mode="per-question")
    assert summary.progress.failed == 0
    calls = kinds(fake_server)
    assert (calls["summary"], calls["questions"], calls["labels"]) == (1, N_PARAS, N_PARAS)
    assert calls["score"] + summary.progress.cache_hits == 2 * 2 * N_PARAS  # 2 questions × 2 candidates
    per_question = VerseJudge().summarize(results)[0].as_nested()
    assert all(c.user.count("<question>") == 1 for c in fake_server.calls if kind(c) == "score")
    assert next(j for j in results if j.unit == "answers/Careful/p0").data["mode"] == "per-question"
    fake_server.reset()
    fake_server.responder = Responder()
    _, results = run(Store(tmp_path / "p.sqlite"), fake_server, answer_mode="per-paragraph")
    per_paragraph = VerseJudge().summarize(results)[0].as_nested()
    assert per_question["Careful"] == per_paragraph["Careful"]
    assert per_question["Flawed"][CATEGORIES[0]]["n"] == per_paragraph["Flawed"][CATEGORIES[0]]["n"]


def test_malformed_questions_are_dropped_and_counted(tmp_path, fake_server):
    junk = ["", "Narrative Voice", "Character Voice, Tone, and Individuality",
            "The translation should keep the rain imagery.", "   "]
    fake_server.responder = Responder(extra=junk)
    _, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph")
    q = next(j for j in results if j.unit == "questions/p1")
    assert len(q.data["questions"]) == 2
    reasons = sorted(d["reason"] for d in q.data["dropped"])
    assert reasons == ["bare category name", "bare category name", "empty", "empty", "not a question"]
    # dropped questions never reach the classifier or the answers
    assert all(len(numbered(c.user, "questions")) == 2 for c in fake_server.calls if kind(c) == "labels")
    stats = VerseJudge().summarize(results)[1]
    assert stats.data["dropped"] == 5 * N_PARAS
    assert ["malformed questions dropped", str(5 * N_PARAS)] in stats.rows


def test_unclassifiable_question_is_marked_not_forced_in_the_descriptions_mode(tmp_path, fake_server):
    def responder(call):
        if kind(call) == "labels":
            qs = numbered(call.user, "questions")
            return {"labels": [{"question": 1, "category": UNCLASSIFIED, "reason": "asks about page layout"},
                               *({"question": 2, "category": CATEGORIES[4], "reason": ""} for _ in qs[1:2])]}
        return Responder()(call)
    fake_server.responder = responder
    _, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph",
                     classify_with="descriptions")
    labels_call = next(c for c in fake_server.calls if kind(c) == "labels")
    offered = labels_call.schema["properties"]["labels"]["items"]["properties"]["category"]["enum"]
    assert UNCLASSIFIED in offered
    assert CATEGORY_GLOSSES[CATEGORIES[0]] in labels_call.system
    labels = next(j for j in results if j.unit == "classify/p0").data["labels"]
    assert labels[0]["category"] == UNCLASSIFIED and labels[0]["reason"] == "asks about page layout"
    answers = next(j for j in results if j.unit == "answers/Careful/p0")
    assert [s.dimension for s in answers.scores] == [UNCLASSIFIED, CATEGORIES[4]]
    radar = VerseJudge().summarize(results)[0].as_nested()
    assert set(radar["Careful"]) == {CATEGORIES[4]}  # the radar has only the nine axes
    assert VerseJudge().summarize(results)[1].data["unclassified"] == N_PARAS


@pytest.mark.parametrize("mode,bad", [("per-paragraph", "They all look fine to me."),
                                      ("per-question", json.dumps({"score": 5}))])
def test_unparsable_answer_is_a_failure_with_raw_text(tmp_path, fake_server, mode, bad):
    fake_server.responder = Responder(answer=lambda call: bad if Responder.flawed(call) else
                                      Responder()(call))
    store = Store(tmp_path / "db.sqlite")
    summary, results = run(store, fake_server, answer_mode=mode)
    flawed = [j for j in results if j.unit.startswith("answers/Flawed/") and j.status == "failed"]
    assert len(flawed) == len(FLAWED) and all(j.status == "failed" and not j.scores and j.raw for j in flawed)
    assert all(bad.strip("{}") in j.raw for j in flawed)
    assert summary.progress.failed == len(FLAWED)
    radar = VerseJudge().summarize(results)[0].as_nested()
    assert radar["Flawed"][CATEGORIES[0]]["n"] == SAME  # failures never become numbers
    n_scores = store.db.execute("SELECT count(*) FROM scores").fetchone()[0]
    assert n_scores == 2 * (N_PARAS + SAME)  # Careful's answers and Flawed's that equal them


def test_out_of_range_in_a_paragraph_answer_fails_the_unit(tmp_path, fake_server):
    fake_server.responder = Responder(answer=lambda call: {"answers": [{"question": 1, "score": 3}]})
    summary, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph")
    j = next(j for j in results if j.unit == "answers/Careful/p0")
    assert j.status == "failed" and "no answer for question(s) 2" in j.error and '"score": 3' in j.raw


def test_long_source_is_summarised_in_chunks_then_combined(tmp_path, fake_server):
    seen = []

    def responder(call):
        if kind(call) == "summary":
            seen.append(call.user)
            return {"summary": "COMBINED" if "<summaries>" in call.user else f"PART{len(seen)}"}
        return Responder()(call)
    fake_server.responder = responder
    store = Store(tmp_path / "db.sqlite")
    summary, results = run(store, fake_server, answer_mode="per-paragraph", chunk_tokens=200)
    parts = [u for u in seen if "<part>" in u]
    assert len(parts) >= 3 and sum("<summaries>" in u for u in seen) == 1
    # chunks are cut at paragraph boundaries: every source paragraph lies whole in exactly one chunk
    for p in SAMPLE.source.paragraphs:
        assert sum(p.text in u for u in parts) == 1
    # the summary closes the system prompt (the prefix every question-writing call shares); the user
    # turn holds only the paragraph
    asked = [c for c in fake_server.calls if kind(c) == "questions"]
    assert asked and all("COMBINED" in c.system and "COMBINED" not in c.user for c in asked)
    assert next(j for j in results if j.unit == "summary").data["chunks"] == len(parts)


def test_bad_options_are_one_clear_error():
    parse = VerseJudge.Options.parse
    with pytest.raises(OptionError, match="answer_mode must be one of"):
        parse({"answer_mode": "all-at-once"}, "verse")
    with pytest.raises(OptionError, match="no option 'colour'"):
        parse({"colour": "red"}, "verse")
    with pytest.raises(OptionError, match="min_questions cannot be larger"):
        parse({"min_questions": 9, "max_questions": 3}, "verse")


def test_cli_prints_per_category_figures(db_path, fake_server, tmp_path):
    fake_server.responder = Responder()
    env = {**os.environ, "OPENAI_API_KEY": "sk-cli-test",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-m", "litlens.app.cli.main", "--db", str(db_path), "evaluate", "--sample",
                          "--judge", "verse", "--provider", "openai", "--model", "gpt-4o", "--base-url",
                          fake_server.openai_base_url, "--option", "verse.answer_mode=per-paragraph",
                          "--quiet"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "verse: category scores" in out.stdout
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("Imagery and Descriptive Quality")
                and "Flawed" in ln)
    expected = f"{percent(len(FLAWED) * 2 + SAME * 3, N_PARAS):.1f}"
    # "<category> Flawed <value> [<low>, <high>] <n>" (the interval follows the value when shown)
    assert re.search(rf"Flawed\s+{re.escape(expected)}(\s+\[[^\]]*\])?\s+{N_PARAS}\s*$", line), line
    assert "malformed questions dropped" in out.stdout


def test_classification_offers_exactly_the_nine_category_names(tmp_path, fake_server):
    fake_server.responder = Responder()
    summary, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph")
    assert summary.progress.failed == 0
    calls = [c for c in fake_server.calls if kind(c) == "labels"]
    assert len(calls) == N_PARAS
    for call in calls:
        item = call.schema["properties"]["labels"]["items"]
        assert item["properties"]["category"]["enum"] == list(CATEGORIES)  # the nine, nothing else
        assert set(item["properties"]) == {"question", "category"}  # no reason, no other field
        listed = re.findall(r"^- (.+)$", call.system, re.MULTILINE)
        assert listed == list(CATEGORIES)  # the names only, spelled as the paper does
        assert "unclassified" not in (call.system + call.user).lower()
        assert not any(gloss in call.system for gloss in CATEGORY_GLOSSES.values())
    stats = VerseJudge().summarize(results)[1]
    assert stats.data["unclassified"] == 0 and stats.data["unlabelled"] == 0
    assert not any("unclassified" in row[0] for row in stats.rows)


def test_by_name_a_question_left_out_is_discarded_and_counted_and_unclassified_is_refused(tmp_path,
                                                                                          fake_server):
    def responder(call):
        if kind(call) == "labels":  # only question 2 gets a category
            return {"labels": [{"question": 2, "category": CATEGORIES[4]}]}
        return Responder()(call)
    fake_server.responder = responder
    summary, results = run(Store(tmp_path / "db.sqlite"), fake_server, answer_mode="per-paragraph")
    cls = next(j for j in results if j.unit == "classify/p0")
    assert [lab["category"] for lab in cls.data["labels"]] == [CATEGORIES[4]]
    assert [lab["id"] for lab in cls.data["unlabelled"]] == ["p0.q1"]
    answers = next(j for j in results if j.unit == "answers/Careful/p0")
    assert [s.dimension for s in answers.scores] == [CATEGORIES[4]]
    stats = VerseJudge().summarize(results)[1]
    assert stats.data["unlabelled"] == N_PARAS
    assert ["questions the classifier left out (not scored)", str(N_PARAS)] in stats.rows

    fake_server.reset()
    fake_server.responder = lambda call: {"labels": [{"question": 1, "category": UNCLASSIFIED}]} \
        if kind(call) == "labels" else Responder()(call)
    _, results = run(Store(tmp_path / "db2.sqlite"), fake_server, answer_mode="per-paragraph")
    cls = next(j for j in results if j.unit == "classify/p0")
    assert cls.status == "failed" and UNCLASSIFIED in (cls.raw or "")


def _questions_call(server):
    return next(c for c in server.calls if kind(c) == "questions")


def test_question_count_follows_the_paragraph_unless_bounded(tmp_path, fake_server):
    many = [f"Does the translation keep detail number {k} of this paragraph intact?" for k in range(1, 15)]
    fake_server.responder = Responder(extra=many)  # 2 + 14 = 16 questions a paragraph
    _, results = run(Store(tmp_path / "a.sqlite"), fake_server, answer_mode="per-paragraph")
    # the paper's way: no number is imposed; the paragraph's content decides, and all 16 are kept
    system = _questions_call(fake_server).system
    assert "Let the paragraph decide how many questions it needs" in system
    assert not re.search(r"between \d+ and \d+|at most \d+|at least \d+", system)
    q = next(j for j in results if j.unit == "questions/p0")
    assert len(q.data["questions"]) == 16 and q.data["dropped"] == []

    fake_server.reset()
    _, results = run(Store(tmp_path / "b.sqlite"), fake_server, answer_mode="per-paragraph",
                     min_questions=3, max_questions=6)
    system = _questions_call(fake_server).system
    assert "between 3 and 6 questions" in system and "Let the paragraph decide" not in system
    q = next(j for j in results if j.unit == "questions/p0")
    assert [x["text"] for x in q.data["questions"]][2:] == many[:4]  # the first six, most important first
    assert [d["reason"] for d in q.data["dropped"]] == ["beyond max_questions (6)"] * 10
    stats = VerseJudge().summarize(results)[1]
    assert stats.data["dropped_by_reason"] == {"beyond max_questions (6)": 10 * N_PARAS}

    fake_server.reset()
    fake_server.responder = Responder()  # two questions a paragraph, below the minimum of 3
    _, results = run(Store(tmp_path / "c.sqlite"), fake_server, answer_mode="per-paragraph", min_questions=3)
    assert "at least 3 questions" in _questions_call(fake_server).system
    q = next(j for j in results if j.unit == "questions/p0")
    assert len(q.data["questions"]) == 2 and "fewer than min_questions (3)" in q.data["note"]


@pytest.mark.parametrize("mode", ["per-question", "per-paragraph"])
def test_anthropic_caches_the_translation_every_question_is_asked_about(tmp_path, fake_server, mode):
    """Asked one question per call, the paragraph and its translation open every call about them: the
    Anthropic request marks a cache breakpoint after them (and only the question follows). Asked all at
    once, nothing is shared, so nothing is marked for a cache write."""
    fake_server.responder = Responder()
    prov = ProviderSettings(provider="anthropic", model="claude-sonnet-4", api_key="sk-test",
                            base_url=fake_server.anthropic_base_url, retry_base_delay=0.01,
                            retry_max_delay=0.05)
    req = service.RunRequest(project=SAMPLE, judges=["verse"], provider=prov,
                             options={"verse": {"answer_mode": mode}})
    store = Store(tmp_path / "db.sqlite")
    try:
        assert service.execute(req, store).status == "done"
    finally:
        store.close()
    answers = [c for c in fake_server.calls if kind(c) in ("answers", "score")]
    assert answers
    for c in answers:
        content = c.raw["messages"][0]["content"]
        if mode == "per-paragraph":
            assert isinstance(content, str)
            continue
        shared, question = content
        assert shared["cache_control"] == {"type": "ephemeral"} and "cache_control" not in question
        assert "<translation>" in shared["text"] and "<question" not in shared["text"]
        assert question["text"].startswith("<question>")
