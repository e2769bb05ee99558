"""File readers (app/texts/readers.py) at their rules' edges: the size limit exactly, refused and
bilingual suffixes whatever their case, XML sniffed from the decoded start (BOM and blank lines aside,
any case, within the first 4,096 characters), and the zip-bomb ratio only above its 1 MiB floor."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from litlens.app.texts import TextReadError, readers
from litlens.app.texts.readers import read_document, refuse_markup


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


def test_the_size_limit_is_50_mib_inclusive(tmp_path):
    at_limit = _sparse(tmp_path / "at.txt", 50 * 1024 * 1024)
    with pytest.raises(TextReadError) as info:
        read_document(at_limit)  # not refused for its size (its zeros are then found to be binary)
    assert "too large" not in str(info.value) and "binary" in str(info.value)
    over = _sparse(tmp_path / "over.txt", 50 * 1024 * 1024 + 1)
    with pytest.raises(TextReadError, match=r"^over\.txt: the file is too large \(50 MB; the limit is 50 MB\)"):
        read_document(over)


@pytest.mark.parametrize("name, words", [("old.DOC", "old Word .doc"), ("book.Pdf", "PDF files"),
                                         ("x.ODT", "OpenDocument"), ("y.rtf", "RTF files")])
def test_refused_suffixes_in_any_case(tmp_path, name, words):
    p = tmp_path / name
    p.write_text("text", encoding="utf-8")
    with pytest.raises(TextReadError, match=words):
        read_document(p)


@pytest.mark.parametrize("suffix, kind", [(".xlf", "XLIFF"), (".XLIFF", "XLIFF"), (".xlf2", "XLIFF"),
                                          (".sdlxliff", "SDLXLIFF"), (".mqxliff", "MQXLIFF"), (".tmx", "TMX")])
def test_bilingual_suffixes_point_to_the_bilingual_import(tmp_path, suffix, kind):
    p = tmp_path / f"job{suffix}"
    p.write_text("plain words", encoding="utf-8")
    with pytest.raises(TextReadError, match=f"bilingual {kind} file .*--bilingual FILE"):
        read_document(p)


@pytest.mark.parametrize("content, kind", [
    ('<?xml version="1.0"?><xliff version="1.2"/>', "XLIFF"),
    ('\ufeff\n\n  <XLIFF xmlns="urn:oasis:names:tc:xliff:document:2.0"/>', "XLIFF"),
    ('<?xml version="1.0"?><x:xliff xmlns:x="urn:x"/>', "XLIFF"),
    ("<!-- exported --><tmx version=\"1.4\"/>", "TMX"),
    ('<!DOCTYPE html><html/>', "XML document"),
    ('<?XML version="1.0"?><book/>', "XML document"),
])
def test_markup_is_refused_by_what_it_is(content, kind):
    with pytest.raises(TextReadError, match=kind):
        refuse_markup(content, "renamed.txt")


@pytest.mark.parametrize("content", ["Plain prose <xliff> mentioned later.", "<b>bold</b> prose",
                                     "<!-- a comment, then prose -->", "", "   \n"])
def test_prose_and_other_tags_pass(content):
    refuse_markup(content, "story.txt")


def test_the_root_is_looked_for_in_the_first_4096_characters_only():
    near = '<?xml version="1.0"?>' + " " * 4000 + "<xliff/>"
    far = '<?xml version="1.0"?>' + " " * 4096 + "<xliff/>"
    with pytest.raises(TextReadError, match="XLIFF"):
        refuse_markup(near, "a.txt")
    with pytest.raises(TextReadError, match="an XML document, not a plain text"):
        refuse_markup(far, "b.txt")


def _docx_with(path: Path, part: bytes) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", "<w:document/>")
        zf.writestr("word/media/pad.bin", part)
    return path


def test_the_compression_ratio_counts_only_above_one_mib(tmp_path):
    small = _docx_with(tmp_path / "small.docx", b"\x00" * (1024 * 1024))  # exactly 1 MiB: not counted
    with pytest.raises(TextReadError) as info:
        read_document(small)
    assert "zip bomb" not in str(info.value)  # it gets past the zip checks (and is then a damaged document)
    big = _docx_with(tmp_path / "big.docx", b"\x00" * (1024 * 1024 + 1))
    with pytest.raises(TextReadError, match=r"a part of this document \(word/media/pad\.bin\) unpacks to "
                                            r"more than 100 times its size"):
        read_document(big)


def test_a_well_compressed_part_under_the_ratio_passes_the_zip_checks(tmp_path, monkeypatch):
    import os
    part = os.urandom(600_000) + b"\x00" * 1_000_000  # about 1.6 MB, compressing far less than 100:1
    p = _docx_with(tmp_path / "fine.docx", part)
    readers._check_zip(p, "fine.docx")  # no error
    monkeypatch.setattr(readers, "MAX_DOCX_TOTAL_BYTES", len(part))
    with pytest.raises(TextReadError, match="unreasonably large once unpacked"):
        readers._check_zip(p, "fine.docx")


def test_the_document_xml_limit_is_inclusive(tmp_path, monkeypatch):
    p = _docx_with(tmp_path / "d.docx", b"x")
    monkeypatch.setattr(readers, "MAX_DOCX_XML_BYTES", len("<w:document/>"))
    readers._check_zip(p, "d.docx")
    monkeypatch.setattr(readers, "MAX_DOCX_XML_BYTES", len("<w:document/>") - 1)
    with pytest.raises(TextReadError, match="zip bomb"):
        readers._check_zip(p, "d.docx")


def test_an_empty_word_document_says_so(tmp_path):
    import docx
    d = docx.Document()
    d.add_paragraph("   ")
    path = tmp_path / "empty.docx"
    d.save(str(path))
    with pytest.raises(TextReadError, match="the document is empty"):
        read_document(path)


def test_merged_table_cells_are_read_once(tmp_path):
    import docx
    d = docx.Document()
    d.add_paragraph("앞 문단.")
    t = d.add_table(rows=1, cols=3)
    merged = t.cell(0, 0).merge(t.cell(0, 1))
    merged.text = "합친 칸"
    t.cell(0, 2).text = "끝 칸"
    d.add_paragraph("뒤 문단.")
    path = tmp_path / "merged.docx"
    d.save(str(path))
    content, enc = read_document(path)
    assert (content, enc) == ("앞 문단.\n\n합친 칸\n\n끝 칸\n\n뒤 문단.", "docx")


def test_a_path_that_cannot_be_looked_at_says_so(tmp_path):
    with pytest.raises(TextReadError, match=r"the file cannot be opened \(File name too long\)"):
        read_document(tmp_path / ("n" * 300 + ".txt"))


def test_the_size_in_the_message_is_in_mebibytes(tmp_path):
    p = _sparse(tmp_path / "big.txt", int(50.49 * 1024 * 1024))
    monkey_limit = 50 * 1024 * 1024
    assert p.stat().st_size > monkey_limit
    with pytest.raises(TextReadError, match=r"\(50 MB; the limit is 50 MB\)"):
        read_document(p)


def test_the_ratio_limit_is_inclusive(tmp_path, monkeypatch):
    from fractions import Fraction
    p = _docx_with(tmp_path / "r.docx", b"\x00" * (2 * 1024 * 1024))
    with zipfile.ZipFile(p) as zf:
        info = zf.getinfo("word/media/pad.bin")
    monkeypatch.setattr(readers, "MAX_COMPRESSION_RATIO", Fraction(info.file_size, info.compress_size))
    readers._check_zip(p, "r.docx")  # exactly at the ratio: allowed
    monkeypatch.setattr(readers, "MAX_COMPRESSION_RATIO", Fraction(info.file_size - 1, info.compress_size))
    with pytest.raises(TextReadError, match="zip bomb"):
        readers._check_zip(p, "r.docx")


def test_the_total_unpacked_limit_is_inclusive(tmp_path, monkeypatch):
    p = _docx_with(tmp_path / "t.docx", b"abc")
    with zipfile.ZipFile(p) as zf:
        total = sum(i.file_size for i in zf.infolist())
    monkeypatch.setattr(readers, "MAX_DOCX_TOTAL_BYTES", total)
    readers._check_zip(p, "t.docx")
    monkeypatch.setattr(readers, "MAX_DOCX_TOTAL_BYTES", total - 1)
    with pytest.raises(TextReadError, match="unreasonably large once unpacked"):
        readers._check_zip(p, "t.docx")


def test_a_file_that_fails_to_read_names_the_reason(tmp_path):
    link = tmp_path / "mem.txt"
    link.symlink_to("/proc/self/mem")  # stat works (size 0), reading fails with EIO, even for root
    with pytest.raises(TextReadError, match=r"^mem\.txt: the file cannot be read \(Input/output error\)$"):
        read_document(link)


def test_a_fifo_or_a_folder_given_as_a_text_is_refused_by_name(tmp_path):
    import os
    fifo = tmp_path / "story.txt"
    os.mkfifo(fifo)
    with pytest.raises(TextReadError, match="not a regular file") as info:
        read_document(fifo)  # opened without blocking: no writer ever comes
    assert str(info.value).startswith("story.txt: ")
    (tmp_path / "folder.txt").mkdir()
    with pytest.raises(TextReadError, match="folder.txt: this is a folder, not a file"):
        read_document(tmp_path / "folder.txt")


MIB = 1024 * 1024


def _declared(monkeypatch, *parts: tuple[str, int, int]) -> None:
    """Make every zip declare ``parts`` (name, unpacked size, packed size): the limits are checked on
    what the zip's directory says, before anything is unpacked, so no gigabyte is ever written here."""
    infos = []
    for name, size, packed in parts:
        info = zipfile.ZipInfo(name)
        info.file_size, info.compress_size = size, packed
        infos.append(info)

    class Declared:
        def __init__(self, *_a, **_kw):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def infolist(self):
            return list(infos)
    monkeypatch.setattr(readers.zipfile, "ZipFile", Declared)


def test_the_document_text_may_unpack_to_200_mib_and_no_more(monkeypatch):
    _declared(monkeypatch, ("word/document.xml", 200 * MIB, 200 * MIB // 50))
    readers._check_zip(Path("a.docx"), "a.docx")
    _declared(monkeypatch, ("word/document.xml", 200 * MIB + 1, 200 * MIB // 50))
    with pytest.raises(TextReadError, match="the document text is unreasonably large once unpacked"):
        readers._check_zip(Path("a.docx"), "a.docx")
    _declared(monkeypatch, ("word/document.xml", 1000, 1000), ("word/media/big.png", 300 * MIB, 300 * MIB // 50))
    readers._check_zip(Path("a.docx"), "a.docx")  # the 200 MiB limit is the text's only


def test_the_whole_document_may_unpack_to_one_gib_and_no_more(monkeypatch):
    parts = [("word/document.xml", 1000, 1000)] + [(f"word/media/{i}.png", 256 * MIB, 256 * MIB // 50)
                                                  for i in range(3)]
    rest = 1024 * MIB - sum(p[1] for p in parts)
    _declared(monkeypatch, *parts, ("word/media/last.png", rest, rest // 50))
    readers._check_zip(Path("a.docx"), "a.docx")  # exactly 1 GiB
    _declared(monkeypatch, *parts, ("word/media/last.png", rest + 1, rest // 50))
    with pytest.raises(TextReadError, match="^a.docx: the document is unreasonably large once unpacked"):
        readers._check_zip(Path("a.docx"), "a.docx")


def test_the_ratio_is_a_hundred_to_one_above_one_mib(monkeypatch):
    _declared(monkeypatch, ("word/document.xml", 1000, 10), ("word/media/p.bin", 100 * 5 * MIB, 5 * MIB))
    readers._check_zip(Path("a.docx"), "a.docx")  # exactly 100:1
    _declared(monkeypatch, ("word/document.xml", 1000, 10), ("word/media/p.bin", 100 * 5 * MIB + 1, 5 * MIB))
    with pytest.raises(TextReadError, match=r"\(word/media/p\.bin\) unpacks to more than 100 times its size"):
        readers._check_zip(Path("a.docx"), "a.docx")
    _declared(monkeypatch, ("word/document.xml", MIB, 0))  # 1 MiB claiming nothing packed: under the floor
    readers._check_zip(Path("a.docx"), "a.docx")
    _declared(monkeypatch, ("word/document.xml", MIB + 1, 0))  # above it, nothing packed is infinitely dense
    with pytest.raises(TextReadError, match="zip bomb"):
        readers._check_zip(Path("a.docx"), "a.docx")


def test_a_zip_without_the_document_text_is_not_a_word_document(monkeypatch):
    _declared(monkeypatch, ("word/documents.xml", 10, 10), ("document.xml", 10, 10))
    with pytest.raises(TextReadError, match="not a Word document \\(it has no word/document.xml\\)"):
        readers._check_zip(Path("a.docx"), "a.docx")


@pytest.mark.parametrize("content, kind", [
    ('<?xml version="1.0"?>\n<xliff version="1.2"><file/></xliff>', "this is a bilingual XLIFF file"),
    ('<?xml version="1.0"?>\n<x:xliff xmlns:x="urn:x"><file/></x:xliff>', "this is a bilingual XLIFF file"),
    ('<tmx version="1.4"><body/></tmx>', "this is a bilingual TMX file"),
    ("<!DOCTYPE html><html><body>A page</body></html>", "this is an XML document, not a plain text"),
])
def test_a_renamed_markup_file_is_refused_whatever_it_is_called(tmp_path, content, kind):
    for name in ("chapter.txt", "chapter.md", "chapter"):
        p = tmp_path / name
        p.write_text(content, encoding="utf-8")
        with pytest.raises(TextReadError) as info:
            read_document(p)
        assert str(info.value).startswith(f"{name}: {kind}")


def test_a_plain_text_is_read_with_its_encoding_and_a_word_document_as_docx(tmp_path):
    p = tmp_path / "story.txt"
    p.write_bytes("그날 밤.\r\n\r\n강은 고요했다.".encode("cp949"))
    assert read_document(p) == ("그날 밤.\n\n강은 고요했다.", "euc_kr")
    import docx
    d = docx.Document()
    d.add_paragraph("첫 문단.\n둘째 줄.")
    d.add_paragraph("")
    d.add_paragraph("끝.")
    d.save(str(tmp_path / "s.docx"))
    assert read_document(tmp_path / "s.docx") == ("첫 문단.\n둘째 줄.\n\n끝.", "docx")
    with pytest.raises(TextReadError, match="^gone.txt: file not found$"):
        read_document(tmp_path / "gone.txt")
    with pytest.raises(TextReadError, match="this is a folder, not a file"):
        read_document(tmp_path)


def test_a_root_ending_at_the_4096th_character_is_still_seen_and_one_a_character_later_is_not():
    decl = '<?xml version="1.0"?>'
    inside = decl + " " * (4096 - len(decl) - len("<xliff")) + '<xliff version="1.2"/>'
    assert inside.index("<xliff") + len("<xliff") == 4096
    with pytest.raises(TextReadError, match="this is a bilingual XLIFF file"):
        refuse_markup(inside, "a.txt")
    outside = decl + " " + inside[len(decl):]
    with pytest.raises(TextReadError, match="an XML document, not a plain text"):
        refuse_markup(outside, "b.txt")


def test_a_fifo_is_refused_before_any_reader_opens_it_a_word_document_included(tmp_path):
    """The zip reader of a .docx opens by name and would wait for ever on a FIFO with no writer: the
    regular-file test comes before any reader. (A timer unblocks such a wait, so a regression fails
    instead of hanging.)"""
    import os
    import threading

    for name in ("story.txt", "book.docx"):
        fifo = tmp_path / name
        os.mkfifo(fifo)

        def unblock(path=fifo):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # nobody waiting to read: nothing to unblock
        timer = threading.Timer(3.0, unblock)
        timer.start()
        try:
            with pytest.raises(TextReadError) as info:
                read_document(fifo)
        finally:
            timer.cancel()
        assert str(info.value) == f"{name}: this is not a regular file (a device, a pipe or a socket)"


def test_a_file_that_grows_past_the_limit_after_it_was_measured_is_refused_by_name(tmp_path, monkeypatch):
    p = tmp_path / "growing.txt"
    p.write_text("a" * 90, encoding="utf-8")
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 100)
    real = readers.read_regular_file

    def grows_first(path, limit):  # another program appends between the size check and the read
        with open(path, "ab") as fh:
            fh.write(b"a" * 20)
        return real(path, limit)
    monkeypatch.setattr(readers, "read_regular_file", grows_first)
    with pytest.raises(TextReadError, match=r"^growing\.txt: it is 0\.0 MB; the limit is "):
        read_document(p)


def test_both_sizes_in_the_too_large_message_are_whole_mebibytes_at_any_limit(tmp_path, monkeypatch):
    """1 MB in the message is 1,048,576 bytes on both sides: a 1,200 MiB file over a 1,024 MiB limit
    reads 1200 and 1024 (counted in units of 1,025 KiB they would read 1199 and 1025)."""
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 1024 * 1024 * 1024)
    p = _sparse(tmp_path / "huge.txt", 1200 * 1024 * 1024)
    with pytest.raises(TextReadError, match=r"too large \(1200 MB; the limit is 1024 MB\)"):
        read_document(p)


def test_a_line_break_at_either_end_of_a_word_paragraph_does_not_add_blank_lines(tmp_path):
    """A manual line break (Shift+Enter) left at the end or start of a paragraph is trimmed, so the
    paragraphs stay separated by exactly one blank line; a break inside a paragraph is kept."""
    import docx
    d = docx.Document()
    first = d.add_paragraph("그날 밤 강은 고요했다.")
    first.add_run().add_break()
    second = d.add_paragraph()
    second.add_run().add_break()
    second.add_run("그녀는 등불을 켜고")
    second.add_run().add_break()
    second.add_run("기다렸다.")
    path = tmp_path / "breaks.docx"
    d.save(str(path))
    assert read_document(path) == ("그날 밤 강은 고요했다.\n\n그녀는 등불을 켜고\n기다렸다.", "docx")
