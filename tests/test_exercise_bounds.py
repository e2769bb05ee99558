"""Exercise and answers files are read with bounded memory and only when they are regular files: /dev/zero
and a FIFO are refused at once (the FIFO without hanging), and a crafted exercise (2 MB, thousands of key
findings over one paragraph) graded against a crafted answers file (0.3 MB, every mark over the same
paragraph) stays far below the 2.8 GB it once took. Peak memory is measured with tracemalloc."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from litlens.app.cli.main import EXIT_INPUT, main
from litlens.app.exercises import answers
from litlens.app.exercises.grading import MAX_OVERLAPS, TooManyOverlaps, grade, overlap, overlapping_pairs
from litlens.app.exercises.model import ExerciseError, Mark, load
from litlens.app.humans.readers import HumanFileError
from litlens.app.humans.readers import read as read_humans
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from litlens.app.texts.errors import TextReadError
from litlens.app.texts.readers import read_document

PARAGRAPH = "word " * 18_000  # 90,000 characters, inside MAX_TEXT
PEAK_LIMIT = 200 * 1024 * 1024


def _mark(start, end, paragraph=1, category="accuracy/mistranslation"):
    return {"paragraph": paragraph, "start": start, "end": end, "category": category, "severity": "minor"}


def _exercise(tmp_path: Path, key: list[dict], paragraphs: int = 1) -> Path:
    path = tmp_path / "set.litlens-exercise"
    path.write_text(json.dumps({"format": "litlens-exercise", "version": 1, "title": "Crafted",
                                "paragraphs": [{"source": "x", "translation": PARAGRAPH}] * paragraphs,
                                "key": [{**m, "paragraph": m["paragraph"] - 1} for m in key]}), encoding="utf-8")
    return path


def _answers(tmp_path: Path, findings: list[dict], name="ana") -> Path:
    path = tmp_path / f"{name}.litlens-answers.json"
    path.write_text(json.dumps({"format": "litlens-answers", "version": 2, "student": name,
                                "findings": findings}), encoding="utf-8")
    return path


def _peak(fn):
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_crafted_files_are_refused_or_graded_within_bounded_memory(tmp_path, capsys):
    whole = _mark(0, len(PARAGRAPH))
    exercise = _exercise(tmp_path, [whole] * 2_000, paragraphs=20)
    crafted = _answers(tmp_path, [whole] * 3_500)
    assert exercise.stat().st_size > 2e6 and crafted.stat().st_size > 0.25e6
    honest = _answers(tmp_path, [_mark(0, 4), _mark(10, 14, 2, "fluency/grammatical-register")], "bo")
    code, peak = _peak(lambda: main(["exercise", "grade", str(exercise), str(crafted), str(honest),
                                     "--format", "json"]))
    assert peak < PEAK_LIMIT, f"{peak / 2**20:.0f} MB"
    assert code == EXIT_INPUT  # one file refused, the other graded
    out = json.loads(capsys.readouterr().out)
    refused, graded = out["answers"]
    assert "overlap the key's in more than" in refused["error"]
    assert graded["found"] == 1 and graded["key"] == 2_000
    assert max(len(r["quote"]) for r in graded["reasons"]) <= 201  # a whole paragraph is quoted by its start


def test_many_separate_marks_are_graded_without_weighing_every_pair(tmp_path):
    """20,000 key findings and 4,000 answers, each on its own word: graded exactly, bounded in memory."""
    key = [_mark(5 * i, 5 * i + 4) for i in range(0, 20_000, 1)][:18_000]
    student = [_mark(5 * i + 1, 5 * i + 3) for i in range(0, 18_000, 5)]
    exercise = load(_exercise(tmp_path, key))
    found = answers.load(_answers(tmp_path, student), exercise)
    g, peak = _peak(lambda: grade(exercise.key, found.findings))
    assert len(g.matches) == len(student) and len(g.missed) == len(key) - len(student) and not g.extra
    assert peak < PEAK_LIMIT, f"{peak / 2**20:.0f} MB"


def test_the_sweep_finds_exactly_the_overlapping_pairs():
    import random
    rng = random.Random(7)

    def marks(n):
        out = []
        for _ in range(n):
            a = rng.randrange(0, 60)
            out.append(Mark(rng.randrange(2), a, a + rng.randrange(1, 15), "other", "minor"))
        return out
    for _ in range(50):
        key, student = marks(rng.randrange(0, 25)), marks(rng.randrange(0, 25))
        brute = sorted((overlap(k, s), ki, si) for ki, k in enumerate(key) for si, s in enumerate(student)
                       if overlap(k, s) > 0)
        assert sorted(overlapping_pairs(key, student)) == brute


def test_grading_past_the_bound_is_refused_not_run():
    key = [Mark(0, 0, 10, "other", "minor")] * 1000
    with pytest.raises(TooManyOverlaps):
        grade(key, [Mark(0, 2, 5, "other", "minor")] * (MAX_OVERLAPS // 1000 + 1))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_at_once(tmp_path):
    exercise = _exercise(tmp_path, [_mark(0, 4)])
    with pytest.raises(ExerciseError, match="not a regular file"):
        load("/dev/zero")
    with pytest.raises(answers.AnswersError, match="not a regular file"):
        answers.load("/dev/zero", load(exercise))
    with pytest.raises(TextReadError, match="not a regular file"):
        read_document("/dev/zero")
    with pytest.raises(HumanFileError, match="not a regular file"):
        read_humans("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.litlens-exercise"
    os.mkfifo(fifo)
    exercise = _exercise(tmp_path, [_mark(0, 4)])
    store = Store(tmp_path / "db.sqlite")  # a stored run, so meta-eval gets as far as reading its files
    pid = store.save_project(build_project("p", text_from_string("One.", "en"), [("A", text_from_string("Un.", "fr"))]))
    store.start_run(pid, ["consistency"], "offline", "-", {}, None, 0)
    store.close()
    table, profile = tmp_path / "pipe.tsv", tmp_path / "pipe.toml"
    os.mkfifo(table)
    os.mkfifo(profile)
    src = tmp_path / "s.txt"
    src.write_text("One.", encoding="utf-8")
    for args in (["evaluate", str(src), "--candidate", f"A={src}", "--judge", "consistency", "--termbase", str(table)],
                 ["scorecard", "1", "--qa-profile", str(profile)],
                 ["exercise", "grade", str(fifo), str(fifo)], ["exercise", "grade", str(exercise), str(fifo)],
                 ["evaluate", str(fifo), "--candidate", f"A={fifo}", "--judge", "consistency"],
                 ["meta-eval", "--run", "1", "--spans", str(fifo)], ["meta-eval", "--run", "1", "--human", str(fifo)]):
        # a reader that opened the FIFO would wait for a writer that never comes: the timeout fails the test
        out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(tmp_path / "db.sqlite"), *args],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode != 0 and "not a regular file" in out.stderr, (args, out.stderr)
