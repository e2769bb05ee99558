"""Exercises (app.exercises): the file format and its checks, grading with hand-worked numbers, keys made
from a project, the speech-level drill and stored progress. No Qt."""

from __future__ import annotations

import json

import pytest

from litlens.app.core.model import Span
from litlens.app.exercises import drill, grading, make, progress
from litlens.app.exercises.model import Exercise, ExerciseError, ExerciseParagraph, Mark, dump, dumps, load, loads
from litlens.app.run.annotations import Annotation
from litlens.app.run.store import Store

P0 = "The old man walked slowly to the river and sat down."
P1 = "It was raining hard, and nobody came to the door that night."


def K(p, a, b, cat, sev="major", why=""):
    return Mark(p, a, b, cat, sev, why)


KEY = [K(0, 4, 7, "accuracy/mistranslation/general", "major", "The source says 'ancient', not 'old'."),
       K(0, 8, 11, "fluency/grammar", "minor", "Article missing before the noun."),
       K(1, 0, 10, "style/awkwardness", "major", "A flat opening for a storm scene.")]


def exercise(key=KEY) -> Exercise:
    return Exercise("Rain", [ExerciseParagraph("Der alte Mann…", P0), ExerciseParagraph("Es regnete…", P1)],
                    list(key), "de", "en")


# ---- grading, worked by hand ------------------------------------------------------------------------
def test_grade_hand_worked_precision_recall_f1_category_and_severity():
    student = [K(0, 3, 9, "accuracy/omission", "major"),    # overlaps K1 by 3 (4-7) and K2 by 1 (8-9)
               K(1, 5, 15, "fluency/coherence", "minor"),   # overlaps K3 by 5 (5-10): wrong branch
               K(1, 20, 25, "style/register", "minor")]     # touches no key span: extra
    g = grading.grade(KEY, student, [P0, P1])
    # one-to-one: the span over two key spans is credited once (K1, the larger overlap); K2 is missed
    assert [(m.key, m.student, m.shared) for m in g.matches] == [(KEY[0], student[0], 3), (KEY[2], student[1], 5)]
    assert g.missed == [KEY[1]] and g.extra == [student[2]]
    # TP 2, FP 1, FN 1: precision 2/3, recall 2/3, F1 = 2*2 / (3 + 3) = 2/3
    assert g.precision == pytest.approx(2 / 3) and g.recall == pytest.approx(2 / 3) and g.f1 == pytest.approx(2 / 3)
    assert g.top_accuracy == pytest.approx(1 / 2)  # accuracy/accuracy yes; style/fluency no
    assert g.leaf_accuracy == 0.0
    assert g.severity_agreement == pytest.approx(1 / 2)  # major=major, minor≠major
    assert g.per_category() == {"accuracy": (1, 1), "fluency": (0, 1), "style": (0, 1)}
    assert g.confusions() == [("accuracy/mistranslation/general", "accuracy/omission"),
                              ("style/awkwardness", "fluency/coherence")]


def test_a_later_span_takes_the_key_span_it_overlaps_most():
    # S1 covers K1 (3 chars) and K2 (1 char); S2 covers K2 exactly (3 chars): both key spans are found
    s1, s2 = K(0, 3, 9, "accuracy/mistranslation/general"), K(0, 8, 11, "fluency/grammar", "minor")
    g = grading.grade(KEY[:2], [s1, s2])
    assert {(m.key, m.student) for m in g.matches} == {(KEY[0], s1), (KEY[1], s2)}
    assert g.precision == g.recall == g.f1 == 1.0 and g.leaf_accuracy == 1.0 and g.severity_agreement == 1.0


def test_partial_overlap_of_one_character_counts_and_touching_spans_do_not():
    key = [K(0, 4, 7, "accuracy/addition")]
    assert grading.grade(key, [K(0, 6, 20, "accuracy/addition")]).recall == 1.0  # shares "d"
    touching = grading.grade(key, [K(0, 7, 9, "accuracy/addition")])  # [7, 9) starts where the key ends
    assert touching.recall == 0.0 and touching.precision == 0.0 and touching.f1 == 0.0
    other_paragraph = grading.grade(key, [K(1, 4, 7, "accuracy/addition")])
    assert other_paragraph.matches == []


def test_nothing_marked_and_nothing_to_find():
    g = grading.grade(KEY, [])
    assert g.precision is None and g.recall == 0.0 and g.f1 == 0.0 and g.top_accuracy is None
    assert len(g.notes) == 3 and all(n.kind == grading.MISSED for n in g.notes)
    clean = grading.grade([], [])
    assert clean.f1 is None and clean.notes == []


def test_every_miss_wrong_category_and_extra_is_explained_with_key_and_definition():
    student = [K(0, 3, 9, "accuracy/omission", "major"), K(1, 5, 15, "fluency/coherence", "minor"),
               K(1, 20, 25, "style/register", "minor")]
    notes = grading.grade(KEY, student, [P0, P1]).notes
    kinds = [n.kind for n in notes]
    assert kinds.count(grading.MISSED) == 1 and kinds.count(grading.EXTRA) == 1
    assert kinds.count(grading.WRONG_LEAF) == 1 and kinds.count(grading.WRONG_TOP) == 1
    assert kinds.count(grading.SEVERITY) == 1
    missed = next(n for n in notes if n.kind == grading.MISSED)
    assert "“man”" in missed.text and "Article missing before the noun." in missed.text
    assert "Fluency › Grammar" in missed.text and grading.category_text("fluency/grammar")[1] in missed.text
    wrong = next(n for n in notes if n.kind == grading.WRONG_TOP)
    assert "Style › Awkwardness" in wrong.text and "A flat opening" in wrong.text
    assert grading.category_text("fluency/coherence")[1] in wrong.text  # what the student's pick means
    extra = next(n for n in notes if n.kind == grading.EXTRA)
    assert "no error" in extra.text and "“ and ”" in extra.text  # P1[20:25]
    assert grading.summary_lines(grading.grade(KEY, student))[1] == "Precision 67% · recall 67% · F1 67%"


# ---- the file --------------------------------------------------------------------------------------
def test_file_round_trip_and_stable_id(tmp_path):
    ex = exercise()
    path = dump(ex, tmp_path / "rain.litlens-exercise")
    back = load(path)
    assert back.key == ex.key and back.paragraphs == ex.paragraphs and back.title == "Rain"
    assert back.path == str(path) and back.id == ex.id
    assert back.quote(back.key[0]) == "old"


def _raw(**changes):
    raw = json.loads(dumps(exercise()))
    raw.update(changes)
    return json.dumps(raw)


@pytest.mark.parametrize("text, words", [
    ("not json at all", "not JSON"),
    ("[1, 2]", "one JSON object"),
    (json.dumps({"format": "something-else"}), "not marked as a LitLens exercise"),
    (_raw(version=99), "newer LitLens"),
    (_raw(version=True), "whole number"),
    (_raw(paragraphs=[]), "no paragraphs"),
    (_raw(paragraphs="two"), "should be a list"),
    (_raw(paragraphs=[{"source": "x"}]), "no 'translation'"),
    (_raw(key=[{"paragraph": 5, "start": 0, "end": 1, "category": "other", "severity": "minor"}]), "paragraph 6"),
    (_raw(key=[{"paragraph": 0, "start": 3, "end": 999, "category": "other", "severity": "minor"}]), "outside"),
    (_raw(key=[{"paragraph": 0, "start": 3, "end": 3, "category": "other", "severity": "minor"}]), "empty"),
    (_raw(key=[{"paragraph": 0, "start": 0, "end": 2, "category": "made/up", "severity": "minor"}]), "MQM"),
    (_raw(key=[{"paragraph": 0, "start": 0, "end": 2, "category": "other", "severity": "fatal"}]), "severity"),
    (_raw(key=[{"paragraph": 0, "start": 0.5, "end": 2, "category": "other", "severity": "minor"}]), "whole number"),
    ('{"format": "litlens-exercise", "format": "x"}', "appears twice"),
    (_raw(version=1).replace('"version": 1', '"version": NaN'), "NaN"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (_raw(title="t" * 10_000), "longer than"),
])
def test_malformed_or_hostile_files_are_refused_with_a_reason(text, words):
    with pytest.raises(ExerciseError) as info:
        loads(text, name="set.litlens-exercise")
    assert words in str(info.value) and "set.litlens-exercise" in str(info.value)


def test_unreadable_binary_and_oversized_files(tmp_path, monkeypatch):
    binary = tmp_path / "b.litlens-exercise"
    binary.write_bytes(b"\xff\xfe\x00\x81" * 10)
    with pytest.raises(ExerciseError, match="not a text file"):
        load(binary)
    with pytest.raises(ExerciseError, match="could not be read"):
        load(tmp_path / "missing.litlens-exercise")
    monkeypatch.setattr("litlens.app.exercises.model.MAX_BYTES", 10)
    with pytest.raises(ExerciseError, match="at most"):
        load(binary)


# ---- making an exercise from a project -----------------------------------------------------------
def _sample():
    from litlens.app.core.sample import load_sample
    project = load_sample()
    return project, project.candidate("Flawed")


def test_build_moves_offsets_into_paragraphs_and_names_what_it_left_out():
    project, cand = _sample()
    p1 = cand.text.paragraphs[1]
    inside = Span("gemba_mqm", "style/register", "major", "Too casual for a servant.", p1.start + 1, p1.start + 5,
                  quote=p1.text[1:5])
    across = Span("gemba_mqm", "fluency/grammar", "minor", "", p1.end - 2, p1.end + 4, quote="x")
    unlocated = Span("verse", "accuracy/omission", "major", "", quote="missing words")
    elsewhere = Span("gemba_mqm", "other", "minor", "", 0, 3)  # paragraph 0, not chosen
    ex = make.build(project, "Flawed", [1, 2], [inside, across, unlocated, elsewhere], title="Register")
    assert [p.translation for p in ex.paragraphs] == [p1.text, cand.text.paragraphs[2].text]
    assert ex.paragraphs[0].source == project.source.paragraphs[1].text
    assert ex.key == [Mark(0, 1, 5, "style/register", "major", "Too casual for a servant.", ("gemba_mqm",))]
    assert len(ex.notes) == 2 and any("runs past" in n for n in ex.notes) and any("not located" in n for n in ex.notes)
    assert loads(dumps(ex)).key == ex.key  # what is built can be opened
    with pytest.raises(ExerciseError):
        make.build(project, "Flawed", [99], [])


def test_reviewed_key_keeps_accepted_corrected_and_added_findings():
    a = Span("j1", "fluency/grammar", "minor", "judge's words", 0, 4)
    b = Span("j1", "style/register", "major", "", 10, 14)
    c = Span("j2", "other", "minor", "", 20, 24)
    d = Span("human", "accuracy/addition", "major", "", 30, 33)
    decisions = {id(a): Annotation(1, "X", "accept", a.category, a.severity, span_id=1),
                 id(b): Annotation(1, "X", "edit", "style/unidiomatic", "minor", 11, 14, span_id=2, note="Stiff."),
                 id(c): Annotation(1, "X", "reject", c.category, c.severity, span_id=3),
                 id(d): Annotation(1, "X", "add", d.category, d.severity, 30, 33)}
    key = make.reviewed_key([a, b, c, d], lambda s: decisions.get(id(s)))
    assert [(s.category, s.severity, s.start, s.explanation) for s in key] == [
        ("fluency/grammar", "minor", 0, "judge's words"), ("style/unidiomatic", "minor", 11, "Stiff."),
        ("accuracy/addition", "major", 30, "")]


def test_agreed_key_needs_two_judges_on_overlapping_words_in_one_branch():
    spans = [Span("j1", "accuracy/omission", "minor", "gone", 0, 6), Span("j2", "accuracy/addition", "major", "more", 3, 9),
             Span("j1", "style/register", "minor", "", 20, 25), Span("j3", "fluency/grammar", "minor", "", 21, 24),
             Span("j1", "other", "major", "", 40, 44), Span("j1", "other", "major", "", 41, 43)]
    key = make.agreed_key(spans)
    assert len(key) == 1 and key[0].category == "accuracy/addition" and key[0].data["judges"] == ["j1", "j2"]
    assert "j1: gone" in key[0].explanation and "j2: more" in key[0].explanation


def test_paragraph_ranges():
    assert make.parse_range("2-4, 7", 8) == [1, 2, 3, 6]
    for bad in ("0-2", "3-9", "x", ""):
        with pytest.raises(ExerciseError):
            make.parse_range(bad, 8)


# ---- the speech-level drill ---------------------------------------------------------------------
def test_drill_grades_sure_readings_and_leaves_unsure_ones_ungraded():
    ex = Exercise("Drill", [ExerciseParagraph("Come in, sir. Did you eat? Ah, that man.",
                                              "어서 오십시오. 밥 먹었니? 아, 그 사람.")], [], "en", "ko")
    items = drill.drill_items(ex)
    assert [i.sentence for i in items] == ["어서 오십시오.", "밥 먹었니?", "아, 그 사람."]
    assert items[0].level == "하십시오체" and items[0].graded and "오십시오" in items[0].key_text()
    assert items[2].level is None and not items[2].graded
    result = drill.grade_drill(items, ["하십시오체", "해요체", "해체"])
    assert [o.correct for o in result.outcomes] == [True, False, None]
    assert result.graded == 2 and result.correct == 1 and result.accuracy == 0.5 and result.unsure == 1
    assert "not graded" in result.outcomes[2].explanation() or "no clear" in result.outcomes[2].explanation()
    assert result.confusions() == [(items[1].level, "해요체")]
    assert drill.grade_drill(items, ["", "", ""]).graded == 0  # passing is not a wrong answer
    assert not drill.has_korean(exercise())


# ---- progress -----------------------------------------------------------------------------------
def test_progress_is_stored_per_student_with_series_and_confusions(tmp_path):
    store = Store(tmp_path / "p.db")
    ex = exercise()
    first = grading.grade(KEY, [K(0, 3, 9, "accuracy/omission"), K(1, 5, 15, "fluency/coherence", "minor")])
    second = grading.grade(KEY, [K(0, 4, 7, "accuracy/mistranslation/general"), K(0, 8, 11, "fluency/grammar", "minor"),
                                 K(1, 0, 10, "fluency/coherence")])
    progress.record(store, progress.attempt_from_grade("  Min  Ji ", ex, first, when=100.0))
    progress.record(store, progress.attempt_from_grade("Min Ji", ex, second, when=200.0))
    progress.record(store, progress.attempt_from_grade("Other", ex, second, when=150.0))
    with pytest.raises(progress.ProgressError):
        progress.attempt_from_grade("  ", ex, first)
    history = progress.attempts(store, "Min Ji")
    assert [a.created_at for a in history] == [100.0, 200.0] and history[1].f1 == pytest.approx(second.f1)
    assert progress.students(store) == ["Min Ji", "Other"]
    series = progress.category_series(history)
    assert series["accuracy"] == [(100.0, 1.0), (200.0, 1.0)]
    assert series["style"] == [(100.0, 0.0), (200.0, 0.0)] and series["fluency"] == [(100.0, 0.0), (200.0, 1.0)]
    assert progress.confusion_table(history)[0] == ("style/awkwardness", "fluency/coherence", 2)
    store.close()


def test_mistakes_are_kept_with_each_attempt_for_the_learn_view(tmp_path):
    store = Store(tmp_path / "m.db")
    student = [K(0, 4, 7, "accuracy/omission", "minor"), K(1, 20, 25, "style/register", "minor")]
    g = grading.grade(KEY, student, [P0, P1])
    progress.record(store, progress.attempt_from_grade("Min-ji", exercise(), g, when=100.0))
    mistakes = progress.own_mistakes(store, "Min-ji")
    # wrong leaf and severity on "old", "man" and "It was rai" missed, " and " extra — in text order
    assert [(m.kind, m.quote) for m in mistakes] == [("severity", "old"), ("wrong-leaf", "old"), ("missed", "man"),
                                                     ("missed", "It was rai"), ("extra", " and ")]
    wrong = mistakes[1]
    assert (wrong.key_category, wrong.student_category, wrong.title) == (
        "accuracy/mistranslation/general", "accuracy/omission", "Rain")
    assert wrong.why == "The source says 'ancient', not 'old'."
    assert progress.mistake_topics(wrong) == [("mqm", "accuracy/mistranslation/general"), ("mqm", "accuracy/omission")]
    assert progress.mistake_topics(mistakes[0]) == [("severity", "major")]
    assert progress.mistake_topics(mistakes[4]) == [("mqm", "style/register")]
    # a damaged row still loads, without mistakes
    store.db.execute("UPDATE exercise_attempts SET details = ?", ['{"mistakes": [1, {"kind": 3}, "x"]}'])
    assert progress.own_mistakes(store, "Min-ji") == []
    store.close()
