"""Bilingual imports: every format keeps its segment IDs end to end; hostile or broken files are refused
with one clear message."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from litlens.app.formats import FormatError, UnsafeXMLError, load_bilingual, project_from_bilingual
from litlens.app.run.store import Store
from litlens.app.texts import TextReadError

XLIFF12 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
 <file original="a.txt" source-language="en" target-language="ko" datatype="plaintext">
  <body>
   <trans-unit id="intro"><source>It was <g id="1">late</g>.</source><target>늦은 <g id="1">밤</g>이었다.</target></trans-unit>
   <trans-unit id="q2"><source>Who is there?<x id="2"/></source><target>거기 누구요?</target></trans-unit>
   <trans-unit id="empty"><source>Not done yet.</source></trans-unit>
   <trans-unit id="skip" translate="no"><source>LOGO</source><target>LOGO</target></trans-unit>
  </body>
 </file>
</xliff>"""

SDLXLIFF = """<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
<file original="story.docx" source-language="en-US" target-language="ko-KR" datatype="x-sdlfilterframework2">
<body>
<trans-unit id="7f1c">
<source>She waited. Nobody came.</source>
<seg-source><mrk mtype="seg" mid="11">She waited.</mrk> <mrk mtype="seg" mid="12">Nobody came.</mrk></seg-source>
<target><mrk mtype="seg" mid="11">그녀는 기다렸다.</mrk> <mrk mtype="seg" mid="12">아무도 오지 않았다.</mrk></target>
<sdl:seg-defs><sdl:seg id="11" conf="Translated"/><sdl:seg id="12" conf="Translated"/></sdl:seg-defs>
</trans-unit>
</body></file></xliff>"""

XLIFF20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
 <file id="f1">
  <unit id="u1">
   <segment id="s1"><source>One <pc id="1">black</pc> cat.</source><target>검은 <pc id="1">고양이</pc> 한 마리.</target></segment>
   <segment id="s2"><source>Two dogs.</source><target>개 두 마리.</target></segment>
  </unit>
  <unit id="u2"><segment><source>Alone.</source><target>혼자.</target></segment></unit>
 </file>
</xliff>"""

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t"
 adminlang="en" srclang="en-US" datatype="plaintext"/>
<body>
<tu tuid="tm-1"><tuv xml:lang="en-US"><seg>Hello <bpt i="1">&lt;b&gt;</bpt>world<ept i="1">&lt;/b&gt;</ept>.</seg></tuv>
 <tuv xml:lang="ko-KR"><seg>안녕, 세상.</seg></tuv></tu>
<tu tuid="tm-2"><tuv xml:lang="en-US"><seg>Goodbye.</seg></tuv><tuv xml:lang="ko-KR"><seg>잘 가.</seg></tuv></tu>
</body></tmx>"""

XXE = """<?xml version="1.0"?>
<!DOCTYPE xliff [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="a" source-language="en"
 target-language="ko" datatype="plaintext"><body><trans-unit id="1"><source>Hi</source>
 <target>&secret;</target></trans-unit></body></file></xliff>"""

LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&lol9;</seg></tuv>
<tuv xml:lang="ko"><seg>&lol9;</seg></tuv></tu></body></tmx>"""


def _write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    return p


def test_xliff12_keeps_unit_ids_and_skips_untranslated(tmp_path):
    bi = load_bilingual(_write(tmp_path, "a.xlf", XLIFF12))
    assert bi.format == "xliff-1.2"
    assert bi.segment_ids == ["intro", "q2"]
    assert [p.text for p in bi.source.paragraphs] == ["It was late.", "Who is there?"]
    assert [p.text for p in bi.target.paragraphs] == ["늦은 밤이었다.", "거기 누구요?"]
    assert bi.source.segment_ids == bi.target.segment_ids == ["intro", "q2"]
    assert (bi.source.language, bi.target.language) == ("en", "ko")
    assert any("empty" in n for n in bi.notes)  # the untranslated unit is reported, not silently lost


def test_sdlxliff_one_segment_per_mrk(tmp_path):
    bi = load_bilingual(_write(tmp_path, "story.docx.sdlxliff", SDLXLIFF))
    assert bi.format == "sdlxliff"
    assert bi.segment_ids == ["11", "12"]
    assert [p.text for p in bi.target.paragraphs] == ["그녀는 기다렸다.", "아무도 오지 않았다."]


def test_xliff20_segments(tmp_path):
    bi = load_bilingual(_write(tmp_path, "b.xlf", XLIFF20))
    assert bi.format == "xliff-2"
    assert bi.segment_ids == ["u1::s1", "u1::s2", "u2"]
    assert bi.target.paragraphs[0].text == "검은 고양이 한 마리."


def test_tmx_picks_languages_and_drops_inline_codes(tmp_path):
    bi = load_bilingual(_write(tmp_path, "m.tmx", TMX))
    assert bi.segment_ids == ["tm-1", "tm-2"]
    assert bi.source.paragraphs[0].text == "Hello world."
    assert bi.target.language == "ko"


def test_tmx_with_several_target_languages_asks_which(tmp_path):
    multi = TMX.replace('<tuv xml:lang="ko-KR"><seg>잘 가.</seg></tuv>',
                        '<tuv xml:lang="de"><seg>Tschüss.</seg></tuv>')
    p = _write(tmp_path, "m.tmx", multi)
    with pytest.raises(FormatError, match="several target languages"):
        load_bilingual(p)
    assert load_bilingual(p, target_lang="de").segment_ids == ["tm-2"]


def test_csv_with_header_names(tmp_path):
    p = tmp_path / "pairs.csv"
    with p.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ID", "Source", "Target", "Comment"])
        w.writerow(["s-1", "The rain stopped.\n\nThen the wind.", "비가 그쳤다.\n\n그리고 바람.", ""])
        w.writerow(["s-2", "Silence.", "정적.", "ok"])
    bi = load_bilingual(p)
    assert bi.format == "csv"
    assert bi.segment_ids == ["s-1", "s-2"]
    # a blank line inside a segment is collapsed so paragraphs stay one per segment
    assert bi.target.paragraphs[0].text == "비가 그쳤다.\n그리고 바람."


def test_tsv_without_header_uses_row_numbers(tmp_path):
    p = _write(tmp_path, "pairs.tsv", "Dawn came.\t새벽이 왔다.\nBirds sang.\t새들이 노래했다.\n")
    bi = load_bilingual(p, source_lang="en", target_lang="ko")
    assert bi.format == "tsv"
    assert bi.segment_ids == ["1", "2"]
    assert bi.target.paragraphs[1].text == "새들이 노래했다."


def test_xlsx_language_columns(tmp_path):
    from openpyxl import Workbook
    wb = Workbook()
    ws = wb.active
    ws.append(["Segment ID", "en-US", "ko-KR"])
    ws.append([101, "A door opened.", "문이 열렸다."])
    ws.append([102, "=SUM(1)", "=합계"])  # text that looks like a formula stays text
    ws["B3"].data_type = "s"
    ws["C3"].data_type = "s"
    p = tmp_path / "book.xlsx"
    wb.save(p)
    bi = load_bilingual(p)
    assert bi.format == "xlsx"
    assert bi.segment_ids == ["101", "102"]
    assert (bi.source.language, bi.target.language) == ("en", "ko")
    assert bi.target.paragraphs[1].text == "=합계"


def test_docx_bilingual_review_table(tmp_path):
    import docx
    d = docx.Document()
    d.add_paragraph("Bilingual review of chapter 1")
    t = d.add_table(rows=1, cols=4)
    for cell, h in zip(t.rows[0].cells, ["Segment ID", "Status", "Source segment", "Target segment"]):
        cell.text = h
    for sid, src, tgt in [("1", "Night fell.", "밤이 되었다."), ("2", "She slept.", "그녀는 잠들었다.")]:
        row = t.add_row().cells
        row[0].text, row[1].text, row[2].text, row[3].text = sid, "Translated", src, tgt
    p = tmp_path / "review.docx"
    d.save(p)
    bi = load_bilingual(p, source_lang="en", target_lang="ko")
    assert bi.format == "docx-table"
    assert bi.segment_ids == ["1", "2"]
    assert [x.text for x in bi.target.paragraphs] == ["밤이 되었다.", "그녀는 잠들었다."]


def test_docx_without_table_is_explained(tmp_path):
    import docx
    d = docx.Document()
    d.add_paragraph("Only prose here.")
    p = tmp_path / "plain.docx"
    d.save(p)
    with pytest.raises(FormatError, match="no bilingual table"):
        load_bilingual(p)


def test_external_entity_refused(tmp_path):
    with pytest.raises(UnsafeXMLError, match="entities") as info:
        load_bilingual(_write(tmp_path, "evil.xlf", XXE))
    assert "root:" not in str(info.value)  # nothing from /etc/passwd leaked into the message
    assert isinstance(info.value, TextReadError)  # the CLI prints it on one line, exit 3


def test_billion_laughs_refused(tmp_path):
    with pytest.raises(UnsafeXMLError, match="entities"):
        load_bilingual(_write(tmp_path, "lol.tmx", LAUGHS))


def test_entities_in_utf16_are_refused_too(tmp_path):
    with pytest.raises(UnsafeXMLError):
        load_bilingual(_write(tmp_path, "evil16.xlf", XXE.replace('<?xml version="1.0"?>', "")
                              .encode("utf-16")))


def test_malformed_xml_is_one_clear_error(tmp_path):
    broken = XLIFF12.replace("</trans-unit>\n   <trans-unit id=\"q2\">", "\n   <trans-unit id=\"q2\">")
    with pytest.raises(FormatError) as info:
        load_bilingual(_write(tmp_path, "broken.xlf", broken))
    msg = str(info.value)
    assert msg.startswith("broken.xlf: this is not well-formed XML (line ")
    assert "\n" not in msg


def test_wrong_kind_of_xml(tmp_path):
    with pytest.raises(FormatError, match="not an XLIFF file"):
        load_bilingual(_write(tmp_path, "x.xlf", "<html><body/></html>"))


def test_cli_prints_one_line_for_hostile_file(tmp_path, capsys, monkeypatch):
    """The real command line, given a hostile XLIFF: the input exit code (3) and one line naming the file,
    and nothing read from the entity's target."""
    from litlens.app.cli.main import main
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    evil = _write(tmp_path, "evil.xlf", XXE)
    code = main(["--db", str(tmp_path / "db.sqlite"), "evaluate", "--bilingual", str(evil),
                 "--judge", "consistency", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 3
    assert err.count("\n") == 1 and err.startswith("litlens: error: ") and "evil.xlf" in err, err
    assert "root:" not in out + err


def test_project_ids_survive_the_store(tmp_path):
    project = project_from_bilingual(_write(tmp_path, "story.sdlxliff", SDLXLIFF), label="Trados")
    assert project.candidates[0].alignment is not None and not project.candidates[0].alignment.mismatch
    store = Store(tmp_path / "db.sqlite")
    pid = store.save_project(project)
    loaded = store.load_project(pid)
    assert loaded.source.segment_ids == ["11", "12"]
    assert loaded.candidate("Trados").text.segment_ids == ["11", "12"]
    assert len(loaded.candidate("Trados").text.paragraphs) == 2
    store.close()


def test_single_segment_with_line_breaks_stays_one_paragraph(tmp_path):
    one = XLIFF12.replace("It was <g id=\"1\">late</g>.", "Line one\nline two").replace(
        "<trans-unit id=\"q2\"><source>Who is there?<x id=\"2\"/></source><target>거기 누구요?</target></trans-unit>", "")
    bi = load_bilingual(_write(tmp_path, "one.xlf", one))
    assert bi.segment_ids == ["intro"] and len(bi.source.paragraphs) == 1
