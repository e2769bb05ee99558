"""``litlens exercise make`` and ``litlens exercise grade``: an exercise made from a stored, reviewed run,
then a class's answers graded with figures worked by hand; malformed and hostile files give one-line
errors and the documented exit codes. No Qt, no LLM."""

from __future__ import annotations

import csv
import io
import json

import pytest

from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE, main
from litlens.app.core.model import Judgment, Span
from litlens.app.exercises import answers
from litlens.app.exercises.model import load
from litlens.app.run import annotations
from litlens.app.run.store import Store
from litlens.app.texts.project import build_project, text_from_string

SRC = "Erster Absatz.\n\nDer alte Mann ging langsam zum Fluss.\n\nEs regnete stark."
P1 = "First paragraph."
P2 = "The old man walked slowly to the river."
P3 = "It rained hard and nobody came."
TRANSLATION = f"{P1}\n\n{P2}\n\n{P3}"
B2 = len(P1) + 2  # where paragraph 2 starts in the whole translation
B3 = B2 + len(P2) + 2


def _span(judge, para_base, words, para_text, category, severity="major", why=""):
    start = para_base + para_text.index(words)
    return Span(judge=judge, category=category, severity=severity, start=start, end=start + len(words),
                quote=words, explanation=why)


@pytest.fixture
def reviewed_run(tmp_path):
    """A run of two judges on one translation; the instructor accepted one finding, corrected one,
    rejected one and added one."""
    db = tmp_path / "class.db"
    store = Store(db)
    project = build_project("Rain", text_from_string(SRC, "de"), [("Draft", text_from_string(TRANSLATION, "en"))])
    pid = store.save_project(project)
    run = store.start_run(pid, ["a", "b"], "offline", "-", {}, None, 2)
    old_a = _span("a", B2, "old", P2, "accuracy/mistranslation/general", "major", "The source says 'ancient'.")
    slowly = _span("a", B2, "walked slowly", P2, "style/awkwardness", "minor", "Stiff.")
    first = _span("a", 0, "First", P1, "fluency/grammar", "minor", "On a paragraph not chosen.")
    old_b = _span("b", B2, "old man", P2, "accuracy/mistranslation/general", "critical", "Wrong age.")
    hard = _span("b", B3, "rained hard", P3, "fluency/grammar", "minor", "Tense.")
    store.save_result(run, Judgment("a", "a:Draft", "Draft", None, spans=[old_a, slowly, first]), "1", "-", "h1")
    store.save_result(run, Judgment("b", "b:Draft", "Draft", None, spans=[old_b, hard]), "1", "-", "h2")
    store.update_run(run, status="done")
    ids = annotations.span_ids(store, pid)

    def sid(span):
        return ids[annotations.span_key(span, "Draft")]

    annotations.save(store, annotations.Annotation(pid, "Draft", "accept", old_a.category, old_a.severity,
                                                   span_id=sid(old_a), judge="a"))
    annotations.save(store, annotations.Annotation(pid, "Draft", "edit", "fluency/grammar", "minor",  # corrected
                                                   span_id=sid(hard), judge="b", note="Past simple is fine; "
                                                   "'hard' should be 'heavily'."))
    annotations.save(store, annotations.Annotation(pid, "Draft", "reject", slowly.category, slowly.severity,
                                                   span_id=sid(slowly), judge="a"))
    nobody = B3 + P3.index("nobody")
    annotations.save(store, annotations.Annotation(pid, "Draft", "add", "accuracy/omission", "major",
                                                   start=nobody, end=nobody + 6, quote="nobody",
                                                   note="The source has no such sentence part."))
    store.close()
    return db, run


def _answers(path, exercise, student, findings):
    doc = {"format": "litlens-answers", "version": 1, "exercise": exercise.id, "student": student,
           "findings": findings}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def _f(p, a, b, cat, sev):
    return {"paragraph": p, "start": a, "end": b, "category": cat, "severity": sev}


def test_make_then_grade_a_class_with_hand_worked_figures(reviewed_run, tmp_path, capsys):
    db, run = reviewed_run
    out = tmp_path / "rain"
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "2-3", "-o", str(out),
                 "--title", "Rain"]) == EXIT_OK
    ex = load(tmp_path / "rain.litlens-exercise")
    assert [p.translation for p in ex.paragraphs] == [P2, P3]
    assert [p.source for p in ex.paragraphs] == ["Der alte Mann ging langsam zum Fluss.", "Es regnete stark."]
    # key: accepted "old" (¶2), corrected "rained hard" (¶3) and added "nobody" (¶3); the rejected
    # "walked slowly", judge b's unreviewed "old man" and ¶1's finding stay out
    assert [(ex.quote(m), m.category, m.severity) for m in ex.key] == [
        ("old", "accuracy/mistranslation/general", "major"), ("rained hard", "fluency/grammar", "minor"),
        ("nobody", "accuracy/omission", "major")]
    assert ex.key[1].explanation == "Past simple is fine; 'hard' should be 'heavily'."
    assert "3 findings in the key" in capsys.readouterr().err

    # Ana: "old man" as a leaf-wrong accuracy error (overlaps "old"), "rained" as grammar but major,
    # and "river" (extra).  Ben: nothing marked.
    ana = _answers(tmp_path / "ana.json", ex, "Ana", [
        _f(0, 4, 11, "accuracy/mistranslation/overly-literal", "major"),
        _f(1, 3, 9, "fluency/grammar", "major"),
        _f(0, P2.index("river"), P2.index("river") + 5, "style/awkwardness", "minor")])
    ben = _answers(tmp_path / "ben.json", ex, "Ben", [])
    assert main(["exercise", "grade", str(tmp_path / "rain.litlens-exercise"), ana, ben, "--format", "json"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    a, b = report["answers"]
    # Ana: TP 2 (old, rained hard), FP 1 (river), FN 1 (nobody): P = R = F1 = 2/3
    assert (a["found"], a["missed"], a["extra"]) == (2, 1, 1)
    assert a["precision"] == a["recall"] == a["f1"] == pytest.approx(0.6667)
    # both found spans in the right branch; exact category 1 of 2; severity 1 of 2 (major≠minor)
    assert (a["top_accuracy"], a["leaf_accuracy"], a["severity_agreement"]) == (1.0, 0.5, 0.5)
    assert [r["kind"] for r in a["reasons"]] == ["wrong-leaf", "extra", "severity", "missed"]
    missed = a["reasons"][-1]
    assert missed["quote"] == "nobody" and "The source has no such sentence part." in missed["text"]
    # Ben marked nothing: precision undefined, recall 0, F1 0
    assert (b["precision"], b["recall"], b["f1"]) == (None, 0.0, 0.0) and len(b["reasons"]) == 3

    assert main(["exercise", "grade", str(tmp_path / "rain.litlens-exercise"), ana, ben, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["student"], r["f1"], r["leaf_accuracy"]) for r in rows] == [("Ana", "0.6667", "0.5000"),
                                                                           ("Ben", "0.0000", "")]
    assert main(["exercise", "grade", str(tmp_path / "rain.litlens-exercise"), ana]) == EXIT_OK
    text = capsys.readouterr().out
    assert "Precision 67% · recall 67% · F1 67%" in text and "Missed: “nobody”" in text


def test_agreed_key_from_the_judges(reviewed_run, tmp_path, capsys):
    db, run = reviewed_run
    out = tmp_path / "self.litlens-exercise"
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "1-3", "--agreed", "-o",
                 str(out)]) == EXIT_OK
    ex = load(out)
    # only "old" / "old man" was found by both judges (same branch, overlapping); the critical one leads
    assert [(ex.quote(m), m.severity, m.judges) for m in ex.key] == [("old man", "critical", ("a", "b"))]
    assert ex.origin == "agreement"


def test_make_from_a_project_name_takes_its_newest_run(reviewed_run, tmp_path, capsys):
    db, run = reviewed_run
    by_run, by_name = tmp_path / "by_run.litlens-exercise", tmp_path / "by_name.litlens-exercise"
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "2-3", "-o", str(by_run)]) == EXIT_OK
    assert main(["--db", str(db), "exercise", "make", "rain", "--paragraphs", "2-3", "-o", str(by_name)]) == EXIT_OK
    assert load(by_name).key == load(by_run).key and len(load(by_name).key) == 3
    capsys.readouterr()
    assert main(["--db", str(db), "exercise", "make", "Snow", "--paragraphs", "1", "-o", str(by_name)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "no project called 'Snow'" in err and "stored projects: Rain" in err


def test_make_refuses_bad_ranges_and_runs(reviewed_run, tmp_path, capsys):
    db, run = reviewed_run
    out = str(tmp_path / "x")
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "2-9", "-o", out]) == EXIT_USAGE
    assert "outside 1–3" in capsys.readouterr().err
    assert main(["--db", str(db), "exercise", "make", "99", "--paragraphs", "1", "-o", out]) == EXIT_INPUT
    assert "no run with id 99" in capsys.readouterr().err
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "1", "--candidate", "Other",
                 "-o", out]) == EXIT_USAGE
    assert "no translation 'Other'" in capsys.readouterr().err


def test_an_empty_key_is_refused_with_what_to_do_and_no_file_written(reviewed_run, tmp_path, capsys):
    db, run = reviewed_run
    out = tmp_path / "empty.litlens-exercise"
    # paragraph 1 holds only a finding the instructor never reviewed: nothing to grade against
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "1", "-o", str(out)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "no finding in these paragraphs" in err and "or use --agreed" in err and not out.exists()
    assert main(["--db", str(db), "exercise", "make", str(run), "--paragraphs", "1", "--agreed", "-o",
                 str(out)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "2 or more judges agreeing" in err and "use --agreed" not in err and not out.exists()


def test_speech_level_findings_enter_the_key_as_style_register():
    from litlens.app.exercises import make
    from litlens.app.mqm import typology as mqm
    project = build_project("Rain", text_from_string(SRC, "de"), [("Draft", text_from_string(TRANSLATION, "en"))])
    level = _span("honorifics", B2, "walked", P2, "fluency/grammatical-register", "minor", "Speech level shifts.")
    assert not mqm.is_valid(level.category) and mqm.in_hierarchy(level.category) == "style/register"
    ex = make.build(project, "Draft", [1], [level])
    assert [(ex.quote(m), m.category, m.explanation) for m in ex.key] == [
        ("walked", "style/register", "Speech level shifts.")]
    assert ex.notes == []


@pytest.mark.parametrize("content, words", [
    ("[]", "one JSON object"),
    ('{"format": "litlens-answers", "version": 1, "findings": [{"paragraph": 5, "start": 0, "end": 1, '
     '"category": "fluency/grammar", "severity": "minor"}]}', "paragraph 6"),
    ('{"format": "litlens-answers", "version": 1, "findings": [{"paragraph": 0, "start": 0, "end": 999, '
     '"category": "fluency/grammar", "severity": "minor"}]}', "outside its paragraph"),
    ('{"format": "litlens-answers", "version": 1, "findings": [{"paragraph": 0, "start": 0, "end": 2, '
     '"category": "made/up", "severity": "minor"}]}', "not in the MQM hierarchy"),
    ('{"format": "litlens-answers", "version": 1, "version": 1, "findings": []}', "appears twice"),
    ('{"format": "litlens-answers", "version": NaN, "findings": []}', "NaN"),
    ("[" * 100_000, "nested too deeply"),
    ('{"format": "litlens-exercise"}', "not marked as LitLens answers"),
])
def test_malformed_or_hostile_answers_are_refused_and_the_rest_still_graded(tmp_path, capsys, content, words):
    from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark, dump
    ex = Exercise("T", [ExerciseParagraph("s", P2)], [Mark(0, 4, 7, "fluency/grammar", "minor")])
    dump(ex, tmp_path / "t.litlens-exercise")
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    good = _answers(tmp_path / "good.json", ex, "Cy", [_f(0, 4, 7, "fluency/grammar", "minor")])
    code = main(["exercise", "grade", str(tmp_path / "t.litlens-exercise"), str(bad), good, "--format", "csv"])
    captured = capsys.readouterr()
    assert code == EXIT_INPUT and words in captured.err and len(captured.err.splitlines()) == 1
    rows = list(csv.DictReader(io.StringIO(captured.out)))
    assert rows[0]["error"] and rows[1]["f1"] == "1.0000"  # the good file is graded all the same
    assert main(["exercise", "grade", str(tmp_path / "t.litlens-exercise"), str(bad)]) == EXIT_INPUT


def test_a_broken_exercise_file_and_answers_for_another_exercise(tmp_path, capsys):
    from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark, dump
    (tmp_path / "x.litlens-exercise").write_bytes(b"\xff\xfe\x00garbage")
    assert main(["exercise", "grade", str(tmp_path / "x.litlens-exercise"), "nothing.json"]) == EXIT_INPUT
    assert "not a text file in UTF-8" in capsys.readouterr().err
    ex = Exercise("T", [ExerciseParagraph("s", P2)], [Mark(0, 4, 7, "fluency/grammar", "minor")])
    dump(ex, tmp_path / "t.litlens-exercise")
    other = answers.to_json(Exercise("U", [ExerciseParagraph("s", P2)], []), "Dee", [])
    (tmp_path / "dee.json").write_text(json.dumps(other), encoding="utf-8")
    assert main(["exercise", "grade", str(tmp_path / "t.litlens-exercise"), str(tmp_path / "dee.json")]) == 0
    assert "answers another exercise (U)" in capsys.readouterr().err


def test_answers_written_by_the_window_format_round_trip(tmp_path):
    from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark
    ex = Exercise("T", [ExerciseParagraph("s", P2)], [])
    marks = [Mark(0, 4, 7, "fluency/grammar", "minor", "my note")]
    back = answers.load(answers.dump(ex, "Eve", marks, tmp_path / "eve.litlens-answers.json"), ex)
    assert back.findings == marks and back.student == "Eve" and back.matches(ex)
