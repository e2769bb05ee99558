"""CAT files come back as they went out: the revised translation written into a Trados SDLXLIFF, a memoQ
MQXLIFF, an XLIFF 1.2 file with nested codes, an XLIFF 2.0 file and a UTF-16 TMX (tests/data/cat, written
for these tests in each format's real structure) changes the one segment the reviewer edited and nothing
else, byte for byte; the edited segment keeps its codes between words and gets its tool's status;
translate-toolkit reads the result and LitLens re-opens it with the same IDs."""

from __future__ import annotations

import shutil
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from lxml import etree

from litlens.app.core.edits import replace_paragraph
from litlens.app.formats import inline, load_bilingual, project_from_bilingual
from litlens.app.formats.writeback import open_cat
from litlens.app.formats.xmlsource import XmlSource
from litlens.app.reports.revised import translation_suffix, write_revised

DATA = Path(__file__).parent / "data" / "cat"
SDL = "{http://sdl.com/FileTypes/SdlXliff/1.0}"


@dataclass
class Case:
    file: str
    seg_id: str  # the segment edited, next to one of its codes
    new: str


CASES = [
    Case("story.sdlxliff", "3", "아서는 오른손에 등불을 들었다."),
    Case("garden.mqxliff", "2", "Hinter dem Haus pflanzte Großmutter Bohnen und Rosen."),
    Case("letters.xlf", "t2", "Le vieux port est silencieux maintenant.Les bateaux sont partis."),
    Case("haiku.xlf", "u2::s2", "池は静かだ。"),
    Case("winter.tmx", "101", "Le vent du nord se levait."),
]


def _edit(tmp_path: Path, case: Case, new: str | None = None):
    original = tmp_path / case.file
    shutil.copy(DATA / case.file, original)
    project = project_from_bilingual(original, "Draft")
    cand = project.candidate("Draft")
    index = cand.text.segment_ids.index(case.seg_id)
    cand.text, _ = replace_paragraph(cand.text, index, case.new if new is None else new)
    out = tmp_path / f"revised{translation_suffix(project, 'Draft')}"
    warnings = write_revised(project, "Draft", "xliff", out)
    return original, out, warnings, project


def _byte_range(src: XmlSource, start: int, end: int) -> tuple[int, int]:
    """Byte offsets of a character range of the file (BOM included)."""
    head = len(src.bom) + len(src.text[:start].encode(src.codec))
    return head, head + len(src.text[start:end].encode(src.codec))


def _unit_of(path: Path, seg_id: str):
    cat = open_cat(path)
    site = cat.site(seg_id)
    return cat, site, site.unit_el


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_only_the_edited_segment_changes_byte_for_byte(tmp_path, case):
    original, out, warnings, _project = _edit(tmp_path, case)
    assert warnings == []
    before, after = original.read_bytes(), out.read_bytes()
    assert before != after
    cat_a, _site_a, unit_a = _unit_of(original, case.seg_id)
    cat_b, _site_b, unit_b = _unit_of(out, case.seg_id)
    a0, a1 = _byte_range(cat_a.source, cat_a.source.span(unit_a).start, cat_a.source.span(unit_a).end)
    b0, b1 = _byte_range(cat_b.source, cat_b.source.span(unit_b).start, cat_b.source.span(unit_b).end)
    # everything before and after the edited unit: the same bytes (BOM, declaration, line endings…)
    assert after[:b0] == before[:a0]
    assert after[b1:] == before[a1:]
    # inside the unit, every other segment is as it was
    for site in cat_a.sites:
        if site.seg_id != case.seg_id:
            same = cat_b.site(site.seg_id).target_el
            assert cat_b.source.markup(same) == cat_a.source.markup(site.target_el)


def test_the_corpus_is_what_it_claims_to_be():
    # a test of the test data: the kinds of bytes the round trip must keep are really there
    assert (DATA / "story.sdlxliff").read_bytes().startswith(b"\xef\xbb\xbf")
    tmx = (DATA / "winter.tmx").read_bytes()
    assert tmx.startswith(b"\xff\xfe<\x00") and "\r\n".encode("utf-16-le") in tmx
    letters = (DATA / "letters.xlf").read_bytes()
    assert b"\r\n" in letters and b"<![CDATA[" in letters and b"&#xE8;" in letters
    assert unicodedata.normalize("NFD", "ê").encode() in letters
    assert b'<g id="3" ctype="bold">old <g id="4"' in letters
    assert b"<bx " in letters and b"<ph " in letters
    assert b"<sdl:seg-defs>" in (DATA / "story.sdlxliff").read_bytes()
    assert b'mq:status="ManuallyConfirmed"' in (DATA / "garden.mqxliff").read_bytes()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_litlens_reopens_it_with_the_same_ids_and_the_edit(tmp_path, case):
    original, out, _w, project = _edit(tmp_path, case)
    again = load_bilingual(out)
    first = load_bilingual(original)
    assert again.segment_ids == first.segment_ids
    assert again.format == first.format
    texts = [p.text for p in again.target.paragraphs]
    assert texts == [p.text for p in project.candidate("Draft").text.paragraphs]
    assert texts[again.segment_ids.index(case.seg_id)] == case.new


def _toolkit_store(path: Path):
    from translate.storage import tmx, xliff, xliff2
    data = path.read_bytes()
    if path.suffix == ".tmx":
        return tmx.tmxfile.parsestring(data)
    if b"xliff:document:2.0" in data:
        return xliff2.Xliff2File.parsestring(data)
    return xliff.xlifffile.parsestring(data)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_translate_toolkit_reads_the_result(tmp_path, case):
    original, out, _w, _p = _edit(tmp_path, case)
    before, after = _toolkit_store(original), _toolkit_store(out)
    assert len(after.units) == len(before.units)
    changed = [(str(a.target), str(b.target)) for a, b in zip(before.units, after.units)
               if str(a.target) != str(b.target)]
    assert len(changed) == 1
    # the reviewer's new words are in the toolkit's target (which spans the whole unit in SDLXLIFF)
    old = load_bilingual(original)
    old_words = set(old.target.paragraphs[old.segment_ids.index(case.seg_id)].text.split())
    new_words = [w for w in case.new.split() if w not in old_words]
    assert new_words and all(w in changed[0][1] for w in new_words)


def _codes_between_words(target: etree._Element) -> list[str]:
    """Codes that sit between two letters in the target's readable text ('A<x/>tur')."""
    bad = []
    pieces = inline.pieces_of(target)
    text_before = ""
    for n, p in enumerate(pieces):
        if isinstance(p, str):
            text_before += p
            continue
        after = next((q for q in pieces[n + 1:] if isinstance(q, str) and q), "")
        if text_before[-1:].isalnum() and after[:1].isalnum():
            bad.append(etree.QName(p.element).localname)
    return bad


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.file)
def test_codes_stay_with_their_words(tmp_path, case):
    _o, out, _w, _p = _edit(tmp_path, case)
    cat = open_cat(out)
    site = cat.site(case.seg_id)
    before = open_cat(DATA / case.file).site(case.seg_id)
    kinds = lambda el: [etree.QName(c).localname for c in el.iter() if c is not el]  # noqa: E731
    assert kinds(site.target_el) == kinds(before.target_el)  # every code kept, in order
    assert _codes_between_words(site.target_el) == _codes_between_words(before.target_el)


def test_a_code_is_never_put_inside_a_word():
    el = etree.fromstring('<target>Arthur est venu <x id="6"/>tard.</target>')
    pieces = inline.pieces_of(el)
    for new in ("Arthur est venutard.", "Arthur arriva tard.", "Arturo est venu tard.", "A tard."):
        placed = inline.placed(pieces, new)
        at = len(placed[0]) if isinstance(placed[0], str) else 0
        assert not (new[at - 1:at].isalnum() and new[at:at + 1].isalnum()), (new, placed)


def test_edits_next_to_and_inside_a_group(tmp_path):
    case = CASES[0]
    _o, out, _w, _p = _edit(tmp_path, case, "아서가 오른손에 등불을 들었다.")
    cat = open_cat(out)
    markup = cat.source.markup(cat.site("3").target_el)
    assert '<g id="pt1">아서가</g> 오른손에 등불을 들었다.<x id="ph3"/> </mrk>' in markup  # trailing space kept


def test_each_tool_gets_its_edited_status(tmp_path):
    (tmp_path / "a").mkdir()
    out = _edit(tmp_path / "a", CASES[0])[1]
    segs = {s.get("id"): s for s in etree.parse(str(out)).iter(f"{SDL}seg")}
    assert segs["3"].get("conf") == "Draft" and segs["3"].get("origin") == "interactive"
    assert segs["2"].get("conf") == "Translated" and segs["4"].get("conf") == "Translated"

    (tmp_path / "b").mkdir()
    out = _edit(tmp_path / "b", CASES[1])[1]
    status = {u.get("id"): u.get("{MQXliff}status") for u in etree.parse(str(out)).iter("{*}trans-unit")}
    assert status == {"1": "ManuallyConfirmed", "2": "PartiallyEdited", "3": "Reviewer1Confirmed",
                      "4": "PartiallyEdited", "5": "NotStarted"}

    (tmp_path / "c").mkdir()
    out = _edit(tmp_path / "c", CASES[2])[1]
    units = {u.get("id"): u for u in etree.parse(str(out)).iter("{*}trans-unit")}
    t2 = units["t2"].find("{*}target")
    assert t2.get("state") == "translated" and t2.get("state-qualifier") is None
    assert units["t2"].get("approved") == "no" and units["t1"].get("approved") == "yes"
    assert units["t1"].find("{*}target").get("state") == "final"

    (tmp_path / "d").mkdir()
    out = _edit(tmp_path / "d", CASES[3])[1]
    segs2 = {s.get("id"): s for s in etree.parse(str(out)).iter("{*}segment")}
    assert segs2["s2"].get("state") == "translated" and segs2["s2"].get("subState") is None
    assert segs2["s1"].get("state") == "final"

    (tmp_path / "e").mkdir()
    out = _edit(tmp_path / "e", CASES[4])[1]
    tuvs = [t for t in etree.parse(str(out)).iter("{*}tuv") if t.get("changedate")]
    dates = {t.get("{http://www.w3.org/XML/1998/namespace}lang"): t.get("changedate") for t in tuvs}
    assert dates["en-US"] == "20261101T101500Z" and dates["fr-FR"] > "20261101T101500Z"


def test_whitespace_and_unicode_form_of_an_untouched_segment_are_not_edits(tmp_path):
    # letters.xlf t4 is NFD with spaces and a line break around it; garden #4 has a double and a trailing
    # space; the Trados segments end in the space between sentences. None of them is edited, so the
    # file comes back identical when the reviewer changed nothing.
    for case in CASES:
        (tmp_path / case.file).mkdir()
        original = tmp_path / case.file / case.file
        shutil.copy(DATA / case.file, original)
        project = project_from_bilingual(original, "Draft")
        out = tmp_path / case.file / f"out{original.suffix}"
        assert write_revised(project, "Draft", "xliff", out) == []
        assert out.read_bytes() == original.read_bytes(), case.file


def test_an_edit_keeps_the_untouched_characters_of_its_own_segment(tmp_path):
    # t4 is stored NFD with whitespace around it: an edit of one word keeps the rest as the file had it
    case = Case("letters.xlf", "t4", "Élise ferma la fenêtre.")
    _o, out, _w, _p = _edit(tmp_path, case)
    text = out.read_bytes().decode("utf-8")
    nfd = lambda s: unicodedata.normalize("NFD", s)  # noqa: E731
    assert nfd("Élise ") in text and nfd("la fenêtre.") in text
    assert "ferma" in text
    assert ">  " + unicodedata.normalize("NFD", "É") in text and "fenêtre.\r\n   </target>" in \
        unicodedata.normalize("NFC", text)


def test_a_character_the_encoding_lacks_becomes_a_reference(tmp_path):
    src = (DATA / "letters.xlf").read_bytes().replace(b'encoding="UTF-8"', b'encoding="ISO-8859-1"')
    latin = src.decode("utf-8").encode("latin-1", errors="xmlcharrefreplace")
    (tmp_path / "latin.xlf").write_bytes(latin)
    project = project_from_bilingual(tmp_path / "latin.xlf", "Draft")
    cand = project.candidate("Draft")
    cand.text, _ = replace_paragraph(cand.text, 0, "Chère Marie \u2603,")
    out = tmp_path / "out.xlf"
    write_revised(project, "Draft", "xliff", out)
    data = out.read_bytes()
    # Latin-1 where it can, a reference where it cannot
    assert b'Ch\xe8re <g id="1">Marie</g> &#9731;,' in data
    tail = latin[latin.index(b'<trans-unit id="t2"'):]
    assert data.endswith(tail) and b"\xe9crivit-elle" in tail
    assert load_bilingual(out).target.paragraphs[0].text == "Chère Marie \u2603,"


def test_sdlxliff_is_offered_as_sdlxliff(tmp_path):
    shutil.copy(DATA / "story.sdlxliff", tmp_path / "story.sdlxliff")
    shutil.copy(DATA / "winter.tmx", tmp_path / "winter.tmx")
    assert translation_suffix(project_from_bilingual(tmp_path / "story.sdlxliff", "D"), "D") == ".sdlxliff"
    assert translation_suffix(project_from_bilingual(tmp_path / "winter.tmx", "D"), "D") == ".tmx"


def test_a_memory_between_two_variants_of_one_language_is_a_translation(tmp_path):
    tmx = (DATA / "winter.tmx").read_bytes().decode("utf-16").replace("fr-FR", "en-GB")
    tmx = tmx.replace("Le vent du", "The wind from the").replace("se leva.", "rose.")
    tmx = tmx.replace("nord<", "north<")
    path = tmp_path / "variants.tmx"
    path.write_bytes(b"\xff\xfe" + tmx.encode("utf-16-le"))
    bi = load_bilingual(path)
    assert bi.segment_ids == ["101", "102", "103", "104"]
    assert bi.source.paragraphs[0].text == "The north wind rose."
    assert bi.target.paragraphs[0].text == "The wind from the north rose."
    project = project_from_bilingual(path, "GB")
    cand = project.candidate("GB")
    cand.text, _ = replace_paragraph(cand.text, 0, "The wind from the north blew.")
    out = tmp_path / "out.tmx"
    write_revised(project, "GB", "xliff", out)
    again = load_bilingual(out)
    assert again.source.paragraphs[0].text == "The north wind rose."  # the en-US side untouched
    assert again.target.paragraphs[0].text == "The wind from the north blew."


def test_a_file_whose_encoding_python_lacks_gets_a_fresh_xliff_and_a_warning(tmp_path, monkeypatch):
    from litlens.app.formats import writeback
    from litlens.app.formats.xmlsource import SourceError

    shutil.copy(DATA / "letters.xlf", tmp_path / "letters.xlf")
    project = project_from_bilingual(tmp_path / "letters.xlf", "Draft")

    def unmatched(data, root):  # as when libxml2 reads an encoding Python's codecs do not know
        raise SourceError("no codec")
    monkeypatch.setattr(writeback, "XmlSource", unmatched)
    out = tmp_path / "out.xlf"
    warnings = write_revised(project, "Draft", "xliff", out)
    assert warnings and "fresh XLIFF 1.2" in warnings[0]
    assert load_bilingual(out).segment_ids == project.candidate("Draft").text.segment_ids


def test_a_file_without_a_target_language_is_labelled_by_what_its_targets_read_as():
    bi = load_bilingual(DATA / "letters.xlf")  # declares source-language="en" and no target-language
    assert bi.source.language == "en" and bi.target.language == "fr"
    assert any("declares no target language" in n and "(fr)" in n for n in bi.notes)
    declared = load_bilingual(DATA / "story.sdlxliff")
    assert declared.target.language == "ko" and not declared.notes
