"""The termbase as an LLM data block (DA-MQM and GEMBA-MQM option ``termbase``, ours): checked on the
requests the judges send to the local provider server. Only the entries whose source term occurs in the
paragraph are sent, as a labelled data block (GEMBA: every call; DA-MQM: only the Lexical Choice call);
each result records the termbase; with the option off, the requests are the paper's (no block); an
unreadable file stops the plan; the cards list it as ours."""

from __future__ import annotations

import pytest

from litlens.app.judges import cards
from litlens.app.judges.options import OptionError
from litlens.app.run.store import Store
from litlens.app.terms import Term, TermEntry, Termbase, save_termbase
from litlens.app.terms.context import data_block, relevant
from test_protocol_requests import run_protocol

TB = Termbase("en", "ko", [
    TermEntry("t1", (Term("house"),), (Term("집"), Term("저택", "forbidden"))),
    TermEntry("t2", (Term("river"),), (Term("강"), Term("하천", "allowed")), note="the Han"),
    TermEntry("t3", (Term("lighthouse"),), (Term("등대"),))])


def test_relevant_entries_only_and_their_lines():
    assert [e.id for e in relevant(TB, "The storm ended and the river fell by the house.")] == ["t2", "t1"]
    assert data_block(TB, "The river fell.") == "river → use 강; also allowed 하천 (the Han)"
    assert data_block(TB, "Nothing here.") is None
    assert data_block(TB, "Nobody came to the house.") == "house → use 집; never 저택"


@pytest.fixture
def tb_file(tmp_path):
    path = tmp_path / "terms.tbx"
    save_termbase(TB, path)
    return path


def _blocks(calls):
    return [c for c in calls if "termbase" in c.user and "<termbase>" in c.user]


def test_gemba_sends_the_relevant_entries_with_each_paragraph(tmp_path, fake_server, tb_file):
    calls = run_protocol(tmp_path, fake_server, "gemba-mqm", {"termbase": str(tb_file)})
    by_para = {w: [c for c in calls if w in c.user] for w in ("rained", "asked", "storm")}
    # paragraph 1 names the house, 3 the river, 2 neither: no block where no source term occurs
    assert all("<termbase>\nhouse → use 집; never 저택\n</termbase>" in c.user for c in by_para["rained"])
    assert all("river → use 강; also allowed 하천 (the Han)" in c.user and "house →" not in c.user
               for c in by_para["storm"])
    assert not _blocks(by_para["asked"])
    results = Store(tmp_path / "db.sqlite").results_for_project(1)
    recorded = {(j.paragraph, j.data.get("termbase"), j.data.get("termbase_entries")) for j in results}
    assert recorded == {(0, "terms.tbx", 1), (1, "terms.tbx", 0), (2, "terms.tbx", 1)}
    assert all(len(j.data["termbase_digest"]) == 16 for j in results)


def test_gemba_without_the_option_sends_no_block(tmp_path, fake_server):
    calls = run_protocol(tmp_path, fake_server, "gemba-mqm", {})
    assert calls and not any("termbase" in c.user for c in calls)
    assert not any("termbase" in j.data for j in Store(tmp_path / "db.sqlite").results_for_project(1))


def test_da_mqm_gives_the_termbase_to_lexical_choice_only(tmp_path, fake_server, tb_file):
    calls = run_protocol(tmp_path, fake_server, "da-mqm", {"termbase": str(tb_file)})
    with_block = _blocks(calls)
    assert with_block and all("ONE criterion, Lexical Choice," in c.system for c in with_block)
    lexical = [c for c in calls if "ONE criterion, Lexical Choice," in c.system and "rained" in c.user]
    assert lexical and all(c in with_block for c in lexical)
    results = Store(tmp_path / "db.sqlite").results_for_project(1)
    assert {j.data.get("criterion") for j in results if "termbase" in j.data} == {"lexical_choice"}


def test_an_unreadable_termbase_stops_the_plan(tmp_path):
    from litlens.app.texts import build_project, text_from_string
    bad = tmp_path / "bad.tbx"
    bad.write_text("<not tbx", encoding="utf-8")
    project = build_project("p", text_from_string("The house.", "en"), [("A", text_from_string("집.", "ko"))])
    from litlens.app.judges import registry
    for jid in ("gemba-mqm", "da-mqm"):
        judge = registry.get(jid)
        with pytest.raises(OptionError, match="termbase"):
            judge.plan(project, judge.Options(termbase=str(bad)))


def test_cards_say_the_termbase_block_is_ours():
    for card in (cards.DA_MQM, cards.GEMBA_MQM):
        assert any(d.option == "termbase" and d.what.startswith("Our addition") for d in card.deviations)
        assert any(s.name == "termbase" and s.ours.startswith("ours") and s.paper.startswith("—")
                   for s in card.steps)
    assert any(d.option == "termbase" and "DA-MQM and GEMBA-MQM" in d.what for d in cards.CONSISTENCY.deviations)
