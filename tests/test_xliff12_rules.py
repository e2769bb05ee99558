"""The report XLIFF and the revised CAT XLIFF keep the XLIFF 1.2 content model wherever the original keeps
it: every XLIFF 1.2 file of tests/data/cat, its report (findings as notes, one on an edited segment) and
its revised translation pass tests/xliff12_rules.py, and so do the fresh XLIFF 1.2 files written for a
TMX and for a plain-text project. The rules are our own reading of the specification, not the OASIS XSD
(no package ships it); each rule the exports could break is shown to catch a file that breaks it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from litlens.app.core.edits import replace_paragraph
from litlens.app.core.model import Span
from litlens.app.formats import project_from_bilingual
from litlens.app.reports import write_report
from litlens.app.reports.revised import translation_suffix, write_revised
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from test_report_states import _run_with
from xliff12_rules import problems

DATA = Path(__file__).parent / "data" / "cat"
XLIFF12 = ["story.sdlxliff", "garden.mqxliff", "letters.xlf"]


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "litlens.db")
    yield s
    s.close()


def _spans(project) -> list[Span]:
    """A finding on the first three characters of every paragraph that has them."""
    t = project.candidate("Draft").text
    out = []
    for i, p in enumerate(t.paragraphs):
        if len(p.text.strip()) >= 3:
            out.append(Span(judge="gemba_mqm", category="accuracy/mistranslation", severity="major",
                            start=p.start, end=p.start + 3, quote=p.text[:3], explanation=f"finding {i}",
                            paragraph=i))
    return out


def _project(tmp_path: Path, name: str):
    src = tmp_path / name
    shutil.copy(DATA / name, src)
    return project_from_bilingual(src, "Draft"), src


@pytest.mark.parametrize("name", XLIFF12)
def test_the_originals_keep_the_rules(name):
    assert problems(DATA / name) == []


@pytest.mark.parametrize("name", XLIFF12 + ["winter.tmx"])
def test_the_report_xliff_keeps_the_rules(tmp_path, store, name):
    project, src = _project(tmp_path, name)
    run_id = _run_with(store, project, {"gemba_mqm": _spans(project)})
    out = tmp_path / ("report.xlf" if name.endswith(".tmx") else f"report{src.suffix}")
    write_report(store, run_id, "xliff", out)
    assert out.read_bytes().count(b'from="LitLens"') >= 2  # findings were written as notes
    assert problems(out) == []


@pytest.mark.parametrize("name", XLIFF12)
def test_the_revised_xliff_keeps_the_rules(tmp_path, name):
    project, _ = _project(tmp_path, name)
    cand = project.candidate("Draft")
    for index in (0, len(cand.text.paragraphs) - 1):  # an edit at each end of the file
        para = cand.text.paragraphs[index].text
        cand.text, _ = replace_paragraph(cand.text, index, para[: max(1, len(para) // 2)] + " <edited> & more")
    out = tmp_path / f"revised{translation_suffix(project, 'Draft')}"
    write_revised(project, "Draft", "xliff", out)
    assert problems(out) == []


def test_a_fresh_xliff_for_a_plain_text_project_keeps_the_rules(tmp_path, store):
    project = build_project("p", text_from_string("One.\n\nTwo & <three>.", "en"),
                            [("Draft", text_from_string("Un.\n\nDeux & <trois>.", "fr"))])
    run_id = _run_with(store, project, {"gemba_mqm": _spans(project)})
    out = tmp_path / "report.xlf"
    write_report(store, run_id, "xliff", out)
    assert problems(out) == []


LETTERS = (DATA / "letters.xlf").read_bytes()


@pytest.mark.parametrize("change, words", [
    # a note after another namespace's element, as the report once wrote it after <sdl:seg-defs>
    (lambda b: b.replace(b"</target>", b'</target><x:tool xmlns:x="urn:x"/><note>late</note>', 1),
     "comes after another namespace's element"),
    (lambda b: b.replace(b'<trans-unit id="t1" approved="yes">', b'<trans-unit approved="yes">', 1), "has no 'id'"),
    (lambda b: b.replace(b'<target state="final">', b'<target state="approved">', 1), "state='approved'"),
    (lambda b: b.replace(b"</target>", b"</target><note>a <g id='9'>b</g></note>", 1), "a note is text only"),
    (lambda b: b.replace(b"</target>", b"</target><source>again</source>", 1), "<source> is out of place"),
    (lambda b: b.replace(b'<g id="1">Marie</g>,</target>', b'<b>Marie</b>,</target>', 1),
     "is not an inline element"),
    (lambda b: b.replace(b' datatype="html"', b"", 1), "has no 'datatype'"),
    (lambda b: b.replace(b"<body>", b"<body><note>n</note>", 1), "only group, trans-unit and bin-unit"),
])
def test_each_rule_catches_a_file_that_breaks_it(change, words):
    broken = change(LETTERS)
    assert broken != LETTERS
    found = problems(broken)
    assert any(words in p for p in found), found
