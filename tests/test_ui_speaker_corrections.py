"""The speech-level dock with another reading of who speaks: it says which attribution the ledger shows, lets
the reviewer switch to a stored LLM reading, set a turn's speaker (stored, undoable) and see it win."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from litlens.app.judges import registry
from litlens.app.judges.base import UnitContext
from litlens.app.judges.honorifics import HonorificsJudge
from litlens.app.judges.speakers_llm import JUDGE_ID, SpeakersLlmJudge
from litlens.app.llm.base import LLMResponse
from litlens.app.run import history
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

DATA = Path(__file__).parent / "data" / "speakers"
STORY = (DATA / "story_ko.txt").read_text("utf-8")
STORY_EN = (DATA / "story_en.txt").read_text("utf-8")
LINE = "“학교까지 멀어?”"
# a model's answer for the story's lines, by number (line 12, "Eungyeol", is refused: not in the Korean)
ANSWER = {1: ("하나", "할머니"), 2: ("할머니", "하나"), 3: ("하나", "할머니"), 4: ("소라", None),
          5: ("하나", "소라"), 6: ("할머니", "소라"), 7: ("소라", "할머니"), 8: ("할머니", "소라"),
          9: ("소라", "할머니"), 10: ("은결", "하나"), 11: ("하나", "은결"), 12: ("Eungyeol", "소라")}


def results(project):
    """The honorifics judge's and the LLM judge's results for the story, as a run would store them."""
    ctx = UnitContext(project, HonorificsJudge.Options(), None)
    (unit,) = HonorificsJudge().plan(project, {})
    offline = asyncio.run(unit.run(ctx))
    judge = SpeakersLlmJudge()
    (llm_unit,) = judge.plan(project, judge.Options())

    async def llm(request):
        data = {"lines": [{"number": n, "speaker": s, "listener": li} for n, (s, li) in ANSWER.items()]}
        return LLMResponse(text="{}", model="m", data=data)
    answered = asyncio.run(llm_unit.run(UnitContext(project, judge.Options(), llm)))
    return [offline, answered]


@pytest.fixture
def dock(qtbot, db_path):
    from litlens.ui.common.document import Document
    from litlens.ui.common.payloads import payloads_of
    from litlens.ui.common.tasks import MainThreadBridge, TaskRunner
    from litlens.ui.views import speaker_store
    from litlens.ui.views.speech_levels import SpeechLevelMap
    registry.register_judge(SpeakersLlmJudge)
    project = build_project("story", text_from_string(STORY_EN, "en"), [("KO", text_from_string(STORY, "ko"))])
    store = Store(db_path)
    store.save_project(project)
    store.close()
    tasks = TaskRunner(MainThreadBridge())
    document = Document()
    corrections = speaker_store.install(document, db_path, tasks)
    document.set_project(project)
    document.judgments = results(project)
    view = SpeechLevelMap(document)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: corrections.pending == 0, timeout=10_000)
    (payload,) = [s.payload for s in payloads_of(document.judgments) if s.judge == "honorifics"]
    view.set_payload(payload)
    yield view, document, corrections, project
    tasks.shutdown()
    registry.unregister_judge(JUDGE_ID)


def _row_of(view, quote: str):
    tree = view.tree
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        if quote.strip("“”") in item.text(3) or item.text(3) in quote:
            return item
    raise AssertionError(f"no row for {quote}")


def _pairs(view) -> dict[str, object]:
    table = view.ledger_view.tables[0]
    return {table.topLevelItem(i).text(0): table.topLevelItem(i) for i in range(table.topLevelItemCount())}


def test_the_ledger_says_which_reading_it_shows_and_switches_to_the_llm(dock):
    view, _, _, _ = dock
    lv = view.ledger_view
    assert not lv.reading_row.isHidden() and "offline rules" in lv.reading_note.text()
    assert not lv.reading_choice.isHidden()  # an LLM reading is stored: the switch is offered
    assert _row_of(view, "“학교까지 멀어?”").text(4) == "rules"
    lv.reading_choice.setCurrentIndex(lv.reading_choice.findData("llm"))
    assert "LLM's reading" in lv.reading_note.text()
    row = _row_of(view, "“학교까지 멀어?”")
    assert row.text(1) == "할머니 → 소라" and row.text(4) == "LLM"
    assert "소라 → 할머니" in _pairs(view)
    # the line the LLM named in Latin letters is unknown in its reading, never the offline guess
    assert _row_of(view, "“안녕하세요.”").text(1).startswith("? →")


def test_the_reviewer_sets_a_speaker_it_wins_and_undo_takes_it_back(dock, qtbot, db_path, monkeypatch):
    from litlens.ui.views.speaker_dialog import SpeakerDialog
    view, document, corrections, project = dock
    view.choose_reading("llm")
    monkeypatch.setattr(SpeakerDialog, "exec", lambda self: (
        self.speaker.setCurrentIndex(self.speaker.findData("하나")),
        self.listener.setCurrentIndex(self.listener.findData("소라")), 1)[-1])
    start = STORY.index(LINE)
    assert view.ask_speaker("KO", start, start + len(LINE))
    qtbot.waitUntil(lambda: corrections.pending == 0 and bool(corrections.by_candidate.get("KO")), timeout=10_000)
    row = _row_of(view, LINE)
    assert row.text(1) == "하나 → 소라" and row.text(4) == "you"  # over the LLM's 할머니
    assert "set by you" in view.ledger_view.reading_note.text()
    assert "reviewer set the speaker" in row.toolTip(1)
    # Undo as the window does it: the store's command, then the review state read again
    store = Store(db_path)
    try:
        assert history.undo(store, project.id).ops[0]["kind"] == "row"
    finally:
        store.close()
    document.reviewChanged.emit()
    qtbot.waitUntil(lambda: corrections.pending == 0 and not corrections.by_candidate.get("KO"), timeout=10_000)
    row = _row_of(view, LINE)
    assert row.text(1) == "할머니 → 소라" and row.text(4) == "LLM"


def test_the_dialog_offers_the_cast_and_unknown(dock, monkeypatch):
    from litlens.ui.views.speaker_dialog import SpeakerDialog
    view, _, corrections, _ = dock
    seen = {}

    def exec_(self):
        seen["speakers"] = [self.speaker.itemData(i) for i in range(self.speaker.count())]
        return 0  # cancelled: nothing stored
    monkeypatch.setattr(SpeakerDialog, "exec", exec_)
    start = STORY.index(LINE)
    assert not view.ask_speaker("KO", start, start + len(LINE))
    assert seen["speakers"][0] == "" and {"하나", "할머니", "소라"} <= set(seen["speakers"])
    assert "Eungyeol" not in seen["speakers"]
    assert corrections.pending == 0 and not corrections.by_candidate.get("KO")


def test_without_an_llm_reading_there_is_no_switch(qtbot):
    from litlens.ui.views.ledger import LedgerView
    view = LedgerView()
    qtbot.addWidget(view)
    view.show()
    view.set_reading({"A": []}, {"A": []}, "offline", False, 0)
    assert not view.reading_row.isHidden() and view.reading_choice.isHidden()
