"""XLIFF inline codes survive an edit: the revised XLIFF keeps each edited segment's <g>, <x/>, <ph>,
<bx/>/<ex/> and <bpt>/<ept> among the new words, under the original segment IDs, and translate-toolkit
reads the edited targets back; placeholders an editor kept are honoured, deleted ones reported."""

from __future__ import annotations

from lxml import etree

from litlens.app.core.edits import replace_paragraph
from litlens.app.formats import inline, project_from_bilingual
from litlens.app.reports.revised import write_revised

NS = "{urn:oasis:names:tc:xliff:document:1.2}"
XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
 <file original="story.docx" source-language="en" target-language="ko" datatype="plaintext">
  <body>
   <trans-unit id="u1">
    <source>It was <g id="1">late</g> at night.<x id="2"/></source>
    <target>밤이 <g id="1">늦었다</g>.<x id="2"/></target>
   </trans-unit>
   <trans-unit id="u2">
    <source>Seven <ph id="1">&lt;br/&gt;</ph>boxes stood <bpt id="2">&lt;b&gt;</bpt>by the door<ept id="2">&lt;/b&gt;</ept>.</source>
    <target>상자 <ph id="1">&lt;br/&gt;</ph>다섯 개가 <bpt id="2">&lt;b&gt;</bpt>문 옆에<ept id="2">&lt;/b&gt;</ept> 있었다.</target>
   </trans-unit>
   <trans-unit id="u3">
    <source><bx id="1"/>Nobody came.<ex id="1"/></source>
    <target><bx id="1"/>아무도 왔다.<ex id="1"/></target>
   </trans-unit>
   <trans-unit id="u4">
    <source>Then she left.</source>
    <target>그리고 그녀는 떠났다.</target>
   </trans-unit>
  </body>
 </file>
</xliff>"""


def edited(tmp_path, edits: dict[int, str]):
    path = tmp_path / "story.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    project = project_from_bilingual(path, "Draft")
    cand = project.candidate("Draft")
    for index, new in edits.items():
        cand.text, _edit = replace_paragraph(cand.text, index, new)
    return project


def targets(out):
    root = etree.fromstring(out.read_bytes())
    return {u.get("id"): u.find(f"{NS}target") for u in root.iter(f"{NS}trans-unit")}


def test_the_readable_text_leaves_the_codes_out(tmp_path):
    project = edited(tmp_path, {})
    paras = [p.text for p in project.candidate("Draft").text.paragraphs]
    assert paras[:3] == ["밤이 늦었다.", "상자 다섯 개가 문 옆에 있었다.", "아무도 왔다."]


def test_edited_segments_keep_their_codes_in_place_and_translate_toolkit_reads_them(tmp_path):
    from translate.storage import xliff
    project = edited(tmp_path, {1: "상자 일곱 개가 문 옆에 서 있었다.", 2: "아무도 오지 않았다."})
    out = tmp_path / "revised.xlf"
    assert write_revised(project, "Draft", "xliff", out) == []
    t = targets(out)
    u2 = etree.tostring(t["u2"], encoding=str)
    assert ('상자 <ph id="1">&lt;br/&gt;</ph>일곱 개가 <bpt id="2">&lt;b&gt;</bpt>문 옆에<ept id="2">&lt;/b&gt;</ept>'
            ' 서 있었다.') in u2
    u3 = etree.tostring(t["u3"], encoding=str)
    assert '<bx id="1"/>아무도 오지 않았다.<ex id="1"/>' in u3
    # unchanged segments are untouched, codes and all
    assert etree.tostring(t["u1"], encoding=str).count('<g id="1">늦었다</g>') == 1
    store = xliff.xlifffile.parsestring(out.read_bytes())
    units = {u.getid().split("\x04")[-1]: u for u in store.units if not u.isheader()}
    assert set(units) == {"u1", "u2", "u3", "u4"}
    # translate-toolkit sees the edited target's codes as placeables, in their order, with the new words
    rich = units["u2"].rich_target[0]
    codes = [p for p in rich.flatten() if type(p).__name__ != "StringElem"]
    assert [etree.QName(p.xml_node).localname for p in codes] == ["ph", "bpt", "ept"]
    tags = [etree.QName(c).localname for c in units["u3"].xmlelement.find(f"{NS}target")]
    assert tags == ["bx", "ex"]
    assert "일곱 개가" in str(units["u2"].target) and str(units["u3"].target) == "아무도 오지 않았다."


def test_a_group_around_a_replaced_word_wraps_the_new_word(tmp_path):
    project = edited(tmp_path, {0: "밤이 깊었다."})
    out = tmp_path / "revised.xlf"
    write_revised(project, "Draft", "xliff", out)
    assert '밤이 <g id="1">깊었다</g>.<x id="2"/>' in etree.tostring(targets(out)["u1"], encoding=str)


def test_placeholders_kept_by_an_editor_are_honoured_and_deleted_ones_reported(tmp_path):
    el = etree.fromstring('<target xmlns="urn:oasis:names:tc:xliff:document:1.2">밤이 <g id="1">늦었다</g>.'
                          '<x id="2"/></target>')
    pieces = inline.pieces_of(el)
    assert inline.with_placeholders(pieces) == "밤이 ⟦1⟧늦었다⟦/1⟧.⟦2⟧"
    moved, gone = inline.from_placeholders("⟦2⟧밤이 ⟦1⟧깊었다⟦/1⟧.", pieces)
    assert gone == []
    inline.write_pieces(el, moved)
    assert etree.tostring(el, encoding=str).endswith('><x id="2"/>밤이 <g id="1">깊었다</g>.</target>')
    pieces = inline.pieces_of(el)
    assert inline.with_placeholders(pieces) == "⟦1⟧밤이 ⟦2⟧깊었다⟦/2⟧."  # numbered in reading order
    back, gone = inline.from_placeholders("⟦1⟧밤이 깊었다.", pieces)
    assert gone == ["⟦2⟧", "⟦/2⟧"]
    inline.write_pieces(el, back)
    assert '<g id="1">깊었다</g>' in etree.tostring(el, encoding=str)  # put back, not lost


def test_an_editor_text_with_placeholders_exports_them_in_place(tmp_path):
    project = edited(tmp_path, {0: "⟦2⟧밤이 ⟦1⟧아주 깊었다⟦/1⟧."})
    out = tmp_path / "revised.xlf"
    assert write_revised(project, "Draft", "xliff", out) == []
    assert '<x id="2"/>밤이 <g id="1">아주 깊었다</g>.' in etree.tostring(targets(out)["u1"], encoding=str)
