"""One numbering, one vocabulary: paragraphs count from 1 in every output people read (``show``/``evaluate``
CSV and JSON, span rows of whole-text judges included, answers files), older answers files that counted
from 0 are still read as written, and a category a judge emits (the honorifics judge's
``fluency/grammatical-register``) is accepted where categories are read."""

from __future__ import annotations

import csv
import io
import json

import pytest

from litlens.app.cli.main import main
from litlens.app.exercises import answers
from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "He met three men.\n\nThey left at 7 o'clock.\n\nThe garden was quiet."
TARGET = "그는 세 남자를 만났다.\n\n그들은 9시에 떠났다.\n\n정원은 조용 조용했다."


@pytest.fixture()
def run_db(tmp_path):
    db = tmp_path / "l.db"
    store = Store(db)
    project = build_project("p", text_from_string(SOURCE, "en"), [("Draft", text_from_string(TARGET, "ko"))])
    summary = service.execute(service.RunRequest(project=project, judges=["consistency"]), store)
    spans = [(sp, j) for j in store.results_for_run(summary.run_id) for sp in j.spans]
    store.close()
    assert spans and all(j.paragraph is None for sp, j in spans), "the test needs a whole-text judge's findings"
    return db, summary.run_id


def _para_of(quote: str) -> int:
    """The paragraph (from 1) of the target that holds ``quote``."""
    return next(n for n, p in enumerate(TARGET.split("\n\n"), 1) if quote in p)


def test_show_csv_numbers_paragraphs_from_1_and_places_whole_text_findings(run_db, capsys):
    db, run = run_db
    assert main(["--db", str(db), "show", str(run), "--format", "csv"]) == 0
    rows = [r for r in csv.DictReader(io.StringIO(capsys.readouterr().out)) if r["kind"] == "span"]
    assert rows
    for r in rows:
        assert r["paragraph"] and int(r["paragraph"]) == _para_of(r["quote"]), r


def test_show_json_numbers_paragraphs_from_1_and_says_so(run_db, capsys):
    db, run = run_db
    assert main(["--db", str(db), "show", str(run), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["numbering"] == {"paragraph": "counted from 1"}
    spans = [s for r in doc["results"] for s in r["spans"]]
    assert spans and all(s["paragraph"] == _para_of(s["quote"]) for s in spans)


EX = Exercise("T", [ExerciseParagraph("a", "첫째 문단입니다."), ExerciseParagraph("b", "둘째 문단이에요.")], [])


def test_answers_files_count_paragraphs_from_1_and_old_files_still_read(tmp_path):
    marks = [Mark(1, 0, 2, "fluency/grammatical-register", "minor", "speech level")]
    path = answers.dump(EX, "Eve", marks, tmp_path / "eve.litlens-answers.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 2 and doc["findings"][0]["paragraph"] == 2  # the second paragraph, for people
    assert answers.load(path, EX).findings == marks
    old = {**doc, "version": 1, "findings": [{**doc["findings"][0], "paragraph": 1}]}  # counted from 0
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    assert answers.load(tmp_path / "old.json", EX).findings == marks


def test_a_version_2_file_naming_paragraph_0_is_refused_with_the_number_it_gave(tmp_path):
    doc = {"format": "litlens-answers", "version": 2, "findings": [
        {"paragraph": 3, "start": 0, "end": 2, "category": "other", "severity": "minor"}]}
    with pytest.raises(answers.AnswersError, match="paragraph 3"):
        answers.loads(json.dumps(doc), EX)


def test_the_honorifics_judges_category_is_accepted_in_answers():
    from litlens.app.judges.honorifics import CATEGORY
    doc = {"format": "litlens-answers", "version": 2, "findings": [
        {"paragraph": 1, "start": 0, "end": 2, "category": CATEGORY, "severity": "minor"}]}
    assert answers.loads(json.dumps(doc), EX).findings[0].category == CATEGORY
    doc["findings"][0]["category"] = "fluency/made-up"
    with pytest.raises(answers.AnswersError, match="MQM"):
        answers.loads(json.dumps(doc), EX)


def test_a_finding_stored_with_offsets_only_is_placed_by_them():
    from litlens.app.cli import output
    from litlens.app.core.model import Judgment, Span
    project = build_project("p", text_from_string(SOURCE, "en"), [("Draft", text_from_string(TARGET, "ko"))])
    start = TARGET.index("조용 조용")
    j = Judgment("plug", "u", "Draft", None, spans=[Span("plug", "fluency/grammar", "minor", start=start,
                                                         end=start + 5, quote="조용 조용")])
    where = output.paragraph_finder(project)
    rows = list(csv.DictReader(io.StringIO(output.to_csv([j], where))))
    assert rows[0]["paragraph"] == "3"
    assert json.loads(output.to_json([j], None, where))["results"][0]["spans"][0]["paragraph"] == 3
