"""A reviewer's correction of a turn's speaker: stored in the project (migration m012), one undoable
command, following its words onto a later revision, and winning over the offline and the LLM reading in
the ledger, the findings' explanations and the ledger_context of LLM judges."""

from __future__ import annotations

from pathlib import Path

import pytest

from litlens.app.judges.honorifics import HonorificsJudge, judgment_from_report
from litlens.app.korean import ledger
from litlens.app.korean.honorifics import analyse_text
from litlens.app.run import history
from litlens.app.run import speaker_corrections as sc
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

DATA = Path(__file__).parent / "data" / "speakers"
STORY = (DATA / "story_ko.txt").read_text("utf-8")
STORY_EN = (DATA / "story_en.txt").read_text("utf-8")
LINE = "“학교까지 멀어?”"  # the grandmother's line to the teacher


@pytest.fixture
def stored(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("story", text_from_string(STORY_EN, "en"), [("KO", text_from_string(STORY, "ko"))])
    pid = store.save_project(project)
    yield store, project, pid
    store.close()


def _at(quote: str = LINE) -> tuple[int, int]:
    start = STORY.index(quote)
    return start, start + len(quote)


def test_the_migration_adds_the_table_after_the_last_one(stored):
    store, _, _ = stored
    from litlens.app.run.schema import known_migrations
    assert known_migrations()[-1] == "m012_speaker_corrections"
    assert "speaker_corrections" in store.db.table_names()


def test_a_correction_is_stored_and_a_second_one_replaces_it(stored):
    store, _, pid = stored
    start, end = _at()
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "하나")
    (only,) = sc.for_candidate(store, pid, "KO")
    assert (only.speaker, only.listener, only.quote) == ("할머니", "하나", LINE)


def test_refused_corrections(stored):
    store, _, pid = stored
    start, end = _at()
    with pytest.raises(sc.CorrectionRefused, match="both the speaker and the listener"):
        sc.correct(store, pid, "KO", start, end, LINE, "할머니", "할머니")
    with pytest.raises(sc.CorrectionRefused):
        sc.correct(store, pid, "KO", end, start, LINE, "할머니", None)
    assert sc.for_candidate(store, pid, "KO") == []


def test_undo_takes_a_correction_back_and_redo_puts_it_again(stored):
    store, _, pid = stored
    start, end = _at()
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    sc.correct(store, pid, "KO", start, end, LINE, None, None)  # then: "unknown"
    assert sc.for_candidate(store, pid, "KO")[0].speaker is None
    history.undo(store, pid)
    assert sc.for_candidate(store, pid, "KO")[0].speaker == "할머니"  # the earlier correction is back
    history.undo(store, pid)
    assert sc.for_candidate(store, pid, "KO") == []
    history.redo(store, pid)
    assert sc.for_candidate(store, pid, "KO")[0].speaker == "할머니"


def test_an_undo_entry_only_restores_known_tables():
    with pytest.raises(ValueError):
        history.row_op("annotations; DROP TABLE runs", 1, None, None)


def test_a_correction_follows_its_quote_and_is_set_aside_when_it_is_ambiguous(stored):
    store, _, pid = stored
    start, end = _at()
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    edited = "새 문단이 앞에 들어왔다.\n\n" + STORY
    (moved,), stale = sc.placed(sc.for_candidate(store, pid, "KO"), edited)
    assert edited[moved["start"]:moved["end"]] == LINE and not stale
    twice = STORY + "\n\n" + LINE
    placed, stale = sc.placed(sc.for_candidate(store, pid, "KO"), "머리말.\n\n" + twice)
    assert placed == [] and [c.quote for c in stale] == [LINE]


@pytest.fixture(scope="module")
def offline():
    return judgment_from_report("KO", "KO", analyse_text(STORY)).data


def test_the_correction_wins_in_the_ledger_over_the_offline_and_the_llm_reading(stored, offline):
    store, _, pid = stored
    start, end = _at()
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    fixes, _ = sc.placed(sc.for_candidate(store, pid, "KO"), STORY)
    llm = [{"start": start, "end": end, "speaker": "하나", "listener": "소라"}]
    for reading in (None, llm):
        out = ledger.relabel(STORY, offline["turns"], offline["sentences"], llm=reading, corrections=fixes)
        turn = ledger.turn_at(out["turns"], start)
        assert (turn["speaker"], turn["listener"], turn["source"]) == ("할머니", "소라", "user")
        pair = next(p for p in out["pairs"] if (p["speaker"], p["listener"]) == ("할머니", "소라"))
        assert start in [t["start"] for t in pair["turns"]]


def test_the_correction_wins_in_the_findings_explanations(offline):
    start, end = _at()
    welcome = _at("“어서 들어오세요. 먼 길 오느라 힘드셨지요.”")
    plain = analyse_text(STORY)
    fixed = analyse_text(STORY, speakers=[{"start": start, "end": end, "speaker": "할머니", "listener": "소라",
                                           "source": "user"},
                                          {"start": start, "end": end, "speaker": "하나", "listener": "소라",
                                           "source": "llm"},
                                          {"start": welcome[0], "end": welcome[1], "speaker": "할머니",
                                           "listener": "소라", "source": "user"}])
    turn = next(t for t in fixed.turns if t.quotes[0].start == start)
    assert (turn.speaker, turn.listener, turn.evidence) == ("할머니", "소라", "user")
    assert "reviewer set the speaker" in turn.how
    # 할머니 welcomes 소라 in 해요체, so the corrected 해체 line is now a speaker shift of hers, explained so
    shifts = [f for f in fixed.findings if f.kind == "speaker-shift" and f.speaker == "할머니"]
    assert [f.listener for f in shifts if f.start >= start and f.end <= end] == ["소라"]
    assert all("할머니" in f.explanation and "소라" in f.explanation for f in shifts)
    assert not any(f.start >= start and f.end <= end and f.kind == "speaker-shift" for f in plain.findings)


def test_attach_puts_corrections_and_the_llm_reading_where_the_judges_plan(stored):
    store, project, pid = stored
    start, end = _at()
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    sc.attach(store, project)
    (given,) = project.speakers["KO"]
    assert (given["speaker"], given["source"], given["start"]) == ("할머니", "user", start)
    # the honorifics judge's unit sees it: its input changes, so a stored result is not reused
    before = HonorificsJudge().plan(build_project("s", project.source, [("KO", project.candidates[0].text)]), {})
    after = HonorificsJudge().plan(project, {})
    assert before[0].input_hash != after[0].input_hash
    history.undo(store, pid)
    sc.attach(store, project)
    assert "KO" not in project.speakers


def test_ledger_context_takes_the_correction(stored):
    from litlens.app.judges.common import ledger_summary
    store, project, pid = stored
    start, end = _at()
    assert "할머니 → 소라" not in (ledger_summary(project, "KO", "da-mqm") or "")
    sc.correct(store, pid, "KO", start, end, LINE, "할머니", "소라")
    sc.attach(store, project)
    assert "할머니 → 소라" in (ledger_summary(project, "KO", "da-mqm") or "")


def test_litlens_evaluate_plans_with_the_reviewer_s_corrections(tmp_path, monkeypatch):
    """The command line plans before it runs: the corrections must be on the project by then, or the
    honorifics result stored before the correction would be reused and the correction ignored."""
    from litlens.app.cli.main import main
    src, tgt = tmp_path / "story_en.txt", tmp_path / "story_ko.txt"
    src.write_text(STORY_EN, "utf-8")
    tgt.write_text(STORY, "utf-8")
    db = tmp_path / "db.sqlite"
    argv = ["--db", str(db), "evaluate", str(src), str(tgt), "--judge", "honorifics", "--format", "json"]
    assert main(argv) == 0
    store = Store(db)
    (row,) = store.db.execute("SELECT id FROM projects").fetchall()
    pid = row[0]
    start, end = _at()
    sc.correct(store, pid, store.load_project(pid).candidates[0].label, start, end, LINE, "할머니", "소라")
    store.close()
    seen = []
    import litlens.app.run.service as service
    real_plan = service.plan
    monkeypatch.setattr(service, "plan", lambda request, *a, **k: seen.append(dict(request.project.speakers))
                        or real_plan(request, *a, **k))
    assert main(argv) == 0
    assert seen and any(o["speaker"] == "할머니" and o["source"] == "user" for lines in seen[0].values()
                        for o in lines)
