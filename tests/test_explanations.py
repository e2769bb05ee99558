"""The offline judges' explanations as templates (app/explanations.py) and in the interface language
(ui/common/explain.py): with no translation the window shows exactly the English the judge stored; with the
Korean interface every offline finding reads in Korean; anything that is not the judge's own words, or
cannot be worded again, shows as stored."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from packaging_tables import korean_table

from litlens.app import explanations
from litlens.app.consistency import analyse_candidate
from litlens.app.core.model import AlignedPair, Alignment, Span
from litlens.app.core.sample import load_sample
from litlens.app.explanations import TEMPLATES, placeholders
from litlens.app.judges import consistency as consistency_judge
from litlens.app.judges import honorifics as honorifics_judge
from litlens.app.judges.base import UnitContext
from litlens.app.judges.common import ParagraphPair, unaligned_unit
from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean import attribution, ledger  # noqa: F401  (they add their templates to the table)
from litlens.app.judges import spelling as _spelling  # noqa: F401  (its reasons are templates too)
from litlens.app.texts import build_project, text_from_string

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
ENGLISH = re.compile(r"[A-Za-z]{3,}")

# every kind of offline finding, and the fragments that only occur inside another's arguments
KINDS = {"honorifics/mixed-turn", "honorifics/speaker-shift", "honorifics/narration-drift", "terms/variant",
         "numbers/changed", "numbers/added", "numbers/omitted", "length/shorter", "length/longer",
         "length/no-source", "untranslated/left", "untranslated/copied", "untranslated/copied-here",
         "doubled/word", "marks/opened", "marks/closed", "marks/odd"}
INNER = {"numbers/and-more", "honorifics/the-speaker", "honorifics/to-listener", "honorifics/example",
         "honorifics/ending", "register/honorific", "register/non-honorific", "level/해체", "level/해요체"}

# a translation with a name spelt two ways, a changed number, English left in it (once copied from the
# source), a doubled word and an unclosed bracket
INN_EN = ("Sir Charles Grandison arrived at the inn on a cold evening.\n\n"
          "Grandison asked the keeper for a room and paid twelve shillings.\n\n"
          "The keeper said the road to London was closed by snow.\n\n"
          "Grandison smiled. \u201cThen I shall wait,\u201d he said. Good night, said the keeper.\n\n"
          "In the morning Grandison left before anyone woke.")
INN_KO = ("찰스 그랜디슨 경은 추운 저녁에 여관에 도착했다.\n\n"
          "그랜디슨은 주인에게 방을 청하고 13실링을 냈다.\n\n"
          "주인은 런던으로 가는 길이 snow and ice 때문에 막혔다고 말했다.\n\n"
          "그란디손은 미소를 미소를 지었다. (\u201c그럼 기다리겠소.\u201d 그가 말했다. Good night, 주인이 말했다.\n\n"
          "아침이 되자 그랜디슨은 아무도 깨기 전에 떠났다.")
# German left in an English translation (same script: word frequencies and a language identifier)
TRIP_DE = ("Die Gräfin Waldeck reiste im Herbst nach Venedig. Sie nahm nur einen Koffer mit.\n\n"
           "Am Bahnhof wartete ihr Neffe mit einem Blumenstrauß. Er hatte sie seit Jahren nicht gesehen.")
TRIP_EN = ("Countess Waldeck travelled to Venedig in the autumn. She took only one Koffer.\n\n"
           "Her nephew was waiting at the station with a Blumenstrauß. "
           "Er hatte sie seit Jahren nicht gesehen.")
# a speech whose speaker nobody names, mixing 해요체 and 반말
UNSPOKEN = "바람이 불었다. 문이 덜컹거렸다. 밤이 깊었다.\n\n\"어서 들어오세요. 밖이 추워요. 빨리 문 닫아.\""


def _shore() -> Any:
    """Ten rows aligned one to one, plus a paragraph the source does not have: one row far too short, one
    far too long, numbers added, dropped and changed (more than an explanation lists), odd quotes."""
    source = [f"On day {i} the old keeper walked slowly along the quiet shore." for i in range(1, 9)]
    source += ["He counted 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 and 16 shells.", "She paid 20 coins.",
               "Nothing else happened that day."]
    target = [f"{i}일째 날 늙은 등대지기는 조용한 바닷가를{' 아주' * (i % 4)} 천천히 걸었다." for i in range(1, 9)]
    target[2] = "3일째에 걸었다."
    target[5] = "6일째 날 늙은 등대지기는 조용한 바닷가를 천천히 걸었다. " * 6 + "정말 오래 걸었다."
    target += ["그는 조개껍데기 99개를 세었다.", "그녀는 돈을 냈다.", "그날 다른 일은 없었다) 7명이 \"왔다.",
               "덧붙인 문단이다. 원문에는 없다."]
    project = build_project("shore", text_from_string("\n\n".join(source), "en"),
                            [("c", text_from_string("\n\n".join(target), "ko"))])
    pairs = [AlignedPair((i,), (i,)) for i in range(len(source))] + [AlignedPair((), (len(source),))]
    cand = dataclasses.replace(project.candidates[0],
                               alignment=Alignment(pairs, "one-to-one", len(source), len(target)))
    return dataclasses.replace(project, candidates=[cand])


def _consistency(project) -> list[Span]:
    return [s for c in project.candidates
            for s in consistency_judge.judgment_from_report(c.label, analyse_candidate(project, c)).spans]


def _honorifics(text: str, source: str | None = None) -> list[Span]:
    return honorifics_judge.judgment_from_report("ko", "ko", analyse_text(text, None, source)).spans


@pytest.fixture(scope="module")
def found() -> list[Span]:
    """The findings of both offline judges on the bundled sample and on texts made to trigger the rest."""
    sample = load_sample()
    spans: list[Span] = []
    consistency = consistency_judge.ConsistencyJudge()
    for judge, options in ((honorifics_judge.HonorificsJudge(), {}), (consistency, consistency.Options())):
        for unit in judge.plan(sample, options):
            spans += asyncio.run(unit.run(UnitContext(sample, options, None))).spans
    for case in json.loads((DATA / "honorifics" / "paragraphs.json").read_text("utf-8")):
        spans += _honorifics(case["text"])
    for case in json.loads((DATA / "honorifics" / "dialogue_passages.json").read_text("utf-8"))[:12]:
        spans += _honorifics(case["korean"], case["english"])
    spans += _honorifics(UNSPOKEN)
    spans += _consistency(build_project("inn", text_from_string(INN_EN, "en"),
                                        [("Draft", text_from_string(INN_KO, "ko"))]))
    spans += _consistency(build_project("trip", text_from_string(TRIP_DE, "de"),
                                        [("draft", text_from_string(TRIP_EN, "en"))]))
    spans += _consistency(_shore())
    return spans


def _keys(fragment: Any) -> set[str]:
    if not explanations.is_fragment(fragment):
        return set()
    inner = [_keys(v) for v in (fragment.get("why_args") or {}).values()]
    return {fragment["why"]}.union(*inner)


def _literals(fragment: Any) -> list[str]:
    """The plain arguments of a fragment (names, quotes, numbers), longest first."""
    out: list[str] = []
    for v in (fragment.get("why_args") or {}).values():
        out += _literals(v) if explanations.is_fragment(v) else [str(v)]
    return sorted(out, key=len, reverse=True)


def _notes() -> list[dict[str, Any]]:
    out = []
    for target, outcome in (("", "not scored"), ("Ein Satz.", "no questions answered")):
        pair = ParagraphPair("c", 1, AlignedPair((1,) if target else (), (1,) if target else ()), "A line.",
                             target, None)
        out.append(asyncio.run(unaligned_unit("j", pair, "h", outcome=outcome).run(None)).data)
    return out


@pytest.fixture
def english(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "en")
    yield


@pytest.fixture
def korean(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "ko")
    yield
    i18n.install(qapp, "en")


def _korean_table() -> dict[str, str]:
    return korean_table("ko_explanations", "EXPLANATIONS_KO")


# ---- the templates ------------------------------------------------------------------------------------

def test_every_offline_finding_carries_the_template_it_was_written_from(found):
    seen: set[str] = set()
    for span in found:
        assert explanations.renders_as(span.data, span.explanation), span.explanation
        seen |= _keys(span.data)
    assert KINDS <= seen and INNER <= seen, sorted((KINDS | INNER) - seen)
    assert {"check", "kind"} & set(found[0].data)  # the data keys the judges kept before are still there


def test_every_template_has_korean_with_the_same_placeholders():
    korean = _korean_table()
    assert set(korean) == set(TEMPLATES)
    for key, english_text in TEMPLATES.items():
        assert placeholders(korean[key]) == placeholders(english_text), key
        assert HANGUL.search(korean[key]), key
        dummy = {name: 1234.5 if spec else "X" for name, spec in placeholders(english_text)}
        korean[key].format(**dummy)  # a placeholder the Korean misspelt would raise here


def test_a_fragment_read_from_a_file_is_checked():
    good = explanations.why("numbers/changed", value="3", missing=explanations.why("numbers/and-more",
                                                                                   values="1, 2", more=40))
    assert explanations.checked(json.loads(json.dumps(good))) == good
    assert explanations.checked({"why": "no/such-template"}) is None
    assert explanations.checked({"why": "numbers/changed", "why_args": {"value": "3"}}) is None  # missing
    assert explanations.checked({"why": "doubled/word", "why_args": {"word": ["a"]}}) is None
    deep: dict[str, Any] = {"why": "doubled/word", "why_args": {"word": "x"}}
    for _ in range(explanations.MAX_DEPTH + 2):
        deep = {"why": "unaligned/no-source", "why_args": {"outcome": deep}}
    assert explanations.checked(deep) is None


# ---- in the window ------------------------------------------------------------------------------------

def test_the_english_interface_shows_exactly_what_was_stored(found, english):
    from litlens.ui.common.explain import shown_explanation, shown_note
    for span in found:
        assert shown_explanation(span) == span.explanation
    for data in _notes():
        assert shown_note(data) == data["note"] and "note_why" in data


def test_the_korean_interface_words_every_offline_finding_in_korean(found, korean):
    from litlens.ui.common.explain import shown_explanation, shown_note
    for span in found:
        shown = shown_explanation(span)
        assert shown != span.explanation and HANGUL.search(shown), span.explanation
        rest = shown
        for literal in _literals(span.data):  # names, quotes, numbers the judge found stay as they are
            rest = rest.replace(literal, " ")
        assert not ENGLISH.findall(rest), (shown, ENGLISH.findall(rest))
    for data in _notes():
        note = shown_note(data)
        assert note != data["note"] and HANGUL.search(note) and not ENGLISH.findall(note)


def test_the_compiled_translation_has_every_template(korean):
    from PySide6.QtCore import QCoreApplication
    left = [t for t in TEMPLATES.values() if QCoreApplication.translate("Explanations", t) == t]
    assert left == []  # run python packaging/make_ts.py after adding a template


def test_what_is_not_the_judges_own_words_shows_as_stored(found, korean, monkeypatch):
    from litlens.ui.common import explain
    span = next(s for s in found if s.data.get("why") == "honorifics/mixed-turn")
    note = "The instructor's note replaces the judge's words."
    assert explain.shown_explanation(dataclasses.replace(span, explanation=note)) == note
    older = dataclasses.replace(span, explanation=span.explanation + " (older wording)")
    assert explain.shown_explanation(older) == older.explanation
    llm = Span("gemba-mqm", "accuracy/mistranslation", "major", "The model's own words.", 0, 3)
    assert explain.shown_explanation(llm) == llm.explanation
    unknown = dataclasses.replace(span, data={**span.data, "why": "honorifics/not-yet-written"})
    assert explain.shown_explanation(unknown) == span.explanation
    # a translation that lost a placeholder: the English is still right
    monkeypatch.setattr(explain, "_translated", lambda t: t.replace("{speaker}", "{talker}"))
    assert explain.shown_explanation(span) == span.explanation


def test_the_tooltip_and_the_copied_text_of_a_finding_are_in_korean(found, korean):
    from litlens.ui.common.explain import shown_explanation
    from litlens.ui.pair.view import describe
    from litlens.ui.review.actions import finding_text
    span = next(s for s in found if s.data.get("why") == "numbers/changed")
    korean_words = shown_explanation(span)
    assert span.explanation not in describe(span) and korean_words in describe(span)
    assert korean_words in finding_text(span)


def test_the_honorifics_advice_is_worded_in_the_interface_language(found, qapp):
    """"Use 해요체." is advice, shown beside the explanation: in Korean in the Korean interface; replacement
    text (a consistency rendering) is shown as stored."""
    from litlens.ui.common import i18n
    from litlens.ui.common.explain import shown_suggestion
    from litlens.ui.pair.view import describe
    from litlens.ui.review.actions import finding_text
    advice = [s for s in found if s.judge == "honorifics"]
    other = [s for s in found if s.suggestion and s.judge != "honorifics"]
    assert other
    i18n.install(qapp, "en")
    assert advice and all(shown_suggestion(s) == s.suggestion == f"Use {s.data['expected']}." for s in advice)
    i18n.install(qapp, "ko")
    try:
        for span in advice:
            shown = shown_suggestion(span)
            assert shown == f"{span.data['expected']}로 바꾸세요." and shown in describe(span)
            assert shown in finding_text(span) and "Use " not in finding_text(span)
        assert all(shown_suggestion(s) == s.suggestion for s in other)
    finally:
        i18n.install(qapp, "en")


def test_an_exercise_key_keeps_the_template_and_the_student_reads_it_in_korean(found, korean):
    from litlens.app.exercises import grading, make
    from litlens.app.exercises.model import dumps, loads
    from litlens.ui.exercises.reasons import reason
    sample = load_sample()
    flawed = sample.candidate("Flawed")
    key = [s for s in found if s.judge == "honorifics" and s.quote and s.quote in flawed.text.content
           and s.start is not None and flawed.text.content[s.start:s.end] == s.quote]
    reviewed = dataclasses.replace(key[0], explanation="Say it as she would.")  # the instructor's own words
    exercise = make.build(sample, "Flawed", range(len(flawed.text.paragraphs)), [reviewed, *key[1:]])
    assert not exercise.key[0].why and all(m.why for m in exercise.key[1:])
    opened = loads(dumps(exercise))
    assert [m.why for m in opened.key] == [m.why for m in exercise.key] and opened.id == exercise.id
    raw = json.loads(dumps(exercise))
    raw["key"][1]["why"] = {"why": "honorifics/mixed-turn", "why_args": {"speaker": {"nested": "junk"}}}
    assert loads(json.dumps(raw)).key[1].why == {}  # a malformed template is dropped, the text kept
    graded = grading.grade(opened.key, [], [p.translation for p in opened.paragraphs])
    reasons = [reason(n) for n in graded.notes]
    assert "Say it as she would." in reasons[0]
    for mark, said in zip(opened.key[1:], reasons[1:]):
        assert mark.explanation.rstrip(".") not in said and HANGUL.search(said)


@pytest.mark.gui
def test_the_findings_list_and_its_detail_show_the_korean(qtbot, db_path, korean):
    from litlens.ui.common.explain import shown_explanation
    from litlens.ui.review.findings_model import COL_EXPLANATION
    from litlens.ui.shell.window import MainWindow
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.open_sample(autorun=True)
    window.document.set_candidate("Flawed")
    tree = window.results.findings.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() >= 3, timeout=30_000)
    offline = 0
    for i in range(tree.topLevelItemCount()):
        row = tree.topLevelItem(i)
        span = row.data(0, 0x0100)
        if span.judge not in ("honorifics", "consistency"):
            continue
        offline += 1
        shown = row.text(COL_EXPLANATION)
        assert shown == shown_explanation(span) != span.explanation and HANGUL.search(shown)
        tree.setCurrentItem(row)
        detail = window.results.findings.detail.toPlainText()
        assert shown in detail and span.explanation not in detail
    assert offline >= 3
    window.close()


def test_the_term_tables_notes_are_worded_in_the_interface_language(qapp, monkeypatch):
    """How the key terms were found (the visible spaCy fallback) and what a check could not do are notes in
    the term table: the same English as stored in the English interface, Korean in the Korean one."""
    from litlens.app.judges.payloads import payload_from_dict
    from litlens.app.texts import cjk_terms, terms
    from litlens.ui.common import i18n
    from litlens.ui.views.terms import TermTable
    sample = load_sample()
    judge = consistency_judge.ConsistencyJudge()
    options = judge.Options()
    results = [asyncio.run(u.run(UnitContext(sample, options, None))) for u in judge.plan(sample, options)]
    table = next(p for p in judge.summarize(results) if p.kind == "terms")
    table = payload_from_dict(table.to_dict())  # as stored and read back
    assert table.notes and len(table.notes_why) >= len(table.notes)
    # every kind of note renders to the English a judge stores
    monkeypatch.setattr(cjk_terms, "available", lambda language: False)
    kinds = [terms.find_terms("言った。ハンスは言った。ハンスは", "ja"), terms.find_terms("Anna and Anna.", "en", "xx_none"),
             terms.find_terms("은희는 은희에게.", "ko")]
    for found in kinds:
        assert explanations.render(found.note_why) == found.note
    widget = TermTable()
    try:
        i18n.install(qapp, "en")
        widget.set_payload(table)
        assert widget.note.text() == "; ".join(table.notes)
        i18n.install(qapp, "ko")
        widget.set_payload(table)
        shown = widget.note.text()
        assert shown != "; ".join(table.notes) and HANGUL.search(shown) and "fallback" not in shown
        for found in kinds:
            worded = shown_among_korean(found)
            assert worded != found.note and HANGUL.search(worded)
    finally:
        i18n.install(qapp, "en")
        widget.deleteLater()


def shown_among_korean(found) -> str:
    from litlens.ui.common.explain import shown_among
    return shown_among(found.note, [found.note_why])


def test_judges_are_named_as_in_the_judge_panel_in_lists_and_run_comparisons(qapp, found):
    """The findings list, its detail pane, the pair view's tooltip and the run comparison named judges by
    their ids ("honorifics") and counted "minor findings" in English: they now use the panel's names."""
    from litlens.app.core.model import Judgment
    from litlens.ui.common import i18n
    from litlens.ui.common.judge_texts import judge_short
    from litlens.ui.pair.view import describe
    from litlens.ui.runs.history import run_figures
    span = next(s for s in found if s.judge == "honorifics")
    runs = [Judgment("honorifics", "ko", "ko", None, spans=[span]), Judgment("consistency", "x", "x", None,
                                                                            status="failed", error="boom")]
    try:
        i18n.install(qapp, "en")
        assert judge_short("honorifics") == "Korean honorifics" and judge_short("gemba-mqm") == "GEMBA-MQM"
        assert judge_short("not-installed") == "not-installed"
        assert set(run_figures(runs)) == {f"Korean honorifics · {span.severity} findings",
                                          "Consistency checks · failed units"}
        assert "(Korean honorifics)" in describe(span)
        i18n.install(qapp, "ko")
        figures = set(run_figures(runs))
        assert judge_short("honorifics") == "한국어 높임법" and all(HANGUL.search(k) for k in figures)
        assert not any(ENGLISH.findall(k) for k in figures), figures
        assert "(한국어 높임법)" in describe(span)
    finally:
        i18n.install(qapp, "en")
