"""The speech-level drill's feedback in the interface language.

The drill's feedback ("Right. 해요체: the sentence ends in …. Evidence: …") and the analyser's evidence in
it are written from explanation templates (app.explanations: "drill/…", "speech/…", "marker/…" and one
"ending/…" per note of app/korean/levels.py ENDING_RULES). In English the window shows exactly the words
it showed before; with the Korean interface every sentence of the feedback is Korean.

What stays as it is in Korean: the sentence under drill, its last word and ending morpheme, the forms of
the honorific markers (their kind is worded: "-시-(주체 높임)"), the endings Kiwi read (as in "-어서 어미는
…"), the level names and the student's answer. The drill shows no Kiwi tag (EF, EC…): only forms.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from packaging_tables import korean_table

from litlens.app import explanations
from litlens.app.core.model import Span
from litlens.app.core.sample import load_sample
from litlens.app.exercises import drill, make
from litlens.app.exercises.drill import DrillItem, DrillOutcome, grade_drill, sentences
from litlens.app.exercises.model import Exercise, ExerciseParagraph
from litlens.app.explanations import TEMPLATES, placeholders, render
from litlens.app.korean import classify_sentence
from litlens.app.korean import speech_levels
from litlens.app.korean.labelled import load_labelled
from litlens.app.korean.levels import _AFTER_HUMBLE, ENDING_RULES, LEVELS, RULE_KEYS, rule_for, rule_why

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "honorifics"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
ENGLISH = re.compile(r"[A-Za-z]{3,}")
NEW = ("speech/", "marker/", "drill/", "ending/")  # the templates of this feature
EVIDENCE = re.compile(r"^(.+) \((the best|an alternative) analysis of Kiwi's \d\)$")
# sentences that take the analyser's rarer ways: words after the ending, a connective or noun-forming
# ending left open, an ending it does not know, 하게체 cues from the turn, 하오체 cues, a question on -게,
# a level only an alternative analysis finds
ODD = ("그가 떠난 뒤에, 그리고.", "나는 집에 가고", "그 사람이 떠난.", "비가 와서", "자네 어디 가나?",
       "자네 왔군. 오늘은 날이 좋구먼.", "여보게, 그 일은 잘 되었나? 좋은 소식이 있네.", "당신 어디요?",
       "임자, 이게 뭐요?", "그대는 누구요?", "그렇게 하게?", "아이고!", "선생님께서 진지를 잡수셨습니다.",
       "저희가 어르신을 모시겠습니다.", "환영합니다, 선생님.", "먹었니?", "좋아 보이네 그려",
       "어서 들어오게, 이 사람아.", "그건 내 책일세", "날씨가 꽤 춥구려")


def _legacy_key_text(item: DrillItem) -> str:
    """The drill's English before its feedback had templates (kept here as the reference)."""
    if item.level is None:
        return f"The analyser finds no clear speech level here ({item.evidence or 'no final ending'})."
    parts = [f"{item.level}: the sentence ends in “{item.ending}”"
             + (f" ({item.ending_morpheme})" if item.ending_morpheme else "") + "."]
    if item.markers:
        parts.append("Honorific markers: " + ", ".join(item.markers) + ".")
    if item.evidence:
        parts.append(f"Evidence: {item.evidence}.")
    if not item.graded:
        parts.append(f"The analyser is unsure (confidence {item.confidence:.2f}), so this one is not graded.")
    return " ".join(parts)


def _legacy_explanation(outcome: DrillOutcome) -> str:
    if not outcome.item.graded:
        return _legacy_key_text(outcome.item)
    if not outcome.answer:
        return "You passed. " + _legacy_key_text(outcome.item)
    lead = "Right. " if outcome.correct else f"You said {outcome.answer}. "
    return lead + _legacy_key_text(outcome.item)


def _from_sample(label: str) -> Exercise:
    """An exercise made from the bundled sample as an instructor makes one: every paragraph, a small key."""
    sample = load_sample()
    text = sample.candidate(label).text
    first = text.paragraphs[0]
    key = [Span("teacher", "style/register", "minor", "Too plain here.", first.start, first.start + 2,
                quote=text.content[first.start:first.start + 2])]
    return make.build(sample, label, range(len(text.paragraphs)), key)


def _korean_texts() -> list[str]:
    texts = [c["text"] for c in json.loads((DATA / "paragraphs.json").read_text("utf-8"))]
    texts += [c["korean"] for c in json.loads((DATA / "dialogue_passages.json").read_text("utf-8"))]
    for name in ("labelled.tsv", "literary_tune.tsv", "literary_heldout.tsv"):
        texts += [f"{row.context} {row.sentence}".strip() for row in load_labelled(DATA / name)]
    return texts + list(ODD)


@pytest.fixture(scope="module")
def items() -> list[DrillItem]:
    out: list[DrillItem] = []
    for label in ("Careful", "Flawed"):
        exercise = _from_sample(label)
        assert drill.has_korean(exercise)
        out += drill.drill_items(exercise, limit=10_000)
    paragraphs = [ExerciseParagraph("—", text) for text in _korean_texts()]
    out += drill.drill_items(Exercise("Drill", paragraphs, [], "en", "ko"), limit=10_000)
    return out


def _outcomes(item: DrillItem) -> list[DrillOutcome]:
    """Every way an answer can go: passed, wrong, right (and ungraded, for an unsure reading)."""
    wrong = next(level for level in LEVELS if level != item.level)
    return grade_drill([item] * 3, ["", wrong, item.level or LEVELS[0]]).outcomes


def _strings(value: Any) -> list[str]:
    """The plain arguments of a fragment, a list or a tuple of fragments (forms, endings, names…)."""
    if explanations.is_fragment(value):
        return _strings(list((value.get("why_args") or {}).values()))
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return [str(value)]


def _korean_table() -> dict[str, str]:
    return korean_table("ko_explanations", "EXPLANATIONS_KO")


@pytest.fixture
def korean(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "ko")
    yield
    i18n.install(qapp, "en")


@pytest.fixture
def english(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "en")
    yield


# ---- the English stays what it was ----------------------------------------------------------------

def test_the_drill_has_many_real_sentences_of_every_kind(items):
    assert len(items) > 600
    assert {i.level for i in items} >= {*LEVELS, None}
    assert any(not i.graded and i.level for i in items)  # an unsure reading
    assert any(i.markers for i in items)
    keys = {k for i in items for p in i.key_why() for k in _keys(p)}
    assert {"speech/unknown-ending", "speech/hage-cue", "speech/words-after", "speech/noun-forming",
            "speech/no-ending", "speech/polite-yo", "speech/alternative-analysis", "drill/no-level",
            "drill/unsure", "drill/markers", "marker/humble", "marker/subject-honorific"} <= keys, keys


def _keys(fragment: Any) -> set[str]:
    if isinstance(fragment, (list, tuple)):
        return set().union(*(_keys(f) for f in fragment)) if fragment else set()
    if not explanations.is_fragment(fragment):
        return set()
    return {fragment["why"]}.union(*(_keys(v) for v in (fragment.get("why_args") or {}).values()))


def test_every_feedback_is_the_english_of_its_fragments_and_what_the_drill_said_before(items):
    for item in items:
        assert item.key_text() == sentences(item.key_why()) == _legacy_key_text(item)
        assert render(item.evidence_why) == item.evidence
        assert [render(m) for m in item.marker_whys] == list(item.markers)
        for outcome in _outcomes(item):
            parts = outcome.explanation_why()
            assert outcome.explanation() == " ".join(render(p) for p in parts) == _legacy_explanation(outcome)


def test_the_analysers_evidence_is_rendered_from_its_fragment():
    for name in ("labelled.tsv", "literary_tune.tsv", "literary_heldout.tsv"):
        for row in load_labelled(DATA / name):
            for context in (row.context, ""):
                r = classify_sentence(row.sentence, context)
                assert explanations.renders_as(r.evidence_why, r.evidence), r.evidence
                if r.level is not None:
                    note = EVIDENCE.match(r.evidence)
                    assert note, r.evidence
                    note_why = r.evidence_why["why_args"]["note"]
                    if note_why["why"].startswith("ending/"):  # a rule's note, word for word
                        assert note.group(1) in {n for *_, n in ENDING_RULES}


def test_no_analysis_at_all_is_explained_too(monkeypatch):
    monkeypatch.setattr(speech_levels._kiwi, "analyze", lambda text, top_n=1: [])
    r = classify_sentence("어서 오십시오.")
    assert r.evidence == "Kiwi returned no analysis" and render(r.evidence_why) == r.evidence


def test_an_item_made_without_fragments_reads_the_same_in_english():
    item = DrillItem(0, "translation", "그래요.", "해요체", 0.4, "그래요", "-어요", ("-시- (subject-honorific)",),
                     "an old note")
    assert item.key_text() == _legacy_key_text(item) == sentences(item.key_why())
    bare = DrillItem(0, "translation", "아.", None, 0.0)
    assert bare.key_text() == _legacy_key_text(bare) == sentences(bare.key_why())


# ---- the templates --------------------------------------------------------------------------------

def test_every_ending_rule_note_has_a_template_and_korean():
    korean = _korean_table()
    for suffix, level, _, note in ENDING_RULES:
        fragment = rule_why(note)
        assert render(fragment) == note and TEMPLATES[fragment["why"]] == note
        assert rule_for(suffix) is not None
        worded = korean[fragment["why"]]
        assert HANGUL.search(worded) and not ENGLISH.findall(worded), worded
    humble = {note for _level, _conf, note in _AFTER_HUMBLE.values()}  # -니다/-니까 after the humble -옵-
    for note in humble:
        fragment = rule_why(note)
        assert render(fragment) == note and HANGUL.search(korean[fragment["why"]])
    notes = {n for *_, n in ENDING_RULES} | humble
    assert len(set(RULE_KEYS.values())) == len(RULE_KEYS) == len(notes)


def test_the_new_templates_have_korean_that_keeps_every_placeholder():
    korean = _korean_table()
    new = [k for k in TEMPLATES if k.startswith(NEW)]
    assert len(new) > 90
    for key in new:
        english_text, worded = TEMPLATES[key], korean[key]
        assert placeholders(worded) == placeholders(english_text), key
        assert HANGUL.search(worded), key
        words = re.sub(r"\{[^}]*\}", " ", worded)
        assert not ENGLISH.findall(words), (key, worded)
        dummy = {name: 0.5 if spec else "X" for name, spec in placeholders(english_text)}
        worded.format(**dummy)
    # translations are found by their English: one English text, one Korean
    by_text: dict[str, set[str]] = {}
    for key, text in TEMPLATES.items():
        by_text.setdefault(text, set()).add(korean[key])
    assert all(len(v) == 1 for v in by_text.values())


def test_a_list_argument_and_the_table_it_registers_into():
    markers = [explanations.why("marker/humble", form="저"), "plain"]
    fragment = explanations.why("drill/markers", markers=markers)
    assert render(fragment) == "Honorific markers: 저 (humble), plain."
    shouted = render(fragment, lambda t: t.replace("humble", "HUMBLE"))
    assert shouted == "Honorific markers: 저 (HUMBLE), plain."
    assert explanations.renders_as(fragment, "Honorific markers: 저 (humble), plain.")
    # lists are made in the program only (the drill's feedback is never stored): a file's fragment has none
    assert explanations.checked(json.loads(json.dumps(fragment))) is None
    evidence = explanations.why("drill/evidence", evidence=rule_why(ENDING_RULES[0][3]))
    assert explanations.checked(json.loads(json.dumps(evidence))) == evidence
    explanations.register({"ending/다": TEMPLATES["ending/다"]})  # the same words again: fine
    with pytest.raises(ValueError):
        explanations.register({"ending/다": "other words"})


def test_the_compiled_translation_has_every_new_template(korean):
    from PySide6.QtCore import QCoreApplication
    left = [t for k, t in TEMPLATES.items() if k.startswith(NEW)
            and QCoreApplication.translate("Explanations", t) == t]
    assert left == []  # run python packaging/make_ts.py after adding a template


# ---- in the window --------------------------------------------------------------------------------

def _own_words(item: DrillItem, outcome: DrillOutcome) -> list[str]:
    """What the Korean feedback keeps as it is: the sentence, its ending and morphemes, the markers' forms,
    Kiwi's forms in the evidence, level names, the answer, numbers."""
    kept = [item.sentence, item.ending, item.ending_morpheme, outcome.answer, *LEVELS,
            *_strings(item.marker_whys), *_strings(item.evidence_why)]
    return sorted({k for k in kept if k}, key=len, reverse=True)


def test_the_english_interface_shows_the_english_feedback(items, english):
    from litlens.ui.common.explain import shown_sentences
    for item in items[:200]:
        for outcome in _outcomes(item):
            assert shown_sentences(outcome.explanation_why(), outcome.explanation()) == outcome.explanation()


def test_the_korean_interface_words_every_feedback_in_korean(items, korean):
    from litlens.ui.common.explain import shown_sentences
    for item in items:
        for outcome in _outcomes(item):
            shown = shown_sentences(outcome.explanation_why(), outcome.explanation())
            assert shown != outcome.explanation() and HANGUL.search(shown)
            rest = shown
            for kept in _own_words(item, outcome):
                rest = rest.replace(kept, " ")
            assert not ENGLISH.findall(rest), (shown, ENGLISH.findall(rest))


def test_feedback_that_cannot_be_worded_shows_as_written(items, korean, monkeypatch):
    from litlens.ui.common import explain
    item = next(i for i in items if i.graded and i.markers)
    outcome = _outcomes(item)[1]
    parts, text = outcome.explanation_why(), outcome.explanation()
    assert explain.shown_sentences(parts, "Another text.") == "Another text."
    assert explain.shown_sentences([{"why": "drill/no-such"}], text) == text
    # a hand-made item whose evidence has no template: its evidence stays as written, the rest is Korean
    old = DrillItem(0, "translation", "그래요.", "해요체", 0.9, "그래요", "-어요", (), "an old note")
    shown = explain.shown_sentences(old.key_why(), old.key_text())
    assert shown.startswith("해요체: 이 문장은") and "an old note" in shown
    # a translation that lost a placeholder: that sentence shows in English, the others in Korean
    monkeypatch.setattr(explain, "_translated", lambda t: explain.QCoreApplication.translate(
        "Explanations", t).replace("{evidence}", "{proof}"))
    shown = explain.shown_sentences(parts, text)
    assert f"Evidence: {item.evidence}." in shown and HANGUL.search(shown.replace(item.sentence, ""))


@pytest.mark.gui
def test_the_drill_dialog_shows_korean_feedback(qtbot, db_path, tmp_path, korean):
    from PySide6.QtCore import QSettings

    from litlens.app.exercises.model import dump
    from litlens.ui.shell.window import MainWindow
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(db_path, qsettings=settings)
    qtbot.addWidget(window)
    window.show()
    ex = Exercise("Drill", [ExerciseParagraph("Come in, sir. Did you eat? Ah, that man.",
                                              "어서 오십시오. 밥 먹었니? 아, 그 사람.")], [], "en", "ko")
    window.exercises.open_exercise(dump(ex, tmp_path / "drill.litlens-exercise"))
    qtbot.waitUntil(lambda: bool(window.exercises.windows), timeout=10_000)
    view = window.exercises.windows[-1]
    view.drill_button.click()
    qtbot.waitUntil(lambda: view.drill is not None, timeout=60_000)
    dialog = view.drill
    shown = []
    for answer in ("하십시오체", "해요체", ""):
        dialog.choose(answer)
        dialog.check.click()
        shown.append(dialog.feedback.toPlainText())
        dialog.next.click()
    assert shown[0].startswith("맞았습니다.\n하십시오체: 이 문장은 “오십시오”")  # the verdict once
    assert "근거: -(으)십시오는 격식을 갖춘 높임의 명령형 어미임" in shown[0]
    assert "고른 답은 해요체입니다. 해라체:" in shown[1]
    assert shown[2].startswith("채점하지 않음.\n분석기가 이 문장에서 분명한 높임 등급을 찾지 못했습니다")
    for text, sentence in zip(shown, ("어서 오십시오.", "밥 먹었니?", "아, 그 사람.")):
        assert not ENGLISH.findall(text.replace(sentence, " ")), text
    for view in window.exercises.windows:
        view.close()
    window.close()
