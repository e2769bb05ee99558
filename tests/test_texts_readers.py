"""Reading files: text and markdown as written, Word documents, and refusals with clear messages."""

from __future__ import annotations

import zipfile
from pathlib import Path

import docx
import pytest

from litlens.app.texts import TextReadError, load_text, read_document
from litlens.app.texts import readers


def test_txt_and_markdown_kept_verbatim(tmp_path: Path) -> None:
    md = "# 제1장\n\n*그는* 창밖을 [바라보았다](x).\r\n\r\n- 목록\n"
    p = tmp_path / "chapter.md"
    p.write_bytes(md.encode("utf-8"))
    content, enc = read_document(p)
    assert content == md.replace("\r\n", "\n")
    assert enc == "utf-8"


def test_unknown_extension_read_as_text(tmp_path: Path) -> None:
    p = tmp_path / "segments.srt"
    p.write_bytes("吾輩は猫である。\n".encode("shift_jis"))
    assert read_document(str(p)) == ("吾輩は猫である。\n", "shift_jis")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TextReadError, match=r"^nope\.txt: file not found$"):
        read_document(tmp_path / "nope.txt")


def test_folder(tmp_path: Path) -> None:
    with pytest.raises(TextReadError, match="folder"):
        read_document(tmp_path)


def test_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 100)
    p = tmp_path / "big.txt"
    p.write_text("a" * 200)
    with pytest.raises(TextReadError, match="too large"):
        read_document(p)


def test_refused_formats(tmp_path: Path) -> None:
    p = tmp_path / "old.doc"
    p.write_bytes(b"\xd0\xcf\x11\xe0junk")
    with pytest.raises(TextReadError, match=r"old\.doc: old Word \.doc"):
        read_document(p)


def _make_docx(path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("첫 번째 문단입니다.")
    d.add_paragraph("")  # spacing paragraphs in Word are not paragraphs of text
    p = d.add_paragraph("두 번째 ")
    p.add_run("문단").bold = True
    table = d.add_table(rows=1, cols=2)
    table.cell(0, 0).text = "표 안의 글"
    table.cell(0, 1).text = "옆 칸"
    d.add_paragraph("Last one.")
    d.save(str(path))


def test_docx(tmp_path: Path) -> None:
    p = tmp_path / "draft.docx"
    _make_docx(p)
    content, enc = read_document(p)
    assert enc == "docx"
    assert content == "첫 번째 문단입니다.\n\n두 번째 문단\n\n표 안의 글\n\n옆 칸\n\nLast one."
    text = load_text(p)
    assert text.language == "ko"
    assert [s.text for s in text.paragraphs][:2] == ["첫 번째 문단입니다.", "두 번째 문단"]
    assert text.encoding == "docx"


def test_truncated_docx(tmp_path: Path) -> None:
    good = tmp_path / "good.docx"
    _make_docx(good)
    bad = tmp_path / "bad.docx"
    bad.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    with pytest.raises(TextReadError, match=r"^bad\.docx: .*(damaged|not a valid)"):
        read_document(bad)


def test_zip_that_is_not_docx(tmp_path: Path) -> None:
    p = tmp_path / "archive.docx"
    with zipfile.ZipFile(p, "w") as zf:
        zf.writestr("hello.txt", "hi")
    with pytest.raises(TextReadError, match="not a Word document"):
        read_document(p)


def test_docx_with_broken_xml(tmp_path: Path) -> None:
    good = tmp_path / "good.docx"
    _make_docx(good)
    bad = tmp_path / "broken.docx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "word/document.xml":
                data = data[: len(data) // 2]
            dst.writestr(info, data)
    with pytest.raises(TextReadError, match="damaged"):
        read_document(bad)


def test_zip_bomb_refused(tmp_path: Path) -> None:
    # 40 MB of zeros deflates to about 40 KB: far past the allowed compression ratio.
    p = tmp_path / "bomb.docx"
    with zipfile.ZipFile(p, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", b"\x00" * (40 * 1024 * 1024))
    assert p.stat().st_size < 1024 * 1024
    with pytest.raises(TextReadError, match="zip bomb"):
        read_document(p)


def test_oversized_document_xml_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "MAX_DOCX_XML_BYTES", 1000)
    p = tmp_path / "large.docx"
    _make_docx(p)
    with pytest.raises(TextReadError, match="unreasonably large"):
        read_document(p)
