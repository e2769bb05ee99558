"""The termbase: TBX (v3 and the 2008 martif form) and CSV/TSV/XLSX glossaries read and written without
loss, and the consistency judge enforcing it (forbidden renderings at their characters, the preferred
rendering missing where the source term occurs, spellings the termbase does not allow), from the
judge's option and from ``litlens evaluate --termbase`` / ``litlens terms``."""

from __future__ import annotations

import asyncio
import json
import dataclasses
from pathlib import Path

import pytest

from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, main
from litlens.app.consistency import analyse_candidate
from litlens.app.formats.errors import FormatError, UnsafeXMLError
from litlens.app.judges import consistency as consistency_judge
from litlens.app.judges.base import UnitContext
from litlens.app.judges.options import OptionError
from litlens.app.terms import (ALLOWED, FORBIDDEN, PREFERRED, Term, TermEntry, Termbase, load_termbase,
                               save_termbase)
from litlens.app.terms.glossary import rows_to_termbase
from litlens.app.terms.tbx import read_tbx, write_tbx
from litlens.app.texts import build_project, text_from_string

MARTIF = """<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en-US">
 <martifHeader><fileDesc><sourceDesc><p>from a CAT tool</p></sourceDesc></fileDesc></martifHeader>
 <text><body>
  <termEntry id="e1">
   <descrip type="definition">The hero of the novel.</descrip>
   <langSet xml:lang="en-US"><tig><term>Grandison</term></tig></langSet>
   <langSet xml:lang="ko-KR">
    <tig><term>그랜디슨</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
    <tig><term>그랜디선</term><termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></tig>
    <ntig><termGrp><term>그란디손</term>
      <termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></termGrp>
      <note>the 1970s edition's spelling</note></ntig>
   </langSet>
  </termEntry>
  <termEntry id="e2">
   <langSet xml:lang="en-US"><tig><term>inn</term></tig></langSet>
   <langSet xml:lang="ko-KR"><tig><term>여인숙</term></tig><tig><term>여관</term>
    <termNote type="administrativeStatus">supersededTerm-admn-sts</termNote></tig></langSet>
  </termEntry>
  <termEntry id="e3"><langSet xml:lang="en-US"><tig><term>only English</term></tig></langSet></termEntry>
 </body></text>
</martif>"""

INN_EN = ("Sir Charles Grandison arrived at the inn on a cold evening.\n\n"
          "Grandison asked the keeper for a room.\n\n"
          "The keeper said the road was closed.\n\n"
          "Grandison smiled and waited at the inn.")
INN_KO = ("찰스 그랜디슨 경은 추운 저녁에 여관에 도착했다.\n\n"
          "그란디손은 주인에게 방을 청했다.\n\n"
          "주인은 길이 막혔다고 말했다.\n\n"
          "그랜디승은 웃으며 여인숙에서 기다렸다.")


def _termbase() -> Termbase:
    return Termbase("en", "ko", [
        TermEntry("c1", (Term("Grandison"),), (Term("그랜디슨"), Term("그란디손", FORBIDDEN, "old spelling"))),
        TermEntry("c2", (Term("inn"),), (Term("여인숙"), Term("여관", FORBIDDEN))),
        TermEntry("c3", (Term("keeper"),), (Term("주인"), Term("여관 주인", ALLOWED)), "the innkeeper"),
    ])


def _project():
    return build_project("inn", text_from_string(INN_EN, "en"), [("Draft", text_from_string(INN_KO, "ko"))])


# ---- files ----------------------------------------------------------------------------------------------

def test_tbx_2008_is_read_with_statuses_notes_and_languages():
    tb = read_tbx(MARTIF.encode(), "old.tbx")
    assert (tb.source_lang, tb.target_lang) == ("en", "ko")
    assert [e.id for e in tb.entries] == ["e1", "e2"]  # an entry with one language cannot be enforced
    hero = tb.entries[0]
    assert [(t.text, t.status) for t in hero.target] == [("그랜디슨", PREFERRED), ("그랜디선", ALLOWED),
                                                         ("그란디손", FORBIDDEN)]
    assert hero.target[2].note == "the 1970s edition's spelling"
    assert hero.note == "The hero of the novel."
    # no status: the first rendering is the preferred one; superseded is forbidden
    assert [(t.text, t.status) for t in tb.entries[1].target] == [("여인숙", PREFERRED), ("여관", FORBIDDEN)]


def test_tbx_round_trip_import_edit_export_import_is_equal(tmp_path):
    path = tmp_path / "old.tbx"
    path.write_text(MARTIF, encoding="utf-8")
    tb = load_termbase(path)
    hero = tb.entries[0]
    tb.entries[0] = dataclasses.replace(hero, target=hero.target + (Term("그랜디손", FORBIDDEN, "a typo"),),
                                        note="Sir Charles")
    tb.entries.append(TermEntry(tb.next_id(), (Term("keeper"),), (Term("주인"),)))
    out = tmp_path / "edited.tbx"
    save_termbase(tb, out)
    again = load_termbase(out)
    assert (again.source_lang, again.target_lang, again.entries) == (tb.source_lang, tb.target_lang, tb.entries)
    assert b"conceptEntry" in out.read_bytes() and b"deprecatedTerm-admn-sts" in out.read_bytes()
    assert again.digest() == tb.digest()
    tb.entries.pop()
    assert load_termbase(out).digest() != tb.digest()


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".xlsx"])
def test_glossary_tables_round_trip(tmp_path, suffix):
    tb = _termbase()
    path = tmp_path / f"glossary{suffix}"
    save_termbase(tb, path)
    again = load_termbase(path, "en", "ko")
    for mine, theirs in zip(tb.entries, again.entries, strict=True):
        assert mine.source == theirs.source and mine.note == theirs.note
        assert sorted(mine.target, key=lambda t: t.text) == sorted(theirs.target, key=lambda t: t.text)


def test_a_glossary_with_its_own_column_order_variants_and_status_words():
    rows = [["Note", "Target", "Source", "Variants", "Status"],
            ["the hero", "그랜디슨", "Grandison; Sir Charles", "그랜디선 | 그랜디스", ""],
            ["", "그란디손", "Grandison", "", "do not use"],
            ["", "여인숙", "inn", "", "approved"]]
    tb = rows_to_termbase(rows, "g.csv", "en", "ko")
    hero = tb.entries[0]
    assert [t.text for t in hero.source] == ["Grandison", "Sir Charles"] and hero.note == "the hero"
    assert [(t.text, t.status) for t in hero.target] == [("그랜디슨", PREFERRED), ("그랜디선", ALLOWED),
                                                         ("그랜디스", ALLOWED), ("그란디손", FORBIDDEN)]
    with pytest.raises(FormatError, match="row 1"):  # no header: the first row is a term
        rows_to_termbase([["a", "b", "maybe"], ["c", "d", "sometimes"]], "g.csv")


def test_hostile_tbx_is_refused():
    bomb = ('<?xml version="1.0"?><!DOCTYPE martif [<!ENTITY a "aaaa">]><martif><text><body/></text>'
            '</martif>').encode()
    with pytest.raises(UnsafeXMLError):
        read_tbx(bomb, "bomb.tbx")
    with pytest.raises(FormatError, match="not a TBX"):
        read_tbx(b"<html/>", "page.tbx")


def test_merge_adds_missing_renderings_to_the_entry_with_the_same_source_term():
    tb = _termbase()
    other = Termbase("en", "ko", [TermEntry("c1", (Term("grandison"),), (Term("그랜디슨"), Term("그랜디선", ALLOWED))),
                                  TermEntry("c1", (Term("road"),), (Term("길"),))])
    assert tb.merge(other) == 1
    assert [t.text for t in tb.entries[0].target] == ["그랜디슨", "그란디손", "그랜디선"]
    assert tb.entries[-1].id == "t4" and [t.text for t in tb.entries[-1].source] == ["road"]


# ---- enforcement ----------------------------------------------------------------------------------------

def _termbase_findings(project, tb):
    report = analyse_candidate(project, project.candidates[0], termbase=tb)
    return report, [f for f in report.findings if f.check == "termbase"]


def test_forbidden_renderings_are_found_at_their_characters():
    project = _project()
    report, found = _termbase_findings(project, _termbase())
    content = project.candidates[0].text.content
    forbidden = [f for f in found if f.data["rule"] == "forbidden"]
    assert [(content[f.start:f.end], f.severity, f.category) for f in forbidden] == [
        ("여관", "major", "terminology/mistranslation"), ("그란디손", "major", "terminology/mistranslation")]
    assert [f.start for f in forbidden] == [content.index("여관"), content.index("그란디손")]
    assert forbidden[1].suggestion == "그랜디슨" and forbidden[1].data["entry"]["id"] == "c1"
    assert forbidden[1].data["entry"]["target"][1] == {"text": "그란디손", "status": "forbidden",
                                                       "note": "old spelling"}
    assert report.counts()["termbase"] == len(found) and report.termbase["entries"] == 3


def test_preferred_missing_and_unlisted_variants_where_the_source_term_occurs():
    project = _project()
    _, found = _termbase_findings(project, _termbase())
    content = project.candidates[0].text.content
    by_rule = {}
    for f in found:
        by_rule.setdefault(f.data["rule"], []).append(f)
    # 그랜디승 is a jamo away from 그랜디슨 and not in the termbase: a variant, where Grandison is said
    [variant] = by_rule["variant"]
    assert content[variant.start:variant.end] == "그랜디승" and variant.category == "terminology/inconsistent"
    assert variant.suggestion == "그랜디슨" and variant.paragraph == 3
    # 'keeper' is said in paragraphs 2 and 3; the translation says 주인 (preferred) in both: no finding.
    # Paragraph 1 says 'inn' and has only the forbidden 여관: the forbidden finding, not also a missing one.
    assert "missing" not in by_rule
    tb = _termbase()
    tb.entries[2] = TermEntry("c3", (Term("keeper"),), (Term("여관 주인"), Term("관리인", ALLOWED)))
    _, found = _termbase_findings(project, tb)
    missing = [f for f in found if f.data["rule"] == "missing"]
    assert [f.paragraph for f in missing] == [1, 2]
    seg = project.candidates[0].text.paragraphs[1]
    assert (missing[0].start, missing[0].end) == (seg.start, seg.end)
    assert "“여관 주인”, “관리인”" in missing[0].explanation


def test_latin_terms_match_whole_words_only():
    project = build_project("x", text_from_string("The keeper slept.\n\nThe keeper woke.", "en"),
                            [("fr", text_from_string("Le gardien dormait.\n\nLe sous-gardiennage.", "fr"))])
    tb = Termbase("en", "fr", [TermEntry("k", (Term("keeper"),), (Term("gardien"), Term("garde", FORBIDDEN)))])
    _, found = _termbase_findings(project, tb)
    # 'gardiennage' contains 'gardien' but is another word: paragraph 2 lacks the preferred term
    assert [(f.data["rule"], f.paragraph) for f in found] == [("missing", 1)]


def test_no_termbase_no_termbase_column():
    project = _project()
    report = analyse_candidate(project, project.candidates[0])
    assert "termbase" not in report.counts() and report.termbase is None


# ---- the judge and the command line --------------------------------------------------------------------

def _judge_run(project, path: str):
    judge = consistency_judge.ConsistencyJudge()
    options = judge.Options(spacy_model="", termbase=path)
    units = judge.plan(project, options)
    return units, [asyncio.run(u.run(UnitContext(project, options, None))) for u in units]


def test_the_judge_option_enforces_the_file_and_keys_results_by_its_content(tmp_path):
    project = _project()
    path = tmp_path / "tb.tbx"
    save_termbase(_termbase(), path)
    units, [result] = _judge_run(project, str(path))
    spans = [s for s in result.spans if s.data["check"] == "termbase"]
    assert {s.data["rule"] for s in spans} == {"forbidden", "variant"}
    assert result.data["termbase"]["name"] == "tb.tbx"
    plain, _ = _judge_run(project, "")
    assert units[0].input_hash != plain[0].input_hash
    tb = _termbase()
    tb.entries.pop()
    save_termbase(tb, path)
    changed, _ = _judge_run(project, str(path))
    assert changed[0].input_hash != units[0].input_hash
    summary = consistency_judge.ConsistencyJudge().summarize([result])[0]
    assert "termbase" in summary.headers
    # written the other way round (ko → en): turned round for this project
    save_termbase(_termbase().reversed(), path)
    _, [turned] = _judge_run(project, str(path))
    assert [s.start for s in turned.spans if s.data["check"] == "termbase"] == [s.start for s in spans]
    with pytest.raises(OptionError, match="termbase"):
        _judge_run(project, str(tmp_path / "missing.tbx"))


def test_cli_terms_import_export_and_evaluate_with_termbase(tmp_path, db_path, capsys):
    glossary = tmp_path / "g.csv"
    glossary.write_text("source term,target term,status\nGrandison,그랜디슨,preferred\n"
                        "Grandison,그란디손,forbidden\n", encoding="utf-8")
    old = tmp_path / "old.tbx"
    old.write_text(MARTIF, encoding="utf-8")
    tbx = tmp_path / "project.tbx"
    assert main(["terms", "import", str(glossary), "--into", str(tbx), "--source-lang", "en",
                 "--target-lang", "ko"]) == EXIT_OK
    assert main(["terms", "import", str(old), "--into", str(tbx)]) == EXIT_OK
    tb = load_termbase(tbx)
    assert len(tb) == 2 and [t.text for t in tb.entries[0].target] == ["그랜디슨", "그란디손", "그랜디선"]
    assert main(["terms", "export", str(tbx), str(tmp_path / "out.xlsx")]) == EXIT_OK
    assert load_termbase(tmp_path / "out.xlsx", "en", "ko").entries[1].source[0].text == "inn"
    src, tgt = tmp_path / "en.txt", tmp_path / "ko.txt"
    src.write_text(INN_EN, encoding="utf-8")
    tgt.write_text(INN_KO, encoding="utf-8")
    capsys.readouterr()
    assert main(["evaluate", str(src), str(tgt), "--judge", "consistency", "--option",
                 "consistency.spacy_model=", "--termbase", str(tbx), "--format", "csv", "--quiet"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "The termbase marks “그란디손” as a forbidden rendering of “Grandison”" in out
    assert "The termbase marks “여관” as a forbidden rendering of “inn”" in out
    assert main(["evaluate", str(src), str(tgt), "--judge", "honorifics", "--termbase", str(tbx)]) == EXIT_USAGE


# long enough for the name check to tie 그랜디슨 to Grandison (two rows at least), with 그란디손 once
STAY_EN = ("Sir Charles Grandison arrived at the inn.\n\nGrandison asked for a room.\n\nThe road was closed.\n\n"
           "Grandison smiled.\n\nIn the morning Grandison left.")
STAY_KO = ("찰스 그랜디슨 경은 여관에 도착했다.\n\n그랜디슨은 방을 청했다.\n\n길이 막혔다.\n\n"
           "그란디손은 미소를 지었다.\n\n아침에 그랜디슨은 떠났다.")


def test_promote_a_runs_names_into_a_termbase_and_enforce_it(tmp_path, db_path, capsys):
    from litlens.app.terms.promote import VARIANT_NOTE, from_term_table
    src, tgt = tmp_path / "en.txt", tmp_path / "ko.txt"
    src.write_text(STAY_EN, encoding="utf-8")
    tgt.write_text(STAY_KO, encoding="utf-8")
    base = [str(src), str(tgt), "--judge", "consistency", "--option", "consistency.spacy_model=", "--quiet"]
    assert main(["evaluate", *base, "--format", "json"]) == EXIT_OK
    capsys.readouterr()
    tbx = tmp_path / "promoted.tbx"
    # a reviewer's own entry for Grandison is there first and must survive promotion
    save_termbase(Termbase("en", "ko", [TermEntry("mine", (Term("Grandison"),), (Term("그랜디슨"),),
                                                  "the reviewer's")]), tbx)
    assert main(["terms", "promote", "1", "--into", str(tbx)]) == EXIT_OK
    tb = load_termbase(tbx)
    assert tb.entries[0] == TermEntry("mine", (Term("Grandison"),), (Term("그랜디슨"),), "the reviewer's")
    assert main(["terms", "promote", "1", "--into", str(tmp_path / "fresh.tbx")]) == EXIT_OK
    fresh = load_termbase(tmp_path / "fresh.tbx")
    hero = next(e for e in fresh.entries if e.source[0].text == "Grandison")
    assert hero.target[0] == Term("그랜디슨", PREFERRED)
    assert hero.target[1:] == (Term("그란디손", FORBIDDEN, VARIANT_NOTE),)
    assert main(["terms", "promote", "1", "--into", str(tmp_path / "fresh.tbx")]) == EXIT_OK
    assert "0 entries added" in capsys.readouterr().out  # nothing twice
    # the promoted termbase, enforced: the variant spelling is now a forbidden rendering
    assert main(["evaluate", *base, "--termbase", str(tmp_path / "fresh.tbx"), "--format", "json"]) == EXIT_OK
    spans = [s for r in json.loads(capsys.readouterr().out)["results"] for s in r["spans"]
             if s.get("data", {}).get("check") == "termbase" or "termbase" in s.get("explanation", "")]
    assert [(s["quote"], s["severity"]) for s in spans] == [("그란디손", "major")]
    assert from_term_table({"x": {"renderings": []}}, "en", "ko").entries == []
    assert main(["terms", "promote", "1", "--into", str(tbx), "--candidate", "nobody"]) == EXIT_USAGE
