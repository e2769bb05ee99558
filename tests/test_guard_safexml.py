"""Safe XML, rule by rule (app/formats/safexml.py): every entity declaration refused from the bytes in
every encoding an XML file may come in, an external DTD named but never loaded, a local file never read
into the text, and what is allowed still parsed."""

from __future__ import annotations

import pytest
from lxml import etree

from litlens.app.formats import safexml
from litlens.app.formats.errors import FormatError, UnsafeXMLError

BODY = '<xliff version="1.2"><file><body><trans-unit id="1"><target>{t}</target></trans-unit></body></file></xliff>'


def _doc(doctype: str = "", target: str = "안녕") -> str:
    return '<?xml version="1.0"?>\n' + doctype + BODY.format(t=target)


def _secret_file(tmp_path):
    p = tmp_path / "secret.txt"
    p.write_text("TOP-SECRET-LINE", encoding="utf-8")
    return p


@pytest.mark.parametrize("codec, bom", [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe"),
                                        ("utf-16-be", b"\xfe\xff"), ("utf-16-le", b""), ("utf-16-be", b""),
                                        ("utf-32-le", b"\xff\xfe\x00\x00"), ("utf-32-be", b"\x00\x00\xfe\xff")])
def test_an_external_entity_is_refused_in_every_encoding(tmp_path, codec, bom):
    secret = _secret_file(tmp_path)
    text = _doc(f'<!DOCTYPE xliff [<!ENTITY s SYSTEM "file://{secret}">]>', "&s;")
    data = bom + text.replace('<?xml version="1.0"?>\n', "").encode(codec)
    with pytest.raises(UnsafeXMLError, match="declares XML entities") as info:
        safexml.parse_xml(data, "evil.xlf")
    assert "evil.xlf" in str(info.value) and "TOP-SECRET" not in str(info.value)


def test_a_parameter_entity_and_an_internal_entity_are_refused_too():
    for decl in ('<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;', '<!ENTITY a "aaaa">'):
        with pytest.raises(UnsafeXMLError, match="entities"):
            safexml.check_xml(_doc(f"<!DOCTYPE xliff [{decl}]>").encode(), "x.xlf")


def test_an_internal_subset_without_entities_is_refused_with_its_own_reason():
    with pytest.raises(UnsafeXMLError, match="internal DTD subset"):
        safexml.check_xml(_doc('<!DOCTYPE xliff [<!ELEMENT xliff ANY>]>').encode(), "x.xlf")


def test_an_external_dtd_is_named_but_never_loaded(tmp_path):
    dtd = tmp_path / "x.dtd"
    dtd.write_text('<!ENTITY s SYSTEM "file:///etc/passwd">', encoding="utf-8")
    data = _doc(f'<!DOCTYPE xliff SYSTEM "file://{dtd}">', "plain &amp; simple").encode()
    safexml.check_xml(data, "old.xlf")  # allowed: no internal subset
    root = safexml.parse_xml(data, "old.xlf")
    assert root.findtext(".//target") == "plain & simple"
    assert b"DOCTYPE" not in safexml.clean_bytes(root)
    assert root.getroottree().docinfo.externalDTD is None  # the named file was never read


def test_a_document_without_doctype_passes_and_parses():
    root = safexml.parse_xml(_doc().encode("utf-8"), "ok.xlf")
    assert root.findtext(".//target") == "안녕"
    assert safexml.local(root.tag) == "xliff"


def test_the_parser_itself_never_resolves_or_loads(tmp_path):
    """The second net: were the scan skipped, the parser still neither expands entities nor loads a file."""
    from lxml import etree
    secret = _secret_file(tmp_path)
    data = _doc(f'<!DOCTYPE xliff [<!ENTITY s SYSTEM "file://{secret}">]>', "&s;").encode()
    root = etree.fromstring(data, parser=safexml.safe_parser())
    assert "TOP-SECRET" not in etree.tostring(root, encoding="unicode")
    dtd = tmp_path / "d.dtd"
    dtd.write_text(f'<!ENTITY s SYSTEM "file://{secret}">', encoding="utf-8")
    data2 = _doc(f'<!DOCTYPE xliff SYSTEM "file://{dtd}">', "&s;").encode()
    try:
        root2 = etree.fromstring(data2, parser=safexml.safe_parser())
    except etree.XMLSyntaxError:
        return  # an undefined entity is an error: fine, nothing was read
    assert "TOP-SECRET" not in etree.tostring(root2, encoding="unicode")


def test_a_local_file_is_never_read_into_a_loaded_translation(tmp_path):
    from litlens.app.formats import load_bilingual
    secret = _secret_file(tmp_path)
    xliff = ('<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY s SYSTEM "file://' + str(secret) + '">]>'
             '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="a" '
             'source-language="en" target-language="ko" datatype="plaintext"><body><trans-unit id="1">'
             '<source>Hi</source><target>&s;</target></trans-unit></body></file></xliff>')
    path = tmp_path / "evil.xlf"
    path.write_text(xliff, encoding="utf-8")
    with pytest.raises(UnsafeXMLError):
        load_bilingual(path)


def test_malformed_and_empty_documents_are_one_format_error():
    with pytest.raises(FormatError, match=r"not well-formed XML \(line 2\)") as info:
        safexml.parse_xml(b'<?xml version="1.0"?>\n<a><b></a>', "bad.xlf")
    assert "\n" not in str(info.value) and "bad.xlf" in str(info.value)
    with pytest.raises(FormatError, match="empty"):
        safexml.parse_xml(b"   \n", "blank.xlf")


def test_local_names():
    assert safexml.local("{urn:x}target") == "target"
    assert safexml.local("target") == "target"
    assert safexml.local(None) == ""


def test_only_the_internal_subset_is_searched_for_entity_declarations():
    """A DTD subset without entities, then a body that merely mentions one in a comment: refused for the
    subset, not for an entity declaration it does not have."""
    data = _doc("<!DOCTYPE xliff [<!ELEMENT xliff ANY>]>", "x").replace(
        "<file>", "<file><!-- a note about <!ENTITY in old files -->").encode()
    with pytest.raises(UnsafeXMLError, match="internal DTD subset"):
        safexml.check_xml(data, "x.xlf")


def test_a_space_between_two_inline_tags_of_a_target_is_kept():
    """Blank text between elements is the translation's own space (``<g>x</g> <g>y</g>``), never dropped."""
    root = safexml.parse_xml(b"<target><g>x</g> <g>y</g></target>", "inline.xlf")
    assert root[0].tail == " " and "".join(root.itertext()) == "x y"


def test_a_document_nested_past_the_parsers_depth_limit_is_refused():
    """The parser keeps libxml2's limits (no huge_tree): 300 nested elements are a format error, not a
    parse that a hostile file can push to any depth or size."""
    deep = b"<a>" * 300 + b"x" + b"</a>" * 300
    with pytest.raises(FormatError, match="Excessive depth"):
        safexml.parse_xml(deep, "deep.xlf")
    assert safexml.parse_xml(b"<a>" * 100 + b"x" + b"</a>" * 100, "ok.xlf") is not None


def test_a_well_formedness_error_is_worded_with_its_line_and_the_parsers_reason():
    with pytest.raises(FormatError) as info:
        safexml.parse_xml(b'<?xml version="1.0"?>\n<a><b></a>', "bad.xlf")
    assert str(info.value).startswith("bad.xlf: this is not well-formed XML (line 2): Opening and ending tag")


def test_damaged_utf16_is_still_scanned_for_entities():
    """Bytes that are not valid in the marked encoding (a lone surrogate) do not stop the scan."""
    body = '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'.encode("utf-16-le") + b"\x00\xdc"
    for bom in (b"\xff\xfe", b""):
        with pytest.raises(UnsafeXMLError, match="declares XML entities"):
            safexml.check_xml(bom + body, "broken.xlf")


def test_damaged_bomless_utf16_be_is_still_scanned_and_a_bracket_after_an_external_dtd_is_text():
    body = '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'.encode("utf-16-be") + b"\xdc\x00"
    with pytest.raises(UnsafeXMLError, match="declares XML entities"):
        safexml.check_xml(body, "broken.xlf")
    external = _doc('<!DOCTYPE xliff SYSTEM "xliff.dtd">', "see [1] and [2]").encode()
    safexml.check_xml(external, "old.xlf")  # the brackets are in the text, not a DTD subset


def test_the_parsers_own_reason_is_given_without_the_parsers_file_name():
    with pytest.raises(FormatError) as info:
        safexml.parse_xml(b'<?xml version="1.0"?>\n<a><b></a>', "bad.xlf")
    assert str(info.value) == ("bad.xlf: this is not well-formed XML (line 2): Opening and ending tag mismatch: "
                               "b line 2 and a, line 2, column 11")


def test_clean_bytes_declare_their_encoding_and_keep_the_text():
    root = safexml.parse_xml(_doc('<!DOCTYPE xliff SYSTEM "xliff.dtd">', "한글 & more".replace("&", "&amp;"))
                             .encode("utf-16"), "x.xlf")
    out = safexml.clean_bytes(root)
    assert out.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<xliff")
    assert "한글 &amp; more".encode() in out and b"DOCTYPE" not in out
    assert safexml.parse_xml(out, "again.xlf").findtext(".//target") == "한글 & more"


def test_local_names_of_nested_namespaces_and_processing_instructions():
    assert safexml.local("{urn:a}{urn:b}seg") == "seg"  # whatever is after the last brace
    assert safexml.local("{urn:oasis:names:tc:xliff:document:2.0}unit") == "unit"
    root = safexml.parse_xml(b"<a><!-- c --><?pi x?><b/></a>", "x.xml")
    assert [safexml.local(ch.tag) for ch in root] == ["", "", "b"]


def test_a_reason_of_several_lines_from_the_parser_is_given_by_its_first_line(monkeypatch):
    """Older libxml2 builds word an encoding error on two lines (the reason, then the bytes): the message
    keeps the reason and the line number, not the byte dump."""
    def failing(data, parser=None):
        raise etree.XMLSyntaxError("Input is not proper UTF-8, indicate encoding !\nBytes: 0xE9 0x3C 0x2F 0x61",
                                   9, 2, 7, "<string>")
    monkeypatch.setattr(safexml.etree, "fromstring", failing)
    with pytest.raises(FormatError) as info:
        safexml.parse_xml(b'<?xml version="1.0"?>\n<a>caf\xe9</a>', "latin.xlf")
    assert str(info.value) == ("latin.xlf: this is not well-formed XML (line 2): Input is not proper UTF-8, "
                               "indicate encoding !")
