"""Bad input files (corpus in tests/badinputs.py): each one opens correctly, or fails with ONE clear
message — in the CLI (exit 3, a single stderr line naming the file, no traceback) and in the window (a
single error dialog, the previously open project untouched)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import badinputs
from litlens.app.cli.main import EXIT_INPUT, main
from litlens.app.texts import TextReadError, build_project, load_text


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return badinputs.build(tmp_path_factory.mktemp("bad_inputs"))


def _cli(capsys, db, case):
    # --judge da-mqm with no provider: an opened pair gets as far as planning and stops there with a
    # usage error (exit 2), so "opens" is told apart from "cannot read" (exit 3) without running judges.
    code = main(["--db", str(db), "evaluate", str(case.source), str(case.translation), "--judge", "da-mqm",
                 "--quiet"])
    out = capsys.readouterr()
    return code, out.err


def test_corpus_covers_every_kind(corpus):
    names = {c.name for c in corpus}
    assert {"empty", "binary", "huge-sparse", "cp949", "mixed-encodings", "truncated-docx", "zip-bomb",
            "mismatched-paragraphs", "rtl-arabic", "combining-nfd"} <= names
    huge = next(c for c in corpus if c.name == "huge-sparse").translation
    assert huge.stat().st_size > 50 * 1024 * 1024


def test_each_file_opens_or_fails_with_one_clear_cli_line(corpus, capsys, tmp_path):
    db = tmp_path / "cli.db"
    for case in corpus:
        code, err = _cli(capsys, db, case)
        # alignment and declared-language notes are advice printed before a run, not errors
        lines = [ln for ln in err.splitlines()
                 if ln.strip() and not ln.startswith(("alignment (", "language: "))]
        assert "Traceback" not in err, (case.name, err)
        if case.outcome == "error" or (case.outcome == "either" and code == EXIT_INPUT):
            assert code == EXIT_INPUT, (case.name, code, err)
            assert len(lines) == 1, (case.name, err)
            assert lines[0].startswith("litlens: error: ") and case.bad in lines[0], (case.name, err)
            assert case.expect.lower() in lines[0].lower(), (case.name, lines[0])
            assert "internal error" not in lines[0]
        else:
            # opened and aligned; stopped only because da-mqm needs a provider
            assert code == 2 and len(lines) == 1 and "provider" in lines[0], (case.name, code, err)


def test_texts_that_open_keep_their_characters(corpus):
    for case in corpus:
        if case.outcome != "opens":
            continue
        text = load_text(case.translation)
        assert case.expect in text.content, case.name
        project = build_project("p", load_text(case.source), [("t", text)])
        cand = project.candidates[0]
        # every paragraph of both sides is somewhere in the alignment: nothing dropped
        assert sorted(i for p in cand.alignment.pairs for i in p.target) == list(range(len(text.paragraphs)))
        assert sorted(i for p in cand.alignment.pairs for i in p.source) == \
            list(range(len(project.source.paragraphs)))


def test_mismatched_paragraph_counts_are_reported_not_hidden(corpus):
    case = next(c for c in corpus if c.name == "mismatched-paragraphs")
    project = build_project("p", load_text(case.source), [("t", load_text(case.translation))])
    alignment = project.candidates[0].alignment
    assert alignment.mismatch and alignment.notes


def test_mixed_encodings_do_not_produce_silent_garbage(corpus):
    case = next(c for c in corpus if c.name == "mixed-encodings")
    """A file half UTF-8, half CP949 is refused with one line naming it, or read as the Korean it holds:
    never opened as mojibake (Windows-1252 or Latin-1 decode any bytes without a replacement character)."""
    try:
        text = load_text(case.translation)
    except TextReadError as exc:
        assert "mixed.txt" in str(exc) and "\n" not in str(exc)
        return
    assert text.content.split("\n\n") == badinputs.KO.split("\n\n")[:2], text.content[:80]


def test_a_real_cli_process_fails_with_one_line(corpus, tmp_path):
    case = next(c for c in corpus if c.name == "zip-bomb")
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-m", "litlens.app.cli.main", "--db", str(tmp_path / "p.db"), "evaluate",
                          str(case.source), str(case.translation), "--judge", "consistency", "--quiet"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == EXIT_INPUT
    assert out.stderr.strip().count("\n") == 0 and "bomb.docx" in out.stderr and "zip bomb" in out.stderr


# ---- hostile XML (XLIFF import), only once app.formats has landed -----------------------------------

def test_hostile_xml_is_refused_with_one_clear_message(tmp_path):
    from litlens.app.formats import load_bilingual
    for name, path, outcome in badinputs.xml_cases(tmp_path):
        if outcome == "opens":
            bi = load_bilingual(path)
            assert "아무도 오지 않았다." in bi.target.content
            continue
        with pytest.raises(TextReadError) as info:
            load_bilingual(path)
        message = str(info.value)
        assert path.name in message and "\n" not in message, (name, message)
        assert "root:" not in message  # the XXE never read /etc/passwd into a message


# ---- the same corpus through the window -------------------------------------------------------------

@pytest.mark.gui
def test_each_file_opens_or_shows_one_error_in_the_window(qtbot, db_path, corpus, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from litlens.ui.shell.window import MainWindow
    shown: list[tuple[str, str]] = []
    for name in ("critical", "warning"):
        monkeypatch.setattr(QMessageBox, name,
                            staticmethod(lambda parent, title, text, *a, **k: shown.append((title, text))))
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    try:
        for case in corpus:
            before_errors = len(shown)
            before = window.document.project
            window.open_files(case.source, [case.translation])
            qtbot.waitUntil(lambda: len(shown) > before_errors or window.document.project is not before,
                            timeout=30_000)
            qtbot.wait(50)  # a second dialog for the same open would arrive by now
            new = shown[before_errors:]
            if case.outcome == "error" or (case.outcome == "either" and new):
                assert len(new) == 1, (case.name, new)
                title, text = new[0]
                assert case.bad in text and "Traceback" not in text, (case.name, text)
                assert "unexpected" not in text.lower(), (case.name, text)
                assert window.document.project is before  # the open project stays as it was
            else:
                assert new == [], (case.name, new)
                project = window.document.project
                assert project is not None and project is not before
                assert case.expect in project.candidates[0].text.content
    finally:
        window.close()


# ---- bilingual XML given where a plain text is expected (issue 20, defect 4) ------------------------

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en"
 o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
<tu tuid="1"><tuv xml:lang="en"><seg>Nobody came.</seg></tuv><tuv xml:lang="ko"><seg>아무도 오지 않았다.</seg></tuv></tu>
</body></tmx>"""


def _bilingual_as_text(folder):
    """(file, kind) pairs: every bilingual suffix, well-formed, malformed and entity-declaring, and
    XLIFF/TMX content under a .txt name."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for suffix in (".xlf", ".xliff", ".sdlxliff", ".mqxliff"):
        for name, text in (("good", badinputs.GOOD_XLIFF), ("malformed", badinputs.MALFORMED),
                           ("entities", badinputs.BILLION_LAUGHS), ("xxe", badinputs.XXE)):
            p = folder / f"{name}{suffix}"
            p.write_text(text, encoding="utf-8")
            files.append((p, "XLIFF"))
    for name, text, kind in (("memory.tmx", _TMX, "TMX"), ("broken.tmx", _TMX[:200], "TMX"),
                             ("renamed_xliff.txt", badinputs.GOOD_XLIFF, "XLIFF"),
                             ("renamed_tmx.txt", _TMX, "TMX"),
                             ("bare_xliff.txt", badinputs.GOOD_XLIFF.split("\n", 1)[1], "XLIFF")):
        p = folder / name
        p.write_text(text, encoding="utf-8")
        files.append((p, kind))
    return files


def test_bilingual_files_given_as_texts_are_refused_pointing_to_bilingual(tmp_path, capsys):
    en = tmp_path / "source_en.txt"
    en.write_text(badinputs.EN, encoding="utf-8")
    db = tmp_path / "cli.db"
    for path, kind in _bilingual_as_text(tmp_path / "xml"):
        for args in ([str(en), str(path)], [str(path), str(en)]):  # as the translation, then the source
            code = main(["--db", str(db), "evaluate", *args, "--judge", "consistency", "--quiet"])
            err = capsys.readouterr().err
            lines = [ln for ln in err.splitlines() if ln.strip()]
            assert code == EXIT_INPUT, (path.name, code, err)
            assert len(lines) == 1 and path.name in lines[0], (path.name, err)
            assert kind in lines[0] and "--bilingual" in lines[0], (path.name, err)
            assert "Traceback" not in err and "root:" not in err


def test_xml_document_under_a_text_name_is_refused_in_a_real_cli_process(tmp_path):
    en = tmp_path / "source_en.txt"
    en.write_text(badinputs.EN, encoding="utf-8")
    hidden = tmp_path / "translation_ko.txt"
    hidden.write_text(badinputs.XXE, encoding="utf-8")
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(tmp_path / "p.db"), "evaluate",
                          str(en), str(hidden), "--judge", "consistency", "--quiet"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == EXIT_INPUT, out.stderr
    assert out.stderr.strip().count("\n") == 0 and "--bilingual" in out.stderr, out.stderr
    assert "translation_ko.txt" in out.stderr and "XLIFF" in out.stderr


def test_plain_texts_that_mention_markup_still_open(tmp_path):
    p = tmp_path / "essay.txt"
    p.write_text("On <xliff> files.\n\nTranslators exchange them every day.", encoding="utf-8")
    assert "<xliff>" in load_text(p).content


@pytest.mark.gui
def test_the_window_refuses_a_bilingual_file_opened_as_a_text(qtbot, db_path, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from litlens.ui.shell.window import MainWindow
    shown: list[str] = []
    for name in ("critical", "warning"):
        monkeypatch.setattr(QMessageBox, name,
                            staticmethod(lambda parent, title, text, *a, **k: shown.append(text)))
    en = tmp_path / "source_en.txt"
    en.write_text(badinputs.EN, encoding="utf-8")
    xlf = tmp_path / "story.sdlxliff"
    xlf.write_text(badinputs.GOOD_XLIFF, encoding="utf-8")
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    try:
        window.open_files(en, [xlf])
        qtbot.waitUntil(lambda: bool(shown), timeout=30_000)
        assert len(shown) == 1 and "story.sdlxliff" in shown[0] and "bilingual" in shown[0], shown
        assert window.document.project is None
    finally:
        window.close()


# ---- decomposed (NFD) text is read as NFC (issue 20, defect 5) ---------------------------------------

def test_nfd_text_is_normalised_offsets_and_exports_follow(tmp_path):
    import json
    import sqlite3
    import unicodedata

    en = tmp_path / "source_en.txt"
    en.write_text(badinputs.EN, encoding="utf-8")
    nfd = tmp_path / "nfd_ko.txt"
    nfd.write_text(unicodedata.normalize("NFD", badinputs.KO), encoding="utf-8")

    text = load_text(nfd)
    assert text.content == badinputs.KO  # composed, so a composed search finds it
    start = text.content.index("아무도")
    last = text.paragraphs[-1]
    assert text.content[last.start:last.end] == "아무도 오지 않았다."  # offsets count syllables
    assert start == last.start

    db = tmp_path / "nfc.db"
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    run = subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "evaluate", str(en), str(nfd),
                          "--judge", "consistency", "--quiet", "--source-lang", "en", "--target-lang", "ko"],
                         capture_output=True, text=True, env=env, timeout=180)
    assert run.returncode in (0, 1), run.stderr
    con = sqlite3.connect(db)
    try:
        stored = [r[0] for r in con.execute("SELECT content FROM texts")]
    finally:
        con.close()
    assert badinputs.KO in stored  # what is stored (and shown) is the normalised text
    assert all(unicodedata.is_normalized("NFC", s) for s in stored)
    out = tmp_path / "report.json"
    rep = subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "report", "1", "-o", str(out)],
                         capture_output=True, text=True, env=env, timeout=180)
    assert rep.returncode == 0, rep.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["texts"]["unicode_normalisation"] == "NFC"
    html = tmp_path / "report.html"
    subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "report", "1", "-o", str(html)],
                   capture_output=True, text=True, env=env, timeout=180, check=True)
    assert "normalised to Unicode NFC" in html.read_text(encoding="utf-8")
