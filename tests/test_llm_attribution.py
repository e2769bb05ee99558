"""Speakers by LLM: passages with numbered lines, every answer checked line by line, results stored and
reused like every judge's, and the ledger laid over with the LLM's reading (app.korean.ledger.relabel)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from fakeserver import FakeServer
from litlens.app.judges import registry
from litlens.app.judges.speakers_llm import JUDGE_ID, SpeakerAttribution, SpeakersLlmJudge
from litlens.app.korean import ledger
from litlens.app.korean import llm_attribution as la
from litlens.app.texts import build_project, text_from_string
from llm_helpers import settings

DATA = Path(__file__).parent / "data" / "speakers"
STORY = (DATA / "story_ko.txt").read_text("utf-8")
STORY_EN = (DATA / "story_en.txt").read_text("utf-8")
SHORT = "수진은 부엌으로 달려갔다.\n\n“네, 할머니, 지금 가요.”\n\n할머니가 웃었다. “천천히 오너라.”\n\n‘이상하다.’ 수진은 생각했다."


def _answer(*lines: tuple[int, str | None, str | None]) -> dict:
    return {"lines": [{"number": n, "speaker": s, "listener": li} for n, s, li in lines]}


def _one(text: str = SHORT) -> la.Passage:
    (passage,) = la.passages(text, [])
    return passage


# ---- passages and the request -------------------------------------------------------------------------

def test_lines_are_numbered_across_the_text_and_thoughts_are_not_asked():
    passage = _one()
    assert [line.index for line in passage.lines] == [1, 2]
    shown = passage.numbered(SHORT)
    assert "[1]“네, 할머니" in shown and "[2]“천천히" in shown
    assert "[3]" not in shown and "‘이상하다.’" in shown  # inner speech stays as text, unnumbered


def test_a_long_text_is_cut_into_passages_of_whole_paragraphs_numbered_on():
    text = "\n\n".join(f"민호가 {i}번째로 말했다. “이번이 {i}번째야.”" for i in range(60))
    found = la.passages(text, [], max_chars=300)
    assert len(found) > 1 and all(p.end - p.start <= 300 for p in found)
    assert [line.index for p in found for line in p.lines] == list(range(1, 61))
    assert all(text[p.start:p.end].startswith("민호가") for p in found)


def test_the_request_asks_for_every_number_by_schema_and_carries_the_text_as_data():
    passage = _one()
    req = la.request_for(passage, SHORT, ["수진"])
    assert req.schema == la.SCHEMA and req.judge == JUDGE_ID
    assert "Numbered lines to answer: 1, 2" in req.user and "Known characters: 수진" in req.user
    assert "<passage>" in req.user and req.prompt_version.startswith("speakers-llm/1+")


# ---- every answer checked --------------------------------------------------------------------------------

def test_a_good_answer_names_each_line():
    answer = la.read_answer(_one(), SHORT, _answer((1, "수진", "할머니"), (2, "할머니", "수진")))
    assert [(x.speaker, x.listener, x.status) for x in answer.lines] == [
        ("수진", "할머니", "named"), ("할머니", "수진", "named")]


def test_an_unknown_number_is_ignored_and_an_unanswered_line_abstains():
    answer = la.read_answer(_one(), SHORT, _answer((1, "수진", "할머니"), (7, "할머니", "수진")))
    assert answer.ignored == ["no line [7] in this passage"]
    assert answer.lines[1].status == "abstained" and answer.lines[1].speaker is None
    assert "did not answer" in answer.lines[1].why


def test_a_name_not_in_the_text_or_cast_abstains_never_named():
    answer = la.read_answer(_one(), SHORT, _answer((1, "Sujin", "할머니"), (2, "어머니", "수진")))
    assert [x.speaker for x in answer.lines] == [None, None]
    assert "neither in the text" in answer.lines[0].why
    # a known character's name is allowed even where the passage does not write it
    known = la.read_answer(_one(), SHORT, _answer((2, "어머니", "수진")), names=["어머니"])
    assert known.lines[1].speaker == "어머니"


def test_a_bad_listener_takes_the_line_down_with_it_and_group_is_allowed():
    answer = la.read_answer(_one(), SHORT, _answer((1, "수진", "Grandma"), (2, "할머니", "group")))
    assert answer.lines[0].speaker is None and answer.lines[0].why.startswith("listener:")
    assert (answer.lines[1].speaker, answer.lines[1].listener) == ("할머니", "group")


def test_twice_answered_or_self_addressed_lines_abstain():
    answer = la.read_answer(_one(), SHORT, _answer((1, "수진", "할머니"), (1, "할머니", "수진"), (2, "수진", "수진")))
    assert [x.status for x in answer.lines] == ["abstained", "abstained"]
    assert "twice" in answer.lines[0].why and "themself" in answer.lines[1].why


def test_garbage_is_a_failure_with_the_raw_text_kept(fake_server):
    # the provider asks once more for JSON (the repair turn); both answers are prose
    fake_server.script(["I think the grandmother speaks first, then Sujin."] * 2)
    from llm_helpers import provider
    prov = provider(fake_server)

    async def go():
        try:
            return await la.attribute(prov.complete, SHORT)
        finally:
            await prov.aclose()
    (answer,) = asyncio.run(go())
    assert not answer.ok and answer.lines == []
    assert "grandmother speaks first" in (answer.raw or "")
    assert la.answered_lines([answer]) == []


# ---- as a judge: stored, reused, never needed for the offline path ----------------------------------------

@pytest.fixture
def story_project():
    return build_project("story", text_from_string(STORY_EN, "en"), [("KO", text_from_string(STORY, "ko"))])


class _Call:
    """What the scripted model reads of a request: its user text."""

    def __init__(self, user: str) -> None:
        self.user = user


def _all_lines() -> _Call:
    return _Call("Numbered lines to answer: " + ", ".join(str(n) for n in range(1, 14)))


def _scripted(call) -> dict:
    """A model that knows the story: every line's speaker by its number (the prompt lists them)."""
    gold = {1: ("하나", "할머니"), 2: ("할머니", "하나"), 3: ("하나", "할머니"), 4: ("소라", None),
            5: ("하나", "소라"), 6: ("할머니", "소라"), 7: ("소라", "할머니"), 8: ("할머니", "소라"),
            9: ("소라", "할머니"), 10: ("은결", "하나"), 11: ("하나", "은결"), 12: ("Eungyeol", "소라")}
    numbers = [int(n) for n in call.user.rsplit("Numbered lines to answer:", 1)[1].split(",")]
    return _answer(*[(n, *gold[n]) for n in numbers if n in gold])


def test_the_judge_runs_through_the_engine_stores_and_reuses(tmp_path, story_project):
    from litlens.app.run import service
    from litlens.app.run.store import Store
    registry.register_judge(SpeakersLlmJudge)
    try:
        with FakeServer(_scripted) as server:
            store = Store(tmp_path / "db.sqlite")
            request = service.RunRequest(story_project, [JUDGE_ID], provider=settings(server))
            first = service.execute(request, store)
            assert first.status == "done" and server.count == 1
            second = service.execute(request, store)
            assert second.status == "done" and second.progress.reused == 1 and server.count == 1
            store.close()
    finally:
        registry.unregister_judge(JUDGE_ID)


def test_summary_lines_in_text_order_and_failed_passages_listed(story_project):
    judge = SpeakersLlmJudge()
    (unit,) = judge.plan(story_project, judge.Options())

    async def ask_with(answer):
        from litlens.app.judges.base import UnitContext
        from litlens.app.llm.base import LLMResponse

        async def llm(request):
            text = json.dumps(answer) if isinstance(answer, dict) else answer
            data = answer if isinstance(answer, dict) else None
            return LLMResponse(text=text, model="m", data=data, error=None if data else "not valid JSON")
        return await unit.run(UnitContext(story_project, judge.Options(), llm))

    good = asyncio.run(ask_with(_scripted(_all_lines())))
    bad = asyncio.run(ask_with("no JSON here"))
    assert good.status == "ok" and bad.status == "failed" and bad.raw == "no JSON here"
    (payload,) = judge.summarize([good])
    assert isinstance(payload, SpeakerAttribution)
    lines = payload.lines["KO"]
    assert [x["index"] for x in lines] == list(range(1, 14))
    assert lines[11]["speaker"] is None  # "Eungyeol" is not written in the Korean: abstained
    assert lines[12]["status"] == "abstained"  # line 13 was not answered
    (failed,) = judge.summarize([bad])
    assert failed.failed["KO"][0]["error"] and not failed.lines


def test_the_offline_honorifics_judge_still_needs_no_provider(story_project):
    from litlens.app.run import service
    request = service.RunRequest(story_project, ["honorifics"])
    assert service.plan(request)  # no provider, no error


# ---- laid over the offline reading ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def analysed():
    from litlens.app.judges.honorifics import judgment_from_report
    from litlens.app.korean.honorifics import analyse_text
    return judgment_from_report("KO", "KO", analyse_text(STORY)).data


def _llm_lines(gold_answer: dict) -> list[dict]:
    passage = la.passages(STORY, [])[0]
    return [x.to_dict() for x in la.read_answer(passage, STORY, gold_answer).lines]


def test_relabel_without_another_reading_is_the_stored_ledger(analysed):
    out = ledger.relabel(STORY, analysed["turns"], analysed["sentences"])
    assert out["pairs"] == analysed["ledger"] and out["unattributed"] == analysed["unattributed"]
    assert {t["source"] for t in out["turns"]} == {"offline"}


def test_the_llm_reading_names_turns_and_its_abstentions_stay_unknown(analysed):
    out = ledger.relabel(STORY, analysed["turns"], analysed["sentences"], llm=_llm_lines(_scripted(_all_lines())))
    by_start = {t["start"]: t for t in out["turns"]}
    lines = la.spoken_lines(STORY, [])
    assert by_start[lines[8].start]["speaker"] == "소라" and by_start[lines[8].start]["source"] == "llm"
    assert by_start[lines[11].start]["speaker"] is None  # the LLM's abstention, never the offline guess
    assert by_start[lines[11].start]["evidence"] == "unknown"
    pairs = {(p["speaker"], p["listener"]) for p in out["pairs"]}
    assert ("소라", "할머니") in pairs and ("하나", "할머니") in pairs
    assert len(out["unattributed"]) == sum(1 for t in out["turns"] if not t["speaker"])


def test_a_correction_wins_over_the_llm_and_the_offline_reading(analysed):
    lines = la.spoken_lines(STORY, [])
    turn = next(t for t in analysed["turns"] if t["start"] == lines[0].start)
    fix = [{"start": turn["start"], "end": turn["end"], "speaker": "하나", "listener": "할머니"}]
    llm = [dict(x, speaker="할머니", listener="하나") for x in _llm_lines(_answer((1, "할머니", "하나")))]
    for reading in (None, llm):
        out = ledger.relabel(STORY, analysed["turns"], analysed["sentences"], llm=reading, corrections=fix)
        first = out["turns"][0]
        assert (first["speaker"], first["listener"], first["source"]) == ("하나", "할머니", "user")
    unknown = [{"start": turn["start"], "end": turn["end"], "speaker": None, "listener": None}]
    out = ledger.relabel(STORY, analysed["turns"], analysed["sentences"], llm=llm, corrections=unknown)
    assert out["turns"][0]["speaker"] is None and out["unattributed"][0]["start"] == turn["start"]


def test_a_turn_whose_lines_the_llm_splits_between_two_people_is_unknown():
    text = "“가자.” “어서.”"
    turns = [{"start": 0, "end": len(text), "paragraph": 0, "speaker": "민호", "listener": "수진",
              "confidence": 0.9, "evidence": "verb-after", "speaker_how_why": {}, "listener_how_why": {}}]
    lines = [{"start": 0, "end": 5, "speaker": "민호", "listener": "수진"},
             {"start": 6, "end": len(text), "speaker": "수진", "listener": "민호"}]
    out = ledger.relabel(text, turns, [], llm=lines)
    assert out["turns"][0]["speaker"] is None and out["turns"][0]["speaker_how_why"]["why"] == "how/llm-split"
    agreed = ledger.relabel(text, turns, [], llm=[dict(x, speaker="민호", listener="수진") for x in lines])
    assert agreed["turns"][0]["speaker"] == "민호" and agreed["turns"][0]["source"] == "llm"


def test_a_stored_llm_reading_reaches_ledger_context_and_the_offline_findings_stay(tmp_path, story_project):
    from litlens.app.judges.common import ledger_summary
    from litlens.app.judges.honorifics import HonorificsJudge
    from litlens.app.run import service
    from litlens.app.run.speaker_corrections import attach, llm_lines
    from litlens.app.run.store import Store
    registry.register_judge(SpeakersLlmJudge)
    try:
        with FakeServer(_scripted) as server:
            store = Store(tmp_path / "db.sqlite")
            service.execute(service.RunRequest(story_project, [JUDGE_ID], provider=settings(server)), store)
            lines = llm_lines(store, story_project.id, "KO", STORY)
            assert len(lines) == 13 and {x["source"] for x in lines} == {"llm"}
            # a line whose quote is no longer where it was read is not laid over the text
            assert len(llm_lines(store, story_project.id, "KO", "머리말.\n\n" + STORY)) == 0
            attach(store, story_project)
            store.close()
    finally:
        registry.unregister_judge(JUDGE_ID)
    summary = ledger_summary(story_project, "KO", "gemba-mqm") or ""
    assert "소라 → 할머니" in summary  # the LLM's names, which the offline rules do not give
    (unit,) = HonorificsJudge().plan(story_project, {})  # the honorifics findings stay the offline rules'
    bare = build_project("s", story_project.source, [("KO", story_project.candidates[0].text)])
    assert unit.input_hash == HonorificsJudge().plan(bare, {})[0].input_hash
