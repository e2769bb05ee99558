"""Text a user chose (titles, student and project names, file names) reaches the terminal without its control
and bidi characters: an escape sequence cannot recolour, clear or retitle the terminal, a right-to-left
override cannot reorder a line. Each is shown as a visible \\uXXXX escape; JSON and CSV stay exact data."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from litlens.app.cli.terminal import carries_data, neutralise

NASTY = "\x1b]0;owned\x07\x1b[2J\x1b[31mRed\u202eevil\u2066x\u2069\u200e\u200f\u061c\x9b1m\r\b\x00\x7f"
# every character the terminal must not receive as it is
UNSAFE = ["\x1b", "\x07", "\u202e", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\x9b", "\r", "\b", "\x00",
          "\x7f"] + [chr(c) for c in range(0x202a, 0x202f)]


def test_neutralise_replaces_each_control_and_bidi_character_visibly():
    for ch in UNSAFE:
        out = neutralise(f"a{ch}b")
        assert ch not in out and out == f"a\\u{ord(ch):04x}b"
    assert neutralise("tab\there\nnext line, 한국어, ¶ « »") == "tab\there\nnext line, 한국어, ¶ « »"


def test_only_json_and_csv_carry_data():
    assert carries_data(["show", "1", "--format", "json"]) and carries_data(["show", "1", "--format=csv"])
    assert not carries_data(["show", "1", "--format", "table"]) and not carries_data(["runs"])


def _exercise(tmp_path):
    ex = tmp_path / "set.litlens-exercise"
    ex.write_text(json.dumps({"format": "litlens-exercise", "version": 1, "title": f"Title {NASTY}",
                              "paragraphs": [{"source": "Der Hund.", "translation": "The dog."}],
                              "key": [{"paragraph": 0, "start": 4, "end": 7, "category": "accuracy/mistranslation",
                                       "severity": "major", "explanation": f"Why {NASTY}"}]}), encoding="utf-8")
    answers = tmp_path / f"ana{NASTY[:12]}.litlens-answers.json"
    answers.write_text(json.dumps({"format": "litlens-answers", "version": 2, "student": f"Ana {NASTY}",
                                   "findings": [{"paragraph": 1, "start": 0, "end": 3, "category": "style/awkwardness",
                                                 "severity": "minor"}]}), encoding="utf-8")
    return ex, answers


def _litlens(*args):
    return subprocess.run([sys.executable, "-m", "litlens", *args], capture_output=True, text=True, timeout=120,
                          encoding="utf-8", errors="surrogateescape")


def _clean(text):
    return [ch for ch in UNSAFE if ch in text]


def test_grade_table_titles_names_and_file_names_reach_the_terminal_neutralised(tmp_path):
    ex, answers = _exercise(tmp_path)
    missing = tmp_path / f"gone{NASTY[:12]}.json"
    out = _litlens("exercise", "grade", str(ex), str(answers), str(missing))
    assert "Title" in out.stdout and "Ana" in out.stdout and "gone" in out.stderr
    assert _clean(out.stdout) == [] and _clean(out.stderr) == [], (out.stdout, out.stderr)
    assert "\\u202e" in out.stdout and "\\u001b" in out.stdout  # shown, not silently dropped


def test_json_and_csv_stay_exact(tmp_path):
    ex, answers = _exercise(tmp_path)
    out = _litlens("exercise", "grade", str(ex), str(answers), "--format", "json")
    data = json.loads(out.stdout)
    student = " ".join(f"Ana {NASTY}".split())  # answers files fold a name's whitespace
    assert data["exercise"]["title"] == f"Title {NASTY}" and data["answers"][0]["student"] == student
    out = _litlens("exercise", "grade", str(ex), str(answers), "--format", "csv")
    (row,) = list(csv.DictReader(io.StringIO(out.stdout, newline="")))
    assert row["student"] == student


@pytest.mark.parametrize("command", ["runs", "show"])
def test_project_names_in_tables_are_neutralised(tmp_path, command):
    src, tr = tmp_path / "s.txt", tmp_path / "t.txt"
    src.write_text("The road was steep.\n", encoding="utf-8")
    tr.write_text("길이 가팔랐다.\n", encoding="utf-8")
    db = str(tmp_path / "db.sqlite")
    out = _litlens("--db", db, "evaluate", str(src), "--candidate", f"A{NASTY[:8]}={tr}", "--judge", "consistency",
                   "--name", f"Book {NASTY}".replace("\x00", ""), "--quiet")
    assert out.returncode in (0, 1), out.stderr
    assert _clean(out.stdout) == [] and _clean(out.stderr) == []
    out = _litlens("--db", db, command, *(["1"] if command == "show" else []))
    assert out.returncode == 0, out.stderr
    assert _clean(out.stdout) == [] and _clean(out.stderr) == []
